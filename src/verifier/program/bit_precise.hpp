// Bit-precise programs (issue 22, `--precision bv|uf`): the plain Program of a bit-precise
// lowering (LoweringOptions::bit_precise) with every integer a two's complement word of one
// width W, and C's non-linear and bitwise operators between variables (the lowering's c.mul,
// c.div, c.rem, c.shl, c.shr, c.bvand, c.bvor, c.bvxor) exact word operations, bit-blasted by
// the solver, or uninterpreted (a fresh word per application with congruence per edge, the
// thesis' UFP: an over-approximation), site by site as OperatorPrecision says.
//
// Why the words are exact. The bit-precise lowering sends C's arithmetic undefined behaviour
// (signed overflow, division by zero, bad shifts) to the error location, so a variable holds a
// value of its C type on every other edge, and it gives every aux constant a range
// (Program::aux_ranges). W is the least width in which every integer term of every edge,
// evaluated over intervals from those ranges, fits as a signed word; every edge asserts the
// ranges of the variables it reads and writes. Ring operations (+, -, * by constants) are then
// exact modulo 2^W and their results fit, and comparisons, divisions, shifts and bitwise
// operators see exact operands: a word assignment satisfies a translated edge iff the integers
// it denotes satisfy the edge under C's semantics. TRUE and FALSE carry over to the C program;
// a counterexample's word inputs are read as signed integers (block_path.cpp).
//
// Programs with calls kept, memory values without a range (untracked reads, pointers) or a word
// wider than `max_width` are Unsupported (frontend::Unsupported, with the reason).
#pragma once

#include <string>
#include <unordered_set>
#include <vector>

#include "verifier/program/program.hpp"

namespace craig::verifier {

// Which operator applications are exact. A site is an application of the lowering's c.* functions
// in the integer program (one C operator occurrence; the same term on several edges is one site).
struct OperatorPrecision {
    bool all_exact = true;                               // else: exactly `exact`
    std::unordered_set<smt::Term, smt::TermHash> exact;  // sites that are exact
    static OperatorPrecision uninterpreted() { return {false, {}}; }
};

// An uninterpreted site on an edge of the bit-precise program: its word operands (over the edge's
// cur and aux constants) and the aux word that stands for its value.
struct UfSite {
    smt::Term site;  // the application in the integer program
    std::string op;  // "mul", "div", ... (operator_refinement.hpp's names)
    smt::Term a, b, result;
};

struct BitPrecise {
    Program program;
    unsigned width = 0;                      // W
    std::vector<std::vector<UfSite>> sites;  // per edge of `program`
};

// `plain` must come from a bit_precise lowering; its terms manager is shared.
BitPrecise to_bit_precise(const Program& plain, const OperatorPrecision& ops, unsigned max_width = 256);

// The C integer a model value of a program term denotes: Int values as they are, W-bit words
// read as two's complement.
mpz_class program_integer(const smt::TermManager& tm, smt::Term t, const mpq_class& value);

}  // namespace craig::verifier
