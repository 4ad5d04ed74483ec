#include "bench/task_set.hpp"

#include <glob.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <stdexcept>

#include "frontend/task.hpp"

namespace craig::bench {

namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& s, const char* suffix) {
    const std::string x(suffix);
    return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
}

bool is_task_file(const std::string& p) { return ends_with(p, ".yml") || ends_with(p, ".yaml"); }
bool is_c_file(const std::string& p) { return ends_with(p, ".c") || ends_with(p, ".i"); }
bool is_smtlib_file(const std::string& p) { return ends_with(p, ".smt2"); }

// One candidate: a file and the folder its name is relative to.
struct Candidate {
    fs::path file;
    fs::path base;
};

std::string task_name(const fs::path& file, const fs::path& base) {
    fs::path rel = file.lexically_relative(base);
    if (rel.empty()) rel = file.relative_path();
    std::string name;
    for (const fs::path& part : rel) {
        const std::string p = part.string();
        name += (name.empty() ? "" : "/") + (p == ".." ? std::string("_up_") : p);
    }
    return name;
}

void add_directory(const fs::path& dir, const fs::path& base, std::vector<Candidate>& out) {
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::follow_directory_symlink);
         it != fs::recursive_directory_iterator(); ++it) {
        const std::string p = it->path().string();
        std::error_code ec;
        if ((is_task_file(p) || is_smtlib_file(p)) && fs::is_regular_file(it->path(), ec)) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) out.push_back({f, base});
}

void add_path(const fs::path& p, const fs::path& base, std::vector<Candidate>& out) {
    if (fs::is_directory(p)) add_directory(p, base, out);
    else out.push_back({p, base});
}

void add_listed(const fs::path& list, std::vector<Candidate>& out, std::vector<std::string>& notes);

// The deepest folder that holds every one of `files`.
fs::path common_folder(const std::vector<Candidate>& files) {
    fs::path common = files.front().file.parent_path();
    for (const Candidate& c : files) {
        fs::path shared;
        const fs::path parent = c.file.parent_path();
        auto a = common.begin(), b = parent.begin();
        for (; a != common.end() && b != parent.end() && *a == *b; ++a, ++b) shared /= *a;
        common = shared;
    }
    return common;
}

// Names relative to `base` when it holds every file, else to the folder that does.
void rebase(std::vector<Candidate>& files, const fs::path& base) {
    if (files.empty()) return;
    for (Candidate& c : files) c.file = fs::absolute(c.file).lexically_normal();
    bool inside = true;
    for (const Candidate& c : files) inside = inside && !c.file.lexically_relative(base).string().starts_with("..");
    const fs::path to = inside ? base : common_folder(files);
    for (Candidate& c : files) c.base = to;
}

// An SV-COMP .set file or a list: globs and paths relative to its folder; the tasks are named
// relative to that folder, or to the deepest folder that holds them all when some lie outside.
void add_list(const fs::path& list, std::vector<Candidate>& all, std::vector<std::string>& notes) {
    std::vector<Candidate> out;
    add_listed(list, out, notes);
    rebase(out, fs::absolute(list.parent_path()).lexically_normal());
    all.insert(all.end(), out.begin(), out.end());
}

