#include "bench/result_xml.hpp"

#include <ostream>
#include <sstream>

#include "base/xml_escape.hpp"

namespace craig::bench {

namespace {

std::string attr(const std::string& name, const std::string& value) {
    return " " + name + "=\"" + base::xml_escape(value) + "\"";
}

std::string column(const std::string& title, const std::string& value, bool hidden = false) {
    return std::string("      <column") + (hidden ? " hidden=\"true\"" : "") + attr("title", title) +
           attr("value", value) + "/>\n";
}

std::string seconds(double s) {
    std::ostringstream o;
    o.precision(9);
    o << s << "s";
    return o.str();
}

}  // namespace

void write_result_xml(std::ostream& out, const KeyValues& m, const std::string& config,
                      const std::vector<TaskResult>& results, const std::string& end_time) {
    out << "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
           "<!DOCTYPE result\n  PUBLIC '+//IDN sosy-lab.org//DTD BenchExec result 3.12//EN'\n"
           "  'https://www.sosy-lab.org/benchexec/result-3.12.dtd'>\n";
    const std::string timeout = m.get("timeout"), memory = m.get("memory");
    const bool external = m.has("program." + config);  // an exec: configuration (external_tool.hpp)
    out << "<result" << attr("benchmarkname", "craig-bench") << attr("name", config)
        << attr("date", m.get("created")) << attr("starttime", m.get("created")) << attr("endtime", end_time)
        << attr("tool", external ? m.get("program." + config) : "craig") << attr("toolmodule", "craig bench")
        << attr("version", external ? m.get("program-version." + config)
                                    : m.get("craig-version") +
                                          (m.get("craig-commit").empty() ? "" : " (" + m.get("craig-commit") + ")"))
        << attr("generator", "craig bench run") << attr("options", m.get("config." + config));
    if (timeout != "0") out << attr("timelimit", timeout + "s");
    if (memory != "0") out << attr("memlimit", memory + "MB");
    out << attr("cpuCores", m.get("cpu-cores")) << ">\n";
    out << "  <columns>\n    <column title=\"status\"/>\n    <column title=\"cputime\"/>\n"
           "    <column title=\"walltime\"/>\n    <column title=\"memory\"/>\n  </columns>\n";
    out << "  <systeminfo" << attr("hostname", m.get("host")) << ">\n    <os" << attr("name", m.get("os"))
        << "/>\n    <cpu" << attr("cores", m.get("cpu-cores")) << attr("model", m.get("cpu-model"))
        << "/>\n    <ram" << attr("size", m.get("ram") + "B") << "/>\n    <environment/>\n  </systeminfo>\n";
    for (const TaskResult& t : results) {
        const RunRecord& first = *t.runs.front();
        out << "  <run" << attr("name", t.task) << attr("files", "[" + first.file + "]");
        if (t.tool == Tool::Verify) out << attr("properties", "unreach-call");
        if (!first.property_file.empty()) out << attr("propertyFile", first.property_file);
        if (!t.expected.empty()) out << attr("expectedVerdict", t.expected);
        out << attr("logfile", first.folder + "/output.log") << ">\n";
        out << column("status", t.status) << column("cputime", seconds(t.cpu_seconds))
            << column("walltime", seconds(t.wall_seconds)) << column("memory", std::to_string(t.memory_bytes) + "B")
            << column("category", std::string(category_name(t.category)), true);
        if (t.runs.size() == 1 && first.signal == 0)
            out << column("returnvalue", std::to_string(first.exit_code), true);
        if (t.runs.size() == 1 && first.signal != 0) out << column("exitsignal", std::to_string(first.signal), true);
        if (t.runs.size() == 1 && !first.termination.empty())
            out << column("terminationreason", first.termination, true);
        if (t.runs.size() == 1 && !first.host.empty()) out << column("host", first.host, true);
        if (t.runs.size() > 1) out << column("repetitions", std::to_string(t.runs.size()), true);
        out << column("score", std::to_string(t.score), true);
        if (!first.witness.empty()) out << column("witness", first.folder + "/" + first.witness, true);
        out << "  </run>\n";
    }
    out << "</result>\n";
}

}  // namespace craig::bench
