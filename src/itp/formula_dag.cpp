#include "itp/formula_dag.hpp"

namespace craig::itp {

FormulaDag::FormulaDag(smt::TermManager& tm) : tm_(tm) {
    leaf(tm.mk_false());  // kFalse
    leaf(tm.mk_true());   // kTrue
}

FormulaDag::Id FormulaDag::leaf(smt::Term t) {
    if (op_.size() >= 2) {
        if (t == tm_.mk_false()) return kFalse;
        if (t == tm_.mk_true()) return kTrue;
    }
    op_.push_back(kLeaf);
    term_.push_back(t);
    begin_.push_back(static_cast<uint32_t>(args_.size()));
    return static_cast<Id>(op_.size() - 1);
}

FormulaDag::Id FormulaDag::mk(bool conjunction, std::span<const Id> args) {
    const Id neutral = conjunction ? kTrue : kFalse;
    const Id absorbing = conjunction ? kFalse : kTrue;
    scratch_.clear();
    for (Id a : args) {
        if (a == absorbing) return absorbing;
        if (a != neutral) scratch_.push_back(a);
    }
    if (scratch_.empty()) return neutral;
    if (scratch_.size() == 1) return scratch_[0];
    op_.push_back(conjunction ? kAnd : kOr);
    term_.push_back(smt::Term{});
    args_.insert(args_.end(), scratch_.begin(), scratch_.end());
    begin_.push_back(static_cast<uint32_t>(args_.size()));
    return static_cast<Id>(op_.size() - 1);
}

smt::Term FormulaDag::to_term(Id root) {
    // Nodes that get a term of their own: the root, every argument of a node with the other
    // connective, and every node with two or more parents. Every other reachable node has one
    // parent, of its own connective, so it belongs to exactly one region: opening regions is
    // linear in the DAG. Arguments have smaller ids: one downward pass marks, one upward builds.
    std::vector<uint32_t> parents(root + 1, 0);
    std::vector<uint8_t> reach(root + 1, 0), need(root + 1, 0);
    reach[root] = need[root] = 1;
    for (Id n = root + 1; n-- > 0;) {
        if (!reach[n] || op_[n] == kLeaf) continue;
        for (uint32_t i = begin_[n]; i < begin_[n + 1]; ++i) {
            Id a = args_[i];
            reach[a] = 1;
            if (op_[a] != op_[n] || ++parents[a] >= 2) need[a] = 1;
        }
    }
    // A term with many arguments that is an argument of a term of its own connective would be
    // copied into it by TermManager's flattening, once per parent; past this size it goes in
    // through an implication instead (a ∨ R as ¬a → R, a ∧ R as ¬(a → ¬R)), which is not
    // flattened.
    constexpr size_t kCopyLimit = 32;
    std::vector<uint32_t> seen(root + 1, 0);
    std::vector<Id> stack;
    std::vector<smt::Term> flat, kept;
    for (Id n = 0; n <= root; ++n) {
        if (!need[n] || op_[n] == kLeaf) continue;
        flat.clear();
        kept.clear();
        const uint32_t stamp = n + 1;
        const smt::Kind kind = op_[n] == kAnd ? smt::Kind::And : smt::Kind::Or;
        for (uint32_t i = begin_[n]; i < begin_[n + 1]; ++i) stack.push_back(args_[i]);
        while (!stack.empty()) {
            Id a = stack.back();
            stack.pop_back();
            if (seen[a] == stamp) continue;
            seen[a] = stamp;
            if (op_[a] == op_[n] && !need[a]) {
                for (uint32_t i = begin_[a]; i < begin_[a + 1]; ++i) stack.push_back(args_[i]);
            } else if (tm_.kind(term_[a]) == kind && tm_.children(term_[a]).size() > kCopyLimit) {
                kept.push_back(term_[a]);
            } else {
                flat.push_back(term_[a]);
            }
        }
        smt::Term t = op_[n] == kAnd ? tm_.mk_and(flat) : tm_.mk_or(flat);
        for (smt::Term k : kept)
            t = op_[n] == kAnd ? tm_.mk_not(tm_.mk_implies(k, tm_.mk_not(t))) : tm_.mk_implies(tm_.mk_not(k), t);
        term_[n] = t;
    }
    return term_[root];
}

}  // namespace craig::itp
