#include "verifier/engines/summaries/theory_translation.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

namespace craig::verifier {

using smt::Kind;
using smt::Monomial;
using smt::SortTable;
using smt::Term;
using smt::TermManager;

namespace {

using Memo = std::unordered_map<Term, Term, smt::TermHash>;

// Memoised post-order over the DAG below `root` (iteratively: encodings can be deep).
// operands(t, out) lists the terms whose results build(t) reads from the memo.
template <class Operands, class Build>
Term transform(Term root, Memo& memo, Operands&& operands, Build&& build) {
    std::vector<std::pair<Term, bool>> stack{{root, false}};
    std::vector<Term> ops;
    while (!stack.empty()) {
        auto [t, expanded] = stack.back();
        stack.pop_back();
        if (memo.count(t)) continue;
        if (!expanded) {
            stack.push_back({t, true});
            ops.clear();
            operands(t, ops);
            for (Term c : ops)
                if (!memo.count(c)) stack.push_back({c, false});
            continue;
        }
        memo.emplace(t, build(t));
    }
    return memo.at(root);
}

bool integral(const mpq_class& q) { return q.get_den() == 1; }

// The atoms of an arithmetic term read as a polynomial (none for a numeral).
void atoms_of(const TermManager& tm, Term a, std::vector<Term>& out) {
    if (tm.kind(a) == Kind::Linear) {
        for (Term c : tm.children(a)) out.push_back(c);
    } else if (tm.kind(a) != Kind::Numeral) {
        out.push_back(a);
    }
}

// a - b as merged monomials (sorted by atom, no zero coefficient) plus a constant.
void difference(const TermManager& tm, Term a, Term b, std::vector<Monomial>& ms, mpq_class& k) {
    mpq_class kb = 0;
    tm.as_polynomial(a, ms, k);
    const std::size_t na = ms.size();
    tm.as_polynomial(b, ms, kb);
    for (std::size_t i = na; i < ms.size(); ++i) ms[i].coeff = -ms[i].coeff;
    k -= kb;
    std::sort(ms.begin(), ms.end(), [](const Monomial& x, const Monomial& y) { return x.atom < y.atom; });
    std::size_t w = 0;
    for (std::size_t r = 0; r < ms.size(); ++r) {
        if (w > 0 && ms[w - 1].atom == ms[r].atom)
            ms[w - 1].coeff += ms[r].coeff;
        else
            ms[w++] = ms[r];
        if (ms[w - 1].coeff == 0) --w;
    }
    ms.resize(w);
}

bool is_arith_eq(const TermManager& tm, Term t) { return tm.kind(t) == Kind::Eq && tm.is_arith(tm.child(t, 0)); }

// Rule 5.7's first rule: in a conjunction, p ≤ c next to p ≥ c is p = c. In normal form p ≥ c is
// ¬(p ≤ c - 1) over Int and ¬(p < c) over Real, with the same p. Interpolants split equalities
// this way (Farkas sums of the two bounds); merged, congruence can use them again.
void merge_bounds(TermManager& tm, std::vector<Term>& parts) {
    std::unordered_map<Term, std::vector<std::size_t>, smt::TermHash> lower;  // p -> ¬(p ≤ c) / ¬(p < c)
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const Term u = parts[i];
        if (tm.kind(u) == Kind::Not && smt::is_arith_atom_kind(tm.kind(tm.child(u, 0))))
            lower[tm.child(tm.child(u, 0), 0)].push_back(i);
    }
    if (lower.empty()) return;
    std::vector<bool> drop(parts.size(), false);
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const Term u = parts[i];
        if (drop[i] || tm.kind(u) != Kind::Leq) continue;
        const Term p = tm.child(u, 0), c = tm.child(u, 1);
        auto it = lower.find(p);
        if (it == lower.end()) continue;
        const bool is_int = tm.sort(p) == SortTable::Int;
        for (std::size_t j : it->second) {
            const Term bound = tm.child(parts[j], 0);
            if (drop[j] || tm.kind(bound) != (is_int ? Kind::Leq : Kind::Lt)) continue;
            const mpq_class below = is_int ? mpq_class(tm.numeral(c) - 1) : tm.numeral(c);
            if (tm.numeral(tm.child(bound, 1)) != below) continue;
            parts[std::min(i, j)] = tm.mk_eq(p, c);
            drop[std::max(i, j)] = true;
            break;
        }
    }
    std::size_t w = 0;
    for (std::size_t i = 0; i < parts.size(); ++i)
        if (!drop[i]) parts[w++] = parts[i];
    parts.resize(w);
}

