// Whether a run of the C program, replayed by craig's concrete interpreter, passes a coverage
// goal (goals.hpp): the check `craig testgen` makes before it writes a test.
//
//   const std::vector<GoalPattern> patterns = goal_patterns(tu, goal_program.goals);  // once
//   const RunIndex run(frontend::replay(tu, inputs, limits));
//   if (run.passes(patterns[i])) ...          // the test covers goal i
//   std::string where = error_call(run.result());  // for the error goal's test comment
//
// A run passes a goal when it takes the goal's edge at some point, wherever it goes and however
// it ends afterwards (out of inputs, blocked, a later error): Test-Comp's validator measures
// coverage over what each test executed before it ended. The error goal needs the run to reach
// the error. An edge goal needs a first step at the goal's place followed by the edge's branch
// outcomes (its label's "[c]" segments) as the run's next branch steps; the interpreter prints
// conditions as the lowering labels edges. The place is the line of the edge's first statement
// (the interpreter places an assignment at its '=' or declarator, a condition at the condition),
// except for an edge that starts with a switch outcome: the lowering places "[case N]" at the case
// label and "[default]" at the switch keyword, the interpreter the switch's step at its condition
// with the keyword as anchor, so such a goal's first step is a step of that switch statement.
// A switch step passes "[case N]" when it matched the case of value N, "[default]" when it matched
// no case (a default label or none).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/replay.hpp"
#include "frontend/source_location.hpp"
#include "verifier/testgen/goals.hpp"

namespace craig::verifier {

// What a run must show to pass one goal.
struct GoalPattern {
    bool error = false;                 // the error goal
    frontend::SourceLocation place;     // of the first step (its line; at_switch: the keyword)
    bool at_switch = false;             // the first step is the switch step anchored at `place`
    std::vector<std::string> outcomes;  // the branch outcomes, in order
};

// One pattern per goal; tu is the program the goal program was lowered from.
std::vector<GoalPattern> goal_patterns(const frontend::TranslationUnit& tu, const std::vector<Goal>& goals);

// One replayed run, indexed to test many goals against it (the run must outlive the index).
class RunIndex {
public:
    explicit RunIndex(const frontend::ReplayResult& r);

    bool passes(const GoalPattern& g) const;
    const frontend::ReplayResult& result() const { return r_; }

private:
    // Whether the branch outcomes of g follow as the next branch steps from step `first` on.
    bool outcomes_follow(const GoalPattern& g, std::size_t first) const;

    const frontend::ReplayResult& r_;
    std::vector<std::pair<std::uint32_t, std::size_t>> by_line_;   // (line, step), sorted
    std::vector<std::pair<std::uint32_t, std::size_t>> switches_;  // (anchor line, switch step), sorted
    std::vector<std::size_t> next_branch_;                         // per step, the next branch step
};

// Where a run that reached the error reached it, as a test comment's goal: the error call
// that ended it (reach_error or __VERIFIER_error, also when the program defines it, or a failed
// assert), "FILE:LINE:COL reach_error() in FUNCTION" with FUNCTION the caller. Empty if the run
// did not reach the error.
std::string error_call(const frontend::ReplayResult& r);

}  // namespace craig::verifier
