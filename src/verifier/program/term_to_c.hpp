// Prints a formula over a Program's cur constants as a C expression, for invariants
// shown to users (`craig verify --invariants`). Covers what labels of the verifier's
// engines consist of: Boolean connectives, comparisons, linear integer arithmetic and the
// uninterpreted C operators of the lowering (c.mul is printed `*`, ...). A variable is
// printed by its C name unless two program variables share it (inlined instances,
// temporaries), then by its unique program name ("f#2::n"). Anything else (div, mod,
// other symbols) is printed in SMT-LIB inside a C comment, so the output is never a
// silently wrong expression.
#pragma once

#include <string>

#include "verifier/program/program.hpp"

namespace craig::verifier {

std::string term_to_c(const Program& p, smt::Term t);
// The same as C sees it at location l: globals and the variables of l's function instance by
// their C names (unless two of them share one); any other variable (a caller's, an inlined
// callee's, a temporary) by its unique program name.
std::string term_to_c_at(const Program& p, LocId l, smt::Term t);

}  // namespace craig::verifier
