// C integer semantics of the lowering: conversions, wrap-around, operators.
#include <gmpxx.h>

#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

using frontend::Op;

namespace {

mpz_class to_mpz(i128 v) {
    bool neg = v < 0;
    u128 u = neg ? -static_cast<u128>(v) : static_cast<u128>(v);
    mpz_class hi(static_cast<unsigned long>(static_cast<std::uint64_t>(u >> 64)));
    mpz_class lo(static_cast<unsigned long>(static_cast<std::uint64_t>(u)));
    mpz_class r = (hi << 64) + lo;
    return neg ? mpz_class(-r) : r;
}

std::optional<i128> mul128(i128 a, i128 b) {
    i128 r;
    if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
    return r;
}

// Floor division for b > 0.
i128 floor_div(i128 a, i128 b) {
    i128 q = a / b;
    if ((a % b != 0) && (a < 0)) --q;
    return q;
}

constexpr i128 kLimit = static_cast<i128>(1) << 100;  // intervals beyond this are dropped

Interval checked(i128 lo, i128 hi) {
    if (lo < -kLimit || hi > kLimit) return Interval::none();
    return Interval::of(lo, hi);
}

Interval add(Interval a, Interval b) {
    if (!a.known || !b.known) return Interval::none();
    return checked(a.lo + b.lo, a.hi + b.hi);
}

Interval scale(Interval a, i128 c) {
    if (!a.known) return Interval::none();
    auto x = mul128(a.lo, c), y = mul128(a.hi, c);
    if (!x || !y) return Interval::none();
    return c >= 0 ? checked(*x, *y) : checked(*y, *x);
}

// The product interval (nullopt-free: an overflow of i128 drops it).
Interval mul(Interval a, Interval b) {
    if (!a.known || !b.known) return Interval::none();
    i128 lo = 0, hi = 0;
    bool first = true;
    for (i128 x : {a.lo, a.hi})
        for (i128 y : {b.lo, b.hi}) {
            auto p = mul128(x, y);
            if (!p) return Interval::none();
            lo = first ? *p : std::min(lo, *p);
            hi = first ? *p : std::max(hi, *p);
            first = false;
        }
    return checked(lo, hi);
}

// [-m, m] for the largest magnitude m in a.
Interval magnitude(Interval a) {
    if (!a.known) return Interval::none();
    const i128 m = std::max(a.lo < 0 ? -a.lo : a.lo, a.hi < 0 ? -a.hi : a.hi);
    return Interval::of(-m, m);
}

bool is_pow2_minus1(i128 c, unsigned& k) {
    if (c <= 0) return false;
    i128 n = c + 1;
    if ((n & (n - 1)) != 0) return false;
    k = 0;
    while ((static_cast<i128>(1) << k) < n) ++k;
    return true;
}

}  // namespace

smt::Term Lowerer::num(i128 v) { return tm_.mk_numeral(mpq_class(to_mpz(v)), smt::SortTable::Int); }

void Lowerer::bound_aux(smt::Term a, Interval r, const frontend::SourceLocation& at) {
    if (!opt_.bit_precise) return;
    if (!r.known) throw frontend::Unsupported(at, "bit-precise encoding: a value of unknown range");
    prog_.aux_ranges[a] = {to_mpz(r.lo), to_mpz(r.hi)};
    assume(tm_.mk_leq(num(r.lo), a));
    assume(tm_.mk_leq(a, num(r.hi)));
}

Interval Lowerer::type_range(Type t) const {
    auto dm = prog_.provenance.data_model;
    if (t.is_bool()) return Interval::of(0, 1);
    std::uint64_t lo = frontend::min_value(t.kind, dm), hi = frontend::max_value(t.kind, dm);
    if (frontend::is_signed(t.kind)) return Interval::of(static_cast<std::int64_t>(lo), static_cast<std::int64_t>(hi));
    return Interval::of(lo, hi);
}

