// atoi, atol, strtol, strtoul (LibcModel::StrToInt, C11 7.22.1.2 and 7.22.1.4) over the cells
// of the memory model. The replay computes the same conversions with glibc
// (frontend/libc_convert.hpp).
//
// The string's characters c0, c1, ... are read through the pointer as loads (exact for tracked
// objects and string literals, arbitrary elsewhere, as every read). An automaton over them,
// one step per character, follows the subject sequence: white space, an optional sign, for
// base 0 or 16 an optional 0x/0X prefix (base 0: a leading 0 makes it octal), then the digits
// of the base; its value saturates just above the largest magnitude, so out of range is a
// comparison. It runs for as many characters as the largest tracked object has cells (a string
// cannot be longer without reads out of bounds, which are arbitrary anyway), at most
// kMaxScan; a conversion still running after that is an over-approximation: any value, any
// end (and for atoi/atol possibly undefined), which the replay refutes when it matters.
#include <array>

#include "frontend/constant_eval.hpp"
#include "frontend/libc.hpp"
#include "frontend/libc_convert.hpp"
#include "frontend/type_checker.hpp"
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

using frontend::TypeKind;

namespace {

constexpr std::uint64_t kMaxScan = 64;

// Whether a pointer argument is null in the program text: 0, NULL, (char **)0 after conversion.
bool null_in_text(const frontend::Expr& e, frontend::DataModel dm) {
    if (frontend::is_null_pointer_constant(e, dm)) return true;
    return e.kind == frontend::ExprKind::Cast && frontend::is_null_pointer_constant(e.operand(0), dm);
}

}  // namespace

smt::Term Lowerer::digit_in_base(smt::Term c, int base) {
    auto in = [&](int lo, int hi) { return tm_.mk_and(tm_.mk_leq(num(lo), c), tm_.mk_leq(c, num(hi))); };
    smt::Term d = in('0', '0' + std::min(base, 10) - 1);
    if (base > 10) d = tm_.mk_or(d, tm_.mk_or(in('a', 'a' + base - 11), in('A', 'A' + base - 11)));
    return d;
}

