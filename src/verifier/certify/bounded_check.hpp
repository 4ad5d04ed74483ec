// Independent check of a bounded safety certificate (Certificate::complete_bound = k, from
// bmc): with a fresh solver, its own unrolling (encoding/unrolling.hpp) and its own operator
// instances, every execution of k steps is refuted at the error location at each step 0..k,
// at the truncated location, and alive at step k (a location with outgoing edges still
// reachable). All unsat: no execution reaches the error, because none is longer than k.
// Outcomes as check_invariants (invariant_check.hpp).
#pragma once

#include "smt/solver.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

InvariantCheck check_complete_unrolling(const Program& p, unsigned k, const smt::SolverOptions& solver_options,
                                        unsigned operator_rounds = 100);

}  // namespace craig::verifier
