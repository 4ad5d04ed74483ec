#pragma once
// DAG interpolants (Albarghouthi, Gurfinkel, Chechik, "Whale"/UFO, VMCAI 2012): for a DAG with
// an entry and an exit vertex and a formula L(u,v) on every edge, a formula I(v) per vertex with
//   I(entry) = true, I(exit) = false, I(u) ∧ L(u,v) ⊨ I(v) for every edge (u,v),
//   every symbol of I(v) occurring both on an edge that reaches v and on an edge reachable from v.
// They exist iff no entry-exit path is satisfiable.
//
// Two routes (ItpOptions::dag_route; check_dag_interpolants below checks either's result):
//  * one-proof (default, dag_one_proof.hpp): the whole DAG in one unsat query with Boolean
//    control constants, sequence interpolants of its one proof along a topological order, each
//    CLEANed into I(v) by cofactoring the controls and eliminating the symbols out of v's scope
//    (qe_lra.hpp: Bool cofactoring, LRA virtual substitution). A vertex whose cleaning needs an
//    elimination that is not available (Int, uninterpreted sorts, function symbols), or whose
//    cleaned formula does not follow from a fallback predecessor (checked), is computed by the
//    per-vertex route instead.
//  * per-vertex (dag_per_vertex.hpp): one solver call and one proof per inner vertex, no
//    quantifier elimination.
// Vertices that cannot reach exit get true, vertices the entry cannot reach get false.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "itp/options.hpp"
#include "smt/solver.hpp"
#include "smt/terms/term.hpp"

namespace craig::itp {

struct DagEdge {
    uint32_t from, to;
    smt::Term label;
};

struct DagInterpolationResult {
    std::vector<smt::Term> at;  // per vertex; empty when !ok()
    std::string unknown_reason;
    uint32_t queries = 0;  // solver calls with proofs (the one query, repairs, per-vertex queries)
    uint32_t checks = 0;   // solver calls without proofs (sequence local conditions, edges from
                           // fallbacks, direct entry-exit edges of the per-vertex route)
    // Inner vertices (on an entry-exit path, neither entry nor exit) by where I(v) came from.
    uint32_t one_proof_vertices = 0;
    uint32_t per_vertex_vertices = 0;
    uint32_t eliminated_symbols = 0;  // one-proof route: out-of-scope symbols quantified away
    std::string fallback_reason;      // one-proof route: why the first vertex fell back, if one did
    bool ok() const { return unknown_reason.empty(); }
};

// `solver_options` gives the limits (deadline, seed, integer budget) of the queries; proofs
// are switched on internally. Throws std::invalid_argument when the graph has a cycle or an
// edge names a vertex out of range.
DagInterpolationResult dag_interpolants(smt::TermManager& tm, uint32_t num_vertices, uint32_t entry, uint32_t exit,
                                        std::span<const DagEdge> edges, const ItpOptions& options,
                                        const smt::SolverOptions& solver_options = {});

// Independent check of the conditions above with fresh solvers: Valid, Invalid (why), or
// Inconclusive (a query was unknown).
struct DagCheckReport {
    enum Outcome { Valid, Invalid, Inconclusive } outcome = Valid;
    std::string why;
};
DagCheckReport check_dag_interpolants(smt::TermManager& tm, uint32_t num_vertices, uint32_t entry, uint32_t exit,
                                      std::span<const DagEdge> edges, std::span<const smt::Term> at,
                                      const smt::SolverOptions& solver_options = {});

// Vertices in topological order; throws std::invalid_argument on a cycle.
std::vector<uint32_t> topological_order(uint32_t num_vertices, std::span<const DagEdge> edges);

}  // namespace craig::itp
