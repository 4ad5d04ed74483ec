// The outcome of one run: its status and category (verdicts.hpp) from how the process ended and
// what it printed, after BenchExec's rules (doc/run-results.md): a run ended by a limit, or that
// used more CPU time than the limit, is TIMEOUT or OUT OF MEMORY (category error) whatever it
// printed, so a late answer is never counted; an answer counts only from a process that exited
// with 0; every other ending is an ERROR with its reason.
//
//   Outcome o = classify_run(Tool::Verify, m, stdout_text, stderr_text, "true", 60);
//   o.status == "true", o.category == Category::Correct
//
// The answer: craig verify's "Verification result: TRUE|FALSE|UNKNOWN" line ("true",
// "false(unreach-call)", "unknown"), craig chc's and solve's first line that is sat, unsat or
// unknown. craig's exit code 5 (its own limits) is OUT OF MEMORY when it says "memory limit",
// TIMEOUT otherwise (ERROR (interrupted) when it was interrupted); 4 (unsupported input) with
// UNKNOWN printed is "unknown".
//
// An external solver's run (external_tool.hpp) under the same limit rules, with no meaning given
// to its exit codes but 0: its answer is the first line of standard output that is exactly sat,
// unsat, unknown or timeout, and counts only from exit code 0 (z3 4.8.12 and cvc5 1.0.3 exit with
// 0 on sat, unsat and unknown, and z3 with 1 on an error, even after printing an answer: ERROR
// (exit code 1)). Their own time limits are no answer: z3's "timeout" line (-T:N, exit 0) and
// cvc5's "interrupted by timeout" on standard error (--tlimit=MS: it aborts, SIGABRT after the
// message, the one nonzero ending handled) are TIMEOUT when the run reached the limit (CPU or
// wall-clock time at least the CPU-time limit), else "unknown" (the solver gave up earlier).
#pragma once

#include <string>

#include "bench/local_executor.hpp"
#include "bench/verdicts.hpp"

namespace craig::bench {

struct Outcome {
    std::string status;
    Category category = Category::Error;
    std::string termination;  // BenchExec's terminationreason: cputime, walltime, memory, failed, killed, or ""
};

// The answer `out` holds ("" when none).
std::string answer_in_output(Tool tool, const std::string& out);

Outcome classify_run(Tool tool, const Measurement& m, const std::string& out, const std::string& err,
                     const std::string& expected, double timeout);

Outcome classify_external_run(const Measurement& m, const std::string& out, const std::string& err,
                              const std::string& expected, double timeout);

}  // namespace craig::bench
