// The theory symbols craig knows (Core, Ints, Reals) and their sort rules, and the symbols
// of theories it does not implement.
#include "smtlib/syntax/theory_symbols.hpp"

#include <algorithm>
#include <array>

#include "smtlib/syntax/term_builder.hpp"

namespace craig::smtlib {

using smt::Sort;
using smt::SortTable;
using smt::Term;

// Symbols of theories craig does not implement: using one (undeclared) is `unsupported`,
// not an unknown symbol.
const char* unsupported_function_reason(const std::string& name) {
    static constexpr std::array<std::string_view, 36> bv = {
        "concat", "bvnot",  "bvand",  "bvor",   "bvneg",  "bvadd",  "bvmul",   "bvudiv",   "bvurem",
        "bvshl",  "bvlshr", "bvult",  "bvnand", "bvnor",  "bvxor",  "bvxnor",  "bvcomp",   "bvsub",
        "bvsdiv", "bvsrem", "bvsmod", "bvashr", "bvule",  "bvugt",  "bvuge",   "bvslt",    "bvsle",
        "bvsgt",  "bvsge",  "bv2nat", "bv2int", "int2bv", "nat2bv", "bvredor", "bvredand", "bvultbv"};
    if (std::find(bv.begin(), bv.end(), name) != bv.end()) return "bit-vectors are not supported";
    if (name == "select" || name == "store") return "arrays are not supported";
    auto starts = [&](std::string_view p) { return name.rfind(p, 0) == 0; };
    if (starts("str.") || starts("re.") || starts("seq.") || name == "int.to.str" || name == "str.to.int")
        return "strings and sequences are not supported";
    if (starts("fp.") || name == "fp" || name == "RNE" || name == "RNA" || name == "RTP" || name == "RTN" ||
        name == "RTZ" || starts("roundTowards") || starts("roundNearest"))
        return "floating-point arithmetic is not supported";
    if (starts("set.") || starts("bag.")) return "sets and bags are not supported";
    return nullptr;
}

const char* unsupported_sort_reason(const std::string& name) {
    if (name == "Array") return "arrays are not supported";
    if (name == "BitVec") return "bit-vectors are not supported";
    if (name == "String" || name == "RegLan" || name == "Seq" || name == "Char")
        return "strings and sequences are not supported";
    if (name == "FloatingPoint" || name == "RoundingMode" || name == "Float16" || name == "Float32" ||
        name == "Float64" || name == "Float128")
        return "floating-point arithmetic is not supported";
    if (name == "Set" || name == "Bag") return "sets and bags are not supported";
    return nullptr;
}

std::string plural(size_t n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); }

bool is_theory_symbol(const std::string& name, bool arith_reserved) {
    static constexpr std::array<std::string_view, 10> core = {"true", "false", "not", "and",      "or",
                                                              "xor",  "=>",    "=",   "distinct", "ite"};
    static constexpr std::array<std::string_view, 14> arith = {"+",  "-", "*",  "/", "div",     "mod",    "abs",
                                                               "<=", "<", ">=", ">", "to_real", "to_int", "is_int"};
    if (std::find(core.begin(), core.end(), name) != core.end()) return true;
    return arith_reserved && std::find(arith.begin(), arith.end(), name) != arith.end();
}

TermBuilder::Op TermBuilder::theory_op(const std::string& n) {
    static const std::unordered_map<std::string, Op> ops = {{"not", Op::Not},
                                                            {"and", Op::And},
                                                            {"or", Op::Or},
                                                            {"xor", Op::Xor},
                                                            {"=>", Op::Implies},
                                                            {"=", Op::Eq},
                                                            {"distinct", Op::Distinct},
                                                            {"ite", Op::Ite},
                                                            {"+", Op::Add},
                                                            {"-", Op::Sub},
                                                            {"*", Op::Mul},
                                                            {"/", Op::RealDiv},
                                                            {"div", Op::IntDiv},
                                                            {"mod", Op::Mod},
                                                            {"abs", Op::Abs},
                                                            {"<=", Op::Le},
                                                            {"<", Op::Lt},
                                                            {">=", Op::Ge},
                                                            {">", Op::Gt},
                                                            {"to_real", Op::ToReal},
                                                            {"to_int", Op::ToInt},
                                                            {"is_int", Op::IsInt}};
    auto it = ops.find(n);
    return it == ops.end() ? Op::None : it->second;
}

