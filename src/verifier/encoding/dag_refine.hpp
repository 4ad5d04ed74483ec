// Refinement of a DAG of program blocks by DAG interpolants: UFOREF and VINTAREF of
// Albarghouthi's thesis (Alg. 5 and 6; §3.4, §5.4.3, §7.3).
//
//   DagProblem d;                       // vertices 0..n-1, d.entry, edges labelled by blocks,
//   d.bad = {7};                        // the vertices at the error (or truncated) location
//   DagRefinement r = refine_dag(blocks, d, options, budget);
//   r.kind == Refined:  r.labels[v] over the cur constants, a safe well-labelling of d:
//                       labels[entry] = true, labels[bad] = false, and for every edge (u, w)
//                       labels[u] ∧ [[block]] ⊨ labels[w]'   (Def. 4.1)
//   r.kind == Feasible: r.cex a path entry..r.bad_vertex through d (exact for the C operators)
//
// Steps: every vertex gets the SSA state of the shared path encoding (path_encoding.hpp; a
// vertex with several incoming edges is a join with merged versions); the DAG condition
//   c_entry ∧ ⋀_v (c_v ⇒ ⋁_{(v,w)} (c_w ∧ L(v,w)))   (c_v fresh Booleans, bad vertices exits)
// is checked exactly (exact_check.hpp: operator instances are asserted where a model gets a C
// operator wrong, each into the edge of its application). A model is a path: from the entry,
// follow an edge whose target's control and label hold. Unsat: the top-level conjuncts of the
// edge labels that an unsat core under assumptions does not need are dropped (`core_rounds`
// times, each round from the previous core: cores are not minimal; the thesis uses 3), the
// DAG interpolants of the remaining labels with the instances (itp/dag_interpolation.hpp,
// either route; where a proof cannot be interpolated, again without integer cuts, then per vertex)
// are renamed back to the cur constants. Weaker edge labels keep the
// interpolants valid for the blocks.
//
// Restricted DAG interpolants (VINTAREF, Def. 5.3): with `node_labels` (a well-labelling, e.g.
// the abstract interpretation's labels), L_V(u) is conjoined onto every edge leaving u, and
// the result is RDITP(v) ∧ L_V(v), never weaker than the given label.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/budget.hpp"
#include "itp/options.hpp"
#include "smt/sat_integration.hpp"
#include "verifier/encoding/query_settings.hpp"
#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

struct DagProblem {
    struct Arc {
        std::uint32_t from, to;
        EdgeId block;  // an edge of the program
    };
    std::uint32_t size = 0;  // vertices
    std::uint32_t entry = 0;
    std::vector<Arc> arcs;
    std::vector<std::uint32_t> bad;  // vertices whose states must be unreachable
    // Per vertex: its program location (for the encoding's names) .
    std::vector<LocId> loc;
    // VINTAREF: per vertex a label over the cur constants (empty: UFOREF).
    std::vector<smt::Term> node_labels;
};

struct DagRefineOptions : QuerySettings {
    itp::ItpOptions itp;
    unsigned core_rounds = 3;  // unsat-core pruning of edge literals before interpolation (0: off)
};

struct DagRefineStats {
    std::size_t queries = 0, operator_instances = 0, pruned_literals = 0, kept_literals = 0;
    std::size_t itp_queries = 0, one_proof_vertices = 0, per_vertex_vertices = 0;
    std::size_t route_fallbacks = 0;  // interpolation failed and was tried again (no cuts, per vertex)
    double solve_seconds = 0, interpolation_seconds = 0;
    double clean_seconds = 0;  // renaming interpolants to the program variables and simplifying them
};

struct DagRefinement {
    enum class Kind { Refined, Feasible, Unknown } kind = Kind::Unknown;
    std::vector<smt::Term> labels;  // Refined: per vertex, over the cur constants
    Counterexample cex;             // Feasible
    std::uint32_t bad_vertex = 0;   // Feasible: the bad vertex the path reaches
    std::string reason;             // Unknown
};

// Throws std::invalid_argument when the arcs have a cycle.
DagRefinement refine_dag(const Program& blocks, const DagProblem& dag, const DagRefineOptions& options,
                         const base::Budget& budget, DagRefineStats& stats);

}  // namespace craig::verifier
