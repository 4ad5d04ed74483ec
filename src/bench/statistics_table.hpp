// `craig bench stats DIR... --stat NAME...`: craig's own statistics (each run's stats.txt) set
// side by side per result column, the way BenchExec's table-generator shows columns that a tool's
// output defines: how an engine's work differs between configurations (lemmas, frames, queries).
//
//   StatsOptions o; o.dirs = {"out"}; o.stats = {"pdr.lemmas", "pdr.frames"};
//   write_statistics(o, std::cout);   // the Markdown table; o.csv: one row per task and column
//
// Table (Markdown): per column its solved tasks (a definite answer that is not wrong: true,
// false(...), sat, unsat), then over the tasks that every column solved ("common", so that the
// figures are about the same work): their number, the CPU seconds, and per statistic its sum and
// median. A statistic a run did not print is left out of that run's figures (and the table says
// in how many common runs it was missing). Values are read as numbers ("0.003 s" is 0.003); a
// statistic that is not a number is refused. Repetitions: the first run's statistics.
// CSV (o.csv): task,column,status,cpu,STAT... for every task of every column ("" where absent).
// --tasks GLOB keeps the tasks whose names match (a set of a run of several sets). Columns are result_columns.hpp's (load_columns); std::invalid_argument for a folder that is no
// results folder or for no --stat.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace craig::bench {

struct StatsOptions {
    std::vector<std::string> dirs;
    std::vector<std::string> stats;
    bool csv = false;
    std::string tasks;  // a glob (fnmatch) over task names, e.g. "lia-lin/*"; "" = every task
};

void write_statistics(const StatsOptions& o, std::ostream& out);

}  // namespace craig::bench
