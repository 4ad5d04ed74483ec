#include "verifier/domains/value_transfer.hpp"

#include <gmpxx.h>

#include <algorithm>
#include <limits>

#include "verifier/encoding/operator_refinement.hpp"

namespace craig::verifier {

using smt::Kind;
using smt::Term;

namespace {

// Values of linear atoms stay within 2^100 so that sums and products of two of them cannot
// overflow __int128 silently; beyond it a value counts as unknown (sound, only less precise).
constexpr Value kLimit = static_cast<Value>(1) << 100;

bool in_limit(Value v) { return v > -kLimit && v < kLimit; }

std::optional<Value> from_mpz(const mpz_class& z) {
    if (mpz_sizeinbase(z.get_mpz_t(), 2) > 100) return std::nullopt;
    const bool neg = z < 0;
    mpz_class a = neg ? mpz_class(-z) : z;
    const mpz_class hi = a >> 64, lo = a - (hi << 64);
    auto limb = [](const mpz_class& x) {
        // x < 2^64: two 32-bit halves (mpz's get_ui is only unsigned long wide)
        const mpz_class h = x >> 32, l = x - (h << 32);
        return (static_cast<UValue>(h.get_ui()) << 32) | l.get_ui();
    };
    const Value v = static_cast<Value>((limb(hi) << 64) | limb(lo));
    return neg ? -v : v;
}

mpz_class to_mpz(Value v) {
    const bool neg = v < 0;
    UValue u = neg ? -static_cast<UValue>(v) : static_cast<UValue>(v);
    mpz_class r(static_cast<unsigned long>(static_cast<std::uint64_t>(u >> 96)));
    for (int shift : {64, 32, 0}) {
        r <<= 32;
        r += static_cast<unsigned long>(static_cast<std::uint32_t>(u >> shift));
    }
    return neg ? mpz_class(-r) : r;
}

std::optional<Value> mul(Value a, Value b) {
    Value r;
    if (__builtin_mul_overflow(a, b, &r) || !in_limit(r)) return std::nullopt;
    return r;
}

std::optional<Value> add(Value a, Value b) {
    const Value r = a + b;  // both within 2^100: no overflow
    if (!in_limit(r)) return std::nullopt;
    return r;
}

Value floor_div(Value a, Value b) {  // b != 0
    Value q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}

Value ceil_div(Value a, Value b) { return -floor_div(-a, b); }

}  // namespace

mpq_class value_to_mpq(Value v) { return mpq_class(to_mpz(v)); }

ValueTransfer::ValueTransfer(const Program& plain) : p_(plain), tm_(plain.terms()) {
    for (const ProgramVar& v : p_.vars)
        if (tm_.sort(v.cur) != smt::SortTable::Int) integral_ = false;
    edges_.resize(p_.edges.size());
    for (EdgeId e = 0; e < p_.edges.size(); ++e) compile(e);
}

std::uint32_t ValueTransfer::slot_of(CompiledEdge& ce, Term constant) {
    const auto [it, added] = ce.slot.emplace(constant, ce.slots);
    if (added) ++ce.slots;
    return it->second;
}

void ValueTransfer::compile(EdgeId e) {
    CompiledEdge& ce = edges_[e];
    const Edge& edge = p_.edges[e];
    // Every arithmetic constant of the formula gets a slot, so that evaluation finds it.
    std::vector<Term> stack{edge.formula};
    std::unordered_map<Term, bool, smt::TermHash> seen;
    while (!stack.empty()) {
        const Term t = stack.back();
        stack.pop_back();
        if (!seen.emplace(t, true).second) continue;
        if (tm_.kind(t) == Kind::Const && tm_.is_arith(t)) {
            if (tm_.sort(t) != smt::SortTable::Int) integral_ = false;
            slot_of(ce, t);
        }
        for (Term c : tm_.children(t)) stack.push_back(c);
    }
    std::vector<Constraint> top;
    add_conjunct(ce, edge.formula, top);
    ce.first = static_cast<std::uint32_t>(constraints_.size());
    ce.count = static_cast<std::uint32_t>(top.size());
    constraints_.insert(constraints_.end(), top.begin(), top.end());

    std::vector<VarSlots> vars;
    for (const auto& [constant, slot] : ce.slot) {
        const VarId v = p_.var_of(constant);
        if (v == UINT32_MAX) continue;
        vars.push_back({v, kNoSlot, kNoSlot});
    }
    for (VarId w : edge.writes) vars.push_back({w, kNoSlot, kNoSlot});
    std::sort(vars.begin(), vars.end(), [](const VarSlots& a, const VarSlots& b) { return a.var < b.var; });
    vars.erase(
        std::unique(vars.begin(), vars.end(), [](const VarSlots& a, const VarSlots& b) { return a.var == b.var; }),
        vars.end());
    for (VarSlots& v : vars) {
        if (auto it = ce.slot.find(p_.vars[v.var].cur); it != ce.slot.end()) v.cur = it->second;
        if (std::binary_search(edge.writes.begin(), edge.writes.end(), v.var)) {
            const auto it = ce.slot.find(p_.vars[v.var].next);
            // A written variable without its next constant in the formula is havocked: a slot
            // that no constraint determines.
            v.next = it != ce.slot.end() ? it->second : ce.slots++;
        }
    }
    ce.vars = std::move(vars);
}

void ValueTransfer::add_conjunct(CompiledEdge& ce, Term c, std::vector<Constraint>& out) {
    auto opaque = [&] { out.push_back({Constraint::Kind::Opaque, Rel::Eq, 0, 0, 0, c}); };
    const Kind k = tm_.kind(c);
    switch (k) {
        case Kind::True: return;
        case Kind::And:
            for (Term x : tm_.children(c)) add_conjunct(ce, x, out);
            return;
        case Kind::Eq:
            if (tm_.num_children(c) == 2 && tm_.is_arith(tm_.child(c, 0)) &&
                add_linear(ce, tm_.child(c, 0), tm_.child(c, 1), Rel::Eq, false, false, out))
                return;
            return opaque();
        case Kind::Leq:
        case Kind::Lt:
            if (add_linear(ce, tm_.child(c, 0), tm_.child(c, 1), Rel::Le, k == Kind::Lt, false, out)) return;
            return opaque();
        case Kind::Not: {
            const Term a = tm_.child(c, 0);
            const Kind ka = tm_.kind(a);
            // not (p <= c): c < p; not (p < c): c <= p; not (a = b): a != b.
            if ((ka == Kind::Leq || ka == Kind::Lt) &&
                add_linear(ce, tm_.child(a, 0), tm_.child(a, 1), Rel::Le, ka == Kind::Leq, true, out))
                return;
            if (ka == Kind::Eq && tm_.num_children(a) == 2 && tm_.is_arith(tm_.child(a, 0)) &&
                add_linear(ce, tm_.child(a, 0), tm_.child(a, 1), Rel::Ne, false, false, out))
                return;
            return opaque();
        }
        case Kind::Implies: {
            std::vector<Constraint> body;
            add_conjunct(ce, tm_.child(c, 1), body);
            Constraint g{Constraint::Kind::Guarded, Rel::Eq, 0, 0, 0, tm_.child(c, 0)};
            g.first = static_cast<std::uint32_t>(constraints_.size());
            g.count = static_cast<std::uint32_t>(body.size());
            constraints_.insert(constraints_.end(), body.begin(), body.end());
            out.push_back(g);
            return;
        }
        default: return opaque();
    }
}

// lhs REL rhs as sum(items) REL k with integer coefficients; `negate_sides` swaps the sides
// (for a negated atom: not (l <= r) is r < l). Returns false when the atom does not fit (too
// large coefficients), so the caller keeps it opaque.
bool ValueTransfer::add_linear(CompiledEdge& ce, Term lhs, Term rhs, Rel rel, bool strict, bool negate_sides,
                               std::vector<Constraint>& out) {
    if (!integral_) return false;
    if (negate_sides) std::swap(lhs, rhs);
    std::vector<smt::Monomial> ms, rs;
    mpq_class kl = 0, kr = 0;
    tm_.as_polynomial(lhs, ms, kl);
    tm_.as_polynomial(rhs, rs, kr);
    for (smt::Monomial& m : rs) ms.push_back({-m.coeff, m.atom});
    mpq_class k = kr - kl;  // sum(ms) REL k
    std::sort(ms.begin(), ms.end(), [](const smt::Monomial& a, const smt::Monomial& b) { return a.atom < b.atom; });
    mpz_class scale = k.get_den();
    for (const smt::Monomial& m : ms) mpz_lcm(scale.get_mpz_t(), scale.get_mpz_t(), m.coeff.get_den_mpz_t());
    std::vector<Item> items;
    for (std::size_t i = 0; i < ms.size(); ++i) {
        mpq_class c = ms[i].coeff * scale;
        while (i + 1 < ms.size() && ms[i + 1].atom == ms[i].atom) c += ms[++i].coeff * scale;
        if (c == 0) continue;
        const std::optional<Value> v = from_mpz(c.get_num());
        if (!v || !in_limit(*v)) return false;
        const Term a = ms[i].atom;
        const bool constant = tm_.kind(a) == Kind::Const;
        items.push_back({*v, constant ? slot_of(ce, a) : kNoSlot, a});
    }
    const mpq_class ks = k * scale;  // an integer
    std::optional<Value> kv = from_mpz(ks.get_num());
    if (!kv) return false;
    if (strict) *kv -= 1;  // integers: s < k is s <= k - 1
    Constraint c{Constraint::Kind::Linear,
                 rel,
                 static_cast<std::uint32_t>(items_.size()),
                 static_cast<std::uint32_t>(items.size()),
                 *kv,
                 Term{}};
    items_.insert(items_.end(), items.begin(), items.end());
    out.push_back(c);
    return true;
}

std::optional<Value> ValueTransfer::eval(const CompiledEdge& ce, Term t) const {
    switch (tm_.kind(t)) {
        case Kind::Numeral: {
            const mpq_class& q = tm_.numeral(t);
            if (q.get_den() != 1) return std::nullopt;
            return from_mpz(q.get_num());
        }
        case Kind::Const: {
            const auto it = ce.slot.find(t);
            if (it == ce.slot.end()) return std::nullopt;
            const std::uint32_t s = it->second;
            if (!has_lo_[s] || !has_hi_[s] || lo_[s] != hi_[s]) return std::nullopt;
            return lo_[s];
        }
        case Kind::Linear: {
            const mpq_class& c0 = tm_.constant(t);
            if (c0.get_den() != 1) return std::nullopt;
            std::optional<Value> sum = from_mpz(c0.get_num());
            for (std::size_t i = 0; sum && i < tm_.num_children(t); ++i) {
                const mpq_class& ci = tm_.coeff(t, i);
                if (ci.get_den() != 1) return std::nullopt;
                const std::optional<Value> c = from_mpz(ci.get_num()), x = eval(ce, tm_.child(t, i));
                if (!c || !x) return std::nullopt;
                const std::optional<Value> term = mul(*c, *x);
                sum = term ? add(*sum, *term) : std::nullopt;
            }
            return sum;
        }
        case Kind::Ite: {
            const int c = eval_bool(ce, tm_.child(t, 0));
            if (c == 2) return std::nullopt;
            return eval(ce, tm_.child(t, c ? 1 : 2));
        }
        case Kind::App: {
            const std::string_view op = operator_name(tm_, t);
            if (op.empty()) return std::nullopt;
            const std::optional<Value> a = eval(ce, tm_.child(t, 0)), b = eval(ce, tm_.child(t, 1));
            if (!a || !b) return std::nullopt;
            const std::optional<mpz_class> r = apply_operator(op, to_mpz(*a), to_mpz(*b));
            return r ? from_mpz(*r) : std::nullopt;
        }
        default: return std::nullopt;
    }
}

int ValueTransfer::eval_bool(const CompiledEdge& ce, Term t) const {
    switch (tm_.kind(t)) {
        case Kind::True: return 1;
        case Kind::False: return 0;
        case Kind::Not: {
            const int a = eval_bool(ce, tm_.child(t, 0));
            return a == 2 ? 2 : 1 - a;
        }
        case Kind::And:
        case Kind::Or: {
            const bool is_and = tm_.kind(t) == Kind::And;
            int result = is_and ? 1 : 0;
            for (Term c : tm_.children(t)) {
                const int v = eval_bool(ce, c);
                if (v == (is_and ? 0 : 1)) return v;
                if (v == 2) result = 2;
            }
            return result;
        }
        case Kind::Implies: {
            const int a = eval_bool(ce, tm_.child(t, 0));
            if (a == 0) return 1;
            const int b = eval_bool(ce, tm_.child(t, 1));
            if (b == 1) return 1;
            return a == 1 && b == 0 ? 0 : 2;
        }
        case Kind::Xor: {
            const int a = eval_bool(ce, tm_.child(t, 0)), b = eval_bool(ce, tm_.child(t, 1));
            return a == 2 || b == 2 ? 2 : a ^ b;
        }
        case Kind::Ite: {
            const int c = eval_bool(ce, tm_.child(t, 0));
            return c == 2 ? 2 : eval_bool(ce, tm_.child(t, c ? 1 : 2));
        }
        case Kind::Eq:
        case Kind::Distinct: {
            const auto kids = tm_.children(t);
            const bool arith = tm_.is_arith(kids[0]);
            std::vector<std::optional<Value>> vals;
            for (Term c : kids) {
                if (arith) {
                    vals.push_back(eval(ce, c));
                } else {
                    const int b = eval_bool(ce, c);
                    vals.push_back(b == 2 ? std::nullopt : std::optional<Value>(b));
                }
                if (!vals.back()) return 2;
            }
            if (tm_.kind(t) == Kind::Eq) {
                for (const auto& v : vals)
                    if (*v != *vals[0]) return 0;
                return 1;
            }
            for (std::size_t i = 0; i < vals.size(); ++i)
                for (std::size_t j = i + 1; j < vals.size(); ++j)
                    if (*vals[i] == *vals[j]) return 0;
            return 1;
        }
        case Kind::Leq:
        case Kind::Lt: {
            const std::optional<Value> a = eval(ce, tm_.child(t, 0)), b = eval(ce, tm_.child(t, 1));
            if (!a || !b) return 2;
            return tm_.kind(t) == Kind::Leq ? *a <= *b : *a < *b;
        }
        default: return 2;
    }
}

bool ValueTransfer::learn(std::uint32_t s, Value lo, Value hi) {
    if (lo != std::numeric_limits<Value>::min() && (!has_lo_[s] || lo > lo_[s])) {
        lo_[s] = lo;
        has_lo_[s] = 1;
        changed_ = true;
    }
    if (hi != std::numeric_limits<Value>::max() && (!has_hi_[s] || hi < hi_[s])) {
        hi_[s] = hi;
        has_hi_[s] = 1;
        changed_ = true;
    }
    return !(has_lo_[s] && has_hi_[s] && lo_[s] > hi_[s]);
}

int ValueTransfer::propagate(const CompiledEdge& ce, const Constraint& c) {
    constexpr Value kMin = std::numeric_limits<Value>::min(), kMax = std::numeric_limits<Value>::max();
    switch (c.kind) {
        case Constraint::Kind::Opaque: return eval_bool(ce, c.term);
        case Constraint::Kind::Guarded: {
            const int g = eval_bool(ce, c.term);
            if (g == 1) {
                for (std::uint32_t i = 0; i < c.count; ++i) active_.push_back(c.first + i);
                changed_ = true;
            }
            return g == 2 ? 2 : 1;
        }
        case Constraint::Kind::Linear: break;
    }
    Value sum = 0, coeff = 0;
    std::uint32_t unknown = kNoSlot;
    unsigned unknowns = 0;
    bool blocked = false;  // an unknown that is not a constant (cannot be solved for)
    for (std::uint32_t i = 0; i < c.count; ++i) {
        const Item& it = items_[c.first + i];
        std::optional<Value> v;
        if (it.slot != kNoSlot) {
            if (has_lo_[it.slot] && has_hi_[it.slot] && lo_[it.slot] == hi_[it.slot]) v = lo_[it.slot];
        } else {
            v = eval(ce, it.term);
        }
        if (!v) {
            ++unknowns;
            unknown = it.slot;
            coeff = it.coeff;
            if (it.slot == kNoSlot) blocked = true;
            continue;
        }
        const std::optional<Value> term = mul(it.coeff, *v);
        const std::optional<Value> s = term ? add(sum, *term) : std::nullopt;
        if (!s) return 2;  // out of range: undecided
        sum = *s;
    }
    if (unknowns == 0) {
        switch (c.rel) {
            case Rel::Eq: return sum == c.k;
            case Rel::Le: return sum <= c.k;
            case Rel::Ne: return sum != c.k;
        }
    }
    if (unknowns > 1 || blocked) return 2;
    const Value rest = c.k - sum;  // coeff * x REL rest
    const std::uint32_t s = unknown;
    switch (c.rel) {
        case Rel::Eq:
            if (rest % coeff != 0) return 0;
            return learn(s, rest / coeff, rest / coeff) ? 1 : 0;
        case Rel::Le:
            if (coeff > 0) return learn(s, kMin, floor_div(rest, coeff)) ? 1 : 0;
            return learn(s, ceil_div(rest, coeff), kMax) ? 1 : 0;
        case Rel::Ne: {
            if (rest % coeff != 0) return 1;
            const Value v = rest / coeff;
            if (has_lo_[s] && lo_[s] == v && !learn(s, v + 1, kMax)) return 0;
            if (has_hi_[s] && hi_[s] == v && !learn(s, kMin, v - 1)) return 0;
            return 2;
        }
    }
    return 2;
}

bool ValueTransfer::post(EdgeId e, std::span<const Binding> in, Valuation& out) {
    const CompiledEdge& ce = edges_[e];
    if (lo_.size() < ce.slots) {
        lo_.resize(ce.slots);
        hi_.resize(ce.slots);
        has_lo_.resize(ce.slots);
        has_hi_.resize(ce.slots);
    }
    std::fill_n(has_lo_.begin(), ce.slots, 0);
    std::fill_n(has_hi_.begin(), ce.slots, 0);
    for (const VarSlots& v : ce.vars) {
        if (v.cur == kNoSlot) continue;
        const auto it =
            std::lower_bound(in.begin(), in.end(), v.var, [](const Binding& b, VarId x) { return b.var < x; });
        if (it != in.end() && it->var == v.var) {
            lo_[v.cur] = hi_[v.cur] = it->value;
            has_lo_[v.cur] = has_hi_[v.cur] = 1;
        }
    }
    active_.clear();
    for (std::uint32_t i = 0; i < ce.count; ++i) active_.push_back(ce.first + i);
    changed_ = true;
    while (changed_) {
        changed_ = false;
        for (std::size_t i = 0; i < active_.size();) {
            const int r = propagate(ce, constraints_[active_[i]]);
            if (r == 0) return false;
            if (r == 1) {
                active_[i] = active_.back();
                active_.pop_back();
            } else {
                ++i;
            }
        }
    }
    // The variables the edge mentions, then every other one of `in` unchanged.
    out.clear();
    auto value_of = [&](std::uint32_t s) -> std::optional<Value> {
        if (s == kNoSlot || !has_lo_[s] || !has_hi_[s] || lo_[s] != hi_[s]) return std::nullopt;
        return lo_[s];
    };
    std::size_t j = 0;
    for (const VarSlots& v : ce.vars) {
        while (j < in.size() && in[j].var < v.var) out.push_back(in[j++]);
        if (j < in.size() && in[j].var == v.var) ++j;
        const bool written = v.next != kNoSlot;
        if (const std::optional<Value> x = value_of(written ? v.next : v.cur)) out.push_back({v.var, *x});
    }
    while (j < in.size()) out.push_back(in[j++]);
    return true;
}

}  // namespace craig::verifier
