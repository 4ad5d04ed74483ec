// Independent check of a k-induction certificate (Certificate::KInduction, from engine kind),
// with fresh solvers and encodings of its own, nothing of the engine:
//   auxiliary    the invariant map is inductive: initiation and consecution as
//                check_invariants (invariant_check.hpp), safety not required;
//   base case    no path of 0..k-1 edges from the entry reaches the error or the truncated
//                location (the unrolling of encoding/unrolling.hpp, as bounded_check.hpp);
//   step case    no path of k edges from any state whose states satisfy the invariant map
//                (pairwise distinct with simple_path) ends at either
//                (encoding/induction_window.hpp).
// All hold: a shortest path to the error has pairwise distinct states, all reachable, so
// they satisfy the inductive map; if it has fewer than k edges the base case refutes it,
// otherwise its last k edges are a path the step case refutes. Outcomes as check_invariants;
// k = 0 or a map of the wrong size is Invalid.
#pragma once

#include "smt/solver.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

InvariantCheck check_k_induction(const Program& p, const Certificate::KInduction& c,
                                 const smt::SolverOptions& solver_options, unsigned operator_rounds = 100);

}  // namespace craig::verifier
