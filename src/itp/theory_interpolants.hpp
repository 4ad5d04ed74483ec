#pragma once
// Interpolants of single theory conflicts: the leaves of proof-based interpolation.
//
// A theory conflict is a set of literals that hold together and are unsatisfiable in the theory
// (the negation of a theory lemma clause). The interpolator of the proof splits them by the cut:
// side A (A-local literals and shared literals the Boolean system puts on A) and side B. Given
// that split, a theory interpolant I satisfies
//     (∧ A-side literals) ⊨_T I,    I ∧ (∧ B-side literals) ⊨_T false,
// and every uninterpreted symbol of I is Shared under the cut's Coloring (coloring.hpp).
// Literals never have Mixed atoms here (mixed_literals.hpp projects those first).
// The result is a fresh formula of `tm`; nullopt (with `why`) means this conflict cannot be
// interpolated by this code (e.g. a shape it does not handle): never an unchecked guess.
#include <optional>
#include <span>
#include <string>

#include "itp/coloring.hpp"
#include "itp/options.hpp"
#include "smt/lra_certificate.hpp"
#include "smt/terms/term.hpp"

namespace craig::itp {

enum class Side : uint8_t { A, B };

// Linear arithmetic: `entries` is a Farkas certificate as checked by
// smt::check_lra_certificate (each literal with its side of an equation and λ > 0; a false Int
// atom p <= c reads p >= c + 1); sides[i] is entry i's side of the cut. Real and integer atoms
// are both accepted (the Farkas sum is valid over Int too, and a Farkas interpolant of an Int
// conflict is an Int interpolant).
//   Farkas:     I = Σ_{A} λ_i·lit_i  (the sum of the A-side inequalities; strict iff one is)
//   DualFarkas: I = ¬(Σ_{B} λ_i·lit_i)
//   Flexible:   between the two, by `options.lra_strength_factor` in [0, 1]
//   DecomposedFarkas / DualDecomposedFarkas: the conjunction (disjunction of negations) of the
//               finest decomposition of the A-side (B-side) sum into parts over shared atoms.
std::optional<Term> lra_interpolant(TermManager& tm, std::span<const smt::LraCertificateEntry> entries,
                                    std::span<const Side> sides, Coloring& coloring, const ItpOptions& options,
                                    std::string* why);

// A literal of an EUF conflict: atom (an equality of two terms of one sort, or a Boolean-valued
// application / Boolean constant) with its value, and its side of the cut.
struct SidedLiteral {
    Term atom;
    bool value;
    Side side;
};

// Equality with uninterpreted functions: `conflict` must be unsatisfiable in EUF, and is checked
// to be (nullopt otherwise, also when one side alone holds every literal) (a disequality or
// `true = false` follows by congruence closure). EufSystem::Strong gives the stronger
// interpolant, Weak the weaker one (the dual construction, swapping the roles of A and B and
// negating).
std::optional<Term> euf_interpolant(TermManager& tm, std::span<const SidedLiteral> conflict, Coloring& coloring,
                                    const ItpOptions& options, std::string* why);

}  // namespace craig::itp
