// A configuration of a benchmark run: a name (used in folder and file names) and the arguments
// that every run of the tool gets.
//
//   std::string why;
//   std::optional<Config> c = parse_config("bmc=--engine bmc --bound 20", &why);  // name "bmc"
//
// NAME is letters, digits, '-', '_' and '.'; ARGS are split at blanks (no quoting). The options
// the harness sets itself (--timeout, --memory, --witness, --stats) are refused in ARGS: each
// would contradict the limits or the files the results are built from.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace craig::bench {

struct Config {
    std::string name;
    std::vector<std::string> args;
    // The arguments joined by single blanks (what the manifest and the result files record).
    std::string args_text() const;
};

std::optional<Config> parse_config(const std::string& text, std::string* why);

// The configurations of --config values (in their order), or the one default configuration
// "default" without arguments when there are none. Throws std::invalid_argument for a bad value
// or a name given twice.
std::vector<Config> parse_configs(const std::vector<std::string>& texts);

}  // namespace craig::bench
