// Sat answers of Horn problems: a model, one formula per predicate over its parameters, and its
// check with fresh solvers: for every clause, body interpretations ∧ constraint ∧ ¬head
// interpretation (no negated head for a query) must be unsatisfiable.
//
// model_from_invariants reads the model off an invariant map of the large-block program that the
// certification gate accepted (to_program.hpp explains why the invariant at a predicate's location
// speaks about that predicate's arguments: other variables are havocked on every edge into it, so
// fixing them to 0 / false keeps an inductive map inductive). Predicates whose location the
// large-block program dropped (unreachable from the facts) are false. check_model does not
// trust that reading: it checks the clauses themselves. model_from_contracts does the same for
// whale's contracts.
#pragma once

#include <iosfwd>
#include <span>
#include <string>

#include "chc/to_procedures.hpp"
#include "chc/to_program.hpp"
#include "smt/solver.hpp"

namespace craig::chc {

struct ChcModel {
    std::vector<smt::Term> interp;               // per predicate, over params
    std::vector<std::vector<smt::Term>> params;  // per predicate: one constant per argument
};

ChcModel model_from_invariants(const ChcProgram& cp, const verifier::Program& blocks,
                               std::span<const smt::Term> invariants);

// The model of checked procedure contracts (to_procedures.hpp): predicate p is its procedure's
// contract {G} p {S} as G → S, over the returns (S's next constants renamed to the cur ones).
ChcModel model_from_contracts(const ChcProcedures& cp, std::span<const verifier::Contract> contracts);

enum class ModelOutcome { Valid, Invalid, Inconclusive };

struct ModelCheck {
    ModelOutcome outcome = ModelOutcome::Valid;
    std::string why;
    unsigned queries = 0;
};

ModelCheck check_model(smt::TermManager& tm, const ChcSystem& sys, const ChcModel& model,
                       const smt::SolverOptions& options);

// (define-fun P ((real0 Real) ...) Bool FORMULA) per predicate, as CHC-COMP prints models.
void print_model(std::ostream& out, const smt::TermManager& tm, const ChcSystem& sys, const ChcModel& model);

}  // namespace craig::chc
