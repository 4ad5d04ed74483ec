#pragma once
// Reference semantics of the bit-vector kinds on constants (SMT-LIB's FixedSizeBitVectors theory).
//
// Values are integers in [0, 2^width) (the unsigned reading). The operators are total as the
// standard defines them: bvudiv by 0 is all ones, bvurem by 0 is the dividend, and bvsdiv, bvsrem,
// bvsmod are built from those; shifts by at least the width give 0 (bvashr: the sign fill).
// Predicates return 0 or 1. Used by constant folding, models and the tests of the bit-blaster.
#include <gmpxx.h>

#include <cstdint>
#include <span>

#include "smt/terms/kind.hpp"

namespace craig::smt {

// `width` is the result's width (for a predicate, its arguments' width); `widths` the arguments'
// widths; `payload` the kind's index (BvExtract: lo).
mpz_class bv_evaluate(Kind k, uint32_t width, uint32_t payload, std::span<const mpz_class> args,
                      std::span<const uint32_t> widths);

// 2^w - 1, and a value's signed reading.
mpz_class bv_mask(uint32_t w);
mpz_class bv_signed(const mpz_class& v, uint32_t w);

}  // namespace craig::smt
