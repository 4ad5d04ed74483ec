#include "smt/arith_definitions.hpp"

#include <vector>

namespace craig::smt {

bool has_arith_definition(const TermManager& tm, Term t) {
    switch (tm.kind(t)) {
        case Kind::IntDiv:
        case Kind::Mod: {
            Term k = tm.child(t, 1);
            return tm.kind(k) == Kind::Numeral && tm.numeral(k) != 0;
        }
        case Kind::Abs:
        case Kind::ToInt: return true;
        default: return false;
    }
}

Term arith_definition(TermManager& tm, Term t) {
    if (!has_arith_definition(tm, t)) return Term{};
    const Sort s = tm.sort(t);
    auto num = [&](const mpq_class& v, Sort so) { return tm.mk_numeral(v, so); };
    switch (tm.kind(t)) {
        case Kind::IntDiv:
        case Kind::Mod: {
            Term x = tm.child(t, 0), k = tm.child(t, 1);
            const mpq_class kv = tm.numeral(k);  // a copy: making terms may move the numerals
            Term max_r = num(abs(kv) - 1, SortTable::Int);
            Term zero = num(0, SortTable::Int);
            Term q = tm.kind(t) == Kind::IntDiv ? t : tm.mk_int_div(x, k);
            Term kq = tm.mk_scale(kv, q);
            if (tm.kind(t) == Kind::IntDiv) {
                Term r = tm.mk_sub(x, kq);
                Term parts[2] = {tm.mk_leq(zero, r), tm.mk_leq(r, max_r)};
                return tm.mk_and(parts);
            }
            Term sum[2] = {kq, t};
            Term parts[3] = {tm.mk_eq(x, tm.mk_add(sum)), tm.mk_leq(zero, t), tm.mk_leq(t, max_r)};
            return tm.mk_and(parts);
        }
        case Kind::Abs: {
            Term x = tm.child(t, 0);
            return tm.mk_ite(tm.mk_geq(x, num(0, s)), tm.mk_eq(t, x), tm.mk_eq(t, tm.mk_neg(x)));
        }
        case Kind::ToInt: {
            Term x = tm.child(t, 0);
            Term r = tm.mk_to_real(t);
            Term one = num(1, SortTable::Real);
            Term sum[2] = {r, one};
            Term parts[2] = {tm.mk_leq(r, x), tm.mk_lt(x, tm.mk_add(sum))};
            return tm.mk_and(parts);
        }
        default: return Term{};
    }
}

}  // namespace craig::smt
