#pragma once
// DAG interpolants, one proof per inner vertex (the route that needs no quantifier
// elimination; the fallback of the one-proof route and the reference it is measured against).
//
// I(v) is a binary interpolant (interpolation.hpp) of
//   A_v = ∨_{(u,v)} (I(u) ∧ L(u,v))   against   B_v = "some path from v to exit is satisfiable",
// where B_v encodes the paths of the sub-DAG below v with fresh Boolean control constants
// (r_w: the path visits w; t_e: it takes edge e). The fresh constants occur only in B_v, so no
// interpolant mentions them and A_v, B_v share only symbols of edges above and below v. The edge
// conditions into v hold for any predecessors' I(u) with I(u) ∧ "some path from u to exit" unsat
// (both routes guarantee that), and I(v) keeps the property.
#include <string>

#include "itp/dag_graph.hpp"

namespace craig::itp {

struct VertexInterpolant {
    smt::Term formula;     // invalid when the query failed
    std::string why;       // set on failure: a satisfiable path through v, or the unknown reason
    uint32_t queries = 0;  // solver calls made (0 when no incoming edge is feasible)
};

// I(v) for an inner vertex v on an entry-exit path; `at` holds I(u) of every predecessor u of v
// that the entry reaches. One solver call with proofs.
VertexInterpolant per_vertex_interpolant(smt::TermManager& tm, const DagGraph& g, std::span<const DagEdge> edges,
                                         uint32_t v, std::span<const smt::Term> at, const ItpOptions& options,
                                         const smt::SolverOptions& solver_options);

// The whole route; edges from entry straight to exit, which no inner vertex's query sees, are
// checked by one solver call without proofs (counted in `checks`).
DagInterpolationResult dag_interpolants_per_vertex(smt::TermManager& tm, const DagGraph& g,
                                                   std::span<const DagEdge> edges, const ItpOptions& options,
                                                   const smt::SolverOptions& solver_options);

}  // namespace craig::itp
