// BenchOptionBinder: puts the rows of craig bench's option table (bench/bench_option_table.hpp)
// that one bench subcommand offers on its CLI11 app, each bound to a typed field (the contract
// of bind() and finish() is OptionBinder's, option_binder.hpp).
//
//   BenchOptionBinder b(*run, bench::BenchCommand::Run);
//   b.bind("jobs", o.jobs);
//   b.finish();
#pragma once

#include "bench/bench_option_table.hpp"
#include "cli/option_binder.hpp"

namespace craig::cli {

class BenchOptionBinder : public OptionBinder {
public:
    BenchOptionBinder(CLI::App& app, bench::BenchCommand command);
};

}  // namespace craig::cli
