// OptionBinder: puts rows of a typed option table (base::OptionRow) that one command offers on
// that command's CLI11 app, each bound to a typed field. RunOptionBinder (run_option_binding.hpp)
// offers the run layer's rows of one command, BenchOptionBinder (bench_option_binding.hpp) the
// rows of one `craig bench` subcommand.
//
//   OptionBinder b(*app, "bench run", rows);   // rows: the rows the command offers
//   b.bind("jobs", opts.jobs);                  // unsigned <- Unsigned, checked by the row
//   b.bind("config", opts.configs);             // std::vector<std::string> <- Text, repeatable
//   b.finish();                                 // every offered row bound, or std::logic_error
//
// Contract: bind() requires an offered row of that name and a field type that fits the row's
// kind (bool: Flag as --NAME/--no-NAME; an integer: Unsigned within its range; double: Real;
// std::string: Choice or Text; std::vector<std::string>: Text, the option given any number of
// times, each value checked), and that the field's value equals the row's default (so the
// struct's initialiser and the documented default cannot drift apart; a vector starts empty
// and its row's default is ""); otherwise it throws std::logic_error, a programming error that
// the CLI tests catch at start-up.
#pragma once

#include <CLI/CLI.hpp>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "base/option_row.hpp"

namespace craig::cli {

class OptionBinder {
public:
    OptionBinder(CLI::App& app, std::string command, std::vector<const base::OptionRow*> offered)
        : app_(app), command_(std::move(command)), offered_(std::move(offered)) {}

    template <class T>
    CLI::Option* bind(std::string_view name, T& field) {
        const base::OptionRow& row = row_of(name);
        if constexpr (std::is_same_v<T, bool>) {
            need(row, base::OptionKind::Flag, field == (row.default_value == "true"));
            const std::string n(row.name);
            return app_.add_flag("--" + n + ",!--no-" + n, field,
                                 std::string(row.help) + (field ? " (default on)" : " (default off)"));
        } else if constexpr (std::is_integral_v<T>) {
            need(row, base::OptionKind::Unsigned, std::to_string(field) == row.default_value);
            return add_checked(row, field);
        } else if constexpr (std::is_floating_point_v<T>) {
            need(row, base::OptionKind::Real, field == std::stod(std::string(row.default_value)));
            return add_checked(row, field);
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
            need(row, base::OptionKind::Text, field.empty() && row.default_value.empty());
            CLI::Option* o = add_checked(row, field);
            o->expected(1)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
            return o;
        } else {
            static_assert(std::is_same_v<T, std::string>, "an option row binds bool, an integer, double or string");
            need(row, row.kind == base::OptionKind::Text ? base::OptionKind::Text : base::OptionKind::Choice,
                 field == row.default_value);
            return add_checked(row, field);
        }
    }

    // Requires every offered row to have been bound (std::logic_error names the first that is not).
    void finish() const;

private:
    const base::OptionRow& row_of(std::string_view name);
    void need(const base::OptionRow& row, base::OptionKind kind, bool default_agrees) const;
    // What --help shows after the type: NONNEGATIVE for a Real, the range of a bounded Unsigned.
    static std::string shown_check(const base::OptionRow& row);
    template <class T>
    CLI::Option* add_checked(const base::OptionRow& row, T& field) {
        CLI::Option* o = app_.add_option("--" + std::string(row.name), field, std::string(row.help));
        o->check(CLI::Validator([&row](std::string& v) { return base::check_option_value(row, v); }, shown_check(row)));
        if (!row.default_value.empty()) o->default_str(std::string(row.default_value));
        return o;
    }

    CLI::App& app_;
    std::string command_;
    std::vector<const base::OptionRow*> offered_;
    std::set<std::string, std::less<>> bound_;
};

// The rows of an option table (elements with a `row`) that `offered(element)` accepts: what one
// command offers.
template <class Table, class Offered>
std::vector<const base::OptionRow*> rows_offered(const Table& table, Offered offered) {
    std::vector<const base::OptionRow*> rows;
    for (const auto& o : table)
        if (offered(o)) rows.push_back(&o.row);
    return rows;
}

}  // namespace craig::cli