Term TermBuilder::apply_theory(Op op, uint32_t head, std::span<const Item> args) {
    smt::TermManager& tm = env_.terms();
    const std::string& name = pool_[head].text;
    auto arity = [&](size_t lo, size_t hi) {
        if (args.size() >= lo && args.size() <= hi) return;
        std::string want = lo == hi         ? plural(lo, "argument")
                           : hi == SIZE_MAX ? "at least " + plural(lo, "argument")
                                            : std::to_string(lo) + " or " + plural(hi, "argument");
        fail(head, "'" + name + "' expects " + want + ", got " + std::to_string(args.size()));
    };
    constexpr size_t many = SIZE_MAX;
    std::vector<Term> xs;
    auto bools = [&] {
        for (const Item& a : args) {
            expect_bool(a);
            xs.push_back(a.t);
        }
    };
    auto ariths = [&](Sort s) {
        for (const Item& a : args) xs.push_back(coerce(a, s));
    };
    // (op a b c) as (and (op a b) (op b c)) for chainable operators
    auto chain = [&](auto mk) {
        std::vector<Term> parts;
        for (size_t i = 0; i + 1 < xs.size(); ++i) parts.push_back(mk(xs[i], xs[i + 1]));
        return tm.mk_and(parts);
    };
    switch (op) {
        case Op::None: break;
        case Op::Bv: return apply_bv(head, args);
        case Op::Indexed: break;  // apply() handles it
        case Op::Not:
            arity(1, 1);
            expect_bool(args[0]);
            return tm.mk_not(args[0].t);
        case Op::And:
        case Op::Or:
            arity(1, many);
            bools();
            return op == Op::And ? tm.mk_and(xs) : tm.mk_or(xs);
        case Op::Xor: {
            arity(2, many);
            bools();
            Term r = xs[0];
            for (size_t i = 1; i < xs.size(); ++i) r = tm.mk_xor(r, xs[i]);
            return r;
        }
        case Op::Implies: {
            arity(2, many);
            bools();
            Term r = xs.back();
            for (size_t i = xs.size() - 1; i-- > 0;) r = tm.mk_implies(xs[i], r);
            return r;
        }
        case Op::Eq:
        case Op::Distinct: {
            arity(2, many);
            Sort s = common_sort(args);
            for (const Item& a : args) xs.push_back(coerce(a, s));
            if (op == Op::Distinct) return tm.mk_distinct(xs);
            return chain([&](Term a, Term b) { return tm.mk_eq(a, b); });
        }
        case Op::Ite: {
            arity(3, 3);
            expect_bool(args[0]);
            Sort s = common_sort(args.subspan(1));
            return tm.mk_ite(args[0].t, coerce(args[1], s), coerce(args[2], s));
        }
        case Op::Add:
        case Op::Mul:
            arity(1, many);
            ariths(arith_sort(args));
            return op == Op::Add ? tm.mk_add(xs) : tm.mk_mul(xs);
        case Op::Sub: {
            arity(1, many);
            ariths(arith_sort(args));
            if (xs.size() == 1) return tm.mk_neg(xs[0]);
            for (size_t i = 1; i < xs.size(); ++i) xs[i] = tm.mk_neg(xs[i]);
            return tm.mk_add(xs);
        }
        case Op::RealDiv: {
            arity(2, many);
            arith_sort(args);
            ariths(SortTable::Real);
            Term r = xs[0];
            for (size_t i = 1; i < xs.size(); ++i) r = tm.mk_real_div(r, xs[i]);
            return r;
        }
        case Op::IntDiv: {
            arity(2, many);
            for (const Item& a : args) expect_int(a);
            Term r = args[0].t;
            for (size_t i = 1; i < args.size(); ++i) r = tm.mk_int_div(r, args[i].t);
            return r;
        }
        case Op::Mod:
            arity(2, 2);
            expect_int(args[0]);
            expect_int(args[1]);
            return tm.mk_mod(args[0].t, args[1].t);
        case Op::Abs:
            arity(1, 1);
            expect_arith(args[0]);
            return tm.mk_abs(args[0].t);
        case Op::ToReal:
            arity(1, 1);
            expect_arith(args[0]);
            return tm.mk_to_real(args[0].t);
        case Op::ToInt:
        case Op::IsInt:
            arity(1, 1);
            expect_arith(args[0]);
            return op == Op::ToInt ? tm.mk_to_int(args[0].t) : tm.mk_is_int(args[0].t);
        case Op::Le:
        case Op::Lt:
        case Op::Ge:
        case Op::Gt:
            arity(2, many);
            ariths(arith_sort(args));
            switch (op) {
                case Op::Le: return chain([&](Term a, Term b) { return tm.mk_leq(a, b); });
                case Op::Lt: return chain([&](Term a, Term b) { return tm.mk_lt(a, b); });
                case Op::Ge: return chain([&](Term a, Term b) { return tm.mk_geq(a, b); });
                default: return chain([&](Term a, Term b) { return tm.mk_gt(a, b); });
            }
    }
    fail(head, "unknown function symbol '" + name + "'");
}

}  // namespace craig::smtlib
