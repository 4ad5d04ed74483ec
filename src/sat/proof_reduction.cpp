#include "sat/proof_reduction.hpp"

#include <algorithm>
#include <chrono>
#include <span>
#include <vector>

#include "base/stopwatch.hpp"

namespace craig::sat {
namespace {

constexpr uint32_t kNone = ResolutionProof::kNone;

// What the rebuild does with one antecedent slot of a chain.
enum Action : uint8_t {
    kKeep = 0,     // resolve as usual (or skip/replace when the pivot is gone)
    kSkip = 1,     // leave the antecedent out: the step becomes its left premise
    kRestart = 2,  // leave everything before out: the step becomes the antecedent
};

inline uint32_t lit_index(Lit l) { return l > 0 ? 2u * static_cast<uint32_t>(l) : 2u * static_cast<uint32_t>(-l) + 1; }

bool contains(std::span<const Lit> c, Lit l) { return std::binary_search(c.begin(), c.end(), l); }

uint32_t max_var(const ResolutionProof& p) {
    uint32_t m = 0;
    for (uint32_t n = 0; n < p.num_nodes(); ++n)
        for (Lit l : p.clause(n)) m = std::max(m, static_cast<uint32_t>(l < 0 ? -l : l));
    return m;
}

uint32_t num_slots(const ResolutionProof& p) { return p.chain_offset(p.num_nodes()); }

// Recomputes the clauses of a proof bottom-up under per-slot actions.
class Rebuilder {
public:
    explicit Rebuilder(uint32_t max_var) : in_(2 * (max_var + 1), 0) {}

    // The root's chain continues with the nodes `extra` (units), resolved in this order.
    ResolutionProof run(const ResolutionProof& p, const std::vector<uint8_t>& action,
                        const std::vector<uint32_t>& extra) {
        ResolutionProof out;
        map_.assign(p.num_nodes(), kNone);
        for (uint32_t n = 0; n <= p.root(); ++n) {
            if (p.is_leaf(n)) {
                map_[n] = out.add_leaf(p.input_id(n), p.tag(n), p.clause(n));
                continue;
            }
            chain(p, out, n, action.data() + p.chain_offset(n), extra);
            if (resolvent_.empty() && !loaded_) chain(p, out, n, nullptr, extra);  // all skipped
            map_[n] = finish(out);
        }
        out.set_root(map_[p.root()]);
        return prune_unreachable(out);
    }

private:
    void chain(const ResolutionProof& p, ResolutionProof& out, uint32_t n, const uint8_t* action,
               const std::vector<uint32_t>& extra) {
        clear();
        for (uint32_t i = 0; i < p.num_antecedents(n); ++i) {
            uint8_t act = action ? action[i] : uint8_t{kKeep};
            uint32_t a = map_[p.antecedent(n, i)];
            if (i == 0) {
                if (act != kSkip) load(out, a);
            } else {
                step(out, a, p.pivot(n, i), act);
            }
        }
        if (n != p.root()) return;
        for (uint32_t u : extra) {
            Lit l = p.clause(u)[0];
            step(out, map_[u], static_cast<uint32_t>(l < 0 ? -l : l), kKeep);
        }
    }

    void clear() {
        for (Lit l : resolvent_) in_[lit_index(l)] = 0;
        resolvent_.clear();
        antecedents_.clear();
        pivots_.clear();
        loaded_ = false;
    }

    void load(const ResolutionProof& out, uint32_t n) {
        clear();
        auto c = out.clause(n);
        resolvent_.assign(c.begin(), c.end());
        for (Lit l : resolvent_) in_[lit_index(l)] = 1;
        antecedents_.push_back(n);
        pivots_.push_back(0);
        loaded_ = true;
    }

    void step(const ResolutionProof& out, uint32_t a, uint32_t v, uint8_t act) {
        if (act == kSkip) return;
        if (!loaded_ || act == kRestart) return load(out, a);
        Lit pos = static_cast<Lit>(v);
        Lit p = in_[lit_index(pos)] ? pos : in_[lit_index(-pos)] ? -pos : 0;
        if (!p) return;  // the resolvent lost the pivot: the step is not needed
        auto c = out.clause(a);
        if (!contains(c, -p)) return load(out, a);  // the antecedent lost it: it is stronger
        for (Lit l : c)
            if (l != -p && in_[lit_index(-l)]) return;  // would be tautological: keep the resolvent
        in_[lit_index(p)] = 0;
        for (Lit l : c)
            if (l != -p && !in_[lit_index(l)]) {
                in_[lit_index(l)] = 1;
                resolvent_.push_back(l);
            }
        antecedents_.push_back(a);
        pivots_.push_back(v);
    }

    uint32_t finish(ResolutionProof& out) {
        size_t k = 0;
        for (Lit l : resolvent_)
            if (in_[lit_index(l)]) {
                in_[lit_index(l)] = 0;
                resolvent_[k++] = l;
            }
        resolvent_.resize(k);
        uint32_t node = antecedents_.size() == 1 ? antecedents_[0]
                                                 : (std::sort(resolvent_.begin(), resolvent_.end()),
                                                    out.add_chain(antecedents_, pivots_, resolvent_));
        resolvent_.clear();
        loaded_ = false;
        return node;
    }

