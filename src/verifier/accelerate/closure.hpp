// The closure of one iteration relation (iteration.hpp): n >= 0 iterations of the same path in
// one formula, exact in linear integer arithmetic.
//
//   Term c = phase_closure(plain, rel, writes, in, out, n);   // in/out: a term per variable
//
// With translations next = cur + c, resets next = e and the convex guard G:
//     n >= 0  and  (n = 0  or  G(in) and (n = 1 or G(s_2) and G(s_n)))
//     and out = in + n*c (translations), out = in (n = 0) / e(in) (n >= 1) (resets)
// where s_j = the state before iteration j (translations moved j-1 times, resets at e): the
// states of iterations 2..n lie on one line, so G at its two ends is G all along it. Without
// resets s_2 is on the same line as in and the middle conjunct is left out.
// Requires: in[v] and out[v] of the Int sort for every variable of `writes`; other variables are
// read at their cur constants (in and out are only read at `writes`).
#pragma once

#include <span>
#include <vector>

#include "verifier/accelerate/iteration.hpp"

namespace craig::verifier {

smt::Term phase_closure(const Program& plain, const IterationRelation& rel, std::span<const smt::Term> in,
                        std::span<const smt::Term> out, smt::Term n);

// rel's formula between two states: cur constants of `writes` replaced by from[v], next constants by to[v].
smt::Term relation_between(const Program& plain, const IterationRelation& rel, std::span<const smt::Term> from,
                           std::span<const smt::Term> to);

}  // namespace craig::verifier
