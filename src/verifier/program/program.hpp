// Program: the one structure verification engines see.
//
// The model (vars, locs, edges, the special locations) is all an engine reads; where its parts
// come from in C (names, types, source places, statement texts, loops) is the side table
// `provenance`, parallel to the model's vectors (add_var/add_location/add_edge keep it so).
//
// A control-flow graph over arithmetic program variables (Int; Real for programs read from
// Horn clauses). Every variable v has two constants of its sort in the TermManager: `cur` (its value before an edge) and `next`
// (after it). An edge carries a transition formula over
//   - the cur constants of any variable,
//   - the next constants of the variables it writes (Edge::writes); every other
//     variable keeps its value across the edge (an implicit frame condition),
//   - auxiliary constants local to the edge (Edge::aux): intermediate SSA versions,
//     nondeterministic inputs, quotients of modular encodings, path flags.
// The edge relates a pre-state s and a post-state s' iff the formula is satisfiable
// with cur = s, next = s' on `writes`, s' = s elsewhere, for some aux values. Engines
// instantiate an edge by substituting fresh constants for cur, next and aux
// (instantiate()).
//
// Locations: `entry` (before the initialisation of globals), one `error` location
// (reach_error and failed assertions; no outgoing edges), `exit` (the execution
// ended: main returned, exit, abort; no outgoing edges). `truncated` exists when
// recursion was inlined to a bound: it has a self-loop, so an engine that proves
// all executions end (BMC's completeness check) can never do so while a deeper call
// is reachable.
//
// Inputs: every nondeterministic value (a __VERIFIER_nondet_* call, an uninitialised
// local declaration, an extern global) is an aux constant listed in Edge::inputs in
// execution order along the edge. A large-block edge lists, per plain edge it is made
// of, a Boolean flag that is true on the path a model took (see large_block.hpp).
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "frontend/source_location.hpp"
#include "frontend/types.hpp"
#include "smt/terms/term.hpp"

