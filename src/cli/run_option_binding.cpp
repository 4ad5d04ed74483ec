#include "cli/run_option_binding.hpp"

namespace craig::cli {

namespace {

std::vector<const base::OptionRow*> offered_by(verifier::Command command) {
    std::vector<const base::OptionRow*> rows;
    for (const verifier::RunOption& o : verifier::run_option_table())
        if (verifier::offers(o, command)) rows.push_back(&o.row);
    return rows;
}

}  // namespace

RunOptionBinder::RunOptionBinder(CLI::App& app, verifier::Command command)
    : OptionBinder(app, app.get_name(), offered_by(command)) {}

}  // namespace craig::cli
