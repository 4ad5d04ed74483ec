#include "verifier/encoding/unrolling.hpp"

#include "smt/solver.hpp"

namespace craig::verifier {

using smt::Term;

Unrolling::Unrolling(const Program& p, Start start) : p_(p), tm_(p.terms()), start_(start) {
    values_.push_back(fresh_state(0));
    std::vector<Term> r(p.locs.size());
    if (start == Start::Entry) {
        r[p.entry] = tm_.mk_true();
    } else {
        for (LocId l = 0; l < p.locs.size(); ++l)
            if (l != p.error && l != p.truncated)
                r[l] = tm_.mk_const(tm_.fresh_fun("R0_" + std::to_string(l), {}, smt::SortTable::Bool));
    }
    reach_.push_back(std::move(r));
}

std::vector<Term> Unrolling::fresh_state(unsigned k) {
    std::vector<Term> s;
    for (const auto& v : p_.vars)
        s.push_back(tm_.mk_const(tm_.fresh_fun(v.name + "@" + std::to_string(k), {}, var_sort(tm_, v))));
    return s;
}

std::vector<Term> Unrolling::extend() {
    const unsigned k = depth();
    values_.push_back(fresh_state(k + 1));
    std::vector<Term> out;
    std::vector<std::vector<Term>> incoming(p_.locs.size());
    std::vector<Term> flags(p_.edges.size());
    renamed_.emplace_back(p_.edges.size());
    for (EdgeId e = 0; e < p_.edges.size(); ++e) {
        const Edge& edge = p_.edges[e];
        const Term r = reach_[k][edge.src];
        if (!r.valid() || (start_ == Start::Anywhere && edge.src == p_.truncated)) continue;
        AuxRenaming ren;
        const Term f = instantiate(p_, edge, values_[k], values_[k + 1], "#" + std::to_string(k), true, &ren);
        const Term t =
            tm_.mk_const(tm_.fresh_fun("T" + std::to_string(k) + "_" + std::to_string(e), {}, smt::SortTable::Bool));
        out.push_back(tm_.mk_implies(t, tm_.mk_and(r, f)));
        incoming[edge.dst].push_back(t);
        flags[e] = t;
        renamed_.back()[e] = std::move(ren);
    }
    std::vector<Term> r(p_.locs.size());
    for (LocId l = 0; l < p_.locs.size(); ++l) {
        if (incoming[l].empty()) continue;
        r[l] = tm_.mk_const(
            tm_.fresh_fun("R" + std::to_string(k + 1) + "_" + std::to_string(l), {}, smt::SortTable::Bool));
        out.push_back(tm_.mk_implies(r[l], tm_.mk_or(incoming[l])));
    }
    reach_.push_back(std::move(r));
    edge_flags_.push_back(std::move(flags));
    return out;
}

Term Unrolling::alive(unsigned k) const {
    std::vector<Term> alive;
    for (LocId l = 0; l < p_.locs.size(); ++l)
        if (l != p_.truncated && reach_[k][l].valid() && !p_.out(l).empty()) alive.push_back(reach_[k][l]);
    return tm_.mk_or(alive);
}

Term Unrolling::truncated_reached(unsigned k) const {
    std::vector<Term> at;
    if (p_.truncated != kNoLoc)
        for (unsigned i = 0; i <= k; ++i)
            if (reach_[i][p_.truncated].valid()) at.push_back(reach_[i][p_.truncated]);
    return tm_.mk_or(at);
}

Term Unrolling::error_reached(unsigned k) const {
    std::vector<Term> at;
    for (unsigned i = 0; i <= k; ++i)
        if (reach_[i][p_.error].valid()) at.push_back(reach_[i][p_.error]);
    return tm_.mk_or(at);
}

namespace {

bool is_true(const smt::Model& m, Term t) {
    if (!t.valid()) return false;
    const smt::Value v = m.evaluate(t);
    return v.type == smt::Value::Type::Bool && v.b;
}

}  // namespace

Counterexample Unrolling::counterexample(unsigned k, const smt::Model& m) const {
    std::vector<EdgeId> path(k);
    std::vector<AuxRenaming> renamed(k);
    LocId at = p_.error;
    for (unsigned i = k; i-- > 0;) {
        EdgeId chosen = UINT32_MAX;
        for (EdgeId e : p_.in(at))
            if (is_true(m, edge_flags_[i][e]) && is_true(m, reach_[i][p_.edges[e].src])) {
                chosen = e;
                break;
            }
        if (chosen == UINT32_MAX) throw smt::CheckFailure("counterexample: no edge taken into a reached location");
        path[i] = chosen;
        renamed[i] = renamed_[i][chosen];
        at = p_.edges[chosen].src;
    }
    return block_path_counterexample(p_, path, renamed, m);
}

}  // namespace craig::verifier
