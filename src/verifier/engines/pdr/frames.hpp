// pdr's frames: per location of the large-block program, lemmas each valid up to its level
// (the delta encoding of IC3, Een–Mishchenko–Brayton FMCAD 2011): frame F_i(L) is the
// conjunction of the lemmas at L with level >= i, so F_1 ⊇ F_2 ⊇ ... as sets of states and a
// lemma raised by pushing leaves every lower frame unchanged. F_0 is the initial condition
// (every state at the entry location, nothing elsewhere) and holds no lemmas; the entry
// location never gets lemmas (all its states are initial).
//
// A lemma is a formula over the cur constants; one made from a blocked cube d (literal
// dropping) keeps d, so that it is the clause ¬∧d and subsumption is syntactic. Adding a clause
// lemma drops the lemmas at lower or equal levels it subsumes; a lemma implied by a kept one at
// an equal or higher level is not added. Frames only record: asserting lemmas into solvers is
// the engine's business (it hears of each added or raised lemma through the return values).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <span>
#include <vector>

#include "smt/terms/term.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier::pdr {

struct Lemma {
    smt::Term formula;            // over the cur constants
    std::vector<smt::Term> cube;  // clause lemmas: the blocked cube, sorted by id (formula = ¬∧cube)
    unsigned level = 0;
    bool clause = false;       // formula is ¬∧cube (an empty cube: the lemma false)
    bool interpolant = false;  // from interpolation-based generalization
    // The engine's strengthening epoch when pushing this lemma last failed (0: never); see
    // PdrEngine::push.
    std::uint64_t push_failed = 0;
};

class Frames {
public:
    explicit Frames(std::size_t locations) : at_(locations) {}

    std::size_t locations() const { return at_.size(); }
    std::span<const Lemma> lemmas(LocId l) const { return at_[l]; }
    // Adds `lemma` at l unless a lemma at a level >= lemma.level subsumes it; false if not added.
    bool add(LocId l, Lemma lemma);
    // Raises lemma i of location l by one level (a failed push before is forgotten).
    void raise(LocId l, std::size_t i) {
        ++at_[l][i].level;
        at_[l][i].push_failed = 0;
    }
    // Records that pushing lemma i of location l failed at `epoch`.
    void push_failed(LocId l, std::size_t i, std::uint64_t epoch) { at_[l][i].push_failed = epoch; }
    // F_level(l) as one formula (true without lemmas).
    smt::Term frame(smt::TermManager& tm, LocId l, unsigned level) const;
    // No location has a lemma at exactly `level`: F_level = F_{level+1}.
    bool level_empty(unsigned level) const;
    std::size_t size() const;  // lemmas kept
    // The frames as Graphviz: one node per location and level with its lemmas (levels >= 1;
    // `top` is the highest level), one cluster per location.
    void write_dot(std::ostream& out, const smt::TermManager& tm, const Program& blocks, unsigned top) const;

private:
    std::vector<std::vector<Lemma>> at_;
};

// A cube sorted by id (Frames' subsumption compares cubes as sorted sets).
void sort_cube(std::vector<smt::Term>& cube);
// Every literal of `a` is one of `b` (both sorted).
bool cube_subset(std::span<const smt::Term> a, std::span<const smt::Term> b);

}  // namespace craig::verifier::pdr
