#include "verifier/testgen/goals.hpp"

namespace craig::verifier {

namespace {

// A segment "[c]" of the label (segments are joined by "; "): the edge takes a branch outcome.
bool is_branch_label(const std::string& label) {
    return label.front() == '[' || label.find("; [") != std::string::npos;
}

bool is_goal(const Program& plain, EdgeId e, Coverage c) {
    const EdgeProvenance& o = plain.edge_origin(e);
    if (o.loc.line == 0 || o.label.empty()) return false;
    return c == Coverage::Statements || (c == Coverage::Branches && is_branch_label(o.label));
}

}  // namespace

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
