// Independent check of procedure contracts (the certificate of an interprocedural TRUE verdict):
// per procedure of the procedural model (program/procedures.hpp) a guard over the cur constants
// of its params and a summary over the cur constants of its params and the next constants of its
// returns. Hoare's rule for mutual recursion, with fresh solvers and nothing of the engine:
//   body     for every procedure P: G_P(entry) ∧ (P's body from entry to exit, each call replaced
//            by its callee's summary over the call's arguments and results) ∧ ¬S_P is unsat;
//   calls    for every call in P: G_P(entry) ∧ (the body from the entry to the call, earlier calls
//            replaced by summaries) ∧ ¬G_callee(arguments) is unsat;
//   main     G_main is valid, and S_main implies that the error flag is 0 at main's exit.
// Induction on the depth of activations makes every activation entered in its guard return in its
// summary, so main never returns with the error flag set: the error location is unreachable.
// Queries are exact for the C operators as in invariant_check.hpp. Invalid: a query is
// satisfiable or a contract mentions other constants; Inconclusive: a query was unknown.
#pragma once

#include <span>

#include "smt/solver.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::verifier {

InvariantCheck check_contracts(const Procedures& ps, std::span<const Contract> contracts,
                               const smt::SolverOptions& solver_options, unsigned operator_rounds = 100);

}  // namespace craig::verifier
