// MixedLiterals (mixed_literals.hpp): mixed atoms and their projections, LA subformulas, and the
// EQ / LA resolution rules; the leaves are in mixed_leaves.cpp.
#include "itp/mixed_literals.hpp"

#include <unordered_set>

namespace craig::itp {

using smt::Kind;
using smt::Monomial;
using smt::SortTable;

bool MixedLiterals::fail(std::string* why, std::string msg) {
    if (why) *why = std::move(msg);
    return false;
}

void MixedLiterals::add_to(std::map<uint32_t, mpq_class>& dst, mpq_class& dk, const std::map<uint32_t, mpq_class>& src,
                           const mpq_class& sk, const mpq_class& f) {
    for (const auto& [id, c] : src) dst[id] += f * c;
    dk += f * sk;
}

void MixedLiterals::drop_zeros(std::map<uint32_t, mpq_class>& m) {
    for (auto it = m.begin(); it != m.end();) it = it->second == 0 ? m.erase(it) : std::next(it);
}

MixedLiterals::Poly MixedLiterals::poly_of(Term t) const {
    Poly p;
    std::vector<Monomial> ms;
    tm_.as_polynomial(t, ms, p.k);
    for (const Monomial& m : ms) p.c[m.atom.id] += m.coeff;
    drop_zeros(p.c);
    return p;
}

Term MixedLiterals::poly_term(const Poly& p, bool is_int) {
    std::vector<Monomial> ms;
    for (const auto& [id, c] : p.c)
        if (c != 0) ms.push_back(Monomial{c, tm_.term(id)});
    return tm_.mk_linear(std::move(ms), p.k, is_int ? SortTable::Int : SortTable::Real);
}

bool MixedLiterals::split_poly(const Poly& u, Poly& ua, Poly& ub, std::string* why) {
    ua = Poly{};
    ub = Poly{};
    ub.k = u.k;
    for (const auto& [id, c] : u.c) {
        switch (coloring_.color(tm_.term(id))) {
            case Color::Shared:
            case Color::A: ua.c[id] = c; break;
            case Color::B: ub.c[id] = c; break;
            case Color::Mixed: return fail(why, "an arithmetic term of a mixed atom is itself AB-mixed");
        }
    }
    return true;
}

bool MixedLiterals::supported(Term atom, std::string* why) {
    if (atoms_.count(atom.id)) return true;
    Atom at;
    Kind k = tm_.kind(atom);
    if (k == Kind::Eq && !tm_.is_bool(tm_.child(atom, 0))) {
        Term l = tm_.child(atom, 0), r = tm_.child(atom, 1);
        at.equality = true;
        at.sort = tm_.sort(l);
        Color cl = coloring_.color(l), cr = coloring_.color(r);
        if (cl == Color::A && cr == Color::B) {
            at.a_term = l, at.b_term = r;
        } else if (cl == Color::B && cr == Color::A) {
            at.a_term = r, at.b_term = l;
            at.flipped = true;  // d = r - l: a is the A side
        } else if (!tm_.is_arith(l)) {
            return fail(why, "a mixed equality whose sides are not one A-local and one B-local term");
        }
        if (tm_.is_arith(l)) {
            at.is_int = at.sort == SortTable::Int && tm_.sort(r) == SortTable::Int;
            at.d = poly_of(at.flipped ? r : l);
            Poly rp = poly_of(at.flipped ? l : r);
            add_to(at.d.c, at.d.k, rp.c, rp.k, -1);
            drop_zeros(at.d.c);
            Poly db;
            if (!split_poly(at.d, at.a, db, why)) return false;
            at.b.k = -db.k;
            for (auto& [id, c] : db.c) at.b.c[id] = -c;
        }
        at.x = tm_.fresh_fun("itp_x", {}, at.sort);
        at.p = tm_.fresh_fun("itp_p", {at.sort}, SortTable::Bool);
        aux_atom_[at.p] = atom.id;
    } else if (k == Kind::Leq || k == Kind::Lt) {
        Term p = tm_.child(atom, 0);
        at.is_int = tm_.sort(p) == SortTable::Int;
        at.sort = tm_.sort(p);
        at.strict = k == Kind::Lt;
        at.d = poly_of(p);
        at.d.k -= tm_.numeral(tm_.child(atom, 1));
        Poly ua, ub;
        if (!split_poly(at.d, ua, ub, why)) return false;
        at.x = tm_.fresh_fun("itp_x", {}, at.sort);
        la_aux_[at.x] = true;
    } else {
        return fail(why, "a mixed atom that is neither an equality of terms nor an inequality");
    }
    at.xt = tm_.mk_const(at.x);
    aux_atom_[at.x] = atom.id;
    atoms_.emplace(atom.id, std::move(at));
    return true;
}

MixedLiterals::Atom* MixedLiterals::atom_of(Term atom) {
    auto it = atoms_.find(atom.id);
    return it == atoms_.end() ? nullptr : &it->second;
}

void MixedLiterals::literal_poly(const Atom& at, Term, bool value, Poly& u, bool& strict) const {
    u = at.d;
    strict = at.strict;
    if (!value) {
        for (auto& [id, c] : u.c) c = -c;
        u.k = -u.k;
        strict = !at.strict;
        if (at.is_int && strict) {  // not (p <= c) over Int: c + 1 - p <= 0
            strict = false;
            u.k += 1;
        }
    }
}

Term MixedLiterals::make_la(Term s, const mpz_class& k, Term f, bool is_int) {
    FuncId c = tm_.fresh_fun("itp_la", {}, SortTable::Bool);
    las_.emplace(c, La{s, k, f, is_int});
    return tm_.mk_const(c);
}

const MixedLiterals::La* MixedLiterals::la_of(Term t) const {
    if (tm_.kind(t) != Kind::Const) return nullptr;
    auto it = las_.find(tm_.func_of(t));
    return it == las_.end() ? nullptr : &it->second;
}

// Whether some symbol of root satisfies `hit`; `through_la`: also inside LA constants' s and F.
bool MixedLiterals::any_symbol(Term root, const std::function<bool(FuncId)>& hit, bool through_la) {
    std::vector<Term> stack{root};
    std::unordered_set<uint32_t> seen;
    while (!stack.empty()) {
        Term t = stack.back();
        stack.pop_back();
        if (!seen.insert(t.id).second) continue;
        Kind k = tm_.kind(t);
        if ((k == Kind::Const || k == Kind::App) && hit(tm_.func_of(t))) return true;
        if (const La* la = through_la ? la_of(t) : nullptr) {
            stack.push_back(la->s);
            stack.push_back(la->f);
        }
        for (Term c : tm_.children(t)) stack.push_back(c);
    }
    return false;
}

bool MixedLiterals::mentions(Term root, FuncId f) {
    return any_symbol(
        root, [f](FuncId g) { return g == f; }, true);
}

bool MixedLiterals::mentions_la_aux(Term s) {
    return any_symbol(
        s, [&](FuncId g) { return la_aux_.count(g) > 0; }, false);
}

bool MixedLiterals::mentions_aux(Term root) {
    return any_symbol(
        root, [&](FuncId g) { return aux_atom_.count(g) || las_.count(g); }, false);
}

// Rewrites bottom-up; `leaf` may replace a term outright. An LA constant whose s or F changes
// becomes a new LA constant (or its F when no LA auxiliary is left in s). Interpolant terms are
// small, so plain recursion is fine here.
Term MixedLiterals::rewrite(Term t, const std::function<std::optional<Term>(Term)>& leaf,
                            std::unordered_map<uint32_t, Term>& memo) {
    if (auto it = memo.find(t.id); it != memo.end()) return it->second;
    Term out = t;
    if (auto r = leaf(t)) {
        out = *r;
    } else if (const La* la = la_of(t)) {
        La copy = *la;
        Term s = rewrite(copy.s, leaf, memo), f = rewrite(copy.f, leaf, memo);
        if (s != copy.s || f != copy.f) out = mentions_la_aux(s) ? make_la(s, copy.k, f, copy.is_int) : f;
    } else if (tm_.num_children(t) > 0) {
        // A copy: rewriting creates terms, which may move the manager's child storage.
        const std::vector<Term> old(tm_.children(t).begin(), tm_.children(t).end());
        std::vector<Term> kids;
        bool changed = false;
        for (Term c : old) {
            Term r = rewrite(c, leaf, memo);
            changed |= r != c;
            kids.push_back(r);
        }
        if (changed) out = tm_.rebuild(t, kids);
    }
    memo.emplace(t.id, out);
    return out;
}

std::optional<Term> MixedLiterals::combine(const La& l1, const La& l2, FuncId x, std::string* why) {
    Poly p1 = poly_of(l1.s), p2 = poly_of(l2.s);
    Term xt = tm_.mk_const(x);
    mpq_class c1 = 0, c2 = 0;
    if (p1.c.count(xt.id)) c1 = p1.c[xt.id];
    if (p2.c.count(xt.id)) c2 = -p2.c[xt.id];
    if (c1 <= 0 || c2 <= 0) return fail(why, "an LA subformula of the wrong polarity"), std::nullopt;
    const bool is_int = l1.is_int;
    Poly r1 = p1, r2 = p2;
    r1.c.erase(xt.id);
    r2.c.erase(xt.id);
    Poly S;
    add_to(S.c, S.k, p1.c, p1.k, c2);
    add_to(S.c, S.k, p2.c, p2.k, c1);
    drop_zeros(S.c);
    Term st = poly_term(S, is_int);
    Term zero = tm_.mk_numeral(0, is_int ? SortTable::Int : SortTable::Real);
    auto at_x = [&](const La& l, Term value) {
        std::unordered_map<uint32_t, Term> memo;
        return rewrite(
            l.f,
            [&](Term t) -> std::optional<Term> {
                if (t == xt) return value;
                return std::nullopt;
            },
            memo);
    };
    mpz_class k;
    Term f;
    if (!is_int) {
        k = l1.k > 0 || l2.k > 0 ? 1 : 0;
        if (k == 0) {
            f = tm_.mk_leq(st, zero);
        } else {
            Poly t0 = r1;  // x = -r1/c1 where s1 = 0
            for (auto& [id, c] : t0.c) c = -c / c1;
            t0.k = -t0.k / c1;
            Term v = poly_term(t0, false);
            Term both[3] = {tm_.mk_leq(st, zero), at_x(l1, v), at_x(l2, v)};
            f = tm_.mk_or(tm_.mk_lt(st, zero), tm_.mk_and(both));
        }
    } else {
        if (c1.get_den() != 1 || c2.get_den() != 1)
            return fail(why, "an integer LA rule with fractional coefficients"), std::nullopt;
        const mpz_class a1 = c1.get_num(), a2 = c2.get_num();
        if (a1 == 1 && a2 == 1) {
            k = l1.k + l2.k;
        } else {
            k = a2 * l1.k + a1 * l2.k + a1 * a2;  // then the sure regions share an integer
        }
        mpz_class j_end, i_end;  // ⌈k2/c2⌉, ⌈k1/c1⌉
        mpz_cdiv_q(j_end.get_mpz_t(), l2.k.get_mpz_t(), a2.get_mpz_t());
        mpz_cdiv_q(i_end.get_mpz_t(), l1.k.get_mpz_t(), a1.get_mpz_t());
        // The disjunction below has j_end + i_end + 1 members; the gap k itself is only a number
        // (2^33 where a wrap-around variable's coefficient 2^32 is the pivot's).
        if (j_end + i_end > 64)
            return fail(why, "an integer LA rule whose disjunction has over 64 members"), std::nullopt;
        auto num = [&](const mpz_class& v) { return tm_.mk_numeral(mpq_class(v), SortTable::Int); };
        // x0 = ⌈r2/c2⌉ (F2 is false below), x_top = ⌊-r1/c1⌋ (F1 is false above).
        Poly top = r1;
        for (auto& [id, c] : top.c) c = -c;
        top.k = -top.k;
        Term x0 = poly_term(r2, true), x_top = poly_term(top, true);
        if (a2 != 1) {
            Poly up = r2;
            up.k += a2 - 1;
            x0 = tm_.mk_int_div(poly_term(up, true), num(a2));
        }
        if (a1 != 1) x_top = tm_.mk_int_div(x_top, num(a1));
        auto plus = [&](Term t, const mpz_class& v) { return v == 0 ? t : tm_.mk_add(std::vector<Term>{t, num(v)}); };
        // ∃x. F1 ∧ F2 over the integers: x0 + j below the point x_J = x0 + ⌈k2/c2⌉ where F2
        // becomes sure; from x_J on F2 holds, and F1 holds at x_J when x_J is in F1's sure region,
        // else only at the at most ⌈k1/c1⌉ integers x_top - i of its uncertain region.
        std::vector<Term> dis;
        for (mpz_class j = 0; j < j_end; ++j) {
            Term v = plus(x0, j);
            dis.push_back(tm_.mk_and(at_x(l1, v), at_x(l2, v)));
        }
        Term xj = plus(x0, j_end);
        Term s1_at_xj = tm_.mk_add(std::vector<Term>{tm_.mk_scale(c1, xj), poly_term(r1, true)});
        dis.push_back(tm_.mk_leq(s1_at_xj, num(-l1.k)));
        for (mpz_class i = 0; i < i_end; ++i) {
            Term v = plus(x_top, -i);
            dis.push_back(tm_.mk_and(tm_.mk_leq(xj, v), at_x(l1, v)));
        }
        f = tm_.mk_or(dis);
    }
    if (!mentions_la_aux(st)) return f;
    return make_la(st, k, f, is_int);
}

std::optional<Term> MixedLiterals::resolve(Term pivot, Term with_atom, Term with_negation, std::string* why) {
    const Atom* atp = atom_of(pivot);
    if (!atp) return fail(why, "a mixed pivot without its data"), std::nullopt;
    const Atom at = *atp;
    if (at.equality) {
        // EQ rule: P(s) in the premise with the disequality becomes I2[x := s].
        if (mentions(with_atom, at.x) || mentions(with_negation, at.p))
            return fail(why, "an auxiliary symbol of a mixed equality in the wrong premise"), std::nullopt;
        std::unordered_map<uint32_t, Term> memo;
        return rewrite(
            with_atom,
            [&](Term t) -> std::optional<Term> {
                if (tm_.kind(t) != Kind::App || tm_.func_of(t) != at.p) return std::nullopt;
                Term arg = tm_.child(t, 0);
                std::unordered_map<uint32_t, Term> inner;
                return rewrite(
                    with_negation,
                    [&](Term u) -> std::optional<Term> {
                        if (u == at.xt) return arg;
                        return std::nullopt;
                    },
                    inner);
            },
            memo);
    }
    // LA rule. x may occur only inside LA subformulas whose s has it.
    auto has_x = [&](Term t) {
        const La* la = la_of(t);
        if (!la) return false;
        Poly p = poly_of(la->s);
        return p.c.count(at.xt.id) > 0;
    };
    for (Term i : {with_atom, with_negation}) {
        std::unordered_map<uint32_t, Term> memo;
        Term rest = rewrite(
            i,
            [&](Term t) -> std::optional<Term> {
                if (has_x(t)) return tm_.mk_true();
                return std::nullopt;
            },
            memo);
        if (mentions(rest, at.x)) return fail(why, "an LA auxiliary variable outside its LA subformula"), std::nullopt;
    }
    std::string err;
    std::unordered_map<uint32_t, Term> memo;
    Term r = rewrite(
        with_atom,
        [&](Term t) -> std::optional<Term> {
            if (!has_x(t)) return std::nullopt;
            const La l1 = *la_of(t);
            std::unordered_map<uint32_t, Term> inner;
            return rewrite(
                with_negation,
                [&](Term u) -> std::optional<Term> {
                    if (!has_x(u)) return std::nullopt;
                    const La l2 = *la_of(u);
                    std::optional<Term> c = combine(l1, l2, at.x, &err);
                    return c ? *c : tm_.mk_false();
                },
                inner);
        },
        memo);
    if (!err.empty()) return fail(why, err), std::nullopt;
    return r;
}

}  // namespace craig::itp
