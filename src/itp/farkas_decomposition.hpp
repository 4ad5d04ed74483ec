#pragma once
// Decomposition of Farkas weights (Blicha, Hyvärinen, Kofroň, Sharygina, "Decomposing Farkas
// Interpolants", TACAS 2019, Sect. 4): pure linear algebra over the rationals, no terms.
//
// Setting. One side of a conflict has n literals (columns); literal c is  l_c(x) + k_c ⋈ 0  with
// weight λ_c > 0 in the Farkas certificate. The side's local variables (rows) must cancel in the
// weighted sum: M·λ = 0, where M[r][c] is the coefficient of local variable r in literal c.
// A decomposition is a list of weight vectors w_1..w_m with
//     Σ_j w_j = λ,   M·w_j = 0 for every j,   w_j[c] >= 0 for every sign-constrained column c,
// so every part Σ_c w_j[c]·lit_c is free of local variables and implied by its side, and together
// the parts imply the Farkas sum. Columns that are equations may take either sign (an equation
// implies both of its inequalities), the others (inequalities) must stay non-negative.
//
// What is computed. The columns fall into connected components (two columns are connected when
// they share a local variable; a column without local variables is a component of its own). The
// kernel of M is the direct sum of the components' kernels, so every component is decomposed on
// its own. In a component with kernel dimension d >= 2, the basis of the kernel read off the
// reduced row echelon form (one vector per free column: 1 there, 0 at the other free columns)
// expresses λ uniquely with positive coordinates (λ's free entries). A basis vector with a
// negative sign-constrained entry is repaired by adding the smallest multiple of λ (restricted to
// the component) that makes it non-negative, as in the paper; then the repaired vectors are still
// linearly independent (the change of basis I + c·αᵀ has determinant 1 + αᵀc > 0) and λ is a
// positive combination of them. So the result has exactly dim ker(M) linearly independent parts,
// the largest number any decomposition into linearly independent parts can have.
//
// Exact arithmetic (mpq_class); the matrix of one component is dense (local variables × columns
// of the component), fine for the size of one conflict. Every result is re-checked (sum, kernel,
// signs) before it is returned.
#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace craig::itp {

// One column: its non-zero local coefficients as (row, value); rows are 0..num_rows-1.
struct DecompositionColumn {
    std::vector<std::pair<uint32_t, mpq_class>> locals;
    mpq_class lambda;        // > 0
    bool sign_free = false;  // an equation: its weight in a part may be negative
};

// One part: (column, weight) with weight != 0, columns increasing.
using DecompositionPart = std::vector<std::pair<uint32_t, mpq_class>>;

// The parts of λ as described above (one part when no proper decomposition exists; none when
// there are no columns). nullopt with `why` when the input is no valid certificate side
// (a λ that is not positive, a row index out of range, or local variables that do not cancel).
std::optional<std::vector<DecompositionPart>> decompose_farkas_weights(std::span<const DecompositionColumn> columns,
                                                                       uint32_t num_rows, std::string* why);

}  // namespace craig::itp
