#include "verifier/invariants/affine_hull.hpp"

#include <stdexcept>

namespace craig::verifier {

std::vector<AffineEquality> affine_equalities(const std::vector<std::vector<mpq_class>>& samples, std::size_t dim) {
    const std::size_t cols = dim + 1;  // the last column is the constant 1
    std::vector<std::vector<mpq_class>> m;
    for (const auto& s : samples) {
        if (s.size() != dim) throw std::invalid_argument("affine_equalities: a sample has the wrong dimension");
        std::vector<mpq_class> row(s);
        row.emplace_back(1);
        m.push_back(std::move(row));
    }
    // Reduced row echelon form.
    std::vector<std::size_t> pivot_col;
    std::size_t r = 0;
    for (std::size_t c = 0; c < cols && r < m.size(); ++c) {
        std::size_t p = r;
        while (p < m.size() && m[p][c] == 0) ++p;
        if (p == m.size()) continue;
        std::swap(m[p], m[r]);
        const mpq_class inv = 1 / m[r][c];
        for (std::size_t k = c; k < cols; ++k) m[r][k] *= inv;
        for (std::size_t i = 0; i < m.size(); ++i) {
            if (i == r || m[i][c] == 0) continue;
            const mpq_class f = m[i][c];
            for (std::size_t k = c; k < cols; ++k) m[i][k] -= f * m[r][k];
        }
        pivot_col.push_back(c);
        ++r;
    }
    // One null-space vector per free column: v[free] = 1, v[pivot_i] = -m[i][free].
    std::vector<bool> is_pivot(cols, false);
    for (std::size_t c : pivot_col) is_pivot[c] = true;
    std::vector<AffineEquality> out;
    for (std::size_t f = 0; f < cols; ++f) {
        if (is_pivot[f]) continue;
        std::vector<mpq_class> v(cols, 0);
        v[f] = 1;
        for (std::size_t i = 0; i < pivot_col.size(); ++i) v[pivot_col[i]] = -m[i][f];
        // Integer coefficients with gcd 1, the first non-zero one positive.
        mpz_class l = 1, g = 0;
        for (const mpq_class& x : v) l = lcm(l, mpz_class(x.get_den()));
        for (mpq_class& x : v) {
            x *= l;
            g = gcd(g, mpz_class(x.get_num()));
        }
        bool neg = false;
        for (const mpq_class& x : v)
            if (x != 0) {
                neg = x < 0;
                break;
            }
        if (g == 0) continue;
        for (mpq_class& x : v) x /= (neg ? -g : g);
        bool only_constant = true;
        for (std::size_t k = 0; k < dim; ++k) only_constant = only_constant && v[k] == 0;
        if (only_constant) continue;  // 1 = 0 cannot come from a null space with the 1 column
        AffineEquality e;
        e.constant = v[dim];
        v.pop_back();
        e.coeffs = std::move(v);
        out.push_back(std::move(e));
    }
    return out;
}

}  // namespace craig::verifier
