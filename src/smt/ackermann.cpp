#include "smt/ackermann.hpp"

#include <algorithm>

namespace craig::smt {

bool is_ackermann_function(const TermManager& tm, FuncId f) {
    const FuncDecl& d = tm.func(f);
    if (d.domain.empty()) return false;  // a constant: a variable already
    bool bv = tm.sorts().is_bv(d.range);
    for (Sort s : d.domain) bv = bv || tm.sorts().is_bv(s);
    return bv;
}

Term ackermann_lemma(TermManager& tm, Term fa, Term fb) {
    std::vector<Term> lits;
    for (size_t i = 0; i < tm.num_children(fa); ++i) {
        const Term a = tm.child(fa, i), b = tm.child(fb, i);
        if (a != b) lits.push_back(tm.mk_not(tm.mk_eq(a, b)));
    }
    lits.push_back(tm.mk_eq(fa, fb));
    return tm.mk_or(lits);
}

bool is_ackermann_lemma(TermManager& tm, Term lemma) {
    auto candidate = [&](Term eq) {
        if (tm.kind(eq) != Kind::Eq || tm.num_children(eq) != 2) return false;
        const Term fa = tm.child(eq, 0), fb = tm.child(eq, 1);
        if (tm.kind(fa) != Kind::App || tm.kind(fb) != Kind::App || fa == fb) return false;
        if (tm.func_of(fa) != tm.func_of(fb) || !is_ackermann_function(tm, tm.func_of(fa))) return false;
        return ackermann_lemma(tm, fa, fb) == lemma || ackermann_lemma(tm, fb, fa) == lemma;
    };
    if (candidate(lemma)) return true;
    if (tm.kind(lemma) != Kind::Or) return false;
    const std::vector<Term> kids(tm.children(lemma).begin(), tm.children(lemma).end());
    for (Term c : kids)
        if (candidate(c)) return true;
    return false;
}

std::vector<Term> Ackermann::scan(Term f) {
    std::vector<Term> lemmas;
    std::vector<std::pair<Term, bool>> stack{{f, false}};  // post-order: arguments first
    while (!stack.empty()) {
        auto [t, expanded] = stack.back();
        stack.pop_back();
        if (seen_.size() <= t.id) {
            seen_.resize(t.id + t.id / 2 + 1, 0);
            depth_.resize(seen_.size(), 0);
        }
        if (!expanded) {
            if (seen_[t.id]) continue;
            seen_[t.id] = 1;
            stack.push_back({t, true});
            for (Term c : tm_.children(t)) stack.push_back({c, false});
            continue;
        }
        uint32_t d = 0;
        for (Term c : tm_.children(t)) d = std::max(d, depth_[c.id]);
        const bool app = tm_.kind(t) == Kind::App && is_ackermann_function(tm_, tm_.func_of(t));
        depth_[t.id] = d + (app ? 1 : 0);
        if (!app) continue;
        std::vector<Term>& same = apps_[tm_.func_of(t)];
        for (Term other : same) lemmas.push_back(ackermann_lemma(tm_, other, t));
        same.push_back(t);
        order_.push_back(t);
    }
    return lemmas;
}

}  // namespace craig::smt