void add_listed(const fs::path& list, std::vector<Candidate>& out, std::vector<std::string>& notes) {
    std::ifstream in(list);
    if (!in) throw std::invalid_argument(list.string() + ": cannot be read");
    const fs::path dir = list.parent_path();
    for (std::string line; std::getline(in, line);) {
        if (const std::size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        line.erase(0, line.find_first_not_of(" \t\r"));
        line.erase(line.find_last_not_of(" \t\r") + 1);
        if (line.empty()) continue;
        const fs::path pattern = fs::path(line).is_absolute() ? fs::path(line) : dir / line;
        if (line.find_first_of("*?[") == std::string::npos) {
            if (!fs::exists(pattern)) throw std::invalid_argument(list.string() + ": no file " + pattern.string());
            add_path(pattern, dir, out);
            continue;
        }
        glob_t g{};
        const int rc = glob(pattern.c_str(), 0, nullptr, &g);
        if (rc == GLOB_NOMATCH) notes.push_back(list.string() + ": '" + line + "' matches no file");
        for (std::size_t i = 0; rc == 0 && i < g.gl_pathc; ++i) add_path(g.gl_pathv[i], dir, out);
        globfree(&g);
    }
}

// The tool a file can be run by, and its task (false: not a task, noted).
bool make_task(const fs::path& file, std::optional<Tool> tool, BenchTask& t, std::vector<std::string>& notes) {
    const std::string p = file.string();
    t.path = p;
    if (is_task_file(p)) {
        const frontend::Task task = frontend::read_task_file(p);
        const frontend::TaskProperty* prop = frontend::find_unreach_call(task);
        if (!prop) {
            notes.push_back(p + ": no unreach-call property, left out");
            return false;
        }
        t.property_file = prop->property_file;
        if (prop->expected_verdict) t.expected = *prop->expected_verdict ? "true" : "false";
        t.tool = Tool::Verify;
    } else if (is_c_file(p)) {
        t.tool = Tool::Verify;
    } else if (is_smtlib_file(p)) {
        const SmtlibHeader h = read_smtlib_header(p);
        t.expected = h.status;
        t.tool = h.horn ? Tool::Chc : Tool::Solve;
        if (tool && *tool != Tool::Verify) t.tool = *tool;
    } else {
        notes.push_back(p + ": neither a task file, a C file nor an .smt2 file, left out");
        return false;
    }
    if (tool && t.tool != *tool) {
        notes.push_back(p + ": not a task of craig " + std::string(tool_name(*tool)) + ", left out");
        return false;
    }
    return true;
}

}  // namespace

SmtlibHeader read_smtlib_header(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::invalid_argument(path + ": cannot be read");
    SmtlibHeader h;
    static const std::regex logic(R"(\(\s*set-logic\s+HORN\s*\))");
    static const std::regex status(R"(\(\s*set-info\s+:status\s+(sat|unsat)\s*\))");
    std::smatch m;
    // Both stand before the first assertion; a large file is not read further.
    for (std::string line; std::getline(in, line) && line.find("(assert") == std::string::npos;) {
        if (line.find("set-") == std::string::npos) continue;
        if (std::regex_search(line, logic)) h.horn = true;
        if (h.status.empty() && std::regex_search(line, m, status)) h.status = m[1];
    }
    return h;
}

TaskSet read_task_sets(const std::vector<std::string>& sets, std::optional<Tool> tool) {
    TaskSet result;
    std::vector<Candidate> candidates;
    for (const std::string& s : sets) {
        fs::path p = fs::absolute(s).lexically_normal();
        if (p.filename().empty()) p = p.parent_path();  // "dir/"
        std::error_code ec;
        if (!fs::exists(p, ec)) throw std::invalid_argument(s + ": no such file or folder");
        const std::string name = p.string();
        if (fs::is_directory(p)) add_directory(p, p.parent_path(), candidates);
        else if (is_task_file(name) || is_c_file(name) || is_smtlib_file(name)) candidates.push_back({p, p.parent_path()});
        else add_list(p, candidates, result.notes);
    }
    std::set<std::string> seen;
    std::map<std::string, int> names;
    std::set<Tool> tools;
    for (const Candidate& c : candidates) {
        const fs::path file = fs::absolute(c.file).lexically_normal();
        if (!seen.insert(file.string()).second) continue;
        BenchTask t;
        try {
            if (!make_task(file, tool, t, result.notes)) continue;
        } catch (const std::exception& e) {
            throw std::invalid_argument(file.string() + ": " + e.what());
        }
        t.name = task_name(file, fs::absolute(c.base).lexically_normal());
        if (const int n = ++names[t.name]; n > 1) t.name += "~" + std::to_string(n);
        tools.insert(t.tool);
        result.tasks.push_back(std::move(t));
    }
    if (tools.size() > 1)
        throw std::invalid_argument("the sets hold tasks of several tools (verify, chc, solve): choose one with --tool");
    return result;
}

}  // namespace craig::bench
