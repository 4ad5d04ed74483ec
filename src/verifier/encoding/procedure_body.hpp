// One activation of a procedure body (procedures.hpp) as a formula: Albarghouthi's ARGCOND for a
// body that is a DAG, with a copy of the procedure's variables per location and a Boolean per
// edge (the edge is on the path). The formula holds exactly when its edge flags mark a path
// from the entry to `target` (the exit unless given) whose edges hold between the states of
// their locations; every model gives such a path (follow the set flags from the entry).
// Locations that cannot reach the target are left out. A call edge keeps the caller's
// variables except its results, whose values after the call are left free: the caller adds
// what it knows of the callee (a summary, or a nested encoding of the callee's body) over
// call_args and call_results. Constants are fresh, named with `tag`.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "verifier/program/procedures.hpp"

namespace craig::verifier {

struct BodyEncoding {
    smt::Term formula;
    std::vector<smt::Term> params;   // values at the entry, parallel to Procedure::params
    std::vector<smt::Term> returns;  // values at the target, parallel to Procedure::returns
    std::vector<smt::Term> taken;    // per edge: Bool constant (false for edges left out)
    std::vector<std::vector<smt::Term>> call_args, call_results;  // per call of the procedure
    std::vector<std::vector<smt::Term>> state;  // per location, parallel to Procedure::vars (empty: left out)
    // Per edge: the plain aux constants and their fresh copies (inputs of counterexamples).
    std::vector<std::unordered_map<smt::Term, smt::Term, smt::TermHash>> aux;
};

BodyEncoding encode_body(const Procedures& ps, ProcId proc, const std::string& tag, std::uint32_t target = UINT32_MAX);

// A contract formula over the cur constants of the procedure's params and the next constants
// of its returns, with those replaced by the given values.
smt::Term instantiate_contract(const Procedures& ps, ProcId proc, smt::Term formula,
                               const std::vector<smt::Term>& params, const std::vector<smt::Term>& returns);

}  // namespace craig::verifier
