#pragma once
// PropagationQueue<Implied>: the theory propagations an eager checker found (EagerBounds,
// EagerEuf), handed to CaDiCaL one at a time, and kept by variable for the reason CaDiCaL may ask
// for later. Implied is a value type with a member `sat::Lit lit`.
//
// Contract:
//  * next(assigned) hands out the most recently found implication whose variable
//    `assigned(var)` says is unassigned, and returns its literal (0: none left); an implication
//    whose variable was assigned meanwhile is dropped.
//  * handed_out(lit) is the last implication handed out for lit's variable (CaDiCaL asks for the
//    reason of a literal it holds, which is the last propagation of its variable).
//  * clear_found() drops what was found and not handed out (after a backtrack).
//  * queued(var): an implication of var was found and is not yet handed out or dropped (so a
//    checker need not find it, and compute its reason, again).
#include <cstdint>
#include <utility>
#include <vector>

#include "sat/sat_solver.hpp"

namespace craig::smt {

template <class Implied>
class PropagationQueue {
public:
    void found(Implied imp) {
        const size_t v = static_cast<size_t>(sat::var_of(imp.lit));
        if (queued_.size() <= v) queued_.resize(v + 1, 0);
        queued_[v] = 1;
        found_.push_back(std::move(imp));
    }
    void clear_found() {
        for (const Implied& imp : found_) queued_[sat::var_of(imp.lit)] = 0;
        found_.clear();
    }
    bool queued(int var) const { return static_cast<size_t>(var) < queued_.size() && queued_[var]; }

    template <class Assigned>
    sat::Lit next(Assigned&& assigned) {
        while (!found_.empty()) {
            Implied imp = std::move(found_.back());
            found_.pop_back();
            const int v = sat::var_of(imp.lit);
            queued_[v] = 0;
            if (assigned(v)) continue;
            if (slot_.size() <= static_cast<size_t>(v)) slot_.resize(v + 1, -1);
            const sat::Lit lit = imp.lit;
            if (slot_[v] >= 0) {
                out_[slot_[v]] = std::move(imp);
            } else {
                slot_[v] = static_cast<int32_t>(out_.size());
                out_.push_back(std::move(imp));
            }
            return lit;
        }
        return 0;
    }

    // Requires lit to have been handed out by next().
    const Implied& handed_out(sat::Lit lit) const { return out_[slot_[sat::var_of(lit)]]; }

private:
    std::vector<Implied> found_;   // found, not yet handed out
    std::vector<Implied> out_;     // handed out, one slot per variable
    std::vector<int32_t> slot_;    // by variable: index into out_, -1: none
    std::vector<uint8_t> queued_;  // by variable: an implication of it is in found_
};

}  // namespace craig::smt
