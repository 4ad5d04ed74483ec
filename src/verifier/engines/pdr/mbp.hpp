// Model-based projection for pdr's predecessors (Komuravelli, Gurfinkel, Chaki, CAV 2014,
// section 4: MBP; the LRA case is Loos–Weispfenning virtual substitution restricted to the
// disjunct the model picks).
//
//   std::vector<Term> lits = implicant(tm, formula, model);       // model ⊨ ∧lits ⊨ formula
//   Projection p = project(tm, lits, eliminate, model);             // model ⊨ ∧p.cube ⊨ ∃E.∧lits
//
// Contract of project(): the result is a conjunction of literals over the symbols of `lits` other
// than `eliminate` that the model satisfies and that IMPLIES ∃eliminate. ∧lits (an
// under-approximation of the projection: every state of the cube has the eliminated values that
// make the literals true). That is all pdr's obligations need: each state of a predecessor cube
// reaches the obligation it came from.
//   - Real: exact for the implicant (x := an equality's solution, or the model's greatest lower
//     bound [+ε], resolved against the other bounds; a one-sided x is dropped).
//   - Int: with coefficient ±1 in every literal and no congruence, as Real (strict bounds
//     tightened first); otherwise the model's cell of Cooper's elimination, as Spacer does:
//     congruences (= (mod p d) 0) in the result, moduli up to 2^20 (beyond: x := its model
//     value). Congruences in the input, (= (mod p d) r) and their negations, are read as such.
//   - Bool constants, and any x occurring inside an uninterpreted or non-linear term: x := its
//     model value.
// Equalities of the result are split into two bounds (so that generalization can drop one).
// Elements of `eliminate` must be constants (Kind::Const) of sort Bool, Int or Real.
#pragma once

#include <span>
#include <vector>

#include "smt/model.hpp"
#include "smt/terms/term.hpp"

namespace craig::verifier::pdr {

// Literals (atoms or negated atoms) true in `model` whose conjunction implies `formula`, which the
// model satisfies: one true disjunct of each disjunction, the taken branch of each ite (an
// arithmetic ite inside an atom is replaced by its branch, the condition's literals added).
std::vector<smt::Term> implicant(smt::TermManager& tm, smt::Term formula, const smt::Model& model);

struct Projection {
    std::vector<smt::Term> cube;
    unsigned exact = 0;     // variables eliminated exactly (equality, bounds, or not constrained)
    unsigned by_value = 0;  // variables replaced by their model value
};

Projection project(smt::TermManager& tm, std::span<const smt::Term> literals, std::span<const smt::Term> eliminate,
                   const smt::Model& model);

}  // namespace craig::verifier::pdr
