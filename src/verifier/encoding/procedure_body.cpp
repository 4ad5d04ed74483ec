#include "verifier/encoding/procedure_body.hpp"

namespace craig::verifier {

BodyEncoding encode_body(const Procedures& ps, ProcId proc, const std::string& tag, std::uint32_t target) {
    const Program& p = *ps.plain;
    smt::TermManager& tm = p.terms();
    const Procedure& pr = ps.procs[proc];
    if (target == UINT32_MAX) target = pr.exit;
    BodyEncoding out;
    std::unordered_map<VarId, std::size_t> pos;
    for (std::size_t i = 0; i < pr.vars.size(); ++i) pos[pr.vars[i]] = i;

    // Which locations reach the target (edges are sorted by their source's topological position).
    std::vector<char> reaches(pr.num_locs, 0);
    reaches[target] = 1;
    for (std::size_t i = pr.edges.size(); i-- > 0;)
        if (reaches[pr.edges[i].dst] && pr.edges[i].src != target) reaches[pr.edges[i].src] = 1;
    out.state.resize(pr.num_locs);
    std::vector<smt::Term> at(pr.num_locs);  // Bool: the path visits the location
    for (std::uint32_t l = 0; l < pr.num_locs; ++l) {
        if (!reaches[l] && l != pr.entry) continue;  // the entry's state gives the params
        const std::string loc_tag = tag + "@" + std::to_string(l);
        for (VarId v : pr.vars) {
            const auto& decl = tm.func(tm.func_of(p.vars[v].cur));
            out.state[l].push_back(tm.mk_const(tm.fresh_fun(p.vars[v].name + loc_tag, {}, decl.range)));
        }
        at[l] = l == pr.entry ? tm.mk_true() : tm.mk_const(tm.fresh_fun("at" + loc_tag, {}, smt::SortTable::Bool));
    }
    std::vector<smt::Term> conj;
    std::vector<std::vector<smt::Term>> choices(pr.num_locs);
    out.taken.assign(pr.edges.size(), tm.mk_false());
    out.aux.resize(pr.edges.size());
    out.call_args.resize(pr.calls.size());
    out.call_results.resize(pr.calls.size());
    for (std::uint32_t i = 0; i < pr.edges.size(); ++i) {
        const Edge& e = pr.edges[i];
        if (!reaches[e.src] || !reaches[e.dst] || e.src == target) continue;
        const smt::Term t =
            tm.mk_const(tm.fresh_fun("taken" + tag + "@" + std::to_string(i), {}, smt::SortTable::Bool));
        out.taken[i] = t;
        choices[e.src].push_back(t);
        const std::vector<smt::Term>& pre = out.state[e.src];
        const std::vector<smt::Term>& post = out.state[e.dst];
        std::unordered_map<smt::Term, smt::Term, smt::TermHash> subst;
        for (std::size_t j = 0; j < pr.vars.size(); ++j) subst[p.vars[pr.vars[j]].cur] = pre[j];
        std::vector<char> written(pr.vars.size(), 0);
        std::vector<smt::Term> step;
        if (pr.call[i] != kNoCall) {
            const ProcCall& c = pr.calls[pr.call[i]];
            for (smt::Term a : c.args) out.call_args[pr.call[i]].push_back(tm.substitute(a, subst));
            for (VarId r : c.results) {
                written[pos.at(r)] = 1;
                out.call_results[pr.call[i]].push_back(post[pos.at(r)]);
            }
        } else {
            for (VarId w : e.writes) {
                subst[p.vars[w].next] = post[pos.at(w)];
                written[pos.at(w)] = 1;
            }
            for (smt::Term a : e.aux) {
                const auto& decl = tm.func(tm.func_of(a));
                const smt::Term fresh = tm.mk_const(tm.fresh_fun(decl.name + tag, {}, decl.range));
                subst[a] = fresh;
                out.aux[i][a] = fresh;
            }
            step.push_back(tm.substitute(e.formula, subst));
        }
        for (std::size_t j = 0; j < pr.vars.size(); ++j)
            if (!written[j]) step.push_back(tm.mk_eq(post[j], pre[j]));
        step.push_back(at[e.dst]);
        conj.push_back(tm.mk_implies(t, tm.mk_and(step)));
    }
    for (std::uint32_t l = 0; l < pr.num_locs; ++l) {
        if (!reaches[l] || l == target) continue;
        conj.push_back(tm.mk_implies(at[l], tm.mk_or(choices[l])));
    }
    out.formula = reaches[pr.entry] ? tm.mk_and(conj) : tm.mk_false();
    for (VarId v : pr.params) out.params.push_back(out.state[pr.entry][pos.at(v)]);
    for (VarId v : pr.returns) out.returns.push_back(out.state[target][pos.at(v)]);
    return out;
}

smt::Term instantiate_contract(const Procedures& ps, ProcId proc, smt::Term formula,
                               const std::vector<smt::Term>& params, const std::vector<smt::Term>& returns) {
    const Program& p = *ps.plain;
    const Procedure& pr = ps.procs[proc];
    std::unordered_map<smt::Term, smt::Term, smt::TermHash> subst;
    for (std::size_t i = 0; i < pr.params.size() && i < params.size(); ++i) subst[p.vars[pr.params[i]].cur] = params[i];
    for (std::size_t i = 0; i < pr.returns.size() && i < returns.size(); ++i)
        subst[p.vars[pr.returns[i]].next] = returns[i];
    return p.terms().substitute(formula, subst);
}

}  // namespace craig::verifier
