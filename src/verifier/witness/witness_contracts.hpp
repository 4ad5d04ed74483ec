// The contracts of an interprocedural TRUE verdict (whale: per procedure a guard over its
// parameters and a summary over its parameters and returns, checked by certify/contracts.hpp)
// as location invariants of a correctness witness.
//
// The YAML witness format 2.0 (and 2.1) has loop and location invariants but no function
// contracts. A contract {G} f {S} of a C function f (entered in G, f returns in S; G is a
// hypothesis, not established by callers) is stated where C can say it: at each `return e;` of
// f, `!(G) || (S)` (just S when G is true) with the return value replaced by `(e)`, a
// parameter by its C name, a global's value at return by its name and the error flag by 0 (a
// return is reached only without error). This holds because the parameters keep their entry
// values (left out when the contract mentions a parameter f assigns, or the entry value of a
// global f may write) and e is evaluated right after (left out when e has side effects).
// Both are simplified first (readable_formula.hpp; equivalent over the C types' ranges).
// Loop procedures' contracts (f@LINE:COL) and main's (no error) are not written: they are not
// C-expressible at one statement. Left-out statements carry the reason.
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
