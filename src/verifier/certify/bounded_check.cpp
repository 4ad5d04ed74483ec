#include "verifier/certify/bounded_check.hpp"

#include <chrono>

#include "verifier/encoding/exact_check.hpp"
#include "verifier/encoding/unrolling.hpp"

namespace craig::verifier {

InvariantCheck check_unrolled(smt::TermManager& tm, const std::vector<smt::Term>& initial, unsigned steps,
                              const std::function<std::vector<smt::Term>()>& extend,
                              const std::function<std::vector<BoundedQuery>()>& queries, const smt::SolverOptions& so,
                              unsigned rounds) {
    InvariantCheck out;
    smt::Solver s(tm, so);
    OperatorRefinement operators(tm);
    auto assert_all = [&](const std::vector<smt::Term>& fs) {
        for (const smt::Term f : fs) {
            operators.scan(f);
            s.assert_formula(f);
        }
    };
    assert_all(initial);
    for (unsigned i = 0; i < steps; ++i) {
        // A deep bound takes long to build: the clock is looked at per step, not only by the
        // solver's checks.
        if (so.deadline && std::chrono::steady_clock::now() > *so.deadline) {
            out.outcome = InvariantOutcome::Inconclusive;
            out.why = "timeout while unrolling " + std::to_string(steps) + " steps (at step " + std::to_string(i) + ")";
            return out;
        }
        assert_all(extend());
    }
    for (const BoundedQuery& q : queries()) {
        if (q.formula == tm.mk_false()) continue;
        ++out.queries;
        const smt::Term a[1] = {q.formula};
        const smt::Result r = exact_check(s, operators, a, rounds).result;
        if (r == smt::Result::Unsat) continue;
        out.outcome = r == smt::Result::Sat ? InvariantOutcome::Invalid : InvariantOutcome::Inconclusive;
        out.why = r == smt::Result::Sat ? q.what : "whether " + q.what + " is undecided";
        return out;
    }
    return out;
}

InvariantCheck check_complete_unrolling(const Program& p, unsigned k, const smt::SolverOptions& so, unsigned rounds) {
    Unrolling u(p);
    return check_unrolled(
        p.terms(), {}, k, [&] { return u.extend(); },
        [&] {
            return std::vector<BoundedQuery>{
                {u.error_reached(k), "the error is reached within " + std::to_string(k) + " steps"},
                {u.truncated_reached(k), "the recursion bound is reached within " + std::to_string(k) + " steps"},
                {u.alive(k), "an execution is longer than " + std::to_string(k) + " steps"},
            };
        },
        so, rounds);
}

}  // namespace craig::verifier