namespace craig::verifier {

using VarId = std::uint32_t;
using LocId = std::uint32_t;
using EdgeId = std::uint32_t;
inline constexpr LocId kNoLoc = UINT32_MAX;

struct ProgramVar {
    std::string name;     // unique, e.g. "x", "main::i", "f#2::n"
    smt::Term cur, next;  // constants of the variable's sort (Int for C; Int or Real from CHC)
};

// The sort of a program variable (of its cur and next constants): what every fresh copy of
// the variable (states of unrollings, SSA versions) must have.
inline smt::Sort var_sort(const smt::TermManager& tm, const ProgramVar& v) { return tm.sort(v.cur); }

struct Location {
    bool loop_head = false;
    // Set by the large-block encoding; a plain program may set it to keep the location as a
    // cut point (programs from Horn clauses keep every predicate, so each gets an invariant).
    bool cut_point = false;
    LocId plain = kNoLoc;  // large-block programs: the location of the plain program
};

// A C loop statement and the plain location of its head: for while and for loops the
// point where the condition is evaluated (for: after the init clause), for do-while the
// start of the body. Inlined functions give one entry per instance.
struct LoopStatement {
    frontend::SourceLocation loc;  // of the keyword (while, for, do)
    LocId head = kNoLoc;
    bool do_while = false;
};

// One nondeterministic value read on an edge.
// Where a nondeterministic value comes from in C (provenance of one entry of Edge::inputs).
struct InputOrigin {
    frontend::Type type;
    frontend::SourceLocation loc;
    std::string source;  // "__VERIFIER_nondet_int", "uninitialised x", "extern g"
};

// One nondeterministic value with its origin: what counterexamples report (input_of()).
struct Input {
    smt::Term value;  // an aux constant of the edge
    frontend::Type type;
    frontend::SourceLocation loc;
    std::string source;
};

// A plain edge inside a large block, with the flag telling whether a path took it.
struct BlockStep {
    EdgeId plain = 0;               // edge id in the plain program this block was built from
    smt::Term taken;                // Bool aux constant of the block edge
    std::vector<smt::Term> inputs;  // the plain edge's input values, renamed into the block
};

// One phase of an accelerated loop (accelerate/accelerate.hpp): `count` iterations of the plain
// path `body` (from the loop head back to it), whose inputs take `input_values` each time.
struct LoopPhase {
    std::vector<EdgeId> body;             // plain edges of one iteration
    smt::Term count;                      // Int aux constant of the accelerated edge
    std::vector<mpz_class> input_values;  // parallel to the inputs of body's edges, in order
};

struct Edge {
    LocId src = 0, dst = 0;
    smt::Term formula;
    std::vector<VarId> writes;  // sorted, unique
    std::vector<smt::Term> aux;
    std::vector<smt::Term> inputs;  // plain edges: the aux constants of its inputs, in execution order
    std::vector<BlockStep> steps;   // large-block edges: the plain edges they contain
    std::vector<LoopPhase> phases;  // accelerated edges: the loop's phases, in order (no steps)
};

// Where the parts of a Program come from in the C source: names, types and places users see,
// and what witnesses and the counterexample printer need. Engines do not depend on it: they
// read it at most for guesses that they prove before use (impact's candidate invariants take
// the ranges of C variables' types from it, and Houdini keeps only inductive ones); a Program
// made from Horn clauses has entries with empty names and no locations. Parallel to the
// model's vectors (vars, locs, edges).
struct VarProvenance {
    std::string c_name;  // the C identifier ("" for temporaries and return values)
    // Cells of arrays and structs (lowering/lower_memory.cpp): the path from the variable c_name
    // to the cell ("[3]", ".f[1]"); the cell's C lvalue is c_name + c_path.
    std::string c_path;
    frontend::Type type;
    bool is_global = false;
    bool is_temp = false;  // introduced by the lowering
    // The VarDecl::id of the C variable this is (an instance of); UINT32_MAX for
    // temporaries and return values. Used to decide C scope (correctness witnesses).
    std::uint32_t decl = UINT32_MAX;
};

struct LocProvenance {
    frontend::SourceLocation loc;
    std::string function;  // the C function (of the inlined instance)
};

struct EdgeProvenance {
    frontend::SourceLocation loc;
    std::string label;                // "x = x + 1", "[x < n]", "[!(x < n)]" (for --dump-cfg)
    std::vector<InputOrigin> inputs;  // parallel to Edge::inputs
};

struct Provenance {
    frontend::DataModel data_model = frontend::DataModel::ILP32;
    std::string file;
    std::vector<VarProvenance> vars;
    std::vector<LocProvenance> locs;
    std::vector<EdgeProvenance> edges;
    // Loop statements (plain programs; set by the lowering).
    std::vector<LoopStatement> loops;
    // Calls lowered as one step by their function's summary (LoweringOptions::summaries).
    std::size_t summarized_calls = 0;
};

// Programs lowered with calls kept (LoweringOptions::keep_calls; the input of the procedural
// model, procedures.hpp): each defined C function reachable from main is lowered once, and a
// call is an edge whose formula havocs `result` (it writes nothing else in this plain view; the
// callee's effect on globals is the procedural model's business). Empty for inlined programs.
struct CallSite {
    EdgeId edge = 0;
    std::string callee;           // a defined C function
    std::vector<smt::Term> args;  // over the cur constants of the caller, one per parameter
    VarId result = UINT32_MAX;    // the variable receiving the return value (none for void)
};

struct FunctionBody {
    std::string name;
    LocId entry = kNoLoc, ret = kNoLoc;  // main: Program::entry and Program::exit
    std::vector<VarId> params;           // integer parameters, in order (others are not modelled)
    VarId ret_var = UINT32_MAX;          // the return value (non-void integer functions)
};

class Program {
public:
    explicit Program(smt::TermManager& tm) : tm_(&tm) {}

