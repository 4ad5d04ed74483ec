#pragma once
// Simplex: incremental, backtrackable feasibility check of linear real constraints with exact
// arithmetic, after Dutertre & de Moura, "A Fast Linear-Arithmetic Solver for DPLL(T)",
// CAV'06 (procedures Check, Update, PivotAndUpdate, Section 3.2 strict bounds via δ).
//
// Usage:
//   Simplex s;
//   Var x = s.new_var(), y = s.new_var();          // structural (original) variables
//   Var t = s.new_row({{x, 1}, {y, -2}});          // slack t = x - 2y
//   s.push();
//   s.assert_lower(x, DeltaRational(0, 1), lit1);  // x > 0       (x >= 0 + δ)
//   s.assert_upper(t, DeltaRational(3, 0), lit2);  // x - 2y <= 3
//   if (!s.check()) use(s.conflict().farkas);      // Farkas certificate over reasons
//   else            use(s.concrete_model());       // rational values of all variables
//   s.pop();                                       // retracts the two bounds
//
// Contract:
// - Variables are dense ids 0..num_vars()-1 shared by structural variables and slacks. Rows
//   (slack definitions) are never removed; they may be added at any time, also between
//   push/pop and after checks. A row's definition may mention slacks; it is expanded to
//   structural variables for row_definition().
// - assert_upper/assert_lower only tighten (a weaker bound is ignored and returns true). They
//   return false on an immediate clash with the opposite bound of the same variable; the
//   clashing bound is then not recorded and conflict() holds the two-bound certificate.
// - check() returns true iff the asserted bounds are satisfiable over the reals; then every
//   variable's value() is within its bounds. On false, conflict() holds a Farkas certificate.
//   Terminates: after bland_threshold pivots in one check it switches to Bland's rule
//   (smallest index both for the leaving and the entering variable), CAV'06 Theorem 1.
// - pop() restores the bounds of the matching push(); values are kept (they satisfy all row
//   equations, and the nonbasic ones stay within the looser bounds).
//
// Farkas certificates (Conflict): entries i = 1..n with coefficient λ_i > 0 and a bound
// "expr_i <= b_i" where an upper bound on v reads v <= u and a lower bound reads -v <= -l; each
// slack is expanded to its definition over structural variables. Then Σ λ_i·expr_i is the zero
// polynomial and Σ λ_i·b_i < 0 lexicographically (as a DeltaRational), i.e. the bounds are
// contradictory. Entries are never merged: an equality that asserted both bounds of a variable
// with the same reason may contribute two entries with that reason, one per bound (`bounds[i]`
// says which).
//
// Arithmetic (issue 3): exact throughout. Arith::Fast (the default) keeps tableau coefficients
// and values in machine words and falls back to GMP per number on overflow (fast_number.hpp);
// Arith::Gmp uses GMP numbers only. Both run the same algorithm on the same pivots, so they
// give the same answers, models and certificates; only the speed differs. The arithmetic is
// chosen before the first variable exists.
//
// Complexity: the tableau is a set of sparse rows "d·basic = Σ a·nonbasic" with integer
// coefficients (simplex_engine.hpp) and column occurrence lists, so a pivot touches only the
// rows that mention the entering variable.
// Not thread-safe; no global state.
#include <gmpxx.h>

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "smt/lra/arithmetic.hpp"
#include "smt/lra/delta_rational.hpp"
#include "smt/lra/simplex_engine.hpp"

namespace craig::lra {

class Simplex {
public:
    using Var = uint32_t;
    using Reason = int32_t;  // opaque (a SAT literal); stored and returned, never interpreted

    // One bound used in a conflict: v <= bound (upper) or v >= bound (lower).
    using BoundRef = SimplexBoundRef;
    // farkas: (reason, λ > 0); bounds: parallel to farkas.
    using Conflict = SimplexConflict;
    using Stats = SimplexStats;

    explicit Simplex(Arith arith = Arith::Fast);
    // Requires num_vars() == 0.
    void set_arithmetic(Arith arith);
    Arith arithmetic() const;

    // A new structural variable, unbounded, value 0.
    Var new_var();
    // A new slack variable s = Σ coeff·var. Variables may repeat and may be slacks; zero
    // coefficients are dropped. The slack starts basic, unbounded, with the value of its sum.
    Var new_row(std::span<const std::pair<Var, mpq_class>> row);
    Var new_row(std::initializer_list<std::pair<Var, mpq_class>> row) {
        return new_row(std::span<const std::pair<Var, mpq_class>>(row.begin(), row.size()));
    }

