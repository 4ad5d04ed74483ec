#pragma once
// BitBlaster: bit-vector terms as vectors of SAT literals (least significant bit first).
//
// Contract: bits(t) is cached per term; a declared bit-vector constant's bits are fresh SAT
// variables, an operator's bits are outputs of gates (gate.hpp) over its arguments' bits: ripple
// carry adders, shift-add multipliers (x * c as -(x * -c) when -c has fewer ones), restoring
// dividers (SMT-LIB's division by zero; a shift and a mask for a constant 2^k), barrel
// shifters, comparators. predicate(t) gives a literal equivalent to a bit-vector atom (= over
// bit-vectors, bvult, bvule, bvslt, bvsle). Gate clauses are definitions of fresh variables, valid
// in every scope, so push/pop keep them (like CnfEncoder's Tseitin clauses). Boolean subterms
// (ite conditions) are encoded by the CnfEncoder.
//
// Owners (proof mode only, for interpolation): every SAT variable the bit-blaster creates is
// owned by the term whose circuit created it: the innermost term being blasted by bits(), or the
// bit-vector atom being encoded by predicate(). A variable is used only by gates of its owner or
// of terms containing the owner (circuits read their arguments' bits, never another term's
// internal wires), so the owner's symbols are all the variable depends on.
#include <vector>

#include "sat/sat_solver.hpp"
#include "smt/bv/gate.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt {
class CnfEncoder;
}

namespace craig::smt::bv {

class BitBlaster {
public:
    BitBlaster(TermManager& tm, CnfEncoder& cnf, sat::SatSolver& sat);

    const std::vector<sat::Lit>& bits(Term t);
    const std::vector<sat::Lit>& blasted(Term t) const { return cache_[t.id]; }  // t already blasted
    bool is_blasted(Term t) const { return t.id < cache_.size() && !cache_[t.id].empty(); }
    sat::Lit predicate(Term t);
    // out <=> l as a gate on a fresh variable made by the caller (after the circuit of l).
    void define_buffer(int out, sat::Lit l);

    // Declared bit-vector constants, and applications of functions with a bit-vector range
    // (Ackermann's reduction, smt/ackermann.hpp), met so far: free bits, whose values give the
    // model's.
    const std::vector<Term>& variables() const { return variables_; }
    const std::vector<Gate>& gates() const { return gates_; }
    // The owner of a variable the bit-blaster created (proof mode; invalid for other variables).
    Term owner(int var) const { return var >= 0 && static_cast<size_t>(var) < owner_.size() ? owner_[var] : Term{}; }
    // Per SAT variable 0..num_vars: its Wire (gate.hpp); proof mode.
    std::vector<Wire> wires(size_t num_vars) const;
    // (SAT input clause id, gate index) of every gate clause, in order (proof mode only).
    const std::vector<std::pair<uint32_t, uint32_t>>& gate_clauses() const { return gate_clauses_; }

private:
    using Bits = std::vector<sat::Lit>;
    sat::Lit gate(GateOp op, sat::Lit a, sat::Lit b = 0, sat::Lit c = 0);
    int new_var();  // a fresh SAT variable owned by current_owner_
    sat::Lit mk_and(sat::Lit a, sat::Lit b);
    sat::Lit mk_or(sat::Lit a, sat::Lit b) { return -mk_and(-a, -b); }
    sat::Lit mk_xor(sat::Lit a, sat::Lit b);
    sat::Lit mk_ite(sat::Lit c, sat::Lit a, sat::Lit b);
    sat::Lit mk_maj(sat::Lit a, sat::Lit b, sat::Lit c);
    Bits add(const Bits& a, const Bits& b, sat::Lit carry_in);
    Bits neg(const Bits& a);
    Bits mul(const Bits& a, const Bits& b);
    void udivrem(const Bits& a, const Bits& b, Bits& q, Bits& r);
    int power_of_two(const Bits& b) const;
    Bits mux(sat::Lit c, const Bits& a, const Bits& b);
    Bits shift(Kind k, const Bits& a, const Bits& b);
    sat::Lit ult(const Bits& a, const Bits& b);
    sat::Lit slt(const Bits& a, const Bits& b);
    sat::Lit equal(const Bits& a, const Bits& b);
    Bits blast(Term t);
    Bits signed_op(Kind k, const Bits& a, const Bits& b);

    TermManager& tm_;
    CnfEncoder& cnf_;
    sat::SatSolver& sat_;
    sat::Lit true_ = 0;
    std::vector<Bits> cache_;  // term id -> bits (empty: not yet)
    std::vector<Term> variables_;
    std::vector<Gate> gates_;
    Term current_owner_;       // the term whose circuit is being built
    std::vector<Term> owner_;  // SAT variable -> owner (proof mode)
    std::vector<std::pair<uint32_t, uint32_t>> gate_clauses_;
};

}  // namespace craig::smt::bv
