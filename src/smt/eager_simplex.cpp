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
    watched_.push_back({atom, var_of_poly(p), std::move(if_true), std::move(if_false)});
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
    if (!ok) {
        clash_ = true;
        conflict_frames_ = frames_.frames();
    }
}

void EagerSimplex::assigned(sat::Lit lit, bool fixed) {
    const size_t v = sat::var_of(lit);
    if (v >= watch_of_var_.size() || watch_of_var_[v] == -1) return;
    if (!awake_) {  // only the frames and the trail, for waking
        frames_.open_frame();
        if (fixed) frames_.note_fixed(lit);
        dormant_trail_.emplace_back(lit, frames_.frames());
        return;
    }
    ++stats_.assigned;
    if (frames_.open_frame()) simplex_.push();
    if (fixed) frames_.note_fixed(lit);
    if (conflict_frames_ == SIZE_MAX) apply(lit);
}

void EagerSimplex::backtrack(size_t level) {
    // A conflict goes with the frames it was found in; root literals come back after the pop.
    if (!awake_) {
        std::vector<sat::Lit> reassert;
        frames_.backtrack(level, [] {}, [&](sat::Lit l) { reassert.push_back(l); });
        while (!dormant_trail_.empty() && dormant_trail_.back().second > frames_.frames()) dormant_trail_.pop_back();
        for (sat::Lit l : reassert) dormant_trail_.emplace_back(l, frames_.frames());
        return;
    }
    std::vector<sat::Lit> reassert;
    if (!frames_.backtrack(level, [&] { simplex_.pop(); }, [&](sat::Lit l) { reassert.push_back(l); })) return;
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

bool EagerSimplex::conflict(std::vector<sat::Lit>& lits, std::vector<LraCertificateEntry>& certificate) {
    if (clash_) {
        clash_ = false;
        dirty_ = false;
        take_conflict(lits, certificate);
        return true;
    }
    if (!dirty_ || conflict_frames_ != SIZE_MAX) return false;
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    if (window_checks_ == 0 && stats_.checks == 0) window_start_ = start;
    if (++pending_ < period_) {
        ++stats_.skipped;
        return false;
    }
    pending_ = 0;
    dirty_ = false;
    ++stats_.checks;
    const bool feasible = simplex_.check();
    const auto end = Clock::now();
    const double spent = std::chrono::duration<double>(end - start).count();
    stats_.seconds += spent;
    window_seconds_ += spent;
    // Every kWindow checks: the share of the time since the window opened spent in them.
    constexpr uint32_t kWindow = 16;
    if (++window_checks_ == kWindow) {
        const double elapsed = std::chrono::duration<double>(end - window_start_).count();
        if (window_seconds_ > 0.3 * elapsed)
            period_ = std::min<uint32_t>(period_ * 2, 1u << 16);
        else if (window_seconds_ < 0.1 * elapsed && period_ > 1)
            period_ /= 2;
        window_checks_ = 0;
        window_seconds_ = 0;
        window_start_ = end;
    }
    if (feasible) return false;
    conflict_frames_ = frames_.frames();
    take_conflict(lits, certificate);
    return true;
}

}  // namespace craig::smt
