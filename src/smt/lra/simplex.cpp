// Simplex: the choice of arithmetic; the algorithm is in simplex_engine.cpp.
#include "smt/lra/simplex.hpp"

#include <cassert>

namespace craig::lra {

Simplex::Simplex(Arith arith) { set_arithmetic(arith); }

void Simplex::set_arithmetic(Arith arith) {
  assert(num_vars() == 0 && "set_arithmetic: the simplex already has variables");
  if (arith == arithmetic()) return;
  if (arith == Arith::Fast)
    engine_.emplace<SimplexEngine<FastArith>>();
  else
    engine_.emplace<SimplexEngine<GmpArith>>();
}

}  // namespace craig::lra
