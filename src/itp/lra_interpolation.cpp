// Interpolants of linear arithmetic conflicts from Farkas certificates (theory_interpolants.hpp):
// Farkas, dual Farkas, flexible (Alt, Hyvärinen, Sharygina, HVC 2017) and decomposed Farkas and
// its dual (Blicha, Hyvärinen, Kofroň, Sharygina, TACAS 2019).
//
// Notation used in the comments below. Every entry i reads as  l_i + k_i ⋈_i 0  (⋈ in {<=, <},
// l_i a polynomial without constant), weighted by λ_i > 0. Summing the A side gives
//     P + K_A ⋈_A 0        (P = Σ_A λ_i·l_i, K_A = Σ_A λ_i·k_i, strict iff an A entry is),
// and the B side gives -P + K_B ⋈_B 0: the whole sum cancels, so the B polynomial is -P. The
// certificate says K_A + K_B > 0, or = 0 with a strict entry. A-local atoms occur only in A
// entries, so they cancel inside P; B-local ones never occur in P: P is over shared atoms.
#include <algorithm>
#include <map>
#include <vector>

#include "itp/farkas_decomposition.hpp"
#include "itp/theory_interpolants.hpp"
#include "smt/terms/rational.hpp"

namespace craig::itp {

using smt::Kind;
using smt::Monomial;
using smt::SortTable;

namespace {

// One certificate entry as  Σ terms + constant ⋈ 0, unweighted.
struct LinearInequality {
    std::vector<std::pair<uint32_t, mpq_class>> terms;  // atom id, coefficient != 0; ids increasing
    mpq_class constant = 0;
    bool strict = false;
    bool equation = false;  // one side of an asserted equation: the other side holds as well
};

// A weighted sum of inequalities:  poly + constant ⋈ 0  with ⋈ in {<=, <}.
struct WeightedSum {
    std::map<uint32_t, mpq_class> coeffs;  // atom id -> coefficient (zeros possible)
    mpq_class constant = 0;
    bool strict = false;
    bool any_real = false;  // some atom that went into the sum is Real
};

void add_poly(const TermManager& tm, Term t, const mpq_class& factor, std::map<uint32_t, mpq_class>& coeffs,
              mpq_class& constant) {
    std::vector<Monomial> ms;
    mpq_class c = 0;
    tm.as_polynomial(t, ms, c);
    for (const Monomial& m : ms) coeffs[m.atom.id] += factor * m.coeff;
    constant += factor * c;
}

// Reads an entry as check_lra_certificate reads it (a false Int atom p <= c is p >= c + 1).
// False on a shape that is no inequality (a disequality, a non-arithmetic atom).
bool read_entry(const TermManager& tm, const smt::LraCertificateEntry& e, LinearInequality& out) {
    Kind kind = tm.kind(e.atom);
    if (kind != Kind::Leq && kind != Kind::Lt && kind != Kind::Eq) return false;
    Term lhs = tm.child(e.atom, 0), rhs = tm.child(e.atom, 1);
    if (!tm.is_arith(lhs)) return false;
    mpq_class sign = 1, offset = 0;
    bool strict = false;
    if (kind == Kind::Eq) {
        if (!e.value) return false;
        sign = e.upper ? 1 : -1;
    } else if (e.value) {
        strict = kind == Kind::Lt;
    } else {
        sign = -1;
        strict = kind == Kind::Leq;
        if (strict && tm.sort(lhs) == SortTable::Int && tm.sort(rhs) == SortTable::Int) {
            strict = false;
            offset = 1;
        }
    }
    std::map<uint32_t, mpq_class> coeffs;
    mpq_class constant = 0;
    add_poly(tm, lhs, sign, coeffs, constant);
    add_poly(tm, rhs, -sign, coeffs, constant);
    out.terms.clear();
    for (auto& [id, c] : coeffs)
        if (c != 0) out.terms.emplace_back(id, std::move(c));
    out.constant = constant + offset;
    out.strict = strict;
    out.equation = kind == Kind::Eq;
    return true;
}

void add_weighted(const TermManager& tm, const LinearInequality& ineq, const mpq_class& w, WeightedSum& s) {
    for (const auto& [id, c] : ineq.terms) {
        s.coeffs[id] += w * c;
        if (tm.sort(tm.term(id)) == SortTable::Real) s.any_real = true;
    }
    s.constant += w * ineq.constant;
    // A strict inequality counts only with a positive weight; equations are never strict.
    if (ineq.strict && w > 0) s.strict = true;
}

// The term  poly + constant ⋈ 0, scaled to integer coefficients (a positive factor keeps the
// inequality) so that it is well-formed over Int as well as over Real.
Term to_term(TermManager& tm, const WeightedSum& s) {
    mpz_class den = s.constant.get_den();
    for (const auto& [id, c] : s.coeffs)
        if (c != 0) mpz_lcm(den.get_mpz_t(), den.get_mpz_t(), c.get_den_mpz_t());
    std::vector<Monomial> ms;
    for (const auto& [id, c] : s.coeffs)
        if (c != 0) ms.push_back(Monomial{c * den, tm.term(id)});
    mpq_class k = s.constant * den;
    smt::Sort sort = s.any_real ? SortTable::Real : SortTable::Int;
    if (ms.empty()) return tm.mk_bool(s.strict ? k < 0 : k <= 0);
    Term poly = tm.mk_linear(std::move(ms), 0, sort);
    Term rhs = tm.mk_numeral(-k, sort);
    return s.strict ? tm.mk_lt(poly, rhs) : tm.mk_leq(poly, rhs);
}

// The term  P <= bound  (P < bound when strict) for the polynomial `coeffs`.
// Over the integers (every atom of P is Int) the result is integral:  d·P <= ⌊d·bound⌋, with d
// the least common denominator of P's coefficients (d·P < ⌈d·bound⌉ when strict, which the
// term manager tightens to <= ⌈d·bound⌉ - 1). Soundness of the rounding: d > 0, so P <= bound
// iff d·P <= d·bound; d·P has integer coefficients over integer-valued atoms, so it is an
// integer, and an integer z satisfies z <= q iff z <= ⌊q⌋ (and z < q iff z < ⌈q⌉). The result is
// thus equivalent to P <= bound in every integer model: rounding neither weakens nor strengthens.
Term bound_term(TermManager& tm, const std::map<uint32_t, mpq_class>& coeffs, const mpq_class& bound, bool strict) {
    bool all_int = true;
    mpz_class den = 1;
    for (const auto& [id, c] : coeffs) {
        if (c == 0) continue;
        if (tm.sort(tm.term(id)) != SortTable::Int) all_int = false;
        mpz_lcm(den.get_mpz_t(), den.get_mpz_t(), c.get_den_mpz_t());
    }
    std::vector<Monomial> ms;
    for (const auto& [id, c] : coeffs)
        if (c != 0) ms.push_back(Monomial{c * den, tm.term(id)});
    if (ms.empty()) return tm.mk_bool(strict ? 0 < bound : 0 <= bound);
    if (!all_int) {
        Term poly = tm.mk_linear(std::move(ms), 0, SortTable::Real);
        Term rhs = tm.mk_numeral(bound * den, SortTable::Real);
        return strict ? tm.mk_lt(poly, rhs) : tm.mk_leq(poly, rhs);
    }
    const mpq_class scaled = bound * den;
    Term poly = tm.mk_linear(std::move(ms), 0, SortTable::Int);
    Term rhs = tm.mk_numeral(strict ? smt::ceil_q(scaled) : smt::floor_q(scaled), SortTable::Int);
    return strict ? tm.mk_lt(poly, rhs) : tm.mk_leq(poly, rhs);
}

// Every atom left in an interpolant must be Shared (checked on the sums, with the memoised
// coloring, before any term is built). A violation means the sides were not split as the
// contract says, e.g. a B-local literal on side A.
bool atoms_shared(const TermManager& tm, const std::map<uint32_t, mpq_class>& coeffs, Coloring& coloring,
                  std::string* why) {
    for (const auto& [id, c] : coeffs)
        if (c != 0 && coloring.color(tm.term(id)) != Color::Shared) {
            if (why)
                *why =
                    "the interpolant would mention a non-shared term (a literal is on the wrong "
                    "side of the cut)";
            return false;
        }
    return true;
}

// The certificate read once: the entries of each side with their weights.
struct SidedInequalities {
    std::vector<LinearInequality> ineqs[2];  // by Side
    std::vector<mpq_class> lambdas[2];
};

std::optional<SidedInequalities> read_certificate(const TermManager& tm,
                                                  std::span<const smt::LraCertificateEntry> entries,
                                                  std::span<const Side> sides, std::string* why) {
    if (sides.size() != entries.size()) {
        if (why) *why = "the number of sides differs from the number of certificate entries";
        return std::nullopt;
    }
    SidedInequalities out;
    for (size_t i = 0; i < entries.size(); ++i) {
        LinearInequality ineq;
        if (!read_entry(tm, entries[i], ineq)) {
            if (why) *why = "a Farkas certificate entry is no inequality";
            return std::nullopt;
        }
        if (entries[i].lambda <= 0) {
            if (why) *why = "a Farkas coefficient is not positive";
            return std::nullopt;
        }
        const int s = sides[i] == Side::A ? 0 : 1;
        out.ineqs[s].push_back(std::move(ineq));
        out.lambdas[s].push_back(entries[i].lambda);
    }
    return out;
}

WeightedSum side_sum(const TermManager& tm, const SidedInequalities& cert, Side side) {
    const int s = side == Side::A ? 0 : 1;
    WeightedSum sum;
    for (size_t i = 0; i < cert.ineqs[s].size(); ++i) add_weighted(tm, cert.ineqs[s][i], cert.lambdas[s][i], sum);
    return sum;
}

// Flexible interpolant (HVC 2017). A gives P ⋈_A -K_A; B gives P ⋈'_B K_B (>= or >), i.e. B is
// refuted by P < K_B (P <= K_B when B is strict). Every P <= c with -K_A <= c <= K_B separates
// them, with the strictness fixed at the ends:
//   α = 0:  P ⋈_A -K_A                      (exactly Farkas);
//   α = 1:  ¬(-P + K_B ⋈_B 0)                (exactly dual Farkas);
//   0 < α < 1 and gap = K_A + K_B > 0:  P <= c with c = -K_A + α·gap, so -K_A < c < K_B:
//           A ⊨ P ⋈_A -K_A ⊨ P <= c, and P <= c < K_B contradicts B's P >= K_B;
//   0 < α < 1 and gap = 0 (some entry strict, c = -K_A = K_B): if B is strict, P <= c (the dual
//           Farkas interpolant); otherwise A is strict and only P < c separates (Farkas = dual).
// Monotone in α: each interpolant above implies the next one (c grows, and at equal c the
// non-strict form follows the strict one). Over Int atoms P <= c is rounded to an equivalent
// integral inequality (bound_term), which keeps all of this.
std::optional<Term> flexible(TermManager& tm, const SidedInequalities& cert, const mpq_class& alpha, Coloring& coloring,
                             std::string* why) {
    if (alpha < 0 || alpha > 1) {
        if (why) *why = "the LRA strength factor must lie in [0, 1], not " + alpha.get_str();
        return std::nullopt;
    }
    WeightedSum a = side_sum(tm, cert, Side::A);
    if (!atoms_shared(tm, a.coeffs, coloring, why)) return std::nullopt;
    if (alpha == 0) return to_term(tm, a);
    WeightedSum b = side_sum(tm, cert, Side::B);
    if (!atoms_shared(tm, b.coeffs, coloring, why)) return std::nullopt;
    if (alpha == 1) return tm.mk_not(to_term(tm, b));
    // P of B must be -P of A (the certificate cancels); otherwise it is no certificate.
    std::map<uint32_t, mpq_class> total = a.coeffs;
    for (const auto& [id, c] : b.coeffs) total[id] += c;
    for (const auto& [id, c] : total)
        if (c != 0) {
            if (why) *why = "the Farkas certificate does not cancel";
            return std::nullopt;
        }
    const mpq_class gap = a.constant + b.constant;
    if (gap < 0 || (gap == 0 && !a.strict && !b.strict)) {
        if (why) *why = "the Farkas certificate sums to no contradiction";
        return std::nullopt;
    }
    if (gap == 0) return b.strict ? tm.mk_not(to_term(tm, b)) : to_term(tm, a);
    const mpq_class c = -a.constant + alpha * gap;
    return bound_term(tm, a.coeffs, c, false);
}

// Decomposed Farkas on `side` (TACAS 2019): the conjunction of the parts of the side's weighted
// sum (farkas_decomposition.hpp), with the side's local atoms (Color A for side A, B for B) as
// the variables that must cancel in every part. Each part is implied by the side and their sum
// is the side's Farkas sum, so for side A the conjunction implies the Farkas interpolant and is
// implied by A; for side B it is implied by B and implies B's sum, whose negation is the dual
// Farkas interpolant: ¬(∧ parts) is an interpolant weaker than it.
std::optional<Term> decomposed(TermManager& tm, const SidedInequalities& cert, Side side, Coloring& coloring,
                               std::string* why) {
    const int s = side == Side::A ? 0 : 1;
    const Color local = side == Side::A ? Color::A : Color::B;
    const std::vector<LinearInequality>& ineqs = cert.ineqs[s];
    std::map<uint32_t, uint32_t> row_of;  // local atom id -> row
    std::vector<DecompositionColumn> columns(ineqs.size());
    for (size_t i = 0; i < ineqs.size(); ++i) {
        columns[i].lambda = cert.lambdas[s][i];
        columns[i].sign_free = ineqs[i].equation;
        for (const auto& [id, c] : ineqs[i].terms) {
            if (coloring.color(tm.term(id)) != local) continue;
            auto [it, fresh] = row_of.emplace(id, static_cast<uint32_t>(row_of.size()));
            columns[i].locals.emplace_back(it->second, c);
        }
    }
    auto parts = decompose_farkas_weights(columns, static_cast<uint32_t>(row_of.size()), why);
    if (!parts) return std::nullopt;
    std::vector<Term> conjuncts;
    for (const DecompositionPart& part : *parts) {
        WeightedSum sum;
        for (const auto& [col, w] : part) add_weighted(tm, ineqs[col], w, sum);
        if (!atoms_shared(tm, sum.coeffs, coloring, why)) return std::nullopt;
        conjuncts.push_back(to_term(tm, sum));
    }
    Term conj = conjuncts.empty() ? tm.mk_true() : tm.mk_and(conjuncts);
    return side == Side::A ? conj : tm.mk_not(conj);
}

}  // namespace

std::optional<Term> lra_interpolant(TermManager& tm, std::span<const smt::LraCertificateEntry> entries,
                                    std::span<const Side> sides, Coloring& coloring, const ItpOptions& options,
                                    std::string* why) {
    auto cert = read_certificate(tm, entries, sides, why);
    if (!cert) return std::nullopt;
    switch (options.lra) {
        case LraSystem::Farkas:
        case LraSystem::DualFarkas: {
            const Side side = options.lra == LraSystem::Farkas ? Side::A : Side::B;
            WeightedSum sum = side_sum(tm, *cert, side);
            if (!atoms_shared(tm, sum.coeffs, coloring, why)) return std::nullopt;
            Term t = to_term(tm, sum);
            return side == Side::A ? t : tm.mk_not(t);
        }
        case LraSystem::Flexible: return flexible(tm, *cert, options.lra_strength_factor, coloring, why);
        case LraSystem::DecomposedFarkas: return decomposed(tm, *cert, Side::A, coloring, why);
        case LraSystem::DualDecomposedFarkas: return decomposed(tm, *cert, Side::B, coloring, why);
    }
    if (why) *why = "unknown LRA interpolation system";
    return std::nullopt;
}

}  // namespace craig::itp
