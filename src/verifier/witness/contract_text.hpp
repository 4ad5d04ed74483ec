// The contracts of an interprocedural TRUE verdict (whale: per procedure a guard and a summary,
// checked by certify/contracts.hpp) as C expressions a person reads, in the notation of ACSL
// (Frama-C) that CPAchecker's and Ultimate's contract outputs share:
//
//   f: requires x >= 0; ensures \result >= x + 3
//
// In `ensures`, \result is the function's return value, a global `g` its value at return and
// \old(g) its value at entry, a parameter `x` its value at entry (as in ACSL, where a formal in a
// postcondition denotes its value in the pre-state); \error is the error flag at return (1:
// reach_error was called). A loop procedure (f@LINE:COL) runs f from the loop's head to its
// return (procedures.hpp): \old(x) is any variable x at the head. Arithmetic is over the
// mathematical integers, as in ACSL. Names are the C names valid there (a loop procedure: those
// C resolves at its loop statement, or at a loop made by goto f's own variables whose C name no
// other of them has; a function: the same, and the globals).
// Both formulas are simplified (readable_formula.hpp; equivalent over the C types' ranges).
// Nothing, with `why`, when a constant has no C name there or a part has no exact C form.
#pragma once

#include <optional>
#include <string>

#include "verifier/program/procedures.hpp"
#include "verifier/witness/scope_scan.hpp"

namespace craig::verifier {

struct ContractText {
    std::string requires_clause;
    std::string ensures_clause;
};

std::optional<ContractText> contract_text(const ScopeScan& scan, const Procedures& ps, ProcId proc,
                                          const Contract& contract, std::string* why);

}  // namespace craig::verifier
