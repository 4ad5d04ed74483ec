#include "smt/eager_euf.hpp"

#include "smt/ackermann.hpp"

namespace craig::smt {

EagerEuf::EagerEuf(TermManager& tm) : tm_(tm), cc_(tm) {}

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
}

void EagerEuf::assert_lit(sat::Lit lit) {
    const Term atom = atom_of_var_[sat::var_of(lit)];
    const bool value = lit > 0;
    if (tm_.kind(atom) == Kind::Eq) {
        if (value)
            cc_.assert_equal(tm_.child(atom, 0), tm_.child(atom, 1), lit);
        else
            cc_.assert_distinct(tm_.child(atom, 0), tm_.child(atom, 1), lit);
    } else {
        cc_.assert_equal(atom, tm_.mk_bool(value), lit);
    }
}

void EagerEuf::assigned(sat::Lit lit, bool fixed) {
    const size_t v = sat::var_of(lit);
    if (v >= atom_of_var_.size() || !atom_of_var_[v].valid()) return;
    ++stats_.assigned;
    if (frames_.open_frame()) cc_.push();
    assert_lit(lit);
    if (fixed) frames_.note_fixed(lit);
    fresh_ = true;
}

void EagerEuf::backtrack(size_t level) {
    if (frames_.backtrack(level, [&] { cc_.pop(); }, [&](sat::Lit l) { assert_lit(l); })) fresh_ = true;
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
