// The run layer's typed option table: every option of the commands that run a problem (craig
// solve, itp, verify, chc, testgen, and the limits of craig bench run) that is not an engine's (EngineInfo::options) or the SMT-LIB
// interpreter's (smtlib/options.hpp), declared once with the commands that offer it. A setting
// that two commands share is one row, so it has one spelling, one default and one check.
//
//   const RunOption* o = find_run_option("timeout");   // null for a name without a row
//   bool on_verify = offers(*o, Command::Verify);
//
// The command line (cli/run_option_binding.hpp) binds each row a command offers to a typed field
// of that command's options (VerifyOptions, ChcOptions, TestgenOptions, ...), checks the field's
// initial value against the row's default, and refuses to start when a row is left unbound; the
// option reference (`craig options`, docs/options.md) is generated from the command line so built.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "base/option_row.hpp"

namespace craig::verifier {

// Bench: `craig bench run`, whose runs share the limits' rows (its own options are in
// bench/bench_option_table.hpp).
enum class Command : std::uint8_t { Solve = 1, Itp = 2, Verify = 4, Chc = 8, Testgen = 16, Bench = 32 };

constexpr std::uint8_t bit(Command c) { return static_cast<std::uint8_t>(c); }
constexpr std::uint8_t operator|(Command a, Command b) {
    return static_cast<std::uint8_t>(static_cast<std::uint8_t>(a) | static_cast<std::uint8_t>(b));
}
constexpr std::uint8_t operator|(std::uint8_t a, Command b) { return static_cast<std::uint8_t>(a | static_cast<std::uint8_t>(b)); }

struct RunOption {
    base::OptionRow row;
    std::uint8_t commands = 0;  // Command bits
};

inline bool offers(const RunOption& o, Command c) { return (o.commands & static_cast<std::uint8_t>(c)) != 0; }

std::span<const RunOption> run_option_table();
// The row called `name` (without "--"), null when there is none.
const RunOption* find_run_option(std::string_view name);

}  // namespace craig::verifier
