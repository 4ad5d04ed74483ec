#include "verifier/engines/houdini.hpp"

#include "verifier/program/cur_next.hpp"

namespace craig::verifier {

HoudiniResult houdini(const Program& p, std::vector<std::vector<smt::Term>> candidates, const smt::SolverOptions& so) {
    smt::TermManager& tm = p.terms();
    HoudiniResult out;
    candidates.resize(p.locs.size());
    candidates[p.entry].clear();
    const CurNext cn = cur_next(p);
    std::vector<smt::Term> steps;
    for (const Edge& e : p.edges) steps.push_back(instantiate(p, e, cn.cur, cn.next, "#houdini", true, nullptr));
    // Drop what some edge does not preserve until nothing changes (the map only shrinks,
    // so this ends after at most one round per candidate).
    for (bool changed = true; changed;) {
        changed = false;
        for (EdgeId e = 0; e < p.edges.size(); ++e) {
            std::vector<smt::Term>& post = candidates[p.edges[e].dst];
            if (post.empty()) continue;
            smt::Solver s(tm, so);
            s.assert_formula(tm.mk_and(candidates[p.edges[e].src]));
            s.assert_formula(steps[e]);
            std::vector<smt::Term> kept;
            for (smt::Term c : post) {
                ++out.queries;
                const smt::Term violated[1] = {tm.mk_not(tm.substitute(c, cn.to_next))};
                if (s.check(violated) == smt::Result::Unsat) kept.push_back(c);
            }
            if (kept.size() != post.size()) {
                changed = true;
                post = std::move(kept);
            }
        }
    }
    out.kept = std::move(candidates);
    return out;
}

}  // namespace craig::verifier
