// Bounded model checking over the large-block program (engine `bmc`).
//
// Unrolls the program step by step in one incremental solver (encoding/unrolling.hpp). After
// each step it asks whether the error is reachable at step k (a counterexample of k blocks)
// and whether any location with outgoing edges is still reachable at step k; if none is,
// every execution ended within k blocks and the program is safe: TRUE with the certificate
// "complete at bound k", which the certification gate re-derives with a fresh solver. Models
// are made exact for the uninterpreted C operators (encoding/exact_check.hpp) before they
// count. The bound grows until --bound (0 = no bound) or the end of the budget. A reachable
// recursion bound (the truncated location) is a final UNKNOWN: deepening changes nothing.
#include <string>

#include "smt/solver.hpp"
#include "verifier/encoding/exact_check.hpp"
#include "verifier/encoding/unrolling.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/encoding/checked_solver.hpp"

namespace craig::verifier {

namespace {

using smt::Term;

class Bmc final : public Engine {
public:
    explicit Bmc(const EngineSettings& s) : s_(s) {}

    Verdict solve(const Program& blocks, const base::Budget& budget) override {
        auto& tm = blocks.terms();
        smt::Solver solver(tm, checked_solver_options(s_, budget));
        Unrolling u(blocks);
        OperatorRefinement operators(tm);
        Verdict v;
        unsigned checks = 0;
        std::size_t instances = 0;
        auto finish = [&](Verdict r) {
            r.stats.count("bmc.bound", u.depth());
            r.stats.count("bmc.checks", checks);
            r.stats.count("bmc.operator-instances", instances);
            return r;
        };
        // A query stopped by the deadline or an interrupt says where the unrolling was.
        auto unknown = [&](const ExactCheck& c, unsigned k) {
            if (c.out_of_rounds)
                v.reason = "operator refinement budget at bound " + std::to_string(k);
            else if (const std::string why = solver.reason_unknown(); why == "timeout" || why == "interrupted")
                v.reason = why + " at bound " + std::to_string(k);
            else
                v.reason = "solver: " + why;
            return finish(v);
        };
        auto check = [&](Term t) {
            const Term a[1] = {t};
            ExactCheck c = exact_check(solver, operators, a, s_.operator_rounds);
            checks += c.checks;
            instances += c.instances;
            return c;
        };
        for (;;) {
            const unsigned k = u.depth();
            progress([&] { return "bound " + std::to_string(k) + ", " + std::to_string(checks) + " checks"; });
            if (const Term err = u.reach(k, blocks.error); err.valid()) {
                const ExactCheck c = check(err);
                if (c.result == smt::Result::Sat) {
                    v.kind = VerdictKind::False;
                    v.cex = u.counterexample(k, solver.model());
                    v.reason = "error reached in " + std::to_string(k) + " blocks";
                    return finish(v);
                }
                if (c.result == smt::Result::Unknown) return unknown(c, k);
            }
            const Term alive = u.alive(k);
            bool done = alive == tm.mk_false();
            if (!done) {
                // Plain check: refining here would enumerate operator values of every state.
                ++checks;
                const Term a[1] = {alive};
                const smt::Result r = solver.check(a);
                if (r == smt::Result::Unknown) return unknown(ExactCheck{}, k);
                done = r == smt::Result::Unsat;
            }
            if (done) {
                // Every execution ends within k blocks or runs into the recursion bound. Beyond k
                // nothing changes, so a reachable bound is a final UNKNOWN (deepening would spin).
                if (const Term trunc = u.truncated_reached(k); trunc != tm.mk_false()) {
                    const ExactCheck c = check(trunc);
                    if (c.result == smt::Result::Sat) {
                        v.reason = "a call deeper than the recursion bound is reachable (" +
                                   (blocks.approximations.empty() ? std::string("recursion inlined to a bound")
                                                                  : blocks.approximations.front()) +
                                   "); raise --recursion-depth";
                        return finish(v);
                    }
                    if (c.result == smt::Result::Unknown) return unknown(c, k);
                }
                v.kind = VerdictKind::True;
                v.reason = "every execution ends within " + std::to_string(k) + " blocks";
                v.certificate.complete_bound = k;
                return finish(v);
            }
            if (s_.bound && k >= s_.bound) {
                v.reason = "bound " + std::to_string(k) + " reached";
                return finish(v);
            }
            if (budget.exhausted()) {
                v.reason = std::string(budget.why()) + " at bound " + std::to_string(k);
                return finish(v);
            }
            for (const Term f : u.extend()) {
                operators.scan(f);
                solver.assert_formula(f);
            }
        }
    }

private:
    EngineSettings s_;
};

}  // namespace

const EngineInfo& bmc_engine() {
    static const EngineInfo info{
        "bmc",
        "bounded model checking: unrolls the large-block program until the error or the end of all paths",
        {},
        [](const EngineSettings& s) -> std::unique_ptr<Engine> { return std::make_unique<Bmc>(s); }, nullptr, {.words = true}};
    return info;
}

}  // namespace craig::verifier
