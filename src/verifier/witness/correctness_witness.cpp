#include "verifier/witness/correctness_witness.hpp"

#include <cstdio>
#include <random>

#include "verifier/witness/sha256.hpp"

namespace craig::verifier {

namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// "craig 0.1.0" -> {"craig", "0.1.0"}; a producer without a version gets "unknown".
std::pair<std::string, std::string> split_producer(const std::string& producer) {
    const std::size_t space = producer.find(' ');
    if (space == std::string::npos) return {producer, "unknown"};
    return {producer.substr(0, space), producer.substr(space + 1)};
}

}  // namespace

std::optional<WitnessFormat> parse_witness_format(std::string_view name) {
    if (name == "graphml") return WitnessFormat::GraphML;
    if (name == "yaml") return WitnessFormat::Yaml;
    return std::nullopt;
}

WitnessFormat witness_format_for(const std::string& path) {
    return ends_with(path, ".yml") || ends_with(path, ".yaml") ? WitnessFormat::Yaml : WitnessFormat::GraphML;
}

std::size_t write_correctness_witness_graphml(std::ostream& out, const WitnessInfo& info,
                                              const std::vector<WitnessInvariant>& invariants) {
    write_graphml_prologue(out, info, "correctness_witness");
    out << "  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n";
    std::size_t written = 0, node = 0;
    for (const WitnessInvariant& w : invariants) {
        if (w.condition_line == 0 || w.location) continue;
        ++written;
        for (const char* control : {"condition-true", "condition-false"}) {
            std::string id = "N";
            id += std::to_string(++node);
            out << "  <node id=\"" << id << "\">\n   <data key=\"invariant\">" << xml_escape(w.value)
                << "</data>\n   <data key=\"invariant.scope\">" << xml_escape(w.function) << "</data>\n  </node>\n";
            out << "  <edge source=\"N0\" target=\"" << id << "\">\n   <data key=\"startline\">" << w.condition_line
                << "</data>\n   <data key=\"control\">" << control << "</data>\n  </edge>\n";
            out << "  <edge source=\"" << id << "\" target=\"N0\"/>\n";
        }
    }
    out << " </graph>\n</graphml>\n";
    return written;
}

std::string yaml_quote(std::string_view text) {
    std::string r = "\"";
    for (char c : text) {
        if (c == '"' || c == '\\') {
            r += '\\';
            r += c;
        } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
            r += buf;
        } else {
            r += c;
        }
    }
    return r + "\"";
}

void write_yaml_entry_start(std::ostream& out, std::string_view entry_type, const WitnessInfo& info,
                            const std::string& uuid) {
    const std::string hash = sha256_file(info.program_file);
    const auto [name, version] = split_producer(info.producer);
    const std::string file = yaml_quote(info.name());
    out << "- entry_type: " << yaml_quote(entry_type)
        << "\n"
           "  metadata:\n"
           "    format_version: \"2.0\"\n"
        << "    uuid: " << yaml_quote(uuid) << "\n"
        << "    creation_time: " << yaml_quote(utc_now()) << "\n"
        << "    producer:\n"
           "      name: "
        << yaml_quote(name) << "\n"
        << "      version: " << yaml_quote(version) << "\n"
        << "    task:\n"
           "      input_files:\n"
           "        - "
        << file << "\n"
        << "      input_file_hashes:\n"
           "        "
        << file << ": " << yaml_quote(hash) << "\n"
        << "      specification: " << yaml_quote(info.specification) << "\n"
        << "      data_model: " << (info.architecture == "64bit" ? "\"LP64\"" : "\"ILP32\"") << "\n"
        << "      language: \"C\"\n";
}

std::size_t write_correctness_witness_yaml(std::ostream& out, const WitnessInfo& info,
                                           const std::vector<WitnessInvariant>& invariants, const std::string& uuid) {
    write_yaml_entry_start(out, "invariant_set", info, uuid);
    const std::string file = yaml_quote(info.name());
    if (invariants.empty()) {
        out << "  content: []\n";
        return 0;
    }
    out << "  content:\n";
    for (const WitnessInvariant& w : invariants) {
        out << "    - invariant:\n"
               "        type: "
            << (w.location ? "\"location_invariant\"" : "\"loop_invariant\"")
            << "\n"
               "        location:\n"
               "          file_name: "
            << file << "\n"
            << "          line: " << w.loc.line << "\n"
            << "          column: " << w.loc.col << "\n"
            << "          function: " << yaml_quote(w.function) << "\n"
            << "        value: " << yaml_quote(w.value) << "\n"
            << "        format: \"c_expression\"\n";
    }
    return invariants.size();
}

std::string random_uuid() {
    std::random_device rd;
    std::uniform_int_distribution<int> nibble(0, 15);
    static constexpr char kHex[] = "0123456789abcdef";
    std::string r;
    for (int i = 0; i < 32; ++i) {
        int v = nibble(rd);
        if (i == 12) v = 4;            // version 4
        if (i == 16) v = 8 + (v & 3);  // variant 10xx
        if (i == 8 || i == 12 || i == 16 || i == 20) r += '-';
        r += kHex[v];
    }
    return r;
}

}  // namespace craig::verifier