// ------------------------------------------------------------------------------------- EUF

const char* op_name(EufOp op) {
    switch (op) {
        case EufOp::Plus: return "euf.plus";
        case EufOp::Scale: return "euf.scale";
        case EufOp::ToReal: return "euf.to_real";
        case EufOp::Lt: return "euf.lt";
        case EufOp::Mul: return "euf.mul";
        case EufOp::IntDiv: return "euf.div";
        case EufOp::Mod: return "euf.mod";
        case EufOp::RealDiv: return "euf.rdiv";
        case EufOp::Abs: return "euf.abs";
        case EufOp::ToInt: return "euf.to_int";
        case EufOp::IsInt: return "euf.is_int";
    }
    return "euf.op";
}

std::optional<EufOp> op_of_kind(Kind k) {
    switch (k) {
        case Kind::Mul: return EufOp::Mul;
        case Kind::IntDiv: return EufOp::IntDiv;
        case Kind::Mod: return EufOp::Mod;
        case Kind::RealDiv: return EufOp::RealDiv;
        case Kind::Abs: return EufOp::Abs;
        case Kind::ToInt: return EufOp::ToInt;
        case Kind::IsInt: return EufOp::IsInt;
        default: return std::nullopt;
    }
}

class EufEncoder {
public:
    EufEncoder(TermManager& tm, TheoryInterface& iface) : tm_(tm), iface_(iface) {}

    Term run(Term root) {
        return transform(
            root, memo_, [this](Term t, std::vector<Term>& out) { operands(t, out); },
            [this](Term t) { return build(t); });
    }

private:
    void operands(Term t, std::vector<Term>& out) const {
        const Kind k = tm_.kind(t);
        if (smt::is_bv_kind(k)) return;  // a fresh constant, whatever is below
        if (smt::is_arith_atom_kind(k) || is_arith_eq(tm_, t)) {
            // Solved form: built from the monomials' atoms, not from the polynomial itself.
            for (Term c : tm_.children(t)) atoms_of(tm_, c, out);
            return;
        }
        for (Term c : tm_.children(t)) out.push_back(c);
    }

    Term build(Term t) {
        const Kind k = tm_.kind(t);
        if (smt::is_bv_kind(k)) return iface_.euf.var_of(tm_, t, tm_.sort(t), "euf.m");
        if (smt::is_arith_atom_kind(k) || is_arith_eq(tm_, t)) return comparison(t);
        if (k == Kind::Linear) {
            std::vector<Monomial> ms;
            mpq_class c = 0;
            tm_.as_polynomial(t, ms, c);
            return chain(ms, c, tm_.sort(t));
        }
        if (auto op = op_of_kind(k)) {
            std::vector<Term> args;
            for (Term c : tm_.children(t)) args.push_back(memo_.at(c));
            return app(*op, args, tm_.sort(t));
        }
        // Constants, numerals, Boolean structure, = on other sorts, ite, distinct and the
        // applications of uninterpreted functions (the c.* operators) keep their shape.
        if (tm_.num_children(t) == 0) return t;
        std::vector<Term> kids;
        for (Term c : tm_.children(t)) kids.push_back(memo_.at(c));
        return tm_.rebuild(t, kids);
    }

    Term app(EufOp op, std::span<const Term> args, smt::Sort range) {
        std::vector<smt::Sort> domain;
        for (Term a : args) domain.push_back(tm_.sort(a));
        return tm_.mk_app(iface_.euf_symbol(tm_, op, std::move(domain), range), args);
    }

    // Σ c_i·t_i + c as a left-nested euf.plus chain, the constant last.
    Term chain(const std::vector<Monomial>& ms, const mpq_class& c, smt::Sort s) {
        auto numeral = [&](const mpq_class& q) {
            return tm_.mk_numeral(q, s == SortTable::Int && !integral(q) ? SortTable::Real : s);
        };
        Term acc;
        for (const Monomial& m : ms) {
            Term a = memo_.at(m.atom);
            if (tm_.sort(a) != s) {  // an Int atom of a Real polynomial
                Term one[1] = {a};
                a = app(EufOp::ToReal, one, s);
            }
            if (m.coeff != 1) {
                Term sc[2] = {numeral(m.coeff), a};
                a = app(EufOp::Scale, sc, s);
            }
            if (acc.valid()) {
                Term p[2] = {acc, a};
                a = app(EufOp::Plus, p, s);
            }
            acc = a;
        }
        if (!acc.valid()) return numeral(c);
        if (c == 0) return acc;
        Term p[2] = {acc, numeral(c)};
        return app(EufOp::Plus, p, s);
    }

