// Lowering: typed C AST -> plain Program (one edge per statement or branch).
//
// Semantics (the concrete interpreter, frontend/replay.hpp, follows the same rules,
// so that a counterexample found on the Program replays on the C program):
//  - Signed arithmetic is mathematical integer arithmetic (overflow is undefined and
//    outside the unreach-call property); values are constrained to their type's range
//    where they enter: nondet values, uninitialised locals, extern globals, main's integer
//    parameters (argc >= 0; pointer parameters such as argv are arbitrary pointers).
//  - Unsigned arithmetic wraps: r = t - 2^w*k, 0 <= r < 2^w with a fresh integer k,
//    unless intervals prove t in range. Conversions to narrower or unsigned types wrap
//    the same way (out-of-range conversion to a signed type wraps, as GCC does).
//  - *, /, %, <<, >>, &, |, ^ with a constant operand are linear (division truncates
//    toward zero); between variables they are uninterpreted functions (an
//    over-approximation: a safety proof stays valid; a counterexample is replayed).
//  - With `bit_precise`, arithmetic undefined behaviour is an error edge (see the option).
//  - Calls of defined functions are inlined (parameters and locals get one program
//    variable per inlined instance); recursion is inlined `recursion_depth` times deep,
//    a deeper call leads to Program::truncated.
//  - With `keep_calls` (interprocedural engines), calls are not inlined: every defined function
//    reachable from main is lowered once (its parameters and locals one variable each) and a
//    call is an edge recorded in Program::calls (see program.hpp); recursion needs no bound.
//  - A function with a FunctionSummary (--use-summaries, callee_summaries.hpp) is not inlined
//    where all the globals of its interface are scalar program variables: its call is one step
//    that assigns arbitrary values to the result and the globals the function may write and
//    assumes the summary's relation (a proven over-approximation of the function's returning
//    executions; nondeterministic values read inside the function are then no inputs).
//  - Nondeterministic values are read in the interpreter's order: extern globals at
//    start, main's integer parameters, then each execution of an uninitialised local
//    declaration and each __VERIFIER_nondet_* call, in C evaluation order (left to right).
// Throws frontend::Unsupported when the inlined program would exceed `max_edges`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "smt/terms/term.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

// One constant of a summary's interface: the C function's integer parameter number `param`
// (params) or its return value (returns) when `global_decl` is UINT32_MAX, else the scalar global
// (or static local) with that VarDecl::id.
struct SummarySlot {
    smt::Term constant;
    std::uint32_t param = 0;
    std::uint32_t global_decl = UINT32_MAX;
};

// A relation over the values of `params` at the call (their constants) and of `returns` at the
// return, which every returning execution of the function meets.
struct FunctionSummary {
    std::vector<SummarySlot> params, returns;
    smt::Term relation;
};

struct LoweringOptions {
    unsigned recursion_depth = 3;
    std::size_t max_edges = 200000;
    bool keep_calls = false;
    // Objects (arrays, structs, malloc'ed blocks) of at most this many scalar cells are tracked
    // cell by cell; larger ones and those of variable size are untracked (reads arbitrary).
    // frontend::ReplayLimits::max_input_cells must agree (uninitialised cells are inputs).
    std::uint64_t max_cells = 256;
    // Objects of variable size (variable-length arrays whose only variable dimension is the
    // first, blocks malloc'ed with a size known at run time once per run): the cells of their
    // first prefix_elements elements are tracked (at most max_cells cells) while their index is
    // below the length; reads past them are arbitrary, writes there are checked against the
    // length only. 0: such objects are untracked.
    std::uint64_t prefix_elements = 16;
    // By C function name; ignored with keep_calls.
    std::map<std::string, FunctionSummary> summaries;
    // For the bit-precise translation (program/bit_precise.hpp): C's arithmetic undefined
    // behaviour (signed overflow, division by zero, shifts by a negative amount or the width or
    // more, left shifts of negative values) leads to the error location, as memory errors do (a
    // replay stops there: such a path is never a FALSE), so that every value on the other edges
    // stays in its type's range; every aux constant gets a range (Program::aux_ranges). Values
    // without a known range (memory reads, pointers, summaries) are Unsupported.
    bool bit_precise = false;
};

Program lower(const frontend::TranslationUnit& tu, smt::TermManager& tm, const LoweringOptions& options = {});

}  // namespace craig::verifier
