#include "verifier/program/dot.hpp"

#include <ostream>
#include <sstream>

#include "smt/terms/printer.hpp"

namespace craig::verifier {

std::string dot_escape(const std::string& s) {
    std::string r;
    for (char c : s) {
        if (c == '"' || c == '\\') r += '\\';
        if (c == '\n') {
            r += "\\l";
            continue;
        }
        r += c;
    }
    return r;
}

namespace {

// Nodes and edges of p, node names prefixed so that several programs fit in one graph.
void write_body(std::ostream& out, const Program& p, const std::string& prefix, bool formulas,
                const std::string& indent) {
    for (LocId l = 0; l < p.locs.size(); ++l) {
        const Location& loc = p.locs[l];
        std::string name = std::to_string(l);
        std::string attrs;
        if (l == p.entry) {
            name = "entry";
            attrs = " shape=doublecircle";
        } else if (l == p.error) {
            name = "ERROR";
            attrs = " shape=octagon color=red";
        } else if (l == p.exit) {
            name = "exit";
            attrs = " shape=doublecircle";
        } else if (l == p.truncated) {
            name = "truncated";
            attrs = " shape=box";
        } else if (loc.loop_head)
            attrs = " shape=box";
        if (const auto& at = p.loc_origin(l).loc; at.line) name += "\\nline " + std::to_string(at.line);
        out << indent << prefix << l << " [label=\"" << name << "\"" << attrs << "];\n";
    }
    for (EdgeId id = 0; id < p.edges.size(); ++id) {
        const Edge& e = p.edges[id];
        std::string label = p.edge_origin(id).label;
        if (formulas) {
            std::ostringstream f;
            smt::print_term(f, p.terms(), e.formula);
            label = f.str();
            if (label.size() > 400) label = label.substr(0, 397) + "...";
        }
        out << indent << prefix << e.src << " -> " << prefix << e.dst << " [label=\"" << dot_escape(label) << "\"];\n";
    }
}

void write_header(std::ostream& out, const std::string& title) {
    out << "digraph \"" << dot_escape(title) << "\" {\n  node [shape=circle fontsize=10];\n"
        << "  edge [fontsize=9];\n";
}

}  // namespace

std::string dot_text(std::string t, std::size_t width) {
    if (t.size() > width) t = t.substr(0, width - 3) + "...";
    return dot_escape(t);
}

void write_dot(std::ostream& out, const Program& p, const std::string& title, bool formulas) {
    write_header(out, title);
    write_body(out, p, "n", formulas, "  ");
    out << "}\n";
}

void write_dot_pair(std::ostream& out, const Program& plain, const Program& blocks, const std::string& title) {
    write_header(out, title);
    out << "  subgraph cluster_plain {\n    label=\"plain CFG\";\n";
    write_body(out, plain, "p", false, "    ");
    out << "  }\n  subgraph cluster_blocks {\n    label=\"large-block encoding\";\n";
    write_body(out, blocks, "b", false, "    ");
    out << "  }\n}\n";
}

}  // namespace craig::verifier
