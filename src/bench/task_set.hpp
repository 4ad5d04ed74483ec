// Task sets of a benchmark: what `craig bench run SET...` runs, each task with the tool that runs
// it and the answer it expects.
//
//   TaskSet s = read_task_sets({"tests/bench/tasks", "loops.set"}, std::nullopt);
//   for (const BenchTask& t : s.tasks) ... t.name, t.path, t.tool, t.expected
//
// A SET is
//   - a directory: its SV-COMP task files (.yml, .yaml) and SMT-LIB files (.smt2), below it at any
//     depth (symbolic links followed), in name order;
//   - an SV-COMP .set file, or any other text file (a list): one glob or path per line, relative
//     to the file's folder ('#' starts a comment); a line without wildcards must name a file or
//     folder (a missing one is an error), a glob that matches nothing is noted;
//   - a task file, C file (.c, .i) or .smt2 file: that task alone.
// A task file runs `craig verify` on its unreach-call property, expecting its expected_verdict
// ("true"/"false"); a task file without that property is left out (noted). An .smt2 file with
// (set-logic HORN) runs `craig chc`, any other `craig solve`; both expect their
// (set-info :status sat|unsat). The tool is `tool` when given (then files it cannot run are left
// out, noted), else the one the files agree on; files of several tools are refused
// (std::invalid_argument). The same file reached twice is one task.
//
// Names: a task's name is its path relative to the folder that holds the SET (a directory SET
// keeps its own name: "tasks/a.yml"; the tasks of a list or .set file that lie outside its
// folder: relative to the deepest folder that holds them all), with '..' components spelled
// "_up_", unique (a second task of the same name gets "~2"); it names the task's folders in the
// results.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bench/verdicts.hpp"

namespace craig::bench {

struct BenchTask {
    std::string name;
    std::string path;           // absolute, lexically normal
    Tool tool = Tool::Verify;
    std::string expected;       // "true", "false", "sat", "unsat", or "" (not stated)
    std::string property_file;  // verify tasks from task files: the unreach-call .prp
};

struct TaskSet {
    std::vector<BenchTask> tasks;
    std::vector<std::string> notes;  // what was left out, and why
};

TaskSet read_task_sets(const std::vector<std::string>& sets, std::optional<Tool> tool);

// What an .smt2 file says of itself without being parsed: (set-logic HORN), (set-info :status X),
// read from the lines before the first assertion.
struct SmtlibHeader {
    bool horn = false;
    std::string status;  // "sat", "unsat", or ""
};
SmtlibHeader read_smtlib_header(const std::string& path);

}  // namespace craig::bench
