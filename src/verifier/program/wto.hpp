// Weak topological ordering of a program's locations (Bourdoncle, "Efficient chaotic iteration
// strategies with widenings", 1993): a hierarchy of components, each a head followed by a
// sequence of locations and nested components, such that every edge u -> w either goes forward
// in the order or is a back edge to the head of a component that contains u. It is what the
// recursive iteration strategy of UFO and VINTA walks (Albarghouthi's thesis, §2.3): inner
// loops are unrolled until they stabilise, then the walk leaves them.
//
//   Wto w(blocks);                      // once per program, from blocks.entry
//   w.to_string()  == "0 1 (2 3 (4 5)) 6 7"
//   w.next(3) == 4  (the element after 3 in its innermost component; a component is entered
//                    at its head), w.next(5) == 4 (the last element wraps to its head),
//   w.exit(4) == 2  (after the component headed by 4 its enclosing component wraps),
//   w.exit(2) == 6.
//
// Only locations reachable from entry are ordered. Sinks listed in `last` (the error location)
// are moved to the end of the top level, which keeps the ordering weak topological since no
// edge leaves them. Heads are the targets of back edges of the depth-first search, so every
// cycle contains a head; irreducible loops get the first location the search entered as head.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "verifier/program/program.hpp"

namespace craig::verifier {

class Wto {
public:
    explicit Wto(const Program& p, std::span<const LocId> last = {});

    // The locations in order (heads before the rest of their component).
    std::span<const LocId> order() const { return order_; }
    bool contains(LocId l) const { return l < pos_.size() && pos_[l] != kNone; }
    bool is_head(LocId l) const { return contains(l) && heads_[l]; }
    // The head of the innermost component that contains l (l itself for a head), kNoLoc at
    // the top level.
    LocId head_of(LocId l) const { return head_of_[l]; }
    // Number of components containing l (a head is inside its own component).
    unsigned depth(LocId l) const { return depth_[l]; }
    // WTONEXT: the element after l in the innermost component containing l (the head of a
    // nested component stands for it), the head of that component after its last element,
    // kNoLoc after the last top-level element.
    LocId next(LocId l) const { return next_[l]; }
    // WTOEXIT of a head: the element after its component in the enclosing one, the enclosing
    // head when the component is the last element there, kNoLoc at the end of the top level.
    LocId exit(LocId head) const { return exit_[head]; }
    // l lies in the component headed by `head` (at any depth; the head itself included).
    bool in_component(LocId l, LocId head) const {
        return is_head(head) && contains(l) && pos_[head] <= pos_[l] && pos_[l] < end_[pos_[head]];
    }
    // "0 1 (2 3 (4 5)) 6" with location ids.
    std::string to_string() const;

private:
    static constexpr std::uint32_t kNone = UINT32_MAX;
    // The ordering as a tree: element i is a location; a head's component spans
    // [i, end_[i]) of order_.
    std::vector<LocId> order_;
    std::vector<std::uint32_t> end_;  // per position: one past the component (heads), i + 1 else
    std::vector<std::uint32_t> pos_;  // per location
    std::vector<bool> heads_;
    std::vector<LocId> head_of_, next_, exit_;
    std::vector<unsigned> depth_;
};

}  // namespace craig::verifier
