#include "smt/combination.hpp"

#include <map>
#include <unordered_map>

namespace craig::smt {

void Combination::split(Term s, Term t, std::vector<Term>& splits) {
    Term atom = tm_.mk_eq(s, t);
    if (tm_.kind(atom) != Kind::Eq) return;  // decided by the normal form (true or false)
    euf_.add_interface_equality(atom, s, t);
    splits.push_back(atom);
    uint64_t key = s.id < t.id ? (uint64_t{s.id} << 32) | t.id : (uint64_t{t.id} << 32) | s.id;
    if (proposed_.insert(key).second) progress_ = true;
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
    // Equal values, different classes: one split per term against the first term of its value.
    std::map<mpq_class, Term> by_value;
    // Same class, different values: one split per term against the first member seen.
    std::unordered_map<uint32_t, std::pair<Term, mpq_class>> by_class;
    for (auto& [t, r] : shared_) {
        mpq_class v = *lra_.model_value(t);
        auto [it, fresh] = by_value.emplace(v, t);
        if (!fresh && !euf_.are_equal(t, it->second)) split(t, it->second, splits);
        auto [ct, cfresh] = by_class.emplace(r.id, std::make_pair(t, v));
        if (!cfresh && ct->second.second != v) split(t, ct->second.first, splits);
    }
    return splits.size() == before;
}

}  // namespace craig::smt