smt::Term Lowerer::as_bool(const Val& v) {
    smt::Term t = get(v);
    if (v.is_pointer()) return tm_.mk_not(tm_.mk_eq(t, num(0)));  // non-null
    if (v.is_bool) return t;
    if (tm_.kind(t) == smt::Kind::Ite && tm_.child(t, 1) == num(1) && tm_.child(t, 2) == num(0)) return tm_.child(t, 0);
    return tm_.mk_not(tm_.mk_eq(t, num(0)));
}

Val Lowerer::as_int(const Val& v) {
    smt::Term t = get(v);
    if (!v.is_bool) return Val{t, false, v.range};
    if (t == tm_.mk_true()) return Val{num(1), false, Interval::of(1, 1)};
    if (t == tm_.mk_false()) return Val{num(0), false, Interval::of(0, 0)};
    return Val{tm_.mk_ite(t, num(1), num(0)), false, Interval::of(0, 1)};
}

Val Lowerer::wrap(smt::Term t, Interval r, Type to) {
    Interval tr = type_range(to);
    if (r.within(tr.lo, tr.hi)) return Val{t, false, r};
    unsigned w = frontend::bit_width(to.kind, prog_.provenance.data_model);
    i128 m = static_cast<i128>(1) << w;
    if (r.known) {
        i128 klo = floor_div(r.lo - tr.lo, m), khi = floor_div(r.hi - tr.lo, m);
        if (klo == khi) {
            smt::Term shifted = tm_.mk_sub(t, num(m * klo));
            return Val{shifted, false, Interval::of(r.lo - m * klo, r.hi - m * klo)};
        }
        smt::Term k = fresh_aux("wrap", smt::SortTable::Int);
        assume(tm_.mk_leq(num(klo), k));
        assume(tm_.mk_leq(k, num(khi)));
        if (opt_.bit_precise) prog_.aux_ranges[k] = {to_mpz(klo), to_mpz(khi)};
        smt::Term res = tm_.mk_sub(t, tm_.mk_scale(mpq_class(to_mpz(m)), k));
        assume(tm_.mk_leq(num(tr.lo), res));
        assume(tm_.mk_leq(res, num(tr.hi)));
        return Val{res, false, tr};
    }
    if (opt_.bit_precise)
        throw frontend::Unsupported(seg_.loc, "bit-precise encoding: a wrapped value of unknown range");
    smt::Term k = fresh_aux("wrap", smt::SortTable::Int);
    smt::Term res = tm_.mk_sub(t, tm_.mk_scale(mpq_class(to_mpz(m)), k));
    assume(tm_.mk_leq(num(tr.lo), res));
    assume(tm_.mk_leq(res, num(tr.hi)));
    return Val{res, false, tr};
}

Val Lowerer::convert(Val v, Type from, Type to) {
    if (to.is_bool()) {
        smt::Term b = as_bool(v);
        return as_int(Val{b, true, {}});
    }
    Val i = as_int(v);
    Interval r = i.range.known ? i.range : (from.is_integer() ? type_range(from) : Interval::none());
    Interval tr = type_range(to);
    if (r.within(tr.lo, tr.hi)) return Val{i.term, false, r};
    auto dm = prog_.provenance.data_model;
    if (from.is_integer() && frontend::is_signed(from.kind) && frontend::is_signed(to.kind) &&
        frontend::bit_width(to.kind, dm) >= frontend::bit_width(from.kind, dm))
        return Val{i.term, false, r};  // a signed value that overflowed before: undefined already
    return wrap(i.term, r, to);
}

smt::Term Lowerer::uf(const std::string& name, smt::Term a, smt::Term b) {
    auto it = ufs_.find(name);
    if (it == ufs_.end())
        it = ufs_.emplace(name,
                          tm_.declare_fun("c." + name, {smt::SortTable::Int, smt::SortTable::Int}, smt::SortTable::Int))
                 .first;
    smt::Term args[2] = {a, b};
    return tm_.mk_app(it->second, args);
}

