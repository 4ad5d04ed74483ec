#include "verifier/lazy/inter_strengthen.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "verifier/encoding/block_path.hpp"

namespace craig::verifier {

namespace {

using smt::Term;
using TermSet = std::unordered_set<Term, smt::TermHash>;

TermSet constants_of(const smt::TermManager& tm, Term f) {
    TermSet out, seen;
    std::vector<Term> todo{f};
    while (!todo.empty()) {
        const Term t = todo.back();
        todo.pop_back();
        if (!seen.insert(t).second) continue;
        if (tm.kind(t) == smt::Kind::Const) out.insert(t);
        for (Term c : tm.children(t)) todo.push_back(c);
    }
    return out;
}

// Branch-and-bound splits per justification query: an undecided query drops the candidate (sound:
// less is kept), where one hard integer query could otherwise take the whole budget.
constexpr std::uint64_t kJustificationBranchBudget = 1000;

smt::SolverOptions bounded(smt::SolverOptions o) {
    o.lia_branch_budget = kJustificationBranchBudget;
    return o;
}

class Strengthen {
public:
    Strengthen(const Procedures& ps, std::span<const Term> exit, const smt::SolverOptions& options,
               const base::Budget& budget)
        : ps_(ps), p_(*ps.plain), tm_(ps.plain->terms()), exit_(exit), budget_(budget), solver_(tm_, bounded(options)) {
        transitions();
    }

    // The fixed point on `cand` (in place); returns how many were dropped.
    std::size_t fixed_point(Candidates& cand);
    // Candidates carried backwards from the kept ones (those not in `known`, added to it).
    Candidates carry(const Candidates& kept, std::vector<std::vector<TermSet>>& known, std::size_t& added);

private:
    Term fresh(VarId v, const std::string& tag) const {
        return tm_.mk_const(tm_.fresh_fun(p_.vars[v].name + tag, {}, var_sort(tm_, p_.vars[v])));
    }
    void transitions();
    Term not_next(ProcId p, std::uint32_t l, const std::vector<Term>& disj) const;
    std::optional<Term> through_tail_call(ProcId p, std::uint32_t e, Term psi) const;

