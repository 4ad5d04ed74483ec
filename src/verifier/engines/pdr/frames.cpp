#include "verifier/engines/pdr/frames.hpp"

#include <algorithm>
#include <ostream>

#include "smt/terms/printer.hpp"

namespace craig::verifier::pdr {

void sort_cube(std::vector<smt::Term>& cube) {
    std::sort(cube.begin(), cube.end());
    cube.erase(std::unique(cube.begin(), cube.end()), cube.end());
}

bool cube_subset(std::span<const smt::Term> a, std::span<const smt::Term> b) {
    return std::includes(b.begin(), b.end(), a.begin(), a.end());
}

bool Frames::add(LocId l, Lemma lemma) {
    auto& ls = at_[l];
    for (const Lemma& k : ls) {
        if (k.level < lemma.level) continue;
        if (k.formula == lemma.formula) return false;
        // ¬∧k.cube ⊨ ¬∧lemma.cube when k's cube is a subset of lemma's.
        if (k.clause && lemma.clause && cube_subset(k.cube, lemma.cube)) return false;
    }
    if (lemma.clause) {
        std::erase_if(ls, [&](const Lemma& k) {
            return k.level <= lemma.level && k.clause && cube_subset(lemma.cube, k.cube);
        });
    }
    std::erase_if(ls, [&](const Lemma& k) { return k.level <= lemma.level && k.formula == lemma.formula; });
    ls.push_back(std::move(lemma));
    return true;
}

smt::Term Frames::frame(smt::TermManager& tm, LocId l, unsigned level) const {
    std::vector<smt::Term> parts;
    for (const Lemma& k : at_[l])
        if (k.level >= level) parts.push_back(k.formula);
    return tm.mk_and(parts);
}

bool Frames::level_empty(unsigned level) const {
    for (const auto& ls : at_)
        for (const Lemma& k : ls)
            if (k.level == level) return false;
    return true;
}

std::size_t Frames::size() const {
    std::size_t n = 0;
    for (const auto& ls : at_) n += ls.size();
    return n;
}

namespace {
std::string escape(const std::string& s) {
    std::string r;
    for (char c : s) {
        if (c == '"' || c == '\\') r += '\\';
        r += c;
    }
    return r;
}
}  // namespace

void Frames::write_dot(std::ostream& out, const smt::TermManager& tm, const Program& blocks, unsigned top) const {
    out << "digraph pdr {\n  node [shape=box, fontname=\"monospace\"];\n";
    for (LocId l = 0; l < at_.size(); ++l) {
        const std::string where = l == blocks.entry ? " (entry)" : l == blocks.error ? " (error)" : "";
        out << "  subgraph cluster_" << l << " {\n    label=\"location " << l << where << "\";\n";
        for (unsigned lv = 1; lv <= top; ++lv) {
            // Appended piecewise: GCC 12 warns (-Wrestrict, a false positive) on "F" + to_string(..) + "...".
            std::string text = "F";
            text += std::to_string(lv);
            text += "\\l";
            for (const Lemma& k : at_[l])
                if (k.level == lv) {
                    std::string f = smt::term_to_string(tm, k.formula, false);
                    if (f.size() > 120) f = f.substr(0, 117) + "...";
                    text += (k.interpolant ? "itp: " : "") + escape(f) + "\\l";
                }
            out << "    l" << l << "_" << lv << " [label=\"" << text << "\"];\n";
            if (lv > 1) out << "    l" << l << "_" << (lv - 1) << " -> l" << l << "_" << lv << " [style=dotted];\n";
        }
        out << "  }\n";
    }
    for (const Edge& e : blocks.edges)
        if (top >= 1) out << "  l" << e.src << "_1 -> l" << e.dst << "_1 [color=gray, constraint=true];\n";
    out << "}\n";
}

}  // namespace craig::verifier::pdr
