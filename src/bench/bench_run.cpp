#include "bench/bench_run.hpp"

#include <algorithm>
#include <memory>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

#include "bench/environment.hpp"
#include "bench/external_executor.hpp"
#include "bench/external_tool.hpp"
#include "bench/local_executor.hpp"
#include "bench/outcome.hpp"
#include "bench/result_csv.hpp"
#include "bench/result_xml.hpp"
#include "bench/results_dir.hpp"
#include "bench/task_results.hpp"
#include "bench/task_set.hpp"

namespace craig::bench {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSelf = "/proc/self/exe";

// One run to be made: what it runs and where its files go.
struct PlannedRun {
    const BenchTask* task = nullptr;
    const Config* config = nullptr;
    unsigned repetition = 1;
    std::string folder;   // relative to DIR
    std::string witness;  // file name, "" for chc and solve
};

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string witness_name(const Config& c) {
    const auto at = std::find(c.args.begin(), c.args.end(), "--witness-format");
    const bool yaml = (at != c.args.end() && at + 1 != c.args.end() && at[1] == "yaml") ||
                      std::find(c.args.begin(), c.args.end(), "--witness-format=yaml") != c.args.end();
    return yaml ? "witness.yml" : "witness.graphml";
}

// The identities of the external configurations' programs, by configuration name (looked up on
// PATH now); std::invalid_argument for a program that is not found.
std::map<std::string, ProgramIdentity> programs_of(const RunSettings& s) {
    std::map<std::string, ProgramIdentity> programs;
    for (const Config& c : s.configs) {
        if (!c.external()) continue;
        const std::optional<std::string> path = find_program(c.program);
        if (!path)
            throw std::invalid_argument("--config " + c.name + ": no executable program '" + c.program + "'" +
                                        (c.program.find('/') == std::string::npos ? " on PATH" : ""));
        programs[c.name] = identify_program(*path);
    }
    return programs;
}

RunRequest request_of(const PlannedRun& p, const RunSettings& s, const std::map<std::string, ProgramIdentity>& programs,
                      const fs::path& dir, Isolation isolation) {
    const fs::path folder = dir / p.folder;
    RunRequest r;
    r.folder = folder.string();
    r.stdout_path = (folder / "output.log").string();
    r.stderr_path = (folder / "stderr.log").string();
    r.timeout = s.timeout;
    r.walltime = s.walltime;
    r.memory_mb = s.memory_mb;
    r.isolation = isolation;
    if (p.config->external()) {
        r.argv = external_command(*p.config, programs.at(p.config->name).path, p.task->path, s.timeout, s.memory_mb,
                                  folder.string());
        return r;
    }
    r.argv = {s.craig.empty() ? std::string(kSelf) : s.craig, std::string(tool_name(p.task->tool))};
    // {file} and {folder} as in external configurations (e.g. --emit-chc {folder}/out.smt2).
    const std::vector<std::pair<std::string, std::string>> values = {{"{file}", p.task->path},
                                                                      {"{folder}", folder.string()}};
    for (const std::string& a : p.config->args) r.argv.push_back(substituted(a, values));
    const double told = s.walltime > 0 ? s.walltime : s.timeout;
    std::ostringstream t;
    t << told;
    if (told > 0) r.argv.insert(r.argv.end(), {"--timeout", t.str()});
    if (s.memory_mb > 0) r.argv.insert(r.argv.end(), {"--memory", std::to_string(s.memory_mb)});
    r.argv.push_back("--stats");
    if (!p.witness.empty()) r.argv.insert(r.argv.end(), {"--witness", (folder / p.witness).string()});
    r.argv.push_back(p.task->path);
    return r;
}

// The statistics a run printed: verify's "Statistics:" block, chc's and solve's standard error.
std::string statistics_of(Tool tool, const std::string& out, const std::string& err) {
    if (tool != Tool::Verify) return err;
    const std::size_t at = out.find("\nStatistics:\n");
    return at == std::string::npos ? std::string() : out.substr(at + 1);
}

RunRecord record_run(const PlannedRun& p, const RunSettings& s, const fs::path& dir, const Measurement& m) {
    const fs::path folder = dir / p.folder;
    const std::string out = read_text(folder / "output.log"), err = read_text(folder / "stderr.log");
    const bool external = p.config->external();
    const Outcome o = external ? classify_external_run(m, out, err, p.task->expected, s.timeout)
                               : classify_run(p.task->tool, m, out, err, p.task->expected, s.timeout);
    RunRecord r;
    r.config = p.config->name;
    r.task = p.task->name;
    r.repetition = p.repetition;
    r.tool = p.task->tool;
    r.file = p.task->path;
    r.expected = p.task->expected;
    r.property_file = p.task->property_file;
    r.status = o.status;
    r.category = o.category;
    r.termination = o.termination;
    r.cpu_seconds = m.cpu_seconds;
    r.wall_seconds = m.wall_seconds;
    r.memory_bytes = m.memory_bytes;
    r.exit_code = m.exit_code;
    r.signal = m.signal;
    r.started = m.started;
    r.host = m.host;
    r.folder = p.folder;
    std::error_code ec;
    if (!p.witness.empty() && fs::is_regular_file(folder / p.witness, ec)) r.witness = p.witness;
    if (!external) std::ofstream(folder / "stats.txt") << statistics_of(p.task->tool, out, err);
    return r;
}

// The settings of this invocation (std::invalid_argument for a bad one).
RunSettings settings_of(const BenchRunOptions& o) {
    RunSettings s;
    for (const std::string& set : o.sets) s.sets.push_back(fs::absolute(set).lexically_normal().string());
    if (!o.tool.empty()) s.tool = parse_tool(o.tool);
    s.timeout = o.timeout;
    s.walltime = o.walltime;
    if (s.walltime > 0 && s.timeout == 0) throw std::invalid_argument("--walltime needs --timeout (the CPU-time limit)");
    if (!o.craig.empty()) {
        std::error_code ec;
        const fs::path c = fs::canonical(o.craig, ec);
        if (ec || !fs::is_regular_file(c) || access(c.c_str(), X_OK) != 0)
            throw std::invalid_argument("--craig " + o.craig + ": no executable file");
        s.craig = c.string();
    }
    s.memory_mb = o.memory_mb;
    s.repeat = o.repeat;
    s.configs = parse_configs(o.configs);
    return s;
}

// The executor of `o` ("" in `why` when it can be used; else what is wrong); `isolation`: what
// the manifest records, `note` why auto did not take cgroups v2.
std::unique_ptr<Executor> executor_of(const BenchRunOptions& o, const std::string& dir, std::string* isolation,
                                      std::string* note, std::string* why) {
    if (o.executor != "parallel" && !o.hosts.empty()) *why = "--hosts is an option of --executor parallel";
    if (o.executor != "slurm" && (o.slurm_chunk > 0 || !o.slurm_partition.empty()))
        *why = "--slurm-chunk and --slurm-partition are options of --executor slurm";
    const std::optional<Isolation> wanted = parse_isolation(o.isolation);
    if (!wanted) *why = "unknown isolation '" + o.isolation + "' (auto, cgroup2, rlimits)";
    if (!why->empty()) return nullptr;
    *isolation = isolation_name(*wanted);
    if (o.executor == "local") {
        std::string missing;
        std::shared_ptr<const Cgroup2Tree> cgroups = open_cgroups(*wanted, &missing);
        if (*wanted == Isolation::Cgroup2 && !cgroups) {
            *why = "--isolation cgroup2: cgroups v2 are not usable here: " + missing;
            return nullptr;
        }
        if (*wanted == Isolation::Auto && !cgroups) *note = "runs isolated with rlimits (cgroups v2: " + missing + ")";
        auto local = std::make_unique<LocalExecutor>(o.jobs, std::move(cgroups));
        *isolation = isolation_name(local->isolation());
        return local;
    }
    ExternalSettings s;
    std::error_code ec;
    s.craig = fs::read_symlink(kSelf, ec).string();
    s.jobs = o.jobs;
    s.hosts = o.hosts;
    s.chunk = o.slurm_chunk;
    s.partition = o.slurm_partition;
    s.work = (fs::absolute(dir) / "executor").string();
    if (!o.hosts.empty() && !fs::is_regular_file(o.hosts, ec)) *why = "--hosts " + o.hosts + ": no such file";
    if (o.executor == "parallel") {
        if (!find_program("parallel")) *why = "--executor parallel: GNU parallel (`parallel`) is not on PATH";
        return why->empty() ? std::make_unique<ExternalExecutor>(Launcher::Parallel, s) : nullptr;
    }
    if (o.executor == "slurm") {
        for (const char* p : {"sbatch", "scancel"})
            if (!find_program(p)) *why = std::string("--executor slurm: Slurm's `") + p + "` is not on PATH";
        return why->empty() ? std::make_unique<ExternalExecutor>(Launcher::Slurm, s) : nullptr;
    }
    *why = "unknown executor '" + o.executor + "' (local, parallel, slurm)";
    return nullptr;
}

}  // namespace

