// OptionRow: one row of a layer's typed option table, after CaDiCaL's options.hpp: name, kind,
// default, range, help, and an optional check of the value. Each layer declares one table
// (each engine: EngineInfo::options; interpolation: itp/option_rows.hpp; a run of craig verify,
// chc and testgen: verifier/run/run_option_table.hpp); the command line, --list-engines and the
// option reference (`craig options --markdown`, docs/options.md) are generated from them.
//
//   constexpr base::OptionRow kRow{"lazy-tau0", base::OptionKind::Unsigned, "1", "first bound", nullptr, 1, 64};
//   std::string why = base::check_option_value(kRow, "0");  // "expected an integer from 1 to 64, got 0"
//
// Naming rule: kebab-case; an engine's own options start with the engine's name ("impact-",
// "lazy-", "whale-"), options of a shared layer with the layer's ("itp-" for interpolation),
// and one setting has one spelling in every command that offers it.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

namespace craig::base {

enum class OptionKind : std::uint8_t {
    Flag,      // --NAME / --no-NAME; values "true", "false"
    Unsigned,  // a decimal integer in [min, max]
    Real,      // a finite non-negative decimal number (seconds)
    Choice,    // one of a set of words, checked by `check`
    Text,      // any text (a file name, a list); `check` may refuse values
};

struct OptionRow {
    std::string_view name;  // without "--": the command-line option and the settings key
    OptionKind kind = OptionKind::Flag;
    std::string_view default_value;
    std::string_view help;
    // The error text for a value the kind admits but the option does not, empty for a valid one.
    std::string (*check)(const std::string& value) = nullptr;
    std::uint64_t min = 0, max = UINT32_MAX;  // Unsigned
};

// Empty when `value` is valid for `row` (its kind, its range, its check), else the reason.
std::string check_option_value(const OptionRow& row, const std::string& value);

// The rows as a Markdown table (option, kind and range, default, help) under `title`.
void write_option_reference(std::ostream& out, std::string_view title, std::span<const OptionRow> rows);

}  // namespace craig::base
