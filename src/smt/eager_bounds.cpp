#include "smt/eager_bounds.hpp"

namespace craig::smt {

bool EagerBounds::watchable(const TermManager& tm, Term atom) {
    const Kind k = tm.kind(atom);
    if (k != Kind::Leq && k != Kind::Lt && k != Kind::Eq) return false;
    const Term p = tm.child(atom, 0), c = tm.child(atom, 1);
    return tm.is_arith(p) && tm.kind(c) == Kind::Numeral && tm.kind(p) != Kind::Numeral &&
           !(tm.kind(p) == Kind::Linear && tm.constant(p) != 0);
}

void EagerBounds::watch(int var, Term atom) {
    if (watch_of_var_.size() <= static_cast<size_t>(var)) watch_of_var_.resize(var + 1, -1);
    if (watch_of_var_[var] >= 0) return;
    const Term p = tm_.child(atom, 0);
    auto [it, fresh] = poly_of_term_.try_emplace(p.id, static_cast<uint32_t>(polys_.size()));
    if (fresh) polys_.emplace_back();
    watch_of_var_[var] = static_cast<int32_t>(watched_.size());
    const bool is_int = tm_.sort(p) == SortTable::Int && tm_.sort(tm_.child(atom, 1)) == SortTable::Int;
    watched_.push_back({atom, it->second, is_int, var});
    if (atoms_of_poly_.size() <= it->second) atoms_of_poly_.resize(it->second + 1);
    atoms_of_poly_[it->second].push_back(static_cast<uint32_t>(watched_.size() - 1));
    ++stats_.watched;
}

// Keeps the tighter of the current bound and b (a lower bound is tighter when larger, or equal
// and strict), recording the old one for backtracking.
void EagerBounds::tighten(uint32_t poly, bool upper, Bound b) {
    Bound& cur = upper ? polys_[poly].upper : polys_[poly].lower;
    if (cur.lit != 0) {
        const int c = cmp(b.value, cur.value);
        const bool tighter = upper ? (c < 0 || (c == 0 && b.strict && !cur.strict))
                                   : (c > 0 || (c == 0 && b.strict && !cur.strict));
        if (!tighter) return;
    }
    trail_.push_back({poly, upper, cur});
    cur = std::move(b);
    changed_.push_back(poly);
    find_implied(poly, upper);
}

LraCertificateEntry EagerBounds::entry(sat::Lit lit, bool upper_side) const {
    return {watched_[watch_of_var_[sat::var_of(lit)]].atom, lit > 0, upper_side, mpq_class(1)};
}

// The unassigned atoms over `poly` that its new upper (or lower) bound decides. An atom's
// literal is implied when its negation and the bound contradict each other (that pair's
// certificate is the reason's, checked by the caller when CaDiCaL asks for the reason: most
// propagations are never asked about).
void EagerBounds::find_implied(uint32_t poly, bool upper) {
    const Bound& b = upper ? polys_[poly].upper : polys_[poly].lower;
    for (uint32_t wi : atoms_of_poly_[poly]) {
        const Watched& w = watched_[wi];
        const Term a = w.atom;
        const int v = w.var;
        if (v < static_cast<int>(val_.size()) && val_[v] != 0) continue;
        const mpq_class& c = tm_.numeral(tm_.child(a, 1));
        const int cmpv = cmp(b.value, c);
        sat::Lit lit = 0;
        bool side = false;  // the side of an equation the certificate uses for the negated literal
        switch (tm_.kind(a)) {
            case Kind::Leq:  // p <= c
                if (upper && cmpv <= 0) lit = v;                                     // p <= u <= c
                if (!upper && (cmpv > 0 || (cmpv == 0 && b.strict))) lit = -v;       // p > c
                break;
            case Kind::Lt:  // p < c
                if (upper && (cmpv < 0 || (cmpv == 0 && b.strict))) lit = v;
                if (!upper && cmpv >= 0) lit = -v;  // p >= c
                break;
            default:  // p = c is false above an upper bound below c, or a lower bound above c
                if (upper && (cmpv < 0 || (cmpv == 0 && b.strict))) lit = -v, side = false;
                if (!upper && (cmpv > 0 || (cmpv == 0 && b.strict))) lit = -v, side = true;
        }
        if (!lit) continue;
        queue_.found({lit, b.lit, {entry(b.lit, b.upper_side), entry(-lit, side)}});
    }
}

sat::Lit EagerBounds::propagate() {
    const sat::Lit lit = queue_.next([&](int v) { return v < static_cast<int>(val_.size()) && val_[v] != 0; });
    if (lit) ++stats_.propagations;
    return lit;
}

void EagerBounds::reason(sat::Lit lit, sat::Lit& because, std::vector<LraCertificateEntry>& certificate) const {
    const Implied& imp = queue_.handed_out(lit);
    because = imp.because;
    certificate = imp.certificate;
}

void EagerBounds::apply(sat::Lit lit) {
    const Watched& w = watched_[watch_of_var_[sat::var_of(lit)]];
    const bool value = lit > 0;
    const mpq_class& c = tm_.numeral(tm_.child(w.atom, 1));
    switch (tm_.kind(w.atom)) {
        case Kind::Leq:
            if (value)
                tighten(w.poly, true, {c, false, lit, false});
            else if (w.is_int)
                tighten(w.poly, false, {c + 1, false, lit, false});
            else
                tighten(w.poly, false, {c, true, lit, false});
            break;
        case Kind::Lt:
            if (value)
                tighten(w.poly, true, {c, true, lit, false});
            else
                tighten(w.poly, false, {c, false, lit, false});
            break;
        default:  // Eq: both bounds when true; a false equation bounds nothing
            if (!value) return;
            tighten(w.poly, true, {c, false, lit, true});
            tighten(w.poly, false, {c, false, lit, false});
    }
}

void EagerBounds::assigned(sat::Lit lit, bool fixed) {
    const size_t v = sat::var_of(lit);
    if (v >= watch_of_var_.size() || watch_of_var_[v] < 0) return;
    ++stats_.assigned;
    if (level_ > 0 && (frames_.empty() || frames_.back().first < level_)) {
        frames_.emplace_back(level_, trail_.size());
        frame_vars_.push_back(assigned_vars_.size());
    }
    if (val_.size() <= v) val_.resize(v + 1, 0);
    val_[v] = lit > 0 ? 1 : -1;
    assigned_vars_.push_back(static_cast<int>(v));
    apply(lit);
    if (fixed) fixed_.emplace_back(lit, frames_.size());
}

void EagerBounds::backtrack(size_t level) {
    level_ = level;
    const size_t before = frames_.size();
    while (!frames_.empty() && frames_.back().first > level) {
        const size_t mark = frames_.back().second;
        while (trail_.size() > mark) {
            Undo& u = trail_.back();
            (u.upper ? polys_[u.poly].upper : polys_[u.poly].lower) = std::move(u.old);
            trail_.pop_back();
        }
        frames_.pop_back();
        const size_t vars = frame_vars_.back();
        frame_vars_.pop_back();
        while (assigned_vars_.size() > vars) {
            val_[assigned_vars_.back()] = 0;
            assigned_vars_.pop_back();
        }
    }
    if (frames_.size() == before) return;
    changed_.clear();
    queue_.clear_found();
    for (auto& [lit, frames] : fixed_)
        if (frames > frames_.size()) {
            const int v = sat::var_of(lit);
            val_[v] = lit > 0 ? 1 : -1;
            assigned_vars_.push_back(v);
            apply(lit);
            frames = frames_.size();
        }
}

bool EagerBounds::conflict(std::vector<sat::Lit>& lits, std::vector<LraCertificateEntry>& certificate) {
    while (!changed_.empty()) {
        const Poly& p = polys_[changed_.back()];
        changed_.pop_back();
        if (p.lower.lit == 0 || p.upper.lit == 0) continue;
        const int c = cmp(p.lower.value, p.upper.value);
        if (c < 0 || (c == 0 && !p.lower.strict && !p.upper.strict)) continue;
        changed_.clear();  // one conflict per state: the search backtracks from it
        lits = {p.lower.lit, p.upper.lit};
        certificate.clear();
        for (const Bound* b : {&p.lower, &p.upper}) {
            const Watched& w = watched_[watch_of_var_[sat::var_of(b->lit)]];
            certificate.push_back({w.atom, b->lit > 0, b->upper_side, mpq_class(1)});
        }
        ++stats_.conflicts;
        return true;
    }
    return false;
}

}  // namespace craig::smt
