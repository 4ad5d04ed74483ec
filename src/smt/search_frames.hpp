#pragma once
// SearchFrames: CaDiCaL's decision levels, as the online loop's notifications tell them
// (sat::ModelChecker), mapped onto the push/pop frames of a backtrackable theory state
// (EagerEuf's congruence closure, EagerSimplex's simplex).
//
// Contract:
//  * A frame is opened lazily, at the first literal told at a level above the last frame's
//    (open_frame() says when the caller must push); levels without literals cost nothing.
//  * backtrack(level) pops every frame above `level` (pop() once per frame) and hands each root
//    literal (note_fixed) that was asserted inside a popped frame back to reassert(): a root
//    literal may be told late, at a higher level, and still holds for good.
//  * Returns whether any frame was popped.
#include <cstddef>
#include <utility>
#include <vector>

#include "sat/sat_solver.hpp"

namespace craig::smt {

class SearchFrames {
public:
    void new_level() { ++level_; }
    // Before a literal told now is asserted: true when the caller must push a frame.
    bool open_frame() {
        if (level_ == 0 || (!frame_level_.empty() && frame_level_.back() >= level_)) return false;
        frame_level_.push_back(level_);
        return true;
    }
    // After open_frame(): the literal is a root literal (to be asserted again after a pop).
    void note_fixed(sat::Lit lit) { fixed_.emplace_back(lit, frame_level_.size()); }
    size_t frames() const { return frame_level_.size(); }

    template <class Pop, class Reassert>
    bool backtrack(size_t level, Pop&& pop, Reassert&& reassert) {
        level_ = level;
        const size_t before = frame_level_.size();
        while (!frame_level_.empty() && frame_level_.back() > level) {
            pop();
            frame_level_.pop_back();
        }
        if (frame_level_.size() == before) return false;
        for (auto& [lit, frames] : fixed_)
            if (frames > frame_level_.size()) {
                frames = frame_level_.size();
                reassert(lit);
            }
        return true;
    }

private:
    size_t level_ = 0;                                // as notified
    std::vector<size_t> frame_level_;                 // the level of each open frame (increasing)
    std::vector<std::pair<sat::Lit, size_t>> fixed_;  // root literals, frames open when asserted
};

}  // namespace craig::smt
