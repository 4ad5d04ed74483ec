#include "smt/euf/congruence_closure.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace craig::smt::euf {

CongruenceClosure::CongruenceClosure(const TermManager& tm) : tm_(tm) {
    // true != false is built in: a disequality that no reason justifies, so a conflict it takes
    // part in consists of equality reasons only.
    uint32_t t = register_term(tm_.mk_true());
    uint32_t f = register_term(tm_.mk_false());
    add_diseq(t, f, 0, false);
}

// ---------------------------------------------------------------- registration

uint32_t CongruenceClosure::new_node(Term t) {
    uint32_t n = num_nodes_++;
    if (n == term_.size()) {
        term_.push_back(t);
        repr_.push_back(n);
        next_.push_back(n);
        size_.push_back(1);
        func_.push_back(kNone);
        args_first_.push_back(0);
        arity_.push_back(0);
        parent_.push_back(kNone);
        edge_.push_back(Label{});
        use_.emplace_back();
        dis_.emplace_back();
    } else {
        // Reuse a slot freed by pop(): the inner vectors keep their capacity.
        term_[n] = t;
        repr_[n] = n;
        next_[n] = n;
        size_[n] = 1;
        func_[n] = kNone;
        arity_[n] = 0;
        parent_[n] = kNone;
        use_[n].clear();
        dis_[n].clear();
    }
    if (t.id >= node_of_.size()) node_of_.resize(std::max<size_t>(t.id + 1, tm_.size()), kNone);
    node_of_[t.id] = n;
    return n;
}

uint32_t CongruenceClosure::register_term(Term t) {
    if (uint32_t n = node_of(t); n != kNone) return n;
    // Post-order over the argument DAG with an explicit stack (terms can be deep).
    reg_stack_.clear();
    reg_stack_.push_back(t);
    while (!reg_stack_.empty()) {
        Term u = reg_stack_.back();
        if (node_of(u) != kNone) {
            reg_stack_.pop_back();
            continue;
        }
        bool app = tm_.kind(u) == Kind::App;
        bool ready = true;
        if (app) {
            for (Term c : tm_.children(u))
                if (node_of(c) == kNone) {
                    reg_stack_.push_back(c);
                    ready = false;
                }
        }
        if (!ready) continue;
        reg_stack_.pop_back();
        uint32_t n = new_node(u);
        if (!app) continue;
        func_[n] = tm_.func_of(u);
        args_first_[n] = static_cast<uint32_t>(args_.size());
        arity_[n] = static_cast<uint32_t>(tm_.num_children(u));
        for (Term c : tm_.children(u)) args_.push_back(node_of_[c.id]);
        uint32_t h = sig_hash(n);
        if (uint32_t q = table_lookup(n, h); q != kNone) {
            // Congruent to a registered application: merged by propagate(); n needs no table entry
            // nor use-list entries, q stands for the signature.
            enqueue(n, q, Label{0, true});
            continue;
        }
        table_insert(n, h);
        trail_.push_back({Undo::TableInsert, n});
        const uint32_t* a = args_.data() + args_first_[n];
        for (uint32_t i = 0; i < arity_[n]; ++i) {
            uint32_t r = repr_[a[i]];
            bool seen = false;
            for (uint32_t j = 0; j < i && !seen; ++j) seen = repr_[a[j]] == r;
            if (seen) continue;
            use_[r].push_back(n);
            trail_.push_back({Undo::UsePush, r});
        }
    }
    return node_of_[t.id];
}

void CongruenceClosure::add_term(Term t) {
    if (is_registered(t)) return;
    register_term(t);
    propagate();
    changed();
}

// ---------------------------------------------------------------- assertions

void CongruenceClosure::assert_equal(Term a, Term b, Reason r) {
    uint32_t x = register_term(a);
    uint32_t y = register_term(b);
    enqueue(x, y, Label{r, false});
    propagate();
    changed();
}

