// Linear Horn clauses as a Program (verifier/program/program.hpp), the structure every engine
// reads.
//
// Locations: one per predicate (marked cut_point, so the large-block encoding keeps it and an
// engine's invariant map has an entry for it), plus entry, error and exit.
// Variables: shared between predicates by sort and ordinal: the k-th argument of sort S of any
// predicate is the variable `S.k` (so the program has, per sort, as many variables as the
// predicate with most arguments of that sort). Sharing keeps every engine's states as small
// as the widest predicate; distinct variables per predicate would only add variables that
// every edge must havoc.
// Edges: one per clause. A fact is an edge from entry, a query an edge to error, a clause with
// one body application an edge from that predicate's location; the formula is the constraint
// with the body arguments equal to the cur constants and the head arguments equal to the next
// constants of their variables (a clause variable that is a distinct argument is replaced by the
// cur or next constant instead of an equation; a head argument that is the body's argument of
// the same variable is left to the frame: the variable is not written); the other clause
// variables are the edge's aux constants. Every other variable is written, so the variables the head
// predicate does not have are havocked: a state at a location is exactly an argument tuple of its
// predicate plus arbitrary values, and the invariant at a location is a model of its predicate
// (only its own variables can matter). Query edges write nothing.
// Nonlinear clauses (two or more body applications) are smtlib::Unsupported at the clause.
#pragma once

#include <vector>

#include "chc/clauses.hpp"
#include "verifier/program/program.hpp"

namespace craig::chc {

struct ChcProgram {
    verifier::Program program;
    std::vector<verifier::LocId> loc_of;                // per predicate
    std::vector<std::vector<verifier::VarId>> vars_of;  // per predicate: the variable of each argument
    std::vector<std::size_t> clause_of;                 // per edge: the clause it encodes
    explicit ChcProgram(smt::TermManager& tm) : program(tm) {}
};

// The program of a linear system; every clause must be linear.
void to_program(const ChcSystem& sys, ChcProgram& out);

}  // namespace craig::chc
