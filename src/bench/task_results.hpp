// One result per task and configuration from the runs of its repetitions, and the summary of a
// configuration (what the result XML, the CSV's summary, the report and the comparison show).
//
//   std::vector<TaskResult> rs = task_results(dir.runs, "default");
//   ConfigSummary s = summarize("default", rs);   // s.score: SV-COMP's for verify tasks
//
// Repetitions: the times and the memory are the medians of the runs; the status is theirs when
// all agree, else "ERROR (repetitions disagree: A, B)" (category error), so that a result that
// one repetition contradicts is never counted as correct.
// Score: SV-COMP's (verdicts.hpp) for craig verify tasks; for chc and solve tasks (CHC-COMP and
// SMT-COMP rank by solved problems) the number of correct answers, wrong ones in their column.
#pragma once

#include <string>
#include <vector>

#include "bench/run_record.hpp"

namespace craig::bench {

struct TaskResult {
    std::string task, config, expected, status;
    Tool tool = Tool::Verify;
    Category category = Category::Error;
    double cpu_seconds = 0, wall_seconds = 0;
    std::uint64_t memory_bytes = 0;
    int score = 0;
    std::vector<const RunRecord*> runs;  // by repetition; point into the vector given
};

// The tasks of `config` in `runs` (ordered by task name there), in that order.
std::vector<TaskResult> task_results(const std::vector<RunRecord>& runs, const std::string& config);

struct ConfigSummary {
    std::string config;
    unsigned tasks = 0, correct_true = 0, correct_false = 0, wrong_true = 0, wrong_false = 0, unknown = 0, error = 0,
             missing = 0;
    long score = 0;
    bool svcomp_score = true;  // false: the score counts correct answers (chc, solve)
    double cpu_correct = 0;    // CPU seconds of the correct answers
};

ConfigSummary summarize(const std::string& config, const std::vector<TaskResult>& results);

// The summaries as a plain-text table (summary.txt, the end of craig bench run).
std::string summary_text(const std::vector<ConfigSummary>& summaries);

}  // namespace craig::bench