void CongruenceClosure::assert_distinct(Term a, Term b, Reason r) {
    uint32_t x = register_term(a);
    uint32_t y = register_term(b);
    propagate();
    add_diseq(x, y, r, true);
    changed();
}

void CongruenceClosure::add_diseq(uint32_t x, uint32_t y, Reason r, bool has_reason) {
    uint32_t d = static_cast<uint32_t>(diseqs_.size());
    diseqs_.push_back({x, y, r, has_reason});
    uint32_t rx = repr_[x], ry = repr_[y];
    if (rx == ry) {
        violated_.push_back(d);
        return;
    }
    // Watched from both classes: whichever is merged into the other detects the violation.
    dis_[rx].push_back(d);
    trail_.push_back({Undo::DisPush, rx});
    dis_[ry].push_back(d);
    trail_.push_back({Undo::DisPush, ry});
}

void CongruenceClosure::enqueue(uint32_t x, uint32_t y, Label l) { pending_.push_back({x, y, l}); }

void CongruenceClosure::propagate() {
    // [NO07, Sec. 3]: the pending equations, input ones and congruences alike, are merged one by
    // one; merging re-signs the use list of the smaller class, which may enqueue congruences.
    // The order does not matter for completeness; a stack is cheapest.
    while (!pending_.empty()) {
        Pending p = pending_.back();
        pending_.pop_back();
        merge(p.x, p.y, p.label);
    }
}

void CongruenceClosure::merge(uint32_t x, uint32_t y, Label label) {
    uint32_t rx = repr_[x], ry = repr_[y];
    if (rx == ry) return;  // redundant: no proof-forest edge, so explanations never use it
    if (size_[rx] > size_[ry]) {
        std::swap(x, y);
        std::swap(rx, ry);
    }
    const uint32_t B = rx, A = ry;  // class B (the smaller) is merged into class A

    // Proof forest: re-root x's tree (x is in the smaller class, so the reversed path is short
    // on average) and hang it below y with the label of this equation [NO07, Sec. 4].
    make_root(x);
    parent_[x] = y;
    edge_[x] = label;

    // Disequalities between the two classes become violated.
    for (uint32_t d : dis_[B]) {
        uint32_t a = repr_[diseqs_[d].x], b = repr_[diseqs_[d].y];
        if ((a == B && b == A) || (a == A && b == B)) violated_.push_back(d);
    }

    // Applications with an argument in B change signature: take them out of the table while
    // their old key is still computable. By the table invariant (an entry is in the use list of
    // each of its argument classes), all entries whose key mentions B are found here.
    resign_.clear();
    for (uint32_t p : use_[B]) {
        if (table_lookup(p, sig_hash(p)) != p) continue;  // not the entry (or a duplicate)
        table_erase(p);
        trail_.push_back({Undo::TableErase, p});
        resign_.push_back(p);
    }

    TrailEntry m{Undo::Merge, A, B, x, y};
    m.use_size = static_cast<uint32_t>(use_[A].size());
    m.dis_size = static_cast<uint32_t>(dis_[A].size());
    trail_.push_back(m);

    // Relabel B's members and splice the two circular member lists.
    uint32_t v = B;
    do {
        repr_[v] = A;
        if (log_moves_) moved_.push_back(term_[v]);
        v = next_[v];
    } while (v != B);
    std::swap(next_[A], next_[B]);
    size_[A] += size_[B];

    // Still-satisfied disequalities of B are now watched by A.
    for (uint32_t d : dis_[B])
        if (repr_[diseqs_[d].x] != A || repr_[diseqs_[d].y] != A) dis_[A].push_back(d);

    // Re-sign: an application whose new signature is taken is congruent to the entry,
    // otherwise it becomes the entry and joins A's use list.
    for (uint32_t p : resign_) {
        uint32_t h = sig_hash(p);
        if (uint32_t q = table_lookup(p, h); q != kNone) {
            enqueue(p, q, Label{0, true});
        } else {
            table_insert(p, h);
            trail_.push_back({Undo::TableInsert, p});
            use_[A].push_back(p);
        }
    }
}

