#include "smt/euf_certificate.hpp"

#include <map>
#include <unordered_map>
#include <vector>

namespace craig::smt {

namespace {

class NaiveClosure {
public:
    explicit NaiveClosure(const TermManager& tm) : tm_(tm) {}

    uint32_t node(Term t) {
        auto it = index_.find(t.id);
        if (it != index_.end()) return it->second;
        std::vector<uint32_t> args;
        if (tm_.kind(t) == Kind::App)
            for (Term c : tm_.children(t)) args.push_back(node(c));
        uint32_t n = static_cast<uint32_t>(parent_.size());
        parent_.push_back(n);
        index_.emplace(t.id, n);
        if (tm_.kind(t) == Kind::App) apps_.push_back({n, tm_.func_of(t), std::move(args)});
        return n;
    }
    uint32_t find(uint32_t n) {
        while (parent_[n] != n) n = parent_[n] = parent_[parent_[n]];
        return n;
    }
    void unite(uint32_t a, uint32_t b) { parent_[find(a)] = find(b); }

    // Merges congruent applications until nothing changes.
    void close() {
        for (bool changed = true; changed;) {
            changed = false;
            std::map<std::pair<uint32_t, std::vector<uint32_t>>, uint32_t> signatures;
            for (const App& a : apps_) {
                std::vector<uint32_t> reps;
                for (uint32_t x : a.args) reps.push_back(find(x));
                auto [it, fresh] = signatures.emplace(std::make_pair(a.func, std::move(reps)), a.node);
                if (!fresh && find(it->second) != find(a.node)) {
                    unite(it->second, a.node);
                    changed = true;
                }
            }
        }
    }

private:
    struct App {
        uint32_t node;
        uint32_t func;
        std::vector<uint32_t> args;
    };
    const TermManager& tm_;
    std::unordered_map<uint32_t, uint32_t> index_;
    std::vector<uint32_t> parent_;
    std::vector<App> apps_;
};

}  // namespace

bool check_euf_conflict(const TermManager& tm, std::span<const EufFact> facts, std::string* why) {
    NaiveClosure cc(tm);
    // Built in: true != false (as terms of the closure, not through the term manager's sharing).
    uint32_t t = cc.node(tm.mk_true()), f = cc.node(tm.mk_false());
    std::vector<std::pair<uint32_t, uint32_t>> diseqs{{t, f}};
    for (const EufFact& e : facts) {
        uint32_t a = cc.node(e.a), b = cc.node(e.b);
        if (e.equal)
            cc.unite(a, b);
        else
            diseqs.emplace_back(a, b);
    }
    cc.close();
    for (auto [a, b] : diseqs)
        if (cc.find(a) == cc.find(b)) return true;
    if (why) *why = "the facts of the conflict are consistent under congruence closure";
    return false;
}

}  // namespace craig::smt
