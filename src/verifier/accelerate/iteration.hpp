// One iteration of a loop along one plain path, reduced to a guard and affine updates: the
// input of acceleration (accelerate.hpp).
//
//   std::string why;
//   auto it = iteration_relation(plain, body, writes, so, why);   // body: plain edges head -> head
//   if (!it) ... why says what is outside the accelerable class ("" when the path is infeasible)
//
// The edges of `body` are composed (fresh constants for the intermediate versions and aux), the
// conjunction is flattened, and constants other than the cur constants and the inputs are
// eliminated by equalities in which they have a unit coefficient (Gaussian elimination over the
// linear normal form). An aux that is left (the quotient of a wrap-around) is replaced by its value
// in one model only when a solver proves the path forces that value. What stays must be:
//   - for each variable of `writes`: next = cur + c (a translation by the integer c, c = 0 for a
//     variable this path leaves alone) or next = e, e affine over the cur constants of variables
//     this path leaves alone (a reset); or, together, next = A·cur + b over `writes` with an
//     integer matrix A whose powers settle (A^(p+1) = A^p for some p <= kMaxLinearIndex) and a
//     constant step A^p·b (a linear relation: prev = i; i++; or x = y; y = 0): `linear`;
//   - guard atoms, linear (in)equalities over cur constants (no disequalities: the guard must be
//     convex, so that the first and the last iteration of a run of them imply all in between);
//   - atoms over inputs alone (a branch on a nondeterministic value): satisfiable, their model
//     fixes the inputs every iteration of this path reads (`input_values`).
// With `under`, from the first aux that is left and not fixed on, the aux constants not fixed yet
// are all set to 0 where the path allows that (the iterations without a wrap-around; one query):
// the relation is then a sub-relation of the path's (IterationRelation::under), good for an
// under-approximating acceleration only.
// Requires: `body` is a path of `plain` (an integer program: Int variables) that starts and ends
// at the same location; `writes` sorted, holding every variable the path writes.
#pragma once

#include <gmpxx.h>

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "smt/solver.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

struct IterationUpdate {
    VarId var = 0;
    bool reset = false;
    mpz_class step;    // translation: next = cur + step
    smt::Term value;   // reset: next = value (over cur constants of variables the path keeps)
};

struct IterationRelation {
    std::vector<EdgeId> body;
    std::vector<smt::Term> guard;         // linear atoms over cur constants, conjoined
    std::vector<IterationUpdate> updates; // one per variable of `writes` (step 0: unchanged)
    std::vector<mpz_class> input_values;  // the values of the inputs of body's edges, in order
    // The relation as a formula over the cur constants and the next constants of `writes`.
    smt::Term formula;
    bool under = false;  // a sub-relation: some wrap-around quotient fixed at 0 (see `under`)
    // A linear relation (some update reads a variable the path changes): next = A·cur + b, rows
    // and columns of A by position in `updates`, b affine over the other cur constants; A^(p+1) =
    // A^p with p = index, and step = A^p·b integers (after p iterations every one adds step).
    bool linear = false;
    std::vector<std::vector<mpz_class>> matrix;
    std::vector<smt::Term> offset;
    std::size_t index = 0;
    std::vector<mpz_class> step;
};

inline constexpr std::size_t kMaxLinearIndex = 6;

// The relation of one iteration along `body`, or none with `why` (empty: the path is infeasible).
std::optional<IterationRelation> iteration_relation(const Program& plain, std::span<const EdgeId> body,
                                                    std::span<const VarId> writes, const smt::SolverOptions& so,
                                                    std::string& why, bool under = false);

}  // namespace craig::verifier
