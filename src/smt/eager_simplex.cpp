#include "smt/eager_simplex.hpp"

#include <algorithm>

namespace craig::smt {

EagerSimplex::Var EagerSimplex::var_of_term(Term t) {
    auto [it, fresh] = var_of_.try_emplace(t.id, 0);
    if (fresh) it->second = simplex_.new_var();
    return it->second;
}

EagerSimplex::Var EagerSimplex::var_of_poly(Term p) {
    if (tm_.kind(p) != Kind::Linear) return var_of_term(p);
    if (auto it = var_of_.find(p.id); it != var_of_.end()) return it->second;
    std::vector<std::pair<Var, mpq_class>> row;
    for (size_t i = 0; i < tm_.num_children(p); ++i) row.emplace_back(var_of_term(tm_.child(p, i)), tm_.coeff(p, i));
    const Var v = simplex_.new_row(row);
    var_of_.emplace(p.id, v);
    return v;
}

bool EagerSimplex::watchable(const TermManager& tm, Term atom) {
    if (EagerBounds::watchable(tm, atom)) return true;
    return tm.kind(atom) == Kind::Eq && tm.is_arith(tm.child(atom, 0)) && tm.is_arith(tm.child(atom, 1));
}

void EagerSimplex::watch(int var, Term atom) {
    if (watch_of_var_.size() <= static_cast<size_t>(var)) watch_of_var_.resize(var + 1, -1);
    if (watch_of_var_[var] != -1) return;
    ++stats_.watched;
    if (awake_) return build(var, atom);
    watch_of_var_[var] = -2;  // dormant
    dormant_.emplace_back(var, atom);
}

void EagerSimplex::wake() {
    if (awake_) return;
    awake_ = true;
    for (auto& [var, atom] : dormant_) {
        watch_of_var_[var] = -1;
        build(var, atom);
    }
    dormant_.clear();
    dormant_.shrink_to_fit();
    // The trail told so far, frame by frame: the simplex is then where it would be had it been
    // awake from the start (a clash stops the replay, as it stops assertions).
    size_t opened = 0;
    for (auto [lit, frame] : dormant_trail_) {
        for (; opened < frame; ++opened) simplex_.push();
        if (conflict_frames_ != SIZE_MAX) continue;
        apply(lit);
        if (clash_) conflict_frames_ = frame;
    }
    for (; opened < frames_.frames(); ++opened) simplex_.push();
    dormant_trail_.clear();
    dormant_trail_.shrink_to_fit();
    window_work_ = simplex_.stats().work;  // building and catching up is not the checks' work
}

void EagerSimplex::build(int var, Term atom) {
    const bool is_int = tm_.sort(tm_.child(atom, 0)) == SortTable::Int && tm_.sort(tm_.child(atom, 1)) == SortTable::Int;
    Term p = tm_.child(atom, 0);
    mpq_class c = 0;
    if (tm_.kind(tm_.child(atom, 1)) == Kind::Numeral)
        c = tm_.numeral(tm_.child(atom, 1));
    else
        p = tm_.mk_sub(p, tm_.child(atom, 1));  // x = y: x - y = 0
    if (tm_.kind(p) == Kind::Numeral) return;   // cannot happen for normalised atoms
    using lra::DeltaRational;
    DeltaRational if_true(c, 0), if_false(c, 0);
    if (tm_.kind(atom) == Kind::Leq)  // not p <= c: p >= c + 1 over the integers, else p > c
        if_false = is_int ? DeltaRational(c + 1, 0) : DeltaRational(c, 1);
    else if (tm_.kind(atom) == Kind::Lt)  // p < c: p <= c - δ; not p < c: p >= c
        if_true = DeltaRational(c, -1);
    watch_of_var_[var] = static_cast<int32_t>(watched_.size());
    const Var sv = var_of_poly(p);
    if (atoms_on_var_.size() <= sv) atoms_on_var_.resize(sv + 1);
    atoms_on_var_[sv].push_back(static_cast<uint32_t>(watched_.size()));
    if (has_atoms_.size() <= sv) has_atoms_.resize(sv + 1, 0);
    has_atoms_[sv] = 1;
    watched_.push_back({atom, sv, std::move(if_true), std::move(if_false), var});
    ++stats_.built;
}

void EagerSimplex::apply(sat::Lit lit) {
    const Watched& w = watched_[watch_of_var_[sat::var_of(lit)]];
    const bool value = lit > 0;
    bool ok = true;
    switch (tm_.kind(w.atom)) {
        case Kind::Leq:
        case Kind::Lt:
            ok = value ? simplex_.assert_upper(w.var, w.if_true, lit) : simplex_.assert_lower(w.var, w.if_false, lit);
            break;
        default:  // Eq
            if (!value) return;
            ok = simplex_.assert_upper(w.var, w.if_true, lit) && simplex_.assert_lower(w.var, w.if_true, lit);
    }
    dirty_ = true;
    note_changed(w.var);
    if (!ok) {
        clash_ = true;
        conflict_frames_ = frames_.frames();
    }
}

void EagerSimplex::note_changed(Var v) {
    if (!propagation_) return;
    if (changed_stamp_.size() <= v) changed_stamp_.resize(v + 1, 0);
    if (changed_stamp_[v]) return;
    changed_stamp_[v] = 1;
    changed_.push_back(v);
}

void EagerSimplex::open_frame() {
    if (propagation_) marks_.push_back(assigned_vars_.size());
    if (awake_) simplex_.push();
}

void EagerSimplex::pop_frame() {
    if (propagation_) {
        const size_t mark = marks_.back();
        marks_.pop_back();
        while (assigned_vars_.size() > mark) {
            val_[assigned_vars_.back()] = 0;
            assigned_vars_.pop_back();
        }
    }
    if (awake_) simplex_.pop();
}

void EagerSimplex::note_value(sat::Lit lit) {
    if (!propagation_) return;  // the values serve propagation only
    const int v = sat::var_of(lit);
    if (val_.size() <= static_cast<size_t>(v)) val_.resize(v + 1, 0);
    val_[v] = lit > 0 ? 1 : -1;
    assigned_vars_.push_back(v);
}

void EagerSimplex::assigned(sat::Lit lit, bool fixed) {
    const size_t v = sat::var_of(lit);
    if (v >= watch_of_var_.size() || watch_of_var_[v] == -1) return;
    if (frames_.open_frame()) open_frame();
    if (fixed) frames_.note_fixed(lit);
    note_value(lit);
    if (!awake_) {  // only the frames and the trail, for waking
        dormant_trail_.emplace_back(lit, frames_.frames());
        return;
    }
    ++stats_.assigned;
    if (conflict_frames_ == SIZE_MAX) apply(lit);
}

void EagerSimplex::backtrack(size_t level) {
    // A conflict goes with the frames it was found in; root literals come back after the pop.
    if (!awake_) {
        std::vector<sat::Lit> reassert;
        frames_.backtrack(level, [&] { pop_frame(); }, [&](sat::Lit l) { reassert.push_back(l); });
        while (!dormant_trail_.empty() && dormant_trail_.back().second > frames_.frames()) dormant_trail_.pop_back();
        for (sat::Lit l : reassert) {
            note_value(l);
            dormant_trail_.emplace_back(l, frames_.frames());
        }
        return;
    }
    std::vector<sat::Lit> reassert;
    if (!frames_.backtrack(level, [&] { pop_frame(); }, [&](sat::Lit l) { reassert.push_back(l); })) return;
    queue_.clear_found();
    for (sat::Lit l : reassert) note_value(l);
    if (conflict_frames_ != SIZE_MAX && conflict_frames_ > frames_.frames()) {
        conflict_frames_ = SIZE_MAX;
        clash_ = false;
    }
    for (sat::Lit l : reassert)
        if (conflict_frames_ == SIZE_MAX) apply(l);
    dirty_ = true;
}

void EagerSimplex::take_conflict(std::vector<sat::Lit>& lits, std::vector<LraCertificateEntry>& certificate) {
    const lra::Simplex::Conflict& c = simplex_.conflict();
    lits.clear();
    certificate.clear();
    for (size_t i = 0; i < c.farkas.size(); ++i) {
        const sat::Lit lit = c.farkas[i].first;
        const Watched& w = watched_[watch_of_var_[sat::var_of(lit)]];
        certificate.push_back({w.atom, lit > 0, c.bounds[i].upper, c.farkas[i].second});
        lits.push_back(lit);
    }
    std::sort(lits.begin(), lits.end());
    lits.erase(std::unique(lits.begin(), lits.end()), lits.end());
    ++stats_.conflicts;
}

// Every kThrottleWindow checks: the share of the work since the window opened that the checks
// did, the rest of the search estimated from the literals told in the meantime.
void EagerSimplex::throttle() {
    if (++window_checks_ < kThrottleWindow) return;
    const uint64_t work = simplex_.stats().work - window_work_ + kCheckWork * window_checks_;
    const uint64_t search = kWorkPerAssigned * (stats_.assigned - window_assigned_);
    if (10 * work > 3 * (work + search))
        period_ = std::min<uint32_t>(period_ * 2, 1u << 16);
    else if (10 * work < work + search && period_ > 1)
        period_ /= 2;
    window_checks_ = 0;
    window_work_ = simplex_.stats().work;
    window_assigned_ = stats_.assigned;
}

bool EagerSimplex::conflict(std::vector<sat::Lit>& lits, std::vector<LraCertificateEntry>& certificate) {
    if (clash_) {
        clash_ = false;
        dirty_ = false;
        take_conflict(lits, certificate);
        return true;
    }
    if (!dirty_ || conflict_frames_ != SIZE_MAX) return false;
    if (++pending_ < period_) {
        ++stats_.skipped;
        return false;
    }
    pending_ = 0;
    dirty_ = false;
    ++stats_.checks;
    using Clock = std::chrono::steady_clock;  // for the statistics only; the throttle reads work
    const auto start = Clock::now();
    const bool feasible = simplex_.check();
    stats_.seconds += std::chrono::duration<double>(Clock::now() - start).count();
    throttle();
    if (feasible) return false;
    conflict_frames_ = frames_.frames();
    take_conflict(lits, certificate);
    return true;
}

// ---------------------------------------------------------------------------------------------
// Bound propagation over the current tableau rows (z3's bound propagation on the rows the last
// bound changes touched): the simplex reports each bound a row implies for a variable that carries
// watched atoms (Simplex::row_implied_bounds), and each unassigned atom that bound decides is
// queued with its reason, the bounds used plus the atom's negation with the row's Farkas weights
// (Simplex::row_bound_reason). A tableau row is a combination of the definitions, so it holds
// whatever the pivots did, and it mixes slacks with structural variables, where the definitions
// alone relate each slack to structural variables only (measured: docs/results/rows-2026-12-07).

sat::Lit EagerSimplex::propagate() {
    if (!propagation_) return 0;
    if (awake_ && conflict_frames_ == SIZE_MAX && !clash_ && !changed_.empty()) find_implied();
    const sat::Lit lit = queue_.next([&](int v) { return v < static_cast<int>(val_.size()) && val_[v] != 0; });
    if (lit) ++stats_.propagations;
    return lit;
}

void EagerSimplex::find_implied() {
    rows_.clear();
    for (const Var v : changed_) {
        changed_stamp_[v] = 0;
        simplex_.rows_with(v, rows_);
    }
    changed_.clear();
    std::sort(rows_.begin(), rows_.end());
    rows_.erase(std::unique(rows_.begin(), rows_.end()), rows_.end());
    for (const Var r : rows_) propagate_row(r);
}

// The literal of watched atom w that y <= b (upper) or y >= b decides (0: none), and which
// bound on y its negation sets.
sat::Lit EagerSimplex::decided(const Watched& w, bool upper, const lra::DeltaRational& b, bool& negation_upper) const {
    const int sv = w.sat_var;
    if (tm_.kind(w.atom) == Kind::Eq) {
        // y = c is false below (above) c.
        if (upper && b < w.if_true) return negation_upper = false, -sv;  // y = c read as y >= c
        if (!upper && b > w.if_true) return negation_upper = true, -sv;  // y = c read as y <= c
        return 0;
    }
    // true when its negation (y >= if_false) is out of reach; false when the atom is.
    if (upper && b < w.if_false) return negation_upper = false, sv;
    if (!upper && b > w.if_true) return negation_upper = true, -sv;
    return 0;
}

// The current tableau row of basic (simplex.hpp, row_implied_bounds): each bound it implies
// strictly tighter than a variable's own decides that variable's unassigned atoms beyond it.
void EagerSimplex::propagate_row(Var basic) {
    if (simplex_.row_length(basic) + 1 > kMaxPropagationRow) return;
    ++stats_.rows_scanned;
    bounds_found_.clear();
    simplex_.row_implied_bounds(basic, has_atoms_, bounds_found_);
    for (const lra::Simplex::ImpliedBound& ib : bounds_found_) {
        bool reason_made = false;
        for (uint32_t wi : atoms_on_var_[ib.var]) {
            const Watched& w = watched_[wi];
            const int sv = w.sat_var;
            if ((sv < static_cast<int>(val_.size()) && val_[sv] != 0) || queue_.queued(sv)) continue;
            bool negation_upper = false;
            const sat::Lit lit = decided(w, ib.upper, ib.bound, negation_upper);
            if (!lit) continue;
            if (!reason_made) simplex_.row_bound_reason(basic, ib.var, ib.upper, uses_), reason_made = true;
            Implied imp;
            imp.lit = lit;
            for (size_t k = 0; k + 1 < uses_.size(); ++k) {
                const sat::Lit because = uses_[k].reason;
                imp.because.push_back(because);
                imp.certificate.push_back(
                    {watched_[watch_of_var_[sat::var_of(because)]].atom, because > 0, uses_[k].upper, uses_[k].weight});
            }
            imp.certificate.push_back({w.atom, lit < 0, negation_upper, uses_.back().weight});
            queue_.found(std::move(imp));
        }
    }
}

void EagerSimplex::reason(sat::Lit lit, std::vector<sat::Lit>& because,
                          std::vector<LraCertificateEntry>& certificate) const {
    const Implied& imp = queue_.handed_out(lit);
    because = imp.because;
    certificate = imp.certificate;
}

}  // namespace craig::smt
