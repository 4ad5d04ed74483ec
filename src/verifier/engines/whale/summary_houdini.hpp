// Houdini (Flanagan, Leino, FME 2001) over procedure summaries: the largest subset of candidate
// summary facts that is inductive by Hoare's rule for recursion with guards `true`.
//
// candidates[p] are formulas over procedure p's interface (cur constants of its params, next
// constants of its returns; program/procedures.hpp). The result keeps, per procedure, the
// candidates that every activation of p meets when each call in p's body is assumed to meet its
// callee's kept candidates: for every p, body(p) ∧ kept(callees) ⊨ kept(p). So the kept sets
// are contracts (guard true, summary their conjunction) that pass certify/contracts.hpp's body
// checks. A check whose model violates several candidates drops them all; an undecided check
// (deadline) drops every candidate of the procedure, so whatever is kept is proved. The C
// operators are uninterpreted here (an over-approximation: more is dropped, nothing wrong kept).
#pragma once

#include <vector>

#include "smt/solver.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::verifier {

struct SummaryHoudiniResult {
    std::vector<std::vector<smt::Term>> kept;  // by procedure
    std::size_t queries = 0;
};

SummaryHoudiniResult summary_houdini(const Procedures& ps, std::vector<std::vector<smt::Term>> candidates,
                                     const smt::SolverOptions& so);

}  // namespace craig::verifier
