// InterLA: lazy annotation with procedures (McMillan, "Lazy Annotation for Program Testing and
// Verification", §2.3, Figs. 4–5), over the procedural model (program/procedures.hpp: bodies
// are DAGs, loops tail-recursive procedures, the error a flag every caller passes on).
//
//   LazyOutcome-like answer: InterOutcome r = lazy_interprocedural(ps, o, budget);
//   r.reached: a path to main's exit with the error flag set (FALSE);
//   r.complete: contracts per procedure, checked by the gate (certify/contracts.hpp).
//
// Labels are negative summaries: a label l:φ of a location of procedure P is a formula over the
// cur constants of P's variables (the state at l), the exit constants of P's returns (the state
// at P's exit) and τ, meaning: from l in that state, P does not return in that exit state. A(l)
// is the disjunction of the labels; at the exit it is ¬I_R (the exit state is the state), the
// paper's ¬I_S ∨ f' without the abort flag: our callers test the error flag after each call and
// return at once, so a callee's error reaches main's exit like any return value.
//
// The search is one depth-first symbolic execution through the activations, with one
// incremental solver holding the path: a call pushes the callee's entry state (its params bound
// to the arguments), the callee's path follows, and its exit returns to the caller's return
// location with the results bound to the callee's exit values. Each activation k has exit
// constants x_k and a bad-exit condition Bad_k(x_k) (the paper's ¬ψ): Bad_0 = "error flag set"
// for main; for a callee, ¬A(l3)(w, x_{k-1}) ∧ Bad_{k-1} where w is the caller's state at the
// call with the results x_k (the paper's ψ2 = ¬W(A(l3)) × ψ1, with the current labels: they only
// grow and are justified, so a query's postcondition only tightens). A query in activation k is
// blocked by φ when χ(s) ∧ Bad_k(x_k) ∧ ¬φ(s, x_k) is unsatisfiable.
//   DECIDE / DECIDEC  follow an edge, or a call into the callee's entry, or from a callee's exit
//                     the return, to a state not blocked by its location's label;
//   LEARN / LEARNC    label an edge with an interpolant of (χ(s1) ∧ Bad_k(x_k), Sem(e) ∧ ¬A(l2)),
//                     for a call Sem(e) being the binding of the callee's params, its entry's
//                     negative summary ¬A(entry_c), the results and ¬A(l3): the shared symbols
//                     are the caller's state and x_k, so the label is a transition formula;
//   CONJOIN           as in IntraLA; at a callee's entry it is the callee's summary, reused by
//                     every later call whose postcondition it blocks (stats: summary_reuses).
// A callee's search ends when its exit state reaches the caller (DECIDEC) or its entry is
// labelled (LEARNC): the paper's Sum without a separate query set.
//
// Termination: τ per activation, decremented on calls inside one strongly connected component of
// the call graph (recursion and loops); A(e) includes τ < 1 for those calls. With
// LazyOptions::tau_free_first each learning query is first asked with τ free in B: an Unsat
// answer gives a label without τ (valid for every τ).
// Strengthen (inter_strengthen.hpp): labels at τ := 0 and 1, unjustified ones dropped to a fixed
// point (call edges justified by the callee's entry labels), kept ones carried backwards; when
// Bad_0 ⇒ A_U(main's entry), the contracts {true} P {¬A_U(entry_P)} are the certificate;
// otherwise the kept labels join A and τ0 doubles.
// Exactness as in IntraLA: learning queries and the goal check are exact for the C operators.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "verifier/lazy/lazy_search.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::verifier {

struct InterStats {
    std::size_t activations = 0;      // calls entered (DECIDEC)
    std::size_t call_labels = 0;      // call edges labelled (LEARNC)
    std::size_t summary_reuses = 0;   // calls blocked at once by the callee's entry labels
    std::size_t returns = 0;          // callee exits that reached their caller
    std::size_t carried_labels = 0;   // Strengthen's candidates carried backwards (inter_strengthen.hpp)
    std::size_t tau_free_labels = 0;  // labels learned without τ's start (they hold for every τ)
};

struct InterOutcome {
    bool reached = false;
    Counterexample cex;  // on ps.plain (reached)
    bool complete = false;
    std::vector<Contract> contracts;  // complete: per procedure
    std::string reason;               // neither: why not
    LazyStats stats;
    InterStats inter;
    // The final location labels per procedure and local location (over cur, the exit constants
    // and τ), with the exit constants per variable and τ's constant (for checks in tests).
    std::vector<std::vector<std::vector<smt::Term>>> labels;
    std::vector<smt::Term> exit;  // per plain VarId (null where the variable is no return)
    smt::Term tau;
};

InterOutcome lazy_interprocedural(const Procedures& ps, const LazyOptions& options, const base::Budget& budget,
                                  const LazyProgress& progress = {});

void record_inter_stats(base::Statistics& out, const InterStats& stats);

}  // namespace craig::verifier
