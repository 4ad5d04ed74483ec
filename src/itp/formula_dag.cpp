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
  // Reachable nodes, and those that need a term of their own: the root and every argument of
  // a node with the other connective. Arguments have smaller ids, so one downward pass marks
  // them and one upward pass builds them.
  std::vector<uint8_t> reach(root + 1, 0), need(root + 1, 0);
  reach[root] = need[root] = 1;
  for (Id n = root + 1; n-- > 0;) {
    if (!reach[n] || op_[n] == kLeaf) continue;
    for (uint32_t i = begin_[n]; i < begin_[n + 1]; ++i) {
      Id a = args_[i];
      reach[a] = 1;
      if (op_[a] != op_[n]) need[a] = 1;
    }
  }
  std::vector<uint32_t> seen(root + 1, 0);
  std::vector<Id> stack;
  std::vector<smt::Term> flat;
  for (Id n = 0; n <= root; ++n) {
    if (!need[n] || op_[n] == kLeaf) continue;
    // The arguments of n's region: nodes of the same connective without a term of their own
    // are opened; everything else already has its term (smaller id).
    flat.clear();
    const uint32_t stamp = n + 1;
    for (uint32_t i = begin_[n]; i < begin_[n + 1]; ++i) stack.push_back(args_[i]);
    while (!stack.empty()) {
      Id a = stack.back();
      stack.pop_back();
      if (seen[a] == stamp) continue;
      seen[a] = stamp;
      if (op_[a] == op_[n] && !need[a]) {
        for (uint32_t i = begin_[a]; i < begin_[a + 1]; ++i) stack.push_back(args_[i]);
      } else {
        flat.push_back(term_[a]);
      }
    }
    term_[n] = op_[n] == kAnd ? tm_.mk_and(flat) : tm_.mk_or(flat);
  }
  return term_[root];
}

}  // namespace craig::itp
