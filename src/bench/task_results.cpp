#include "bench/task_results.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace craig::bench {

namespace {

template <class T>
T median(std::vector<T> v) {
    std::sort(v.begin(), v.end());
    if (v.empty()) return T{};
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

TaskResult combine(const std::vector<const RunRecord*>& runs) {
    TaskResult t;
    const RunRecord& first = *runs.front();
    t.task = first.task;
    t.config = first.config;
    t.expected = first.expected;
    t.tool = first.tool;
    t.runs = runs;
    std::vector<double> cpu, wall;
    std::vector<std::uint64_t> memory;
    std::vector<std::string> statuses;
    for (const RunRecord* r : runs) {
        cpu.push_back(r->cpu_seconds);
        wall.push_back(r->wall_seconds);
        memory.push_back(r->memory_bytes);
        if (std::find(statuses.begin(), statuses.end(), r->status) == statuses.end()) statuses.push_back(r->status);
    }
    t.cpu_seconds = median(cpu);
    t.wall_seconds = median(wall);
    t.memory_bytes = median(memory);
    if (statuses.size() == 1) {
        t.status = statuses.front();
        t.category = first.category;
    } else {
        t.status = "ERROR (repetitions disagree:";
        for (std::size_t i = 0; i < statuses.size(); ++i) t.status += (i ? ", " : " ") + statuses[i];
        t.status += ")";
        t.category = Category::Error;
    }
    t.score = task_score(t.tool, t.category, t.status);
    return t;
}

}  // namespace

std::vector<TaskResult> task_results(const std::vector<RunRecord>& runs, const std::string& config) {
    std::vector<std::string> order;
    std::map<std::string, std::vector<const RunRecord*>> by_task;
    for (const RunRecord& r : runs) {
        if (r.config != config) continue;
        if (!by_task.count(r.task)) order.push_back(r.task);
        by_task[r.task].push_back(&r);
    }
    std::vector<TaskResult> results;
    for (const std::string& task : order) results.push_back(combine(by_task[task]));
    return results;
}

ConfigSummary summarize(const std::string& config, const std::vector<TaskResult>& results) {
    ConfigSummary s;
    s.config = config;
    for (const TaskResult& t : results) {
        ++s.tasks;
        bool positive = false;
        is_answer(t.status, &positive);
        switch (t.category) {
            case Category::Correct:
                ++(positive ? s.correct_true : s.correct_false);
                s.cpu_correct += t.cpu_seconds;
                break;
            case Category::Wrong: ++(positive ? s.wrong_true : s.wrong_false); break;
            case Category::Unknown: ++s.unknown; break;
            case Category::Error: ++s.error; break;
            case Category::Missing: ++s.missing; break;
        }
        s.score += t.score;
        if (t.tool != Tool::Verify) s.svcomp_score = false;
    }
    return s;
}

std::string summary_text(const std::vector<ConfigSummary>& summaries) {
    std::string out =
        "config                tasks  correct-true  correct-false  wrong-true  wrong-false  unknown  error  missing  "
        "score  cpu-correct\n";
    char line[512];
    for (const ConfigSummary& s : summaries) {
        std::snprintf(line, sizeof line, "%-20s %6u %13u %14u %11u %12u %8u %6u %8u %6ld%s %10.2fs\n", s.config.c_str(),
                      s.tasks, s.correct_true, s.correct_false, s.wrong_true, s.wrong_false, s.unknown, s.error,
                      s.missing, s.score, s.svcomp_score ? "" : "*", s.cpu_correct);
        out += line;
    }
    bool counted = false;
    for (const ConfigSummary& s : summaries) counted = counted || !s.svcomp_score;
    if (counted) out += "* chc or solve tasks: the score is the number of correct answers\n";
    return out;
}

}  // namespace craig::bench