// ---------------------------------------------------------------- backtracking

void CongruenceClosure::push() {
    levels_.push_back({trail_.size(), num_nodes_, args_.size(), diseqs_.size(), violated_.size()});
}

void CongruenceClosure::pop() {
    if (levels_.empty()) throw std::logic_error("CongruenceClosure::pop without push");
    Level l = levels_.back();
    levels_.pop_back();
    while (trail_.size() > l.trail) {
        const TrailEntry& e = trail_.back();
        switch (e.kind) {
            case Undo::TableInsert: table_erase(e.a); break;
            case Undo::TableErase: table_insert(e.a, sig_hash(e.a)); break;
            case Undo::UsePush: use_[e.a].pop_back(); break;
            case Undo::DisPush: dis_[e.a].pop_back(); break;
            case Undo::Merge: {
                const uint32_t A = e.a, B = e.b;
                std::swap(next_[A], next_[B]);  // un-splice: the lists are disjoint again
                size_[A] -= size_[B];
                uint32_t v = B;
                do {
                    repr_[v] = B;
                    v = next_[v];
                } while (v != B);
                use_[A].resize(e.use_size);
                dis_[A].resize(e.dis_size);
                // The edge may have been reversed by later merges (already undone), so it can point
                // either way. Later re-rootings need no undo: a proof tree is only used as an
                // undirected tree.
                remove_edge(e.x, e.y);
                break;
            }
        }
        trail_.pop_back();
    }
    // Terms registered since the push: no trace of them is left in the table, the use lists
    // or the proof forest, so forgetting them is enough.
    for (uint32_t n = static_cast<uint32_t>(l.nodes); n < num_nodes_; ++n) node_of_[term_[n].id] = kNone;
    num_nodes_ = static_cast<uint32_t>(l.nodes);
    args_.resize(l.args);
    diseqs_.resize(l.diseqs);
    violated_.resize(l.violated);
    changed();
}

// ---------------------------------------------------------------- signature table

