#pragma once
// Definitions of the integer operations the linear layer can decide: (div x k) and (mod x k)
// with a numeral k != 0, (abs x) and (to_int x). The term layer keeps them as opaque atoms (the
// simplex sees a variable); their defining formulas, valid in every model, pin the variable
// down (SMT-LIB Ints and Reals theories):
//   q = (div x k):  0 <= x - k·q <= |k| - 1            (x = k·q + r with 0 <= r < |k|)
//   r = (mod x k):  x = k·(div x k) + r,  0 <= r <= |k| - 1
//   a = (abs x):    ite(x >= 0, a = x, a = -x)
//   t = (to_int x): t <= x < t + 1                      (the floor)
// With q and t integer variables, these make every integer model agree with the model
// evaluator (model.cpp). Division by zero and by non-constants stays opaque (the theory then
// answers unknown).
#include "smt/terms/term.hpp"

namespace craig::smt {

// The defining formula of t, or an invalid Term if t has none (not one of the operations above,
// or a divisor that is not a non-zero numeral).
Term arith_definition(TermManager& tm, Term t);

// Does t have a definition (so the linear layer decides it)?
bool has_arith_definition(const TermManager& tm, Term t);

}  // namespace craig::smt
