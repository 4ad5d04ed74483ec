// `craig bench compare A B`: the tasks whose status differs between two result columns.
//
//   compare_columns(out, cols, "default", "bmc");   // prints the differing tasks, returns their number
//
// A and B: a results folder (all its configurations, matched by name with the other folder's)
// or FOLDER:CONFIG; when both name one folder with several configurations, A and B must each
// name a configuration. Each differing task is one line "TASK  STATUS-A (CATEGORY)  STATUS-B
// (CATEGORY)" ("-" where a side has no result), then a line with the counts.
#pragma once

#include <iosfwd>
#include <string>

namespace craig::bench {

struct CompareOptions {
    std::string a, b;
};

// The number of differing tasks; std::invalid_argument for a folder or configuration that is
// not there.
std::size_t compare_results(const CompareOptions& o, std::ostream& out);

}  // namespace craig::bench
