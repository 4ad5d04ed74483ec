#pragma once
// Simplex: incremental, backtrackable feasibility check of linear real constraints with exact
// (GMP) arithmetic, after Dutertre & de Moura, "A Fast Linear-Arithmetic Solver for DPLL(T)",
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
// Complexity: the tableau is a set of sparse rows "basic = Σ coeff·nonbasic" with column
// occurrence lists, so a pivot touches only the rows that mention the entering variable.
// Not thread-safe; no global state.
#include <gmpxx.h>

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "smt/lra/delta_rational.hpp"

namespace craig::lra {

class Simplex {
 public:
  using Var = uint32_t;
  using Reason = int32_t;  // opaque (a SAT literal); stored and returned, never interpreted

  // One bound used in a conflict: v <= bound (upper) or v >= bound (lower).
  struct BoundRef {
    Var var;
    bool upper;
    DeltaRational bound;
  };
  struct Conflict {
    std::vector<std::pair<Reason, mpq_class>> farkas;  // (reason, λ > 0)
    std::vector<BoundRef> bounds;                      // parallel to farkas
  };
  struct Stats {
    uint64_t checks = 0;
    uint64_t pivots = 0;
    uint64_t conflicts = 0;
    uint64_t bland_switches = 0;
  };

  Simplex() = default;

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
  const Conflict& conflict() const { return conflict_; }

  void push();
  void pop();  // requires a matching push()
  size_t level() const { return levels_.size(); }

  const DeltaRational& value(Var v) const { return value_[v]; }
  // After a successful check(): a rational δ > 0 small enough that every bound, strict ones
  // included, holds, and the value c + k·δ of every variable (indexed by Var, slacks included).
  std::vector<mpq_class> concrete_model() const;
  // The δ that concrete_model() uses.
  mpq_class concrete_delta() const;

  const Stats& stats() const { return stats_; }
  size_t num_vars() const { return value_.size(); }
  size_t num_rows() const { return rows_.size(); }

  // Read-only view for independent checkers and tests.
  bool is_slack(Var v) const { return is_slack_[v] != 0; }
  // The ORIGINAL definition of a slack over structural variables (not the current tableau row);
  // empty for a structural variable (and for a slack defined as the empty sum).
  std::span<const std::pair<Var, mpq_class>> row_definition(Var slack) const {
    return definition_[slack];
  }
  bool has_lower(Var v) const { return lower_[v].present; }
  bool has_upper(Var v) const { return upper_[v].present; }
  const DeltaRational& lower(Var v) const { return lower_[v].value; }  // requires has_lower
  const DeltaRational& upper(Var v) const { return upper_[v].value; }  // requires has_upper
  Reason lower_reason(Var v) const { return lower_[v].reason; }
  Reason upper_reason(Var v) const { return upper_[v].reason; }
  bool is_basic(Var v) const { return row_of_[v] >= 0; }
  // The current tableau row of a basic variable: f(var, coeff) for every entry of
  // basic = Σ coeff·var (all vars nonbasic, coefficients non-zero). Requires is_basic(basic).
  // For cuts and integer tests on the final tableau (LraTheory); the row changes with pivots.
  template <class F>
  void for_each_row_entry(Var basic, F&& f) const {
    for (const RowEntry& e : rows_[row_of_[basic]].entries) f(e.var, e.coeff);
  }

  // Pivots per check() before switching to Bland's rule (0: Bland's rule from the start).
  void set_bland_threshold(uint64_t pivots) { bland_threshold_ = pivots; }

  // Debugging aid (tests): tableau/column lists consistent, every row equation holds for the
  // current values, nonbasic variables within their bounds. Returns an empty string if so.
  std::string check_invariants() const;

 private:
  struct Bound {
    DeltaRational value;
    Reason reason = 0;
    bool present = false;
  };
  struct RowEntry {
    Var var;
    uint32_t col_pos;  // index of the matching ColEntry in cols_[var]
    mpq_class coeff;
  };
  struct ColEntry {
    uint32_t row;
    uint32_t pos;  // index of the matching RowEntry in rows_[row].entries
  };
  struct Row {  // basic = Σ coeff·var over nonbasic variables
    Var basic;
    std::vector<RowEntry> entries;
  };
  struct TrailEntry {
    Var var;
    bool upper;
    Bound old;
  };

  bool assert_bound(Var v, const DeltaRational& b, Reason r, bool upper);
  bool violates(Var v) const;
  bool below_lower(Var v) const { return lower_[v].present && value_[v] < lower_[v].value; }
  bool above_upper(Var v) const { return upper_[v].present && value_[v] > upper_[v].value; }
  void enqueue_if_violated(Var v);
  Var pop_violated();  // smallest violated basic variable, or kNone
  void update(Var nonbasic, const DeltaRational& v);
  void pivot(uint32_t row, uint32_t pos);
  void add_entry(uint32_t row, Var v, mpq_class coeff);
  void remove_entry(uint32_t row, uint32_t pos);
  void remove_col_entry(Var v, uint32_t col_pos);
  void add_row_multiple(uint32_t target, uint32_t source, const mpq_class& factor);
  void explain_row(uint32_t row, bool below);
  Var new_variable();

  static constexpr Var kNone = UINT32_MAX;

  // Per variable (flat, indexed by Var).
  std::vector<DeltaRational> value_;
  std::vector<Bound> lower_, upper_;
  std::vector<int32_t> row_of_;  // row where the variable is basic, or -1
  std::vector<std::vector<ColEntry>> cols_;
  std::vector<std::vector<std::pair<Var, mpq_class>>> definition_;
  std::vector<uint8_t> is_slack_;
  std::vector<uint8_t> in_heap_;
  std::vector<uint32_t> scratch_pos_;  // pivot: var -> 1 + position in the target row, else 0

  std::vector<Row> rows_;
  std::vector<Var> heap_;  // min-heap of possibly violated basic variables (lazy deletion)
  std::vector<TrailEntry> trail_;
  std::vector<size_t> levels_;
  Conflict conflict_;
  Stats stats_;
  uint64_t bland_threshold_ = 1000;
};

}  // namespace craig::lra
