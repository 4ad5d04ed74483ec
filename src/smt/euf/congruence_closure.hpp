#pragma once
// Backtrackable congruence closure with explanations, after Nieuwenhuis & Oliveras,
// "Fast congruence closure and extensions", Information and Computation 205(4), 2007
// (cited below as [NO07]).
//
// Contract:
//  * Terms of kind App are applications f(a1..an): two registered applications with the same
//    symbol and pairwise equal arguments are merged (congruence). Every other kind is an opaque
//    leaf (its children are not registered and not looked at).
//  * true and false are registered at construction and are always distinct (a built-in
//    disequality without a reason).
//  * All asserted equalities are closed under congruence before each public call returns, also
//    after a conflict: consistent() is false iff some asserted disequality (or true != false)
//    is violated, and all_conflicts() lists every violated one.
//  * Explanations are sets of reasons (deduplicated) of asserted equalities that, by
//    reflexivity, symmetry, transitivity and congruence alone, imply the explained equality.
//    They come from the proof forest of [NO07, Sec. 4], so each input equation and each
//    congruence is used at most once per explanation.
//  * push()/pop() form a stack; pop() restores the exact state of the matching push(),
//    including unregistering the terms that were registered since then.
//
// Complexity (n registered terms, k = number of asserted equations + congruences):
//  * merging: O(n log n) relabelling over any sequence of merges (union by size), plus
//    expected O(arity) per signature-table operation; O(log n) amortised proof-forest path
//    reversal per merge (the smaller class's tree is re-rooted) [NO07, Sec. 4];
//  * explain: linear in the length of the proof-forest paths walked; each edge is expanded
//    at most once per call, thanks to an auxiliary union-find over explained edges [NO07,
//    Sec. 4];
//  * pop: linear in the number of operations undone.
//
// Const queries (explain, conflict, ...) use internal scratch buffers: one object must not be
// used from several threads at once, not even for const calls.
#include <cstdint>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::smt::euf {

// Opaque id given by the client with each assertion (a SAT literal); never interpreted.
using Reason = int32_t;

class CongruenceClosure {
public:
    // One step t_i = t_{i+1} of an explanation chain a = t_1 = ... = t_m = b (see explain_path).
    struct Step {
        Term from;
        Term to;
        // false: `from = to` (or `to = from`) was asserted with `reason`.
        // true:  from = f(a1..an) and to = f(b1..bn) are applications of the same symbol, and
        //        args[i] is a chain proving ai = bi (empty when ai and bi are the same term).
        bool congruence = false;
        Reason reason = 0;
        std::vector<std::vector<Step>> args;
    };

    explicit CongruenceClosure(const TermManager& tm);

    // Registers t and, for App terms, recursively its arguments. Idempotent.
    void add_term(Term t);
    // Both terms are registered if needed. Equalities between terms already equal are ignored.
    void assert_equal(Term a, Term b, Reason r);
    void assert_distinct(Term a, Term b, Reason r);

    bool consistent() const { return violated_.empty(); }
    // Requires !consistent(): the reasons of one conflict (the first violated disequality, in
    // order of detection): the explanation of its equality plus its own reason.
    const std::vector<Reason>& conflict() const;
    // Every violated disequality with its own explanation (true != false contributes an
    // explanation without a disequality reason).
    std::vector<std::vector<Reason>> all_conflicts() const;

    // The violated disequalities a != b (true != false has has_reason == false), in order of
    // detection; parallel to all_conflicts().
    struct Violation {
        Term a, b;
        Reason reason;
        bool has_reason;
    };
    std::vector<Violation> violations() const;
    bool is_registered(Term t) const { return node_of(t) != kNone; }
    // Unregistered terms are their own singleton classes.
    bool are_equal(Term a, Term b) const;
    Term representative(Term a) const;
    // Requires are_equal(a, b). Appends the (pairwise distinct) reasons of an explanation.
    void explain(Term a, Term b, std::vector<Reason>& out) const;
    // Whether an asserted disequality (with a reason: not true != false) separates the classes
    // of a and b, both registered and not equal.
    bool are_distinct(Term a, Term b) const { return find_diseq(a, b) != kNone; }
    // Requires are_distinct(a, b). Appends reasons that imply a != b: the explanations of a and
    // b equal to the two sides of one such disequality, and its own reason (not deduplicated
    // across the two explanations).
    void explain_distinct(Term a, Term b, std::vector<Reason>& out) const;
    // f(r) for the representative r of every class an asserted disequality (with a reason)
    // separates from t's; r may repeat. Requires is_registered(t).
    template <class F>
    void for_each_separated(Term t, F&& f) const {
        const uint32_t A = repr_[node_of(t)];
        for (uint32_t d : dis_[A]) {
            const Diseq& q = diseqs_[d];
            if (!q.has_reason) continue;
            const uint32_t rx = repr_[q.x], ry = repr_[q.y];
            const uint32_t other = rx == A ? ry : rx;
            if (other != A) f(term_[other]);
        }
    }
    // f(m) for every member m of t's class; requires is_registered(t).
    template <class F>
    void for_each_in_class(Term t, F&& f) const {
        const uint32_t x = node_of(t);
        uint32_t v = x;
        do {
            f(term_[v]);
            v = next_[v];
        } while (v != x);
    }
    size_t class_size(Term t) const { return node_of(t) == kNone ? 1 : size_[repr_[node_of(t)]]; }
    // Requires are_equal(a, b). The chain from a to b (empty if a == b): steps[0].from == a,
    // steps[i].to == steps[i+1].from, steps.back().to == b. Sub-proofs shared by several
    // congruence steps are copied into each of them.
    std::vector<Step> explain_path(Term a, Term b) const;

