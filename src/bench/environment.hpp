// The machine a benchmark runs on, as BenchExec's <systeminfo> and the report record it: host
// name, operating system (uname), CPU model (/proc/cpuinfo "model name"), cores, memory, and the
// time as ISO 8601 with the UTC offset.
//
//   Environment e = current_environment();   // e.cpu_model == "Intel(R) Xeon(R) ..."
#pragma once

#include <cstdint>
#include <string>

namespace craig::bench {

struct Environment {
    std::string host;
    std::string os;
    std::string cpu_model;  // "unknown" when /proc/cpuinfo does not say
    unsigned cores = 0;
    std::uint64_t ram_bytes = 0;
};

Environment current_environment();
// This machine's host name ("" when unknown).
std::string host_name();
// Now, e.g. "2026-12-03T18:40:12+00:00".
std::string iso_time_now();

}  // namespace craig::bench
