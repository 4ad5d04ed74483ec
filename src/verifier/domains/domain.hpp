// Abstract domains of VINTA (Albarghouthi's thesis, Ch. 5; issue 17) behind the one interface
// the engine uses. The engine's labels are formulas over the cur constants of the program's
// variables; a domain converts them with alpha (abstraction.hpp: NNF, single-variable literals
// to bounds, ∧ to meet, ∨ to join) and back with gamma, so every operation below takes and
// returns formulas, and each guarantee is an implication between formulas:
//
//   abstract(f)          f ⇒ result                          (gamma(alpha(f)))
//   post(pre, e)         gamma(alpha(pre)) ∧ [[e]] ⇒ result' (APost over the large-block edge e:
//                        result over the cur constants, ' renames them to the post-state;
//                        false when the edge cannot be taken from alpha(pre))
//   join(fs)             every f ⇒ result
//   widen_with(X, y)     WIDENWITH of Def. 5.2: X ∨ y ⇒ X ∨ result (soundness), and along
//                        Z_0 = X, Z_i = Z_{i-1} ∪ {widen_with(Z_{i-1}, y_i)} some i has
//                        Z_{i+1} ⇒ Z_i (termination). X lists the visited labels in visit
//                        order (the last one is the most recent).
//
// The domains:
//   "box"    intervals per variable (box.hpp); join is the hull; widen_with is WIDENWITH_⊔
//            (eqs. 5.1, 5.3) with x the last label of X: x ∇ (x ⊔ y).
//   "boxes"  finite disjunctions of boxes (boxes.hpp) with exact union, intersection and
//            difference; join is the union; widen_with is WIDENWITH_∨ (eqs. 5.2, 5.4):
//            ((∨X) ∇ (∨X ∨ y)) \ ∨X, where the difference subtracts only the labels of X that
//            alpha represents exactly (the others are formulas Boxes can only over-approximate,
//            and removing their over-approximation could lose states of y).
// Both compute the Box post of box_post.hpp (Boxes: per disjunct, then the union), which asks
// the solver and honours the budget's deadline (an undecided query only costs precision).
// Figures (stats()): domain.alpha.calls, domain.alpha.inexact, domain.post.calls,
// domain.post.box_posts (one per disjunct), domain.post.cache_hits, domain.post.queries, domain.post.bottom, domain.post.unknown,
// domain.post.capped_bounds, domain.post.seconds, domain.post.solver_seconds,
// domain.join.calls, domain.widen.calls, domain.boxes.merges.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "base/budget.hpp"
#include "base/statistics.hpp"
#include "smt/terms/term.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

class AbstractDomain {
public:
    virtual ~AbstractDomain() = default;
    virtual std::string_view name() const = 0;  // "box", "boxes"
    // gamma(alpha(f)): f ⇒ result.
    virtual smt::Term abstract(smt::Term f) = 0;
    // APost over the (large-block) edge e: gamma(alpha(pre)) ∧ [[e]] ⇒ result'.
    virtual smt::Term post(smt::Term pre, EdgeId e) = 0;
    // Join of labels: every f ⇒ result.
    virtual smt::Term join(std::span<const smt::Term> fs) = 0;
    // WIDENWITH (thesis Def. 5.2): Box uses WIDENWITH_⊔ (eq. 5.1/5.3), Boxes WIDENWITH_∨ (eq. 5.2/5.4).
    virtual smt::Term widen_with(std::span<const smt::Term> visited, smt::Term y) = 0;
    virtual const base::Statistics& stats() const = 0;
};

struct DomainOptions {
    // Boxes: most boxes in one element; beyond, the closest pair is merged (sound, less precise).
    std::size_t max_boxes = 32;
    // APost: solver checks spent on one bound of one variable after the batched ones
    // (bound_search.hpp); an unfinished bound keeps its best confirmed value or is infinite.
    unsigned max_queries_per_bound = 16;
    // APost: integer branch-and-bound splits per check before the solver answers unknown.
    std::uint64_t lia_branch_budget = 2000;
};

std::unique_ptr<AbstractDomain> make_box_domain(const Program& p, const base::Budget& budget,
                                                const DomainOptions& o = {});
std::unique_ptr<AbstractDomain> make_boxes_domain(const Program& p, const base::Budget& budget,
                                                  const DomainOptions& o = {});

}  // namespace craig::verifier
