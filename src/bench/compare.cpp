#include "bench/compare.hpp"

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <stdexcept>

#include "bench/results_dir.hpp"
#include "bench/task_results.hpp"

namespace craig::bench {

namespace fs = std::filesystem;

namespace {

struct Side {
    std::string dir, config;  // config "" = every configuration
};

Side parse_side(const std::string& spec) {
    std::error_code ec;
    if (fs::is_directory(spec, ec)) return {spec, ""};
    const std::size_t colon = spec.rfind(':');
    if (colon == std::string::npos || !fs::is_directory(spec.substr(0, colon), ec))
        throw std::invalid_argument(spec + ": neither a results folder nor FOLDER:CONFIG");
    return {spec.substr(0, colon), spec.substr(colon + 1)};
}

std::string shown(const TaskResult* t) {
    return t ? t->status + " (" + std::string(category_name(t->category)) + ")" : "-";
}

std::size_t compare_two(const std::vector<TaskResult>& a, const std::vector<TaskResult>& b, const std::string& title,
                        std::ostream& out) {
    std::vector<std::string> tasks;
    for (const auto* side : {&a, &b})
        for (const TaskResult& t : *side)
            if (std::find(tasks.begin(), tasks.end(), t.task) == tasks.end()) tasks.push_back(t.task);
    auto find = [](const std::vector<TaskResult>& v, const std::string& task) -> const TaskResult* {
        for (const TaskResult& t : v)
            if (t.task == task) return &t;
        return nullptr;
    };
    out << "== " << title << "\n";
    std::size_t differ = 0;
    for (const std::string& task : tasks) {
        const TaskResult *x = find(a, task), *y = find(b, task);
        if (x && y && x->status == y->status) continue;
        ++differ;
        out << task << "  " << shown(x) << "  " << shown(y) << "\n";
    }
    out << differ << " of " << tasks.size() << " tasks differ in status\n";
    return differ;
}

}  // namespace

std::size_t compare_results(const CompareOptions& o, std::ostream& out) {
    const Side a = parse_side(o.a), b = parse_side(o.b);
    const bool same_dir = fs::equivalent(a.dir, b.dir);
    const ResultsDir da = load_results(a.dir);
    const ResultsDir db = same_dir ? da : load_results(b.dir);
    auto results = [&](const ResultsDir& d, const std::string& config) {
        if (std::find(d.configs.begin(), d.configs.end(), config) == d.configs.end())
            throw std::invalid_argument(d.path + " has no configuration '" + config + "'");
        return task_results(d.runs, config);
    };
    if (!a.config.empty() || !b.config.empty() || same_dir) {
        auto pick = [&](const Side& s, const ResultsDir& d) {
            if (!s.config.empty()) return s.config;
            if (d.configs.size() != 1)
                throw std::invalid_argument(s.dir + " has several configurations: name one as " + s.dir + ":CONFIG");
            return d.configs.front();
        };
        const std::string ca = pick(a, da), cb = pick(b, db);
        return compare_two(results(da, ca), results(db, cb), o.a + (a.config.empty() ? ":" + ca : "") + " vs " + o.b +
                                                                 (b.config.empty() ? ":" + cb : ""),
                           out);
    }
    std::size_t differ = 0, common = 0;
    for (const std::string& c : da.configs) {
        if (std::find(db.configs.begin(), db.configs.end(), c) == db.configs.end()) continue;
        ++common;
        differ += compare_two(results(da, c), results(db, c), c, out);
    }
    if (common == 0) throw std::invalid_argument(o.a + " and " + o.b + " share no configuration name: name them as FOLDER:CONFIG");
    return differ;
}

}  // namespace craig::bench
