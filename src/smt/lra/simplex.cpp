// Simplex after Dutertre & de Moura CAV'06 (Section 3: Check, PivotAndUpdate, Update).
#include "smt/lra/simplex.hpp"

#include <algorithm>
#include <cassert>
#include <functional>

namespace craig::lra {

namespace {

// Sorts by variable, adds up repeated variables and drops zero coefficients.
void normalize(std::vector<std::pair<Simplex::Var, mpq_class>>& terms) {
  std::sort(terms.begin(), terms.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  size_t out = 0;
  for (size_t i = 0; i < terms.size();) {
    size_t j = i + 1;
    mpq_class sum = terms[i].second;
    while (j < terms.size() && terms[j].first == terms[i].first) sum += terms[j++].second;
    if (sgn(sum) != 0) terms[out++] = {terms[i].first, std::move(sum)};
    i = j;
  }
  terms.resize(out);
}

}  // namespace

Simplex::Var Simplex::new_variable() {
  Var v = static_cast<Var>(value_.size());
  value_.emplace_back();
  lower_.emplace_back();
  upper_.emplace_back();
  row_of_.push_back(-1);
  cols_.emplace_back();
  definition_.emplace_back();
  is_slack_.push_back(0);
  in_heap_.push_back(0);
  scratch_pos_.push_back(0);
  return v;
}

Simplex::Var Simplex::new_var() { return new_variable(); }

Simplex::Var Simplex::new_row(std::span<const std::pair<Var, mpq_class>> row) {
  // Both the tableau row (over the current nonbasic variables) and the original definition
  // (over structural variables) are built before the new variable exists.
  std::vector<std::pair<Var, mpq_class>> tab, def;
  for (const auto& [v, c] : row) {
    assert(v < num_vars() && "new_row: unknown variable");
    if (sgn(c) == 0) continue;
    if (row_of_[v] >= 0) {
      for (const RowEntry& e : rows_[row_of_[v]].entries) tab.emplace_back(e.var, c * e.coeff);
    } else {
      tab.emplace_back(v, c);
    }
    if (is_slack_[v]) {
      for (const auto& [w, d] : definition_[v]) def.emplace_back(w, c * d);
    } else {
      def.emplace_back(v, c);
    }
  }
  normalize(tab);
  normalize(def);

  Var s = new_variable();
  is_slack_[s] = 1;
  definition_[s] = std::move(def);
  auto r = static_cast<uint32_t>(rows_.size());
  rows_.push_back(Row{s, {}});
  rows_[r].entries.reserve(tab.size());
  row_of_[s] = static_cast<int32_t>(r);
  DeltaRational val;
  for (auto& [v, c] : tab) {
    val.add_scaled(value_[v], c);
    add_entry(r, v, std::move(c));
  }
  value_[s] = std::move(val);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Bounds and backtracking

bool Simplex::assert_upper(Var v, const DeltaRational& b, Reason r) {
  return assert_bound(v, b, r, true);
}
bool Simplex::assert_lower(Var v, const DeltaRational& b, Reason r) {
  return assert_bound(v, b, r, false);
}

bool Simplex::assert_bound(Var v, const DeltaRational& b, Reason r, bool upper) {
  assert(v < num_vars());
  Bound& mine = upper ? upper_[v] : lower_[v];
  const Bound& other = upper ? lower_[v] : upper_[v];
  if (mine.present && (upper ? mine.value <= b : mine.value >= b)) return true;  // not tighter
  if (other.present && (upper ? b < other.value : b > other.value)) {
    // v <= u and -v <= -l sum up to 0 <= u - l < 0.
    conflict_.farkas.clear();
    conflict_.bounds.clear();
    conflict_.farkas.emplace_back(r, 1);
    conflict_.bounds.push_back(BoundRef{v, upper, b});
    conflict_.farkas.emplace_back(other.reason, 1);
    conflict_.bounds.push_back(BoundRef{v, !upper, other.value});
    ++stats_.conflicts;
    return false;
  }
  if (!levels_.empty()) trail_.push_back(TrailEntry{v, upper, mine});
  mine.value = b;
  mine.reason = r;
  mine.present = true;
  if (row_of_[v] < 0) {
    // Nonbasic variables stay within their bounds (CAV'06, AssertUpper/AssertLower).
    if (upper ? value_[v] > b : value_[v] < b) update(v, b);
  } else {
    enqueue_if_violated(v);
  }
  return true;
}

void Simplex::push() { levels_.push_back(trail_.size()); }

void Simplex::pop() {
  assert(!levels_.empty() && "pop without push");
  size_t mark = levels_.back();
  levels_.pop_back();
  while (trail_.size() > mark) {
    TrailEntry& t = trail_.back();
    (t.upper ? upper_ : lower_)[t.var] = std::move(t.old);
    trail_.pop_back();
  }
  // Bounds only got looser: nonbasic values remain within bounds, and every basic variable that
  // is still violated is still in the heap.
}

// ---------------------------------------------------------------------------------------------
// Violated basic variables: a min-heap by index (Bland's rule picks the smallest), with lazy
// deletion. Invariant: every basic variable outside its bounds is in the heap.

bool Simplex::violates(Var v) const { return below_lower(v) || above_upper(v); }

void Simplex::enqueue_if_violated(Var v) {
  if (in_heap_[v] || row_of_[v] < 0 || !violates(v)) return;
  in_heap_[v] = 1;
  heap_.push_back(v);
  std::push_heap(heap_.begin(), heap_.end(), std::greater<Var>());
}

Simplex::Var Simplex::pop_violated() {
  while (!heap_.empty()) {
    std::pop_heap(heap_.begin(), heap_.end(), std::greater<Var>());
    Var v = heap_.back();
    heap_.pop_back();
    in_heap_[v] = 0;
    if (row_of_[v] >= 0 && violates(v)) return v;
  }
  return kNone;
}

// ---------------------------------------------------------------------------------------------
// Tableau maintenance

void Simplex::add_entry(uint32_t row, Var v, mpq_class coeff) {
  auto& es = rows_[row].entries;
  auto pos = static_cast<uint32_t>(es.size());
  es.push_back(RowEntry{v, static_cast<uint32_t>(cols_[v].size()), std::move(coeff)});
  cols_[v].push_back(ColEntry{row, pos});
}

void Simplex::remove_col_entry(Var v, uint32_t col_pos) {
  auto& col = cols_[v];
  if (col_pos + 1 != col.size()) {
    col[col_pos] = col.back();
    rows_[col[col_pos].row].entries[col[col_pos].pos].col_pos = col_pos;
  }
  col.pop_back();
}

void Simplex::remove_entry(uint32_t row, uint32_t pos) {
  auto& es = rows_[row].entries;
  remove_col_entry(es[pos].var, es[pos].col_pos);
  if (pos + 1 != es.size()) {
    es[pos] = std::move(es.back());
    cols_[es[pos].var][es[pos].col_pos].pos = pos;
  }
  es.pop_back();
}

// target += factor · source, on rows over the same nonbasic variables.
void Simplex::add_row_multiple(uint32_t target, uint32_t source, const mpq_class& factor) {
  auto& t = rows_[target].entries;
  for (uint32_t i = 0; i < t.size(); ++i) scratch_pos_[t[i].var] = i + 1;
  for (const RowEntry& e : rows_[source].entries) {
    uint32_t p = scratch_pos_[e.var];
    if (p != 0) {
      t[p - 1].coeff += factor * e.coeff;
    } else {
      add_entry(target, e.var, factor * e.coeff);
      scratch_pos_[e.var] = static_cast<uint32_t>(t.size());
    }
  }
  for (const RowEntry& e : t) scratch_pos_[e.var] = 0;
  for (auto i = static_cast<uint32_t>(t.size()); i-- > 0;)
    if (sgn(t[i].coeff) == 0) remove_entry(target, i);
}

// Sets nonbasic x to v and moves the basic variables that depend on it (CAV'06, Update).
void Simplex::update(Var x, const DeltaRational& v) {
  DeltaRational delta = v - value_[x];
  value_[x] = v;
  for (const ColEntry& ce : cols_[x]) {
    const Row& row = rows_[ce.row];
    value_[row.basic].add_scaled(delta, row.entries[ce.pos].coeff);
    enqueue_if_violated(row.basic);
  }
}

// Exchanges the basic variable of `row` with the nonbasic variable at entry `pos`.
void Simplex::pivot(uint32_t r, uint32_t pos) {
  Row& row = rows_[r];  // rows_ is not resized below
  Var xi = row.basic;
  Var xj = row.entries[pos].var;
  // xi = a·xj + Σ c·x   becomes   xj = (1/a)·xi - Σ (c/a)·x.
  mpq_class inv = 1 / row.entries[pos].coeff;
  remove_col_entry(xj, row.entries[pos].col_pos);
  row.entries[pos].var = xi;
  row.entries[pos].col_pos = static_cast<uint32_t>(cols_[xi].size());
  cols_[xi].push_back(ColEntry{r, pos});
  for (uint32_t i = 0; i < row.entries.size(); ++i) {
    mpq_class& c = row.entries[i].coeff;
    if (i == pos) {
      c = inv;
    } else {
      c *= inv;
      mpq_neg(c.get_mpq_t(), c.get_mpq_t());
    }
  }
  row.basic = xj;
  row_of_[xj] = static_cast<int32_t>(r);
  row_of_[xi] = -1;
  // Substitute xj in every other row that mentions it.
  mpq_class factor;
  while (!cols_[xj].empty()) {
    ColEntry ce = cols_[xj].back();
    std::swap(factor, rows_[ce.row].entries[ce.pos].coeff);
    remove_entry(ce.row, ce.pos);
    add_row_multiple(ce.row, r, factor);
  }
}

// ---------------------------------------------------------------------------------------------
// Check

// The row of a basic variable xi that cannot be repaired: every nonbasic variable is at the
// bound that limits xi. The row identity xi - Σ a·x = 0 combines the bound of xi with those bounds.
void Simplex::explain_row(uint32_t r, bool below) {
  conflict_.farkas.clear();
  conflict_.bounds.clear();
  const Row& row = rows_[r];
  Var xi = row.basic;
  const Bound& own = below ? lower_[xi] : upper_[xi];
  conflict_.farkas.emplace_back(own.reason, 1);
  conflict_.bounds.push_back(BoundRef{xi, !below, own.value});
  for (const RowEntry& e : row.entries) {
    bool use_upper = below == (sgn(e.coeff) > 0);
    const Bound& b = use_upper ? upper_[e.var] : lower_[e.var];
    assert(b.present);
    conflict_.farkas.emplace_back(b.reason, abs(e.coeff));
    conflict_.bounds.push_back(BoundRef{e.var, use_upper, b.value});
  }
}

bool Simplex::check() {
  ++stats_.checks;
  uint64_t pivots = 0;
  bool bland = false;
  for (;;) {
    Var xi = pop_violated();
    if (xi == kNone) return true;
    if (!bland && pivots >= bland_threshold_) {
      bland = true;
      ++stats_.bland_switches;
    }
    auto r = static_cast<uint32_t>(row_of_[xi]);
    const bool below = below_lower(xi);
    const Row& row = rows_[r];
    // Entering variable: one that can move xi towards its violated bound. Heuristic: the
    // sparsest column (cheapest pivot); Bland's rule: the smallest index.
    uint32_t best = UINT32_MAX;
    Var best_var = kNone;
    size_t best_cost = SIZE_MAX;
    for (uint32_t i = 0; i < row.entries.size(); ++i) {
      const RowEntry& e = row.entries[i];
      const bool increase = below == (sgn(e.coeff) > 0);
      const bool can_move = increase
                                ? !upper_[e.var].present || value_[e.var] < upper_[e.var].value
                                : !lower_[e.var].present || value_[e.var] > lower_[e.var].value;
      if (!can_move) continue;
      size_t cost = bland ? 0 : cols_[e.var].size();
      if (cost < best_cost || (cost == best_cost && e.var < best_var)) {
        best = i;
        best_var = e.var;
        best_cost = cost;
      }
    }
    if (best == UINT32_MAX) {
      explain_row(r, below);
      enqueue_if_violated(xi);
      ++stats_.conflicts;
      return false;
    }
    // PivotAndUpdate: move xj so that xi lands exactly on its violated bound, then pivot.
    DeltaRational target = (below ? lower_[xi] : upper_[xi]).value;
    target -= value_[xi];
    target /= row.entries[best].coeff;
    target += value_[best_var];
    update(best_var, target);
    pivot(r, best);
    enqueue_if_violated(best_var);
    ++pivots;
    ++stats_.pivots;
  }
}

// ---------------------------------------------------------------------------------------------
// Models

// CAV'06 Section 3.2: for every bound (c_b, k_b) and value (c, k) with (c, k) on the right side,
// a δ with c + k·δ on the same side exists; the smallest such bound over all variables (capped
// at 1) works for all of them at once.
mpq_class Simplex::concrete_delta() const {
  mpq_class delta = 1;
  auto limit = [&delta](const DeltaRational& lo, const DeltaRational& hi) {
    // lo <= hi lexicographically; keep lo.c + lo.k·δ <= hi.c + hi.k·δ.
    if (lo.c() < hi.c() && lo.k() > hi.k()) {
      mpq_class d = (hi.c() - lo.c()) / (lo.k() - hi.k());
      if (d < delta) delta = d;
    }
  };
  for (Var v = 0; v < num_vars(); ++v) {
    if (lower_[v].present) limit(lower_[v].value, value_[v]);
    if (upper_[v].present) limit(value_[v], upper_[v].value);
  }
  return delta;
}

std::vector<mpq_class> Simplex::concrete_model() const {
  mpq_class delta = concrete_delta();
  std::vector<mpq_class> out;
  out.reserve(num_vars());
  for (Var v = 0; v < num_vars(); ++v) out.push_back(value_[v].concretize(delta));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Invariants (tests)

std::string Simplex::check_invariants() const {
  auto var = [](Var v) {  // not "v" + to_string: GCC 12 -Wrestrict false positive
    std::string s("v");
    s.append(std::to_string(v));
    return s;
  };
  for (uint32_t r = 0; r < rows_.size(); ++r) {
    const Row& row = rows_[r];
    if (row_of_[row.basic] != static_cast<int32_t>(r)) return "row_of mismatch for " + var(row.basic);
    DeltaRational sum;
    for (uint32_t i = 0; i < row.entries.size(); ++i) {
      const RowEntry& e = row.entries[i];
      if (row_of_[e.var] >= 0) return "basic " + var(e.var) + " inside a row";
      if (sgn(e.coeff) == 0) return "zero coefficient";
      if (e.col_pos >= cols_[e.var].size() || cols_[e.var][e.col_pos].row != r ||
          cols_[e.var][e.col_pos].pos != i)
        return "column back-pointer broken for " + var(e.var);
      sum.add_scaled(value_[e.var], e.coeff);
    }
    if (sum != value_[row.basic]) return "row equation violated for " + var(row.basic);
  }
  size_t col_entries = 0, row_entries = 0;
  for (const Row& row : rows_) row_entries += row.entries.size();
  for (Var v = 0; v < num_vars(); ++v) {
    col_entries += cols_[v].size();
    for (const ColEntry& ce : cols_[v])
      if (ce.row >= rows_.size() || ce.pos >= rows_[ce.row].entries.size() ||
          rows_[ce.row].entries[ce.pos].var != v)
        return "row back-pointer broken for " + var(v);
    if (row_of_[v] < 0 && violates(v)) return "nonbasic " + var(v) + " outside its bounds";
    if (row_of_[v] >= 0 && violates(v) && !in_heap_[v]) return "violated " + var(v) + " not queued";
    if (is_slack_[v]) {
      DeltaRational sum;
      for (const auto& [w, c] : definition_[v]) sum.add_scaled(value_[w], c);
      if (sum != value_[v]) return "definition violated for " + var(v);
    }
  }
  if (col_entries != row_entries) return "row and column entry counts differ";
  return {};
}

}  // namespace craig::lra
