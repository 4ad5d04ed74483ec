#include "verifier/witness/violation_witness_yaml.hpp"

#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "verifier/witness/correctness_witness.hpp"

namespace craig::verifier {

using frontend::ReplayOutcome;
using frontend::SourceLocation;
using frontend::TraceStep;

namespace {

struct Waypoint {
    const char* type;
    SourceLocation loc;
    std::string function;
    std::string constraint;        // empty: none (target)
    const char* format = nullptr;  // nullptr: no format key
};

// The waypoint of one trace step; type nullptr when the step has none.
Waypoint waypoint_of(const TraceStep& s) {
    Waypoint w{nullptr, {}, s.function, {}};
    switch (s.kind) {
        case TraceStep::Input:
            // The result of a nondet or external call (a changed global has no waypoint kind).
            if ((s.source != TraceStep::InputSource::Nondet && s.source != TraceStep::InputSource::ExternalResult &&
                 s.source != TraceStep::InputSource::LibraryResult) ||
                s.anchor.line == 0)
                return w;
            w.type = "function_return";
            w.loc = s.anchor;
            w.constraint = "\\result == " + frontend::c_literal(s.value, s.type);
            w.format = "acsl_expression";
            return w;
        case TraceStep::Branch:
            if (s.anchor.line == 0 || s.name == "do") return w;
            w.type = "branching";
            w.loc = s.anchor;
            if (s.name == "switch")
                w.constraint = s.taken ? frontend::c_literal(s.value, s.type) : "default";
            else
                w.constraint = s.taken ? "true" : "false";
            return w;
        case TraceStep::Error:
            w.type = "target";
            w.loc = s.loc;
            return w;
        case TraceStep::Assign:
        case TraceStep::Call:
        case TraceStep::Return: return w;
    }
    return w;
}

bool counted(const TraceStep& s) { return s.kind == TraceStep::Input || s.kind == TraceStep::Branch; }

// The lines of the program file (empty when it cannot be read).
std::vector<std::string> read_lines(const std::string& path) {
    std::vector<std::string> lines;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// Whether the program text at the waypoint's location is what its type anchors to: a branching
// keyword or '?', a call's ')'. A location inside a macro expansion (assert() of <assert.h>)
// points into text the preprocessor made, not into the file: such a waypoint is left out, since
// a validator would reject it.
bool anchored_in_text(const Waypoint& w, const std::vector<std::string>& lines) {
    const std::string_view type(w.type);
    if (type != "branching" && type != "function_return") return true;
    if (w.loc.line == 0 || w.loc.line > lines.size() || w.loc.col == 0) return false;
    const std::string& line = lines[w.loc.line - 1];
    if (w.loc.col > line.size()) return false;
    const std::string_view rest = std::string_view(line).substr(w.loc.col - 1);
    if (type == "function_return") return rest.starts_with(")");
    for (std::string_view k : {"if", "while", "for", "do", "switch"})
        if (rest.starts_with(k) && (rest.size() == k.size() || !(std::isalnum(static_cast<unsigned char>(rest[k.size()])) ||
                                                                rest[k.size()] == '_')))
            return true;
    return rest.starts_with("?");
}

}  // namespace

YamlViolationWitness write_violation_witness_yaml(std::ostream& out, const WitnessInfo& info,
                                                  const frontend::ReplayResult& replay, const std::string& uuid) {
    if (replay.outcome != ReplayOutcome::ReachedError)
        throw std::invalid_argument(
            "a violation witness needs a replay that reaches the error, not one that ended with " +
            std::string(frontend::to_string(replay.outcome)));
    YamlViolationWitness result;
    const std::string file = yaml_quote(info.name());
    std::ostringstream content;
    bool target = false;
    const std::vector<std::string> lines = read_lines(info.program_file);
    for (const TraceStep& s : replay.trace) {
        const Waypoint w = waypoint_of(s);
        const bool in_file =
            w.type && w.loc.line > 0 && w.loc.file == info.name() && anchored_in_text(w, lines);
        if (!in_file) {
            if (counted(s)) ++result.left_out;
            if (s.kind == TraceStep::Error) break;
            continue;
        }
        ++result.waypoints;
        content << "    - segment:\n"
                   "        - waypoint:\n"
                   "            type: "
                << yaml_quote(w.type) << "\n"
                << "            action: \"follow\"\n"
                   "            location:\n"
                   "              file_name: "
                << file << "\n"
                << "              line: " << w.loc.line << "\n"
                << "              column: " << w.loc.col << "\n"
                << "              function: " << yaml_quote(w.function) << "\n";
        if (!w.constraint.empty()) {
            content << "            constraint:\n"
                       "              value: "
                    << yaml_quote(w.constraint) << "\n";
            if (w.format) content << "              format: " << yaml_quote(w.format) << "\n";
        }
        if (s.kind == TraceStep::Error) {
            target = true;
            break;
        }
    }
    if (!target) {
        result.waypoints = 0;
        result.reason = "the error location " + (replay.where.line ? replay.where.str() : std::string("(unknown)")) +
                        " is not in the program file " + info.name();
        return result;
    }
    write_yaml_entry_start(out, "violation_sequence", info, uuid);
    out << "  content:\n" << content.str();
    result.written = true;
    return result;
}

}  // namespace craig::verifier
