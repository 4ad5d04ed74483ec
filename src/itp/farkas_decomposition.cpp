// Decomposition of Farkas weights into parts free of local variables (farkas_decomposition.hpp).
#include "itp/farkas_decomposition.hpp"

#include <algorithm>
#include <numeric>

namespace craig::itp {

namespace {

using Matrix = std::vector<std::vector<mpq_class>>;

uint32_t find_root(std::vector<uint32_t>& parent, uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

// Gauss-Jordan elimination to reduced row echelon form; returns the pivot column of each
// non-zero row, in order.
std::vector<uint32_t> reduce(Matrix& m, size_t num_cols) {
    std::vector<uint32_t> pivots;
    size_t r = 0;
    for (uint32_t c = 0; c < num_cols && r < m.size(); ++c) {
        size_t i = r;
        while (i < m.size() && m[i][c] == 0) ++i;
        if (i == m.size()) continue;
        std::swap(m[r], m[i]);
        const mpq_class inv = 1 / m[r][c];
        for (mpq_class& v : m[r]) v *= inv;
        for (size_t k = 0; k < m.size(); ++k) {
            if (k == r || m[k][c] == 0) continue;
            const mpq_class f = m[k][c];
            for (size_t j = c; j < num_cols; ++j) m[k][j] -= f * m[r][j];
        }
        pivots.push_back(c);
        ++r;
    }
    return pivots;
}

// Decomposes one connected component; `cols` are indices into `columns`, increasing; `rows`
// maps a global row to its index in the component (only rows of this component are set).
// Appends the parts to `out`.
bool decompose_component(std::span<const DecompositionColumn> columns, const std::vector<uint32_t>& cols,
                         const std::vector<uint32_t>& rows, size_t num_local_rows, std::vector<DecompositionPart>& out,
                         std::string* why) {
    const size_t n = cols.size();
    Matrix m(num_local_rows, std::vector<mpq_class>(n));
    for (size_t j = 0; j < n; ++j)
        for (const auto& [row, v] : columns[cols[j]].locals) m[rows[row]][j] += v;
    // λ restricted to the component must already be in the kernel (the locals cancel).
    for (const auto& row : m) {
        mpq_class s = 0;
        for (size_t j = 0; j < n; ++j) s += row[j] * columns[cols[j]].lambda;
        if (s != 0) {
            if (why) *why = "a local variable does not cancel in the weighted sum of its side";
            return false;
        }
    }
    const Matrix original = m;
    std::vector<uint32_t> pivots = reduce(m, n);
    const size_t nullity = n - pivots.size();  // >= 1: λ is a non-zero kernel vector
    if (nullity <= 1) {
        DecompositionPart whole;
        for (uint32_t c : cols) whole.emplace_back(c, columns[c].lambda);
        out.push_back(std::move(whole));
        return true;
    }
    std::vector<uint8_t> is_pivot(n, 0);
    for (uint32_t p : pivots) is_pivot[p] = 1;

    // Kernel basis from the RREF: for free column f, b_f[f] = 1, b_f[g] = 0 for the other free g,
    // b_f[pivot of row i] = -m[i][f]. Then λ = Σ_f λ[f]·b_f (a kernel vector is determined by its
    // free coordinates), all coordinates positive.
    std::vector<std::vector<mpq_class>> basis;
    std::vector<mpq_class> coord;
    for (uint32_t f = 0; f < n; ++f) {
        if (is_pivot[f]) continue;
        std::vector<mpq_class> b(n);
        b[f] = 1;
        for (size_t i = 0; i < pivots.size(); ++i) b[pivots[i]] = -m[i][f];
        basis.push_back(std::move(b));
        coord.push_back(columns[cols[f]].lambda);
    }
    // Repair (TACAS 2019): b_f' = b_f + c_f·λ with the least c_f >= 0 that makes every
    // sign-constrained entry non-negative (λ > 0 everywhere, so such c_f exists). Summing,
    // Σ_f λ[f]·b_f' = (1 + Σ_f λ[f]·c_f)·λ, so λ = Σ_f (λ[f] / S)·b_f' with S = 1 + Σ λ[f]·c_f.
    mpq_class total = 1;
    std::vector<mpq_class> shift(basis.size());
    for (size_t k = 0; k < basis.size(); ++k) {
        mpq_class c = 0;
        for (size_t j = 0; j < n; ++j) {
            const DecompositionColumn& col = columns[cols[j]];
            if (col.sign_free || basis[k][j] >= 0) continue;
            c = std::max(c, mpq_class(-basis[k][j] / col.lambda));
        }
        shift[k] = c;
        total += coord[k] * c;
    }
    std::vector<mpq_class> sum(n), w(n);
    for (size_t k = 0; k < basis.size(); ++k) {
        const mpq_class scale = coord[k] / total;
        for (size_t j = 0; j < n; ++j) w[j] = scale * (basis[k][j] + shift[k] * columns[cols[j]].lambda);
        // Self-check of the contract: signs and kernel membership of every part.
        for (size_t j = 0; j < n; ++j)
            if (w[j] < 0 && !columns[cols[j]].sign_free) {
                if (why) *why = "internal: a decomposed part has a negative weight";
                return false;
            }
        for (const auto& row : original) {
            mpq_class s = 0;
            for (size_t j = 0; j < n; ++j) s += row[j] * w[j];
            if (s != 0) {
                if (why) *why = "internal: a decomposed part keeps a local variable";
                return false;
            }
        }
        DecompositionPart part;
        for (size_t j = 0; j < n; ++j) {
            if (w[j] != 0) part.emplace_back(cols[j], w[j]);
            sum[j] += w[j];
        }
        out.push_back(std::move(part));
    }
    for (size_t j = 0; j < n; ++j)
        if (sum[j] != columns[cols[j]].lambda) {
            if (why) *why = "internal: the decomposed parts do not add up to the Farkas weights";
            return false;
        }
    return true;
}

}  // namespace

std::optional<std::vector<DecompositionPart>> decompose_farkas_weights(std::span<const DecompositionColumn> columns,
                                                                       uint32_t num_rows, std::string* why) {
    const uint32_t n = static_cast<uint32_t>(columns.size());
    // Union-find over columns: two columns sharing a local variable are in one component.
    std::vector<uint32_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    std::vector<uint32_t> first_col(num_rows, UINT32_MAX);
    for (uint32_t c = 0; c < n; ++c) {
        if (columns[c].lambda <= 0) {
            if (why) *why = "a Farkas weight is not positive";
            return std::nullopt;
        }
        for (const auto& [row, v] : columns[c].locals) {
            if (row >= num_rows) {
                if (why) *why = "a local variable index is out of range";
                return std::nullopt;
            }
            if (first_col[row] == UINT32_MAX)
                first_col[row] = c;
            else
                parent[find_root(parent, c)] = find_root(parent, first_col[row]);
        }
    }
    // Columns of each component, increasing; components ordered by their first column.
    std::vector<std::vector<uint32_t>> components;
    std::vector<uint32_t> component_of_root(n, UINT32_MAX);
    for (uint32_t c = 0; c < n; ++c) {
        uint32_t r = find_root(parent, c);
        if (component_of_root[r] == UINT32_MAX) {
            component_of_root[r] = static_cast<uint32_t>(components.size());
            components.emplace_back();
        }
        components[component_of_root[r]].push_back(c);
    }
    std::vector<DecompositionPart> parts;
    std::vector<uint32_t> local_index(num_rows, UINT32_MAX);
    for (const std::vector<uint32_t>& cols : components) {
        // Number the rows of this component densely (each row belongs to one component).
        size_t num_local = 0;
        for (uint32_t c : cols)
            for (const auto& [row, v] : columns[c].locals)
                if (local_index[row] == UINT32_MAX) local_index[row] = static_cast<uint32_t>(num_local++);
        if (!decompose_component(columns, cols, local_index, num_local, parts, why)) return std::nullopt;
    }
    return parts;
}

}  // namespace craig::itp
