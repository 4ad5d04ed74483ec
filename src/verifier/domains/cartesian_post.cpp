#include "verifier/domains/cartesian_post.hpp"

#include <chrono>
#include <unordered_map>

#include "base/stopwatch.hpp"
#include "smt/solver.hpp"

namespace craig::verifier {

using smt::Term;

bool CartesianPost::post(EdgeId e, std::span<const Binding> in, std::span<const Term> literals,
                         std::span<const Term> targets, std::vector<std::uint8_t>& out) {
    const auto t0 = std::chrono::steady_clock::now();
    ++stats_.posts;
    smt::TermManager& tm = p_.terms();
    const Edge& edge = p_.edges[e];
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
    out.assign(targets.size(), 2);
    if (feasible == smt::Result::Unsat) {
        stats_.seconds += base::seconds_since(t0);
        return false;
    }
    std::unordered_map<Term, Term, smt::TermHash> to_next;
    for (VarId w : edge.writes) to_next.emplace(p_.vars[w].cur, p_.vars[w].next);
    for (std::size_t i = 0; i < targets.size() && feasible == smt::Result::Sat; ++i) {
        if (budget_.exhausted()) break;
        const Term after = tm.substitute(targets[i], to_next);
        const Term negated[1] = {tm.mk_not(after)};
        ++stats_.queries;
        if (s.check(negated) == smt::Result::Unsat) {
            out[i] = 1;
            continue;
        }
        const Term holds[1] = {after};
        ++stats_.queries;
        if (s.check(holds) == smt::Result::Unsat) out[i] = 0;
    }
    stats_.seconds += base::seconds_since(t0);
    return true;
}

}  // namespace craig::verifier
