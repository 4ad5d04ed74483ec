#include "smt/eager_euf.hpp"

#include <algorithm>

#include "smt/ackermann.hpp"

namespace craig::smt {

EagerEuf::EagerEuf(TermManager& tm) : tm_(tm), cc_(tm) { cc_.set_log_moves(true); }

bool EagerEuf::watchable(const TermManager& tm, Term atom) {
    if (tm.kind(atom) == Kind::Eq) {
        const Term a = tm.child(atom, 0);
        return !tm.is_bool(a) && tm.sorts().is_uninterpreted(tm.sort(a));
    }
    return tm.kind(atom) == Kind::App && tm.is_bool(atom) && !is_ackermann_function(tm, tm.func_of(atom));
}

void EagerEuf::watch(int var, Term atom) {
    if (atom_of_var_.size() <= static_cast<size_t>(var)) atom_of_var_.resize(var + 1);
    if (atom_of_var_[var].valid()) return;
    atom_of_var_[var] = atom;
    ++stats_.watched;
    auto on = [&](Term t) {
        if (vars_of_term_.size() <= t.id) vars_of_term_.resize(t.id + 1);
        vars_of_term_[t.id].push_back(var);
    };
    if (tm_.kind(atom) == Kind::Eq) {
        on(tm_.child(atom, 0));
        on(tm_.child(atom, 1));
        unregistered_.push_back(tm_.child(atom, 0));
        unregistered_.push_back(tm_.child(atom, 1));
    } else {
        // f(..) joins the class of true or false: one of the two sides moves.
        on(atom);
        on(tm_.mk_true());
        on(tm_.mk_false());
        unregistered_.push_back(atom);
    }
    register_terms();
}

// The atoms' terms are registered at the root, where no pop takes them away, so that congruence
// reaches terms no literal has asserted yet (f(a) = f(b) from a = b).
void EagerEuf::register_terms() {
    if (frames_.frames() != 0) return;
    for (Term t : unregistered_) cc_.add_term(t);
    unregistered_.clear();
}

void EagerEuf::assert_lit(sat::Lit lit) {
    const Term atom = atom_of_var_[sat::var_of(lit)];
    const bool value = lit > 0;
    if (tm_.kind(atom) == Kind::Eq) {
        const Term a = tm_.child(atom, 0), b = tm_.child(atom, 1);
        if (value) {
            cc_.assert_equal(a, b, lit);
        } else {
            cc_.assert_distinct(a, b, lit);
            if (!diseq_) return;
            // Atoms x = y with x in a's class and y in b's are false now: every one is on a
            // member of either class, so the smaller one is searched (propagate()).
            if (cc_.class_size(a) <= cc_.class_size(b))
                separated_.emplace_back(a, b);
            else
                separated_.emplace_back(b, a);
        }
    } else {
        cc_.assert_equal(atom, tm_.mk_bool(value), lit);
    }
}

void EagerEuf::assigned(sat::Lit lit, bool fixed) {
    const size_t v = sat::var_of(lit);
    if (v >= atom_of_var_.size() || !atom_of_var_[v].valid()) return;
    ++stats_.assigned;
    if (frames_.open_frame()) {
        cc_.push();
        frame_vars_.push_back(assigned_vars_.size());
    }
    if (val_.size() <= v) val_.resize(v + 1, 0);
    val_[v] = lit > 0 ? 1 : -1;
    assigned_vars_.push_back(static_cast<int>(v));
    assert_lit(lit);
    if (fixed) frames_.note_fixed(lit);
    fresh_ = true;
}

void EagerEuf::backtrack(size_t level) {
    auto pop = [&] {
        cc_.pop();
        const size_t mark = frame_vars_.back();
        frame_vars_.pop_back();
        while (assigned_vars_.size() > mark) {
            val_[assigned_vars_.back()] = 0;
            assigned_vars_.pop_back();
        }
    };
    auto reassert = [&](sat::Lit l) {
        val_[sat::var_of(l)] = l > 0 ? 1 : -1;
        assigned_vars_.push_back(sat::var_of(l));
        assert_lit(l);
    };
    const bool popped = frames_.backtrack(level, pop, reassert);
    register_terms();
    if (!popped) return;
    fresh_ = true;
    queue_.clear_found();
    cc_.moved().clear();  // what the popped merges moved decides nothing now
    separated_.clear();
}

// The classes an asserted disequality separates from the class of rep, stamped with epoch_
// (computed once per class and propagate() call: the closure does not change in between).
void EagerEuf::stamp_separated(Term rep) {
    if (stamped_rep_ == rep) return;
    stamped_rep_ = rep;
    ++epoch_;
    cc_.for_each_separated(rep, [&](Term other) {
        if (stamp_.size() <= other.id) stamp_.resize(other.id + 1, 0);
        stamp_[other.id] = epoch_;
    });
}

// The unassigned watched atoms on term t that the closure now decides, with their reasons. With
// `apart` valid, only the disequalities between t's class and apart's (a new disequality).
void EagerEuf::find_implied(Term t, Term apart) {
    if (t.id >= vars_of_term_.size()) return;
    const Term rep = cc_.representative(t);
    const Term apart_rep = apart.valid() ? cc_.representative(apart) : Term{};
    for (int v : vars_of_term_[t.id]) {
        if ((static_cast<size_t>(v) < val_.size() && val_[v] != 0) || queue_.queued(v)) continue;
        const Term atom = atom_of_var_[v];
        Term a, b;
        sat::Lit lit = 0;
        bool distinct = false;
        if (tm_.kind(atom) == Kind::Eq) {
            a = tm_.child(atom, 0), b = tm_.child(atom, 1);
            const Term other = cc_.representative(a == t ? b : a);
            if (apart.valid()) {
                if (other == apart_rep) lit = -v, distinct = true;
            } else if (other == rep) {
                lit = v;
            } else if (diseq_) {
                stamp_separated(rep);
                if (other.id < stamp_.size() && stamp_[other.id] == epoch_) lit = -v, distinct = true;
            }
        } else if (!apart.valid()) {
            a = atom;
            if (cc_.are_equal(atom, tm_.mk_true())) lit = v, b = tm_.mk_true();
            else if (cc_.are_equal(atom, tm_.mk_false())) lit = -v, b = tm_.mk_false();
        }
        if (!lit) continue;
        explain_.clear();
        if (distinct)
            cc_.explain_distinct(a, b, explain_);
        else
            cc_.explain(a, b, explain_);
        std::sort(explain_.begin(), explain_.end());
        explain_.erase(std::unique(explain_.begin(), explain_.end()), explain_.end());
        Implied imp{lit, {lit}};
        for (euf::Reason r : explain_) imp.reason.push_back(-r);
        queue_.found(std::move(imp));
    }
}

sat::Lit EagerEuf::propagate() {
    stamped_rep_ = Term{};
    std::vector<Term>& moved = cc_.moved();
    if (!moved.empty()) {
        if (cc_.consistent())
            for (Term t : moved) find_implied(t, Term{});
        moved.clear();
    }
    if (!separated_.empty()) {
        if (cc_.consistent())
            for (auto [t, apart] : separated_) cc_.for_each_in_class(t, [&](Term m) { find_implied(m, apart); });
        separated_.clear();
    }
    const sat::Lit lit = queue_.next([&](int v) { return static_cast<size_t>(v) < val_.size() && val_[v] != 0; });
    if (lit) {
        ++stats_.propagations;
        if (lit < 0 && tm_.kind(atom_of_var_[sat::var_of(lit)]) == Kind::Eq) ++stats_.diseq_propagations;
    }
    return lit;
}

void EagerEuf::reason(sat::Lit lit, std::vector<sat::Lit>& clause) const {
    clause = queue_.handed_out(lit).reason;
}

bool EagerEuf::conflict(std::vector<sat::Lit>& out) {
    if (!fresh_ || cc_.consistent()) return false;
    fresh_ = false;
    const auto& reasons = cc_.conflict();
    out.assign(reasons.begin(), reasons.end());
    ++stats_.conflicts;
    return true;
}

void EagerEuf::facts(std::span<const sat::Lit> lits, std::vector<EufFact>& out) const {
    out.clear();
    for (sat::Lit lit : lits) {
        const Term atom = atom_of_var_[sat::var_of(lit)];
        if (tm_.kind(atom) == Kind::Eq)
            out.push_back({tm_.child(atom, 0), tm_.child(atom, 1), lit > 0});
        else
            out.push_back({atom, tm_.mk_bool(lit > 0), true});
    }
}

}  // namespace craig::smt
