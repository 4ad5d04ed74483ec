// Congruence closure with a proof forest and path explanations (euf_congruence_proof.hpp).
#include "itp/euf_congruence_proof.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>
#include <utility>

namespace craig::itp {

using smt::Kind;
using smt::Term;

size_t CongruenceProof::SigHash::operator()(const std::vector<uint32_t>& v) const {
    uint64_t h = 0x9e3779b97f4a7c15ull;
    for (uint32_t x : v) h = (h ^ x) * 0x100000001b3ull + (h >> 29);
    return static_cast<size_t>(h);
}

CongruenceProof::CongruenceProof(const smt::TermManager& tm) : tm_(tm) {
    register_term(tm.mk_true());
    register_term(tm.mk_false());
}

void CongruenceProof::signature(uint32_t app, std::vector<uint32_t>& out) const {
    out.clear();
    out.push_back(tm_.func_of(term_[app]));
    for (uint32_t a : args_[app]) out.push_back(rep_[a]);
}

uint32_t CongruenceProof::register_term(Term root) {
    if (uint32_t n = node_of(root); n != kNone) return n;
    // Post-order over the application structure: arguments get nodes before their parents.
    std::vector<Term> stack{root};
    while (!stack.empty()) {
        Term t = stack.back();
        if (node_of(t) != kNone) {
            stack.pop_back();
            continue;
        }
        const bool app = tm_.kind(t) == Kind::App;
        bool ready = true;
        if (app)
            for (Term c : tm_.children(t))
                if (node_of(c) == kNone) {
                    stack.push_back(c);
                    ready = false;
                }
        if (!ready) continue;
        stack.pop_back();
        const uint32_t n = static_cast<uint32_t>(term_.size());
        node_of_.emplace(t.id, n);
        term_.push_back(t);
        rep_.push_back(n);
        members_.push_back({n});
        use_.emplace_back();
        args_.emplace_back();
        forest_parent_.push_back(kNone);
        forest_label_.push_back({});
        mark_.push_back(0);
        if (!app) continue;
        for (Term c : tm_.children(t)) args_[n].push_back(node_of(c));
        for (uint32_t a : args_[n]) use_[rep_[a]].push_back(n);
        signature(n, sig_);
        auto [it, fresh] = table_.emplace(sig_, n);
        if (!fresh && rep_[it->second] != rep_[n]) pending_.push_back({n, it->second, {true, 0}});
    }
    return node_of(root);
}

void CongruenceProof::add_term(Term t) { register_term(t); }

void CongruenceProof::add_equation(Term a, Term b, uint32_t tag) {
    uint32_t x = register_term(a);
    uint32_t y = register_term(b);
    pending_.push_back({x, y, {false, tag}});
}

void CongruenceProof::close() {
    // FIFO order: input equations first as given, then the congruences they cause.
    for (size_t i = 0; i < pending_.size(); ++i) {
        Pending p = pending_[i];
        merge(p.x, p.y, p.label);
    }
    pending_.clear();
}

bool CongruenceProof::are_equal(Term a, Term b) const {
    if (a == b) return true;
    uint32_t x = node_of(a), y = node_of(b);
    return x != kNone && y != kNone && rep_[x] == rep_[y];
}

void CongruenceProof::make_root(uint32_t x) {
    // Reverse the edges on the path from x to its root; every edge keeps its label.
    uint32_t prev = kNone;
    Label prev_label{};
    for (uint32_t cur = x; cur != kNone;) {
        uint32_t next = forest_parent_[cur];
        Label label = forest_label_[cur];
        forest_parent_[cur] = prev;
        forest_label_[cur] = prev_label;
        prev = cur;
        prev_label = label;
        cur = next;
    }
}

void CongruenceProof::merge(uint32_t x, uint32_t y, Label label) {
    uint32_t rx = rep_[x], ry = rep_[y];
    if (rx == ry) return;
    // The smaller class is relabelled, and its proof tree re-rooted at x and hung below y.
    if (members_[rx].size() > members_[ry].size()) {
        std::swap(x, y);
        std::swap(rx, ry);
    }
    make_root(x);
    forest_parent_[x] = y;
    forest_label_[x] = label;

    std::vector<uint32_t> moved = std::move(use_[rx]);
    use_[rx].clear();
    for (uint32_t p : moved) {
        signature(p, sig_);
        auto it = table_.find(sig_);
        if (it != table_.end() && it->second == p) table_.erase(it);
    }
    for (uint32_t m : members_[rx]) {
        rep_[m] = ry;
        members_[ry].push_back(m);
    }
    members_[rx].clear();
    for (uint32_t p : moved) {
        signature(p, sig_);
        auto [it, fresh] = table_.emplace(sig_, p);
        if (!fresh && rep_[it->second] != rep_[p]) pending_.push_back({p, it->second, {true, 0}});
        use_[ry].push_back(p);
    }
}

void CongruenceProof::forest_path(uint32_t a, uint32_t b, std::vector<Edge>& out) {
    out.clear();
    if (++epoch_ == 0) {  // wrapped: clear the stamps once
        std::fill(mark_.begin(), mark_.end(), 0);
        epoch_ = 1;
    }
    for (uint32_t n = a; n != kNone; n = forest_parent_[n]) mark_[n] = epoch_;
    std::vector<uint32_t> from_b;  // b and its ancestors below the nearest common ancestor
    uint32_t nca = b;
    while (mark_[nca] != epoch_) {
        from_b.push_back(nca);
        nca = forest_parent_[nca];
        if (nca == kNone) throw std::logic_error("CongruenceProof: explained terms are not equal");
    }
    for (uint32_t n = a; n != nca; n = forest_parent_[n]) out.push_back({n, forest_parent_[n], forest_label_[n]});
    for (size_t j = from_b.size(); j-- > 0;)
        out.push_back({forest_parent_[from_b[j]], from_b[j], forest_label_[from_b[j]]});
}

uint32_t CongruenceProof::explain(Term a, Term b) {
    if (!are_equal(a, b)) throw std::logic_error("CongruenceProof::explain: terms are not equal");
    const uint32_t na = node_of(a), nb = node_of(b);
    if (a == b && na == kNone) {
        paths_.push_back({a, b, {}});
        return static_cast<uint32_t>(paths_.size() - 1);
    }
    // Explicit stack of pairs to explain; a pair is built once all argument pairs of its
    // congruence edges are. `open` catches a cycle, which the forest's history rules out.
    std::vector<std::pair<uint32_t, uint32_t>> stack{{na, nb}};
    std::unordered_set<uint64_t> open;
    std::vector<Edge> edges;
    while (!stack.empty()) {
        auto [x, y] = stack.back();
        if (path_of_.count(pair_key(x, y))) {
            stack.pop_back();
            continue;
        }
        if (x == y) {
            edges.clear();
        } else {
            forest_path(x, y, edges);
        }
        bool ready = true;
        for (const Edge& e : edges) {
            if (!e.label.congruence) continue;
            for (size_t i = 0; i < args_[e.from].size(); ++i) {
                uint32_t ax = args_[e.from][i], ay = args_[e.to][i];
                if (ax == ay || path_of_.count(pair_key(ax, ay))) continue;
                if (open.count(pair_key(ax, ay)))
                    throw std::logic_error("CongruenceProof: cyclic congruence explanation");
                stack.push_back({ax, ay});
                ready = false;
            }
        }
        if (!ready) {
            open.insert(pair_key(x, y));
            continue;
        }
        stack.pop_back();
        Path p{term_[x], term_[y], {}};
        p.steps.reserve(edges.size());
        for (const Edge& e : edges) {
            Step s{term_[e.from], term_[e.to], e.label.congruence, e.label.tag, {}};
            if (e.label.congruence)
                for (size_t i = 0; i < args_[e.from].size(); ++i) {
                    uint32_t ax = args_[e.from][i], ay = args_[e.to][i];
                    s.args.push_back(ax == ay ? kNoPath : path_of_.at(pair_key(ax, ay)));
                }
            p.steps.push_back(std::move(s));
        }
        path_of_.emplace(pair_key(x, y), static_cast<uint32_t>(paths_.size()));
        paths_.push_back(std::move(p));
    }
    return path_of_.at(pair_key(na, nb));
}

}  // namespace craig::itp
