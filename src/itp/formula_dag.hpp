#pragma once
// FormulaDag: and/or formulas over TermManager terms, built in time linear in each node's
// arguments and turned into terms once.
//
// Why: TermManager::mk_and / mk_or flatten nested conjunctions (disjunctions) and sort their
// arguments, so building a proof's partial interpolants directly as terms copies a growing
// argument list at every resolution step: quadratic in long same-label regions of a proof
// (docs/results/code-measurements.md, formula-dag). Here a node is only turned into a term
// when something of the other connective (or the caller) needs it, or when it is shared; a
// region of equal connectives becomes one n-ary term. A large shared conjunction inside
// another conjunction (likewise for disjunctions) enters it through an implication, so that
// no argument list is copied once per parent (formula_dag.cpp).
//
// Constants fold while building (false absorbs a conjunction, true is dropped, ...); nodes are
// numbered in creation order, so every argument has a smaller id than its node.
#include <cstdint>
#include <span>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::itp {

class FormulaDag {
public:
    using Id = uint32_t;
    static constexpr Id kFalse = 0;
    static constexpr Id kTrue = 1;

    explicit FormulaDag(smt::TermManager& tm);

    Id leaf(smt::Term t);                               // a formula given as a term
    Id mk(bool conjunction, std::span<const Id> args);  // n-ary and / or
    Id mk2(bool conjunction, Id a, Id b) {
        const Id v[2] = {a, b};
        return mk(conjunction, v);
    }
    // The term of `root` (mk_and / mk_or of the flattened regions below it).
    smt::Term to_term(Id root);
    size_t size() const { return op_.size(); }

private:
    enum Op : uint8_t { kLeaf, kAnd, kOr };

    smt::TermManager& tm_;
    std::vector<uint8_t> op_;
    std::vector<smt::Term> term_;     // leaves: their term; other nodes: set by to_term
    std::vector<uint32_t> begin_{0};  // arguments of node i: args_[begin_[i] .. begin_[i+1])
    std::vector<Id> args_;
    std::vector<Id> scratch_;
};

}  // namespace craig::itp