    const Procedures& ps_;
    const Program& p_;
    smt::TermManager& tm_;
    std::span<const Term> exit_;
    const base::Budget& budget_;
    smt::Solver solver_;
    // Per procedure edge: its transition over cur and next (the frame of the procedure's
    // variables included); for a call, the fresh constants of the callee's state and exit.
    std::vector<std::vector<Term>> step_;
    std::vector<std::vector<std::vector<Term>>> callee_cur_, callee_exit_;
    std::vector<std::vector<std::vector<std::uint32_t>>> outs_;  // per procedure and location
};

void Strengthen::transitions() {
    const std::size_t np = ps_.procs.size();
    step_.resize(np);
    callee_cur_.resize(np);
    callee_exit_.resize(np);
    outs_.resize(np);
    for (ProcId p = 0; p < np; ++p) {
        const Procedure& pr = ps_.procs[p];
        outs_[p].resize(pr.num_locs);
        for (std::uint32_t e = 0; e < pr.edges.size(); ++e) outs_[p][pr.edges[e].src].push_back(e);
        step_[p].resize(pr.edges.size());
        callee_cur_[p].resize(pr.edges.size());
        callee_exit_[p].resize(pr.edges.size());
        for (std::uint32_t e = 0; e < pr.edges.size(); ++e) {
            std::vector<Term> conj;
            std::vector<VarId> written;
            if (pr.call[e] != kNoCall) {
                const ProcCall& c = pr.calls[pr.call[e]];
                const Procedure& callee = ps_.procs[c.callee];
                const std::string tag = "@s" + std::to_string(p) + "." + std::to_string(e);
                for (VarId v : callee.vars) callee_cur_[p][e].push_back(fresh(v, tag));
                for (VarId r : callee.returns) callee_exit_[p][e].push_back(fresh(r, tag + "x"));
                for (std::size_t j = 0; j < callee.params.size(); ++j) {
                    const auto at = std::find(callee.vars.begin(), callee.vars.end(), callee.params[j]);
                    conj.push_back(
                        tm_.mk_eq(callee_cur_[p][e][static_cast<std::size_t>(at - callee.vars.begin())], c.args[j]));
                }
                for (std::size_t j = 0; j < c.results.size(); ++j)
                    conj.push_back(tm_.mk_eq(p_.vars[c.results[j]].next, callee_exit_[p][e][j]));
                written = c.results;
            } else {
                conj.push_back(pr.edges[e].formula);
                written = pr.edges[e].writes;
            }
            for (VarId v : pr.vars)
                if (std::find(written.begin(), written.end(), v) == written.end())
                    conj.push_back(tm_.mk_eq(p_.vars[v].next, p_.vars[v].cur));
            step_[p][e] = tm_.mk_and(conj);
        }
    }
}

// ¬D(l) of procedure p at the next constants (the exit constants stay).
Term Strengthen::not_next(ProcId p, std::uint32_t l, const std::vector<Term>& disj) const {
    const Procedure& pr = ps_.procs[p];
    if (l == pr.exit) {
        std::vector<Term> same;
        for (VarId r : pr.returns) same.push_back(tm_.mk_eq(exit_[r], p_.vars[r].next));
        return tm_.mk_and(same);
    }
    AuxRenaming m;
    for (VarId v : pr.vars) m[p_.vars[v].cur] = p_.vars[v].next;
    return tm_.mk_not(tm_.substitute(disj[l], m));
}

std::size_t Strengthen::fixed_point(Candidates& cand) {
    const std::size_t np = ps_.procs.size();
    std::vector<std::vector<Term>> flat(np);  // per procedure and location: D(l)
    for (ProcId p = 0; p < np; ++p)
        for (const auto& c : cand[p]) flat[p].push_back(tm_.mk_or(c));
    std::size_t dropped = 0;
    for (bool changed = true; changed && !budget_.exhausted();) {
        changed = false;
        for (ProcId p = 0; p < np; ++p) {
            const Procedure& pr = ps_.procs[p];
            for (std::uint32_t l = 0; l < pr.num_locs; ++l) {
                for (std::size_t i = 0; i < cand[p][l].size();) {
                    bool justified = true;
                    for (std::uint32_t e : outs_[p][l]) {
                        std::vector<Term> q{cand[p][l][i], step_[p][e], not_next(p, pr.edges[e].dst, flat[p])};
                        if (pr.call[e] != kNoCall) {
                            const ProcId c = pr.calls[pr.call[e]].callee;
                            const Procedure& callee = ps_.procs[c];
                            AuxRenaming m;
                            for (std::size_t j = 0; j < callee.vars.size(); ++j)
                                m[p_.vars[callee.vars[j]].cur] = callee_cur_[p][e][j];
                            for (std::size_t j = 0; j < callee.returns.size(); ++j)
                                m[exit_[callee.returns[j]]] = callee_exit_[p][e][j];
                            q.push_back(tm_.mk_not(tm_.substitute(flat[c][callee.entry], m)));
                        }
                        justified = solver_.check(q) == smt::Result::Unsat;
                        if (!justified) break;
                    }
                    if (justified) {
                        ++i;
                        continue;
                    }
                    ++dropped;
                    cand[p][l].erase(cand[p][l].begin() + static_cast<std::ptrdiff_t>(i));
                    flat[p][l] = tm_.mk_or(cand[p][l]);
                    changed = true;
                }
            }
        }
    }
    return dropped;
}

// A kept candidate ψ of the callee's entry over the tail call e of p (return location = p's
// exit): ψ with the callee's params as the call's arguments and its exit values as the exit
// values of the results; nullopt when ψ speaks of anything else.
std::optional<Term> Strengthen::through_tail_call(ProcId p, std::uint32_t e, Term psi) const {
    const Procedure& pr = ps_.procs[p];
    const ProcCall& c = pr.calls[pr.call[e]];
    const Procedure& callee = ps_.procs[c.callee];
    AuxRenaming m;
    for (std::size_t j = 0; j < callee.params.size(); ++j) m[p_.vars[callee.params[j]].cur] = c.args[j];
    for (std::size_t j = 0; j < callee.returns.size(); ++j) {
        if (std::find(pr.returns.begin(), pr.returns.end(), c.results[j]) == pr.returns.end()) {
            // A result that p does not return: ψ must not speak of it.
            m[exit_[callee.returns[j]]] = Term{};
            continue;
        }
        m[exit_[callee.returns[j]]] = exit_[c.results[j]];
    }
    for (Term k : constants_of(tm_, psi)) {
        const auto it = m.find(k);
        if (it == m.end() || !it->second.valid()) return std::nullopt;
    }
    return tm_.substitute(psi, m);
}

Candidates Strengthen::carry(const Candidates& kept, std::vector<std::vector<TermSet>>& known, std::size_t& added) {
    const std::size_t np = ps_.procs.size();
    Candidates out(np);
    for (ProcId p = 0; p < np; ++p) out[p].resize(ps_.procs[p].num_locs);
    auto add = [&](ProcId p, std::uint32_t l, Term psi) {
        if (known[p][l].insert(psi).second) {
            out[p][l].push_back(psi);
            ++added;
        }
    };
    for (ProcId p = 0; p < np; ++p) {
        const Procedure& pr = ps_.procs[p];
        // Backwards over the DAG (edges are sorted by the topological position of their source),
        // so a candidate travels over several edges in one pass.
        for (std::size_t i = pr.edges.size(); i-- > 0;) {
            const Edge& edge = pr.edges[i];
            const auto e = static_cast<std::uint32_t>(i);
            std::vector<Term> from(kept[p][edge.dst].begin(), kept[p][edge.dst].end());
            from.insert(from.end(), out[p][edge.dst].begin(), out[p][edge.dst].end());
            if (pr.call[e] != kNoCall && edge.dst == pr.exit) {
                const ProcId c = pr.calls[pr.call[e]].callee;
                for (Term psi : kept[c][ps_.procs[c].entry])
                    if (const std::optional<Term> t = through_tail_call(p, e, psi)) add(p, edge.src, *t);
                continue;
            }
            std::vector<VarId> written = pr.call[e] != kNoCall ? pr.calls[pr.call[e]].results : edge.writes;
            for (Term psi : from) {
                const TermSet ks = constants_of(tm_, psi);
                const bool untouched =
                    std::none_of(written.begin(), written.end(), [&](VarId w) { return ks.count(p_.vars[w].cur) > 0; });
                if (untouched) add(p, edge.src, psi);
            }
        }
    }
    return out;
}

}  // namespace

StrengthenResult strengthen_summaries(const Procedures& ps, std::span<const smt::Term> exit, Candidates candidates,
                                      const smt::SolverOptions& options, const base::Budget& budget,
                                      unsigned carry_passes) {
    Strengthen s(ps, exit, options, budget);
    StrengthenResult r;
    std::vector<std::vector<TermSet>> known(ps.procs.size());
    for (ProcId p = 0; p < ps.procs.size(); ++p) {
        known[p].resize(ps.procs[p].num_locs);
        for (std::uint32_t l = 0; l < ps.procs[p].num_locs; ++l)
            known[p][l].insert(candidates[p][l].begin(), candidates[p][l].end());
    }
    Candidates all = candidates;  // every candidate so far: each pass starts from all of them
    r.kept = candidates;
    r.dropped += s.fixed_point(r.kept);
    for (unsigned pass = 0; pass < carry_passes && !budget.exhausted(); ++pass) {
        std::size_t added = 0;
        const Candidates more = s.carry(r.kept, known, added);
        if (added == 0) break;
        r.carried += added;
        for (ProcId p = 0; p < ps.procs.size(); ++p)
            for (std::uint32_t l = 0; l < ps.procs[p].num_locs; ++l)
                all[p][l].insert(all[p][l].end(), more[p][l].begin(), more[p][l].end());
        r.kept = all;
        r.dropped += s.fixed_point(r.kept);
    }
    return r;
}

}  // namespace craig::verifier
