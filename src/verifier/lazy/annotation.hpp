// Annotation: the labels of lazy annotation (McMillan, "Lazy Annotation for Program Testing and
// Verification", §2.1), over a program's cur constants.
//
// A label l:φ (location) or e:φ (edge) says: no path starting at l (or with e) reaches a
// remaining goal from a state satisfying φ. A(l) and A(e) are the disjunctions of the labels
// (false when there is none). Location labels are kept free of subsumed disjuncts: a new label
// implied by an existing one is not added, existing labels the new one implies are dropped
// (the paper's "discard subsumed labels", which lets an irrelevant label such as diamond's
// l6 : p ∧ a give way to l6 : p). Edge labels are only deduplicated: they are many and short
// lived in the search, and A(e) is only ever used as a blocking test.
//
// The store does not check justification ({φ} a {A(l2)} for edge labels, φ ⇒ some edge label
// for location labels): the search (lazy_search.hpp) only adds justified labels, and the tests
// check every label with fresh solvers. Implications are decided by one solver over every
// interpretation of the C operator functions, so an implication it reports holds for C too;
// an undecided implication counts as "not implied" (both are sound: pruning less).
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "smt/solver.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

class Annotation {
public:
    Annotation(smt::TermManager& tm, std::size_t locations, std::size_t edges, const smt::SolverOptions& options);

    // A(l), A(e) over the cur constants (false without labels).
    smt::Term at(LocId l) const { return loc_or_[l]; }
    smt::Term on(EdgeId e) const { return edge_or_[e]; }
    std::span<const smt::Term> location_labels(LocId l) const { return locs_[l]; }
    std::span<const smt::Term> edge_labels(EdgeId e) const { return edges_[e]; }

    // Adds l:φ unless an existing label implies it; drops the labels φ implies. True if added.
    bool add_location(LocId l, smt::Term phi);
    // Adds e:φ (unless it is already there).
    void add_edge(EdgeId e, smt::Term phi);

    std::size_t subsumed() const { return subsumed_; }
    std::size_t location_label_count() const;
    std::size_t edge_label_count() const;

private:
    bool implies(smt::Term a, smt::Term b);

    smt::TermManager& tm_;
    std::vector<std::vector<smt::Term>> locs_, edges_;
    std::vector<smt::Term> loc_or_, edge_or_;
    std::unique_ptr<smt::Solver> implication_;
    std::size_t subsumed_ = 0;
};

}  // namespace craig::verifier
