// The symbolic meaning of the C library functions of frontend/libc.hpp's table.
// The replay's concrete meaning is in frontend/libc_replay.cpp; both read their inputs
// in the same order (the arguments first, then at most one input for the result).
#include <array>

#include "frontend/libc.hpp"
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

using frontend::CharSet;
using frontend::LibcModel;
using frontend::Type;
using frontend::TypeKind;

namespace {

// The maximal runs [lo, hi] of the character codes EOF..255 in `set`: the class as a few
// interval constraints instead of 257 values.
std::vector<std::pair<int, int>> char_set_runs(CharSet set) {
    std::vector<std::pair<int, int>> runs;
    for (int c = -1; c <= 255; ++c) {
        if (!frontend::in_char_set(set, c)) continue;
        if (!runs.empty() && runs.back().second == c - 1)
            runs.back().second = c;
        else
            runs.emplace_back(c, c);
    }
    return runs;
}

}  // namespace

Val Lowerer::libc_call(const Expr& e) {
    const frontend::FunctionDecl& f = *e.callee;
    const frontend::LibcEntry& lib = *f.libc;
    if (lib.model == LibcModel::String) return string_call(e);
    std::vector<Val> args;
    for (const auto& a : e.operands) {
        if (a->kind == frontend::ExprKind::StringLiteral) {  // a format or text: no effect
            args.push_back(Val{num(0), false, Interval::of(0, 0)});
            continue;
        }
        args.push_back(expr(*a));
    }
    const Type int_t = Type::of(TypeKind::Int);
    // The argument converted to the table's parameter type (calls without a prototype pass
    // promoted arguments only).
    auto arg = [&](std::size_t i) {
        Type param = frontend::libc_type(lib.params[i], *tu_.types);
        return convert(args.at(i), e.operand(i).type, param);
    };
    if (args.size() < static_cast<std::size_t>(lib.params[0] != frontend::LibcType::Void))
        throw frontend::Unsupported(e.loc, "call of " + f.name + " without its argument");
    if (auto s = frontend::stream_param(lib)) {
        // parser_streams.cpp made stdout and stderr the literals 1 and 2; nothing else is a stream here.
        const Expr& a = e.operand(*s);
        if (a.kind != frontend::ExprKind::IntLiteral || (a.text != "stdout" && a.text != "stderr"))
            throw frontend::Unsupported(a.loc, f.name + " to a stream other than stdout and stderr");
    }
    label("call " + f.name + " (C library)", e.loc);
    switch (lib.model) {
        case LibcModel::Absolute: {
            const Type t = frontend::libc_type(lib.result, *tu_.types);
            const Interval tr = type_range(t);
            Val x = as_int(arg(0));
            check_or_error(tm_.mk_not(tm_.mk_eq(x.term, num(tr.lo))),
                           f.name + " of the most negative value", e.loc);
            smt::Term r = tm_.mk_ite(tm_.mk_lt(x.term, num(0)), tm_.mk_neg(x.term), x.term);
            return Val{r, false, Interval::of(0, tr.hi)};
        }
        case LibcModel::Random: {
            Val r = nondet_value(int_t, e.loc, f.name + "()");
            assume(tm_.mk_leq(num(0), r.term));
            return Val{r.term, false, Interval::of(0, frontend::kRandMax)};
        }
        case LibcModel::Seed: return Val{num(0), false, Interval::of(0, 0)};
        case LibcModel::ReadChar: {
            Val r = nondet_value(int_t, e.loc, f.name + "()");
            assume(tm_.mk_or(tm_.mk_eq(r.term, num(frontend::kEof)),
                             tm_.mk_and(tm_.mk_leq(num(0), r.term), tm_.mk_leq(r.term, num(255)))));
            return Val{r.term, false, Interval::of(frontend::kEof, 255)};
        }
        case LibcModel::Scan: return scan_call(e, args);
        case LibcModel::StrToInt: return string_to_int_call(e, args);
        case LibcModel::Format: return format_call(e, args);
        case LibcModel::ScanString: return scan_string_call(e, args);
        case LibcModel::String: break;  // string_call above
        case LibcModel::CharClass:
        case LibcModel::CharMap: {
            Val c = as_int(arg(0));
            // C11 7.4p1: the argument is EOF or representable as unsigned char.
            check_or_error(tm_.mk_or(tm_.mk_eq(c.term, num(frontend::kEof)),
                                     tm_.mk_and(tm_.mk_leq(num(0), c.term), tm_.mk_leq(c.term, num(255)))),
                           f.name + " of a value that is neither EOF nor an unsigned char", e.loc);
            if (lib.model == LibcModel::CharMap) {
                const bool lower = lib.set == CharSet::ToLower;
                const char from = lower ? 'A' : 'a';
                smt::Term in = tm_.mk_and(tm_.mk_leq(num(from), c.term), tm_.mk_leq(c.term, num(from + 25)));
                const std::array<smt::Term, 2> sum{c.term, num(lower ? 'a' - 'A' : 'A' - 'a')};
                smt::Term mapped = tm_.mk_add(sum);
                return Val{tm_.mk_ite(in, mapped, c.term), false, Interval::of(frontend::kEof, 255)};
            }
            std::vector<smt::Term> member;
            for (auto [lo, hi] : char_set_runs(lib.set))
                member.push_back(tm_.mk_and(tm_.mk_leq(num(lo), c.term), tm_.mk_leq(c.term, num(hi))));
            smt::Term in = member.empty() ? tm_.mk_false() : tm_.mk_or(member);
            // "nonzero" in the class: whatever nonzero value a library returns.
            Val r = nondet_value(int_t, e.loc, f.name + "()");
            assume(tm_.mk_eq(in, tm_.mk_not(tm_.mk_eq(r.term, num(0)))));
            return r;
        }
        case LibcModel::Output: {
            Val r = nondet_value(int_t, e.loc, f.name + "()");
            switch (lib.output) {
                case frontend::OutputKind::Putchar: {
                    // The character written, as unsigned char converted to int, or EOF.
                    Val ch = convert(arg(0), int_t, Type::of(TypeKind::UChar));
                    assume(tm_.mk_or(tm_.mk_eq(r.term, as_int(ch).term), tm_.mk_eq(r.term, num(frontend::kEof))));
                    break;
                }
                case frontend::OutputKind::Flush:
                    assume(tm_.mk_or(tm_.mk_eq(r.term, num(0)), tm_.mk_eq(r.term, num(frontend::kEof))));
                    break;
                case frontend::OutputKind::Puts:
                case frontend::OutputKind::Fputs:
                    assume(tm_.mk_or(tm_.mk_leq(num(0), r.term), tm_.mk_eq(r.term, num(frontend::kEof))));
                    break;
                default: break;  // printf: the count or a negative value; any int covers both
            }
            return r;
        }
    }
    throw frontend::Unsupported(e.loc, "C library function " + f.name);
}