Val Lowerer::arith(Op op, Val a, Val b, Type operand, Type result, const frontend::SourceLocation& at) {
    Val x = as_int(a), y = as_int(b);
    bool xc = x.range.is_const(), yc = y.range.is_const();
    i128 cx = x.range.lo, cy = y.range.lo;
    unsigned w = frontend::bit_width(result.kind, prog_.provenance.data_model);
    smt::Term t;
    Interval r;
    bool in_type = false;  // the result is in the result type's range by construction
    switch (op) {
        case Op::Add:
            t = tm_.mk_add(std::vector<smt::Term>{x.term, y.term});
            r = add(x.range, y.range);
            break;
        case Op::Sub:
            t = tm_.mk_sub(x.term, y.term);
            r = add(x.range, scale(y.range, -1));
            break;
        case Op::Mul:
            if (xc || yc) {
                i128 c = xc ? cx : cy;
                const Val& o = xc ? y : x;
                t = tm_.mk_scale(mpq_class(to_mpz(c)), o.term);
                r = scale(o.range, c);
                if (opt_.bit_precise && !r.known && !frontend::is_signed(result.kind)) {
                    // Too wide to range (2^64 - 3 times a 64-bit value): reduced mod 2^w instead.
                    t = uf("mulu" + std::to_string(w), x.term, y.term);
                    in_type = true;
                }
            } else if (opt_.bit_precise && !frontend::is_signed(result.kind)) {
                t = uf("mulu" + std::to_string(w), x.term, y.term);  // reduced mod 2^w (bit_precise.hpp)
                in_type = true;
            } else {
                t = uf("mul", x.term, y.term);
                if (opt_.bit_precise) r = mul(x.range, y.range);
            }
            break;
        case Op::Div:
        case Op::Rem: {
            if (yc && cy != 0) {
                i128 ac = cy < 0 ? -cy : cy;
                if (xc) {
                    i128 q = cx / cy, rm = cx % cy;  // C99 truncation
                    i128 v = op == Op::Div ? q : rm;
                    t = num(v);
                    r = Interval::of(v, v);
                    break;
                }
                Interval xr = x.range;
                auto [it, added] = seg_.divisions.try_emplace({x.term, cy});
                if (added) {
                    smt::Term q = fresh_aux("div", smt::SortTable::Int);
                    smt::Term rm = fresh_aux("rem", smt::SortTable::Int);
                    it->second = {q, rm};
                    assume(tm_.mk_eq(x.term,
                                     tm_.mk_add(std::vector<smt::Term>{tm_.mk_scale(mpq_class(to_mpz(cy)), q), rm})));
                    bound_aux(q, magnitude(xr), at);
                    bound_aux(rm, Interval::of(-(ac - 1), ac - 1), at);
                    smt::Term nonneg = tm_.mk_leq(num(0), x.term);
                    smt::Term pos_r = tm_.mk_and(tm_.mk_leq(num(0), rm), tm_.mk_leq(rm, num(ac - 1)));
                    smt::Term neg_r = tm_.mk_and(tm_.mk_leq(num(-(ac - 1)), rm), tm_.mk_leq(rm, num(0)));
                    if (xr.known && xr.lo >= 0) {
                        assume(pos_r);
                    } else if (xr.known && xr.hi <= 0) {
                        assume(neg_r);
                    } else {
                        assume(tm_.mk_implies(nonneg, pos_r));
                        assume(tm_.mk_implies(tm_.mk_not(nonneg), neg_r));
                    }
                }
                const auto [q, rm] = it->second;
                if (op == Op::Div) {
                    t = q;
                    if (xr.known) {
                        i128 q1 = xr.lo / cy, q2 = xr.hi / cy;
                        r = Interval::of(std::min(q1, q2), std::max(q1, q2));
                    }
                } else {
                    t = rm;
                    i128 lo = (xr.known && xr.lo >= 0) ? 0 : -(ac - 1);
                    i128 hi = (xr.known && xr.hi <= 0) ? 0 : ac - 1;
                    r = Interval::of(lo, hi);
                }
            } else {
                if (opt_.bit_precise) check_or_error(tm_.mk_not(tm_.mk_eq(y.term, num(0))), "division by zero", at);
                t = uf(op == Op::Div ? "div" : "rem", x.term, y.term);
                if (opt_.bit_precise) r = op == Op::Div ? magnitude(x.range) : magnitude(y.range);
                if (!frontend::is_signed(result.kind)) in_type = true;
            }
            break;
        }
        case Op::Shl:
            if (yc && cy >= 0 && cy < w) {
                i128 m = static_cast<i128>(1) << static_cast<unsigned>(cy);
                t = tm_.mk_scale(mpq_class(to_mpz(m)), x.term);
                r = scale(x.range, m);
                if (opt_.bit_precise && !r.known && !frontend::is_signed(result.kind)) {
                    t = uf("shlu" + std::to_string(w), x.term, y.term);  // as for products above
                    in_type = true;
                }
            } else {
                if (opt_.bit_precise && !frontend::is_signed(result.kind)) {
                    check_shift(y, w, at);
                    t = uf("shlu" + std::to_string(w), x.term, y.term);  // reduced mod 2^w
                    in_type = true;
                    break;
                }
                if (opt_.bit_precise) {
                    check_shift(y, w, at);
                    if (frontend::is_signed(operand.kind))
                        check_or_error(tm_.mk_leq(num(0), x.term), "left shift of a negative value", at);
                    if (x.range.known)
                        r = mul(Interval::of(std::max<i128>(x.range.lo, 0), std::max<i128>(x.range.hi, 0)),
                                Interval::of(1, static_cast<i128>(1) << (w - 1)));
                }
                t = uf("shl", x.term, y.term);
            }
            break;
        case Op::Shr:
            if (yc && cy >= 0 && cy < w) {
                i128 m = static_cast<i128>(1) << static_cast<unsigned>(cy);
                if (cy == 0) {
                    t = x.term;
                    r = x.range;
                } else if (xc) {
                    i128 v = floor_div(cx, m);
                    t = num(v);
                    r = Interval::of(v, v);
                } else {
                    smt::Term q = fresh_aux("shr", smt::SortTable::Int);
                    smt::Term rm = fresh_aux("shrrem", smt::SortTable::Int);
                    assume(tm_.mk_eq(x.term,
                                     tm_.mk_add(std::vector<smt::Term>{tm_.mk_scale(mpq_class(to_mpz(m)), q), rm})));
                    assume(tm_.mk_leq(num(0), rm));
                    assume(tm_.mk_leq(rm, num(m - 1)));
                    t = q;
                    if (x.range.known) r = Interval::of(floor_div(x.range.lo, m), floor_div(x.range.hi, m));
                    bound_aux(q, r, at);
                    bound_aux(rm, Interval::of(0, m - 1), at);
                }
            } else {
                if (opt_.bit_precise) check_shift(y, w, at);
                t = uf("shr", x.term, y.term);
                in_type = true;
            }
            break;
        case Op::BitAnd:
        case Op::BitOr:
        case Op::BitXor: {
            if (xc && yc) {
                i128 v = op == Op::BitAnd ? (cx & cy) : op == Op::BitOr ? (cx | cy) : (cx ^ cy);
                t = num(v);
                r = Interval::of(v, v);
                break;
            }
            if (xc || yc) {
                i128 c = xc ? cx : cy;
                const Val& o = xc ? y : x;
                Interval tr = type_range(operand);
                bool all_ones = frontend::is_signed(operand.kind) ? c == -1 : c == tr.hi;
                unsigned k = 0;
                if (c == 0) {
                    if (op == Op::BitAnd) {
                        t = num(0);
                        r = Interval::of(0, 0);
                    } else {
                        t = o.term;
                        r = o.range;
                    }
                    break;
                }
                if (op == Op::BitAnd && all_ones) {
                    t = o.term;
                    r = o.range;
                    break;
                }
                if (op == Op::BitAnd && is_pow2_minus1(c, k) && o.range.known && o.range.lo >= 0) {
                    i128 m = c + 1;
                    if (o.range.hi < m) {
                        t = o.term;
                        r = o.range;
                        break;
                    }
                    smt::Term q = fresh_aux("and", smt::SortTable::Int);
                    smt::Term rm = fresh_aux("andrem", smt::SortTable::Int);
                    assume(tm_.mk_eq(o.term,
                                     tm_.mk_add(std::vector<smt::Term>{tm_.mk_scale(mpq_class(to_mpz(m)), q), rm})));
                    assume(tm_.mk_leq(num(0), rm));
                    assume(tm_.mk_leq(rm, num(c)));
                    bound_aux(q, Interval::of(0, o.range.hi / m), at);
                    bound_aux(rm, Interval::of(0, c), at);
                    t = rm;
                    r = Interval::of(0, c);
                    break;
                }
            }
            const char* name = op == Op::BitAnd ? "bvand" : op == Op::BitOr ? "bvor" : "bvxor";
            t = uf(name, x.term, y.term);
            in_type = true;
            break;
        }
        default: throw frontend::Unsupported(at, std::string("operator ") + std::string(frontend::to_string(op)));
    }
    if (in_type) {
        Interval tr = type_range(result);
        assume(tm_.mk_leq(num(tr.lo), t));
        assume(tm_.mk_leq(t, num(tr.hi)));
        return Val{t, false, tr};
    }
    if (frontend::is_signed(result.kind)) {
        const Interval tr = type_range(result);
        if (opt_.bit_precise && !r.within(tr.lo, tr.hi)) {
            check_or_error(tm_.mk_and(tm_.mk_leq(num(tr.lo), t), tm_.mk_leq(t, num(tr.hi))), "signed overflow", at);
            if (r.known)
                r = Interval::of(std::max(r.lo, tr.lo), std::min(r.hi, tr.hi));
            else
                r = tr;
        }
        return Val{t, false, r};
    }
    return wrap(t, r, result);
}