    // v <= b (assert_upper) or v >= b (assert_lower) because of reason r. See the contract above.
    bool assert_upper(Var v, const DeltaRational& b, Reason r);
    bool assert_lower(Var v, const DeltaRational& b, Reason r);

    bool check();
    const Conflict& conflict() const;

    void push();
    void pop();  // requires a matching push()
    size_t level() const;

    DeltaRational value(Var v) const;
    // After a successful check(): a rational δ > 0 small enough that every bound, strict ones
    // included, holds, and the value c + k·δ of every variable (indexed by Var, slacks included).
    std::vector<mpq_class> concrete_model() const;
    // The δ that concrete_model() uses.
    mpq_class concrete_delta() const;

    const Stats& stats() const;
    size_t num_vars() const;
    size_t num_rows() const;

    // Read-only view for independent checkers and tests.
    bool is_slack(Var v) const;
    // The ORIGINAL definition of a slack over structural variables (not the current tableau row);
    // empty for a structural variable (and for a slack defined as the empty sum).
    std::span<const std::pair<Var, mpq_class>> row_definition(Var slack) const;
    bool has_lower(Var v) const;
    bool has_upper(Var v) const;
    DeltaRational lower(Var v) const;  // requires has_lower
    DeltaRational upper(Var v) const;  // requires has_upper
    Reason lower_reason(Var v) const;
    Reason upper_reason(Var v) const;
    bool is_basic(Var v) const;
    // The CURRENT tableau row of a basic variable, basic = Σ c·x over nonbasic variables, sorted
    // by variable (empty for a nonbasic variable). Changes with every pivot.
    std::vector<std::pair<Var, mpq_class>> row_of_basic(Var basic) const;
    // Appends the basic variable of every current tableau row that mentions v: v itself when
    // it is basic, else the rows of its column. Changes with every pivot.
    void rows_with(Var v, std::vector<Var>& basics) const;
    // The number of nonbasic variables in basic's current row (0 for a nonbasic variable).
    size_t row_length(Var basic) const;
    // Theory propagation over the current tableau: the bounds that basic's row implies for its
    // variables y with wanted[y] (y < wanted.size()), from the bounds of the others (at most one
    // of them unbounded on the side used), appended to out when strictly tighter than y's own.
    using ImpliedBound = SimplexImpliedBound;
    void row_implied_bounds(Var basic, std::span<const uint8_t> wanted, std::vector<ImpliedBound>& out);
    // Requires: basic's row unchanged since row_implied_bounds reported (target, upper). The bounds
    // that implied it (reason, variable, side, Farkas weight), then the target's negated bound with
    // reason 0 and its weight: together a Farkas certificate of infeasibility.
    using BoundUse = SimplexBoundUse;
    void row_bound_reason(Var basic, Var target, bool upper, std::vector<BoundUse>& out) const;
    // The GCD test on basic's row without building it: the row is over is_int variables only,
    // some are fixed at integers, and the gcd of the others' coefficients does not divide the
    // fixed part (lra::gcd_conflict builds the lemma).
    bool gcd_test_fails(Var basic, std::span<const uint8_t> is_int) const;
    // How many of the numbers the simplex holds now (tableau coefficients and denominators,
    // values, bounds) are GMP numbers: all of them with Arith::Gmp; with Arith::Fast, those that
    // do not fit in machine words. Linear in the size of the tableau (statistics, tests).
    uint64_t gmp_numbers() const;
    // The current tableau row of a basic variable as f(var, coeff) calls (see row_of_basic).
    template <class F>
    void for_each_row_entry(Var basic, F&& f) const {
        for (const auto& [v, c] : row_of_basic(basic)) f(v, c);
    }

    // Pivots per check() before switching to Bland's rule (0: Bland's rule from the start).
    void set_bland_threshold(uint64_t pivots);

    // Debugging aid (tests): tableau/column lists consistent, rows reduced, every row equation
    // holds for the current values, nonbasic variables within their bounds. Empty if so.
    std::string check_invariants() const;

private:
    std::variant<SimplexEngine<FastArith>, SimplexEngine<GmpArith>> engine_;
};

}  // namespace craig::lra