std::string write_result_files(const std::string& dir, bool* ok) {
    const ResultsDir d = load_results(dir);
    *ok = true;
    std::vector<ConfigSummary> summaries;
    const std::string end = iso_time_now();
    for (const std::string& c : d.configs) {
        const std::vector<TaskResult> results = task_results(d.runs, c);
        summaries.push_back(summarize(c, results));
        std::ofstream xml(fs::path(dir) / ("results." + c + ".xml"));
        write_result_xml(xml, d.manifest, c, results, end);
        *ok = *ok && static_cast<bool>(xml.flush());
    }
    std::ofstream csv(fs::path(dir) / "results.csv");
    write_result_csv(csv, d.runs);
    const std::string text = summary_text(summaries);
    std::ofstream summary(fs::path(dir) / "summary.txt");
    summary << text;
    *ok = *ok && static_cast<bool>(csv.flush()) && static_cast<bool>(summary.flush());
    return text;
}

BenchStatus run_bench(const BenchRunOptions& o, const ToolIdentity& tool, std::ostream& out, std::ostream& err,
                      const std::function<bool()>& stop) {
    auto usage = [&](const std::string& message) {
        err << "craig bench run: error: " << message << "\n";
        return BenchStatus::Usage;
    };
    if (!o.resume.empty() && !o.out.empty() && fs::absolute(o.out) != fs::absolute(o.resume))
        return usage("--out and --resume name different folders");
    const std::string dir = o.resume.empty() ? o.out : o.resume;
    if (dir.empty()) return usage("--out DIR (a new results folder) or --resume DIR is needed");
    const bool has_manifest = fs::exists(manifest_path(dir));
    if (!o.resume.empty() && !has_manifest) return usage(dir + " is not a results folder of craig bench run (no manifest.txt)");
    if (o.resume.empty() && has_manifest)
        return usage(dir + " holds results already: --resume " + dir + " continues them, or choose another --out");
    if (o.resume.empty() && fs::exists(dir) && !fs::is_empty(dir))
        return usage(dir + " exists and is not empty (and is no results folder)");
    if (o.sets.empty() && o.resume.empty()) return usage("no SET given");
    std::string executor_why, isolation, isolation_note;
    const std::unique_ptr<Executor> executor = executor_of(o, dir, &isolation, &isolation_note, &executor_why);
    if (!executor) return usage(executor_why);
    RunSettings settings;
    std::optional<KeyValues> stored = has_manifest ? read_key_values(manifest_path(dir)) : std::nullopt;
    try {
        if (o.sets.empty()) {
            if (o.settings_given)
                return usage("--resume without SETs takes the manifest's settings; --config, --tool, --timeout, "
                             "--walltime, --craig, --memory, --repeat are not given then");
            settings = bench::settings_of(*stored);
        } else {
            settings = settings_of(o);
        }
    } catch (const std::invalid_argument& e) {
        return usage(e.what());
    }
    const std::string measured = settings.craig.empty() ? std::string(kSelf) : settings.craig;
    const BinaryIdentity binary = identify_binary(measured);
    BinaryIdentity shown = binary;
    std::error_code ec;
    if (settings.craig.empty()) shown.path = fs::read_symlink(kSelf, ec).string();
    const ToolIdentity identity = settings.craig.empty() ? tool : ask_tool_identity(settings.craig);
    if (identity.version.empty()) return usage("--craig " + settings.craig + ": `--version` printed nothing");
    std::map<std::string, ProgramIdentity> programs;
    try {
        programs = programs_of(settings);
    } catch (const std::invalid_argument& e) {
        return usage(e.what());
    }
    KeyValues manifest = make_manifest(settings, shown, identity, programs);
    manifest.set("isolation", isolation);
    if (stored) {
        const std::vector<std::string> d = manifest_differences(*stored, manifest);
        if (!d.empty()) {
            err << "craig bench run: error: " << dir << " was made by another craig binary or with other settings; "
                << "refused (one folder never mixes them):\n";
            for (const std::string& line : d) err << "  " << line << "\n";
            return BenchStatus::Usage;
        }
        const std::string was = stored_isolation(*stored);
        if (was != isolation && o.isolation != "auto")
            return usage(dir + "'s runs were made with isolation " + was + ", --isolation asks for " + isolation +
                         " (without --isolation the missing runs are made with what this machine offers)");
        if (was != isolation)
            err << "craig bench run: note: " << dir << "'s runs were made with isolation " << was << ", these with "
                << isolation << "\n";
    }
    if (!isolation_note.empty()) err << "craig bench run: note: " << isolation_note << "\n";
    TaskSet tasks;
    try {
        tasks = read_task_sets(settings.sets, settings.tool);
    } catch (const std::exception& e) {
        return usage(e.what());
    }
    for (const std::string& note : tasks.notes) err << "craig bench run: note: " << note << "\n";
    if (tasks.tasks.empty()) return usage("the sets hold no task");
    for (const Config& c : settings.configs)
        if (c.external() && tasks.tasks.front().tool == Tool::Verify)
            return usage("--config " + c.name + "=exec:...: external solvers run chc and solve tasks only (no "
                         "tool-info for C verifiers); these tasks run craig verify");
    fs::create_directories(dir, ec);
    if (!stored && !write_key_values_atomically(manifest_path(dir), manifest)) {
        err << "craig bench run: error: cannot write " << manifest_path(dir) << "\n";
        return BenchStatus::IoError;
    }
    std::vector<PlannedRun> planned;
    std::size_t kept = 0;
    for (const BenchTask& t : tasks.tasks)
        for (const Config& c : settings.configs)
            for (unsigned k = 1; k <= settings.repeat; ++k) {
                PlannedRun p{&t, &c, k, run_folder(c.name, t.name, k), t.tool == Tool::Verify ? witness_name(c) : ""};
                if (fs::exists(fs::path(dir) / p.folder / "result.txt")) {
                    ++kept;
                    continue;
                }
                planned.push_back(p);
            }
    std::vector<RunRequest> requests;
    for (const PlannedRun& p : planned) {
        const fs::path folder = fs::path(dir) / p.folder;
        fs::remove_all(folder, ec);  // what an interrupted run left
        fs::create_directories(folder, ec);
        requests.push_back(request_of(p, settings, programs, dir, *parse_isolation(o.isolation)));
        std::ofstream cmd(folder / "command.txt");  // craig by its path, not /proc/self/exe
        for (std::size_t k = 0; k < requests.back().argv.size(); ++k)
            cmd << (k == 0 && !p.config->external() ? shown.path : requests.back().argv[k]) << "\n";
        if (!cmd) {
            err << "craig bench run: error: cannot write in " << folder.string() << "\n";
            return BenchStatus::IoError;
        }
    }
    out << "craig bench run: " << tasks.tasks.size() << " tasks, " << settings.configs.size() << " configurations, "
        << planned.size() << " runs to make" << (kept ? ", " + std::to_string(kept) + " finished before" : "") << "\n";
    out.flush();
    std::size_t finished = 0;
    bool io_ok = true;
    try {
    executor->run(
        requests,
        [&](std::size_t i, const Measurement& m) {
            if (m.killed == Termination::Interrupted) return;  // no record: --resume runs it again
            const RunRecord r = record_run(planned[i], settings, dir, m);
            io_ok = write_key_values_atomically((fs::path(dir) / r.folder / "result.txt").string(),
                                                record_to_key_values(r)) && io_ok;
            ++finished;
            out << "[" << finished << "/" << planned.size() << "] " << r.config << " " << r.task
                << (settings.repeat > 1 ? " #" + std::to_string(r.repetition) : "") << ": " << r.status << " ("
                << category_name(r.category) << ", " << r.cpu_seconds << " s)\n";
            out.flush();
        },
        stop);
    } catch (const std::exception& e) {
        err << "craig bench run: error: " << e.what() << "\n";
        return BenchStatus::IoError;
    }
    bool ok = true;
    const std::string summary = write_result_files(dir, &ok);
    out << summary;
    if (!ok || !io_ok) {
        err << "craig bench run: error: cannot write the result files in " << dir << "\n";
        return BenchStatus::IoError;
    }
    if (finished < planned.size()) {
        err << "craig bench run: interrupted: " << planned.size() - finished << " runs missing (--resume " << dir
            << " makes them)\n";
        return BenchStatus::Interrupted;
    }
    return BenchStatus::Done;
}

}  // namespace craig::bench
