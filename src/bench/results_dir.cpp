#include "bench/results_dir.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <stdexcept>

namespace craig::bench {

namespace fs = std::filesystem;

std::string manifest_path(const std::string& dir) { return (fs::path(dir) / "manifest.txt").string(); }

ResultsDir load_results(const std::string& dir) {
    ResultsDir d;
    d.path = dir;
    std::optional<KeyValues> m = read_key_values(manifest_path(dir));
    if (!m) throw std::invalid_argument(dir + ": not a results folder of craig bench run (no manifest.txt)");
    d.manifest = *m;
    std::istringstream names(m->get("configs"));
    for (std::string c; std::getline(names, c, ',');)
        if (!c.empty()) d.configs.push_back(c);
    const fs::path runs = fs::path(dir) / "runs";
    std::error_code ec;
    if (fs::is_directory(runs, ec))
        for (auto it = fs::recursive_directory_iterator(runs); it != fs::recursive_directory_iterator(); ++it) {
            if (it->path().filename() != "result.txt") continue;
            std::optional<KeyValues> kv = read_key_values(it->path().string());
            std::optional<RunRecord> r = kv ? record_from_key_values(*kv) : std::nullopt;
            if (r) d.runs.push_back(*r);
        }
    auto rank = [&](const std::string& config) {
        return std::find(d.configs.begin(), d.configs.end(), config) - d.configs.begin();
    };
    std::sort(d.runs.begin(), d.runs.end(), [&](const RunRecord& a, const RunRecord& b) {
        if (rank(a.config) != rank(b.config)) return rank(a.config) < rank(b.config);
        if (a.task != b.task) return a.task < b.task;
        return a.repetition < b.repetition;
    });
    return d;
}

}  // namespace craig::bench
