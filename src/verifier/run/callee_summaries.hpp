// Proven callee summaries for the engines that inline calls (`craig verify --use-summaries`).
//
// The program is lowered a second time with calls kept (the procedural model, procedures.hpp)
// and WHALE (engines/whale/whale.hpp) guesses summaries of its procedures within a time slice; what the
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
#include <optional>
#include <string>

#include "base/budget.hpp"
#include "base/statistics.hpp"
#include "frontend/ast.hpp"
#include "verifier/certify/certify.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/program.hpp"

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

// The stage of --use-summaries in the pipeline of `craig verify`: the summaries proven within
// a quarter of the run's limit (10 s without one; a CPU limit of the process, as benchmark runs
// set it, counts too: the share is of the smaller limit; WHALE three quarters of that, the checks
// one), and the program lowered with the calls of summarised functions as single steps, with
// its large-block form. available() is false when no call could be replaced (none_because()
// says why); then the run solves the inlined program alone. Not movable: blocks() points into
// plain().
class SummarisedProgram {
public:
    SummarisedProgram(const frontend::TranslationUnit& tu, smt::TermManager& tm, const LoweringOptions& lowering,
                      const CertifyOptions& certify_options, const base::Budget& budget, double timeout);
    SummarisedProgram(const SummarisedProgram&) = delete;
    SummarisedProgram& operator=(const SummarisedProgram&) = delete;

    bool available() const { return blocks_.has_value(); }
    // Require available().
    const Program& plain() const { return *plain_; }
    const Program& blocks() const { return *blocks_; }
    const std::map<std::string, FunctionSummary>& summaries() const { return summaries_; }
    const std::string& none_because() const { return none_because_; }
    base::Statistics& stats() { return stats_; }  // summaries.*; the run adds summaries.fallback

private:
    std::map<std::string, FunctionSummary> summaries_;
    std::optional<Program> plain_, blocks_;
    std::string none_because_;
    base::Statistics stats_;
};

}  // namespace craig::verifier
