// The loop invariants a correctness witness can state: the checked invariants of a TRUE
// verdict (per large-block location, over the cur constants) mapped back to the C loop
// statements they belong to and printed as exact C expressions (witness_expression.hpp).
//
//   WitnessInvariants w = witness_invariants(tu, plain, blocks, verdict.invariants);
//
// One entry per while/for statement of the program file whose head is a cut point of the
// large-block program: the disjunction of the invariants of its inlined instances, each
// over the C variables in scope at the loop (the innermost declaration of each name, as
// C resolves it; globals declared before the loop), as readable_invariants.hpp states them:
// variables not visible there (temporaries, return values, another instance's locals, shadowed
// or static locals) projected out and the result checked inductive again, then simplified. A
// loop is left out, with the reason, when: it is a do-while (witness formats do not agree on
// where its head is), its head is not a cut point, an instance's invariant without the
// invisible variables is not inductive or holds something C cannot express exactly, or the
// invariant is `true`. Leaving a loop out keeps the witness valid (it only says less).
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "verifier/program/program.hpp"
#include "verifier/witness/readable_invariants.hpp"

namespace craig::verifier {

struct WitnessInvariant {
    frontend::SourceLocation loc;  // the loop keyword (while, for), or the statement of a location invariant
    std::string function;          // the C function containing the loop
    std::string value;             // C expression over the variables in scope
    // Line of the loop condition when the condition's branches can be told apart by
    // (startline, control) alone: the condition has no side effects, lies on one line,
    // and no other branch (if, loop, switch, && || ?:, assume/assert call) starts on that
    // line. 0 otherwise. Used by GraphML witnesses (correctness_witness.hpp).
    unsigned condition_line = 0;
    // A location invariant (witness_contracts.hpp: at a statement, holds before it runs)
    // rather than a loop invariant.
    bool location = false;
};

struct LeftOutLoop {
    frontend::SourceLocation loc;
    std::string reason;
};

struct WitnessInvariants {
    std::vector<WitnessInvariant> invariants;  // in source order
    std::vector<LeftOutLoop> left_out;
};

// `invariants` is Verdict::invariants of a TRUE verdict (indexed by the locations of
// `blocks`, the large-block encoding of `plain`); empty when the engine gives none, and
// then every loop is left out. Only loops located in `program_file` are considered.
// `have_invariants`: the engine gave invariants (Verdict::invariants is not empty).
WitnessInvariants witness_invariants(const ReadableInvariants& readable, const Program& plain, const Program& blocks,
                                     bool have_invariants, const std::string& program_file);
// The same, stating `invariants` by a ReadableInvariants of its own.
WitnessInvariants witness_invariants(const frontend::TranslationUnit& tu, const Program& plain, const Program& blocks,
                                     const std::vector<smt::Term>& invariants, const std::string& program_file);

}  // namespace craig::verifier
