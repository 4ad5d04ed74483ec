// Independent check of a bounded interprocedural certificate (Certificate::unwound, from the
// engine `summaries`): the gate builds its own procedural model of the plain program with the
// certificate's error codes (procedures.hpp), inlines every call precisely (each activation a
// fresh copy of its body, encoding/procedure_body.hpp; a call of a procedure already active
// `unwinding` times on the call path stops with flag kUnwindingCode = 1), and refutes, with a
// fresh solver, main ending with its flag in `refuted`. Nothing of the engine is used: no call
// tree, no summaries. Outcomes as check_invariants (invariant_check.hpp); a tree of more than
// `max_activations` activations is Inconclusive.
#pragma once

#include <cstdint>

#include "smt/solver.hpp"
#include "verifier/certify/invariant_check.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

InvariantCheck check_unwound(const Program& plain, const Certificate::Unwound& certificate,
                             const smt::SolverOptions& solver_options, unsigned operator_rounds = 100,
                             std::uint32_t max_activations = 200000);

}  // namespace craig::verifier
