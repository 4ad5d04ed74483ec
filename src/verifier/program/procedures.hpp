// The procedural program model: C functions as procedures, for interprocedural engines (WHALE)
// and the contract check of the certification gate (certify/contracts.hpp).
//
// Built from a program lowered with calls kept (LoweringOptions::keep_calls). Following
// Albarghouthi's thesis (Ch. 6), every procedure body is a DAG and loops are tail recursion:
// the cut points of a function (its entry and the heads of the back edges of a depth-first
// search, so every cycle has one) each give a procedure. The procedure of cut point c runs the
// function from c to its return; reaching a cut point d on the way is a tail call of d's
// procedure (the whole state of the function passed on, its results returned as ours). We chose
// tail recursion over loops kept inside procedures because it makes every body a DAG: an engine
// encodes a body at once (as UFO does) and summaries are the only thing it has to find.
//
// Interface of a procedure:
//   params   integer parameters of the C function (the entry procedure) or every variable of
//            the function (a loop procedure), plus the globals the function may read or write
//            (mod/ref, transitive over callees: an unmodified global's value is also its result);
//   returns  the return value (non-void functions), the globals it may write, and the error
//            flag `error_var` when an error is reachable from it.
// The error location and assertion failures are "error := 1; return": a caller tests the flag
// after each call of a procedure that may fail and returns at once when it is set, so an error
// anywhere reaches main's exit with the flag set. Every body starts with `error := 0`. abort()
// and exit() outside main end the path (assume false: the execution ends without error).
//
// Procedure edges reuse Edge (formulas over the cur and next constants of the plain program's
// variables, implicit frame over the procedure's own variables `vars`); a call edge has formula
// true and an entry in `calls`: its arguments (terms over cur) bind the callee's params and the
// callee's returns land in `results` (next), every other variable keeps its value.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "verifier/program/program.hpp"

namespace craig::verifier {

using ProcId = std::uint32_t;
inline constexpr std::uint32_t kNoCall = UINT32_MAX;

struct ProcCall {
    ProcId callee = 0;
    std::vector<smt::Term> args;  // over cur, parallel to the callee's params
    std::vector<VarId> results;   // parallel to the callee's returns
};

struct Procedure {
    std::string name;  // "f" (the C function) or "f@LINE:COL" (the loop procedure of a cut point)
    std::string function;
    std::vector<VarId> params, returns;
    std::vector<VarId> vars;  // every variable of the body (sorted): params, returns, locals
    // Body: locations are local indices; entry has no incoming edge, exit no outgoing one.
    std::uint32_t num_locs = 0;
    std::uint32_t entry = 0, exit = 0;
    std::vector<LocId> plain_loc;     // per local location: the plain program's location (kNoLoc: made here)
    std::vector<Edge> edges;          // src/dst are local locations; topologically ordered by src
    std::vector<EdgeId> plain_edge;   // parallel: the plain edge it copies (UINT32_MAX: made here)
    std::vector<std::uint32_t> call;  // parallel: index into calls, or kNoCall
    std::vector<ProcCall> calls;
    // Local locations in a topological order of the DAG (entry first).
    std::vector<std::uint32_t> topo;
};

// What a procedure guarantees (the certificate of an interprocedural TRUE verdict, checked by
// certify/contracts.hpp): entered in `guard`, it returns in `summary`.
struct Contract {
    smt::Term guard;    // over the cur constants of the params
    smt::Term summary;  // over the cur constants of the params and the next constants of the returns
};

struct Procedures {
    const Program* plain = nullptr;  // the keep_calls program; its variables (and error_var)
    std::vector<Procedure> procs;    // procs[0] is main
    VarId error_var = UINT32_MAX;    // added to the plain program by build_procedures
    // Procedure of each C function's entry (by FunctionBody index of the plain program).
    std::vector<ProcId> of_function;
};

// Error codes (engine `summaries`, certify/call_tree_check.hpp): with `codes` set, every procedure
// returns the error flag (so that a caller returns at once whenever its callee stopped, for
// whatever reason the encoding gives), an error edge sets the flag to error_code[its plain edge]
// (1 when absent), and a caller returns at once after a call whose flag is >= 1, setting it to
// call_code[the call's plain edge] when present (a wrapper like __VERIFIER_assert: each call site
// its own code). Without `codes` (the default) flags are 0 or 1 and only procedures that may
// reach the error return them.
struct ProcedureOptions {
    bool codes = false;
    std::unordered_map<EdgeId, std::int64_t> error_code, call_code;
};

// Builds the model; adds the error flag variable `__error` to `plain` (hence non-const) unless it
// has one (a copy of a program a model was built from). Throws
// frontend::Unsupported for what the model cannot express (a function without a body that is
// called, which the lowering makes impossible).
Procedures build_procedures(Program& plain, const ProcedureOptions& options = {});

// Computes pr.topo (a topological order of the body, entry first) and sorts the edges (with
// plain_edge and call) by the position of their source in it. Throws std::logic_error when the
// entry has an incoming edge or the body is not a DAG.
void order_body(Procedure& pr);
// Sorts the edges (with plain_edge and call) by the position of their source in pr.topo, which
// must list every location in a topological order.
void sort_edges(Procedure& pr);

// Readable dump (--dump-procedures): one block per procedure with its interface and edges.
std::string to_string(const Procedures& ps);

}  // namespace craig::verifier
