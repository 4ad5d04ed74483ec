#include "verifier/engines/kind/kind.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <ostream>

#include "smt/terms/printer.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/encoding/exact_check.hpp"
#include "verifier/encoding/induction_window.hpp"
#include "verifier/encoding/unrolling.hpp"
#include "verifier/program/dot.hpp"

namespace craig::verifier::kind {

using smt::Term;

namespace {

// Adds the seconds since construction to `into` (a part's time in the statistics).
class Tally {
public:
    explicit Tally(double& into) : into_(into), t0_(std::chrono::steady_clock::now()) {}
    ~Tally() { into_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }
    Tally(const Tally&) = delete;
    Tally& operator=(const Tally&) = delete;

private:
    double& into_;
    std::chrono::steady_clock::time_point t0_;
};

bool power_of_two(unsigned d) { return d != 0 && (d & (d - 1)) == 0; }

}  // namespace

KindEngine::KindEngine(const Program& blocks, const KindOptions& options, base::Budget budget)
    : blocks_(blocks), tm_(blocks.terms()), o_(options), budget_(budget) {
    auxiliary_.assign(blocks.locs.size(), tm_.mk_true());
}

Verdict KindEngine::run(const std::function<void(const std::function<std::string()>&)>& progress) {
    Verdict v = search(progress);  // its parts' times are tallied when it returns
    return finish(std::move(v));
}

Verdict KindEngine::search(const std::function<void(const std::function<std::string()>&)>& progress) {
    const smt::SolverOptions so = checked_solver_options(o_, budget_);
    smt::Solver base(tm_, so), step(tm_, so);
    Unrolling unrolling(blocks_);
    InductionWindow window(blocks_, {}, o_.simple_path);
    OperatorRefinement base_ops(tm_), step_ops(tm_);
    AuxiliaryInvariants& aux = aux_.emplace(blocks_, o_.invariants, so);
    Verdict v;
    auto assert_all = [](smt::Solver& s, OperatorRefinement& ops, const std::vector<Term>& fs) {
        for (const Term f : fs) {
            ops.scan(f);
            s.assert_formula(f);
        }
    };
    auto exact = [&](smt::Solver& s, OperatorRefinement& ops, Term t, std::size_t& queries) {
        ++queries;
        const Term a[1] = {t};
        const ExactCheck c = exact_check(s, ops, a, o_.operator_rounds);
        stats_.operator_instances += c.instances;
        return c;
    };
    auto unknown = [&](const smt::Solver& s, const ExactCheck& c, const char* part) {
        if (c.out_of_rounds) {
            v.reason = std::string("operator refinement budget in the ") + part + " at k = " + std::to_string(k_);
        } else if (const std::string why = s.reason_unknown(); why == "timeout" || why == "interrupted") {
            v.reason = why + " in the " + part + " at k = " + std::to_string(k_);
        } else {
            v.reason = "solver: " + why;
        }
        return v;
    };
    auto report = [&] {
        if (progress)
            progress([&] {
                return "k " + std::to_string(k_) + ", " + std::to_string(stats_.base_queries) + " base and " +
                       std::to_string(stats_.step_queries) + " step queries, " + std::to_string(stats_.injected) +
                       " injected invariants";
            });
    };
    assert_all(step, step_ops, window.initial());
    for (unsigned d = 0;; ++d) {
        report();
        {
            // Base case: no path of exactly d blocks from the entry reaches a bad location.
            Tally t(stats_.base_seconds);
            if (const Term err = unrolling.reach(d, blocks_.error); err.valid()) {
                const ExactCheck c = exact(base, base_ops, err, stats_.base_queries);
                if (c.result == smt::Result::Sat) {
                    v.kind = VerdictKind::False;
                    v.cex = unrolling.counterexample(d, base.model());
                    v.reason = "error reached in " + std::to_string(d) + " blocks (base case)";
                    return v;
                }
                if (c.result == smt::Result::Unknown) return unknown(base, c, "base case");
            }
            if (blocks_.truncated != kNoLoc)
                if (const Term tr = unrolling.reach(d, blocks_.truncated); tr.valid()) {
                    const ExactCheck c = exact(base, base_ops, tr, stats_.base_queries);
                    if (c.result == smt::Result::Sat) {
                        v.reason = "a call deeper than the recursion bound is reachable (" +
                                   (blocks_.approximations.empty() ? std::string("recursion inlined to a bound")
                                                                   : blocks_.approximations.front()) +
                                   "); raise --recursion-depth";
                        return v;
                    }
                    if (c.result == smt::Result::Unknown) return unknown(base, c, "base case");
                }
            // Every execution ended within d blocks: bmc's certificate. A plain check (refining
            // here would enumerate operator values of every state).
            const Term alive = unrolling.alive(d);
            ++stats_.base_queries;
            const Term a[1] = {alive};
            const smt::Result r = alive == tm_.mk_false() ? smt::Result::Unsat : base.check(a);
            if (r == smt::Result::Unsat) {
                v.kind = VerdictKind::True;
                v.reason = "every execution ends within " + std::to_string(d) + " blocks (base case)";
                v.certificate.complete_bound = d;
                return v;
            }
            if (r == smt::Result::Unknown) return unknown(base, ExactCheck{}, "base case");
            if (aux.samples_wanted()) {
                std::vector<Term> reach(blocks_.locs.size());
                for (LocId l = 0; l < blocks_.locs.size(); ++l) reach[l] = unrolling.reach(d, l);
                aux.add_samples(base, unrolling.state(d), reach);
            }
        }
        if (o_.invariants != InvariantSource::None && power_of_two(d)) {
            // Auxiliary invariants: conjoined to the map and to every state of the window.
            Tally t(stats_.invariant_seconds);
            std::optional<Verdict> ended;
            // Budget::slice(0) would be no limit: at least a millisecond.
            const base::Budget pdr_budget =
                budget_.slice(std::max(1e-3, std::min(o_.pdr_seconds, budget_.remaining() / 3)));
            const std::vector<Term> more = aux.generate(o_.pdr, pdr_budget, ended);
            if (ended) {
                ended->reason = "pdr, run for invariants: " + ended->reason;
                return std::move(*ended);
            }
            bool safe = true;
            for (LocId l : {blocks_.error, blocks_.truncated})
                if (l != kNoLoc && more[l] != tm_.mk_false()) safe = false;
            if (safe) {
                // The candidates `false` at the bad locations survived: an inductive invariant.
                v.kind = VerdictKind::True;
                v.certificate.invariants = more;
                v.certificate.invariants[blocks_.entry] = tm_.mk_true();
                for (Term f : more) stats_.injected += f != tm_.mk_true();
                v.reason = "the auxiliary invariants are safe (depth " + std::to_string(d) + ")";
                return v;
            }
            std::vector<Term> fresh(blocks_.locs.size(), tm_.mk_true());
            for (LocId l = 0; l < blocks_.locs.size(); ++l) {
                if (more[l] == tm_.mk_true() || more[l] == auxiliary_[l]) continue;
                fresh[l] = more[l];
                auxiliary_[l] = tm_.mk_and(auxiliary_[l], more[l]);
                ++stats_.injected;
            }
            assert_all(step, step_ops, window.constrain(fresh));
        }
        if (budget_.exhausted()) {
            v.reason = std::string(budget_.why()) + " at k = " + std::to_string(k_);
            return v;
        }
        {
            // Step case, k = d + 1: no path of k blocks through safe states ends at a bad one.
            Tally t(stats_.step_seconds);
            assert_all(step, step_ops, window.extend());
            k_ = d + 1;
            const Term bad = window.bad();
            const ExactCheck c = bad == tm_.mk_false() ? ExactCheck{smt::Result::Unsat}
                                                       : exact(step, step_ops, bad, stats_.step_queries);
            if (c.result == smt::Result::Unsat) {
                v.kind = VerdictKind::True;
                v.reason = std::to_string(k_) + "-inductive" + (o_.simple_path ? " (simple paths)" : "") +
                           (stats_.injected ? " with auxiliary invariants" : "");
                Certificate::KInduction ki;
                ki.k = k_;
                ki.simple_path = o_.simple_path;
                bool any = false;
                for (Term f : auxiliary_) any = any || f != tm_.mk_true();
                if (any) ki.invariants = auxiliary_;
                v.certificate.kinduction = std::move(ki);
                return v;
            }
            if (c.result == smt::Result::Unknown) return unknown(step, c, "step case");
        }
        if (o_.max_k && k_ >= o_.max_k) {
            v.reason = "bound k = " + std::to_string(o_.max_k) + " reached";
            return v;
        }
        {
            Tally t(stats_.base_seconds);
            assert_all(base, base_ops, unrolling.extend());
        }
    }
}

Verdict KindEngine::finish(Verdict v) const {
    base::Statistics& st = v.stats;
    st.count("kind.k", k_);
    st.count("kind.base-queries", stats_.base_queries);
    st.count("kind.step-queries", stats_.step_queries);
    st.count("kind.injected-invariants", stats_.injected);
    const AuxiliaryStats aux_stats = aux_ ? aux_->stats() : AuxiliaryStats{};
    st.count("kind.invariant-rounds", aux_stats.rounds);
    st.count("kind.samples", aux_stats.samples);
    st.count("kind.candidates", aux_stats.candidates);
    st.count("kind.houdini-queries", aux_stats.houdini_queries);
    st.count("kind.pdr-lemmas", aux_stats.pdr_lemmas);
    st.count("kind.operator-instances", stats_.operator_instances);
    st.seconds("kind.time.base", stats_.base_seconds);
    st.seconds("kind.time.step", stats_.step_seconds);
    st.seconds("kind.time.invariants", stats_.invariant_seconds);
    return v;
}

void KindEngine::write_dot(std::ostream& out) const {
    out << "digraph kind {\n  label=\"k-induction, k = " << k_ << "\";\n  node [shape=box, fontname=\"monospace\"];\n";
    for (LocId l = 0; l < blocks_.locs.size(); ++l) {
        std::string text = "location " + std::to_string(l);
        if (l == blocks_.entry) text += " (entry)";
        if (l == blocks_.error) text += " (error)";
        if (auxiliary_[l] != tm_.mk_true()) {
            text += "\\l" + dot_text(smt::term_to_string(tm_, auxiliary_[l], false), 200);
        }
        out << "  l" << l << " [label=\"" << text << "\\l\"];\n";  // text: escaped parts only
    }
    for (const Edge& e : blocks_.edges) out << "  l" << e.src << " -> l" << e.dst << ";\n";
    out << "}\n";
}

}  // namespace craig::verifier::kind
