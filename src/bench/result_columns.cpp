#include "bench/result_columns.hpp"

#include <filesystem>
#include <set>
#include <stdexcept>

namespace craig::bench {

namespace fs = std::filesystem;

const TaskResult* ResultColumn::find(const std::string& task) const {
    for (const TaskResult& t : results)
        if (t.task == task) return &t;
    return nullptr;
}

const ResultColumn* ResultColumns::find(const std::string& label) const {
    for (const ResultColumn& c : columns)
        if (c.label == label) return &c;
    return nullptr;
}

std::vector<std::string> ResultColumns::tasks() const {
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const ResultColumn& c : columns)
        for (const TaskResult& t : c.results)
            if (seen.insert(t.task).second) names.push_back(t.task);
    return names;
}

ResultColumns load_columns(const std::vector<std::string>& dirs) {
    ResultColumns cols;
    std::set<std::string> names;
    for (const std::string& d : dirs) {
        fs::path p = fs::absolute(d).lexically_normal();
        if (p.filename().empty()) p = p.parent_path();
        if (!names.insert(p.string()).second) throw std::invalid_argument(d + ": the same results folder twice");
        cols.dirs.push_back(load_results(d));
    }
    for (const ResultsDir& d : cols.dirs) {
        fs::path p = fs::absolute(d.path).lexically_normal();
        if (p.filename().empty()) p = p.parent_path();
        for (const std::string& c : d.configs) {
            ResultColumn col;
            col.config = c;
            col.label = cols.dirs.size() == 1 ? c : p.filename().string() + "/" + c;
            col.dir = &d;
            col.results = task_results(d.runs, c);
            cols.columns.push_back(std::move(col));
        }
    }
    return cols;
}

}  // namespace craig::bench
