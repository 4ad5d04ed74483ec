#pragma once
// CongruenceProof: a small congruence closure over the equations of one EUF conflict that
// explains equalities as proofs built from paths, the input of EUF interpolation
// (euf_interpolation.cpp). It is separate from smt/euf on purpose: interpolation needs every
// explanation as a chain of terms with the argument proofs of each congruence, shared as a
// DAG, and it must not disturb (or depend on the backtracking state of) the solver's closure.
//
// Contract:
//  * Terms of kind App are applications f(a1..an): two registered applications of the same
//    symbol with pairwise equal arguments are merged (congruence). Every other kind is an
//    opaque leaf. true and false are registered at construction; the closure itself knows no
//    disequalities: the client compares classes with are_equal.
//  * add_equation(a, b, tag) registers both terms; close() merges until a fixpoint. Each merge
//    adds one edge to a proof forest (Nieuwenhuis & Oliveras, "Fast congruence closure and
//    extensions", Inf. Comput. 2007, Sec. 4) between the two terms it equates, labelled by
//    the equation's tag or as the congruence of those two applications.
//  * explain(a, b) requires are_equal(a, b) and returns the id of a Path a = t0, ..., tk = b
//    whose steps are input equations (used in either direction) or congruences
//    f(a1..an) = f(b1..bn) with one argument path per position (kNoPath where ai == bi). The
//    argument equalities of a congruence edge held before that edge was added, so the proof
//    is well founded; argument paths are memoised per ordered pair of terms and shared
//    between steps (a DAG, polynomial in the number of merges). An argument path always has a
//    smaller id than the paths that use it.
//  * Nothing recurses on term depth or proof depth (explicit stacks), so conflicts with
//    hundreds of literals and deep nesting are safe. No global state.
//
// Complexity: merging relabels the smaller class (O(n log n) relabellings overall) and
// re-signs its applications through a hash table; the proof forest re-roots the smaller tree.
// Explanations are linear in the forest path length per memoised pair.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::itp {

class CongruenceProof {
public:
    static constexpr uint32_t kNoPath = UINT32_MAX;

    struct Step {
        smt::Term from, to;
        bool congruence = false;
        uint32_t tag = 0;            // input equation (congruence == false)
        std::vector<uint32_t> args;  // congruence: path id per argument position, or kNoPath
    };
    struct Path {
        smt::Term from, to;
        std::vector<Step> steps;  // steps[0].from == from, steps[i].to == steps[i+1].from
        smt::Term term_at(size_t k) const { return k == 0 ? from : steps[k - 1].to; }
    };

    explicit CongruenceProof(const smt::TermManager& tm);

    void add_term(smt::Term t);
    void add_equation(smt::Term a, smt::Term b, uint32_t tag);
    void close();

    bool is_registered(smt::Term t) const { return node_of(t) != kNone; }
    // Unregistered terms are only equal to themselves. Requires close() after the last change.
    bool are_equal(smt::Term a, smt::Term b) const;
    // f(term, representative term) for every registered term.
    template <class F>
    void for_each_term(F&& f) const {
        for (uint32_t n = 0; n < term_.size(); ++n) f(term_[n], term_[rep_[n]]);
    }

    // Requires are_equal(a, b); see the contract above.
    uint32_t explain(smt::Term a, smt::Term b);
    const Path& path(uint32_t id) const { return paths_[id]; }
    size_t num_paths() const { return paths_.size(); }

private:
    static constexpr uint32_t kNone = UINT32_MAX;
    struct Label {
        bool congruence = false;
        uint32_t tag = 0;
    };
    struct Pending {
        uint32_t x, y;
        Label label;
    };
    struct SigHash {
        size_t operator()(const std::vector<uint32_t>& v) const;
    };
    // One edge of a forest path, oriented along the path.
    struct Edge {
        uint32_t from, to;
        Label label;
    };

    uint32_t node_of(smt::Term t) const {
        auto it = node_of_.find(t.id);
        return it == node_of_.end() ? kNone : it->second;
    }
    uint32_t register_term(smt::Term t);
    void signature(uint32_t app, std::vector<uint32_t>& out) const;
    void merge(uint32_t x, uint32_t y, Label label);
    void make_root(uint32_t x);
    void forest_path(uint32_t a, uint32_t b, std::vector<Edge>& out);
    static uint64_t pair_key(uint32_t a, uint32_t b) { return (uint64_t{a} << 32) | b; }

    const smt::TermManager& tm_;
    std::unordered_map<uint32_t, uint32_t> node_of_;  // term id -> node

    // Per node (dense ids).
    std::vector<smt::Term> term_;
    std::vector<uint32_t> rep_;                   // exact class representative
    std::vector<std::vector<uint32_t>> members_;  // at representatives
    std::vector<std::vector<uint32_t>> use_;      // at representatives: applications over the class
    std::vector<std::vector<uint32_t>> args_;     // argument nodes of applications
    std::vector<uint32_t> forest_parent_;
    std::vector<Label> forest_label_;  // label of the edge to forest_parent_
    std::vector<uint32_t> mark_;       // scratch of forest_path: epoch per node
    uint32_t epoch_ = 0;

    std::unordered_map<std::vector<uint32_t>, uint32_t, SigHash> table_;
    std::vector<Pending> pending_;
    std::vector<uint32_t> sig_;  // scratch

    std::vector<Path> paths_;
    std::unordered_map<uint64_t, uint32_t> path_of_;  // (node a, node b) -> path id
};

}  // namespace craig::itp
