// SV-COMP violation witnesses in the GraphML exchange format 1.0
// (https://github.com/sosy-lab/sv-witnesses, README-GraphML.md), as
// CPAchecker and Ultimate Automizer write them and witness validators read
// them, built from a replay (frontend/replay.hpp) that reached the error.
//
//   ReplayResult r = frontend::replay(tu, inputs);
//   if (r.outcome == ReplayOutcome::ReachedError)
//       write_violation_witness(out, {path, spec, "32bit", "craig 0.1.0"}, r);
//
// The witness is a path automaton: an entry node N0, one edge and node per
// relevant trace step, in trace order, and a last node with violation=true:
//  - Input from a nondet call: startline = the call's line, assumption
//    `\result == V;` with assumption.resultfunction = the nondet function and
//    assumption.scope = the function executing the call;
//  - Input of an uninitialised local: `x == V;` (scope: its function); of an
//    extern global: `g == V;` (no scope), at the declaration's line;
//  - Branch of if/while/do/for: startline = the condition's line, control =
//    condition-true or condition-false (switch decisions and constant
//    conditions are left out: other tools' control-flow graphs have no
//    matching two-way branch);
//  - Call of a defined function other than main: enterFunction = callee,
//    startline = the call's line; Return: returnFrom = the function, with
//    startline only for a return statement (the line of a function's closing
//    brace is not known);
//  - Error: startline = the line of the reach_error / failed assertion call,
//    into the violation node.
// Assignments are not written (the inputs determine them). V is the value as
// a C constant (frontend::c_literal). endline is declared but not written:
// the AST has no end positions, and a wrong end line would keep an edge from
// matching. Steps left out of a truncated trace are simply missing (a
// shorter witness is still a valid one).
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "base/xml_escape.hpp"
#include "frontend/replay.hpp"
#include "verifier/witness/sha256.hpp"

namespace craig::verifier {

struct WitnessInfo {
    std::string program_file;   // path as given to craig; hashed for programhash
    std::string specification;  // e.g. CHECK( init(main()), LTL(G ! call(reach_error())) )
    std::string architecture;   // "32bit" or "64bit"
    std::string producer;       // e.g. "craig 0.1.0"
    std::string program_name;   // the file in the witness and in locations (program_file, or <stdin>)
    const std::string& name() const { return program_name.empty() ? program_file : program_name; }
};

// Writes the witness of `replay`, whose outcome must be ReachedError
// (std::invalid_argument otherwise). Throws frontend::InputError when the
// program file cannot be read (for its hash). creationtime is the current
// UTC time (ISO 8601, "2024-05-01T12:00:00Z").
void write_violation_witness(std::ostream& out, const WitnessInfo& info, const frontend::ReplayResult& replay);

// The GraphML document up to the open <graph> element and its data: every key of the
// exchange format (violation and correctness keys), witness-type, sourcecodelang C,
// producer, specification, programfile, programhash (SHA-256 of the file; throws
// frontend::InputError when it cannot be read), architecture, creationtime.
void write_graphml_prologue(std::ostream& out, const WitnessInfo& info, std::string_view witness_type);

// The current UTC time in ISO 8601, "2024-05-01T12:00:00Z".
std::string utc_now();

// Text with the XML special characters escaped (base/xml_escape.hpp).
using base::xml_escape;

}  // namespace craig::verifier
