#pragma once
// SimplexEngine<A>: the simplex of simplex.hpp over one arithmetic A (GmpArith or FastArith).
// Simplex (simplex.hpp) is the interface; it holds one engine, chosen at construction, and
// converts at the boundary (bounds, certificates and models are GMP rationals there). Read
// simplex.hpp for the contract; this header only adds how the tableau is stored.
//
// Integer rows. Every tableau row is kept with integer coefficients
//     d·basic = Σ a_j·x_j      (d > 0, gcd(d, a_1, ..., a_n) = 1)
// so that eliminating a variable is a pair of integer multiply-adds per entry, with no gcd per
// entry (a rational row pays two or three gcds per entry); the row's content is divided out once
// per update, which keeps the integers as small as the reduced rational coefficients
// (d is the lcm of their denominators). The Farkas coefficients of a row conflict are then
// the integers d and |a_j|.
#include <gmpxx.h>

#include <climits>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "smt/lra/delta_rational.hpp"
#include "smt/lra/fast_number.hpp"

namespace craig::lra {

// The number types of an engine and the few integer operations the row updates need.
struct GmpArith {
    using Int = mpz_class;
    using Rat = mpq_class;
    static Rat rat(const mpq_class& q) { return q; }
    static Rat rat(const Int& z) { return Rat(z); }
    static bool in_gmp(const Int&) { return true; }
    static bool in_gmp(const Rat&) { return true; }
    static Rat ratio(const Int& n, const Int& d) {  // n/d reduced; requires d != 0
        Rat q(n, d);
        q.canonicalize();
        return q;
    }
    static mpq_class to_mpq(const Rat& q) { return q; }
    static mpq_class to_mpq(const Int& z) { return mpq_class(z); }
    static bool is_integer(const Rat& q) { return q.get_den() == 1; }
    static Int integer(const mpz_class& z) { return z; }
    static mpz_class to_mpz(const Int& z) { return z; }
    static bool is_one(const Int& z) { return z == 1; }
    static void negate(Int& z) { mpz_neg(z.get_mpz_t(), z.get_mpz_t()); }
    // t = t·m + s·n
    static void combine(Int& t, const Int& m, const Int& s, const Int& n) {
        mpz_mul(t.get_mpz_t(), t.get_mpz_t(), m.get_mpz_t());
        mpz_addmul(t.get_mpz_t(), s.get_mpz_t(), n.get_mpz_t());
    }
    static void add_mul(Int& t, const Int& s, const Int& n) {  // t += s·n
        mpz_addmul(t.get_mpz_t(), s.get_mpz_t(), n.get_mpz_t());
    }
    static void scale(Int& t, const Int& m) { mpz_mul(t.get_mpz_t(), t.get_mpz_t(), m.get_mpz_t()); }
    static Int gcd(const Int& a, const Int& b) {
        Int g;
        mpz_gcd(g.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
        return g;
    }
    static void divexact(Int& a, const Int& g) { mpz_divexact(a.get_mpz_t(), a.get_mpz_t(), g.get_mpz_t()); }
    // The cost of arithmetic on z in work units (SimplexStats::work): 1 for a value that fits a
    // machine word (|z| <= INT64_MAX, FastInteger's small range), else kBigCost plus its limbs.
    static constexpr uint64_t kBigCost = 6;  // a GMP operation against a machine-word one, measured
    static uint64_t cost(const Int& z) {
        const size_t limbs = mpz_size(z.get_mpz_t());
        if (limbs <= 1 && mpz_fits_slong_p(z.get_mpz_t()) && mpz_cmp_si(z.get_mpz_t(), LONG_MIN) != 0) return 1;
        return kBigCost + limbs;
    }
};

struct FastArith {
    using Int = FastInteger;
    using Rat = FastRational;
    static Rat rat(const mpq_class& q) { return Rat(q); }
    static Rat rat(const Int& z) { return Rat(z); }
    static bool in_gmp(const Int& z) { return !z.is_small(); }
    static bool in_gmp(const Rat& q) { return !q.is_small(); }
    static Rat ratio(const Int& n, const Int& d) { return d.is_one() ? Rat(n) : Rat(n, d); }
    static mpq_class to_mpq(const Rat& q) { return q.to_mpq(); }
    static bool is_integer(const Rat& q) { return q.is_integer(); }
    static mpq_class to_mpq(const Int& z) { return mpq_class(z.to_mpz()); }
    static Int integer(const mpz_class& z) { return Int(z); }
    static mpz_class to_mpz(const Int& z) { return z.to_mpz(); }
    static bool is_one(const Int& z) { return z.is_one(); }
    static void negate(Int& z) { z.negate(); }
    static void combine(Int& t, const Int& m, const Int& s, const Int& n) { lra::combine(t, m, s, n); }
    static void add_mul(Int& t, const Int& s, const Int& n) { lra::combine(t, 1, s, n); }
    static void scale(Int& t, const Int& m) { t *= m; }
    static Int gcd(const Int& a, const Int& b) { return lra::gcd(a, b); }
    static void divexact(Int& a, const Int& g) { a.divexact(g); }
    static uint64_t cost(const Int& z) { return z.is_small() ? 1 : GmpArith::kBigCost + z.limbs(); }
};

struct SimplexBoundRef {  // Simplex::BoundRef
    uint32_t var;
    bool upper;
    DeltaRational bound;
};
struct SimplexConflict {                                // Simplex::Conflict
    std::vector<std::pair<int32_t, mpq_class>> farkas;  // (reason, λ > 0)
    std::vector<SimplexBoundRef> bounds;                // parallel to farkas
};
struct SimplexImpliedBound {  // Simplex::ImpliedBound
    uint32_t var;
    bool upper;             // var <= bound (else var >= bound)
    DeltaRational bound;
};
struct SimplexBoundUse {  // Simplex::BoundUse: one bound of a row's reason, with its weight
    int32_t reason;
    uint32_t var;
    bool upper;
    mpq_class weight;
};
struct SimplexStats {  // Simplex::Stats
    uint64_t checks = 0;
    uint64_t pivots = 0;
    uint64_t conflicts = 0;
    uint64_t bland_switches = 0;
    // Arithmetic done by the pivots and updates, in units of one operation on a 64-bit limb: the
    // same for both arithmetics (it depends on the values, not their representation), so a
    // throttle that reads it is deterministic where one reading a clock is not.
    uint64_t work = 0;
};

template <class A>
class SimplexEngine {
public:
    using Var = uint32_t;
    using Reason = int32_t;
    using Int = typename A::Int;
    using Rat = typename A::Rat;
    using Delta = BasicDelta<Rat>;

