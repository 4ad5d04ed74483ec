#include "verifier/testgen/goals.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace craig::verifier {

namespace {

// Whether every segment of the label is the outcome of a constant condition: the edge decides
// nothing and executes nothing a run could show (a bare while (1)).
bool only_constant_outcomes(const std::string& label) {
    for (std::size_t at = 0; at < label.size();) {
        const std::size_t next = std::min(label.find("; ", at), label.size());
        if (!constant_outcome(std::string_view(label).substr(at, next - at))) return false;
        at = next + 2;
    }
    return true;
}

// A segment "[c]" of the label (segments are joined by "; ") whose condition is not constant:
// the edge takes a branch outcome.
bool is_branch_label(const std::string& label) {
    for (std::size_t at = 0; at < label.size();) {
        const std::size_t next = std::min(label.find("; ", at), label.size());
        const std::string_view part = std::string_view(label).substr(at, next - at);
        if (!part.empty() && part.front() == '[' && !constant_outcome(part)) return true;
        at = next + 2;
    }
    return false;
}

bool is_goal(const Program& plain, EdgeId e, Coverage c) {
    const EdgeProvenance& o = plain.edge_origin(e);
    if (o.loc.line == 0 || o.label.empty() || only_constant_outcomes(o.label)) return false;
    return c == Coverage::Statements || (c == Coverage::Branches && is_branch_label(o.label));
}

}  // namespace

// An outcome of a constant condition ("[1]", "[!(0)]"): the interpreter records no branch step
// for it (while (1) decides nothing).
bool constant_outcome(std::string_view o) {
    if (o.size() < 2 || o.front() != '[' || o.back() != ']') return false;
    std::size_t i = 1, end = o.size() - 1;  // inside the brackets
    if (i < end && o[i] == '!') ++i;
    while (i < end && o[i] == '(' && o[end - 1] == ')') ++i, --end;
    if (i < end && o[i] == '-') ++i;
    if (i == end) return false;
    for (; i < end; ++i)
        if (!std::isdigit(static_cast<unsigned char>(o[i])) && !std::strchr("uUlL", o[i])) return false;
    return true;
}

const char* coverage_name(Coverage c) {
    switch (c) {
        case Coverage::Statements: return "statements";
        case Coverage::Branches: return "branches";
        case Coverage::Error: return "error";
    }
    return "?";
}

GoalProgram goal_program(const Program& plain, Coverage coverage) {
    GoalProgram g{plain, {}, {}};
    Program& p = g.program;
    const std::size_t plain_edges = plain.edges.size();
    for (EdgeId e = 0; e < plain_edges; ++e) g.original.push_back(e);
    if (coverage == Coverage::Error) {
        g.goals.push_back(Goal{plain.error, kNoEdge, plain.loc_origin(plain.error).loc, "reach_error"});
        return g;
    }
    smt::TermManager& tm = p.terms();
    for (EdgeId e = 0; e < plain_edges; ++e) {
        if (!is_goal(plain, e, coverage)) continue;
        const EdgeProvenance origin = plain.edge_origin(e);
        const LocId dst = p.edges[e].dst;
        const LocId mid = p.add_location(origin.loc, plain.loc_origin(p.edges[e].src).function);
        p.edges[e].dst = mid;
        Edge rest;
        rest.src = mid;
        rest.dst = dst;
        rest.formula = tm.mk_true();
        p.add_edge(std::move(rest), EdgeProvenance{origin.loc, "", {}});
        g.original.push_back(kNoEdge);
        g.goals.push_back(Goal{mid, e, origin.loc, origin.label});
    }
    p.index();
    return g;
}

}  // namespace craig::verifier
