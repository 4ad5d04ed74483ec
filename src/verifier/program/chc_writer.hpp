// A program as linear constrained Horn clauses in CHC-COMP's format (SMT-LIB, logic HORN): what
// `craig verify --emit-chc` writes, so that any CHC solver (z3/Spacer, Golem, Eldarica, craig chc)
// can check craig's encoding of a C program.
//
// One predicate `loc!L` per location except entry, error and exit, over all program variables
// (their cur values, in variable order). Each edge e: l -> m is one clause
//   (forall (cur vars, next of written vars, aux) (=> (and (loc!l cur) formula(e)) (loc!m post)))
// where post is next for written variables and cur for the others (the frame); edges from entry
// have no body application, edges to error have head false, edges to exit are left out (exit has
// no successors). The clauses are exactly the program's transition relation (C's wrap-around as
// the lowering encodes it), so the system is satisfiable iff the error location is unreachable in
// the program. Refused (nothing written, `why` set): a formula with an uninterpreted function
// (C operators between two variables, c.mul, ...), which HORN logic does not have, and a program
// with approximations (recursion cut at a bound: the clauses would under-approximate C).
#pragma once

#include <iosfwd>
#include <string>

#include "verifier/program/program.hpp"

namespace craig::verifier {

// Writes the clauses to `out` and returns true, or returns false with `why` (nothing written).
bool write_chc(std::ostream& out, const Program& p, const std::string& source, std::string& why);

}  // namespace craig::verifier
