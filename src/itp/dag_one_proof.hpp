#pragma once
// DAG interpolants from one proof (after Albarghouthi, Gurfinkel, Chechik, TACAS 2012 / VMCAI
// 2012: encode the DAG with control constants, sequence interpolants, CLEAN).
//
// Encoding. The vertices on entry-exit paths, v_0 = entry, ..., v_m = exit in topological
// order, are the partitions P_0..P_m of one unsat query; fresh Boolean constants r_v (the path
// visits v) and b_e (it takes edge e):
//   P(entry) ∋ r_entry;  P(v) ∋ r_v ⇒ ∨_{e out of v} b_e  (v ≠ exit);
//   P(w) ∋ b_e ⇒ (r_w ∧ L(e))  for every edge e = (u, w).
// Satisfiable iff some entry-exit path is. At the cut after v_k the only shared control
// constants are the b_e of the edges crossing it (u ≤ k < w): the sequence interpolant J_k
// (interpolation.hpp, every cut of the same proof) is over them and the data symbols that
// occur both on an edge into v_0..v_k and on an edge into v_{k+1}..v_m.
//
// CLEAN. F_k = ∧_{e out of v_k} J_k[b_e := true, every other b := false]. Then for every
// edge (u, v_k): F_u ∧ L(u, v_k) ⊨ F_k (the sequence condition J_j ∧ P_{j+1..k} ⊨ J_k with
// the one path u → v_k → e switched on), and F_u ∧ L(u, exit) is unsat (J_j ∧ B_j unsat):
// every condition but the vocabulary holds. Then
//   I(v) = ∃Y ∀X. F_v,   Y = symbols of F_v on no edge reachable from v,
//                        X = the others on no edge that reaches v.
// Y is dropped by ∃ (no later edge constrains it, so no successor needs its value), X by ∀
// (no edge before v constrains it, so every incoming path allows all of its values); the edge
// conditions survive by induction over the order for every edge whose source's I(u) is of
// this form (the entry's true is). Quantifiers: qe_lra.hpp (Bool cofactoring, Real virtual
// substitution). A vertex falls back to the per-vertex route (dag_per_vertex.hpp) when a symbol
// to drop cannot be eliminated (Int, uninterpreted sort, function symbol, a Real under an
// uninterpreted function or ite, a result too large). The edges into v from fallback vertices
// are outside the induction: they are checked with a solver (one call without proofs per such
// v) and v falls back too when they do not imply the cleaned I(v). A fallback I(u) keeps
// I(u) ∧ "some path from u to exit" unsat, which is all the per-vertex route needs of its
// predecessors, and successors of a fallback may again be cleaned (their F comes from the one
// proof, whatever I(u) is). When the proof gives no sequence interpolants, every vertex falls back.
//
// Cost: one solver call with proofs, plus the sequence's local-condition checks and repairs
// that interpolation.hpp makes for proofs with theory leaves, plus one call with proofs per
// fallback and one without per cleaned vertex that has a fallback predecessor.
#include "itp/dag_graph.hpp"

namespace craig::itp {

DagInterpolationResult dag_interpolants_one_proof(smt::TermManager& tm, const DagGraph& g,
                                                  std::span<const DagEdge> edges, const ItpOptions& options,
                                                  const smt::SolverOptions& solver_options);

}  // namespace craig::itp
