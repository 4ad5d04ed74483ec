#include "verifier/certify/invariant_check.hpp"

#include <unordered_map>

#include "verifier/program/cur_next.hpp"
#include "verifier/encoding/exact_check.hpp"

namespace craig::verifier {

namespace {

std::string where(const Program& p, LocId l) {
    const LocProvenance& loc = p.loc_origin(l);
    return "location " + std::to_string(l) + " (" + loc.loc.str() + " " + loc.function + ")";
}

}  // namespace

bool discharge(InvariantCheck& out, smt::TermManager& tm, smt::Term f, const std::string& condition,
               const smt::SolverOptions& so, unsigned rounds) {
    ++out.queries;
    smt::Solver s(tm, so);
    OperatorRefinement ops(tm);
    ops.scan(f);
    s.assert_formula(f);
    const smt::Result r = exact_check(s, ops, {}, rounds).result;
    if (r == smt::Result::Unsat) return true;
    out.outcome = r == smt::Result::Sat ? InvariantOutcome::Invalid : InvariantOutcome::Inconclusive;
    out.why = condition + (r == smt::Result::Sat ? " does not hold" : " is undecided");
    return false;
}

InvariantCheck check_invariants(const Program& p, std::span<const smt::Term> inv, const smt::SolverOptions& so,
                                unsigned rounds, Safety safety) {
    smt::TermManager& tm = p.terms();
    InvariantCheck out;
    if (inv.size() != p.locs.size()) {
        out.outcome = InvariantOutcome::Invalid;
        out.why = "the map has " + std::to_string(inv.size()) + " entries for " + std::to_string(p.locs.size()) +
                  " locations";
        return out;
    }
    // Returns false when the check is over (out is set).
    auto unsat = [&](smt::Term f, const std::string& condition) {
        return discharge(out, tm, f, condition, so, rounds);
    };
    if (!unsat(tm.mk_not(inv[p.entry]), "initiation at " + where(p, p.entry))) return out;
    if (safety == Safety::Required && !unsat(inv[p.error], "safety at the error " + where(p, p.error))) return out;
    if (safety == Safety::Required && p.truncated != kNoLoc &&
        !unsat(inv[p.truncated], "safety at the truncated " + where(p, p.truncated)))
        return out;
    const CurNext cn = cur_next(p);
    for (EdgeId e = 0; e < p.edges.size(); ++e) {
        const Edge& edge = p.edges[e];
        const smt::Term pre = inv[edge.src];
        if (pre == tm.mk_false()) continue;
        const smt::Term step = instantiate(p, edge, cn.cur, cn.next, "#inv", true, nullptr);
        const smt::Term post = tm.substitute(inv[edge.dst], cn.to_next);
        const smt::Term q[3] = {pre, step, tm.mk_not(post)};
        if (!unsat(tm.mk_and(q), "consecution along edge " + std::to_string(e) + " from " + where(p, edge.src) +
                                     " to " + where(p, edge.dst)))
            return out;
    }
    return out;
}

}  // namespace craig::verifier