uint32_t CongruenceClosure::sig_hash(uint32_t n) const {
    uint64_t h = (static_cast<uint64_t>(func_[n]) << 32 | arity_[n]) * 0x9E3779B97F4A7C15ull;
    const uint32_t* a = args_.data() + args_first_[n];
    for (uint32_t i = 0; i < arity_[n]; ++i) {
        h ^= repr_[a[i]];
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    return static_cast<uint32_t>(h ^ (h >> 32));
}

bool CongruenceClosure::same_sig(uint32_t m, uint32_t n) const {
    if (func_[m] != func_[n] || arity_[m] != arity_[n]) return false;
    const uint32_t* a = args_.data() + args_first_[m];
    const uint32_t* b = args_.data() + args_first_[n];
    for (uint32_t i = 0; i < arity_[m]; ++i)
        if (repr_[a[i]] != repr_[b[i]]) return false;
    return true;
}

uint32_t CongruenceClosure::table_lookup(uint32_t n, uint32_t h) const {
    if (slot_node_.empty()) return kNone;
    size_t mask = slot_node_.size() - 1;
    for (size_t i = h & mask; slot_node_[i] != 0; i = (i + 1) & mask) {
        uint32_t m = slot_node_[i] - 1;
        if (slot_hash_[i] == h && same_sig(m, n)) return m;
    }
    return kNone;
}

void CongruenceClosure::table_insert(uint32_t n, uint32_t h) {
    if ((table_used_ + 1) * 2 > slot_node_.size()) table_grow();
    size_t mask = slot_node_.size() - 1;
    size_t i = h & mask;
    while (slot_node_[i] != 0) i = (i + 1) & mask;
    slot_node_[i] = n + 1;
    slot_hash_[i] = h;
    ++table_used_;
}

void CongruenceClosure::table_erase(uint32_t n) {
    // Keys are stable while stored (entries are removed before their argument classes change),
    // so the current hash finds the slot. Backward-shift deletion keeps probe chains intact
    // without tombstones.
    size_t mask = slot_node_.size() - 1;
    size_t i = sig_hash(n) & mask;
    while (slot_node_[i] != n + 1) {
        assert(slot_node_[i] != 0 && "erasing an application that is not in the table");
        i = (i + 1) & mask;
    }
    size_t j = i;
    for (;;) {
        j = (j + 1) & mask;
        if (slot_node_[j] == 0) break;
        size_t home = slot_hash_[j] & mask;
        // The entry at j may move to the hole at i unless its home lies cyclically in (i, j].
        bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
        if (stays) continue;
        slot_node_[i] = slot_node_[j];
        slot_hash_[i] = slot_hash_[j];
        i = j;
    }
    slot_node_[i] = 0;
    --table_used_;
}

void CongruenceClosure::table_grow() {
    std::vector<uint32_t> old_node = std::move(slot_node_), old_hash = std::move(slot_hash_);
    size_t cap = std::max<size_t>(64, old_node.size() * 2);
    slot_node_.assign(cap, 0);
    slot_hash_.assign(cap, 0);
    size_t mask = cap - 1;
    for (size_t k = 0; k < old_node.size(); ++k) {
        if (old_node[k] == 0) continue;
        size_t i = old_hash[k] & mask;
        while (slot_node_[i] != 0) i = (i + 1) & mask;
        slot_node_[i] = old_node[k];
        slot_hash_[i] = old_hash[k];
    }
}

// ---------------------------------------------------------------- proof forest

void CongruenceClosure::make_root(uint32_t x) {
    // Reverse the edges on the path from x to its root, moving each label along with its edge.
    uint32_t prev = kNone;
    Label prev_label{};
    for (uint32_t cur = x; cur != kNone;) {
        uint32_t up = parent_[cur];
        Label l = edge_[cur];
        parent_[cur] = prev;
        edge_[cur] = prev_label;
        prev = cur;
        prev_label = l;
        cur = up;
    }
}

void CongruenceClosure::remove_edge(uint32_t x, uint32_t y) {
    // A forest has at most one edge between two nodes, so whichever direction exists is it.
    if (parent_[x] == y) {
        parent_[x] = kNone;
    } else {
        assert(parent_[y] == x);
        parent_[y] = kNone;
    }
}

void CongruenceClosure::new_epoch(std::vector<uint32_t>& stamps, uint32_t& epoch) const {
    if (stamps.size() < num_nodes_) stamps.resize(term_.size(), 0);
    if (++epoch == 0) {  // wrapped around: old stamps could collide
        std::fill(stamps.begin(), stamps.end(), 0);
        epoch = 1;
    }
}

uint32_t CongruenceClosure::nca(uint32_t a, uint32_t b) const {
    new_epoch(mark_, mark_epoch_);
    for (uint32_t v = a; v != kNone; v = parent_[v]) mark_[v] = mark_epoch_;
    for (uint32_t v = b; v != kNone; v = parent_[v])
        if (mark_[v] == mark_epoch_) return v;
    assert(false && "nca of nodes in different proof trees");
    return kNone;
}

uint32_t CongruenceClosure::aux_find(uint32_t n) const {
    // Auxiliary union-find over the nodes of one explain call: a class is a connected set of
    // proof-forest edges already explained, and aux_high_ at its root is its highest node.
    if (aux_stamp_[n] != aux_epoch_) {
        aux_stamp_[n] = aux_epoch_;
        aux_parent_[n] = n;
        aux_high_[n] = n;
        return n;
    }
    uint32_t r = n;
    while (aux_parent_[r] != r) r = aux_parent_[r];
    while (aux_parent_[n] != r) {
        uint32_t up = aux_parent_[n];
        aux_parent_[n] = r;
        n = up;
    }
    return r;
}

void CongruenceClosure::explain_nodes(uint32_t a, uint32_t b, std::vector<Reason>& out) const {
    // [NO07, Sec. 4]: explain a = b by the edges on the proof-forest path between them; a
    // congruence edge f(a1..an) - f(b1..bn) adds the pairs ai = bi to the worklist. The
    // auxiliary union-find makes every edge contribute at most once, and skips a pair whose
    // path is already explained.
    if (a == b) return;
    new_epoch(aux_stamp_, aux_epoch_);
    if (aux_parent_.size() < aux_stamp_.size()) {
        aux_parent_.resize(aux_stamp_.size());
        aux_high_.resize(aux_stamp_.size());
    }
    size_t start = out.size();
    work_.clear();
    work_.emplace_back(a, b);
    while (!work_.empty()) {
        auto [u, v] = work_.back();
        work_.pop_back();
        if (u == v || aux_find(u) == aux_find(v)) continue;
        uint32_t c = nca(u, v);
        for (uint32_t w : {u, v}) {
            // Climb from w to c, jumping over explained segments. While w's aux class does not
            // contain c, its highest node lies strictly below c, so its edge is on the path.
            while (aux_find(w) != aux_find(c)) {
                uint32_t h = aux_high_[aux_find(w)];
                uint32_t up = parent_[h];
                if (edge_[h].congruence) {
                    const uint32_t* pa = args_.data() + args_first_[h];
                    const uint32_t* qa = args_.data() + args_first_[up];
                    for (uint32_t i = 0; i < arity_[h]; ++i)
                        if (pa[i] != qa[i]) work_.emplace_back(pa[i], qa[i]);
                } else {
                    out.push_back(edge_[h].reason);
                }
                aux_parent_[aux_find(h)] = aux_find(up);  // the merged class keeps up's highest node
                w = up;
            }
        }
    }
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(start), out.end());
    out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(start), out.end()), out.end());
}

