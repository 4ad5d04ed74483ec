#include "cli/option_binder.hpp"

#include <stdexcept>

namespace craig::cli {

const base::OptionRow& OptionBinder::row_of(std::string_view name) {
    const base::OptionRow* row = nullptr;
    for (const base::OptionRow* r : offered_)
        if (r->name == name) row = r;
    if (!row) throw std::logic_error("option --" + std::string(name) + " has no row offered by craig " + command_);
    if (!bound_.emplace(name).second) throw std::logic_error("option --" + std::string(name) + " bound twice");
    return *row;
}

void OptionBinder::need(const base::OptionRow& row, base::OptionKind kind, bool default_agrees) const {
    if (row.kind != kind)
        throw std::logic_error("option --" + std::string(row.name) + " bound to a field of another kind");
    if (!default_agrees)
        throw std::logic_error("option --" + std::string(row.name) + ": the field's initial value is not the "
                               "row's default '" + std::string(row.default_value) + "'");
}

std::string OptionBinder::shown_check(const base::OptionRow& row) {
    if (row.kind == base::OptionKind::Real) return "NONNEGATIVE";
    if (row.kind == base::OptionKind::Unsigned && row.max < UINT32_MAX)
        return std::to_string(row.min) + ".." + std::to_string(row.max);
    return "";
}

void OptionBinder::finish() const {
    for (const base::OptionRow* r : offered_)
        if (!bound_.count(r->name))
            throw std::logic_error("craig " + command_ + " offers --" + std::string(r->name) + " but binds it to nothing");
}

}  // namespace craig::cli
