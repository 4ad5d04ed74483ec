// tpa's view of a large-block program: ONE transition system over the program's variables and
// a location, Golem's reduction of a linear CHC system to a transition system
// (SingleLoopTransformation; Blicha et al., TACAS 2022, section 5 treat transition systems only).
//
//   TransitionSystem ts(blocks);
//   const State& s0 = ts.state(0), s1 = ts.state(1);
//   Term t = ts.step(s0, s1).formula;            // T(s0, s1), fresh aux constants per call
//
// A state is one constant per program variable (of its sort) and the location as
// ceil(log2 #locations) Boolean bits (binary, so T grows with the blocks, not with
// blocks × locations, and any sort of variable works). T(a, b) is the disjunction over the
// blocks e: L -> M of  at(a, L) ∧ at(b, M) ∧ formula(e)  with the frame of the variables e does
// not write; each disjunct has a Boolean `taken` flag (taken → disjunct, ∨ taken), so a model
// names the block of a step. Init is the states one block from the entry (the entry's states are
// every valuation), Bad the states at error or truncated and those one block before them:
//   Init(s) = ∨_{e: entry -> M} at(s, M) ∧ formula(e)[pre := fresh, post := s]
//   Bad(s)  = at(s, error) ∨ at(s, truncated) ∨ ∨_{e: L -> error|truncated} at(s, L) ∧ formula(e)[pre := s]
// so that the relations' interpolants must speak of the variables (with Init = at(s, entry) and
// Bad = at(s, error) an interpolant "no path from entry to error within 2^n steps" needs the
// locations only, and a safe loop never reaches a fixed point). Their aux constants (inputs, the
// fresh pre- or post-state, the blocks' flags) are made once: Init and Bad are fixed formulas
// over state 0, moved to any state, used once per query. A bit pattern of no location is never
// reached (Init and T only make patterns of locations).
//
// Relations of tpa are kept over states 0 and 1 (the "canonical" pair) and moved to any pair
// by shift(); state formulas are kept over state 0. location_formula() turns a state formula
// into an invariant of one location over the program's cur constants (Certificate::invariants).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "smt/model.hpp"
#include "smt/terms/term.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier::tpa {

using TermMap = std::unordered_map<smt::Term, smt::Term, smt::TermHash>;
using TermSet = std::unordered_set<smt::Term, smt::TermHash>;

struct State {
    std::vector<smt::Term> vars;  // per program variable
    std::vector<smt::Term> bits;  // the location, bit i of its id
};

// One instance of T between two states.
struct Step {
    smt::Term formula;
    std::vector<smt::Term> taken;  // per block of the program: true in a model where that block is the step
};

class TransitionSystem {
public:
    static constexpr unsigned kStates = 3;  // tpa's queries need three states (two steps)

    explicit TransitionSystem(const Program& blocks);

    const Program& program() const { return blocks_; }
    smt::TermManager& terms() const { return tm_; }
    const State& state(unsigned k) const { return states_.at(k); }

    smt::Term at(const State& s, LocId l);
    smt::Term init(unsigned k) { return move(init_.formula, 0, k); }
    smt::Term bad(unsigned k) { return move(bad_.formula, 0, k); }
    // The block from the entry that makes state 0 of m an Init state (m ⊨ init(0)).
    EdgeId init_block(const smt::Model& m) const;
    // The block from state 0 of m (m ⊨ bad(0)) into error or truncated; none when the state is there.
    std::optional<EdgeId> bad_block(const smt::Model& m) const;
    smt::Term identity(const State& a, const State& b);
    Step step(const State& a, const State& b);  // fresh aux constants every call

    // f over (state 0, state 1) moved to (state a, state b); a state formula over state 0 moves
    // to state a with shift(f, a, b) for any b.
    smt::Term shift(smt::Term f, unsigned a, unsigned b);
    // f over state `from` moved to state `to`.
    smt::Term move(smt::Term f, unsigned from, unsigned to) { return from == to ? f : shift_state(f, from, to); }
    // The constants of state k (variables and bits).
    const TermSet& constants(unsigned k) const { return constants_.at(k); }
    // Do the constants of f all belong to the states `allowed`?
    bool over(smt::Term f, std::initializer_list<unsigned> allowed) const;
    // A formula over state k at location l, as a formula over the program's cur constants.
    smt::Term location_formula(smt::Term f, unsigned k, LocId l);
    // State k's values in a model as a conjunction of equalities over state `over`.
    smt::Term valuation(const smt::Model& m, unsigned k, unsigned over);
    // The location of state k in a model (kNoLoc if its bits spell none).
    template <class Model>
    LocId location(const Model& m, unsigned k) const {
        std::uint32_t l = 0;
        for (std::size_t i = 0; i < states_[k].bits.size(); ++i)
            if (m.evaluate(states_[k].bits[i]).b) l |= std::uint32_t{1} << i;
        return l < blocks_.locs.size() ? l : kNoLoc;
    }

private:
    // A state formula made of blocks, each behind its flag.
    struct Border {
        smt::Term formula;
        std::vector<std::pair<EdgeId, smt::Term>> blocks;  // block and its disjunct (with a flag of its own)
    };
    smt::Term shift_state(smt::Term f, unsigned from, unsigned to);
    const Program& blocks_;
    smt::TermManager& tm_;
    std::array<State, kStates> states_;
    std::array<TermSet, kStates> constants_;
    std::unordered_map<unsigned, TermMap> shifts_;  // key a * kStates + b (pairs), or 100 + from * kStates + to
    std::uint64_t instances_ = 0;                   // tags of step()'s aux copies
    Border init_, bad_;
};

}  // namespace craig::verifier::tpa
