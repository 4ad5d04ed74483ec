// The runs of a results folder as CSV (DIR/results.csv), one row per run (every repetition):
//   config,task,repetition,tool,status,category,expected,cputime,walltime,memory,exit_code,signal,
//   termination,score,log,witness
// Times in seconds, memory in bytes, paths relative to the results folder; RFC 4180 quoting.
#pragma once

#include <iosfwd>
#include <vector>

#include "bench/run_record.hpp"

namespace craig::bench {

void write_result_csv(std::ostream& out, const std::vector<RunRecord>& runs);

}  // namespace craig::bench
