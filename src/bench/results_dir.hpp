// A results folder of craig bench run, read back: its manifest and every finished run (the
// result.txt records below DIR/runs, run_record.hpp), for the result files, the report, the
// comparison and --resume.
//
//   ResultsDir d = load_results("out");    // std::invalid_argument without DIR/manifest.txt
//   d.configs                              // in the manifest's order
//   d.runs                                 // by configuration, task name, repetition
#pragma once

#include <string>
#include <vector>

#include "bench/key_value.hpp"
#include "bench/run_record.hpp"

namespace craig::bench {

struct ResultsDir {
    std::string path;
    KeyValues manifest;
    std::vector<std::string> configs;
    std::vector<RunRecord> runs;
};

ResultsDir load_results(const std::string& dir);

std::string manifest_path(const std::string& dir);

}  // namespace craig::bench
