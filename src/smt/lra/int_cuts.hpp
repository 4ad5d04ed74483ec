#pragma once
// Integer reasoning on the final tableau of a feasible Simplex: Gomory mixed-integer cuts and the
// GCD test. Both read one tableau row "basic = Σ a_j·x_j" and derive, with exact arithmetic, a
// lemma that holds in every integer solution of the bounds they used but not at the current
// vertex, together with the split that justifies it:
//
//   S <= k  or  S >= k + 1,   S = Σ s_j·x_j with integer s_j over integer variables,
//
// is true in every integer solution, and on either side the used bounds imply the lemma over
// the reals. A checker can thus verify a lemma with two LP refutations (lia_certificate.hpp)
// without trusting this code.
//
// "Integer variable" is the caller's notion (`is_int`, indexed by Var): a structural variable of
// sort Int, or a slack whose definition has integer coefficients over integer variables. A
// bound of an integer variable counts as integral only if it is an integer without δ part.
//
// References: the mixed-integer (GMI) cut and the GCD test as in Dutertre & de Moura,
// "Integrating Simplex with DPLL(T)", SRI-CSL-06-01 (2006); GMI cuts as split cuts: Cornuéjols,
// "Valid inequalities for mixed integer linear programs", Math. Programming 112 (2008).
#include <gmpxx.h>

#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "smt/lra/simplex.hpp"

namespace craig::lra {

struct IntLemma {
    using Var = Simplex::Var;
    // The lemma  Σ cut·x >= cut_bound  (over simplex variables). A GCD conflict has no cut
    // (empty, cut_bound 1: the lemma is "false").
    std::vector<std::pair<Var, mpq_class>> cut;
    mpq_class cut_bound;
    // The justifying split  Σ split·x <= split_bound  or  Σ split·x >= split_bound + 1.
    std::vector<std::pair<Var, mpq_class>> split;
    mpq_class split_bound;
    // The bounds the derivation used: (var, upper) as in the Simplex (upper false: lower bound).
    std::vector<std::pair<Var, bool>> bounds;
};

// The Gomory mixed-integer cut of the row of `basic`, an integer variable whose value is a
// non-integral rational. Requires a successful check(); nothing if some nonbasic variable of
// the row is not at a non-strict bound. The cut is violated by the current values.
std::optional<IntLemma> gomory_cut(const Simplex& s, Simplex::Var basic, std::span<const uint8_t> is_int);

// The GCD test on the row of `basic`: if every variable of the row is an integer variable and
// the gcd of the (integral, scaled) coefficients of the non-fixed variables does not divide the
// contribution of the fixed ones, the fixed variables' bounds have no integer solution. Returns
// the conflict (its bounds: both bounds of every fixed variable), else nothing.
std::optional<IntLemma> gcd_conflict(const Simplex& s, Simplex::Var basic, std::span<const uint8_t> is_int);

}  // namespace craig::lra
