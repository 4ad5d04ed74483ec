// Box: the interval domain over a program's variables (Cousot & Cousot 1977; "Box" in
// Albarghouthi's thesis, §5.5): a conjunction of one interval per variable, or bottom.
//
// Representation: the constrained variables only, sorted by VarId, each with a non-top,
// non-empty interval; an unlisted variable is unconstrained. Restricting a variable to an
// empty interval makes the whole box bottom (which lists nothing), so equal sets of states
// have equal representations and operator== is set equality.
//
// gamma(b) is the conjunction of the bounds over the variables' `cur` constants (true for
// top, false for bottom); it is exact: alpha (abstraction.hpp) maps it back to b.
//
// Variables may be Int or Real (programs from Horn clauses mix them): a variable's interval is
// a set of integers or of reals (interval.hpp) as the variable's sort says. Every operation
// below is exact (meet, difference) or an upper bound (join, widen) over both.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "smt/terms/term.hpp"
#include "verifier/domains/interval.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

class Box {
public:
    using Bound = std::pair<VarId, Interval>;

    static Box top() { return Box(); }
    static Box bottom() {
        Box b;
        b.bottom_ = true;
        return b;
    }

    bool is_bottom() const { return bottom_; }
    bool is_top() const { return !bottom_ && bounds_.empty(); }
    // The interval of v (top when unconstrained; meaningless for bottom).
    Interval get(VarId v) const;
    // Replaces the interval of v; an empty interval makes the box bottom. No effect on bottom.
    void set(VarId v, const Interval& i);
    // Intersects the interval of v with i.
    void restrict(VarId v, const Interval& i);
    // The constrained variables in VarId order.
    std::span<const Bound> bounds() const { return bounds_; }

    // o ⊆ this.
    bool contains(const Box& o) const;
    bool intersects(const Box& o) const;

    friend bool operator==(const Box& a, const Box& b) = default;

private:
    bool bottom_ = false;
    std::vector<Bound> bounds_;
};

// Walks the constrained variables of a and b together, in VarId order: f(v, ia, ib) for every
// variable constrained in either (the side that does not constrain v gives top).
template <class F>
void for_each_bound_pair(const Box& a, const Box& b, F f) {
    auto ia = a.bounds().begin(), ib = b.bounds().begin();
    const auto ea = a.bounds().end(), eb = b.bounds().end();
    while (ia != ea || ib != eb) {
        if (ib == eb || (ia != ea && ia->first < ib->first)) {
            f(ia->first, ia->second, Interval::top());
            ++ia;
        } else if (ia == ea || ib->first < ia->first) {
            f(ib->first, Interval::top(), ib->second);
            ++ib;
        } else {
            f(ia->first, ia->second, ib->second);
            ++ia;
            ++ib;
        }
    }
}

// Smallest box containing both (the interval hull per variable).
Box join(const Box& a, const Box& b);
// Intersection.
Box meet(const Box& a, const Box& b);
// Interval widening per variable (interval.hpp); ⊥ ∇ b = b. Every bound of the result is a bound
// of `a` or infinite, so an increasing chain stabilises after at most 2·(variables) + 1 changes.
Box widen(const Box& a, const Box& b);
// a \ b as pairwise disjoint boxes (exact over the integers and, with strict bounds, over the
// reals): for each variable that b constrains, the part of a below b and the part above b are
// cut off, and a is narrowed to b on that variable before the next one.
std::vector<Box> subtract(const Box& a, const Box& b);

// The conjunction of the bounds over the cur constants of p's variables, with numerals of each
// variable's sort (strict bounds as < and >).
smt::Term gamma(const Box& b, const Program& p);

}  // namespace craig::verifier
