// `craig bench report DIR... --out REPORT`: one self-contained HTML page, REPORT/index.html
// (inline CSS, SVG drawn by craig, no script, nothing fetched), with
//   - the summary per column (result_columns.hpp): tasks, correct TRUE/FALSE, wrong TRUE/FALSE,
//     unknown, error, score, CPU time of the correct answers;
//   - the cactus plot of all columns and the scatter plot of two (`scatter` "A,B", labels of
//     columns; default the first two; none with one column);
//   - a table per task: per column the status (coloured by category), CPU time, and links to
//     the run's output, standard error and witness (relative to REPORT, so the page and the
//     results folders can move together);
//   - the environment of each folder: craig version and commit, binary, tool, limits,
//     configurations and their arguments, host, CPU model, cores, operating system, dates.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace craig::bench {

struct ReportOptions {
    std::vector<std::string> dirs;
    std::string out;
    std::string scatter;
};

// Writes REPORT/index.html; std::invalid_argument for a bad folder or --scatter label,
// std::runtime_error when the page cannot be written. Returns the page's path.
std::string write_report(const ReportOptions& o);

}  // namespace craig::bench
