#pragma once
// The options of craig's SMT-LIB interpreter, declared once (name, type, default, help), so
// that `set-option`/`get-option` and the command line read the same table: an entry with a
// `cli` name is also the command-line option --CLI of `craig solve` and `craig itp` (main.cpp
// builds those options from the table, checks their values with check_value, and hands them to
// the interpreter as ScriptOptions::initial). Besides the standard options the table has craig's
// solver options (lia-cuts, lia-branch-budget, lra-arith, lra-static-learning), settable by
// set-option before the first declaration or assertion.
//
// Names are SMT-LIB keywords without the colon. Values are printed as SMT-LIB prints them
// (true/false, numerals, string literals). Options marked `start_mode_only` may only be set
// before set-logic (SMT-LIB 2.6, section 4.1.7); setting them later is an error.
// craig's defaults follow the standard except :produce-models, which is on.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace craig::smtlib {

// Symbol: a symbol or numeral from a fixed set (set-option validates it), printed bare.
enum class OptionType : uint8_t { Bool, Numeral, String, Symbol };

struct OptionSpec {
    std::string_view name;
    OptionType type;
    std::string_view default_value;  // as SMT-LIB prints it
    bool start_mode_only;
    std::string_view help;
    std::string_view cli = {};  // the command-line name (without --); empty: none
};

std::span<const OptionSpec> option_table();
const OptionSpec* find_option(std::string_view name);

// Checks a value (Bool: true, false, 1, 0; Numeral: a decimal in range; String: the text
// without quotes; Symbol: a name or code the option knows) and gives its canonical text (what
// get-option prints, quotes aside). Returns the error text, empty when the value is valid.
std::string check_value(const OptionSpec& spec, const std::string& value, std::string* canonical = nullptr);

// Current values of every option of the table.
class OptionValues {
public:
    OptionValues();  // the defaults

    bool get_bool(std::string_view name) const;
    uint64_t get_numeral(std::string_view name) const;
    const std::string& get_string(std::string_view name) const;
    void set_bool(std::string_view name, bool v);
    void set_numeral(std::string_view name, uint64_t v);
    void set_string(std::string_view name, std::string v);
    // Sets a value checked by check_value (canonical text).
    void set_text(const OptionSpec& spec, const std::string& canonical);
    // The value as `get-option` prints it.
    std::string printed(std::string_view name) const;

private:
    struct Value {
        bool b = false;
        uint64_t n = 0;
        std::string s;
    };
    Value& at(std::string_view name);
    const Value& at(std::string_view name) const;
    std::vector<Value> values_;  // parallel to option_table()
};

}  // namespace craig::smtlib
