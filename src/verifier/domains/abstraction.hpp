// The abstraction function alpha of Albarghouthi's thesis, §5.5, from formulas over a program's
// cur constants to Box or Boxes:
//   1. the formula is read in negation normal form (a polarity is carried down; ⇒, ite, iff
//      and xor are expanded into ∧/∨ of their parts),
//   2. a literal over one program variable becomes its bound: a·x ≤ c, a·x < c, a·x = c and
//      their negations over the cur constant x of a variable, rounded to integers for an Int
//      variable and exact (strict for <) for a Real one (x ≠ c is top in Box and the two boxes
//      x < c, x > c in Boxes); every other literal (two or more
//      variables, aux or next constants, uninterpreted functions, Boolean constants, ite
//      terms) becomes top,
//   3. ∧ becomes meet and ∨ becomes join (Box: the interval hull; Boxes: the exact union,
//      bounded by merge_to).
// So f ⇒ gamma(alpha(f)) always holds. Each result also says whether it is exact
// (gamma(alpha(f)) ≡ f): nothing was replaced by top and no join or merge lost precision;
// WIDENWITH_∨ may subtract only exact labels (domain.hpp).
//
// Results are memoised per (term, polarity) for the object's lifetime (terms are hash-consed
// and never freed, so a label met again costs a lookup). The traversal uses an explicit stack.
#pragma once

#include <cstddef>
#include <unordered_map>

#include "smt/terms/term.hpp"
#include "verifier/domains/box.hpp"
#include "verifier/domains/boxes.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

template <class Element>
struct Abstract {
    Element value;
    bool exact = true;
};

// How ∧, ∨ and the literals map into one domain (defined for Box and Boxes in abstraction.cpp).
struct BoxLattice {
    using Element = Box;
};
struct BoxesLattice {
    using Element = Boxes;
    std::size_t max_boxes = 32;  // merge_to after every union and intersection
};

template <class Lattice>
class Abstraction {
public:
    using Element = typename Lattice::Element;
    Abstraction(const Program& p, Lattice lattice) : p_(p), lattice_(lattice) {}

    // alpha(f) for a Boolean formula f over p's cur constants (other constants are read as
    // unknown values: their literals become top).
    const Abstract<Element>& operator()(smt::Term f);

private:
    struct Key {
        smt::Term t;
        bool positive;
        friend bool operator==(Key a, Key b) = default;
    };
    struct KeyHash {
        std::size_t operator()(Key k) const { return std::size_t{k.t.id} * 2 + k.positive; }
    };
    // The literal t (or its negation), or top when it is not over one program variable.
    Abstract<Element> literal(smt::Term t, bool positive) const;
    // t is a connective whose parts are abstracted first.
    bool is_connective(smt::Term t) const;
    // Combines the memoised abstractions of t's parts.
    Abstract<Element> combine(smt::Term t, bool positive) const;

    const Program& p_;
    Lattice lattice_;
    std::unordered_map<Key, Abstract<Element>, KeyHash> memo_;
};

extern template class Abstraction<BoxLattice>;
extern template class Abstraction<BoxesLattice>;

}  // namespace craig::verifier
