#pragma once
// A Boolean gate of the bit-blaster: `out` (a fresh SAT variable, positive) is defined as op(in).
// Every clause the bit-blaster adds is one of its gate's defining clauses; proofs carry the
// gates so that the checker re-establishes each clause from its gate's truth table
// (proof_check.cpp). Unused inputs are 0.
#include <array>
#include <cstdint>
#include <span>

#include "sat/sat_solver.hpp"
#include "smt/terms/term.hpp"

namespace craig::smt::bv {

enum class GateOp : uint8_t {
    Buf,  // out = in0
    And,  // out = in0 & in1
    Or,   // out = in0 | in1
    Xor,  // out = in0 ^ in1
    Ite,  // out = in0 ? in1 : in2
    Maj,  // out = at least two of in0, in1, in2
};

struct Gate {
    GateOp op;
    sat::Lit out;
    std::array<sat::Lit, 3> in{0, 0, 0};
};

// What a SAT variable the bit-blaster created stands for (proof mode; bit_blaster.hpp, "Owners"):
// bit `index` of the bit-vector term `owner` (bits(owner)[index] is the variable, or its negation
// when `negated`), or, with index == kInternal, an internal wire of owner's circuit (a carry, a
// comparator's chain, a predicate's output before its buffer), which no other circuit reads.
// An invalid owner: not a variable of the bit-blaster.
struct Wire {
    static constexpr uint32_t kInternal = UINT32_MAX;
    Term owner;
    uint32_t index = kInternal;
    bool negated = false;
};

// The gate's output value on given input values.
bool gate_value(GateOp op, bool a, bool b, bool c);
// Does the clause follow from out <=> op(in)? Its variables must be among the gate's.
bool gate_implies(const Gate& g, std::span<const sat::Lit> clause);

}  // namespace craig::smt::bv
