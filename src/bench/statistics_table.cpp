#include "bench/statistics_table.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fnmatch.h>
#include <fstream>
#include <iomanip>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "bench/csv_field.hpp"
#include "bench/result_columns.hpp"
#include "bench/verdicts.hpp"

namespace craig::bench {

namespace {

namespace fs = std::filesystem;

using RunStats = std::map<std::string, double>;

// The wanted statistics of one run folder's stats.txt ("  name: value[ unit]" lines).
RunStats read_run_stats(const fs::path& file, const std::vector<std::string>& wanted) {
    RunStats got;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        const std::size_t colon = line.find(": ");
        if (colon == std::string::npos) continue;
        std::string name = line.substr(0, colon);
        name.erase(0, name.find_first_not_of(' '));
        if (std::find(wanted.begin(), wanted.end(), name) == wanted.end()) continue;
        const std::string text = line.substr(colon + 2);
        std::size_t used = 0;
        double value = 0;
        try {
            value = std::stod(text, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || !std::isfinite(value))
            throw std::invalid_argument(file.string() + ": statistic " + name + " is not a number ('" + text + "')");
        got[name] = value;
    }
    return got;
}

bool solved(const TaskResult& t) { return t.category != Category::Wrong && is_answer(t.status); }

std::string number(double v) {
    std::ostringstream s;
    if (v == std::floor(v) && std::fabs(v) < 1e15) s << static_cast<long long>(v);
    else s << std::fixed << std::setprecision(3) << v;
    return s.str();
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

}  // namespace

void write_statistics(const StatsOptions& o, std::ostream& out) {
    if (o.stats.empty()) throw std::invalid_argument("craig bench stats: name at least one statistic (--stat NAME)");
    const ResultColumns cols = load_columns(o.dirs);
    // Per column and task: the first repetition's statistics.
    std::vector<std::map<std::string, RunStats>> stats(cols.columns.size());
    for (std::size_t c = 0; c < cols.columns.size(); ++c)
        for (const TaskResult& t : cols.columns[c].results)
            if (!t.runs.empty())
                stats[c][t.task] = read_run_stats(fs::path(cols.columns[c].dir->path) / t.runs.front()->folder /
                                                      "stats.txt",
                                                  o.stats);
    std::vector<std::string> tasks = cols.tasks();
    std::erase_if(tasks, [&](const std::string& t) {
        return !o.tasks.empty() && fnmatch(o.tasks.c_str(), t.c_str(), 0) != 0;
    });
    if (o.csv) {
        out << "task,column,status,cpu";
        for (const std::string& s : o.stats) out << ',' << csv_field(s);
        out << '\n';
        for (const std::string& task : tasks)
            for (std::size_t c = 0; c < cols.columns.size(); ++c) {
                const TaskResult* t = cols.columns[c].find(task);
                if (!t) continue;
                out << csv_field(task) << ',' << csv_field(cols.columns[c].label) << ',' << csv_field(t->status) << ','
                    << number(t->cpu_seconds);
                const RunStats& rs = stats[c][task];
                for (const std::string& s : o.stats) {
                    out << ',';
                    if (auto it = rs.find(s); it != rs.end()) out << number(it->second);
                }
                out << '\n';
            }
        return;
    }
    std::vector<std::string> common;
    for (const std::string& task : tasks) {
        bool all = true;
        for (const ResultColumn& col : cols.columns) {
            const TaskResult* t = col.find(task);
            all = all && t && solved(*t);
        }
        if (all) common.push_back(task);
    }
    out << "| column | solved | common | CPU s (common)";
    for (const std::string& s : o.stats) out << " | " << s << " sum | " << s << " median";
    out << " |\n|---|---:|---:|---:";
    for (std::size_t i = 0; i < o.stats.size(); ++i) out << "|---:|---:";
    out << "|\n";
    std::size_t missing = 0;
    for (std::size_t c = 0; c < cols.columns.size(); ++c) {
        const ResultColumn& col = cols.columns[c];
        std::size_t n = 0;
        for (const std::string& task : tasks)
            if (const TaskResult* t = col.find(task); t && solved(*t)) ++n;
        double cpu = 0;
        for (const std::string& task : common) cpu += col.find(task)->cpu_seconds;
        out << "| " << col.label << " | " << n << " | " << common.size() << " | " << number(cpu);
        for (const std::string& s : o.stats) {
            std::vector<double> values;
            for (const std::string& task : common) {
                const RunStats& rs = stats[c][task];
                if (auto it = rs.find(s); it != rs.end()) values.push_back(it->second);
                else ++missing;
            }
            double sum = 0;
            for (double v : values) sum += v;
            out << " | " << number(sum) << " | " << number(median(values));
        }
        out << " |\n";
    }
    if (missing) out << "\n" << missing << " common runs did not print a statistic asked for (left out of its figures)\n";
}

}  // namespace craig::bench
