// The affine equalities that hold on a set of points (Karr's affine hull, computed from
// samples rather than by abstract interpretation): engines use them as candidate
// invariants, which a checker (houdini.hpp) must confirm before they are used.
#pragma once

#include <gmpxx.h>

#include <vector>

namespace craig::verifier {

// c·x + c0 = 0 with integer coefficients (gcd 1, first non-zero coefficient positive).
struct AffineEquality {
    std::vector<mpq_class> coeffs;
    mpq_class constant;
};

// A basis of the equalities c·x + c0 = 0 that every sample (a point with `dim`
// coordinates) satisfies: the null space of the matrix of rows (x, 1), by exact Gaussian
// elimination. Without samples every x_i = 0 is returned (callers sample first).
std::vector<AffineEquality> affine_equalities(const std::vector<std::vector<mpq_class>>& samples, std::size_t dim);

}  // namespace craig::verifier
