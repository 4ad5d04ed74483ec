#include "cli/run_option_binding.hpp"

#include <stdexcept>

namespace craig::cli {

const base::OptionRow& RunOptionBinder::row_of(std::string_view name) {
    const verifier::RunOption* o = verifier::find_run_option(name);
    if (!o) throw std::logic_error("run option --" + std::string(name) + " has no row in run_option_table");
    if (!verifier::offers(*o, command_))
        throw std::logic_error("run option --" + std::string(name) + " is not offered by craig " + app_.get_name());
    if (!bound_.emplace(name).second) throw std::logic_error("run option --" + std::string(name) + " bound twice");
    return o->row;
}

void RunOptionBinder::need(const base::OptionRow& row, base::OptionKind kind, bool default_agrees) const {
    if (row.kind != kind)
        throw std::logic_error("run option --" + std::string(row.name) + " bound to a field of another kind");
    if (!default_agrees)
        throw std::logic_error("run option --" + std::string(row.name) + ": the field's initial value is not the "
                               "row's default '" + std::string(row.default_value) + "'");
}

std::string RunOptionBinder::shown_check(const base::OptionRow& row) {
    if (row.kind == base::OptionKind::Real) return "NONNEGATIVE";
    if (row.kind == base::OptionKind::Unsigned && row.max < UINT32_MAX)
        return std::to_string(row.min) + ".." + std::to_string(row.max);
    return "";
}

void RunOptionBinder::finish() const {
    for (const verifier::RunOption& o : verifier::run_option_table())
        if (verifier::offers(o, command_) && !bound_.count(o.row.name))
            throw std::logic_error("craig " + app_.get_name() + " offers --" + std::string(o.row.name) +
                                   " but binds it to nothing");
}

}  // namespace craig::cli
