// `craig options`: the reference of every option, generated from what the command line is built
// from (docs/options.md is its output; the test cli.options_doc fails when the two differ):
// each command's options as CLI11 holds them (made from the SMT-LIB and interpolation tables and
// the run options), then each engine's table (base::OptionRow: kind, range, default, help).
#pragma once

#include <iosfwd>

#include <CLI/CLI.hpp>

#include "verifier/engines/engine.hpp"

namespace craig::cli {

void write_option_reference(std::ostream& out, const CLI::App& app, const verifier::EngineRegistry& engines);

}  // namespace craig::cli
