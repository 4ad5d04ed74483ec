// The bit-vector symbols of SMT-LIB's FixedSizeBitVectors theory and QF_BV logic: sorts
// (_ BitVec n), literals #b/#x and (_ bvN w), the operators and the indexed operators, with
// their width rules. Available when the logic has bit-vectors (Environment::bit_vectors).
#include <unordered_map>

#include "smt/terms/bv_eval.hpp"
#include "smtlib/syntax/term_builder.hpp"
#include "smtlib/syntax/theory_symbols.hpp"

namespace craig::smtlib {

using smt::Kind;
using smt::Sort;
using smt::SortTable;
using smt::Term;

namespace {

// Widths above this are refused: the bit-blaster makes a SAT variable per bit.
constexpr uint32_t kMaxWidth = 1u << 16;

enum class BvOp : uint8_t {
    Kinded,  // a kind of its own, binary (n-ary left-associative for the associative ones)
    Nand,
    Nor,
    Xnor,
    Sub,
    Comp,
    Ugt,
    Uge,
    Sgt,
    Sge,
    RedOr,  // bvredor, bvredand: cvc5's and z3's reductions to one bit (not in the standard)
    RedAnd,
};

struct BvSymbol {
    BvOp op;
    Kind kind;      // Kinded
    uint8_t arity;  // 1, 2, or 0 for "2 or more, left-associative"
};

const std::unordered_map<std::string, BvSymbol>& bv_symbols() {
    static const std::unordered_map<std::string, BvSymbol> table = {
        {"concat", {BvOp::Kinded, Kind::BvConcat, 0}},  {"bvnot", {BvOp::Kinded, Kind::BvNot, 1}},
        {"bvneg", {BvOp::Kinded, Kind::BvNeg, 1}},      {"bvand", {BvOp::Kinded, Kind::BvAnd, 0}},
        {"bvor", {BvOp::Kinded, Kind::BvOr, 0}},        {"bvxor", {BvOp::Kinded, Kind::BvXor, 0}},
        {"bvadd", {BvOp::Kinded, Kind::BvAdd, 0}},      {"bvmul", {BvOp::Kinded, Kind::BvMul, 0}},
        {"bvudiv", {BvOp::Kinded, Kind::BvUdiv, 2}},    {"bvurem", {BvOp::Kinded, Kind::BvUrem, 2}},
        {"bvsdiv", {BvOp::Kinded, Kind::BvSdiv, 2}},    {"bvsrem", {BvOp::Kinded, Kind::BvSrem, 2}},
        {"bvsmod", {BvOp::Kinded, Kind::BvSmod, 2}},    {"bvshl", {BvOp::Kinded, Kind::BvShl, 2}},
        {"bvlshr", {BvOp::Kinded, Kind::BvLshr, 2}},    {"bvashr", {BvOp::Kinded, Kind::BvAshr, 2}},
        {"bvult", {BvOp::Kinded, Kind::BvUlt, 2}},      {"bvule", {BvOp::Kinded, Kind::BvUle, 2}},
        {"bvslt", {BvOp::Kinded, Kind::BvSlt, 2}},      {"bvsle", {BvOp::Kinded, Kind::BvSle, 2}},
        {"bvnand", {BvOp::Nand, Kind::BvAnd, 2}},       {"bvnor", {BvOp::Nor, Kind::BvOr, 2}},
        {"bvxnor", {BvOp::Xnor, Kind::BvXor, 2}},       {"bvsub", {BvOp::Sub, Kind::BvAdd, 0}},
        {"bvcomp", {BvOp::Comp, Kind::BvConst, 2}},     {"bvugt", {BvOp::Ugt, Kind::BvUlt, 2}},
        {"bvuge", {BvOp::Uge, Kind::BvUle, 2}},         {"bvsgt", {BvOp::Sgt, Kind::BvSlt, 2}},
        {"bvsge", {BvOp::Sge, Kind::BvSle, 2}},         {"bvredor", {BvOp::RedOr, Kind::BvConst, 1}},
        {"bvredand", {BvOp::RedAnd, Kind::BvConst, 1}},
    };
    return table;
}

}  // namespace

bool TermBuilder::is_bv_op(const std::string& name) { return bv_symbols().count(name) > 0; }

uint32_t TermBuilder::bv_index(uint32_t node, uint32_t lo, uint32_t hi) const {
    const SNode& n = pool_[node];
    if (n.kind != SKind::Numeral) fail(node, "expected a numeral index, got " + describe(pool_, node));
    mpz_class v(n.text, 10);
    if (v < lo || v > hi)
        fail(node, "index " + n.text + " out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return static_cast<uint32_t>(v.get_ui());
}

Sort TermBuilder::bv_sort(uint32_t node, std::span<const uint32_t> indices) {
    if (indices.size() != 1) fail(node, "expected (_ BitVec WIDTH)");
    return env_.terms().sorts().bitvec(bv_index(indices[0], 1, kMaxWidth));
}

uint32_t TermBuilder::expect_bv(const Item& i) const {
    uint32_t w = env_.terms().sorts().bv_width(sort_of(i));
    if (w == 0) fail(i.node, "expected a bit-vector term, got " + sort_name(sort_of(i)));
    return w;
}

Term TermBuilder::bv_literal(uint32_t node) {
    const std::string& text = pool_[node].text;
    const bool binary = text[1] == 'b';
    const size_t digits = text.size() - 2;
    if (digits * (binary ? 1 : 4) > kMaxWidth) fail(node, "bit-vector literal is too wide");
    mpz_class v(text.substr(2), binary ? 2 : 16);
    return env_.terms().mk_bv_const(v, static_cast<uint32_t>(digits * (binary ? 1 : 4)));
}

Term TermBuilder::bv_indexed_constant(uint32_t node) {
    auto ks = pool_.kids(node);
    if (ks.size() != 3 || !pool_.is_symbol(ks[1]) || pool_[ks[1]].text.rfind("bv", 0) != 0)
        unsupported(node, "indexed identifiers other than (_ bvN w) are not supported");
    const std::string digits = pool_[ks[1]].text.substr(2);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
        fail(ks[1], "expected (_ bvN WIDTH) with N a numeral");
    uint32_t w = bv_index(ks[2], 1, kMaxWidth);
    return env_.terms().mk_bv_const(mpz_class(digits, 10), w);
}

Term TermBuilder::apply_bv(uint32_t head, std::span<const Item> args) {
    smt::TermManager& tm = env_.terms();
    const std::string& name = pool_[head].text;
    const BvSymbol& sym = bv_symbols().at(name);
    if ((sym.arity == 0 && args.size() < 2) || (sym.arity != 0 && args.size() != sym.arity))
        fail(head, "'" + name + "' expects " +
                       (sym.arity == 0 ? std::string("at least 2 arguments") : plural(sym.arity, "argument")) +
                       ", got " + std::to_string(args.size()));
    // Every operator but concat wants equal widths.
    uint32_t w = expect_bv(args[0]);
    for (const Item& a : args) {
        uint32_t wa = expect_bv(a);
        if (sym.kind != Kind::BvConcat && wa != w)
            fail(a.node, "expected a term of sort " + sort_name(sort_of(args[0])) + ", got " + sort_name(sort_of(a)));
    }
    if (sym.op == BvOp::RedOr || sym.op == BvOp::RedAnd) {
        Term all = tm.mk_bv_const(sym.op == BvOp::RedOr ? mpz_class(0) : smt::bv_mask(w), w);
        bool one_if_equal = sym.op == BvOp::RedAnd;
        return tm.mk_ite(tm.mk_eq(args[0].t, all), tm.mk_bv_const(one_if_equal, 1), tm.mk_bv_const(!one_if_equal, 1));
    }
    if (sym.arity == 1) return tm.mk_bv(sym.kind, args[0].t);
    if (sym.arity == 0) {
        Term r = args[0].t;
        for (size_t i = 1; i < args.size(); ++i)
            r = sym.op == BvOp::Sub ? tm.mk_bv_sub(r, args[i].t) : tm.mk_bv(sym.kind, r, args[i].t);
        return r;
    }
    Term a = args[0].t, b = args[1].t;
    switch (sym.op) {
        case BvOp::Nand:
        case BvOp::Nor:
        case BvOp::Xnor: return tm.mk_bv(Kind::BvNot, tm.mk_bv(sym.kind, a, b));
        case BvOp::Comp: return tm.mk_ite(tm.mk_eq(a, b), tm.mk_bv_const(1, 1), tm.mk_bv_const(0, 1));
        case BvOp::Ugt:
        case BvOp::Uge:
        case BvOp::Sgt:
        case BvOp::Sge: return tm.mk_bv(sym.kind, b, a);
        default: return tm.mk_bv(sym.kind, a, b);
    }
}

Term TermBuilder::apply_indexed(uint32_t head, std::span<const Item> args) {
    smt::TermManager& tm = env_.terms();
    auto hk = pool_.kids(head);
    const std::string& name = pool_[hk[1]].text;
    auto indices = hk.subspan(2);
    auto want = [&](size_t n) {
        if (indices.size() != n)
            fail(head, "'" + name + "' expects " + std::to_string(n) + (n == 1 ? " index" : " indices"));
        if (args.size() != 1) fail(head, "'" + name + "' expects 1 argument, got " + std::to_string(args.size()));
    };
    if (name == "extract") {
        want(2);
        uint32_t w = expect_bv(args[0]);
        uint32_t hi = bv_index(indices[0], 0, w - 1);
        uint32_t lo = bv_index(indices[1], 0, hi);
        return tm.mk_bv_extract(hi, lo, args[0].t);
    }
    if (name == "zero_extend" || name == "sign_extend" || name == "repeat" || name == "rotate_left" ||
        name == "rotate_right") {
        want(1);
        uint32_t w = expect_bv(args[0]);
        if (name == "rotate_left") return tm.mk_bv_rotate_left(bv_index(indices[0], 0, UINT32_MAX) % w, args[0].t);
        if (name == "rotate_right") return tm.mk_bv_rotate_right(bv_index(indices[0], 0, UINT32_MAX) % w, args[0].t);
        if (name == "repeat") return tm.mk_bv_repeat(bv_index(indices[0], 1, kMaxWidth / w), args[0].t);
        uint32_t k = bv_index(indices[0], 0, kMaxWidth - w);
        return name == "zero_extend" ? tm.mk_bv_zero_extend(k, args[0].t) : tm.mk_bv_sign_extend(k, args[0].t);
    }
    unsupported(head, "the indexed function symbol '" + name + "' is not supported");
}

}  // namespace craig::smtlib
