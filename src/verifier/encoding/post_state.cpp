#include "verifier/encoding/post_state.hpp"

namespace craig::verifier {

PostState post_state(const Program& p, EdgeId e, const std::string& tag) {
    smt::TermManager& tm = p.terms();
    const Edge& edge = p.edges[e];
    std::vector<smt::Term> before, after;
    for (const ProgramVar& v : p.vars) before.push_back(v.cur);
    after = before;
    for (VarId w : edge.writes) after[w] = tm.mk_const(tm.fresh_fun(p.vars[w].name + tag, {}, var_sort(tm, p.vars[w])));
    PostState s;
    for (VarId v = 0; v < p.vars.size(); ++v) s.to_after[p.vars[v].cur] = after[v];
    s.formula = instantiate(p, edge, before, after, tag, true, nullptr);
    return s;
}

}  // namespace craig::verifier
