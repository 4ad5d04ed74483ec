#include "bench/run_record.hpp"

#include <sstream>

namespace craig::bench {

namespace {

std::string number_text(double v) {
    std::ostringstream s;
    s.precision(6);
    s << std::fixed << v;
    return s.str();
}

}  // namespace

std::string run_folder(const std::string& config, const std::string& task, unsigned repetition) {
    return "runs/" + config + "/" + task + "/" + std::to_string(repetition);
}

KeyValues record_to_key_values(const RunRecord& r) {
    KeyValues kv;
    kv.set("config", r.config);
    kv.set("task", r.task);
    kv.set("repetition", std::to_string(r.repetition));
    kv.set("tool", std::string(tool_name(r.tool)));
    kv.set("file", r.file);
    kv.set("expected", r.expected);
    kv.set("property-file", r.property_file);
    kv.set("status", r.status);
    kv.set("category", std::string(category_name(r.category)));
    kv.set("cputime", number_text(r.cpu_seconds));
    kv.set("walltime", number_text(r.wall_seconds));
    kv.set("memory", std::to_string(r.memory_bytes));
    kv.set("exit-code", std::to_string(r.exit_code));
    kv.set("signal", std::to_string(r.signal));
    kv.set("termination", r.termination);
    kv.set("started", r.started);
    kv.set("host", r.host);
    kv.set("witness", r.witness);
    kv.set("folder", r.folder);
    return kv;
}

std::optional<RunRecord> record_from_key_values(const KeyValues& kv) {
    for (const char* key : {"config", "task", "repetition", "tool", "status", "category", "cputime", "walltime",
                            "memory", "folder"})
        if (!kv.has(key)) return std::nullopt;
    RunRecord r;
    const std::optional<Tool> tool = parse_tool(kv.get("tool"));
    const std::optional<Category> category = parse_category(kv.get("category"));
    if (!tool || !category) return std::nullopt;
    try {
        r.repetition = static_cast<unsigned>(std::stoul(kv.get("repetition")));
        r.cpu_seconds = std::stod(kv.get("cputime"));
        r.wall_seconds = std::stod(kv.get("walltime"));
        r.memory_bytes = std::stoull(kv.get("memory"));
        r.exit_code = std::stoi(kv.get("exit-code"));
        r.signal = std::stoi(kv.get("signal"));
    } catch (const std::exception&) {
        return std::nullopt;
    }
    r.config = kv.get("config");
    r.task = kv.get("task");
    r.tool = *tool;
    r.file = kv.get("file");
    r.expected = kv.get("expected");
    r.property_file = kv.get("property-file");
    r.status = kv.get("status");
    r.category = *category;
    r.termination = kv.get("termination");
    r.started = kv.get("started");
    r.host = kv.get("host");
    r.witness = kv.get("witness");
    r.folder = kv.get("folder");
    return r;
}

}  // namespace craig::bench
