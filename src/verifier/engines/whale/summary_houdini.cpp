#include "verifier/engines/whale/summary_houdini.hpp"

#include <chrono>

#include "verifier/encoding/procedure_body.hpp"

namespace craig::verifier {

SummaryHoudiniResult summary_houdini(const Procedures& ps, std::vector<std::vector<smt::Term>> candidates,
                                     const smt::SolverOptions& so) {
    smt::TermManager& tm = ps.plain->terms();
    SummaryHoudiniResult out;
    out.kept = std::move(candidates);
    out.kept.resize(ps.procs.size());
    // Each body is encoded once; every query is a fresh solver over it.
    std::vector<BodyEncoding> bodies;
    for (ProcId p = 0; p < ps.procs.size(); ++p) bodies.push_back(encode_body(ps, p, "#h" + std::to_string(p)));
    for (bool changed = true; changed;) {
        changed = false;
        for (ProcId p = 0; p < ps.procs.size(); ++p) {
            const Procedure& pr = ps.procs[p];
            const BodyEncoding& b = bodies[p];
            while (!out.kept[p].empty()) {
                // Past the deadline nothing more can be proved: keep nothing.
                if (so.deadline && std::chrono::steady_clock::now() > *so.deadline) {
                    for (auto& k : out.kept) k.clear();
                    return out;
                }
                std::vector<smt::Term> conj{b.formula};
                for (std::uint32_t e = 0; e < pr.edges.size(); ++e) {
                    if (pr.call[e] == kNoCall) continue;
                    const ProcCall& c = pr.calls[pr.call[e]];
                    for (smt::Term k : out.kept[c.callee])
                        conj.push_back(
                            tm.mk_implies(b.taken[e], instantiate_contract(ps, c.callee, k, b.call_args[pr.call[e]],
                                                                           b.call_results[pr.call[e]])));
                }
                std::vector<smt::Term> mine, negs;
                for (smt::Term k : out.kept[p]) {
                    mine.push_back(instantiate_contract(ps, p, k, b.params, b.returns));
                    negs.push_back(tm.mk_not(mine.back()));
                }
                conj.push_back(tm.mk_or(negs));
                smt::Solver s(tm, so);
                s.assert_formula(tm.mk_and(conj));
                ++out.queries;
                const smt::Result r = s.check();
                if (r == smt::Result::Unsat) break;
                changed = true;
                if (r == smt::Result::Unknown) {
                    out.kept[p].clear();
                    break;
                }
                const smt::Model& m = s.model();
                std::vector<smt::Term> keep;
                for (std::size_t i = 0; i < mine.size(); ++i) {
                    const smt::Value v = m.evaluate(mine[i]);
                    if (v.type == smt::Value::Type::Bool && v.b) keep.push_back(out.kept[p][i]);
                }
                out.kept[p] = std::move(keep);
            }
        }
    }
    return out;
}

}  // namespace craig::verifier
