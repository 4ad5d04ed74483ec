// Coverage goals of test generation (`craig testgen`), as locations of a program the goal
// search runs on.
//
//   GoalProgram g = goal_program(plain, Coverage::Branches);
//   // search g.program for g.goals[i].target; paths on g.program map back by g.original
//
// Goals are plain edges (a statement or branch outcome is covered when a run takes its edge)
// or the error location:
//   Statements  every plain edge with a source place and a statement (label not empty);
//   Branches    every plain edge that takes a branch outcome (a label segment "[c]" / "[!c]");
//   Error       the error location (Test-Comp's coverage-error-call).
// An edge goal e = (l1, l2) becomes a location: e is redirected to a fresh location m_e and a
// new edge m_e -> l2 with formula true and no writes follows it, so that reaching m_e is
// exactly taking e. Paths, inputs and invariants of the goal program are those of the plain
// program with the extra steps; original[e] is the plain edge of goal-program edge e (kNoEdge
// for the added edges).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "frontend/source_location.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier {

enum class Coverage : std::uint8_t { Statements, Branches, Error };

inline constexpr EdgeId kNoEdge = UINT32_MAX;

struct Goal {
    LocId target = kNoLoc;         // in the goal program
    EdgeId edge = kNoEdge;         // the plain edge (kNoEdge: the error location)
    frontend::SourceLocation loc;  // where the goal is in C
    std::string label;             // "[x > 10]; y = 1", "reach_error"
};

struct GoalProgram {
    Program program;
    std::vector<Goal> goals;
    std::vector<EdgeId> original;  // per edge of `program`
};

GoalProgram goal_program(const Program& plain, Coverage coverage);

// Whether a label segment is the outcome of a constant condition ("[1]", "[!(0)]"): C's
// interpreter records no branch step for it, gcov no branch; an edge of nothing else is no goal.
bool constant_outcome(std::string_view segment);

// "branches", "statements", "error" (the --cover values).
const char* coverage_name(Coverage c);

}  // namespace craig::verifier
