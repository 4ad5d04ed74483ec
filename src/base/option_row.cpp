#include "base/option_row.hpp"

#include <cmath>
#include <cstdlib>
#include <ostream>

namespace craig::base {

namespace {

std::string kind_text(const OptionRow& r) {
    switch (r.kind) {
        case OptionKind::Flag: return "flag";
        case OptionKind::Unsigned:
            return "integer " + std::to_string(r.min) + ".." + (r.max == UINT64_MAX ? "" : std::to_string(r.max));
        case OptionKind::Real: return "number >= 0";
        case OptionKind::Choice: return "choice";
        case OptionKind::Text: return "text";
    }
    return "";
}

// Markdown table cells: a '|' would end the cell.
std::string cell(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

std::string check_option_value(const OptionRow& row, const std::string& value) {
    switch (row.kind) {
        case OptionKind::Flag:
            if (value != "true" && value != "false") return "expected true or false, got '" + value + "'";
            break;
        case OptionKind::Unsigned: {
            const bool digits = !value.empty() && value.size() <= 20 &&
                                value.find_first_not_of("0123456789") == std::string::npos &&
                                (value.size() < 20 || value <= "18446744073709551615");
            if (!digits || std::stoull(value) < row.min || std::stoull(value) > row.max)
                return "expected an integer from " + std::to_string(row.min) + " to " + std::to_string(row.max) +
                       ", got '" + value + "'";
            break;
        }
        case OptionKind::Real: {
            char* end = nullptr;
            const double d = value.empty() ? -1 : std::strtod(value.c_str(), &end);
            if (value.empty() || *end != '\0' || !(d >= 0) || !std::isfinite(d))
                return "expected a non-negative number, got '" + value + "'";
            break;
        }
        case OptionKind::Choice:
        case OptionKind::Text: break;
    }
    return row.check ? row.check(value) : std::string();
}

void write_option_reference(std::ostream& out, std::string_view title, std::span<const OptionRow> rows) {
    out << "### " << title << "\n\n| option | kind | default | meaning |\n|---|---|---|---|\n";
    for (const OptionRow& r : rows) {
        const std::string flag = r.kind == OptionKind::Flag
                                     ? "`--" + std::string(r.name) + "`, `--no-" + std::string(r.name) + "`"
                                     : "`--" + std::string(r.name) + "`";
        out << "| " << flag << " | " << kind_text(r) << " | "
            << (r.default_value.empty() ? "" : "`" + cell(r.default_value) + "`") << " | " << cell(r.help) << " |\n";
    }
    out << "\n";
}

}  // namespace craig::base
