#include "bench/suites.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#ifndef CRAIG_SUITES_DIR
#define CRAIG_SUITES_DIR "bench/suites"
#endif

namespace craig::bench {

namespace fs = std::filesystem;

namespace {

constexpr std::string_view kPrefix = "suite:";

std::string folder_or_default(const std::string& folder) { return folder.empty() ? default_suites_folder() : folder; }

// The first comment line of a suite file, without '#' and blanks.
std::string description_of(const fs::path& file) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        const std::size_t hash = line.find('#');
        if (hash == std::string::npos) continue;
        std::string text = line.substr(hash + 1);
        text.erase(0, text.find_first_not_of(" \t"));
        return text;
    }
    return "";
}

}  // namespace

std::string default_suites_folder() { return CRAIG_SUITES_DIR; }

std::vector<Suite> list_suites(const std::string& folder) {
    std::vector<Suite> suites;
    const fs::path dir = folder_or_default(folder);
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return suites;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".set" && e.is_regular_file(ec))
            suites.push_back({e.path().stem().string(), fs::absolute(e.path()).lexically_normal().string(),
                              description_of(e.path())});
    std::sort(suites.begin(), suites.end(), [](const Suite& a, const Suite& b) { return a.name < b.name; });
    return suites;
}

std::vector<std::string> resolve_suites(const std::vector<std::string>& sets, const std::string& folder) {
    std::vector<std::string> out;
    std::vector<Suite> suites;
    bool listed = false;
    for (const std::string& s : sets) {
        if (!s.starts_with(kPrefix)) {
            out.push_back(s);
            continue;
        }
        if (!listed) suites = list_suites(folder);
        listed = true;
        const std::string name = s.substr(kPrefix.size());
        const auto it = std::find_if(suites.begin(), suites.end(), [&](const Suite& x) { return x.name == name; });
        if (it == suites.end()) {
            std::string known;
            for (const Suite& x : suites) known += (known.empty() ? "" : ", ") + x.name;
            throw std::invalid_argument(s + ": no suite '" + name + "' in " + folder_or_default(folder) +
                                        (known.empty() ? " (no .set files there)" : " (suites: " + known + ")"));
        }
        out.push_back(it->path);
    }
    return out;
}

}  // namespace craig::bench
