// Invariants rewritten for a person (and a witness validator) to read: the same formula with
// what adds nothing taken out, and program variables that have no C name where the formula is
// stated projected out.
//
//   Term s = simplify_for_reading(tm, inv, ranges);      // equivalent (see below)
//   Term w = project_out(tm, inv, {x, y});               // implied by (exists x y. inv)
//
// Both view a formula as a disjunction of cubes; a cube is a conjunction of linear integer
// constraints lo <= c1*t1 + ... + cn*tn <= hi (the terms t Int atoms: constants, or anything else
// of sort Int, taken as an opaque term) and of other conjuncts, kept as they are (simplified
// inside). A linear form is normalised (coprime integer coefficients, the first positive), so all
// bounds on one form meet in one interval.
//
// simplify_for_reading is equivalent to its input wherever every atom with a range lies in it
// (for program variables: the values of their C types, which every C state satisfies):
//   * the bounds on one form meet: `j <= 9 && j <= 8` is `j <= 8`, `x - y <= 0 && x - y >= 0`
//     is `x == y`; an empty interval makes the cube false;
//   * a bound the ranges of the atoms imply is dropped (`n <= 2147483647` for an int n);
//   * an equality x == y + c moves every bound on y to x;
//   * duplicate conjuncts and disjuncts go, a cube another cube implies (syntactically) goes,
//     and two cubes that differ only in the interval of one form, the intervals overlapping or
//     adjacent over the integers, become one with the union (`(i == 0 && C) || (i == 1 && C)`
//     is `0 <= i <= 1 && C`).
// project_out eliminates the given constants per cube: by an equality in which one of them has
// coefficient +-1 (exact), else by Fourier-Motzkin over the rationals (the rational shadow
// contains the integer projection, so the result is implied); other conjuncts that mention an
// eliminated constant are dropped. The result is implied by the input but need not be
// inductive where the input was: a caller re-checks it (readable_invariants.hpp).
#pragma once

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include <gmpxx.h>

#include "smt/terms/term.hpp"

namespace craig::verifier {

// The values an Int atom ranges over (both ends included), or nothing when unknown.
using AtomRange = std::function<std::optional<std::pair<mpz_class, mpz_class>>(smt::Term)>;

smt::Term simplify_for_reading(smt::TermManager& tm, smt::Term formula, const AtomRange& range);

// `eliminate`: constants (Kind::Const) to project out.
smt::Term project_out(smt::TermManager& tm, smt::Term formula, const std::vector<smt::Term>& eliminate);

}  // namespace craig::verifier
