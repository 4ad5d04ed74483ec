#include "bench/run_request_file.hpp"

#include <filesystem>
#include <sstream>

#include "bench/key_value.hpp"

namespace craig::bench {

namespace fs = std::filesystem;

namespace {

std::string number(double v) {
    std::ostringstream s;
    s.precision(17);
    s << v;
    return s.str();
}

// The value of `key` as a number; false when it is absent or not a number.
template <typename T>
bool read_number(const KeyValues& kv, const std::string& key, T* out) {
    if (!kv.has(key)) return false;
    std::istringstream s(kv.get(key));
    T v{};
    if (!(s >> v) || !s.eof()) return false;
    *out = v;
    return true;
}

const char* termination_key(Termination t) {
    switch (t) {
        case Termination::None: return "none";
        case Termination::CpuTime: return "cputime";
        case Termination::WallTime: return "walltime";
        case Termination::Memory: return "memory";
        case Termination::Interrupted: return "interrupted";
        case Termination::FailedToStart: return "failed-to-start";
    }
    return "none";
}

std::optional<Termination> termination_of(const std::string& s) {
    for (Termination t : {Termination::None, Termination::CpuTime, Termination::WallTime, Termination::Memory,
                          Termination::Interrupted, Termination::FailedToStart})
        if (s == termination_key(t)) return t;
    return std::nullopt;
}

}  // namespace

bool write_request(const RunRequest& r) {
    KeyValues kv;
    kv.set("argc", std::to_string(r.argv.size()));
    for (std::size_t i = 0; i < r.argv.size(); ++i) kv.set("argv." + std::to_string(i), r.argv[i]);
    kv.set("stdout", r.stdout_path);
    kv.set("stderr", r.stderr_path);
    kv.set("timeout", number(r.timeout));
    kv.set("walltime", number(r.walltime));
    kv.set("memory-mb", std::to_string(r.memory_mb));
    kv.set("isolation", std::string(isolation_name(r.isolation)));
    return write_key_values_atomically((fs::path(r.folder) / kRequestFile).string(), kv);
}

std::optional<RunRequest> read_request(const std::string& folder) {
    const std::optional<KeyValues> kv = read_key_values((fs::path(folder) / kRequestFile).string());
    if (!kv) return std::nullopt;
    RunRequest r;
    std::size_t argc = 0;
    if (!read_number(*kv, "argc", &argc) || argc == 0 || argc > 100000) return std::nullopt;
    for (std::size_t i = 0; i < argc; ++i) {
        const std::string key = "argv." + std::to_string(i);
        if (!kv->has(key)) return std::nullopt;
        r.argv.push_back(kv->get(key));
    }
    r.stdout_path = kv->get("stdout");
    r.stderr_path = kv->get("stderr");
    if (r.stdout_path.empty() || r.stderr_path.empty()) return std::nullopt;
    if (!read_number(*kv, "timeout", &r.timeout) || !read_number(*kv, "walltime", &r.walltime) ||
        !read_number(*kv, "memory-mb", &r.memory_mb))
        return std::nullopt;
    const std::optional<Isolation> isolation = kv->has("isolation") ? parse_isolation(kv->get("isolation")) : Isolation::Auto;
    if (!isolation) return std::nullopt;
    r.isolation = *isolation;
    r.folder = folder;
    return r;
}

bool write_measurement(const std::string& folder, const Measurement& m) {
    KeyValues kv;
    kv.set("exit-code", std::to_string(m.exit_code));
    kv.set("signal", std::to_string(m.signal));
    kv.set("cputime", number(m.cpu_seconds));
    kv.set("walltime", number(m.wall_seconds));
    kv.set("memory", std::to_string(m.memory_bytes));
    kv.set("killed", termination_key(m.killed));
    kv.set("started", m.started);
    kv.set("host", m.host);
    return write_key_values_atomically((fs::path(folder) / kMeasurementFile).string(), kv);
}

std::optional<Measurement> read_measurement(const std::string& folder) {
    const std::optional<KeyValues> kv = read_key_values((fs::path(folder) / kMeasurementFile).string());
    if (!kv) return std::nullopt;
    Measurement m;
    const std::optional<Termination> killed = termination_of(kv->get("killed"));
    if (!killed || !read_number(*kv, "exit-code", &m.exit_code) || !read_number(*kv, "signal", &m.signal) ||
        !read_number(*kv, "cputime", &m.cpu_seconds) || !read_number(*kv, "walltime", &m.wall_seconds) ||
        !read_number(*kv, "memory", &m.memory_bytes))
        return std::nullopt;
    m.killed = *killed;
    m.started = kv->get("started");
    m.host = kv->get("host");
    return m;
}

}  // namespace craig::bench