    // p ⋈ c read as L ⋈ R solved for the newest atom with coefficient ±1 (see the header).
    Term comparison(Term t) {
        const Kind k = tm_.kind(t);
        const Term a = tm_.child(t, 0), b = tm_.child(t, 1);
        const smt::Sort s =
            tm_.sort(a) == SortTable::Int && tm_.sort(b) == SortTable::Int ? SortTable::Int : SortTable::Real;
        std::vector<Monomial> ms;
        mpq_class c = 0;
        difference(tm_, a, b, ms, c);  // a ⋈ b  is  Σ ms + c ⋈ 0
        std::size_t pivot = ms.size();
        for (std::size_t i = 0; i < ms.size(); ++i)
            if (abs(ms[i].coeff) == 1 && (pivot == ms.size() || ms[pivot].atom < ms[i].atom)) pivot = i;
        std::vector<Monomial> lhs, rhs;
        mpq_class kl = 0, kr = 0;
        if (pivot == ms.size()) {
            lhs = ms;
            kr = -c;
        } else {
            const bool positive = ms[pivot].coeff > 0;
            // +t + rest + c ⋈ 0  is  t ⋈ -rest - c;   -t + rest + c ⋈ 0  is  rest + c ⋈ t.
            for (std::size_t i = 0; i < ms.size(); ++i) {
                if (i == pivot)
                    (positive ? lhs : rhs).push_back({mpq_class(1), ms[i].atom});
                else
                    (positive ? rhs : lhs).push_back({positive ? mpq_class(-ms[i].coeff) : ms[i].coeff, ms[i].atom});
            }
            (positive ? kr : kl) = positive ? mpq_class(-c) : c;
        }
        const Term l = chain(lhs, kl, s), r = chain(rhs, kr, s);
        const Term eq = tm_.mk_eq(l, r);
        if (k == Kind::Eq) return eq;
        Term args[2] = {l, r};
        const Term lt = app(EufOp::Lt, args, SortTable::Bool);
        if (k == Kind::Lt) return tm_.mk_and(tm_.mk_not(eq), lt);
        return tm_.mk_or(eq, lt);
    }

    TermManager& tm_;
    TheoryInterface& iface_;
    Memo memo_;
};

class EufDecoder {
public:
    EufDecoder(TermManager& tm, const TheoryInterface& iface) : tm_(tm), iface_(iface) {}

    Term run(Term root) {
        return transform(
            root, memo_,
            [this](Term t, std::vector<Term>& out) {
                for (Term c : tm_.children(t)) out.push_back(c);
            },
            [this](Term t) { return build(t); });
    }

private:
    Term build(Term t) {
        const Kind k = tm_.kind(t);
        if (k == Kind::Const) {
            Term orig = iface_.euf.term_of(t);
            return orig.valid() ? orig : t;
        }
        if (k == Kind::And || k == Kind::Or) return junction(t);
        std::vector<Term> kids;
        for (Term c : tm_.children(t)) kids.push_back(memo_.at(c));
        if (k == Kind::App)
            if (auto op = iface_.euf_op(tm_.func_of(t))) return apply(*op, kids);
        if (kids.empty()) return t;
        return tm_.rebuild(t, kids);
    }

    Term apply(EufOp op, std::span<const Term> a) {
        switch (op) {
            case EufOp::Plus: return tm_.mk_add(a);
            case EufOp::Scale: return tm_.mk_mul(a);
            case EufOp::ToReal: return tm_.mk_to_real(a[0]);
            case EufOp::Lt: return tm_.mk_lt(a[0], a[1]);
            case EufOp::Mul: return tm_.mk_mul(a);
            case EufOp::IntDiv: return tm_.mk_int_div(a[0], a[1]);
            case EufOp::Mod: return tm_.mk_mod(a[0], a[1]);
            case EufOp::RealDiv: return tm_.mk_real_div(a[0], a[1]);
            case EufOp::Abs: return tm_.mk_abs(a[0]);
            case EufOp::ToInt: return tm_.mk_to_int(a[0]);
            case EufOp::IsInt: return tm_.mk_is_int(a[0]);
        }
        throw std::logic_error("from_euf: unknown operator");
    }

