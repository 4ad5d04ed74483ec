#include "verifier/accelerate/closure.hpp"

#include <unordered_map>

namespace craig::verifier {

namespace {

using smt::Term;
using TermMap = std::unordered_map<Term, Term, smt::TermHash>;

Term all(smt::TermManager& tm, std::span<const Term> atoms, const TermMap& at) {
    std::vector<Term> parts;
    for (const Term a : atoms) parts.push_back(tm.substitute(a, at));
    return tm.mk_and(parts);
}

}  // namespace

Term phase_closure(const Program& plain, const IterationRelation& rel, std::span<const Term> in,
                   std::span<const Term> out, Term n) {
    smt::TermManager& tm = plain.terms();
    const Term zero = tm.mk_numeral(0, smt::SortTable::Int), one = tm.mk_numeral(1, smt::SortTable::Int);
    const Term n_is_0 = tm.mk_eq(n, zero), n_is_1 = tm.mk_eq(n, one);
    TermMap at_in;  // the state `in`
    for (const IterationUpdate& u : rel.updates) at_in[plain.vars[u.var].cur] = in[u.var];
    bool resets = false;
    TermMap at_second, at_last;  // before iteration 2, before iteration n
    std::vector<Term> parts{tm.mk_geq(n, zero)};
    for (const IterationUpdate& u : rel.updates) {
        const Term x = in[u.var], y = out[u.var];
        if (u.reset) {
            resets = true;
            const Term e = tm.substitute(u.value, at_in);
            at_second[plain.vars[u.var].cur] = e;
            at_last[plain.vars[u.var].cur] = e;
            parts.push_back(tm.mk_implies(n_is_0, tm.mk_eq(y, x)));
            parts.push_back(tm.mk_implies(tm.mk_not(n_is_0), tm.mk_eq(y, e)));
            continue;
        }
        const Term step = tm.mk_numeral(mpq_class(u.step), smt::SortTable::Int);
        Term terms[2] = {x, tm.mk_scale(mpq_class(u.step), n)};
        parts.push_back(tm.mk_eq(y, tm.mk_add(terms)));
        Term second[2] = {x, step};
        at_second[plain.vars[u.var].cur] = tm.mk_add(second);
        Term last[2] = {x, tm.mk_scale(mpq_class(u.step), tm.mk_sub(n, one))};
        at_last[plain.vars[u.var].cur] = tm.mk_add(last);
    }
    const Term first = all(tm, rel.guard, at_in), last = all(tm, rel.guard, at_last);
    const Term later = resets ? tm.mk_or(n_is_1, tm.mk_and(all(tm, rel.guard, at_second), last)) : last;
    parts.push_back(tm.mk_or(n_is_0, tm.mk_and(first, later)));
    return tm.mk_and(parts);
}

Term relation_between(const Program& plain, const IterationRelation& rel, std::span<const Term> from,
                      std::span<const Term> to) {
    smt::TermManager& tm = plain.terms();
    TermMap m;
    for (const IterationUpdate& u : rel.updates) {
        m[plain.vars[u.var].cur] = from[u.var];
        m[plain.vars[u.var].next] = to[u.var];
    }
    return tm.substitute(rel.formula, m);
}

}  // namespace craig::verifier
