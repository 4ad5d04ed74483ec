#include "smt/combination.hpp"

#include <map>
#include <unordered_map>

namespace craig::smt {

bool Combination::split(Term s, Term t, std::vector<Term>& splits) {
    Term atom = tm_.mk_eq(s, t);
    if (tm_.kind(atom) != Kind::Eq) return false;  // decided by the normal form (true or false)
    euf_.add_interface_equality(atom, s, t);
    splits.push_back(atom);
    uint64_t key = s.id < t.id ? (uint64_t{s.id} << 32) | t.id : (uint64_t{t.id} << 32) | s.id;
    if (proposed_.insert(key).second) progress_ = true;
    return true;
}

bool Combination::propose(std::vector<Term>& splits) {
    // Applications that occur only inside arithmetic atoms still need congruence: f(a) in
    // x = f(a) + 1 must have the value of f(b) when a = b. Bringing a shared term into the
    // tableau can bring new applications with it (p(x6 + f(x1)) brings f(x1), whose argument x1
    // is then shared too), so repeat until the tableau gains nothing: a pair missed here would
    // let the round agree on a model in which f(x1) and f(x3) differ although x1 = x3.
    for (;;) {
        const size_t known = lra_.num_structural();
        lra_.for_each_application([&](Term t) { euf_.register_term(t); });
        shared_.clear();
        euf_.for_each_arith_term([&](Term t, Term r) { shared_.emplace_back(t, r); });
        for (auto& [t, r] : shared_) lra_.ensure_term(t);
        if (lra_.num_structural() == known) break;
    }
    if (shared_.empty()) return true;
    const size_t before = splits.size();
    progress_ = false;
    unresolved_ = false;
    // Equal values, different classes: one split per term against the first term of its value.
    std::map<mpq_class, Term> by_value;
    // Same class, different values: one split per term against a member seen with another
    // value. Not always the first one: t = f(a) and t + 1 can share a class (through f(b) with
    // a = b), and t = t + 1 is `false` by its normal form, no atom to split on; f(a) = f(b) is
    // one (seed 2733 of the random C programs: a model that broke an assertion).
    // Per class, its members grouped by value (almost always one group).
    std::unordered_map<uint32_t, std::vector<std::pair<mpq_class, std::vector<Term>>>> by_class;
    for (auto& [t, r] : shared_) {
        mpq_class v = *lra_.model_value(t);
        auto [it, fresh] = by_value.emplace(v, t);
        if (!fresh && !euf_.are_equal(t, it->second)) split(t, it->second, splits);
        auto& groups = by_class[r.id];
        bool differs = false, split_made = false;
        std::vector<Term>* own = nullptr;
        for (auto& [gv, members] : groups) {
            if (gv == v) {
                own = &members;
                continue;
            }
            differs = true;
            for (Term m : members)
                if (!split_made && split(t, m, splits)) split_made = true;
        }
        // Congruent, with different values, and no atom between them: no model can be built
        // from this round (the solver answers unknown rather than sat with a broken model).
        if (differs && !split_made) unresolved_ = true;
        if (own)
            own->push_back(t);
        else
            groups.push_back({v, {t}});
    }
    return splits.size() == before && !unresolved_;
}

}  // namespace craig::smt
