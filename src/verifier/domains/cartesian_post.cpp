#include "verifier/domains/cartesian_post.hpp"

#include <algorithm>
#include <chrono>
#include <unordered_map>
#include <unordered_set>

#include "base/stopwatch.hpp"
#include "smt/solver.hpp"

namespace craig::verifier {

using smt::Term;

const std::vector<VarId>& CartesianPost::vars_of(Term t) {
    if (auto it = vars_.find(t); it != vars_.end()) return it->second;
    smt::TermManager& tm = p_.terms();
    std::vector<VarId> vs;
    std::vector<Term> stack{t};
    std::unordered_set<Term, smt::TermHash> seen;
    while (!stack.empty()) {
        const Term x = stack.back();
        stack.pop_back();
        if (!seen.insert(x).second) continue;
        if (tm.kind(x) == smt::Kind::Const)
            if (const VarId v = p_.var_of(x); v != UINT32_MAX) vs.push_back(v);
        for (Term c : tm.children(x)) stack.push_back(c);
    }
    std::sort(vs.begin(), vs.end());
    vs.erase(std::unique(vs.begin(), vs.end()), vs.end());
    return vars_.emplace(t, std::move(vs)).first->second;
}

bool CartesianPost::post(EdgeId e, std::span<const Binding> in, std::span<const Term> literals,
                         std::span<const Term> targets, std::vector<std::uint8_t>& out,
                         std::span<const Binding> after) {
    const auto t0 = std::chrono::steady_clock::now();
    ++stats_.posts;
    smt::TermManager& tm = p_.terms();
    const Edge& edge = p_.edges[e];
    out.assign(targets.size(), 2);
    auto written = [&](VarId v) { return std::binary_search(edge.writes.begin(), edge.writes.end(), v); };
    auto value_after = [&](VarId v) -> const Binding* {
        auto it = std::lower_bound(after.begin(), after.end(), v, [](const Binding& b, VarId x) { return b.var < x; });
        return it != after.end() && it->var == v ? &*it : nullptr;
    };
    // Without a solver where the answer is plain (most posts are over edges that touch no
    // predicate's variable; docs/results/code-measurements.md, cartesian-plain-posts):
    //  - a target the edge does not write keeps its literal's value (p or not p known before);
    //  - a target whose variables all have explicit values after the edge is evaluated.
    //  - with no literal sharing a variable with e's formula, a target over none of e's
    //    variables is what the literals said before e: unknown unless p or not p is one of them
    //    (the Cartesian abstraction forgets what the literals imply together; so does this).
    std::unordered_set<Term, smt::TermHash> known(literals.begin(), literals.end());
    const std::vector<VarId>& ev = vars_of(edge.formula);
    auto in_edge = [&](VarId v) { return std::binary_search(ev.begin(), ev.end(), v); };
    const bool coupled = std::any_of(literals.begin(), literals.end(), [&](Term l) {
        const std::vector<VarId>& lv = vars_of(l);
        return std::any_of(lv.begin(), lv.end(), in_edge);
    });
    std::size_t open = 0;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const std::vector<VarId>& vs = vars_of(targets[i]);
        if (std::none_of(vs.begin(), vs.end(), written)) {
            if (known.count(targets[i])) {
                out[i] = 1;
                continue;
            }
            if (known.count(tm.mk_not(targets[i]))) {
                out[i] = 0;
                continue;
            }
            if (!coupled && std::none_of(vs.begin(), vs.end(), in_edge)) continue;  // unknown
        }
        if (!vs.empty() && std::all_of(vs.begin(), vs.end(), value_after)) {
            std::unordered_map<Term, Term, smt::TermHash> values;
            for (VarId v : vs) {
                const Term cur = p_.vars[v].cur;
                values.emplace(cur, tm.mk_numeral(value_to_mpq(value_after(v)->value), tm.sort(cur)));
            }
            const Term r = tm.substitute(targets[i], values);
            if (r == tm.mk_true() || r == tm.mk_false()) {
                out[i] = r == tm.mk_true() ? 1 : 0;
                continue;
            }
        }
        ++open;
    }
    // The successor is feasible as far as the explicit values go (the caller's transfer did not
    // give ⊥); the literals can only refute it through a variable the edge mentions. Assuming it
    // feasible otherwise over-approximates the edge, which is sound.
    if (open == 0 && !coupled) {
        ++stats_.shortcuts;
        stats_.seconds += base::seconds_since(t0);
        return true;
    }
    std::vector<Term> pre{edge.formula};
    for (const Binding& b : in) {
        const Term cur = p_.vars[b.var].cur;
        pre.push_back(tm.mk_eq(cur, tm.mk_numeral(value_to_mpq(b.value), tm.sort(cur))));
    }
    pre.insert(pre.end(), literals.begin(), literals.end());
    smt::SolverOptions so;
    so.deadline = budget_.deadline();
    so.lia_branch_budget = kBranchBudget;
    smt::Solver s(tm, so);
    s.assert_formula(tm.mk_and(pre));
    ++stats_.queries;
    const smt::Result feasible = s.check();
    if (feasible == smt::Result::Unsat) {
        stats_.seconds += base::seconds_since(t0);
        return false;
    }
    std::unordered_map<Term, Term, smt::TermHash> to_next;
    for (VarId w : edge.writes) to_next.emplace(p_.vars[w].cur, p_.vars[w].next);
    for (std::size_t i = 0; i < targets.size() && feasible == smt::Result::Sat; ++i) {
        if (out[i] != 2) continue;
        if (budget_.exhausted()) break;
        const Term after_edge = tm.substitute(targets[i], to_next);
        const Term negated[1] = {tm.mk_not(after_edge)};
        ++stats_.queries;
        if (s.check(negated) == smt::Result::Unsat) {
            out[i] = 1;
            continue;
        }
        const Term holds[1] = {after_edge};
        ++stats_.queries;
        if (s.check(holds) == smt::Result::Unsat) out[i] = 0;
    }
    stats_.seconds += base::seconds_since(t0);
    return true;
}

}  // namespace craig::verifier
