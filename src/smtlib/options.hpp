#pragma once
// The options of craig's SMT-LIB interpreter, declared once (name, type, default, help), so
// that `set-option`/`get-option` and the command line read the same table.
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
};

std::span<const OptionSpec> option_table();
const OptionSpec* find_option(std::string_view name);

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
