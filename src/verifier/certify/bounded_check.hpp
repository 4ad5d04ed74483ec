// Independent check of a bounded safety certificate (Certificate::complete_bound = k, from
// bmc): with a fresh solver, its own unrolling (encoding/unrolling.hpp) and its own operator
// instances, every execution of k steps is refuted at the error location at each step 0..k,
// at the truncated location, and alive at step k (a location with outgoing edges still
// reachable). All unsat: no execution reaches the error, because none is longer than k.
// Outcomes as check_invariants (invariant_check.hpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "smt/solver.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

InvariantCheck check_complete_unrolling(const Program& p, unsigned k, const smt::SolverOptions& solver_options,
                                        unsigned operator_rounds = 100);

// One query of a bounded check: `formula` must be unsat (false: nothing to check).
struct BoundedQuery {
    smt::Term formula;
    std::string what;  // what a model of it would mean ("the error is reached within 3 steps")
};

// The loop of the bounded checks (this one and kinduction_check.hpp): in a fresh solver,
// `initial` and `steps` results of `extend` asserted (operators scanned, the deadline looked
// at per step), then every query of `queries()` refuted in order for the C operators.
InvariantCheck check_unrolled(smt::TermManager& tm, const std::vector<smt::Term>& initial, unsigned steps,
                              const std::function<std::vector<smt::Term>()>& extend,
                              const std::function<std::vector<BoundedQuery>()>& queries,
                              const smt::SolverOptions& solver_options, unsigned operator_rounds);

}  // namespace craig::verifier
