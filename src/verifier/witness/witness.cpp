#include "verifier/witness/witness.hpp"

#include <ctime>
#include <stdexcept>
#include <utility>
#include <vector>

namespace craig::verifier {

using frontend::ReplayOutcome;
using frontend::TraceStep;

namespace {

struct KeyDecl {
    const char* id;
    const char* name;
    const char* type;
    const char* domain;
    const char* default_value;  // nullptr: none
};

constexpr KeyDecl kKeys[] = {
    {"witness-type", "witness-type", "string", "graph", nullptr},
    {"sourcecodelang", "sourcecodeLanguage", "string", "graph", nullptr},
    {"producer", "producer", "string", "graph", nullptr},
    {"specification", "specification", "string", "graph", nullptr},
    {"programfile", "programFile", "string", "graph", nullptr},
    {"programhash", "programHash", "string", "graph", nullptr},
    {"architecture", "architecture", "string", "graph", nullptr},
    {"creationtime", "creationTime", "string", "graph", nullptr},
    {"entry", "isEntryNode", "boolean", "node", "false"},
    {"violation", "isViolationNode", "boolean", "node", "false"},
    {"startline", "startline", "int", "edge", nullptr},
    {"endline", "endline", "int", "edge", nullptr},
    {"assumption", "assumption", "string", "edge", nullptr},
    {"assumption.scope", "assumption.scope", "string", "edge", nullptr},
    {"assumption.resultfunction", "assumption.resultfunction", "string", "edge", nullptr},
    {"control", "control", "string", "edge", nullptr},
    {"enterFunction", "enterFunction", "string", "edge", nullptr},
    {"returnFrom", "returnFromFunction", "string", "edge", nullptr},
    {"invariant", "invariant", "string", "node", nullptr},
    {"invariant.scope", "invariant.scope", "string", "node", nullptr},
};

using EdgeData = std::vector<std::pair<const char*, std::string>>;

// The data of the edge for one trace step; empty when the step is left out.
EdgeData edge_data(const TraceStep& s) {
    EdgeData d;
    auto line = [&] {
        if (s.loc.line > 0) d.emplace_back("startline", std::to_string(s.loc.line));
    };
    switch (s.kind) {
        case TraceStep::Input: {
            const std::string value = frontend::c_literal(s.value, s.type);
            line();
            switch (s.source) {
                case TraceStep::InputSource::Nondet:
                case TraceStep::InputSource::ExternalResult:  // the value a call returns
                case TraceStep::InputSource::LibraryResult:
                    d.emplace_back("assumption", "\\result == " + value + ";");
                    d.emplace_back("assumption.scope", s.function);
                    d.emplace_back("assumption.resultfunction", s.name);
                    break;
                case TraceStep::InputSource::Uninitialised:
                    d.emplace_back("assumption", s.name + " == " + value + ";");
                    d.emplace_back("assumption.scope", s.function);
                    break;
                case TraceStep::InputSource::Extern:
                case TraceStep::InputSource::ExternalGlobal:
                    d.emplace_back("assumption", s.name + " == " + value + ";");
                    break;
                case TraceStep::InputSource::Allocated:  // a malloc'ed cell has no C name: no assumption
                    break;
            }
            return d;
        }
        case TraceStep::Branch:
            if (s.name == "switch") return d;
            line();
            d.emplace_back("control", s.taken ? "condition-true" : "condition-false");
            return d;
        case TraceStep::Call:
            if (s.function.empty()) return d;  // the start of main
            line();
            d.emplace_back("enterFunction", s.name);
            return d;
        case TraceStep::Return:
            if (s.text == "return") line();
            d.emplace_back("returnFrom", s.name);
            return d;
        case TraceStep::Error: line(); return d;
        case TraceStep::Assign: return d;
    }
    return d;
}

}  // namespace


std::string utc_now() {
    std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

void write_graphml_prologue(std::ostream& out, const WitnessInfo& info, std::string_view witness_type) {
    const std::string hash = sha256_file(info.program_file);

    out << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
           "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
           "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n";
    for (const KeyDecl& k : kKeys) {
        out << " <key attr.name=\"" << k.name << "\" attr.type=\"" << k.type << "\" for=\"" << k.domain << "\" id=\""
            << k.id << "\"";
        if (k.default_value)
            out << ">\n  <default>" << k.default_value << "</default>\n </key>\n";
        else
            out << "/>\n";
    }
    out << " <graph edgedefault=\"directed\">\n";
    auto graph_data = [&](const char* key, const std::string& value) {
        out << "  <data key=\"" << key << "\">" << xml_escape(value) << "</data>\n";
    };
    graph_data("witness-type", std::string(witness_type));
    graph_data("sourcecodelang", "C");
    graph_data("producer", info.producer);
    graph_data("specification", info.specification);
    graph_data("programfile", info.name());
    graph_data("programhash", hash);
    graph_data("architecture", info.architecture);
    graph_data("creationtime", utc_now());
}

void write_violation_witness(std::ostream& out, const WitnessInfo& info, const frontend::ReplayResult& replay) {
    if (replay.outcome != ReplayOutcome::ReachedError)
        throw std::invalid_argument(
            "a violation witness needs a replay that reaches the error, not one that ended with " +
            std::string(frontend::to_string(replay.outcome)));
    write_graphml_prologue(out, info, "violation_witness");
    out << "  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n";
    std::size_t node = 0;
    auto edge = [&](const EdgeData& data, bool violation) {
        const std::size_t next = node + 1;
        if (violation)
            out << "  <node id=\"N" << next << "\">\n   <data key=\"violation\">true</data>\n  </node>\n";
        else
            out << "  <node id=\"N" << next << "\"/>\n";
        out << "  <edge source=\"N" << node << "\" target=\"N" << next << "\"";
        if (data.empty()) {
            out << "/>\n";
        } else {
            out << ">\n";
            for (const auto& [key, value] : data)
                out << "   <data key=\"" << key << "\">" << xml_escape(value) << "</data>\n";
            out << "  </edge>\n";
        }
        node = next;
    };
    bool reached = false;
    for (const TraceStep& s : replay.trace) {
        if (s.kind == TraceStep::Error) {
            edge(edge_data(s), true);
            reached = true;
            break;
        }
        EdgeData d = edge_data(s);
        if (!d.empty()) edge(d, false);
    }
    if (!reached) edge({}, true);  // the Error step is always recorded; kept for safety
    out << " </graph>\n</graphml>\n";
}

}  // namespace craig::verifier
