// split_conditionals: a plain program whose edges with conditional values (C's ?:, and the
// && and || whose value is stored, which the lowering encodes as (ite c 1 0)) are split into one
// edge per outcome of the conditions, as a CFA of CPAchecker branches on them.
//
//   std::vector<EdgeId> original;
//   Program split = split_conditionals(plain, original, 3);
//   // split.edges[e] is a case of plain.edges[original[e]]
//
// For an edge whose formula has k distinct conditions c_1..c_k of ite terms (1 <= k <=
// max_conditions), each of the 2^k assignments gives an edge with formula
// F[c := value] ∧ (c_i or ¬c_i); the cases are disjoint and their disjunction is F, so paths,
// reachability and inductive invariants of the split program are those of the plain one. Edges
// with more conditions are kept whole. Locations, variables and provenance are the plain
// program's (an edge's provenance is copied to each of its cases). Used by the explicit-value
// analysis, whose transfer can only give a value to x = c ? a : b when c is decided.
#pragma once

#include <vector>

#include "verifier/program/program.hpp"

namespace craig::verifier {

Program split_conditionals(const Program& plain, std::vector<EdgeId>& original, unsigned max_conditions);

}  // namespace craig::verifier
