#include "smt/lra/int_cuts.hpp"

namespace craig::lra {

namespace {

using Var = Simplex::Var;

mpz_class floor_z(const mpq_class& q) {
    mpz_class r;
    mpz_fdiv_q(r.get_mpz_t(), q.get_num_mpz_t(), q.get_den_mpz_t());
    return r;
}

bool is_integer(const DeltaRational& d) { return sgn(d.k()) == 0 && d.c().get_den() == 1; }

}  // namespace

// Notation: the row is x_b = Σ a_j·x_j; every x_j sits at a bound b_j, so with the distance
// t_j = x_j - b_j (lower bound) or b_j - x_j (upper bound), t_j >= 0, the row reads
// x_b = β + Σ a'_j·t_j with a'_j = ±a_j and β the (fractional) value of x_b, f0 = β - ⌊β⌋.
// t_j is integral when x_j and b_j are. With r_j an integer per integral t_j, the split is on
// π = x_b - Σ r_j·t_j (integer-valued), and with d_j = a'_j - r_j:
//   π <= ⌊β⌋      gives  Σ -d_j·t_j - Σ_cont a'_j·t_j >= f0,
//   π >= ⌊β⌋ + 1  gives  Σ  d_j·t_j + Σ_cont a'_j·t_j >= 1 - f0.
// Dividing by f0 and 1 - f0, dropping negative terms (t >= 0) and taking the larger coefficient
// per variable gives the cut Σ c_j·t_j >= 1 valid on both sides; for integral t_j, with
// g = frac(a'_j), r_j = ⌊a'_j⌋ gives c_j = g/(1 - f0), r_j = ⌈a'_j⌉ gives (1 - g)/f0, and the
// smaller is taken. At the current vertex every t_j is 0, so the cut is violated.
std::optional<IntLemma> gomory_cut(const Simplex& s, Var basic, std::span<const uint8_t> is_int) {
    const DeltaRational& bv = s.value(basic);
    if (!is_int[basic] || sgn(bv.k()) != 0 || bv.c().get_den() == 1) return std::nullopt;
    const mpq_class beta_floor(floor_z(bv.c()));
    const mpq_class f0 = bv.c() - beta_floor;
    const mpq_class one_minus_f0 = 1 - f0;
    IntLemma out;
    out.cut_bound = 1;          // Σ c_j·t_j >= 1, constants of the t_j moved right
    mpq_class pi_constant = 0;  // π = Σ split·x + pi_constant
    out.split.emplace_back(basic, 1);
    bool ok = true;
    s.for_each_row_entry(basic, [&](Var x, const mpq_class& a) {
        if (!ok) return;
        const DeltaRational& v = s.value(x);
        const bool at_lower = s.has_lower(x) && s.lower(x) == v;
        const bool at_upper = !at_lower && s.has_upper(x) && s.upper(x) == v;
        if ((!at_lower && !at_upper) || sgn(v.k()) != 0) {
            ok = false;
            return;
        }
        const mpq_class& b = v.c();
        const mpq_class ap = at_lower ? a : mpq_class(-a);
        // x_j = b + t (lower) or b - t (upper): a term e·t is  ±e·x ∓ e·b.
        const int dir = at_lower ? 1 : -1;
        mpq_class c;
        if (is_int[x] && is_integer(v)) {
            const mpq_class fl(floor_z(ap));
            const mpq_class g = ap - fl;
            mpq_class r;
            if (g <= one_minus_f0) {
                c = g / one_minus_f0;
                r = fl;
            } else {
                c = (1 - g) / f0;
                r = fl + 1;
            }
            if (sgn(r) != 0) {  // π -= r·t
                out.split.emplace_back(x, -r * dir);
                pi_constant += r * dir * b;
            }
        } else {
            c = sgn(ap) > 0 ? mpq_class(ap / one_minus_f0) : mpq_class(-ap / f0);
        }
        if (sgn(c) == 0) return;  // t_j occurs in neither side's use of the bounds
        out.cut.emplace_back(x, c * dir);
        out.cut_bound += c * dir * b;
        out.bounds.emplace_back(x, at_upper);
    });
    if (!ok || out.cut.empty()) return std::nullopt;
    out.split_bound = beta_floor - pi_constant;
    return out;
}

// The row as 0 = -x_b + Σ a_j·x_j, scaled to integer coefficients A_j. The fixed variables
// contribute the constant C = Σ_fixed A_j·v_j, so Σ_free A_j·x_j = -C; with g the gcd of the
// free A_j, S = Σ_free (A_j/g)·x_j has integer coefficients and would have to equal -C/g, which
// is not an integer: both sides of the split S <= ⌊-C/g⌋ or S >= ⌊-C/g⌋ + 1 contradict the
// fixed variables' bounds (by the row identity).
std::optional<IntLemma> gcd_conflict(const Simplex& s, Var basic, std::span<const uint8_t> is_int) {
    if (!s.gcd_test_fails(basic, is_int)) return std::nullopt;  // cheap: the rare hit builds the lemma
    std::vector<std::pair<Var, mpq_class>> row{{basic, mpq_class(-1)}};
    bool ok = true;
    bool any_fixed = false;
    auto fixed = [&](Var x) {
        return s.has_lower(x) && s.has_upper(x) && s.lower(x) == s.upper(x) && is_integer(s.lower(x));
    };
    s.for_each_row_entry(basic, [&](Var x, const mpq_class& a) {
        if (!is_int[x]) ok = false;
        row.emplace_back(x, a);
    });
    if (!ok) return std::nullopt;
    mpz_class lcm = 1;
    for (const auto& [x, a] : row) {
        mpz_lcm(lcm.get_mpz_t(), lcm.get_mpz_t(), a.get_den_mpz_t());
        any_fixed = any_fixed || fixed(x);
    }
    if (!any_fixed) return std::nullopt;
    mpz_class constant = 0, g = 0;
    std::vector<std::pair<Var, mpz_class>> scaled;
    for (const auto& [x, a] : row) {
        mpz_class A = a.get_num() * (lcm / a.get_den());
        if (fixed(x)) {
            constant += A * s.lower(x).c().get_num();
        } else {
            mpz_gcd(g.get_mpz_t(), g.get_mpz_t(), A.get_mpz_t());
            scaled.emplace_back(x, std::move(A));
        }
    }
    if (g == 0 || mpz_divisible_p(constant.get_mpz_t(), g.get_mpz_t())) return std::nullopt;
    IntLemma out;
    out.cut_bound = 1;  // no cut: the lemma is "false"
    for (auto& [x, A] : scaled) out.split.emplace_back(x, mpq_class(mpz_class(A / g)));
    mpz_class k, minus_c = -constant;
    mpz_fdiv_q(k.get_mpz_t(), minus_c.get_mpz_t(), g.get_mpz_t());  // g > 0
    out.split_bound = mpq_class(k);
    for (const auto& [x, a] : row)
        if (fixed(x)) {
            out.bounds.emplace_back(x, false);
            out.bounds.emplace_back(x, true);
        }
    return out;
}

}  // namespace craig::lra