    std::vector<uint8_t> in_;  // by literal index: in the resolvent
    std::vector<Lit> resolvent_;
    std::vector<uint32_t> antecedents_, pivots_, map_;
    bool loaded_ = false;
};

// LowerUnits: every unit node (leaf or chain) with two or more uses.
void lower_units(const ResolutionProof& p, std::vector<uint8_t>& action, std::vector<uint32_t>& lowered) {
    std::vector<uint32_t> uses(p.num_nodes(), 0);
    for (uint32_t n = 0; n < p.num_nodes(); ++n)
        if (!p.is_leaf(n))
            for (uint32_t i = 0; i < p.num_antecedents(n); ++i) ++uses[p.antecedent(n, i)];
    std::vector<uint8_t> is_lowered(p.num_nodes(), 0);
    for (uint32_t n = p.num_nodes(); n-- > 0;)
        if (n != p.root() && uses[n] >= 2 && p.clause(n).size() == 1) {
            is_lowered[n] = 1;
            lowered.push_back(n);  // decreasing ids: a unit before the units its derivation used
        }
    for (uint32_t n = 0; n < p.num_nodes(); ++n)
        if (!p.is_leaf(n))
            for (uint32_t i = 0; i < p.num_antecedents(n); ++i)
                if (is_lowered[p.antecedent(n, i)]) action[p.chain_offset(n) + i] = kSkip;
}

// RecyclePivotsWithIntersection over chains. safe[n] is the intersection, over the steps that
// use node n, of the literals resolved away below that step (plus the step's own pivot literal
// on n's side); the root's safe literals are its own clause.
uint64_t recycle_pivots(const ResolutionProof& p, uint32_t max_var, std::vector<uint8_t>& action) {
    uint64_t recycled = 0;
    std::vector<std::vector<Lit>> safe(p.num_nodes());
    std::vector<uint8_t> has_safe(p.num_nodes(), 0), mark(2 * (max_var + 1), 0);
    std::vector<Lit> running;  // the safe literals of the current step, marked in `mark`
    auto contribute = [&](uint32_t a, Lit extra) {
        if (p.is_leaf(a)) return;
        auto& s = safe[a];
        if (!has_safe[a]) {
            has_safe[a] = 1;
            s = running;
            if (extra && !mark[lit_index(extra)]) s.push_back(extra);
            std::sort(s.begin(), s.end());
            return;
        }
        std::erase_if(s, [&](Lit l) { return !mark[lit_index(l)] && l != extra; });
    };
    for (uint32_t n = p.root() + 1; n-- > 0;) {
        if (p.is_leaf(n)) continue;
        if (n == p.root()) {
            auto c = p.clause(n);
            running.assign(c.begin(), c.end());
        } else if (has_safe[n]) {
            running.swap(safe[n]);
        } else {
            continue;  // not used (any more)
        }
        std::vector<Lit>().swap(safe[n]);
        for (Lit l : running) mark[lit_index(l)] = 1;
        uint32_t k = p.num_antecedents(n), off = p.chain_offset(n);
        bool cut = false;
        for (uint32_t i = k; i-- > 1;) {
            uint32_t a = p.antecedent(n, i);
            Lit v = static_cast<Lit>(p.pivot(n, i));
            Lit lit_a = contains(p.clause(a), v) ? v : -v;  // the pivot literal on a's side
            if (action[off + i] == kSkip) continue;
            if (mark[lit_index(lit_a)]) {  // a's literal is removed below anyway: the step is a
                action[off + i] = kRestart;
                ++recycled;
                contribute(a, 0);
                cut = true;
                break;
            }
            if (mark[lit_index(-lit_a)]) {  // the prefix's literal is removed below: drop a
                action[off + i] = kSkip;
                ++recycled;
                continue;
            }
            contribute(a, lit_a);
            mark[lit_index(-lit_a)] = 1;
            running.push_back(-lit_a);
        }
        if (!cut && action[off] != kSkip) contribute(p.antecedent(n, 0), 0);
        for (Lit l : running) mark[lit_index(l)] = 0;
        running.clear();
    }
    return recycled;
}

bool subset(std::span<const Lit> a, std::span<const Lit> b) {
    for (Lit l : a)
        if (!contains(b, l)) return false;
    return true;
}

}  // namespace

ResolutionProof reduce_proof(const ResolutionProof& proof, const ReductionOptions& options, ReductionStats* stats) {
    auto start = std::chrono::steady_clock::now();
    ReductionStats local;
    ReductionStats& s = stats ? *stats : local;
    s = ReductionStats{};
    s.nodes_before = proof.num_nodes();
    s.resolutions_before = proof.num_resolutions();
    ResolutionProof current = prune_unreachable(proof);
    if (current.root() != kNone) {
        auto root = proof.clause(proof.root());
        std::vector<Lit> target(root.begin(), root.end());
        uint32_t vars = max_var(current);
        Rebuilder rebuild(vars);
        auto accept = [&](ResolutionProof&& next) {
            if (next.root() != kNone && subset(next.clause(next.root()), target) &&
                next.num_resolutions() <= current.num_resolutions())
                current = std::move(next);
        };
        if (options.lower_units) {
            std::vector<uint8_t> action(num_slots(current), kKeep);
            std::vector<uint32_t> lowered;
            lower_units(current, action, lowered);
            if (!lowered.empty()) {
                s.units_lowered = static_cast<uint32_t>(lowered.size());
                accept(rebuild.run(current, action, lowered));
            }
        }
        if (options.recycle_pivots) {
            std::vector<uint8_t> action(num_slots(current), kKeep);
            s.steps_recycled = recycle_pivots(current, vars, action);
            if (s.steps_recycled) accept(rebuild.run(current, action, {}));
        }
    }
    s.nodes_after = current.num_nodes();
    s.resolutions_after = current.num_resolutions();
    s.seconds = base::seconds_since(start);
    return current;
}

}  // namespace craig::sat
