#include "verifier/certify/bounded_check.hpp"

#include <chrono>

#include "verifier/encoding/exact_check.hpp"
#include "verifier/encoding/unrolling.hpp"

namespace craig::verifier {

InvariantCheck check_complete_unrolling(const Program& p, unsigned k, const smt::SolverOptions& so, unsigned rounds) {
    InvariantCheck out;
    Unrolling u(p);
    smt::Solver s(p.terms(), so);
    OperatorRefinement operators(p.terms());
    for (unsigned i = 0; i < k; ++i) {
        // A deep bound takes long to build: the clock is looked at per step, not only by the
        // solver's checks.
        if (so.deadline && std::chrono::steady_clock::now() > *so.deadline) {
            out.outcome = InvariantOutcome::Inconclusive;
            out.why = "timeout while unrolling " + std::to_string(k) + " steps (at step " + std::to_string(i) + ")";
            return out;
        }
        for (const smt::Term f : u.extend()) {
            operators.scan(f);
            s.assert_formula(f);
        }
    }
    const std::pair<smt::Term, std::string> bad[] = {
        {u.error_reached(k), "the error is reached within " + std::to_string(k) + " steps"},
        {u.truncated_reached(k), "the recursion bound is reached within " + std::to_string(k) + " steps"},
        {u.alive(k), "an execution is longer than " + std::to_string(k) + " steps"},
    };
    for (const auto& [b, what] : bad) {
        if (b == p.terms().mk_false()) continue;
        ++out.queries;
        const smt::Term a[1] = {b};
        const smt::Result r = exact_check(s, operators, a, rounds).result;
        if (r == smt::Result::Unsat) continue;
        out.outcome = r == smt::Result::Sat ? InvariantOutcome::Invalid : InvariantOutcome::Inconclusive;
        out.why = r == smt::Result::Sat ? what : "whether " + what + " is undecided";
        return out;
    }
    return out;
}

}  // namespace craig::verifier
