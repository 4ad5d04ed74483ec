// RunOptionBinder: puts the rows of the run layer's option table (verifier/run/run_option_table.hpp)
// that one command offers on that command's CLI11 app, each bound to a typed field (the contract
// of bind() and finish() is OptionBinder's, option_binder.hpp).
//
//   RunOptionBinder b(*verify, verifier::Command::Verify);
//   b.bind("timeout", vo.timeout);     // double <- Real; the row's help, check and default
//   b.bind("engine", vo.engine);       // std::string <- Choice/Text, checked by the row
//   b.finish();                        // every row of the command bound, or std::logic_error
#pragma once

#include "cli/option_binder.hpp"
#include "verifier/run/run_option_table.hpp"

namespace craig::cli {

class RunOptionBinder : public OptionBinder {
public:
    RunOptionBinder(CLI::App& app, verifier::Command command);
};

}  // namespace craig::cli
