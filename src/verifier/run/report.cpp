#include "verifier/run/report.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ostream>

namespace craig::verifier {

using base::json_escape;

const char* const kLayoutNote = "the path uses the addresses of objects: it holds for the replay's layout of them";

namespace {

// One line of the replayed path: "f.c:12:5 main: x = 42".
std::string describe(const frontend::TraceStep& s) {
    using K = frontend::TraceStep;
    std::string line = s.loc.str() + (s.function.empty() ? "" : " " + s.function) + ": ";
    const std::string value = frontend::c_literal(s.value, s.type);
    switch (s.kind) {
        case K::Input:
            if (s.source == K::InputSource::Nondet)
                line += s.name + "() returns " + value;
            else if (s.source == K::InputSource::Extern)
                line += "extern " + s.name + " = " + value;
            else if (s.source == K::InputSource::ExternalResult)
                line += "external " + s.name + "() returns " + value;
            else if (s.source == K::InputSource::LibraryResult && s.name.find(' ') != std::string::npos)
                line += s.name + " = " + value + " (C library)";  // "scanf() target 1 = 5"
            else if (s.source == K::InputSource::LibraryResult)
                line += s.name + "() returns " + value + " (C library)";
            else if (s.source == K::InputSource::ExternalGlobal)
                line += "external call sets " + s.name + " = " + value;
            else
                line += "uninitialised " + s.name + " = " + value;
            break;
        case K::Assign: line += s.name + " = " + value; break;
        case K::Branch: line += s.name + " " + (s.taken ? "[" : "[!(") + s.text + (s.taken ? "]" : ")]"); break;
        case K::Call: line += "call " + s.name; break;
        case K::Return: line += "return from " + s.name + (s.text == "return" ? "" : " (" + s.text + ")"); break;
        case K::Error: line += "error: " + s.text; break;
    }
    return line;
}

}  // namespace

void print_verdict_line(std::ostream& out, const Report& r) {
    out << "Verification result: " << verdict_name(r.kind);
    if (r.kind == VerdictKind::Unknown) out << " (" << r.reason << ")";
    if (r.kind == VerdictKind::False && !r.assumed_externals.empty()) {
        out << " (the path assumes results of functions without a definition:";
        for (const std::string& f : r.assumed_externals) out << " " << f;
        out << ")";
    }
    if (r.kind == VerdictKind::False && r.assumed_layout) out << " (" << kLayoutNote << ")";
    out << "\n";
}

void print_expected_verdict(std::ostream& out, VerdictKind kind, std::optional<bool> expected) {
    if (!expected) return;
    out << "Expected verdict: " << (*expected ? "true" : "false");
    if (kind == VerdictKind::Unknown) out << " (UNKNOWN does not decide)\n";
    else out << ((kind == VerdictKind::True) == *expected ? " (matches)\n" : " (does NOT match)\n");
}

// The functions without a definition whose results the replayed path read. (Their effects on
// globals are not listed: a FALSE stands only when a replay without them reaches the error too.)
std::vector<std::string> externals_on_path(const frontend::ReplayResult& replay) {
    std::vector<std::string> names;
    for (const frontend::TraceStep& s : replay.trace) {
        if (s.kind != frontend::TraceStep::Input || s.source != frontend::TraceStep::InputSource::ExternalResult)
            continue;
        if (std::find(names.begin(), names.end(), s.name + "()") == names.end()) names.push_back(s.name + "()");
    }
    return names;
}

void print_json(std::ostream& out, const std::string& engine, const Report& r, double seconds, const char* result,
                const base::Statistics* stats) {
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", seconds);
    out << "{\"result\":\"" << (result ? result : verdict_name(r.kind)) << "\",\"reason\":\"" << json_escape(r.reason)
        << "\",\"unsupported\":\"" << json_escape(r.unsupported) << "\",\"engine\":\"" << json_escape(engine)
        << "\",\"time\":" << time;
    if (!r.externals.empty()) {
        out << ",\"external_functions\":[";
        for (std::size_t i = 0; i < r.externals.size(); ++i)
            out << (i ? "," : "") << "\"" << json_escape(r.externals[i]) << "\"";
        out << "]";
    }
    if (stats) {
        out << ",\"stats\":";
        stats->print_json(out);
    }
    out << "}\n";
}

void print_counterexample(std::ostream& out, const Counterexample& cex, const frontend::ReplayResult& replay) {
    // Values the program reads from variables it never initialised are no inputs a user gives:
    // they are listed apart (the replay reads them in the same sequence, so the order is kept).
    auto uninitialised = [](const InputValue& in) { return in.input.source.rfind("uninitialised", 0) == 0; };
    const std::size_t n_uninit =
        static_cast<std::size_t>(std::count_if(cex.inputs.begin(), cex.inputs.end(), uninitialised));
    const std::size_t n_inputs = cex.inputs.size() - n_uninit;
    out << "Counterexample: " << n_inputs << " input value" << (n_inputs == 1 ? "" : "s");
    if (n_uninit) out << " and " << n_uninit << " uninitialised value" << (n_uninit == 1 ? "" : "s");
    out << ", replayed concretely: " << replay.message << " at " << replay.where.str() << "\n";
    std::size_t k = 0;
    for (const InputValue& in : cex.inputs)
        if (!uninitialised(in))
            out << "  input " << ++k << ": " << in.input.source << " at " << in.input.loc.str() << " = " << in.text
                << "\n";
    for (const InputValue& in : cex.inputs)
        if (uninitialised(in))
            out << "  read before written: " << in.input.source.substr(14) << " at " << in.input.loc.str() << " = "
                << in.text << "\n";
    out << "Path (replayed):\n";
    for (const frontend::TraceStep& s : replay.trace) out << "  " << describe(s) << "\n";
}

std::string format_seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g s", s);
    return buf;
}

// "timeout after 5 s at bound 335": the limit once, then where the engine was. Engines say
// "timeout at bound 335" / "interrupted at 12 vertices"; a solver query says "solver: timeout".
std::string stop_reason(const std::string& what, const std::string& engine_reason) {
    for (const char* word : {"timeout ", "interrupted "})
        if (engine_reason.rfind(word, 0) == 0) return what + " " + engine_reason.substr(std::strlen(word));
    if (engine_reason.find("timeout") != std::string::npos || engine_reason.find("interrupted") != std::string::npos)
        return what + " in a solver query";
    return engine_reason.empty() ? what : what + " (" + engine_reason + ")";
}

}  // namespace craig::verifier