    void push();
    void pop();
    size_t num_levels() const { return levels_.size(); }

    // The move log (off by default): every term whose class representative a merge changed is
    // appended to moved(), for a client that propagates equalities (an atom a = b becomes true
    // exactly when a merge moves a or b). The client clears it; pops do not take entries back.
    void set_log_moves(bool on) { log_moves_ = on; }
    std::vector<Term>& moved() { return moved_; }
    size_t num_terms() const { return num_nodes_; }

    // f(Term t, Term repr) for every registered term.
    template <class F>
    void for_each_term(F&& f) const {
        for (uint32_t n = 0; n < num_nodes_; ++n) f(term_[n], term_[repr_[n]]);
    }

private:
    static constexpr uint32_t kNone = UINT32_MAX;

    // Label of a proof-forest edge or of a pending equation x = y: an input equation with its
    // reason, or a congruence (x and y are then the two applications themselves, so the edge
    // is explained by their argument pairs).
    struct Label {
        Reason reason = 0;
        bool congruence = false;
    };
    struct Pending {
        uint32_t x, y;
        Label label;
    };
    struct Diseq {
        uint32_t x, y;
        Reason reason;
        bool has_reason;
    };
    enum class Undo : uint8_t { TableInsert, TableErase, UsePush, DisPush, Merge };
    struct TrailEntry {
        Undo kind;
        uint32_t a = 0, b = 0;                // node(s)
        uint32_t x = 0, y = 0;                // Merge: the proof-forest edge added
        uint32_t use_size = 0, dis_size = 0;  // Merge: list sizes of the surviving class before
    };
    struct Level {
        size_t trail, nodes, args, diseqs, violated;
    };

    uint32_t node_of(Term t) const { return t.id < node_of_.size() ? node_of_[t.id] : kNone; }
    uint32_t register_term(Term t);
    uint32_t new_node(Term t);
    void enqueue(uint32_t x, uint32_t y, Label l);
    void propagate();
    void merge(uint32_t x, uint32_t y, Label l);
    void add_diseq(uint32_t x, uint32_t y, Reason r, bool has_reason);
    uint32_t find_diseq(Term a, Term b) const;  // index into diseqs_, or kNone
    void changed() { conflict_valid_ = false; }

    // Signature table: open addressing with linear probing, keyed by (symbol, argument
    // representatives) of the stored application; [NO07, Sec. 3] "lookup table".
    uint32_t sig_hash(uint32_t n) const;
    bool same_sig(uint32_t m, uint32_t n) const;
    uint32_t table_lookup(uint32_t n, uint32_t h) const;
    void table_insert(uint32_t n, uint32_t h);
    void table_erase(uint32_t n);
    void table_grow();

    // Proof forest [NO07, Sec. 4].
    void make_root(uint32_t x);
    void remove_edge(uint32_t x, uint32_t y);
    uint32_t nca(uint32_t a, uint32_t b) const;
    uint32_t aux_find(uint32_t n) const;
    void explain_nodes(uint32_t a, uint32_t b, std::vector<Reason>& out) const;
    void diseq_explanation(const Diseq& d, std::vector<Reason>& out) const;
    void new_epoch(std::vector<uint32_t>& stamps, uint32_t& epoch) const;

    const TermManager& tm_;
    std::vector<uint32_t> node_of_;  // term id -> node id

    // Per node (dense ids; arrays only grow, num_nodes_ is the live prefix).
    uint32_t num_nodes_ = 0;
    std::vector<Term> term_;
    std::vector<uint32_t> repr_;        // class representative (kept exact for every member)
    std::vector<uint32_t> next_;        // circular list of the class members
    std::vector<uint32_t> size_;        // class size, valid at representatives
    std::vector<uint32_t> func_;        // FuncId for App nodes, kNone for leaves
    std::vector<uint32_t> args_first_;  // into args_
    std::vector<uint32_t> arity_;
    std::vector<uint32_t> parent_;            // proof forest: outgoing edge target or kNone
    std::vector<Label> edge_;                 // label of the outgoing edge
    std::vector<std::vector<uint32_t>> use_;  // at representatives: applications to re-sign
    std::vector<std::vector<uint32_t>> dis_;  // at representatives: disequality indices
    std::vector<uint32_t> args_;              // argument node ids of App nodes

    // Signature table.
    std::vector<uint32_t> slot_node_;  // node + 1, 0 = empty
    std::vector<uint32_t> slot_hash_;
    size_t table_used_ = 0;

    bool log_moves_ = false;
    std::vector<Term> moved_;

    std::vector<Pending> pending_;
    std::vector<uint32_t> resign_;  // scratch of merge()
    std::vector<Term> reg_stack_;   // scratch of register_term()
    std::vector<Diseq> diseqs_;
    std::vector<uint32_t> violated_;  // indices into diseqs_, in order of detection
    std::vector<TrailEntry> trail_;
    std::vector<Level> levels_;

    // Lazily computed conflict and scratch space of the const explanation routines.
    mutable bool conflict_valid_ = false;
    mutable std::vector<Reason> conflict_;
    mutable std::vector<uint32_t> mark_;  // NCA marks
    mutable uint32_t mark_epoch_ = 0;
    mutable std::vector<uint32_t> aux_stamp_;  // auxiliary union-find, valid when == aux_epoch_
    mutable uint32_t aux_epoch_ = 0;
    mutable std::vector<uint32_t> aux_parent_;
    mutable std::vector<uint32_t> aux_high_;  // at aux roots: highest proof-forest node
    mutable std::vector<std::pair<uint32_t, uint32_t>> work_;
};

}  // namespace craig::smt::euf
