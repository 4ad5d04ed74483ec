// The contracts of an interprocedural TRUE verdict (whale: per procedure a guard over its
// parameters and a summary over its parameters and returns, checked by certify/contracts.hpp)
// as location invariants of a correctness witness.
//
// The YAML witness format 2.0 (and 2.1) has loop and location invariants but no function
// contracts, so a contract {G} f {S} of a C function f is stated where C can say it:
//   entry   at the first statement of f's body: G (left out when it is true);
//   return  at each `return e;` of f: S with the return value replaced by `(e)`, a parameter
//           by its C name, a global's value at return by its name, the error flag by 0 (a
//           return is reached only without error), written `!(G) || (S)` when G is not true.
// The return invariant holds because the parameters keep their entry values (it is left out
// when S mentions a parameter f assigns, or the entry value of a global f may write), and e
// is evaluated right after (left out when e has side effects). Loop procedures' contracts
// (f@LINE:COL) and main's contract (no error) are not written: their statements are not
// C-expressible at one statement. Left-out entries carry the reason.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "verifier/program/procedures.hpp"
#include "verifier/witness/witness_invariants.hpp"

namespace craig::verifier {

// `contracts` is parallel to ps.procs (Certificate::contracts). Only statements located in
// `program_file` are used. Invariants come back in source order with `location` set.
WitnessInvariants witness_contracts(const frontend::TranslationUnit& tu, const Procedures& ps,
                                    const std::vector<Contract>& contracts, const std::string& program_file);

}  // namespace craig::verifier
