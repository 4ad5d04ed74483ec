// Invariants as C expressions that mean exactly what the formula means, for correctness
// witnesses (a validator evaluates them with C semantics; term_to_c.hpp is for reading).
//
// The formula is over a Program's cur constants, read as mathematical integers. Each
// comparison is printed with only positive coefficients on both sides (x - y <= 3 becomes
// `x <= y + 3`) in the first C type in which every operand, every product and every
// partial sum is representable, assuming each variable holds a value of its C type:
//   int        when every variable promotes to int: `2*x <= y + 3`
//   long long  `2LL * (long long)x <= (long long)y + 3LL`
//   unsigned long long (all variables unsigned) `(unsigned long long)x <= 5ULL`
// so no evaluation overflows or wraps and the C value is the mathematical one. A
// comparison over an integer if-then-else becomes a Boolean one (c ? a <= r : b <= r); a
// congruence (mod x g) = r with numerals becomes `x % g == r || x % g == r - g` (C's %
// truncates). Anything else (uninterpreted C operators, other div/mod, non-program constants,
// a variable `name` refuses (over the cur constants only), coefficients too large for every type) makes the result empty,
// with `why`.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "verifier/program/program.hpp"

namespace craig::verifier {

// The C text of variable v at the place of the invariant, or nothing when v cannot be
// named there (out of scope, a temporary, another function's instance).
using VariableName = std::function<std::optional<std::string>(VarId)>;

std::optional<std::string> exact_c_expression(const Program& p, smt::Term formula, const VariableName& name,
                                              std::string* why = nullptr);

// The C text of a constant of a program variable (its cur or its next constant) at the place of
// the formula, or nothing when it cannot be named there. For formulas over both (contracts:
// `x` at entry, `x'` at return), which exact_c_expression_over prints with the same exactness.
using ConstantName = std::function<std::optional<std::string>(smt::Term)>;

// C: evaluated as C evaluates it (the casts above); Mathematical: over the mathematical integers,
// as ACSL reads its annotations (no casts or suffixes; for contracts printed for reading).
enum class Arithmetic { C, Mathematical };

std::optional<std::string> exact_c_expression_over(const Program& p, smt::Term formula, const ConstantName& name,
                                                   std::string* why = nullptr, Arithmetic arithmetic = Arithmetic::C);

}  // namespace craig::verifier
