#include "verifier/program/split_conditionals.hpp"

#include <algorithm>
#include <unordered_set>

namespace craig::verifier {

using smt::Kind;
using smt::Term;

namespace {

// The distinct conditions of the ite terms of f, in the order they are met (depth first).
std::vector<Term> ite_conditions(const smt::TermManager& tm, Term f) {
    std::vector<Term> conds, stack{f};
    std::unordered_set<Term, smt::TermHash> seen;
    while (!stack.empty()) {
        const Term t = stack.back();
        stack.pop_back();
        if (!seen.insert(t).second) continue;
        if (tm.kind(t) == Kind::Ite && std::find(conds.begin(), conds.end(), tm.child(t, 0)) == conds.end())
            conds.push_back(tm.child(t, 0));
        for (Term c : tm.children(t)) stack.push_back(c);
    }
    return conds;
}

}  // namespace

Program split_conditionals(const Program& plain, std::vector<EdgeId>& original, unsigned max_conditions) {
    smt::TermManager& tm = plain.terms();
    Program out = plain;
    out.edges.clear();
    out.provenance.edges.clear();
    original.clear();
    for (EdgeId e = 0; e < plain.edges.size(); ++e) {
        const Edge& edge = plain.edges[e];
        const std::vector<Term> conds = ite_conditions(tm, edge.formula);
        if (conds.empty() || conds.size() > max_conditions) {
            out.edges.push_back(edge);
            out.provenance.edges.push_back(plain.provenance.edges[e]);
            original.push_back(e);
            continue;
        }
        for (unsigned mask = 0; mask < (1u << conds.size()); ++mask) {
            std::unordered_map<Term, Term, smt::TermHash> subst;
            std::vector<Term> parts;
            for (std::size_t i = 0; i < conds.size(); ++i) {
                const bool value = (mask >> i) & 1u;
                subst.emplace(conds[i], tm.mk_bool(value));
                parts.push_back(value ? conds[i] : tm.mk_not(conds[i]));
            }
            parts.push_back(tm.substitute(edge.formula, subst));
            const Term f = tm.mk_and(parts);
            if (f == tm.mk_false()) continue;
            Edge c = edge;
            c.formula = f;
            out.edges.push_back(std::move(c));
            out.provenance.edges.push_back(plain.provenance.edges[e]);
            original.push_back(e);
        }
    }
    out.index();
    return out;
}

}  // namespace craig::verifier