    Var new_var();
    Var new_row(std::span<const std::pair<Var, mpq_class>> row);
    bool assert_bound(Var v, const DeltaRational& b, Reason r, bool upper);
    bool check();
    const SimplexConflict& conflict() const { return conflict_; }
    void push() { levels_.push_back(trail_.size()); }
    void pop();
    size_t level() const { return levels_.size(); }

    DeltaRational value(Var v) const { return to_delta_rational(value_[v]); }
    std::vector<mpq_class> concrete_model() const;
    mpq_class concrete_delta() const;

    const SimplexStats& stats() const { return stats_; }
    size_t num_vars() const { return value_.size(); }
    size_t num_rows() const { return rows_.size(); }
    bool is_slack(Var v) const { return is_slack_[v] != 0; }
    std::span<const std::pair<Var, mpq_class>> row_definition(Var slack) const { return definition_[slack]; }
    bool has_lower(Var v) const { return lower_[v].present; }
    bool has_upper(Var v) const { return upper_[v].present; }
    DeltaRational lower(Var v) const { return to_delta_rational(lower_[v].value); }
    DeltaRational upper(Var v) const { return to_delta_rational(upper_[v].value); }
    Reason lower_reason(Var v) const { return lower_[v].reason; }
    Reason upper_reason(Var v) const { return upper_[v].reason; }
    bool is_basic(Var v) const { return row_of_[v] >= 0; }
    std::vector<std::pair<Var, mpq_class>> row_of_basic(Var basic) const;
    void rows_with(Var v, std::vector<Var>& basics) const {
        if (row_of_[v] >= 0) return basics.push_back(v);
        for (const ColEntry& ce : cols_[v]) basics.push_back(rows_[ce.row].basic);
    }
    size_t row_length(Var basic) const { return row_of_[basic] < 0 ? 0 : rows_[row_of_[basic]].entries.size(); }
    void row_implied_bounds(Var basic, std::span<const uint8_t> wanted, std::vector<SimplexImpliedBound>& out);
    void row_bound_reason(Var basic, Var target, bool upper, std::vector<SimplexBoundUse>& out) const;
    bool gcd_test_fails(Var basic, std::span<const uint8_t> is_int) const;
    uint64_t gmp_numbers() const;
    void set_bland_threshold(uint64_t pivots) { bland_threshold_ = pivots; }
    std::string check_invariants() const;

private:
    struct Bound {
        Delta value;
        Reason reason = 0;
        bool present = false;
    };
    struct RowEntry {
        Var var;
        uint32_t col_pos;  // index of the matching ColEntry in cols_[var]
        Int coeff;
    };
    struct ColEntry {
        uint32_t row;
        uint32_t pos;  // index of the matching RowEntry in rows_[row].entries
    };
    struct Row {  // den·basic = Σ coeff·var over nonbasic variables
        Var basic;
        Int den;
        std::vector<RowEntry> entries;
    };
    struct TrailEntry {
        Var var;
        bool upper;
        Bound old;
    };

