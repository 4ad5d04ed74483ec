// What the processes of one process group use right now, read from /proc: the CPU time of the
// live members and of the children they have reaped (utime, stime, cutime, cstime of
// /proc/PID/stat), and their resident memory together. The local executor samples a run's group
// with it to hold the run to its limits as one unit (a portfolio's members are processes of the
// run's group), as BenchExec does with a cgroup.
//
//   GroupUsage u = sample_group(pgid);   // u.cpu_seconds, u.rss_bytes; {0, 0, 0} for no process
#pragma once

#include <sys/types.h>

#include <cstdint>

namespace craig::bench {

struct GroupUsage {
    double cpu_seconds = 0;
    std::uint64_t rss_bytes = 0;
    unsigned processes = 0;
};

GroupUsage sample_group(pid_t pgid);

}  // namespace craig::bench
