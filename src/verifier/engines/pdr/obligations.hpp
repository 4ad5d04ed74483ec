// pdr's proof obligations: a cube of states at a location that reaches the error, to be blocked
// at a level (shown unreachable within that many blocks) or extended to a counterexample.
// The queue hands out the lowest level first and, among equal levels, the deepest obligation
// (the one closest to the entry), as IC3 does (Bradley VMCAI 2011, section 3: recursive
// blocking in level order). Obligations live in an arena, so that a counterexample is read
// by following parents from the one whose predecessor is initial back to the error.
#pragma once

#include <cstdint>
#include <queue>
#include <vector>

#include "smt/terms/term.hpp"
#include "verifier/program/program.hpp"

namespace craig::verifier::pdr {

using ObligationId = std::uint32_t;
inline constexpr ObligationId kNoObligation = UINT32_MAX;

struct Obligation {
    LocId loc = kNoLoc;
    std::vector<smt::Term> cube;  // over the cur constants
    unsigned level = 0;
    unsigned depth = 0;                   // blocks from here to the error
    ObligationId parent = kNoObligation;  // the obligation this one is a predecessor of
    EdgeId edge = 0;                      // the block from here to the parent's location
};

class ObligationQueue {
public:
    ObligationId add(Obligation o) {
        arena_.push_back(std::move(o));
        const auto id = static_cast<ObligationId>(arena_.size() - 1);
        push(id);
        return id;
    }
    // Queues `id` again (at its current level).
    void push(ObligationId id) { heap_.push({arena_[id].level, arena_[id].depth, id}); }
    bool empty() const { return heap_.empty(); }
    ObligationId pop() {
        const ObligationId id = heap_.top().id;
        heap_.pop();
        return id;
    }
    Obligation& operator[](ObligationId id) { return arena_[id]; }
    const Obligation& operator[](ObligationId id) const { return arena_[id]; }
    std::size_t created() const { return arena_.size(); }
    void clear() {
        arena_.clear();
        heap_ = {};
    }

private:
    struct Entry {
        unsigned level, depth;
        ObligationId id;
        // std::priority_queue keeps the greatest on top: "greater" = lower level, then deeper.
        bool operator<(const Entry& o) const {
            if (level != o.level) return level > o.level;
            if (depth != o.depth) return depth < o.depth;
            return id < o.id;
        }
    };
    std::vector<Obligation> arena_;
    std::priority_queue<Entry> heap_;
};

}  // namespace craig::verifier::pdr
