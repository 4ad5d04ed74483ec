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

// The closure of a linear relation (IterationRelation::linear): with x_0 = in and
// x_{k+1} = A·x_k + b, the states x_k for k >= p (A^(p+1) = A^p) lie on one line,
// x_k = x_p + (k - p)·step, so
//     n = k and out = x_k and G(x_0), ..., G(x_{k-1})                 for each k < p
//     n >= p and out = x_p + (n - p)·step and G(x_0), ..., G(x_{p-1})
//            and (n = p or G(x_p) and G(x_{n-1}))
// (G convex: on the line it holds between its two ends).
Term linear_closure(const Program& plain, const IterationRelation& rel, std::span<const Term> in,
                    std::span<const Term> out, Term n) {
    smt::TermManager& tm = plain.terms();
    const std::size_t m = rel.updates.size();
    auto num = [&](long v) { return tm.mk_numeral(v, smt::SortTable::Int); };
    std::vector<std::vector<Term>> xs;  // x_0 .. x_p, by position in updates
    TermMap at_in;
    for (const IterationUpdate& u : rel.updates) at_in[plain.vars[u.var].cur] = in[u.var];
    std::vector<Term> b(m);
    for (std::size_t i = 0; i < m; ++i) b[i] = tm.substitute(rel.offset[i], at_in);
    xs.emplace_back();
    for (const IterationUpdate& u : rel.updates) xs[0].push_back(in[u.var]);
    for (std::size_t k = 0; k < rel.index; ++k) {
        std::vector<Term> next(m);
        for (std::size_t i = 0; i < m; ++i) {
            std::vector<Term> parts{b[i]};
            for (std::size_t j = 0; j < m; ++j)
                if (rel.matrix[i][j] != 0) parts.push_back(tm.mk_scale(mpq_class(rel.matrix[i][j]), xs[k][j]));
            next[i] = tm.mk_add(parts);
        }
        xs.push_back(std::move(next));
    }
    auto state_map = [&](const std::vector<Term>& x) {
        TermMap at;
        for (std::size_t i = 0; i < m; ++i) at[plain.vars[rel.updates[i].var].cur] = x[i];
        return at;
    };
    auto guard_at = [&](const std::vector<Term>& x) { return all(tm, rel.guard, state_map(x)); };
    auto out_is = [&](const std::vector<Term>& x) {
        std::vector<Term> eqs;
        for (std::size_t i = 0; i < m; ++i) eqs.push_back(tm.mk_eq(out[rel.updates[i].var], x[i]));
        return tm.mk_and(eqs);
    };
    const std::size_t p = rel.index;
    std::vector<Term> cases, guards_before;  // guards_before: G(x_0) .. G(x_{k-1})
    for (std::size_t k = 0; k < p; ++k) {
        std::vector<Term> c{tm.mk_eq(n, num(static_cast<long>(k))), out_is(xs[k])};
        c.insert(c.end(), guards_before.begin(), guards_before.end());
        cases.push_back(tm.mk_and(c));
        guards_before.push_back(guard_at(xs[k]));
    }
    // n >= p: the line from x_p.
    const Term since = tm.mk_sub(n, num(static_cast<long>(p)));
    std::vector<Term> at_n(m), at_last(m);
    for (std::size_t i = 0; i < m; ++i) {
        Term sum[2] = {xs[p][i], tm.mk_scale(mpq_class(rel.step[i]), since)};
        at_n[i] = tm.mk_add(sum);
        Term last[2] = {xs[p][i], tm.mk_scale(mpq_class(rel.step[i]), tm.mk_sub(since, num(1)))};
        at_last[i] = tm.mk_add(last);
    }
    std::vector<Term> c{tm.mk_geq(n, num(static_cast<long>(p))), out_is(at_n)};
    c.insert(c.end(), guards_before.begin(), guards_before.end());
    c.push_back(tm.mk_or(tm.mk_eq(n, num(static_cast<long>(p))), tm.mk_and(guard_at(xs[p]), guard_at(at_last))));
    cases.push_back(tm.mk_and(c));
    return tm.mk_or(cases);
}

}  // namespace

Term phase_closure(const Program& plain, const IterationRelation& rel, std::span<const Term> in,
                   std::span<const Term> out, Term n) {
    if (rel.linear) return linear_closure(plain, rel, in, out, n);
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
