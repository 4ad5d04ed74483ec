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
    for (const auto& [x, c] : row) {
        if (rows_of_var_.size() <= x) rows_of_var_.resize(x + 1);
        rows_of_var_[x].push_back(v);
    }
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
// Bound propagation over the rows (the definitions s = Σ a·x, read as Σ c_k·y_k = 0 with the
// slack's coefficient -1): for a target y_t, c_t·y_t = -Σ_{k≠t} c_k·y_k is at most
// -Σ_{k≠t} c_k·(c_k > 0 ? lower(y_k) : upper(y_k)) and at least the same with the bounds swapped.
// The bounds used and the negation of the implied literal are infeasible by the weights |c_k|
// and |c_t|: the certificate of the reason.

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
        if (simplex_.is_slack(v)) rows_.push_back(v);
        if (v < rows_of_var_.size())
            for (const Var r : rows_of_var_[v]) rows_.push_back(r);
    }
    changed_.clear();
    std::sort(rows_.begin(), rows_.end());
    rows_.erase(std::unique(rows_.begin(), rows_.end()), rows_.end());
    for (const Var r : rows_) propagate_row(r);
}

void EagerSimplex::propagate_row(Var slack) {
    const auto def = simplex_.row_definition(slack);
    if (def.size() + 1 > kMaxPropagationRow) return;
    // Does any variable of the row carry an unassigned atom? Then it is worth the sums.
    auto open_atoms = [&](Var v) {
        if (v >= atoms_on_var_.size()) return false;
        for (uint32_t wi : atoms_on_var_[v]) {
            const int sv = watched_[wi].sat_var;
            if ((sv >= static_cast<int>(val_.size()) || val_[sv] == 0) && !queue_.queued(sv)) return true;
        }
        return false;
    };
    bool any = open_atoms(slack);
    for (size_t i = 0; i < def.size() && !any; ++i) any = open_atoms(def[i].first);
    if (!any) return;
    ++stats_.rows_scanned;
    // The row as Σ c_k·y_k = 0: the slack with -1, then its definition.
    terms_.clear();
    terms_.push_back({slack, mpq_class(-1)});
    for (const auto& [x, c] : def) terms_.push_back({x, c});
    // low: Σ of the lower bounds of c_k·y_k (missing: how many have none, and the last one);
    // high: of the upper bounds.
    using lra::DeltaRational;
    DeltaRational low, high;
    size_t low_missing = 0, high_missing = 0, low_gap = 0, high_gap = 0;
    for (size_t k = 0; k < terms_.size(); ++k) {
        const Var y = terms_[k].var;
        const bool pos = terms_[k].coeff > 0;
        // c·y >= c·lower(y) for c > 0, c·upper(y) for c < 0.
        if (pos ? simplex_.has_lower(y) : simplex_.has_upper(y))
            low += (pos ? simplex_.lower(y) : simplex_.upper(y)) * terms_[k].coeff;
        else
            ++low_missing, low_gap = k;
        if (pos ? simplex_.has_upper(y) : simplex_.has_lower(y))
            high += (pos ? simplex_.upper(y) : simplex_.lower(y)) * terms_[k].coeff;
        else
            ++high_missing, high_gap = k;
    }
    if (low_missing > 1 && high_missing > 1) return;
    for (size_t t = 0; t < terms_.size(); ++t) {
        const Var y = terms_[t].var;
        if (!open_atoms(y)) continue;
        const mpq_class& ct = terms_[t].coeff;
        const bool pos = ct > 0;
        // c_t·y_t <= -(low - own lower part), from the lower bounds of the others.
        if (low_missing == 0 || (low_missing == 1 && low_gap == t)) {
            DeltaRational rest = low;
            if (low_missing == 0) rest -= (pos ? simplex_.lower(y) : simplex_.upper(y)) * ct;
            const DeltaRational b = -rest / ct;  // y_t <= b when c_t > 0, y_t >= b when c_t < 0
            implied(t, pos, b, /*from_lower_sums=*/true);
        }
        if (high_missing == 0 || (high_missing == 1 && high_gap == t)) {
            DeltaRational rest = high;
            if (high_missing == 0) rest -= (pos ? simplex_.upper(y) : simplex_.lower(y)) * ct;
            const DeltaRational b = -rest / ct;  // y_t >= b when c_t > 0, y_t <= b when c_t < 0
            implied(t, !pos, b, /*from_lower_sums=*/false);
        }
    }
}

// terms_[t]'s variable is at most (upper) or at least b, by the bounds of the other terms on the
// side `from_lower_sums` says; queues the unassigned atoms on it that this decides.
void EagerSimplex::implied(size_t t, bool upper, const lra::DeltaRational& b, bool from_lower_sums) {
    const Var y = terms_[t].var;
    for (uint32_t wi : atoms_on_var_[y]) {
        const Watched& w = watched_[wi];
        const int sv = w.sat_var;
        if ((sv < static_cast<int>(val_.size()) && val_[sv] != 0) || queue_.queued(sv)) continue;
        sat::Lit lit = 0;
        bool negation_upper = false;  // the bound the negated literal sets on y: upper or lower
        if (tm_.kind(w.atom) == Kind::Eq) {
            // y = c is false below (above) c.
            if (upper && b < w.if_true) lit = -sv, negation_upper = false;   // y = c read as y >= c
            if (!upper && b > w.if_true) lit = -sv, negation_upper = true;   // y = c read as y <= c
        } else {
            // true when its negation (y >= if_false) is out of reach; false when the atom is.
            if (upper && b < w.if_false) lit = sv, negation_upper = false;
            if (!upper && b > w.if_true) lit = -sv, negation_upper = true;
        }
        if (!lit) continue;
        Implied imp;
        imp.lit = lit;
        for (size_t k = 0; k < terms_.size(); ++k) {
            if (k == t) continue;
            const Var yk = terms_[k].var;
            const bool pos = terms_[k].coeff > 0;
            // The sums of lower bounds used c_k > 0: lower(y_k), c_k < 0: upper(y_k); the sums of
            // upper bounds the other way round.
            const bool use_upper = from_lower_sums ? !pos : pos;
            const sat::Lit because = use_upper ? simplex_.upper_reason(yk) : simplex_.lower_reason(yk);
            imp.because.push_back(because);
            imp.certificate.push_back({watched_[watch_of_var_[sat::var_of(because)]].atom, because > 0, use_upper,
                                       abs(terms_[k].coeff)});
        }
        imp.certificate.push_back({w.atom, lit < 0, negation_upper, abs(terms_[t].coeff)});
        queue_.found(std::move(imp));
    }
}

void EagerSimplex::reason(sat::Lit lit, std::vector<sat::Lit>& because,
                          std::vector<LraCertificateEntry>& certificate) const {
    const Implied& imp = queue_.handed_out(lit);
    because = imp.because;
    certificate = imp.certificate;
}

}  // namespace craig::smt
