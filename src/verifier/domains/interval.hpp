// Interval: a set of integers or of reals between two exact (GMP) bounds; a missing bound is
// infinite.
//
// Integers (`real` false; the values of C variables, which the lowering makes mathematical
// integers, and Int arguments of Horn clauses): bounds are integers and closed, so strictness
// never arises: x < c is x <= c - 1, and [0,2] and [3,5] are adjacent.
// Reals (`real` true; Real arguments of Horn clauses): bounds are rationals and each one may be
// strict (lo_open: x > lo, hi_open: x < hi). Strict bounds keep x < c exact and make the set
// operations of Box and Boxes (difference, x != c as x < c or x > c) exact over the reals as
// well: a closed-only interval would have to over-approximate them, which the containment test
// and the difference of WIDENWITH (boxes.hpp) could not use.
// An infinite bound is never open. The flag says how to read the bounds; the operations below
// combine intervals of one variable, and a top interval from an unconstrained variable may carry
// the default flag, so they take the reals when either argument is real.
//
// An interval may be empty (lo > hi, or lo = hi with a strict side); Box turns an empty
// interval into bottom, so the lattice operations below may assume non-empty arguments unless
// they say otherwise.
#pragma once

#include <gmpxx.h>

#include <optional>

namespace craig::verifier {

struct Interval {
    std::optional<mpq_class> lo, hi;        // nullopt: -infinity / +infinity
    bool lo_open = false, hi_open = false;  // strict bounds (reals only; false when infinite)
    bool real = false;                      // a set of reals (else integers: integral closed bounds)

    static Interval top() { return {}; }
    static Interval point(const mpq_class& c) { return {c, c}; }
    static Interval at_least(const mpq_class& c) { return {c, std::nullopt}; }
    static Interval at_most(const mpq_class& c) { return {std::nullopt, c}; }
    // Sets of reals: [c, c], x >= c (x > c when strict), x <= c (x < c when strict).
    static Interval real_point(const mpq_class& c) { return {c, c, false, false, true}; }
    static Interval real_at_least(const mpq_class& c, bool strict = false) {
        return {c, std::nullopt, strict, false, true};
    }
    static Interval real_at_most(const mpq_class& c, bool strict = false) {
        return {std::nullopt, c, false, strict, true};
    }

    bool empty() const { return lo && hi && (*lo > *hi || (*lo == *hi && (lo_open || hi_open))); }
    bool is_top() const { return !lo && !hi; }
    bool is_point() const { return lo && hi && *lo == *hi && !lo_open && !hi_open; }
    // o ⊆ this (for a non-empty o).
    bool contains(const Interval& o) const;
    // The two intervals share a point.
    bool intersects(const Interval& o) const;
    // Their union is an interval (they overlap or are adjacent: over the integers e.g. [0,2]
    // and [3,5], over the reals e.g. [0,2) and [2,5]).
    bool touches(const Interval& o) const;
    // The distance between the two intervals (0 when they touch) as a double: over the integers
    // the number of integers strictly between them, over the reals the length of the gap. A
    // measure for heuristics (Boxes::merge_to), exact up to 2^53.
    double gap(const Interval& o) const;

    friend bool operator==(const Interval& a, const Interval& b) = default;
};

// ⌊q⌋ and ⌈q⌉ as integers: bounds from rational constants and model values.
mpz_class floor_z(const mpq_class& q);
mpz_class ceil_z(const mpq_class& q);

// Smallest interval containing both.
Interval join(const Interval& a, const Interval& b);
// Intersection (possibly empty).
Interval meet(const Interval& a, const Interval& b);
// Standard interval widening (Cousot & Cousot 1977): a bound of `a` that `b` exceeds goes to
// infinity, a stable bound stays (with its strictness). Any increasing chain a0, a0 ∇ a1, ...
// stabilises after at most two changes (one per bound).
Interval widen(const Interval& a, const Interval& b);
// The values below i's lower bound (finite): x < lo; over the integers x <= lo - 1. Exactly the
// complement of {x | x >= lo} (or x > lo), what set difference cuts off.
Interval below(const Interval& i);
// The values above i's upper bound (finite): x > hi; over the integers x >= hi + 1.
Interval above(const Interval& i);

}  // namespace craig::verifier