Val Lowerer::string_to_int_call(const Expr& e, const std::vector<Val>& args) {
    const frontend::FunctionDecl& f = *e.callee;
    const frontend::LibcEntry& lib = *f.libc;
    const auto dm = prog_.provenance.data_model;
    const bool strto = frontend::has_endptr(lib);
    if (args.size() < (strto ? 3u : 1u)) throw frontend::Unsupported(e.loc, "call of " + f.name + " without its arguments");
    int base = 10;
    if (strto) {
        const auto b = frontend::evaluate_constant(e.operand(2), dm);
        if (!b) throw frontend::Unsupported(e.loc, f.name + " with a base that is not a constant");
        base = static_cast<int>(static_cast<std::int32_t>(*b));
        if (base != 0 && (base < 2 || base > 36))
            throw frontend::Unsupported(e.loc, f.name + " with base " + std::to_string(base) + " (undefined)");
    }
    const Type rt = frontend::libc_type(lib.result, *tu_.types);
    const Interval tr = type_range(rt);
    const bool is_unsigned = !frontend::is_signed(rt.kind);
    // The largest magnitude a result can have (|LONG_MIN|, ULONG_MAX) and the saturation just above.
    const i128 max_mag = is_unsigned ? tr.hi : -tr.lo;
    const smt::Term cap = num(max_mag + 1);

    std::uint64_t scan = 1;
    for (const MemObject& o : objects_)
        if (o.tracked) scan = std::max<std::uint64_t>(scan, o.cells.size());
    scan = std::min(scan, kMaxScan);

    // The bases a digit run may have: base 0 starts octal (0...), hexadecimal (0x...) or decimal.
    const std::vector<int> bases = base == 0 ? std::vector<int>{10, 8, 16} : std::vector<int>{base};
    const bool prefix = base == 0 || base == 16;
    const smt::Term f_ = tm_.mk_false(), t_ = tm_.mk_true();
    smt::Term ws = t_, start = f_, zero = f_, hex_x = f_, neg = f_, any = f_;
    std::vector<smt::Term> digits(bases.size(), f_);
    smt::Term v = num(0), end = num(0);
    const Type char_t = Type::of(TypeKind::Char);
    for (std::uint64_t i = 0; i < scan; ++i) {
        Place at = pointee_place(args[0], char_t);
        at.off = tm_.mk_add(std::vector<smt::Term>{at.off, num(static_cast<i128>(i))});
        const smt::Term c = as_int(load(at, e.loc)).term;
        auto is = [&](char ch) { return tm_.mk_eq(c, num(ch)); };
        const smt::Term space =
            tm_.mk_or(is(' '), tm_.mk_and(tm_.mk_leq(num('\t'), c), tm_.mk_leq(c, num('\r'))));
        const smt::Term sign = tm_.mk_or(is('+'), is('-'));
        // The digit's value (meaningful where digit_in_base holds).
        const smt::Term dval =
            tm_.mk_ite(tm_.mk_leq(c, num('9')), tm_.mk_sub(c, num('0')),
                       tm_.mk_ite(tm_.mk_leq(c, num('Z')), tm_.mk_sub(c, num('A' - 10)), tm_.mk_sub(c, num('a' - 10))));
        const smt::Term first = tm_.mk_or(tm_.mk_and(ws, tm_.mk_not(tm_.mk_or(space, sign))), start);
        const smt::Term first0 = prefix ? tm_.mk_and(first, is('0')) : f_;
        const smt::Term first_digit = tm_.mk_and(tm_.mk_and(first, tm_.mk_not(first0)), digit_in_base(c, bases[0]));
        const smt::Term x_char = tm_.mk_or(is('x'), is('X'));
        const smt::Term to_x = tm_.mk_and(zero, x_char);
        // After a leading 0: octal digits (base 0) or hexadecimal ones (base 16) continue it.
        const int after_zero = base == 0 ? 8 : 16;
        const std::size_t zero_run = base == 0 ? 1 : 0;
        const smt::Term zero_digit = tm_.mk_and(tm_.mk_and(zero, tm_.mk_not(x_char)), digit_in_base(c, after_zero));
        const std::size_t hex_run = base == 0 ? 2 : 0;
        const smt::Term x_digit = prefix ? tm_.mk_and(hex_x, digit_in_base(c, 16)) : f_;
        std::vector<smt::Term> next_digits(bases.size(), f_);
        std::vector<smt::Term> cont(bases.size(), f_);
        for (std::size_t b = 0; b < bases.size(); ++b) cont[b] = tm_.mk_and(digits[b], digit_in_base(c, bases[b]));
        next_digits[0] = tm_.mk_or(cont[0], first_digit);
        if (prefix) {
            next_digits[zero_run] = tm_.mk_or(next_digits[zero_run], zero_digit);
            next_digits[hex_run] = tm_.mk_or(next_digits[hex_run], x_digit);
        }
        for (std::size_t b = 1; b < bases.size(); ++b) next_digits[b] = tm_.mk_or(next_digits[b], cont[b]);
        // The value: a new run starts at the digit, a continued run accumulates (saturated).
        smt::Term nv = v;
        for (std::size_t b = 0; b < bases.size(); ++b) {
            const std::array<smt::Term, 2> sum{tm_.mk_scale(mpq_class(bases[b]), v), dval};
            smt::Term acc = tm_.mk_add(sum);
            acc = tm_.mk_ite(tm_.mk_lt(cap, acc), cap, acc);
            nv = tm_.mk_ite(cont[b], acc, nv);
        }
        const smt::Term starts = tm_.mk_or(tm_.mk_or(first_digit, zero_digit), x_digit);
        nv = tm_.mk_ite(starts, dval, tm_.mk_ite(first0, num(0), nv));
        const smt::Term step = tm_.mk_or(tm_.mk_or(starts, first0), tm_.mk_or(cont));
        end = tm_.mk_ite(step, num(static_cast<i128>(i + 1)), end);
        v = nv;
        any = tm_.mk_or(any, tm_.mk_or(first0, first_digit));
        neg = tm_.mk_ite(tm_.mk_and(ws, sign), is('-'), neg);
        start = tm_.mk_and(ws, sign);
        ws = tm_.mk_and(ws, space);
        hex_x = to_x;
        zero = first0;
        digits = next_digits;
    }
    smt::Term running = tm_.mk_or(tm_.mk_or(ws, start), tm_.mk_or(zero, hex_x));
    running = tm_.mk_or(running, tm_.mk_or(digits));

    smt::Term r;
    if (is_unsigned) {
        // C11 7.22.1.4p5: a '-' negates in the return type; out of range is ULONG_MAX.
        const smt::Term wrapped = tm_.mk_ite(tm_.mk_and(neg, tm_.mk_not(tm_.mk_eq(v, num(0)))),
                                             tm_.mk_sub(num(tr.hi + 1), v), v);
        r = tm_.mk_ite(tm_.mk_lt(num(tr.hi), v), num(tr.hi), wrapped);
    } else {
        r = tm_.mk_ite(neg, tm_.mk_ite(tm_.mk_lt(num(-tr.lo), v), num(tr.lo), tm_.mk_neg(v)),
                       tm_.mk_ite(tm_.mk_lt(num(tr.hi), v), num(tr.hi), v));
    }
    if (!strto) {
        // C11 7.22.1.2p2: a value atoi cannot represent is undefined. Past the scanned characters
        // the value is unknown: possibly undefined, so such a path is never proved safe.
        const smt::Term in_range =
            tm_.mk_ite(neg, tm_.mk_leq(v, num(-tr.lo)), tm_.mk_leq(v, num(tr.hi)));
        check_or_error(tm_.mk_ite(running, fresh_aux("ato.range", smt::SortTable::Bool), in_range),
                       f.name + " of a value out of range", e.loc);
    }
    r = tm_.mk_ite(running, arbitrary(rt, "strtoint"), r);
    // An endptr that is null only at run time is stored through: that path is an invalid write.
    if (strto && !null_in_text(e.operand(1), dm)) {
        // *endptr: after the subject sequence, or the string itself when there is none.
        smt::Term consumed = tm_.mk_ite(running, fresh_aux("strto.end", smt::SortTable::Int),
                                        tm_.mk_ite(any, end, num(0)));
        Val p{get(args[0]), false, Interval::none()};
        p.off = tm_.mk_add(std::vector<smt::Term>{get_off(args[0]), consumed});
        store(pointee_place(args[1], e.operand(1).type.target()), p, e.loc);
    }
    return Val{r, false, tr};
}

}  // namespace craig::verifier::detail
