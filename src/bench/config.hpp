// A configuration of a benchmark run: a name (used in folder and file names) and the arguments
// that every run of the tool gets, or the external solver it runs instead of craig.
//
//   std::string why;
//   std::optional<Config> c = parse_config("bmc=--engine bmc --bound 20", &why);  // name "bmc"
//   std::optional<Config> z = parse_config("z3=exec:z3 fp.engine=spacer", &why);  // z->program "z3"
//
// NAME is letters, digits, '-', '_' and '.'; ARGS are split at blanks (no quoting). The options
// the harness sets itself (--timeout, --memory, --witness, --stats) are refused in ARGS: each
// would contradict the limits or the files the results are built from.
// ARGS "exec:PROGRAM ARG..." is an external configuration (external_tool.hpp): PROGRAM runs with
// the ARGs instead of craig (placeholders {file}, {timeout}, {memory}; nothing is refused in them).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace craig::bench {

struct Config {
    std::string name;
    std::vector<std::string> args;
    std::string program;  // exec: configurations: PROGRAM as given ("z3", "/opt/bin/cvc5"); "" = craig
    bool external() const { return !program.empty(); }
    // The arguments joined by single blanks, after "exec:PROGRAM" for an external configuration
    // (what the manifest and the result files record; parse_config reads it back).
    std::string args_text() const;
};

std::optional<Config> parse_config(const std::string& text, std::string* why);

// The configurations of --config values (in their order), or the one default configuration
// "default" without arguments when there are none. Throws std::invalid_argument for a bad value
// or a name given twice.
std::vector<Config> parse_configs(const std::vector<std::string>& texts);

}  // namespace craig::bench
