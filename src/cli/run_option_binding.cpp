#include "cli/run_option_binding.hpp"

namespace craig::cli {

RunOptionBinder::RunOptionBinder(CLI::App& app, verifier::Command command)
    : OptionBinder(app, app.get_name(), rows_offered(verifier::run_option_table(), [command](const verifier::RunOption& o) {
          return verifier::offers(o, command);
      })) {}

}  // namespace craig::cli
