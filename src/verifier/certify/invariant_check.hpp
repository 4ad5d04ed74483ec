// Independent check of a safety certificate: one formula per location of a Program
// (inv[l] over the cur constants) that is an inductive invariant proving the error
// location unreachable. Uses fresh solvers and nothing of the engine that found it:
//   initiation   inv[entry] is valid;
//   consecution  for every edge e: l -> m,  inv[l] ∧ formula(e) with its frame ⊨ inv[m][next];
//   safety       inv[error] and inv[truncated] (when the program has one) are unsat.
// A query whose model gives an uninterpreted C operator (c.mul, ...) a value C would not
// compute is refined with valid instances (operator_refinement.hpp) before it counts, so
// an invariant that holds for C but not for every interpretation of the operators still
// checks. Invalid: a query is satisfiable (the map is not an inductive safety invariant);
// Inconclusive: a query was unknown (deadline, integer budget, refinement rounds).
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "smt/solver.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

enum class InvariantOutcome { Valid, Invalid, Inconclusive };

struct InvariantCheck {
    InvariantOutcome outcome = InvariantOutcome::Valid;
    std::string why;  // the failed or undecided condition
    unsigned queries = 0;
};

// One proof obligation of a certificate check (also the contract check's): `f` must be unsat for
// the C operators, in a fresh solver. Counts the query; on Sat or Unknown sets out.outcome and
// out.why ("CONDITION does not hold" / "is undecided") and returns false.
bool discharge(InvariantCheck& out, smt::TermManager& tm, smt::Term f, const std::string& condition,
               const smt::SolverOptions& solver_options, unsigned operator_rounds);

enum class Safety : std::uint8_t { Required, NotRequired };

// Safety::NotRequired checks initiation and consecution only: an inductive invariant map that
// need not exclude the error (k-induction's auxiliary invariants, kinduction_check.hpp).
InvariantCheck check_invariants(const Program& p, std::span<const smt::Term> inv,
                                const smt::SolverOptions& solver_options, unsigned operator_rounds = 100,
                                Safety safety = Safety::Required);

}  // namespace craig::verifier