void Lowerer::check_shift(const Val& amount, unsigned width, const frontend::SourceLocation& at) {
    check_or_error(tm_.mk_and(tm_.mk_leq(num(0), amount.term), tm_.mk_lt(amount.term, num(width))),
                   "shift by a negative amount or by the width or more", at);
}

Val Lowerer::compare(Op op, Val a, Val b) {
    if (op == Op::Eq || op == Op::Ne) {
        smt::Term eq;
        if (a.is_bool && b.is_bool)
            eq = tm_.mk_eq(get(a), get(b));
        else
            eq = tm_.mk_eq(as_int(a).term, as_int(b).term);
        return Val{op == Op::Eq ? eq : tm_.mk_not(eq), true, {}};
    }
    smt::Term x = as_int(a).term, y = as_int(b).term;
    smt::Term t;
    switch (op) {
        case Op::Lt: t = tm_.mk_lt(x, y); break;
        case Op::Le: t = tm_.mk_leq(x, y); break;
        case Op::Gt: t = tm_.mk_gt(x, y); break;
        default: t = tm_.mk_geq(x, y); break;
    }
    return Val{t, true, {}};
}

Val Lowerer::nondet_value(Type t, const frontend::SourceLocation& at, const std::string& source) {
    smt::Term n = fresh_aux("in", smt::SortTable::Int);
    Interval tr = type_range(t);
    assume(tm_.mk_leq(num(tr.lo), n));
    assume(tm_.mk_leq(n, num(tr.hi)));
    seg_.inputs.push_back(Input{n, t, at, source});
    if (opt_.bit_precise) prog_.aux_ranges[n] = {to_mpz(tr.lo), to_mpz(tr.hi)};
    return Val{n, false, tr};
}

}  // namespace craig::verifier::detail