    smt::TermManager& terms() const { return *tm_; }

    std::vector<ProgramVar> vars;
    std::vector<Location> locs;
    std::vector<Edge> edges;
    LocId entry = kNoLoc, error = kNoLoc, exit = kNoLoc, truncated = kNoLoc;
    // Calls kept (see CallSite); empty when calls are inlined.
    std::vector<CallSite> calls;
    std::vector<FunctionBody> functions;
    // Reasons why the program under-approximates the C program (e.g. recursion bound);
    // a safety proof needs truncated unreachable.
    std::vector<std::string> approximations;
    // Over-approximations of the memory model that a counterexample may rest on: blocks of an
    // allocation site that may run more than once ("FILE:LINE:COL malloc"), whose reads are
    // arbitrary; a counterexample that does not replay names them as the likely cause.
    std::vector<std::string> untracked_blocks;
    // Lowered with LoweringOptions::bit_precise: the range of every aux constant of the plain
    // edges (also asserted on its edge), by which the bit-precise translation sizes its words.
    std::unordered_map<smt::Term, std::pair<mpz_class, mpz_class>, smt::TermHash> aux_ranges;
    // Large-block programs: the plain program they summarise (large_block.hpp), which
    // Location::plain and BlockStep::plain index and counterexamples are reported on; it must
    // outlive this program. Null for a plain program.
    const Program* origin = nullptr;
    const Program& plain() const { return origin ? *origin : *this; }

    // The C side of the program (side table, see Provenance); add_* keep it parallel.
    Provenance provenance;
    const VarProvenance& var_origin(VarId v) const { return provenance.vars[v]; }
    // The values of variable v's C type under the program's data model ([0, 1] for _Bool);
    // none for a variable of another type (pointers, Horn-clause reals).
    std::optional<std::pair<mpz_class, mpz_class>> type_range(VarId v) const;
    const LocProvenance& loc_origin(LocId l) const { return provenance.locs[l]; }
    const EdgeProvenance& edge_origin(EdgeId e) const { return provenance.edges[e]; }
    // Input j of edge e with its origin.
    Input input_of(EdgeId e, std::size_t j) const {
        const InputOrigin& o = provenance.edges[e].inputs[j];
        return Input{edges[e].inputs[j], o.type, o.loc, o.source};
    }

    LocId add_location(frontend::SourceLocation loc, std::string function);
    EdgeId add_edge(Edge e, EdgeProvenance origin = {});
    // `sort`: Int for C variables; Int or Real for variables read from Horn clauses.
    VarId add_var(std::string name, std::string c_name, frontend::Type type, bool global, bool temp,
                  std::uint32_t decl = UINT32_MAX, smt::Sort sort = smt::SortTable::Int);

    // Outgoing / incoming edge ids per location and the variable map (rebuilt by index()).
    const std::vector<EdgeId>& out(LocId l) const { return out_[l]; }
    const std::vector<EdgeId>& in(LocId l) const { return in_[l]; }
    void index();

    // The variable a cur or next constant belongs to (or UINT32_MAX).
    VarId var_of(smt::Term constant) const;

private:
    smt::TermManager* tm_;
    std::vector<std::vector<EdgeId>> out_, in_;
    std::unordered_map<smt::Term, VarId, smt::TermHash> var_of_;
};

// The formula of edge e with cur constants replaced by pre[v], next constants of
// written variables by post[v] and aux constants by fresh constants named with
// `tag`; the frame equalities post[v] = pre[v] for unwritten v are added when
// `frame` is set. `renamed_aux` receives the fresh constant of each aux, in order.
smt::Term instantiate(const Program& p, const Edge& e, const std::vector<smt::Term>& pre,
                      const std::vector<smt::Term>& post, const std::string& tag, bool frame,
                      std::unordered_map<smt::Term, smt::Term, smt::TermHash>* renamed_aux);

}  // namespace craig::verifier
