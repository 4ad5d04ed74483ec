// The columns that a report or a comparison sets side by side: one per configuration of each
// results folder, read once (results_dir.hpp) and combined per task (task_results.hpp).
//
//   ResultColumns cols = load_columns({"out-a", "out-b"});    // labels "out-a/default", ...
//   ResultColumns one = load_columns({"out"});                // labels "default", "bmc"
//   const ResultColumn* c = cols.find("out-a/default");
//
// Labels: the configuration's name when one folder is read, else FOLDER/CONFIG (FOLDER: the
// folder's last name; the same folder twice is refused). The task results point into the
// folders, which the object owns (not copyable).
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "bench/results_dir.hpp"
#include "bench/task_results.hpp"

namespace craig::bench {

struct ResultColumn {
    std::string label, config;
    const ResultsDir* dir = nullptr;
    std::vector<TaskResult> results;
    // The result of `task`, null when the column has none.
    const TaskResult* find(const std::string& task) const;
};

class ResultColumns {
public:
    ResultColumns() = default;
    ResultColumns(const ResultColumns&) = delete;
    ResultColumns& operator=(const ResultColumns&) = delete;
    ResultColumns(ResultColumns&&) = default;

    std::vector<ResultColumn> columns;
    std::deque<ResultsDir> dirs;

    const ResultColumn* find(const std::string& label) const;
    // Every task name of every column, in first-seen order.
    std::vector<std::string> tasks() const;
};

// std::invalid_argument for a folder that is no results folder.
ResultColumns load_columns(const std::vector<std::string>& dirs);

}  // namespace craig::bench
