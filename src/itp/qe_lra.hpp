#pragma once
// Quantifier elimination for the formulas interpolation produces: linear real arithmetic under
// arbitrary Boolean structure, plus Boolean constants. Used to CLEAN sequence interpolants into
// DAG interpolants (dag_one_proof.hpp); nothing else of the solver is involved.
//
// Real-sorted constants: Loos–Weispfenning virtual substitution (Loos, Weispfenning, "Applying
// Linear Quantifier Elimination", The Computer Journal 36(5), 1993):
//   ∃x.φ  ≡  ∨_{t ∈ E} φ[x // t],
// E = {−∞} ∪ {e : x ≥ e or x = e occurs} ∪ {e + ε : x > e or x ≠ e occurs}, read off the atoms
// with their polarity (or the mirror set with +∞, upper bounds and e − ε, whichever is smaller).
// The solutions of φ in x are a finite union of intervals whose left ends are −∞ or boundary
// points of atoms, closed (e) or open (e + ε); substituting e + ε (−∞) gives each atom its truth
// value for all small enough ε > 0 (all small enough x), an evaluation that commutes with every
// Boolean connective, so φ needs no normal form. Chosen over Fourier–Motzkin because FM needs a
// DNF (exponential in the interpolant's Boolean structure) and cannot express disequalities
// without splitting them; virtual substitution keeps the structure, handles =, ≠, <, ≤ directly
// and grows the formula by a factor |E| per eliminated variable. Exact rationals throughout.
//
// Boolean constants: cofactoring, ∃b.φ = φ[b:=true] ∨ φ[b:=false] (∀: ∧).
//
// Not eliminated (the result says why, never a wrong formula): Int-sorted constants, constants
// of uninterpreted sorts, function symbols, and a Real constant occurring anywhere but as a
// monomial of a linear (dis)equality or bound (inside an uninterpreted application, an
// arithmetic ite, a non-linear term), and results above `max_nodes` distinct subterms.
#include <cstdint>
#include <span>
#include <string>

#include "smt/terms/term.hpp"

namespace craig::itp {

struct QeResult {
    smt::Term formula;  // invalid when !ok()
    std::string why;
    bool ok() const { return why.empty(); }
};

inline constexpr uint64_t kQeMaxNodes = 200000;

// ∃x.φ for one Real-sorted declared constant x (mk_const of a 0-ary function).
QeResult exists_real(smt::TermManager& tm, smt::FuncId x, smt::Term phi, uint64_t max_nodes = kQeMaxNodes);

// ∃ (exists = true) or ∀ (false) over all of `symbols` (any order: quantifiers of one kind
// commute), each a 0-ary Bool or Real symbol. ∀ is ¬∃¬.
QeResult eliminate(smt::TermManager& tm, smt::Term phi, std::span<const smt::FuncId> symbols, bool exists,
                   uint64_t max_nodes = kQeMaxNodes);

}  // namespace craig::itp
