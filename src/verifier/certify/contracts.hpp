// Independent check of procedure contracts (the certificate of an interprocedural TRUE verdict):
// per procedure of the procedural model (program/procedures.hpp) a guard over the cur constants
// of its params and a summary over the cur constants of its params and the next constants of its
// returns, meaning: an activation entered with its params in the guard that returns, returns in
// the summary (partial correctness; the guard is a hypothesis, callers need not establish it).
// Hoare's rule for mutual recursion, with fresh solvers and nothing of the engine:
//   body     for every procedure P: G_P(entry) ∧ (P's body from entry to exit, each call k of
//            callee C replaced by G_C(args_k) → S_C(args_k, results_k)) ∧ ¬S_P is unsat;
//   main     G_main is valid, and S_main implies that the error flag is 0 at main's exit.
// Induction on the depth of activations makes every returning activation entered in its guard
// return in its summary (a call outside its callee's guard is unconstrained, as the real one
// may be), so main never returns with the error flag set: the error location is unreachable.
// A contract whose callers do establish the guard ({G} P {S} with call obligations) is the
// contract {true} P {G → S} here.
// With `require_safety` false the main conditions are skipped: the body conditions alone make
// every contract hold of every returning activation, which is what callee summaries used in
// place of inlined calls need (--use-summaries, callee_summaries.hpp). `failed` receives the
// procedure whose body condition failed or was undecided.
// Queries are exact for the C operators as in invariant_check.hpp. Invalid: a query is
// satisfiable or a contract mentions other constants; Inconclusive: a query was unknown.
#pragma once

#include <span>

#include "smt/solver.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::verifier {

InvariantCheck check_contracts(const Procedures& ps, std::span<const Contract> contracts,
                               const smt::SolverOptions& solver_options, unsigned operator_rounds = 100,
                               bool require_safety = true, ProcId* failed = nullptr);

}  // namespace craig::verifier
