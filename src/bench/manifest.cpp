#include "bench/manifest.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "bench/environment.hpp"

namespace craig::bench {

namespace {

std::string number_text(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

std::string joined(const std::vector<std::string>& parts, char sep) {
    std::string s;
    for (const std::string& p : parts) s += (s.empty() ? "" : std::string(1, sep)) + p;
    return s;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    std::istringstream in(s);
    for (std::string p; std::getline(in, p, sep);)
        if (!p.empty()) parts.push_back(p);
    return parts;
}

const char* const kCompared[] = {"binary-hash", "binary-size", "sets", "tool", "timeout", "walltime", "memory", "repeat", "configs"};

}  // namespace

BinaryIdentity identify_binary(const std::string& path) {
    BinaryIdentity id;
    id.path = path;
    std::ifstream in(path, std::ios::binary);
    if (!in) return id;
    std::uint64_t h = 14695981039346656037ull;  // FNV-1a, 64 bits
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        const std::streamsize n = in.gcount();
        for (std::streamsize i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(buf[i])) * 1099511628211ull;
        id.size += static_cast<std::uint64_t>(n);
    }
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    id.hash = hex;
    return id;
}

std::string first_version_line(const std::string& path) {
    std::string quoted = "'";
    for (char c : path) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    quoted += "' --version 2>/dev/null </dev/null";
    FILE* p = popen(quoted.c_str(), "r");
    if (!p) return "";
    std::string first;
    char line[512];
    if (std::fgets(line, sizeof line, p)) {
        first = line;
        while (!first.empty() && (first.back() == '\n' || first.back() == '\r')) first.pop_back();
    }
    while (std::fgets(line, sizeof line, p)) {
    }
    pclose(p);
    return first;
}

ToolIdentity ask_tool_identity(const std::string& path) {
    ToolIdentity id;
    id.version = first_version_line(path);
    const std::size_t at = id.version.find("(commit ");
    if (at != std::string::npos) {
        const std::size_t end = id.version.find(')', at);
        if (end != std::string::npos) id.commit = id.version.substr(at + 8, end - at - 8);
        id.version = id.version.substr(0, at);
        while (!id.version.empty() && id.version.back() == ' ') id.version.pop_back();
    }
    return id;
}

KeyValues make_manifest(const RunSettings& s, const BinaryIdentity& binary, const ToolIdentity& tool,
                        const std::map<std::string, ProgramIdentity>& programs) {
    KeyValues m;
    m.set("binary", binary.path);
    m.set("binary-hash", binary.hash);
    m.set("binary-size", std::to_string(binary.size));
    m.set("craig-version", tool.version);
    m.set("craig-commit", tool.commit);
    m.set("sets", joined(s.sets, '\n'));
    m.set("tool", s.tool ? std::string(tool_name(*s.tool)) : "");
    m.set("timeout", number_text(s.timeout));
    m.set("walltime", number_text(s.walltime));
    m.set("craig", s.craig);
    m.set("memory", std::to_string(s.memory_mb));
    m.set("repeat", std::to_string(s.repeat));
    std::vector<std::string> names;
    for (const Config& c : s.configs) {
        names.push_back(c.name);
        m.set("config." + c.name, c.args_text());
        const auto p = programs.find(c.name);
        if (p == programs.end()) continue;
        m.set("program." + c.name, p->second.path);
        m.set("program-sha256." + c.name, p->second.sha256);
        m.set("program-version." + c.name, p->second.version);
    }
    m.set("configs", joined(names, ','));
    const Environment e = current_environment();
    m.set("host", e.host);
    m.set("os", e.os);
    m.set("cpu-model", e.cpu_model);
    m.set("cpu-cores", std::to_string(e.cores));
    m.set("ram", std::to_string(e.ram_bytes));
    m.set("created", iso_time_now());
    return m;
}

std::vector<std::string> manifest_differences(const KeyValues& stored, const KeyValues& now) {
    std::vector<std::string> d;
    auto differ = [&](const std::string& key) {
        // A folder made before --walltime existed had none: the default.
        const std::string was = key == "walltime" && !stored.has(key) ? "0" : stored.get(key);
        if (was != now.get(key)) d.push_back(key + ": '" + was + "' in the folder, '" + now.get(key) + "' now");
    };
    for (const char* key : kCompared) differ(key);
    for (const std::string& name : split(stored.get("configs"), ','))
        for (const char* key : {"config.", "program.", "program-sha256.", "program-version."}) differ(key + name);
    return d;
}

std::string stored_isolation(const KeyValues& m) { return m.has("isolation") ? m.get("isolation") : "rlimits"; }

RunSettings settings_of(const KeyValues& m) {
    if (!m.has("binary-hash") || !m.has("configs")) throw std::invalid_argument("not a manifest of craig bench run");
    RunSettings s;
    s.sets = split(m.get("sets"), '\n');
    s.tool = parse_tool(m.get("tool"));
    s.timeout = std::stod(m.get("timeout"));
    s.walltime = m.has("walltime") ? std::stod(m.get("walltime")) : 0;  // folders made before --walltime
    s.craig = m.get("craig");
    s.memory_mb = std::stoull(m.get("memory"));
    s.repeat = static_cast<unsigned>(std::stoul(m.get("repeat")));
    for (const std::string& name : split(m.get("configs"), ',')) {
        std::string why;
        std::optional<Config> c = parse_config(name + "=" + m.get("config." + name), &why);
        if (!c) throw std::invalid_argument("the manifest's configuration " + why);
        s.configs.push_back(*c);
    }
    return s;
}

}  // namespace craig::bench