    static DeltaRational to_delta_rational(const Delta& d) { return DeltaRational(A::to_mpq(d.c()), A::to_mpq(d.k())); }
    static Delta from_delta_rational(const DeltaRational& d) { return Delta(A::rat(d.c()), A::rat(d.k())); }

    bool is_fixed(Var v) const { return lower_[v].present && upper_[v].present && lower_[v].value == upper_[v].value; }
    bool violates(Var v) const { return below_lower(v) || above_upper(v); }
    bool below_lower(Var v) const { return lower_[v].present && value_[v] < lower_[v].value; }
    bool above_upper(Var v) const { return upper_[v].present && value_[v] > upper_[v].value; }
    void enqueue_if_violated(Var v);
    Var pop_violated();  // smallest violated basic variable, or kNone
    void update(Var nonbasic, const Delta& v);
    void pivot(uint32_t row, uint32_t pos);
    void add_entry(uint32_t row, Var v, Int coeff);
    void remove_entry(uint32_t row, uint32_t pos);
    void remove_col_entry(Var v, uint32_t col_pos);
    void eliminate(uint32_t target, uint32_t source, const Int& a);
    void normalize_row(uint32_t row);
    void explain_row(uint32_t row, bool below);
    Var new_variable();

    static constexpr Var kNone = UINT32_MAX;
    static constexpr uint32_t kDone = UINT32_MAX;  // scratch_pos_: entry already combined

    // Per variable (flat, indexed by Var).
    std::vector<Delta> value_;
    std::vector<Bound> lower_, upper_;
    std::vector<int32_t> row_of_;  // row where the variable is basic, or -1
    std::vector<std::vector<ColEntry>> cols_;
    std::vector<std::vector<std::pair<Var, mpq_class>>> definition_;
    std::vector<uint8_t> is_slack_;
    std::vector<uint8_t> in_heap_;
    std::vector<uint32_t> scratch_pos_;  // eliminate: var -> 1 + position in the target row, else 0
    Delta implied_low_, implied_high_, implied_tmp_;  // scratch of row_implied_bounds

    std::vector<Row> rows_;
    std::vector<Var> heap_;  // min-heap of possibly violated basic variables (lazy deletion)
    std::vector<TrailEntry> trail_;
    std::vector<size_t> levels_;
    SimplexConflict conflict_;
    SimplexStats stats_;
    uint64_t bland_threshold_ = 1000;
};

extern template class SimplexEngine<GmpArith>;
extern template class SimplexEngine<FastArith>;

}  // namespace craig::lra
