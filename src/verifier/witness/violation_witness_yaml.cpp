#include "verifier/witness/violation_witness_yaml.hpp"

#include <sstream>
#include <stdexcept>

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
            if ((s.source != TraceStep::InputSource::Nondet && s.source != TraceStep::InputSource::ExternalResult) ||
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

}  // namespace

YamlViolationWitness write_violation_witness_yaml(std::ostream& out, const WitnessInfo& info,
                                                  const frontend::ReplayResult& replay, const std::string& uuid) {
    if (replay.outcome != ReplayOutcome::ReachedError)
        throw std::invalid_argument(
            "a violation witness needs a replay that reaches the error, not one that ended with " +
            std::string(frontend::to_string(replay.outcome)));
    YamlViolationWitness result;
    const std::string file = yaml_quote(info.program_file);
    std::ostringstream content;
    bool target = false;
    for (const TraceStep& s : replay.trace) {
        const Waypoint w = waypoint_of(s);
        const bool in_file = w.type && w.loc.line > 0 && w.loc.file == info.program_file;
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
                        " is not in the program file " + info.program_file;
        return result;
    }
    write_yaml_entry_start(out, "violation_sequence", info, uuid);
    out << "  content:\n" << content.str();
    result.written = true;
    return result;
}

}  // namespace craig::verifier
