// CartesianPost: the predicate side of the explicit-value analysis' combination with predicates
// (engine value-impact; Beyer and Löwe's auxiliary predicate analysis, seed 001 §III-F): the
// Cartesian abstraction of one plain edge from a state given by explicit values and predicate
// literals.
//
//   CartesianPost c(plain, budget);
//   std::vector<std::uint8_t> out;   // per target predicate: 1 true, 0 false, 2 unknown
//   bool ok = c.post(e, bindings, literals, targets, out, values_after);   // false: no successor (⊥)
//
// The pre-state is ∧ (x = value) over the bindings ∧ the literals (formulas over the cur
// constants); a target predicate p (over the cur constants of the successor's location) is true
// after e when pre ∧ e ∧ ¬p' is unsatisfiable, p' being p with the next constants of the
// variables e writes, and false when pre ∧ e ∧ p' is. The C operators stay uninterpreted here,
// which only weakens the answers (an unsatisfiable check is unsatisfiable for C too), so the
// result over-approximates the edge. A query the solver does not decide counts as unknown.
// Without a solver: a target whose variables e does not write keeps its literal's value, a
// target whose variables all have explicit values after e (values_after, sorted by variable: the
// explicit transfer's result) is evaluated, and the successor counts as feasible when no literal
// shares a variable with e's formula (the explicit transfer already found no ⊥).
#pragma once

#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "base/budget.hpp"
#include "verifier/domains/value_transfer.hpp"

namespace craig::verifier {

struct CartesianPostStats {
    std::size_t posts = 0, queries = 0, shortcuts = 0;  // shortcuts: posts without a solver
    double seconds = 0;
};

class CartesianPost {
public:
    CartesianPost(const Program& plain, const base::Budget& budget) : p_(plain), budget_(budget) {}

    bool post(EdgeId e, std::span<const Binding> in, std::span<const smt::Term> literals,
              std::span<const smt::Term> targets, std::vector<std::uint8_t>& out,
              std::span<const Binding> values_after = {});
    const CartesianPostStats& stats() const { return stats_; }

private:
    // Branch-and-bound splits per query: an undecided query is an unknown predicate, sound (as
    // ufo's posts do).
    static constexpr std::uint64_t kBranchBudget = 300;

    // The program variables a term mentions (cur or next), sorted; cached per term.
    const std::vector<VarId>& vars_of(smt::Term t);

    const Program& p_;
    base::Budget budget_;
    CartesianPostStats stats_;
    std::unordered_map<smt::Term, std::vector<VarId>, smt::TermHash> vars_;
};

}  // namespace craig::verifier