// ---------------------------------------------------------------- queries

bool CongruenceClosure::are_equal(Term a, Term b) const {
    if (a == b) return true;
    uint32_t x = node_of(a), y = node_of(b);
    return x != kNone && y != kNone && repr_[x] == repr_[y];
}

Term CongruenceClosure::representative(Term a) const {
    uint32_t x = node_of(a);
    return x == kNone ? a : term_[repr_[x]];
}

void CongruenceClosure::explain(Term a, Term b, std::vector<Reason>& out) const {
    if (a == b) return;
    if (!are_equal(a, b)) throw std::logic_error("CongruenceClosure::explain: terms not equal");
    explain_nodes(node_of(a), node_of(b), out);
}

uint32_t CongruenceClosure::find_diseq(Term a, Term b) const {
    const uint32_t x = node_of(a), y = node_of(b);
    if (x == kNone || y == kNone) return kNone;
    const uint32_t A = repr_[x], B = repr_[y];
    if (A == B) return kNone;
    // Both classes watch each of their disequalities (add_diseq, merge): scan the shorter list.
    for (uint32_t d : dis_[A].size() <= dis_[B].size() ? dis_[A] : dis_[B]) {
        const Diseq& q = diseqs_[d];
        if (!q.has_reason) continue;
        const uint32_t rx = repr_[q.x], ry = repr_[q.y];
        if ((rx == A && ry == B) || (rx == B && ry == A)) return d;
    }
    return kNone;
}

void CongruenceClosure::explain_distinct(Term a, Term b, std::vector<Reason>& out) const {
    const uint32_t d = find_diseq(a, b);
    if (d == kNone) throw std::logic_error("CongruenceClosure::explain_distinct: terms not distinct");
    const Diseq& q = diseqs_[d];
    uint32_t x = node_of(a), y = node_of(b);
    if (repr_[q.x] != repr_[x]) std::swap(x, y);
    explain_nodes(x, q.x, out);
    explain_nodes(y, q.y, out);
    out.push_back(q.reason);
}

