// ValueTransfer: the explicit-value transfer of Beyer and Löwe (seed 001, §3; issue 19) over
// the edges of a plain program.
//
//   ValueTransfer t(plain);                 // compiles every edge once
//   Valuation out;
//   bool ok = t.post(e, in, out);           // false: ⊥, no execution takes e from `in`
//
// `in` gives values of some variables before edge e (the others are unknown: ⊤); `out`
// receives every variable whose value after e is the same in every execution through e that
// starts in a state agreeing with `in`: values carried over, assignments evaluated, and values
// inferred from an assume (unique-value inference: [x == 5] gives x = 5).
//
// Edges are transition formulas (program.hpp), not statements, so the transfer is a small exact
// propagator over the formula's conjuncts: linear atoms with one unknown constant give it a
// value or a bound (an integer interval; one integer left is a value, none is ⊥), a guarded
// conjunct (a => b) joins when its guard holds, C operators (c.mul, c.bvand, ...) are computed
// where both operands are known, and the wrap-around and division encodings of the lowering
// (aux quotients and remainders with bounds) resolve by the same rules. A conjunct it cannot
// decide is assumed satisfiable, so the result over-approximates the edge: sound for proofs.
// Values are exact integers (__int128); an arithmetic overflow leaves the value unknown.
// Programs with Real variables are not supported (integral() is false).
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "verifier/program/program.hpp"

namespace craig::verifier {

__extension__ typedef __int128 Value;
__extension__ typedef unsigned __int128 UValue;

// The value as a rational (for terms: numerals of the Int sort).
mpq_class value_to_mpq(Value v);

struct Binding {
    VarId var;
    Value value;
    bool operator==(const Binding&) const = default;
};
using Valuation = std::vector<Binding>;  // sorted by var, each var once

class ValueTransfer {
public:
    explicit ValueTransfer(const Program& plain);

    // Every program variable and edge constant is an integer (the transfer rounds bounds).
    bool integral() const { return integral_; }
    // The transfer over edge e of the plain program (see above); false for ⊥.
    bool post(EdgeId e, std::span<const Binding> in, Valuation& out);

private:
    // One item of a linear atom: a constant of the edge (slot) or a term evaluated as a whole.
    struct Item {
        Value coeff;
        std::uint32_t slot;  // kNoSlot: `term` is evaluated (an operator application, ...)
        smt::Term term;
    };
    enum class Rel : std::uint8_t { Eq, Le, Ne };  // sum(items) REL k
    struct Constraint {
        enum class Kind : std::uint8_t { Linear, Guarded, Opaque } kind;
        Rel rel = Rel::Eq;
        std::uint32_t first = 0, count = 0;  // Linear: items; Guarded: constraints of the body
        Value k = 0;
        smt::Term term;  // Guarded: the guard; Opaque: the conjunct
    };
    struct VarSlots {
        VarId var;
        std::uint32_t cur, next;  // slots (next = kNoSlot for a variable the edge does not write)
    };
    struct CompiledEdge {
        std::uint32_t first = 0, count = 0;  // top-level constraints
        std::uint32_t slots = 0;
        std::vector<VarSlots> vars;                                        // sorted by var
        std::unordered_map<smt::Term, std::uint32_t, smt::TermHash> slot;  // constant -> slot
    };
    static constexpr std::uint32_t kNoSlot = UINT32_MAX;

    void compile(EdgeId e);
    void add_conjunct(CompiledEdge& ce, smt::Term c, std::vector<Constraint>& out);
    bool add_linear(CompiledEdge& ce, smt::Term lhs, smt::Term rhs, Rel rel, bool strict, bool negate_sides,
                    std::vector<Constraint>& out);
    std::uint32_t slot_of(CompiledEdge& ce, smt::Term constant);

    // Evaluation under the current slot values (nullopt / 2: unknown).
    std::optional<Value> eval(const CompiledEdge& ce, smt::Term t) const;
    int eval_bool(const CompiledEdge& ce, smt::Term t) const;    // 0 false, 1 true, 2 unknown
    bool learn(std::uint32_t slot, Value lo, Value hi);          // false: empty interval
    int propagate(const CompiledEdge& ce, const Constraint& c);  // 0 ⊥, 1 decided, 2 open

    const Program& p_;
    smt::TermManager& tm_;
    bool integral_ = true;
    std::vector<CompiledEdge> edges_;
    std::vector<Constraint> constraints_;
    std::vector<Item> items_;
    // Per-call state, reused (no allocation per step once grown).
    std::vector<Value> lo_, hi_;
    std::vector<std::uint8_t> has_lo_, has_hi_;
    std::vector<std::uint32_t> active_;
    bool changed_ = false;
};

}  // namespace craig::verifier
