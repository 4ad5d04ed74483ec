// Horn clauses, linear or not, as the procedural program model (verifier/program/procedures.hpp)
// that the interprocedural engine whale solves: a nonlinear clause is a procedure body with
// several calls, so whale's summaries are the predicates' interpretations.
//
// Procedures: procs[0] is the query procedure ("false"), procs[1 + p] the procedure of
// predicate p. A predicate's procedure has no params and returns its arguments (one program
// variable per argument, named as to_program.hpp names them); its body has one path per clause
// with head p: a call of the procedure of each body application in order (each into fresh
// result variables of that clause), then one edge with the clause's constraint, the body
// arguments bound to the result variables and the head arguments to the returns. Executions
// of p's procedure are exactly the derivable argument tuples of p, so a summary of it (a
// formula over the next constants of its returns) is an over-approximation of p: a model. The
// query procedure has one such path per query, whose last edge sets the error flag to 1; its
// summary "flag = 0" says that no query is derivable.
//
// Every constraint edge is also an edge of `plain` (entry -> exit, same formula), so that a
// counterexample (the plain edges of an interprocedural execution, a call's edges before the
// caller's next edge) is the post-order of a derivation tree: `clause_of` maps it back.
#pragma once

#include <memory>
#include <vector>

#include "chc/clauses.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::chc {

struct ChcProcedures {
    std::unique_ptr<verifier::Program> plain;  // stable address: procedures.plain points to it
    verifier::Procedures procedures;
    std::vector<std::vector<verifier::VarId>> returns_of;  // per predicate: its procedure's returns
    std::vector<std::size_t> clause_of;                    // per plain edge: the clause it encodes
};

// Throws smtlib::Unsupported for arithmetic outside the solver's fragment (as to_program).
ChcProcedures to_procedures(const ChcSystem& sys, smt::TermManager& tm);

}  // namespace craig::chc
