// Simplex: the choice of arithmetic; the algorithm is in simplex_engine.cpp.
#include "smt/lra/simplex.hpp"

#include <cassert>

namespace craig::lra {

const char* to_string(Arith a) { return a == Arith::Fast ? FastArith::kName : GmpArith::kName; }

std::optional<Arith> parse_arith(std::string_view name) {
  if (name == FastArith::kName) return Arith::Fast;
  if (name == GmpArith::kName) return Arith::Gmp;
  return std::nullopt;
}

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