    // In an Or, (L = R) next to euf.lt(L, R) is L ≤ R; in an And, ¬(L = R) next to it is L < R.
    // The pair is decoded into one atom at the place of its first member, so the encoding of an
    // atom comes back as that atom even after the TermManager flattened it into its parent.
    Term junction(Term t) {
        const bool is_or = tm_.kind(t) == Kind::Or;
        const auto kids = tm_.children(t);
        std::unordered_map<Term, std::size_t, smt::TermHash> at;
        for (std::size_t i = 0; i < kids.size(); ++i) at.emplace(kids[i], i);
        std::vector<Term> out(kids.size());
        std::vector<bool> done(kids.size(), false), dropped(kids.size(), false);
        for (std::size_t i = 0; i < kids.size(); ++i) {
            const Term lt = kids[i];
            if (done[i] || tm_.kind(lt) != Kind::App || iface_.euf_op(tm_.func_of(lt)) != EufOp::Lt) continue;
            const Term l = tm_.child(lt, 0), r = tm_.child(lt, 1);
            const Term eq = tm_.mk_eq(l, r);
            auto it = at.find(is_or ? eq : tm_.mk_not(eq));
            if (it == at.end() || done[it->second]) continue;
            const std::size_t j = it->second;
            const Term dl = memo_.at(l), dr = memo_.at(r);
            out[std::min(i, j)] = is_or ? tm_.mk_leq(dl, dr) : tm_.mk_lt(dl, dr);
            done[i] = done[j] = true;
            dropped[std::max(i, j)] = true;
        }
        std::vector<Term> parts;
        for (std::size_t i = 0; i < kids.size(); ++i) {
            if (dropped[i]) continue;
            parts.push_back(done[i] ? out[i] : memo_.at(kids[i]));
        }
        if (is_or) return tm_.mk_or(parts);
        merge_bounds(tm_, parts);
        return tm_.mk_and(parts);
    }

    TermManager& tm_;
    const TheoryInterface& iface_;
    Memo memo_;
};

// ------------------------------------------------------------------------------------- LRA

// Terms rule 5.5.6 replaces by a fresh constant: LRA cannot express them (exactly).
bool lra_opaque(const TermManager& tm, Term t) {
    switch (tm.kind(t)) {
        case Kind::App:
        case Kind::Mul:
        case Kind::RealDiv:
        case Kind::IntDiv:
        case Kind::Mod:
        case Kind::Abs:
        case Kind::ToInt:
        case Kind::IsInt: return true;
        case Kind::Linear: {
            // Multiplication by an integer constant only (Example 3: 0.5·x over Int truncates).
            if (tm.sort(t) != SortTable::Int) return false;
            for (std::size_t i = 0; i < tm.num_children(t); ++i)
                if (!integral(tm.coeff(t, i))) return true;
            return !integral(tm.constant(t));
        }
        default: return smt::is_bv_kind(tm.kind(t));
    }
}

// An Int term equal to the Real term a wherever its Int atoms are integers, if a has one.
std::optional<Term> as_int(TermManager& tm, Term a) {
    if (tm.sort(a) == SortTable::Int) return a;
    if (tm.kind(a) == Kind::Numeral) {
        if (!integral(tm.numeral(a))) return std::nullopt;
        return tm.mk_numeral(tm.numeral(a), SortTable::Int);
    }
    if (tm.kind(a) != Kind::Linear || !integral(tm.constant(a))) return std::nullopt;
    std::vector<Monomial> ms;
    for (std::size_t i = 0; i < tm.num_children(a); ++i) {
        if (tm.sort(tm.child(a, i)) != SortTable::Int || !integral(tm.coeff(a, i))) return std::nullopt;
        ms.push_back({tm.coeff(a, i), tm.child(a, i)});
    }
    return tm.mk_linear(std::move(ms), tm.constant(a), SortTable::Int);
}

// a ⋈ b as an Int atom when all its atoms are Int, scaled to integer coefficients (a positive
// factor keeps ⋈; the Int atom has the same truth value wherever the atoms are integers).
std::optional<Term> int_atom(TermManager& tm, Kind k, Term a, Term b) {
    if (tm.sort(a) == SortTable::Int && tm.sort(b) == SortTable::Int) return std::nullopt;  // already
    std::vector<Monomial> ms;
    mpq_class c = 0;
    difference(tm, a, b, ms, c);
    mpz_class l = c.get_den();
    for (const Monomial& m : ms) {
        if (tm.sort(m.atom) != SortTable::Int) return std::nullopt;
        mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), m.coeff.get_den_mpz_t());
    }
    for (Monomial& m : ms) m.coeff *= l;
    const Term p = tm.mk_linear(std::move(ms), c * l, SortTable::Int);
    const Term zero = tm.mk_numeral(0, SortTable::Int);
    switch (k) {
        case Kind::Leq: return tm.mk_leq(p, zero);
        case Kind::Lt: return tm.mk_lt(p, zero);
        default: return tm.mk_eq(p, zero);
    }
}

