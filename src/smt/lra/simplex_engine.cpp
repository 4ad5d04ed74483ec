// Simplex after Dutertre & de Moura CAV'06 (Section 3: Check, PivotAndUpdate, Update), over
// integer tableau rows (simplex_engine.hpp).
#include "smt/lra/simplex_engine.hpp"

#include <algorithm>
#include <cassert>
#include <functional>

namespace craig::lra {

namespace {

// Sorts by variable, adds up repeated variables and drops zero coefficients. (The coefficients
// are canonical gmpxx rationals, as everywhere; a sum of one term is only copied.)
void normalize(std::vector<std::pair<uint32_t, mpq_class>>& terms) {
    std::sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
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

template <class A>
typename SimplexEngine<A>::Var SimplexEngine<A>::new_variable() {
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

template <class A>
typename SimplexEngine<A>::Var SimplexEngine<A>::new_var() {
    return new_variable();
}

template <class A>
typename SimplexEngine<A>::Var SimplexEngine<A>::new_row(std::span<const std::pair<Var, mpq_class>> row) {
    // Both the tableau row (over the current nonbasic variables) and the original definition
    // (over structural variables) are built, in GMP rationals, before the new variable exists.
    std::vector<std::pair<Var, mpq_class>> tab, def;
    for (const auto& [v, c] : row) {
        assert(v < num_vars() && "new_row: unknown variable");
        if (sgn(c) == 0) continue;
        if (row_of_[v] >= 0) {
            const Row& r = rows_[row_of_[v]];
            mpq_class f = c / A::to_mpq(r.den);
            for (const RowEntry& e : r.entries) tab.emplace_back(e.var, f * A::to_mpq(e.coeff));
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
    // s = Σ q·x  becomes  L·s = Σ (q·L)·x with L the lcm of the denominators; then
    // gcd(L, q·L, ...) = 1 already (for every prime, some q has its full power of L).
    mpz_class lcm = 1;
    for (const auto& [v, q] : tab) mpz_lcm(lcm.get_mpz_t(), lcm.get_mpz_t(), q.get_den_mpz_t());

    Var s = new_variable();
    is_slack_[s] = 1;
    definition_[s] = std::move(def);
    auto r = static_cast<uint32_t>(rows_.size());
    rows_.push_back(Row{s, A::integer(lcm), {}});
    rows_[r].entries.reserve(tab.size());
    row_of_[s] = static_cast<int32_t>(r);
    Delta val;
    for (auto& [v, q] : tab) {
        val.add_scaled(value_[v], A::rat(q));
        mpz_class a = q.get_num() * (lcm / q.get_den());
        add_entry(r, v, A::integer(a));
    }
    value_[s] = std::move(val);
    return s;
}

// ---------------------------------------------------------------------------------------------
// Bounds and backtracking

template <class A>
bool SimplexEngine<A>::assert_bound(Var v, const DeltaRational& bound, Reason r, bool upper) {
    assert(v < num_vars());
    Bound& mine = upper ? upper_[v] : lower_[v];
    const Bound& other = upper ? lower_[v] : upper_[v];
    Delta b = from_delta_rational(bound);
    if (mine.present && (upper ? mine.value <= b : mine.value >= b)) return true;  // not tighter
    if (other.present && (upper ? b < other.value : b > other.value)) {
        // v <= u and -v <= -l sum up to 0 <= u - l < 0.
        conflict_.farkas.clear();
        conflict_.bounds.clear();
        conflict_.farkas.emplace_back(r, 1);
        conflict_.bounds.push_back(SimplexBoundRef{v, upper, bound});
        conflict_.farkas.emplace_back(other.reason, 1);
        conflict_.bounds.push_back(SimplexBoundRef{v, !upper, to_delta_rational(other.value)});
        ++stats_.conflicts;
        return false;
    }
    if (!levels_.empty()) trail_.push_back(TrailEntry{v, upper, mine});
    mine.value = std::move(b);
    mine.reason = r;
    mine.present = true;
    if (row_of_[v] < 0) {
        // Nonbasic variables stay within their bounds (CAV'06, AssertUpper/AssertLower).
        if (upper ? value_[v] > mine.value : value_[v] < mine.value) update(v, mine.value);
    } else {
        enqueue_if_violated(v);
    }
    return true;
}

template <class A>
void SimplexEngine<A>::pop() {
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

template <class A>
void SimplexEngine<A>::enqueue_if_violated(Var v) {
    if (in_heap_[v] || row_of_[v] < 0 || !violates(v)) return;
    in_heap_[v] = 1;
    heap_.push_back(v);
    std::push_heap(heap_.begin(), heap_.end(), std::greater<Var>());
}

template <class A>
typename SimplexEngine<A>::Var SimplexEngine<A>::pop_violated() {
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

template <class A>
void SimplexEngine<A>::add_entry(uint32_t row, Var v, Int coeff) {
    auto& es = rows_[row].entries;
    auto pos = static_cast<uint32_t>(es.size());
    es.push_back(RowEntry{v, static_cast<uint32_t>(cols_[v].size()), std::move(coeff)});
    cols_[v].push_back(ColEntry{row, pos});
}

template <class A>
void SimplexEngine<A>::remove_col_entry(Var v, uint32_t col_pos) {
    auto& col = cols_[v];
    if (col_pos + 1 != col.size()) {
        col[col_pos] = col.back();
        rows_[col[col_pos].row].entries[col[col_pos].pos].col_pos = col_pos;
    }
    col.pop_back();
}

template <class A>
void SimplexEngine<A>::remove_entry(uint32_t row, uint32_t pos) {
    auto& es = rows_[row].entries;
    remove_col_entry(es[pos].var, es[pos].col_pos);
    if (pos + 1 != es.size()) {
        es[pos] = std::move(es.back());
        cols_[es[pos].var][es[pos].col_pos].pos = pos;
    }
    es.pop_back();
}

// Divides the row by the gcd of its denominator and coefficients (usually 1, found early).
template <class A>
void SimplexEngine<A>::normalize_row(uint32_t r) {
    Row& row = rows_[r];
    if (A::is_one(row.den)) return;
    Int g = row.den;
    for (const RowEntry& e : row.entries) {
        g = A::gcd(g, e.coeff);
        if (A::is_one(g)) return;
    }
    A::divexact(row.den, g);
    for (RowEntry& e : row.entries) A::divexact(e.coeff, g);
}

// The target row mentioned the source row's basic variable xs with coefficient a (its entry is
// already removed): with  d_t·b = a·xs + Σ t·x  and  d_s·xs = Σ s·x,  multiplying the target by
// m = d_s/g (g = gcd(a, d_s)) and adding n = a/g times the source gives
//   (d_t·m)·b = Σ (t·m + s·n)·x,
// over the same nonbasic variables, then divided by its content.
template <class A>
void SimplexEngine<A>::eliminate(uint32_t target, uint32_t source, const Int& a) {
    Row& trow = rows_[target];
    const Row& srow = rows_[source];
    Int g = A::gcd(a, srow.den);
    Int m = srow.den, n = a;
    A::divexact(m, g);
    A::divexact(n, g);
    const bool scale = !A::is_one(m);
    if (scale) A::scale(trow.den, m);
    auto& t = trow.entries;
    for (uint32_t i = 0; i < t.size(); ++i) scratch_pos_[t[i].var] = i + 1;
    for (const RowEntry& e : srow.entries) {
        uint32_t p = scratch_pos_[e.var];
        if (p != 0) {
            if (scale)
                A::combine(t[p - 1].coeff, m, e.coeff, n);
            else
                A::add_mul(t[p - 1].coeff, e.coeff, n);
        } else {
            Int c = e.coeff;
            A::scale(c, n);
            add_entry(target, e.var, std::move(c));
        }
        scratch_pos_[e.var] = kDone;
    }
    for (RowEntry& e : t) {
        if (scale && scratch_pos_[e.var] != kDone) A::scale(e.coeff, m);
        scratch_pos_[e.var] = 0;
        stats_.work += A::cost(e.coeff);
    }
    for (auto i = static_cast<uint32_t>(t.size()); i-- > 0;)
        if (sgn(t[i].coeff) == 0) remove_entry(target, i);
    normalize_row(target);
}

// Sets nonbasic x to v and moves the basic variables that depend on it (CAV'06, Update).
template <class A>
void SimplexEngine<A>::update(Var x, const Delta& v) {
    Delta delta = v;
    delta -= value_[x];
    value_[x] = v;
    for (const ColEntry& ce : cols_[x]) {
        const Row& row = rows_[ce.row];
        stats_.work += A::cost(row.entries[ce.pos].coeff) + A::cost(row.den);
        value_[row.basic].add_scaled(delta, A::ratio(row.entries[ce.pos].coeff, row.den));
        enqueue_if_violated(row.basic);
    }
}

// Exchanges the basic variable of `row` with the nonbasic variable at entry `pos`.
template <class A>
void SimplexEngine<A>::pivot(uint32_t r, uint32_t pos) {
    Row& row = rows_[r];  // rows_ is not resized below
    Var xi = row.basic;
    Var xj = row.entries[pos].var;
    // d·xi = a·xj + Σ c·x   becomes   |a|·xj = σ·d·xi - σ·Σ c·x  with σ the sign of a
    // (same absolute values, so the row stays reduced).
    const bool positive = sgn(row.entries[pos].coeff) > 0;
    remove_col_entry(xj, row.entries[pos].col_pos);
    row.entries[pos].var = xi;
    row.entries[pos].col_pos = static_cast<uint32_t>(cols_[xi].size());
    cols_[xi].push_back(ColEntry{r, pos});
    std::swap(row.den, row.entries[pos].coeff);  // den = a, entry = d
    if (positive) {
        for (uint32_t i = 0; i < row.entries.size(); ++i)
            if (i != pos) A::negate(row.entries[i].coeff);
    } else {
        A::negate(row.den);
        A::negate(row.entries[pos].coeff);
    }
    row.basic = xj;
    row_of_[xj] = static_cast<int32_t>(r);
    row_of_[xi] = -1;
    // Substitute xj in every other row that mentions it.
    Int a;
    while (!cols_[xj].empty()) {
        ColEntry ce = cols_[xj].back();
        std::swap(a, rows_[ce.row].entries[ce.pos].coeff);
        remove_entry(ce.row, ce.pos);
        eliminate(ce.row, r, a);
    }
}

// ---------------------------------------------------------------------------------------------
// Check

// The row of a basic variable xi that cannot be repaired: every nonbasic variable is at the
// bound that limits xi. The row identity d·xi - Σ a·x = 0 combines the bound of xi (weight d)
// with those bounds (weights |a|).
template <class A>
void SimplexEngine<A>::explain_row(uint32_t r, bool below) {
    conflict_.farkas.clear();
    conflict_.bounds.clear();
    const Row& row = rows_[r];
    Var xi = row.basic;
    const Bound& own = below ? lower_[xi] : upper_[xi];
    conflict_.farkas.emplace_back(own.reason, A::to_mpq(row.den));
    conflict_.bounds.push_back(SimplexBoundRef{xi, !below, to_delta_rational(own.value)});
    for (const RowEntry& e : row.entries) {
        bool use_upper = below == (sgn(e.coeff) > 0);
        const Bound& b = use_upper ? upper_[e.var] : lower_[e.var];
        assert(b.present);
        mpq_class lambda = A::to_mpq(e.coeff);
        mpq_abs(lambda.get_mpq_t(), lambda.get_mpq_t());
        conflict_.farkas.emplace_back(b.reason, std::move(lambda));
        conflict_.bounds.push_back(SimplexBoundRef{e.var, use_upper, to_delta_rational(b.value)});
    }
}

template <class A>
bool SimplexEngine<A>::check() {
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
            const bool can_move = increase ? !upper_[e.var].present || value_[e.var] < upper_[e.var].value
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
        // PivotAndUpdate: move xj by θ = (bound - xi)·d/a so that xi lands exactly on its violated
        // bound, then pivot.
        Delta target = (below ? lower_[xi] : upper_[xi]).value;
        target -= value_[xi];
        target *= A::ratio(row.den, row.entries[best].coeff);
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
template <class A>
mpq_class SimplexEngine<A>::concrete_delta() const {
    Rat delta = 1;
    auto limit = [&delta](const Delta& lo, const Delta& hi) {
        // lo <= hi lexicographically; keep lo.c + lo.k·δ <= hi.c + hi.k·δ.
        if (lo.c() < hi.c() && lo.k() > hi.k()) {
            Rat d = hi.c() - lo.c();
            d /= lo.k() - hi.k();
            if (d < delta) delta = d;
        }
    };
    for (Var v = 0; v < num_vars(); ++v) {
        if (lower_[v].present) limit(lower_[v].value, value_[v]);
        if (upper_[v].present) limit(value_[v], upper_[v].value);
    }
    return A::to_mpq(delta);
}

template <class A>
std::vector<mpq_class> SimplexEngine<A>::concrete_model() const {
    Rat delta = A::rat(concrete_delta());
    std::vector<mpq_class> out;
    out.reserve(num_vars());
    for (Var v = 0; v < num_vars(); ++v) out.push_back(A::to_mpq(value_[v].concretize(delta)));
    return out;
}

template <class A>
std::vector<std::pair<typename SimplexEngine<A>::Var, mpq_class>> SimplexEngine<A>::row_of_basic(Var basic) const {
    std::vector<std::pair<Var, mpq_class>> out;
    if (row_of_[basic] < 0) return out;
    const Row& row = rows_[row_of_[basic]];
    mpq_class den = A::to_mpq(row.den);
    for (const RowEntry& e : row.entries) out.emplace_back(e.var, A::to_mpq(e.coeff) / den);
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

// Bounds implied by a current row, read as the integer equation Σ c_k·y_k = 0 with c = -den for
// the basic variable and the entries' coefficients for the others (it holds for every value the
// row's variables can take, whatever the pivots made of it). With low = Σ c_k·(c_k > 0 ? lower :
// upper)(y_k), c_t·y_t = -Σ_{k≠t} c_k·y_k <= -(low - c_t·own_t): an upper bound on y_t for
// c_t > 0, a lower one for c_t < 0; high the other way round. Only bounds strictly tighter than
// the variable's own are reported, so a row that implies nothing new costs its sums only.
template <class A>
void SimplexEngine<A>::row_implied_bounds(Var basic, std::span<const uint8_t> wanted,
                                          std::vector<SimplexImpliedBound>& out) {
    if (row_of_[basic] < 0) return;
    const Row& row = rows_[row_of_[basic]];
    const size_t n = row.entries.size() + 1;
    // Term k: k == 0 the basic variable with -den, else entry k - 1.
    auto var_at = [&](size_t k) { return k == 0 ? basic : row.entries[k - 1].var; };
    auto sign_at = [&](size_t k) { return k == 0 ? -1 : sgn(row.entries[k - 1].coeff); };
    // The bound term k contributes to low (lower_side) or high: present?
    auto side_bound = [&](size_t k, bool lower_side) -> const Bound& {
        const bool pos = sign_at(k) > 0;
        return (lower_side == pos) ? lower_[var_at(k)] : upper_[var_at(k)];
    };
    size_t low_missing = 0, high_missing = 0, low_gap = 0, high_gap = 0;
    for (size_t k = 0; k < n; ++k) {
        if (!side_bound(k, true).present) ++low_missing, low_gap = k;
        if (!side_bound(k, false).present) ++high_missing, high_gap = k;
        if (low_missing > 1 && high_missing > 1) return;
    }
    bool any = false;
    for (size_t k = 0; k < n && !any; ++k) {
        const Var y = var_at(k);
        any = y < wanted.size() && wanted[y];
    }
    if (!any) return;
    const Rat den = A::rat(row.den);
    auto coeff_at = [&](size_t k) { return k == 0 ? -den : A::rat(row.entries[k - 1].coeff); };
    auto sum = [&](Delta& into, bool lower_side) {
        into = Delta();
        for (size_t k = 0; k < n; ++k) {
            const Bound& b = side_bound(k, lower_side);
            if (b.present) into.add_scaled(b.value, coeff_at(k));
        }
    };
    const bool low_ok = low_missing <= 1, high_ok = high_missing <= 1;
    if (low_ok) sum(implied_low_, true);
    if (high_ok) sum(implied_high_, false);
    for (size_t t = 0; t < n; ++t) {
        const Var y = var_at(t);
        if (y >= wanted.size() || !wanted[y]) continue;
        const bool pos = sign_at(t) > 0;
        const Rat ct = coeff_at(t);
        for (const bool lower_side : {true, false}) {
            const size_t missing = lower_side ? low_missing : high_missing;
            const size_t gap = lower_side ? low_gap : high_gap;
            if (!(lower_side ? low_ok : high_ok) || (missing == 1 && gap != t)) continue;
            // rest = the sum without t's own part; y_t's bound = -rest / c_t.
            implied_tmp_ = lower_side ? implied_low_ : implied_high_;
            const Bound& own_part = side_bound(t, lower_side);
            if (missing == 0) implied_tmp_.add_scaled(own_part.value, -ct);
            implied_tmp_ /= -ct;
            // From the lower sums: y_t <= b for c_t > 0, >= b for c_t < 0; from the upper sums the
            // other way round.
            const bool upper = lower_side == pos;
            const Bound& own = upper ? upper_[y] : lower_[y];
            if (own.present && (upper ? !(implied_tmp_ < own.value) : !(implied_tmp_ > own.value))) continue;
            out.push_back(SimplexImpliedBound{y, upper, to_delta_rational(implied_tmp_)});
        }
    }
}

// The bounds row_implied_bounds used for target's bound on side `upper`, with the weights |c_k|
// (the weight of the target's negated bound is |c_t|, appended last with reason 0).
template <class A>
void SimplexEngine<A>::row_bound_reason(Var basic, Var target, bool upper, std::vector<SimplexBoundUse>& out) const {
    out.clear();
    const Row& row = rows_[row_of_[basic]];
    const size_t n = row.entries.size() + 1;
    auto var_at = [&](size_t k) { return k == 0 ? basic : row.entries[k - 1].var; };
    auto coeff_at = [&](size_t k) { return k == 0 ? -A::to_mpq(row.den) : A::to_mpq(row.entries[k - 1].coeff); };
    mpq_class target_weight;
    bool lower_side = true;
    for (size_t k = 0; k < n; ++k)
        if (var_at(k) == target) {
            const mpq_class c = coeff_at(k);
            lower_side = upper == (sgn(c) > 0);
            target_weight = abs(c);
        }
    for (size_t k = 0; k < n; ++k) {
        const Var y = var_at(k);
        if (y == target) continue;
        const mpq_class c = coeff_at(k);
        const bool use_upper = lower_side != (sgn(c) > 0);
        const Bound& b = use_upper ? upper_[y] : lower_[y];
        assert(b.present);
        out.push_back(SimplexBoundUse{b.reason, y, use_upper, abs(c)});
    }
    out.push_back(SimplexBoundUse{0, target, !upper, std::move(target_weight)});
}

// The row as the integer equation -den·basic + Σ coeff·x = 0. With C the sum over the variables
// fixed at integers and g the gcd of the other coefficients, the free part must equal -C,
// impossible over the integers when g does not divide C. Scaling the row does not change C/g,
// so this agrees with the lemma builder (int_cuts.cpp), which works on the reduced row.
template <class A>
bool SimplexEngine<A>::gcd_test_fails(Var basic, std::span<const uint8_t> is_int) const {
    if (row_of_[basic] < 0 || !is_int[basic]) return false;
    const Row& row = rows_[row_of_[basic]];
    Rat constant = 0;
    Int g = 0;
    bool any_fixed = false;
    auto add = [&](Var x, const Int& a) {
        const Delta& l = lower_[x].value;
        if (is_fixed(x) && sgn(l.k()) == 0 && A::is_integer(l.c())) {
            any_fixed = true;
            constant += A::rat(a) * l.c();
        } else {
            g = A::gcd(g, a);
        }
    };
    Int minus_den = row.den;
    A::negate(minus_den);
    add(basic, minus_den);
    for (const RowEntry& e : row.entries) {
        if (!is_int[e.var]) return false;
        add(e.var, e.coeff);
    }
    if (!any_fixed || sgn(g) == 0) return false;
    return !A::is_integer(constant / A::rat(g));
}

template <class A>
uint64_t SimplexEngine<A>::gmp_numbers() const {
    uint64_t n = 0;
    auto delta = [](const Delta& d) { return uint64_t{A::in_gmp(d.c())} + A::in_gmp(d.k()); };
    for (const Row& row : rows_) {
        n += A::in_gmp(row.den);
        for (const RowEntry& e : row.entries) n += A::in_gmp(e.coeff);
    }
    for (Var v = 0; v < num_vars(); ++v) {
        n += delta(value_[v]);
        if (lower_[v].present) n += delta(lower_[v].value);
        if (upper_[v].present) n += delta(upper_[v].value);
    }
    return n;
}

// ---------------------------------------------------------------------------------------------
// Invariants (tests)

template <class A>
std::string SimplexEngine<A>::check_invariants() const {
    auto var = [](Var v) {  // not "v" + to_string: GCC 12 -Wrestrict false positive
        std::string s("v");
        s.append(std::to_string(v));
        return s;
    };
    for (uint32_t r = 0; r < rows_.size(); ++r) {
        const Row& row = rows_[r];
        if (row_of_[row.basic] != static_cast<int32_t>(r)) return "row_of mismatch for " + var(row.basic);
        if (sgn(row.den) <= 0) return "row denominator not positive for " + var(row.basic);
        Delta sum;
        Int content = row.den;
        for (uint32_t i = 0; i < row.entries.size(); ++i) {
            const RowEntry& e = row.entries[i];
            if (row_of_[e.var] >= 0) return "basic " + var(e.var) + " inside a row";
            if (sgn(e.coeff) == 0) return "zero coefficient";
            if (e.col_pos >= cols_[e.var].size() || cols_[e.var][e.col_pos].row != r ||
                cols_[e.var][e.col_pos].pos != i)
                return "column back-pointer broken for " + var(e.var);
            sum.add_scaled(value_[e.var], A::rat(e.coeff));
            content = A::gcd(content, e.coeff);
        }
        if (!A::is_one(content)) return "row of " + var(row.basic) + " not reduced";
        if (sum != value_[row.basic] * A::rat(row.den)) return "row equation violated for " + var(row.basic);
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
            Delta sum;
            for (const auto& [w, c] : definition_[v]) sum.add_scaled(value_[w], A::rat(c));
            if (sum != value_[v]) return "definition violated for " + var(v);
        }
    }
    if (col_entries != row_entries) return "row and column entry counts differ";
    return {};
}

template class SimplexEngine<GmpArith>;
template class SimplexEngine<FastArith>;

}  // namespace craig::lra
