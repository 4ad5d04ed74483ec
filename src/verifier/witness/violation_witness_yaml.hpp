// SV-COMP violation witnesses in the YAML exchange format 2.0
// (https://gitlab.com/sosy-lab/benchmarking/sv-witnesses, violation-witnesses), built
// from a replay (frontend/replay.hpp) that reached the error:
//
//   ReplayResult r = frontend::replay(tu, inputs);
//   YamlViolationWitness w = write_violation_witness_yaml(out, info, r, random_uuid());
//
// One entry `entry_type: violation_sequence` with the metadata of the YAML correctness
// witness (write_yaml_entry_start, correctness_witness.hpp) and `content`: a list of
// segments, each `- segment:` with exactly one waypoint, action `follow`, in trace
// order; the last segment holds the `target` waypoint. Every location names the program
// file (file_name), line, column (1-based; the lexer counts bytes) and the function
// executing the step. Waypoints per trace step:
//  - Input from a __VERIFIER_nondet_* call: type function_return, located at the right
//    parenthesis after the call's arguments, constraint `\result == V` (V the value as a
//    C constant, frontend::c_literal), format acsl_expression (the only constraint form
//    format 2.0 allows for function_return: `\result <op> <constant>`);
//  - Branch of if, while, for, switch: type branching at the statement's keyword (the
//    `?` of a conditional that the parser turned into an if statement), constraint
//    value "true" / "false"; for switch the value of the controlling expression when a
//    case label matched, else "default". No format key: the format gives a branching
//    constraint the key value only;
//  - Error: type target, no constraint, at the reach_error (or failed assertion) call,
//    the first character of the full expression whose evaluation is the violation.
// Left out (a shorter sequence still represents the execution; a wrong location would
// not): do-while decisions (the branching keyword is the `while` after the body, whose
// position the AST does not keep), inputs of uninitialised locals and extern globals
// (they are no function return; an assumption waypoint would need the position of the
// next statement), calls and returns of defined functions, assignments, and every step
// whose location is not in the program file (a header, or line markers naming another
// file), as in the YAML correctness witness. Steps dropped from a truncated trace are
// missing too.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>

#include "frontend/replay.hpp"
#include "verifier/witness/witness.hpp"

namespace craig::verifier {

struct YamlViolationWitness {
    bool written = false;       // false: nothing was written (see reason)
    std::size_t waypoints = 0;  // segments written, the target included
    std::size_t left_out = 0;   // trace steps of the kinds above that were left out
    std::string reason;         // why nothing was written
};

// Writes the witness of `replay`, whose outcome must be ReachedError
// (std::invalid_argument otherwise). When the error location is not in the
// program file there is no target to write: nothing is written, written = false.
// Throws frontend::InputError when the program file cannot be read (for its hash).
// `uuid` identifies the entry (random_uuid() unless a test needs a fixed one).
YamlViolationWitness write_violation_witness_yaml(std::ostream& out, const WitnessInfo& info,
                                                  const frontend::ReplayResult& replay, const std::string& uuid);

}  // namespace craig::verifier
