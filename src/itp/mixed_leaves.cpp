// The leaves of MixedLiterals (mixed_literals.hpp): EUF conflicts (renamed for
// euf_interpolant), Farkas conflicts, the combination's disequality split and GCD conflicts.
#include <unordered_set>

#include "itp/mixed_literals.hpp"

namespace craig::itp {

using smt::Kind;
using smt::SortTable;

std::optional<Term> MixedLiterals::euf_leaf(std::span<const Literal> conflict, const ItpOptions& options,
                                            std::string* why) {
    // Candidate terms: every subterm of the conflict's atoms.
    std::vector<Term> subterms;
    {
        std::vector<Term> stack;
        std::unordered_set<uint32_t> seen;
        for (const Literal& l : conflict) stack.push_back(l.atom);
        while (!stack.empty()) {
            Term t = stack.back();
            stack.pop_back();
            if (!seen.insert(t.id).second) continue;
            subterms.push_back(t);
            for (Term c : tm_.children(t)) stack.push_back(c);
        }
    }
    // The terms of `side` that are a constant offset δ from `base` (a mixed equality's a or b).
    auto offsets = [&](const Atom& at, Color side, std::vector<std::pair<Term, mpq_class>>& out) {
        out.clear();
        Term base = side == Color::A ? at.a_term : at.b_term;
        for (Term t : subterms) {
            if (tm_.sort(t) != at.sort || coloring_.color(t) != side) continue;
            if (!tm_.is_arith(t)) {
                if (t == base) out.emplace_back(t, 0);
                continue;
            }
            Poly diff = poly_of(t);
            const Poly& ref = side == Color::A ? at.a : at.b;
            add_to(diff.c, diff.k, ref.c, ref.k, -1);
            drop_zeros(diff.c);
            if (diff.c.empty()) out.emplace_back(t, diff.k);
        }
    };
    // A side's equation u - w = k (Eq(p, c) in linear normal form, which the EUF reading takes
    // as an equation of the polynomial) makes an offset term u - k of the conflict equal to w:
    // the side's literals are rewritten with it first (they stay implied by the side).
    std::unordered_map<Term, Term, smt::TermHash> eq_a, eq_b;
    for (const Literal& l : conflict) {
        if (l.mixed || !l.value || tm_.kind(l.atom) != Kind::Eq || !tm_.is_arith(tm_.child(l.atom, 0))) continue;
        Poly e = poly_of(tm_.child(l.atom, 0));
        Poly r = poly_of(tm_.child(l.atom, 1));
        add_to(e.c, e.k, r.c, r.k, -1);
        drop_zeros(e.c);
        if (e.c.size() != 2 || e.c.begin()->second != -std::next(e.c.begin())->second) continue;
        const Term u = tm_.term(e.c.begin()->first), w = tm_.term(std::next(e.c.begin())->first);
        const mpq_class off = -e.k / e.c.begin()->second;  // u = w + off
        auto& eq = l.side == Side::A ? eq_a : eq_b;
        for (Term t : subterms) {
            if (!tm_.is_arith(t) || t == u || t == w || tm_.kind(t) != Kind::Linear) continue;
            for (int dir = 0; dir < 2; ++dir) {  // t = u - off is w; t = w + off is u
                Poly d = poly_of(t);
                Poly base = poly_of(dir == 0 ? u : w);
                add_to(d.c, d.k, base.c, base.k, -1);
                drop_zeros(d.c);
                if (d.c.empty() && d.k == (dir == 0 ? -off : off)) eq.emplace(t, dir == 0 ? w : u);
            }
        }
    }
    auto rewrite_side = [&](Term t, Side side, const std::unordered_map<Term, Term, smt::TermHash>& mixed_subst) {
        return tm_.substitute(tm_.substitute(t, side == Side::A ? eq_a : eq_b), mixed_subst);
    };
    std::unordered_map<Term, Term, smt::TermHash> subst_a, subst_b;  // per side: t -> x + δ copy
    std::unordered_map<Term, Term, smt::TermHash> undo;              // copies -> x + δ
    std::unordered_map<FuncId, std::pair<FuncId, mpq_class>> q_of;   // Q -> (P, δ)
    std::vector<SidedLiteral> sided;
    std::vector<std::pair<Term, mpq_class>> cand;
    // Named copies of x + δ (EUF reads a polynomial as an opaque term, a constant it can equate).
    std::map<std::pair<FuncId, mpq_class>, Term> x_copy;
    std::unordered_map<uint32_t, std::pair<const Atom*, mpq_class>> copy_info;  // copy id -> (x, δ)
    auto copy_of = [&](const Atom& at, const mpq_class& delta) {
        auto [it, fresh] = x_copy.emplace(std::make_pair(at.x, delta), Term{});
        if (fresh) {
            it->second = delta == 0 ? at.xt : tm_.mk_const(tm_.fresh_fun("itp_xo", {}, at.sort));
            if (delta != 0) undo[it->second] = tm_.mk_add(std::vector<Term>{at.xt, tm_.mk_numeral(delta, at.sort)});
            copy_info[it->second.id] = {&at, delta};
        }
        return it->second;
    };
    std::map<std::pair<uint32_t, mpq_class>, FuncId> q_copy;
    std::vector<std::pair<Term, Side>> renamed;  // terms replaced by a copy, per side
    // Equalities first: their substitutions apply to the disequalities' literals too.
    for (int pass = 0; pass < 2; ++pass)
        for (const Literal& l : conflict) {
            if (!l.mixed || l.value != (pass == 0)) continue;
            Atom* at = atom_of(l.atom);
            if (!at || !at->equality) return fail(why, "a mixed inequality in an EUF conflict"), std::nullopt;
            for (Color side : {Color::A, Color::B}) {
                const Side sd = side == Color::A ? Side::A : Side::B;
                offsets(*at, side, cand);
                for (auto& [t, delta] : cand) {
                    if (l.value) {  // a = x on A, x = b on B: t is x + δ there
                        Term c = copy_of(*at, delta);
                        auto& subst = sd == Side::A ? subst_a : subst_b;
                        auto [it, fresh] = subst.emplace(t, c);
                        if (fresh)
                            renamed.emplace_back(t, sd);
                        else if (it->second != c)
                            sided.push_back({tm_.mk_eq(it->second, c), true, sd});
                    } else {  // P(a) on A, ¬P(b) on B: Q_δ(t) := P(t - δ)
                        auto [it, fresh] = q_copy.emplace(std::make_pair(l.atom.id, delta), 0);
                        if (fresh) {
                            it->second = delta == 0 ? at->p : tm_.fresh_fun("itp_q", {at->sort}, SortTable::Bool);
                            if (delta != 0) q_of[it->second] = {at->p, delta};
                        }
                        Term q = tm_.mk_app(it->second, std::span<const Term>(&t, 1));
                        sided.push_back({rewrite_side(q, sd, sd == Side::A ? subst_a : subst_b), side == Color::A, sd});
                    }
                }
            }
        }
    // A renamed application keeps its definition: f(t1..) = copy with the arguments renamed.
    for (auto& [t, sd] : renamed) {
        if (tm_.kind(t) != Kind::App) continue;
        const auto& subst = sd == Side::A ? subst_a : subst_b;
        std::vector<Term> kids;
        for (Term c : std::vector<Term>(tm_.children(t).begin(), tm_.children(t).end()))
            kids.push_back(rewrite_side(c, sd, subst));
        sided.push_back({tm_.mk_eq(tm_.rebuild(t, kids), subst.at(t)), true, sd});
    }
    // u - X = k with X a copy of x + δ reads u = x + δ + k: an equation of two named terms.
    auto name_offsets = [&](Term atom) {
        if (tm_.kind(atom) != Kind::Eq || !tm_.is_arith(tm_.child(atom, 0))) return atom;
        Poly e = poly_of(tm_.child(atom, 0));
        Poly r = poly_of(tm_.child(atom, 1));
        add_to(e.c, e.k, r.c, r.k, -1);
        drop_zeros(e.c);
        if (e.c.size() != 2) return atom;
        auto first = e.c.begin(), second = std::next(first);
        if (first->second != -second->second) return atom;
        for (int dir = 0; dir < 2; ++dir) {
            auto u = dir ? second : first, w = dir ? first : second;  // c·u - c·w + k = 0
            auto info = copy_info.find(w->first);
            if (info == copy_info.end()) continue;
            const mpq_class delta = info->second.second - e.k / u->second;  // u = w - k/c
            return tm_.mk_eq(tm_.term(u->first), copy_of(*info->second.first, delta));
        }
        return atom;
    };
    for (auto& l : sided) l.atom = name_offsets(l.atom);
    for (const Literal& l : conflict) {
        if (l.mixed) continue;
        sided.push_back(
            {name_offsets(rewrite_side(l.atom, l.side, l.side == Side::A ? subst_a : subst_b)), l.value, l.side});
    }
    std::optional<Term> itp = euf_interpolant(tm_, sided, coloring_, options, why);
    if (!itp) return std::nullopt;
    Term r = tm_.substitute(*itp, undo);
    if (q_of.empty()) return r;
    std::unordered_map<uint32_t, Term> memo;
    return rewrite(
        r,
        [&](Term t) -> std::optional<Term> {
            if (tm_.kind(t) != Kind::App) return std::nullopt;
            auto it = q_of.find(tm_.func_of(t));
            if (it == q_of.end()) return std::nullopt;
            const Atom& at = atoms_.at(aux_atom_.at(it->second.first));
            Term arg = tm_.mk_sub(tm_.child(t, 0), tm_.mk_numeral(it->second.second, at.sort));
            return tm_.mk_app(it->second.first, std::span<const Term>(&arg, 1));
        },
        memo);
}

std::optional<Term> MixedLiterals::farkas_leaf(std::span<const smt::LraCertificateEntry> entries,
                                               std::span<const Literal> lits, std::string* why) {
    Poly sum;
    bool strict = false, is_int = true;
    for (size_t i = 0; i < entries.size(); ++i) {
        const auto& e = entries[i];
        const Literal& l = lits[i];
        if (!l.mixed && l.side == Side::B) continue;
        Poly u;
        bool s = false;
        Kind k = tm_.kind(e.atom);
        if (l.mixed) {
            const Atom* at = atom_of(e.atom);
            if (!at) return fail(why, "a mixed atom without its data"), std::nullopt;
            is_int = is_int && at->is_int;
            mpq_class sigma;
            if (at->equality) {
                if (!e.value || !tm_.is_arith(tm_.child(e.atom, 0)))
                    return fail(why, "a mixed disequality in a Farkas certificate"), std::nullopt;
                sigma = (e.upper ? 1 : -1) * (at->flipped ? -1 : 1);  // the entry reads lhs - rhs
                u = at->a;                                            // σ·(a - x)
                for (auto& [id, c] : u.c) c *= sigma;
                u.k *= sigma;
            } else {
                Poly full, ub;
                literal_poly(*at, e.atom, e.value, full, s);
                if (!split_poly(full, u, ub, why)) return std::nullopt;
                sigma = e.value ? 1 : -1;
                s = false;  // the A projection is never strict
            }
            u.c[at->xt.id] -= sigma;
        } else {
            if (k != Kind::Leq && k != Kind::Lt && k != Kind::Eq)
                return fail(why, "a Farkas entry that is no inequality"), std::nullopt;
            Term lhs = tm_.child(e.atom, 0), rhs = tm_.child(e.atom, 1);
            is_int = is_int && tm_.sort(lhs) == SortTable::Int;
            u = poly_of(lhs);
            Poly rp = poly_of(rhs);
            add_to(u.c, u.k, rp.c, rp.k, -1);
            mpq_class sign = 1;
            if (k == Kind::Eq) {
                sign = e.upper ? 1 : -1;
            } else if (e.value) {
                s = k == Kind::Lt;
            } else {
                sign = -1;
                s = k == Kind::Leq;
                if (s && tm_.sort(lhs) == SortTable::Int) {
                    s = false;
                    u.k -= 1;  // negated below: c + 1 - p
                }
            }
            for (auto& [id, c] : u.c) c *= sign;
            u.k *= sign;
        }
        add_to(sum.c, sum.k, u.c, u.k, e.lambda);
        strict = strict || s;
    }
    drop_zeros(sum.c);
    for (const auto& [id, c] : sum.c)
        if (coloring_.color(tm_.term(id)) != Color::Shared)
            return fail(why, "the A side of a Farkas certificate with mixed literals is not shared"), std::nullopt;
    // Integer coefficients (a positive factor keeps the inequality); over Int also tightened.
    mpz_class den = sum.k.get_den();
    for (const auto& [id, c] : sum.c) mpz_lcm(den.get_mpz_t(), den.get_mpz_t(), c.get_den_mpz_t());
    for (auto& [id, c] : sum.c) c *= den;
    sum.k *= den;
    if (is_int && !sum.c.empty()) {
        mpz_class g = 0;
        for (const auto& [id, c] : sum.c) mpz_gcd(g.get_mpz_t(), g.get_mpz_t(), c.get_num_mpz_t());
        for (auto& [id, c] : sum.c) c /= g;
        mpz_class q;
        mpz_cdiv_q(q.get_mpz_t(), sum.k.get_num_mpz_t(), g.get_mpz_t());  // ⌈k/g⌉ (k integral)
        if (strict) q += 1;                                               // s < 0 over Int is s + 1 <= 0
        sum.k = q;
        strict = false;
    }
    Term s = poly_term(sum, is_int);
    Term zero = tm_.mk_numeral(0, is_int ? SortTable::Int : SortTable::Real);
    Term f = strict ? tm_.mk_lt(s, zero) : tm_.mk_leq(s, zero);
    if (!mentions_la_aux(s)) return f;
    return make_la(s, strict ? 1 : 0, f, is_int);
}

std::optional<Term> MixedLiterals::split_leaf(std::span<const Literal> conflict, std::string* why) {
    const Literal* eq = nullptr;
    std::vector<const Literal*> ineqs;
    for (const Literal& l : conflict) {
        const Atom* at = l.mixed ? atom_of(l.atom) : nullptr;
        if (!at) return fail(why, "a clause with mixed literals that is no disequality split"), std::nullopt;
        if (at->equality && !l.value && !eq)
            eq = &l;
        else if (!at->equality)
            ineqs.push_back(&l);
        else
            return fail(why, "a clause with mixed literals that is no disequality split"), std::nullopt;
    }
    if (!eq || ineqs.size() != 2)
        return fail(why, "a clause with mixed literals that is no disequality split"), std::nullopt;
    const Atom& ea = *atom_of(eq->atom);
    if (!tm_.is_arith(tm_.child(eq->atom, 0)) || ea.d.c.empty())
        return fail(why, "a disequality split of a non-arithmetic equality"), std::nullopt;
    // u_i = α_i·d exactly, non-strict, α1·α2 < 0.
    Poly u[2], ua[2], ub[2];
    mpq_class alpha[2], sigma[2];
    const Atom* ia[2];
    for (int i = 0; i < 2; ++i) {
        ia[i] = atom_of(ineqs[i]->atom);
        bool strict = false;
        literal_poly(*ia[i], ineqs[i]->atom, ineqs[i]->value, u[i], strict);
        sigma[i] = ineqs[i]->value ? 1 : -1;
        const auto& [id0, c0] = *ea.d.c.begin();
        auto it = u[i].c.find(id0);
        if (strict || it == u[i].c.end())
            return fail(why, "a disequality split whose bounds do not meet"), std::nullopt;
        alpha[i] = it->second / c0;
        Poly diff = u[i];
        add_to(diff.c, diff.k, ea.d.c, ea.d.k, -alpha[i]);
        drop_zeros(diff.c);
        if (!diff.c.empty() || diff.k != 0)
            return fail(why, "a disequality split whose bounds do not meet"), std::nullopt;
        if (!split_poly(u[i], ua[i], ub[i], why)) return std::nullopt;
    }
    if (sgn(alpha[0]) * sgn(alpha[1]) >= 0)
        return fail(why, "a disequality split whose bounds do not meet"), std::nullopt;
    const bool is_int = ea.is_int;
    // s: the weighted sum of the A projections u_A - σ·x (the u_A cancel).
    Poly s;
    mpq_class w[2] = {abs(alpha[1]), abs(alpha[0])};
    for (int i = 0; i < 2; ++i) {
        add_to(s.c, s.k, ua[i].c, ua[i].k, w[i]);
        s.c[ia[i]->xt.id] -= w[i] * sigma[i];
    }
    drop_zeros(s.c);
    // The value of a where s = 0: a - u1_A/α1 + σ1·x1/α1 (the A-local terms cancel).
    Poly arg = ea.a;
    add_to(arg.c, arg.k, ua[0].c, ua[0].k, -1 / alpha[0]);
    arg.c[ia[0]->xt.id] += sigma[0] / alpha[0];
    drop_zeros(arg.c);
    for (const auto* p : {&s, &arg})
        for (const auto& [id, c] : p->c)
            if (coloring_.color(tm_.term(id)) != Color::Shared || (is_int && c.get_den() != 1))
                return fail(why, "a disequality split whose interpolant is not shared"), std::nullopt;
    if (is_int && (arg.k.get_den() != 1 || s.k.get_den() != 1))
        return fail(why, "a disequality split with a fractional integer bound"), std::nullopt;
    Term st = poly_term(s, is_int);
    Term zero = tm_.mk_numeral(0, is_int ? SortTable::Int : SortTable::Real);
    Term at = poly_term(arg, is_int);
    Term pa = tm_.mk_app(ea.p, std::span<const Term>(&at, 1));
    Term f = tm_.mk_or(tm_.mk_lt(st, zero), tm_.mk_and(tm_.mk_leq(st, zero), pa));
    return make_la(st, 1, f, is_int);
}

std::optional<Term> MixedLiterals::integer_split_leaf(const smt::LiaLemma& lemma, std::span<const Literal> lits,
                                                      std::string* why) {
    if (tm_.kind(lemma.conclusion) != Kind::False)
        return fail(why, "an integer lemma that is not a conflict (a cut)"), std::nullopt;
    // The split atom in normal form may be negated ((not (<= -S -k-1))): p is the atom, and the
    // side S <= k is p with value `below_value`.
    Term p = tm_.mk_leq(lemma.split, tm_.mk_numeral(lemma.split_bound, SortTable::Int));
    bool below_value = true;
    while (tm_.kind(p) == Kind::Not) {
        p = tm_.child(p, 0);
        below_value = !below_value;
    }
    std::unordered_map<uint32_t, const Literal*> by_atom;
    for (const Literal& l : lits) by_atom[l.atom.id] = &l;
    const bool constant = tm_.kind(p) == Kind::True || tm_.kind(p) == Kind::False;
    const Color c = constant ? Color::Shared : coloring_.color(p);
    const bool mixed = c == Color::Mixed;
    if (mixed && !supported(p, why)) return std::nullopt;
    std::optional<Term> side[2];  // S <= k, S >= k + 1
    for (int below = 1; below >= 0; --below) {
        std::vector<smt::LiaLiteral> all;
        for (const smt::LiaLiteral& l : lemma.literals) all.push_back(l);
        if (constant) {
            if ((tm_.kind(p) == Kind::True) != ((below == 1) == below_value)) continue;  // an empty side
        } else {
            all.push_back({p, (below == 1) == below_value});
        }
        auto cert = smt::refute_over_reals(tm_, all, why);
        if (!cert) return std::nullopt;
        std::vector<Literal> sided;
        for (const auto& e : *cert) {
            if (e.atom == p) {
                sided.push_back({p, e.value, mixed, c == Color::A ? Side::A : Side::B});
                continue;
            }
            auto it = by_atom.find(e.atom.id);
            if (it == by_atom.end())
                return fail(why, "a literal of the integer lemma is not in its clause"), std::nullopt;
            sided.push_back(*it->second);
        }
        side[below] = farkas_leaf(*cert, sided, why);
        if (!side[below]) return std::nullopt;
    }
    if (constant) return side[(tm_.kind(p) == Kind::True) == below_value ? 1 : 0];
    // The side where p is false has p in its clause.
    if (mixed) return below_value ? resolve(p, *side[0], *side[1], why) : resolve(p, *side[1], *side[0], why);
    return c == Color::A ? tm_.mk_or(*side[0], *side[1]) : tm_.mk_and(*side[0], *side[1]);
}

}  // namespace craig::itp
