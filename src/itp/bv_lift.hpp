#pragma once
// Word-level lifting of interpolants over bit-blasted proofs (issue 22, item 2).
//
// ProofInterpolator writes bit i of a shared bit-vector term t as the bit atom
// (= ((_ extract i i) t) #b1) (for a one-bit t: (= t #b1)). lift_bit_atoms rewrites, in every
// and / or of the formula (bottom-up, shared subterms once):
//   - in a conjunction, bit literals that fix the consecutive bits i..j (j > i) of the same term
//     t become one equality (= ((_ extract j i) t) #b...), which is (= t #b...) when they cover t;
//   - in a disjunction, dually, the negations of such literals become (not (= ... #b...)).
// Single bits and every other subformula stay as they are. The result is equivalent to the
// input and mentions no symbol the input does not (every lifted atom is over t).
#include "smt/terms/term.hpp"

namespace craig::itp {

smt::Term lift_bit_atoms(smt::TermManager& tm, smt::Term t);

}  // namespace craig::itp
