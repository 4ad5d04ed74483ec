// Boxes: finite disjunctions of boxes (the domain of Gurfinkel & Chaki, SAS 2010, which keeps
// them as decision diagrams over interval bounds; here a simpler canonical form): a list of
// pairwise disjoint, non-bottom boxes. Union, intersection and set difference are exact (over
// the integers, and over the reals thanks to strict bounds: [0,5] \ [1,5] is [0,1)), which is
// what WIDENWITH_∨ of Albarghouthi's thesis (eq. 5.4) needs: ((∨X) ∇ (∨X ∨ y)) \ ∨X.
//
// Endpoints. A finite bound cuts the line just below or just above a value (over the integers
// read every interval half-open, [lo, hi+1); over the reals x <= c cuts just above c, x < c
// just below it): all operations below build their results' finite endpoints from their
// arguments' endpoints only (a difference cuts one box at the other's endpoints, a hull takes
// endpoints of its parts, the widening moves every endpoint its first argument does not have out
// to one it has, or to infinity).
// This is what makes the widening terminate and what lets merge_to bound the size without
// giving that up.
//
// The representation of a set is not unique (the same set can be cut into boxes in different
// ways); operator== compares the sets.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "smt/terms/term.hpp"
#include "verifier/domains/box.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

class Boxes {
public:
    Boxes() = default;  // bottom (the empty disjunction)
    explicit Boxes(const Box& b);
    static Boxes bottom() { return Boxes(); }
    static Boxes top() { return Boxes(Box::top()); }

    bool is_bottom() const { return boxes_.empty(); }
    std::span<const Box> boxes() const { return boxes_; }
    std::size_t size() const { return boxes_.size(); }

    // o ⊆ this.
    bool contains(const Boxes& o) const;
    // The smallest single box containing all of them.
    Box hull() const;
    // Bounds the size: while more than `max` boxes remain, the closest pair (fewest variables
    // on which they differ, then the smallest gap between them) is replaced by its hull,
    // which also swallows every box it meets, so the list stays disjoint. Returns whether it
    // merged anything (then the set grew: an over-approximation, never an under-approximation).
    bool merge_to(std::size_t max);

    friend bool operator==(const Boxes& a, const Boxes& b) { return a.contains(b) && b.contains(a); }

private:
    // Replaces pairs that differ on one variable only, where their intervals are adjacent, by
    // their hull (the same set in fewer boxes).
    void coalesce();
    // Appends b \ (the boxes already here); keeps the list disjoint.
    void add(const Box& b);

    friend Boxes unite(const Boxes& a, const Boxes& b);
    friend Boxes intersect(const Boxes& a, const Boxes& b);
    friend Boxes subtract(const Boxes& a, const Boxes& b);

    std::vector<Box> boxes_;  // pairwise disjoint, none bottom
};

// a ∪ b, exact.
Boxes unite(const Boxes& a, const Boxes& b);
// a ∩ b, exact.
Boxes intersect(const Boxes& a, const Boxes& b);
// a \ b, exact.
Boxes subtract(const Boxes& a, const Boxes& b);
// Widening with a's endpoints as the thresholds: every box of a ∪ b moves each finite bound
// that is not one of a's endpoints on the same variable out to the nearest one that is (a lower
// bound down, an upper bound up), or to infinity when there is none; ⊥ ∇ b = b. So a bound
// that a new box only tightens (s >= 3 beside a's s >= 1) falls back to a's bound instead of
// being lost. The result contains a ∪ b. Termination: the endpoints of a ∇ b are a subset of
// a's, so along w_{i+1} = w_i ∇ b_i the endpoint sets shrink until they stay fixed; from then
// on every w_i is a union of cells of one finite grid and the sequence, being increasing,
// becomes constant.
Boxes widen(const Boxes& a, const Boxes& b);

// The disjunction of the boxes' gammas (false for bottom).
smt::Term gamma(const Boxes& b, const Program& p);

}  // namespace craig::verifier
