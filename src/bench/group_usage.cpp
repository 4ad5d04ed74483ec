#include "bench/group_usage.hpp"

#include <dirent.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace craig::bench {

namespace {

// Fields after the command name of /proc/PID/stat (which may hold blanks and parentheses):
// index 0 is field 3 (state).
bool read_stat(const char* pid, long* pgrp, unsigned long long times[4], long* rss_pages) {
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%s/stat", pid);
    FILE* f = std::fopen(path, "r");
    if (!f) return false;
    char buf[1024];
    const std::size_t n = std::fread(buf, 1, sizeof buf - 1, f);
    std::fclose(f);
    buf[n] = '\0';
    const char* p = std::strrchr(buf, ')');
    if (!p) return false;
    ++p;
    long long field[24] = {};
    int k = 0;
    char* end = nullptr;
    // Field 3 is a letter; skip it, then read fields 4.. as numbers.
    while (*p == ' ') ++p;
    if (*p) ++p;
    for (k = 0; k < 22; ++k) {
        field[k] = std::strtoll(p, &end, 10);
        if (end == p) break;
        p = end;
    }
    if (k < 21) return false;
    // field[i] is field i + 4: pgrp 5, utime 14, stime 15, cutime 16, cstime 17, rss 24.
    *pgrp = static_cast<long>(field[1]);
    times[0] = static_cast<unsigned long long>(field[10]);
    times[1] = static_cast<unsigned long long>(field[11]);
    times[2] = static_cast<unsigned long long>(field[12]);
    times[3] = static_cast<unsigned long long>(field[13]);
    *rss_pages = static_cast<long>(field[20]);
    return true;
}

}  // namespace

GroupUsage sample_group(pid_t pgid) {
    GroupUsage u;
    DIR* proc = opendir("/proc");
    if (!proc) return u;
    const double tick = static_cast<double>(sysconf(_SC_CLK_TCK));
    const std::uint64_t page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    while (dirent* e = readdir(proc)) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        long pgrp = 0, rss = 0;
        unsigned long long t[4] = {};
        if (!read_stat(e->d_name, &pgrp, t, &rss) || pgrp != pgid) continue;
        ++u.processes;
        u.cpu_seconds += static_cast<double>(t[0] + t[1] + t[2] + t[3]) / tick;
        if (rss > 0) u.rss_bytes += static_cast<std::uint64_t>(rss) * page;
    }
    closedir(proc);
    return u;
}

}  // namespace craig::bench