// t over new children, with arithmetic atoms, ite and distinct made Int where every atom below
// them is Int: such parts are unchanged by the relaxation (they mention kept or decoded Int
// terms only) and keep the integer normal form (tightened bounds), which craig's branch and
// bound needs: on Real atoms over Int constants it may not terminate.
Term rebuild_integral(TermManager& tm, Term t, std::vector<Term>& kids) {
    const Kind k = tm.kind(t);
    if (smt::is_arith_atom_kind(k) || is_arith_eq(tm, t)) {
        if (auto r = int_atom(tm, k, kids[0], kids[1])) return *r;
    } else if (k == Kind::Ite || k == Kind::Distinct) {
        const std::size_t first = k == Kind::Ite ? 1 : 0;
        std::vector<Term> ints;
        bool real = false;
        for (std::size_t i = first; i < kids.size(); ++i) {
            real = real || tm.sort(kids[i]) == SortTable::Real;
            if (auto v = as_int(tm, kids[i])) ints.push_back(*v);
        }
        // Otherwise the mixed Real one, which is well sorted too.
        if (real && ints.size() == kids.size() - first) std::copy(ints.begin(), ints.end(), kids.begin() + first);
    }
    return tm.rebuild(t, kids);
}

class LraEncoder {
public:
    LraEncoder(TermManager& tm, std::span<const Term> keep, TheoryInterface& iface)
        : tm_(tm), keep_(keep.begin(), keep.end()), iface_(iface) {}

    Term run(Term root) {
        return transform(
            root, memo_,
            [this](Term t, std::vector<Term>& out) {
                if (lra_opaque(tm_, t)) return;
                for (Term c : tm_.children(t)) out.push_back(c);
            },
            [this](Term t) { return build(t); });
    }

private:
    Term build(Term t) {
        const Kind k = tm_.kind(t);
        const smt::Sort s = tm_.sort(t);
        const smt::Sort relaxed = s == SortTable::Int ? SortTable::Real : s;
        if (lra_opaque(tm_, t)) {
            const std::string name = k == Kind::App ? tm_.func(tm_.func_of(t)).name : std::string(smt::kind_name(k));
            return iface_.lra.var_of(tm_, t, relaxed, "lra." + name);
        }
        switch (k) {
            case Kind::Const:
                if (s != SortTable::Int) return t;
                if (keep_.count(t)) return tm_.mk_to_real(t);
                return iface_.lra.var_of(tm_, t, relaxed, "lra." + tm_.func(tm_.func_of(t)).name);
            case Kind::Numeral: return s == SortTable::Int ? tm_.mk_numeral(tm_.numeral(t), SortTable::Real) : t;
            case Kind::Linear: {
                std::vector<Monomial> ms;
                mpq_class c = tm_.constant(t);
                for (std::size_t i = 0; i < tm_.num_children(t); ++i) {
                    std::vector<Monomial> sub;
                    mpq_class kc = 0;
                    tm_.as_polynomial(memo_.at(tm_.child(t, i)), sub, kc);
                    for (Monomial& m : sub) ms.push_back({m.coeff * tm_.coeff(t, i), m.atom});
                    c += kc * tm_.coeff(t, i);
                }
                return tm_.mk_linear(std::move(ms), c, SortTable::Real);
            }
            default: break;
        }
        if (tm_.num_children(t) == 0) return t;
        std::vector<Term> kids;
        for (Term c : tm_.children(t)) kids.push_back(memo_.at(c));
        return rebuild_integral(tm_, t, kids);  // Boolean structure, =, ≤, <, ite, distinct
    }

    TermManager& tm_;
    std::unordered_set<Term, smt::TermHash> keep_;
    TheoryInterface& iface_;
    Memo memo_;
};

class LraDecoder {
public:
    LraDecoder(TermManager& tm, const TheoryInterface& iface) : tm_(tm), iface_(iface) {}

