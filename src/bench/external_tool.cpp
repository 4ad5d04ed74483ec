#include "bench/external_tool.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <utility>

#include "base/sha256.hpp"
#include "bench/manifest.hpp"

namespace craig::bench {

namespace fs = std::filesystem;

namespace {

bool executable_file(const fs::path& p) {
    std::error_code ec;
    return fs::is_regular_file(p, ec) && access(p.c_str(), X_OK) == 0;
}

}  // namespace

std::string substituted(const std::string& arg, const std::vector<std::pair<std::string, std::string>>& values) {
    std::string s;
    for (std::size_t i = 0; i < arg.size();) {
        bool replaced = false;
        for (const auto& [key, value] : values)
            if (arg.compare(i, key.size(), key) == 0) {
                s += value;
                i += key.size();
                replaced = true;
                break;
            }
        if (!replaced) s += arg[i++];
    }
    return s;
}

std::optional<std::string> find_program(const std::string& program) {
    if (program.empty()) return std::nullopt;
    if (program.find('/') != std::string::npos) {
        if (!executable_file(program)) return std::nullopt;
        return fs::absolute(program).lexically_normal().string();
    }
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "");
    for (std::string d; std::getline(dirs, d, ':');) {
        if (d.empty()) continue;
        const fs::path p = fs::path(d) / program;
        if (executable_file(p)) return fs::absolute(p).lexically_normal().string();
    }
    return std::nullopt;
}

ProgramIdentity identify_program(const std::string& path) {
    ProgramIdentity id;
    id.path = path;
    id.sha256 = base::sha256_of_file(path).value_or("");
    id.version = first_version_line(path);
    return id;
}

std::vector<std::string> external_command(const Config& c, const std::string& path, const std::string& file,
                                          double timeout, std::uint64_t memory_mb, const std::string& folder) {
    const std::string seconds = std::to_string(timeout > 0 ? static_cast<long long>(std::ceil(timeout)) : 0);
    std::vector<std::string> argv = {path};
    bool has_file = false;
    const std::vector<std::pair<std::string, std::string>> values = {
        {"{file}", file}, {"{timeout}", seconds}, {"{memory}", std::to_string(memory_mb)}, {"{folder}", folder}};
    for (const std::string& a : c.args) {
        has_file = has_file || a.find("{file}") != std::string::npos;
        argv.push_back(substituted(a, values));
    }
    if (!has_file) argv.push_back(file);
    return argv;
}

}  // namespace craig::bench
