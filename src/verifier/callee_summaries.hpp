// Proven callee summaries for the engines that inline calls (`craig verify --use-summaries`).
//
// The program is lowered a second time with calls kept (the procedural model, procedures.hpp)
// and WHALE (engines/whale.hpp) guesses summaries of its procedures within a time slice; what the
// gate's contract check (certify/contracts.hpp, body conditions, fresh solvers) proves becomes,
// per C function, a FunctionSummary (lowering.hpp) that the lowering puts in place of the
// function's inlined calls. Only functions that are
//   - not main and not recursive (no call path from the function back to itself): the others stay
//     inlined to the recursion bound, as without summaries,
//   - without an error reachable from them (the summary speaks of returning executions only; an
//     error inside must stay visible), and
//   - summarised by something other than `true`
// get one. An invalid contract is a defect of craig (smt::CheckFailure, exit 10); an undecided
// check leaves every function inlined. A program the procedural model cannot express (pointers)
// gets no summaries and the reason.
#pragma once

#include <map>
#include <string>

#include "base/budget.hpp"
#include "base/statistics.hpp"
#include "frontend/ast.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/lowering/lowering.hpp"

namespace craig::verifier {

struct CalleeSummaries {
    std::map<std::string, FunctionSummary> by_function;  // LoweringOptions::summaries
    std::string none_because;                            // empty when some function has one
    base::Statistics stats;                              // summaries.functions, .procedures, .queries, .time
};

// `lowering`: the options of the inlined program (keep_calls is set here); the summaries' terms
// live in `tm`, which the summarised program must share. WHALE runs for at most `search_seconds`
// of `budget`, then the Houdini step and the contract check for at most `check_seconds` each.
CalleeSummaries prove_callee_summaries(const frontend::TranslationUnit& tu, smt::TermManager& tm,
                                       const LoweringOptions& lowering, const CertifyOptions& certify_options,
                                       const base::Budget& budget, double search_seconds, double check_seconds);

}  // namespace craig::verifier
