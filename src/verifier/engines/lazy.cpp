// Engine `lazy`: lazy annotation (McMillan, "Lazy Annotation for Program Testing and
// Verification"; issue 20) with the error location (and the recursion bound's location) as the
// goals, over the large-block program (lazy/lazy_search.hpp).
//
// Verdicts: FALSE with the path the exact check found to the error (replayed by the gate);
// TRUE with the labels at τ's bottom as the invariant map (justified, so inductive; valid at the
// entry; false at the error), or, without learning, with the bound within which every
// execution ends; UNKNOWN when the recursion bound's location is reached, at the end of the
// budget ("timeout at tau0 8") or when a solver or the interpolation cannot answer.
#include <string>

#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/lazy/lazy_search.hpp"

namespace craig::verifier {

namespace {

class LazyEngine final : public Engine {
public:
    explicit LazyEngine(const EngineSettings& s) : s_(s) {}

    Verdict solve(const Program& blocks, const base::Budget& budget) override {
        LazyOptions o;
        o.learning = s_.flag("lazy-learning");
        o.tau0 = s_.number("lazy-tau0");
        o.bounded_loop_limit = s_.number("lazy-bounded-loops");
        o.stop_at_goal = true;
        o.take_queries(s_);
        o.itp = itp_options(s_);
        // --lazy-program plain: one statement per edge, as the paper's basic blocks (more paths to
        // prune). The labels at the plain locations of the cut points are an invariant map of the
        // large blocks (each block is a set of plain paths between them), and a bound on plain
        // edges bounds the blocks.
        const bool plain = s_.get("lazy-program") == "plain";
        const Program& p = plain ? blocks.plain() : blocks;
        std::vector<LocId> goals{p.error};
        if (p.truncated != kNoLoc) goals.push_back(p.truncated);
        LazyOutcome r =
            lazy_annotation(p, goals, o, budget, [this](const std::function<std::string()>& st) { progress(st); });
        if (&p != &blocks && r.complete && !r.labels.empty()) {
            std::vector<smt::Term> at_blocks;
            for (const Location& l : blocks.locs) at_blocks.push_back(r.labels.at(l.plain));
            r.labels = std::move(at_blocks);
        }
        Verdict v;
        if (!r.reached.empty()) {
            if (r.reached.front().first == p.error) {
                v.kind = VerdictKind::False;
                v.cex = std::move(r.reached.front().second);
                v.reason = "error path of " + std::to_string(v.cex.plain_path.size()) + " edges at tau0 " +
                           std::to_string(r.stats.tau0);
            } else {
                v.reason = "a call deeper than the recursion bound is reachable (" +
                           (blocks.plain().approximations.empty() ? std::string("recursion inlined to a bound")
                                                                  : blocks.plain().approximations.front()) +
                           "); raise --recursion-depth";
            }
        } else if (r.complete && !r.labels.empty()) {
            v.kind = VerdictKind::True;
            v.certificate.invariants = std::move(r.labels);
            v.reason = "inductive labels at tau0 " + std::to_string(r.stats.tau0);
        } else if (r.complete && r.complete_bound) {
            v.kind = VerdictKind::True;
            v.certificate.complete_bound = r.complete_bound;
            v.reason =
                "every path explored (no learning), all ending within " + std::to_string(*r.complete_bound) + " edges";
        } else {
            v.reason = r.reason.empty() ? std::string("lazy annotation incomplete") : r.reason;
        }
        record_lazy_stats(v.stats, r.stats);
        return v;
    }

private:
    EngineSettings s_;
};

std::string check_program(const std::string& v) {
    return v == "blocks" || v == "plain" ? std::string() : "blocks or plain, not '" + v + "'";
}

constexpr EngineOption kLazyOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    {"lazy-learning", OptionKind::Flag, "true",
     "learn interpolant labels (--no-lazy-learning: the DART baseline, bounded symbolic execution of every feasible "
     "path, TRUE only when every path ends)"},
    {"lazy-program", OptionKind::Choice, "blocks",
     "the program searched: the large blocks (blocks) or one statement per edge (plain)", check_program},
    {"lazy-tau0", OptionKind::Unsigned, "1",
     "the first time-to-live bound tau0 (back edges a path may take), doubled after each round"},
    {"lazy-bounded-loops", OptionKind::Unsigned, "4096",
     "back edges of loops statically bounded by at most this many iterations (a counter increased on every cycle "
     "and guarded by a constant; nested loops: the product) do not decrement tau; 0: every back edge does"},
};

}  // namespace

const EngineInfo& lazy_engine() {
    static const EngineInfo info{
        "lazy",
        "lazy annotation (McMillan): symbolic execution of feasible paths that learns interpolant labels on edges and "
        "locations, with a time-to-live bound and inductive strengthening for loops",
        kLazyOptions,
        [](const EngineSettings& s) -> std::unique_ptr<Engine> { return std::make_unique<LazyEngine>(s); }, nullptr, {.words = true}};
    return info;
}

}  // namespace craig::verifier
