// tpa's counterexamples (see tpa.hpp): the blocks of a reachable power query, replayed for the
// C operators; a FALSE only for a path from the entry to the error that replays.
#include <chrono>
#include <optional>

#include "base/stopwatch.hpp"
#include "verifier/encoding/block_path_replay.hpp"
#include "verifier/engines/tpa/tpa.hpp"

namespace craig::verifier::tpa {

using smt::Term;

void TpaEngine::close_path(const Reached& r) {
    const auto t0 = std::chrono::steady_clock::now();
    struct Tally {
        double& s;
        std::chrono::steady_clock::time_point t0;
        ~Tally() { s += base::seconds_since(t0); }
    } tally{stats_.path_seconds, t0};
    // The blocks before the first state (from the entry) and after the last (into the error).
    auto border = [&](Term formula, Term state) {
        smt::Solver s(tm_, solver_options(false));
        s.assert_formula(formula);
        s.assert_formula(state);
        if (s.check() != smt::Result::Sat) throw Stop{"the ends of a reachable query's path: " + s.reason_unknown()};
        return s.model();
    };
    std::vector<EdgeId> path{ts_.init_block(border(ts_.init(0), r.start))};
    path.insert(path.end(), r.path.begin(), r.path.end());
    if (const std::optional<EdgeId> e = ts_.bad_block(border(ts_.bad(0), r.states))) path.push_back(*e);
    stats_.path_blocks = path.size();
    bool connected = !path.empty() && blocks_.edges[path.front()].src == blocks_.entry;
    for (std::size_t k = 1; connected && k < path.size(); ++k)
        connected = blocks_.edges[path[k - 1]].dst == blocks_.edges[path[k]].src;
    if (!connected) throw Stop{"the blocks of a reachable query are not a path from the entry"};
    const std::string blocks = std::to_string(path.size()) + " blocks";
    const LocId end = blocks_.edges[path.back()].dst;
    BlockPathReplay replay = replay_block_path(blocks_, path, solver_options(false), o_.operator_rounds, "#tpa");
    stats_.operator_instances += replay.operator_instances;
    verdict_ = Verdict{};
    verdict_.kind = VerdictKind::Unknown;
    if (replay.result == smt::Result::Unknown) {
        if (replay.solver_reason == "timeout" || replay.solver_reason == "interrupted")
            throw Stop{replay.solver_reason + " at level " + std::to_string(power_) + " (replay of " + blocks + ")"};
        verdict_.reason = "replay of a path of " + blocks + ": " + replay.why;
        return;
    }
    if (replay.result == smt::Result::Unsat) {
        verdict_.reason = "a path of " + blocks + " found by tpa does not replay for the C operators";
        return;
    }
    if (end != blocks_.error) {
        verdict_.reason =
            "a call deeper than the recursion bound is reachable (" +
            (blocks_.approximations.empty() ? std::string("recursion inlined to a bound") : blocks_.approximations.front()) +
            "); raise --recursion-depth";
        return;
    }
    verdict_.kind = VerdictKind::False;
    verdict_.cex = std::move(replay.cex);
    verdict_.reason = "error reached in " + blocks + " (level " + std::to_string(power_) + ")";
}

}  // namespace craig::verifier::tpa
