// The option table of `craig bench`'s subcommands (run, report, compare, stats, suites): each option declared
// once (base::OptionRow) with the subcommands that offer it; cli/bench_option_binding.hpp binds
// them to typed fields. The limits of a bench run (--timeout, --memory) are the run layer's rows
// (verifier/run/run_option_table.hpp, Command::Bench), so they have one spelling everywhere.
//
//   for (const BenchOption& o : bench_option_table()) if (offers(o, BenchCommand::Run)) ...
#pragma once

#include <cstdint>
#include <span>

#include "base/option_row.hpp"

namespace craig::bench {

enum class BenchCommand : std::uint8_t { Run = 1, Report = 2, Compare = 4, Stats = 8, Suites = 16 };

struct BenchOption {
    base::OptionRow row;
    std::uint8_t commands = 0;  // BenchCommand bits
};

inline bool offers(const BenchOption& o, BenchCommand c) { return (o.commands & static_cast<std::uint8_t>(c)) != 0; }

std::span<const BenchOption> bench_option_table();

}  // namespace craig::bench