void CongruenceClosure::diseq_explanation(const Diseq& d, std::vector<Reason>& out) const {
    size_t start = out.size();
    explain_nodes(d.x, d.y, out);
    if (d.has_reason && std::find(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(), d.reason) == out.end())
        out.push_back(d.reason);
}

const std::vector<Reason>& CongruenceClosure::conflict() const {
    if (violated_.empty()) throw std::logic_error("CongruenceClosure::conflict: consistent");
    if (!conflict_valid_) {
        conflict_.clear();
        diseq_explanation(diseqs_[violated_.front()], conflict_);
        conflict_valid_ = true;
    }
    return conflict_;
}

std::vector<std::vector<Reason>> CongruenceClosure::all_conflicts() const {
    std::vector<std::vector<Reason>> res;
    res.reserve(violated_.size());
    for (uint32_t d : violated_) {
        res.emplace_back();
        diseq_explanation(diseqs_[d], res.back());
    }
    return res;
}

std::vector<CongruenceClosure::Violation> CongruenceClosure::violations() const {
    std::vector<Violation> res;
    res.reserve(violated_.size());
    for (uint32_t d : violated_) {
        const Diseq& q = diseqs_[d];
        res.push_back({term_[q.x], term_[q.y], q.reason, q.has_reason});
    }
    return res;
}

std::vector<CongruenceClosure::Step> CongruenceClosure::explain_path(Term a, Term b) const {
    std::vector<Step> result;
    if (a == b) return result;
    if (!are_equal(a, b)) throw std::logic_error("CongruenceClosure::explain_path: terms not equal");
    // Worklist of (destination, from, to). A destination is filled completely (its size fixed)
    // before the tasks for its congruence arguments are queued, so pointers into it stay valid.
    std::vector<std::tuple<std::vector<Step>*, uint32_t, uint32_t>> tasks;
    tasks.emplace_back(&result, node_of(a), node_of(b));
    std::vector<uint32_t> up_a, up_b;
    while (!tasks.empty()) {
        // Plain variables, not a structured binding: the lambda below captures dest (C++20 allows
        // capturing bindings, clang 14 does not).
        std::vector<Step>* dest = std::get<0>(tasks.back());
        uint32_t u = std::get<1>(tasks.back()), v = std::get<2>(tasks.back());
        tasks.pop_back();
        uint32_t c = nca(u, v);
        // The path u -> ... -> c <- ... <- v in the proof forest.
        up_a.clear();
        up_b.clear();
        for (uint32_t w = u; w != c; w = parent_[w]) up_a.push_back(w);
        for (uint32_t w = v; w != c; w = parent_[w]) up_b.push_back(w);
        dest->reserve(up_a.size() + up_b.size());
        auto add = [&](uint32_t child, bool forward) {
            uint32_t par = parent_[child];
            Step s;
            s.from = term_[forward ? child : par];
            s.to = term_[forward ? par : child];
            s.congruence = edge_[child].congruence;
            s.reason = s.congruence ? 0 : edge_[child].reason;
            dest->push_back(std::move(s));
        };
        for (uint32_t w : up_a) add(w, true);
        for (size_t k = up_b.size(); k-- > 0;) add(up_b[k], false);
        for (Step& s : *dest) {
            if (!s.congruence) continue;
            uint32_t p = node_of_[s.from.id], q = node_of_[s.to.id];
            s.args.resize(arity_[p]);
            const uint32_t* pa = args_.data() + args_first_[p];
            const uint32_t* qa = args_.data() + args_first_[q];
            for (uint32_t i = 0; i < arity_[p]; ++i)
                if (pa[i] != qa[i]) tasks.emplace_back(&s.args[i], pa[i], qa[i]);
        }
    }
    return result;
}

}  // namespace craig::smt::euf
