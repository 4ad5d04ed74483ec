#include "bench/environment.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <thread>

namespace craig::bench {

std::string host_name() {
    char host[256] = {};
    return gethostname(host, sizeof host - 1) == 0 ? std::string(host) : std::string();
}

Environment current_environment() {
    Environment e;
    e.host = host_name();
    utsname u{};
    if (uname(&u) == 0) e.os = std::string(u.sysname) + " " + u.release + " " + u.machine;
    e.cpu_model = "unknown";
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);)
        if (line.rfind("model name", 0) == 0 && line.find(':') != std::string::npos) {
            e.cpu_model = line.substr(line.find(':') + 1);
            e.cpu_model.erase(0, e.cpu_model.find_first_not_of(' '));
            break;
        }
    e.cores = std::thread::hardware_concurrency();
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) e.ram_bytes = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
    return e;
}

std::string iso_time_now() {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S%z", &local);
    std::string s(buf);
    if (s.size() > 2) s.insert(s.size() - 2, ":");  // +0000 -> +00:00
    return s;
}

}  // namespace craig::bench
