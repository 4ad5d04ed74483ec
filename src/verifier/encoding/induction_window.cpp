#include "verifier/encoding/induction_window.hpp"

#include <unordered_map>

namespace craig::verifier {

using smt::Term;

InductionWindow::InductionWindow(const Program& p, std::span<const Term> invariants, bool simple_path)
    : p_(p), tm_(p.terms()), u_(p, Unrolling::Start::Anywhere), simple_path_(simple_path) {
    invariants_.assign(p.locs.size(), tm_.mk_true());
    if (!invariants.empty()) invariants_.assign(invariants.begin(), invariants.end());
}

void InductionWindow::constrain_state(unsigned i, std::span<const Term> inv, std::vector<Term>& out) const {
    std::unordered_map<Term, Term, smt::TermHash> at;
    const std::vector<Term>& state = u_.state(i);
    for (VarId v = 0; v < p_.vars.size(); ++v) at.emplace(p_.vars[v].cur, state[v]);
    for (LocId l = 0; l < p_.locs.size(); ++l) {
        const Term r = u_.reach(i, l);
        if (!r.valid() || inv[l] == tm_.mk_true()) continue;
        out.push_back(tm_.mk_implies(r, tm_.substitute(inv[l], at)));
    }
}

std::vector<Term> InductionWindow::initial() {
    std::vector<Term> out;
    constrain_state(0, invariants_, out);
    return out;
}

std::vector<Term> InductionWindow::extend() {
    std::vector<Term> out = u_.extend();
    const unsigned i = u_.depth();
    constrain_state(i, invariants_, out);
    if (simple_path_) {
        const std::vector<Term>& now = u_.state(i);
        for (unsigned j = 0; j < i; ++j) {
            const std::vector<Term>& before = u_.state(j);
            std::vector<Term> differ;
            for (VarId v = 0; v < p_.vars.size(); ++v) differ.push_back(tm_.mk_not(tm_.mk_eq(before[v], now[v])));
            const Term distinct = tm_.mk_or(differ);
            for (LocId l = 0; l < p_.locs.size(); ++l) {
                const Term a = u_.reach(j, l), b = u_.reach(i, l);
                if (a.valid() && b.valid()) out.push_back(tm_.mk_implies(tm_.mk_and(a, b), distinct));
            }
        }
    }
    return out;
}

std::vector<Term> InductionWindow::constrain(std::span<const Term> more) {
    std::vector<Term> out;
    for (LocId l = 0; l < p_.locs.size() && l < more.size(); ++l) invariants_[l] = tm_.mk_and(invariants_[l], more[l]);
    for (unsigned i = 0; i <= u_.depth(); ++i) constrain_state(i, more, out);
    return out;
}

Term InductionWindow::bad() const {
    const unsigned k = u_.depth();
    std::vector<Term> at;
    for (LocId l : {p_.error, p_.truncated})
        if (l != kNoLoc && u_.reach(k, l).valid()) at.push_back(u_.reach(k, l));
    return tm_.mk_or(at);
}

}  // namespace craig::verifier