    Term run(Term root) {
        return transform(
            root, memo_,
            [this](Term t, std::vector<Term>& out) {
                for (Term c : tm_.children(t)) out.push_back(c);
            },
            [this](Term t) { return build(t); });
    }

private:
    Term build(Term t) {
        if (tm_.kind(t) == Kind::Const) {
            Term orig = iface_.lra.term_of(t);
            return orig.valid() ? orig : t;
        }
        if (tm_.num_children(t) == 0) return t;
        std::vector<Term> kids;
        for (Term c : tm_.children(t)) kids.push_back(memo_.at(c));
        if (tm_.kind(t) == Kind::And) {
            merge_bounds(tm_, kids);
            return tm_.mk_and(kids);
        }
        return rebuild_integral(tm_, t, kids);
    }

    TermManager& tm_;
    const TheoryInterface& iface_;
    Memo memo_;
};

void int_constants(const TermManager& tm, Term root, std::vector<Term>& out) {
    std::unordered_set<Term, smt::TermHash> seen;
    std::vector<Term> stack{root};
    while (!stack.empty()) {
        Term t = stack.back();
        stack.pop_back();
        if (!seen.insert(t).second) continue;
        if (tm.kind(t) == Kind::Const && tm.sort(t) == SortTable::Int) out.push_back(t);
        for (Term c : tm.children(t)) stack.push_back(c);
    }
}

Term decode(TermManager& tm, Term sigma, Theory from, const TheoryInterface& iface) {
    switch (from) {
        case Theory::Euf: return from_euf(tm, sigma, iface);
        case Theory::Lra: return from_lra(tm, sigma, iface);
        case Theory::Lia: return sigma;
    }
    return sigma;
}

Term encode(TermManager& tm, Term sigma, Theory to, TheoryInterface& iface, std::span<const Term> keep) {
    switch (to) {
        case Theory::Euf: return to_euf(tm, sigma, iface);
        case Theory::Lra: return to_lra(tm, sigma, keep, iface);
        case Theory::Lia: return sigma;
    }
    return sigma;
}

}  // namespace

const char* theory_name(Theory t) {
    switch (t) {
        case Theory::Euf: return "euf";
        case Theory::Lra: return "lra";
        case Theory::Lia: return "lia";
    }
    return "?";
}

Term FreshMap::var_of(TermManager& tm, Term t, smt::Sort sort, const std::string& prefix) {
    if (auto it = var_.find(t); it != var_.end()) return it->second;
    const Term v = tm.mk_const(tm.fresh_fun(prefix, {}, sort));
    var_.emplace(t, v);
    term_.emplace(v, t);
    return v;
}

Term FreshMap::term_of(Term var) const {
    auto it = term_.find(var);
    return it == term_.end() ? Term{} : it->second;
}

Term FreshMap::find(Term t) const {
    auto it = var_.find(t);
    return it == var_.end() ? Term{} : it->second;
}

smt::FuncId TheoryInterface::euf_symbol(TermManager& tm, EufOp op, std::vector<smt::Sort> domain, smt::Sort range) {
    std::vector<std::uint32_t> key;
    for (smt::Sort s : domain) key.push_back(s.id);
    key.push_back(range.id);
    auto [it, fresh] = symbols_.try_emplace({op, std::move(key)}, 0);
    if (fresh) {
        it->second = tm.fresh_fun(op_name(op), std::move(domain), range);
        op_of_.emplace(it->second, op);
    }
    return it->second;
}

std::optional<EufOp> TheoryInterface::euf_op(smt::FuncId f) const {
    auto it = op_of_.find(f);
    if (it == op_of_.end()) return std::nullopt;
    return it->second;
}

Term to_euf(TermManager& tm, Term t, TheoryInterface& iface) { return EufEncoder(tm, iface).run(t); }

Term from_euf(TermManager& tm, Term t, const TheoryInterface& iface) { return EufDecoder(tm, iface).run(t); }

Term to_lra(TermManager& tm, Term t, std::span<const Term> keep, TheoryInterface& iface) {
    return LraEncoder(tm, keep, iface).run(t);
}

Term from_lra(TermManager& tm, Term t, const TheoryInterface& iface) { return LraDecoder(tm, iface).run(t); }

Term translate_summary(TermManager& tm, Term sigma, Theory from, Theory to, TheoryInterface& iface,
                       std::span<const Term> keep) {
    return encode(tm, decode(tm, sigma, from, iface), to, iface, keep);
}

Term translate_summary(TermManager& tm, Term sigma, Theory from, Theory to, TheoryInterface& iface) {
    const Term universal = decode(tm, sigma, from, iface);
    std::vector<Term> keep;
    int_constants(tm, universal, keep);
    return encode(tm, universal, to, iface, keep);
}

}  // namespace craig::verifier
