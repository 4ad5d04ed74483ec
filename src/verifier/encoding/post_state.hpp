// One block from the current state to a fresh post-state: the formula over the cur constants
// (the pre-state), fresh constants for the variables the block writes and fresh aux constants,
// and the renaming that puts a formula over the cur constants onto the post-state. What
// abstract posts and implication checks across one block need (ufo's predicate posts, the
// kept labels, the domains' posts).
//
//   PostState s = post_state(p, e, "@post");
//   solver.assert_formula(pre);  solver.assert_formula(s.formula);
//   solver.check(... s.after(label) ...)      // label over the state after e
#pragma once

#include <string>
#include <unordered_map>

#include "verifier/program/program.hpp"

namespace craig::verifier {

struct PostState {
    smt::Term formula;
    std::unordered_map<smt::Term, smt::Term, smt::TermHash> to_after;  // cur constant -> post-state
    smt::Term after(smt::TermManager& tm, smt::Term f) const { return tm.substitute(f, to_after); }
};

PostState post_state(const Program& p, EdgeId e, const std::string& tag);

}  // namespace craig::verifier
