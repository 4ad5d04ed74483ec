#include "cli/bench_option_binding.hpp"

namespace craig::cli {

BenchOptionBinder::BenchOptionBinder(CLI::App& app, bench::BenchCommand command)
    : OptionBinder(app, "bench " + app.get_name(),
                   rows_offered(bench::bench_option_table(),
                                [command](const bench::BenchOption& o) { return bench::offers(o, command); })) {}

}  // namespace craig::cli
