// Houdini (Flanagan, Leino, FME 2001): the largest inductive subset of candidate facts.
//
// candidates[l] are formulas over the cur constants at location l of a program (here the
// large-block program). The result keeps, per location, the candidates that hold at entry
// (entry gets no candidate: its state is arbitrary) and are preserved by every edge given
// the kept candidates at its source: a map of inductive invariants (without safety). A
// candidate whose check is satisfiable or undecided (C operators are uninterpreted here,
// the deadline, the branch budget) is dropped, so every kept fact is an invariant.
#pragma once

#include <vector>

#include "smt/solver.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

struct HoudiniResult {
    std::vector<std::vector<smt::Term>> kept;  // by location
    std::size_t queries = 0;
};

HoudiniResult houdini(const Program& p, std::vector<std::vector<smt::Term>> candidates, const smt::SolverOptions& so);

}  // namespace craig::verifier
