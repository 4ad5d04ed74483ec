#include "verifier/program/program.hpp"

#include <algorithm>

namespace craig::verifier {

LocId Program::add_location(frontend::SourceLocation loc, std::string function) {
    locs.push_back(Location{});
    provenance.locs.push_back(LocProvenance{std::move(loc), std::move(function)});
    return static_cast<LocId>(locs.size() - 1);
}

EdgeId Program::add_edge(Edge e, EdgeProvenance origin) {
    std::sort(e.writes.begin(), e.writes.end());
    e.writes.erase(std::unique(e.writes.begin(), e.writes.end()), e.writes.end());
    edges.push_back(std::move(e));
    provenance.edges.push_back(std::move(origin));
    return static_cast<EdgeId>(edges.size() - 1);
}

VarId Program::add_var(std::string name, std::string c_name, frontend::Type type, bool global, bool temp,
                       std::uint32_t decl, smt::Sort sort) {
    auto f = tm_->declare_fun(name, {}, sort);
    auto g = tm_->declare_fun(name + "'", {}, sort);
    ProgramVar v{std::move(name), tm_->mk_const(f), tm_->mk_const(g)};
    auto id = static_cast<VarId>(vars.size());
    var_of_[v.cur] = id;
    var_of_[v.next] = id;
    vars.push_back(std::move(v));
    provenance.vars.push_back(VarProvenance{std::move(c_name), {}, type, global, temp, decl});
    return id;
}

void Program::index() {
    out_.assign(locs.size(), {});
    in_.assign(locs.size(), {});
    var_of_.clear();
    for (VarId v = 0; v < vars.size(); ++v) {
        var_of_[vars[v].cur] = v;
        var_of_[vars[v].next] = v;
    }
    for (EdgeId e = 0; e < edges.size(); ++e) {
        out_[edges[e].src].push_back(e);
        in_[edges[e].dst].push_back(e);
    }
}

std::optional<std::pair<mpz_class, mpz_class>> Program::type_range(VarId v) const {
    const frontend::Type& t = var_origin(v).type;
    if (t.is_bool()) return std::pair{mpz_class(0), mpz_class(1)};
    if (!t.is_integer()) return std::nullopt;
    const auto dm = provenance.data_model;
    const std::uint64_t lo = frontend::min_value(t.kind, dm), hi = frontend::max_value(t.kind, dm);
    if (frontend::is_signed(t.kind))
        return std::pair{mpz_class(static_cast<long>(static_cast<std::int64_t>(lo))),
                         mpz_class(static_cast<long>(static_cast<std::int64_t>(hi)))};
    return std::pair{mpz_class(static_cast<unsigned long>(lo)), mpz_class(static_cast<unsigned long>(hi))};
}

VarId Program::var_of(smt::Term constant) const {
    auto it = var_of_.find(constant);
    return it == var_of_.end() ? UINT32_MAX : it->second;
}

smt::Term instantiate(const Program& p, const Edge& e, const std::vector<smt::Term>& pre,
                      const std::vector<smt::Term>& post, const std::string& tag, bool frame,
                      std::unordered_map<smt::Term, smt::Term, smt::TermHash>* renamed_aux) {
    auto& tm = p.terms();
    std::unordered_map<smt::Term, smt::Term, smt::TermHash> subst;
    for (VarId v = 0; v < p.vars.size(); ++v) subst[p.vars[v].cur] = pre[v];
    for (VarId v : e.writes) subst[p.vars[v].next] = post[v];
    for (smt::Term a : e.aux) {
        const auto& decl = tm.func(tm.func_of(a));
        smt::Term fresh = tm.mk_const(tm.fresh_fun(decl.name + tag, {}, decl.range));
        subst[a] = fresh;
        if (renamed_aux) (*renamed_aux)[a] = fresh;
    }
    smt::Term f = tm.substitute(e.formula, subst);
    if (!frame) return f;
    std::vector<smt::Term> conj{f};
    std::size_t w = 0;
    for (VarId v = 0; v < p.vars.size(); ++v) {
        while (w < e.writes.size() && e.writes[w] < v) ++w;
        if (w < e.writes.size() && e.writes[w] == v) continue;
        if (post[v] != pre[v]) conj.push_back(tm.mk_eq(post[v], pre[v]));
    }
    return tm.mk_and(conj);
}

}  // namespace craig::verifier
