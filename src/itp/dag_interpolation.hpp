#pragma once
// DAG interpolants (Albarghouthi, Gurfinkel, Chechik, "Whale"/UFO, VMCAI 2012): for a DAG with
// an entry and an exit vertex and a formula L(u,v) on every edge, a formula I(v) per vertex with
//   I(entry) = true, I(exit) = false, I(u) ∧ L(u,v) ⊨ I(v) for every edge (u,v),
//   every symbol of I(v) occurring both on an edge that reaches v and on an edge reachable from v.
// They exist iff no entry-exit path is satisfiable.
//
// Route (no quantifier elimination): vertices in topological order, each I(v) a binary
// interpolant (proof-based, interpolation.hpp) of
//   A_v = ∨_{(u,v)} (I(u) ∧ L(u,v))   against   B_v = "some path from v to exit is satisfiable",
// where B_v encodes the paths of the sub-DAG below v with fresh Boolean control constants
// (r_w: the path visits w; t_e: it takes edge e). The fresh constants occur only in B_v, so no
// interpolant mentions them; every edge condition holds by construction and I(v) ∧ B_v is
// unsat, which makes A_exit unsat. One solver call and one proof per inner vertex. Vertices that
// cannot reach exit get true, vertices the entry cannot reach get false.
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
  uint32_t queries = 0;  // binary interpolation queries (solver calls with proofs)
  bool ok() const { return unknown_reason.empty(); }
};

// `solver_options` gives the limits (deadline, seed, integer budget) of the queries; proofs
// are switched on internally. Throws std::invalid_argument when the graph has a cycle or an
// edge names a vertex out of range.
DagInterpolationResult dag_interpolants(smt::TermManager& tm, uint32_t num_vertices,
                                        uint32_t entry, uint32_t exit,
                                        std::span<const DagEdge> edges, const ItpOptions& options,
                                        const smt::SolverOptions& solver_options = {});

// Independent check of the conditions above with fresh solvers: Valid, Invalid (why), or
// Inconclusive (a query was unknown).
struct DagCheckReport {
  enum Outcome { Valid, Invalid, Inconclusive } outcome = Valid;
  std::string why;
};
DagCheckReport check_dag_interpolants(smt::TermManager& tm, uint32_t num_vertices, uint32_t entry,
                                      uint32_t exit, std::span<const DagEdge> edges,
                                      std::span<const smt::Term> at,
                                      const smt::SolverOptions& solver_options = {});

// Vertices in topological order; throws std::invalid_argument on a cycle.
std::vector<uint32_t> topological_order(uint32_t num_vertices, std::span<const DagEdge> edges);

}  // namespace craig::itp
