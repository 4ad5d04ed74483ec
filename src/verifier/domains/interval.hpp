// Interval: a set of integers {x | lo <= x <= hi} with exact (GMP) bounds; a missing bound is
// infinite. The values of craig's program variables are mathematical integers (the lowering
// makes C's wrap-around explicit), so bounds are integers and strictness never arises: x < c
// is x <= c - 1.
//
// An interval may be empty (lo > hi); Box turns an empty interval into bottom, so the lattice
// operations below may assume non-empty arguments unless they say otherwise.
#pragma once

#include <gmpxx.h>

#include <optional>

namespace craig::verifier {

struct Interval {
    std::optional<mpz_class> lo, hi;  // nullopt: -infinity / +infinity

    static Interval top() { return {}; }
    static Interval point(const mpz_class& c) { return {c, c}; }
    static Interval at_least(const mpz_class& c) { return {c, std::nullopt}; }
    static Interval at_most(const mpz_class& c) { return {std::nullopt, c}; }

    bool empty() const { return lo && hi && *lo > *hi; }
    bool is_top() const { return !lo && !hi; }
    bool is_point() const { return lo && hi && *lo == *hi; }
    // o ⊆ this (for a non-empty o).
    bool contains(const Interval& o) const;
    // The two intervals share a point.
    bool intersects(const Interval& o) const;
    // Their union is an interval (they overlap or are adjacent, e.g. [0,2] and [3,5]).
    bool touches(const Interval& o) const;
    // Number of integers strictly between the two intervals (0 when they touch), as a double:
    // a measure for heuristics (Boxes::merge_to), exact up to 2^53.
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
// infinity, a stable bound stays. Any increasing chain a0, a0 ∇ a1, ... stabilises after at most
// two changes (one per bound).
Interval widen(const Interval& a, const Interval& b);

}  // namespace craig::verifier