// scanf (C11 7.21.6.2p16): r, the number of targets assigned (EOF before the first conversion),
// then a fresh value per target, which the target takes when its position is below r. The
// inputs are read in this order whatever r is, as the replay reads them.
Val Lowerer::scan_call(const Expr& e, const std::vector<Val>& args) {
    return scan_targets(e, args, 1, true);
}

Val Lowerer::scan_targets(const Expr& e, const std::vector<Val>& args, std::size_t first, bool inputs) {
    const frontend::FunctionDecl& f = *e.callee;
    if (inputs && e.operand(0).kind == frontend::ExprKind::StringLiteral) {
        const std::string& format = e.operand(0).text;
        for (std::size_t i = 0; i + 1 < format.size(); ++i)
            if (format[i] == '%' && format.find_first_of("s[", i + 1) == format.find_first_not_of("0123456789*hlzjt", i + 1))
                throw frontend::Unsupported(e.loc, f.name + " of a string (%s, %[)");
    }
    const std::size_t n = args.size() - first;
    // inputs: scanf's values are the program's input; sscanf's are arbitrary (the replay
    // computes them from the string).
    auto value = [&](Type t, const std::string& what) {
        return inputs ? nondet_value(t, e.loc, what) : Val{arbitrary(t, "sscanf"), false, type_range(t)};
    };
    Val r = value(Type::of(TypeKind::Int), f.name + "()");
    assume(tm_.mk_or(tm_.mk_eq(r.term, num(frontend::kEof)),
                     tm_.mk_and(tm_.mk_leq(num(0), r.term), tm_.mk_leq(r.term, num(static_cast<i128>(n))))));
    for (std::size_t k = 1; k <= n; ++k) {
        const std::size_t i = first + k - 1;
        const Type t = e.operand(i).type;
        if (!t.is_pointer() || !t.target().is_integer())
            throw frontend::Unsupported(e.operand(i).loc, f.name + " target that is not a pointer to an integer");
        const Place p = pointee_place(args[i], t.target());
        const Val old = as_int(load(p, e.loc));
        const Val v = value(t.target(), f.name + "() target " + std::to_string(k));
        const smt::Term assigned = tm_.mk_lt(num(static_cast<i128>(k - 1)), r.term);
        store(p, Val{tm_.mk_ite(assigned, v.term, old.term), false, type_range(t.target())}, e.loc);
    }
    return Val{r.term, false, Interval::of(frontend::kEof, static_cast<i128>(n))};
}

}  // namespace craig::verifier::detail
