// Terms as text between processes (term_codec.hpp): decoding what was encoded gives the
// same terms; a symbol the receiver does not have, or damaged text, gives nullopt.
#include <doctest/doctest.h>

#include "smt/terms/term_codec.hpp"

using namespace craig::smt;

TEST_CASE("term codec: round trip through the public constructors") {
    TermManager tm;
    const Sort I = SortTable::Int;
    const Term x = tm.mk_const(tm.declare_fun("x", {}, I));
    const Term y = tm.mk_const(tm.declare_fun("y y", {}, I));  // a name with a space
    const FuncId f = tm.declare_fun("c.mul", {I, I}, I);
    const Term xy[2] = {x, y};
    const Term fx = tm.mk_app(f, xy);
    const Term lin = tm.mk_linear({{mpq_class(3), x}, {mpq_class(-7, 2), y}}, mpq_class(5), SortTable::Real);
    const Term roots[] = {
        tm.mk_and(tm.mk_leq(tm.mk_add(xy), tm.mk_numeral(4, I)), tm.mk_not(tm.mk_eq(fx, y))),
        tm.mk_or(tm.mk_lt(x, y), tm.mk_eq(tm.mk_ite(tm.mk_lt(x, y), x, y), tm.mk_numeral(-12, I))),
        tm.mk_leq(tm.mk_to_real(x), lin),
        tm.mk_eq(tm.mk_mod(x, tm.mk_numeral(3, I)), tm.mk_int_div(y, tm.mk_numeral(2, I))),
        tm.mk_true(),
        tm.mk_false(),
    };
    const std::string text = encode_terms(tm, roots);
    const auto back = decode_terms(tm, text);
    REQUIRE(back);
    REQUIRE(back->size() == std::size(roots));
    for (std::size_t i = 0; i < std::size(roots); ++i) CHECK((*back)[i] == roots[i]);
}

TEST_CASE("term codec: a symbol the receiver lacks or damaged text is refused") {
    TermManager sender, receiver;
    const Term a = sender.mk_const(sender.declare_fun("a", {}, SortTable::Int));
    receiver.declare_fun("b", {}, SortTable::Int);  // same id, other name
    const Term roots[1] = {sender.mk_leq(a, sender.mk_numeral(1, SortTable::Int))};
    const std::string text = encode_terms(sender, roots);
    CHECK_FALSE(decode_terms(receiver, text));
    TermManager empty;
    CHECK_FALSE(decode_terms(empty, text));
    CHECK_FALSE(decode_terms(sender, text.substr(0, text.size() / 2)));
    CHECK_FALSE(decode_terms(sender, "N 1\n99 0 c 0\nR 1 0\n"));
}

TEST_CASE("term codec: bit-vector terms, their widths rebuilt on the receiving side") {
    TermManager tm;
    const Sort s8 = tm.sorts().bitvec(8);
    const Term x = tm.mk_const(tm.declare_fun("x", {}, s8));
    const Term y = tm.mk_const(tm.declare_fun("y", {}, s8));
    const FuncId f = tm.declare_fun("f", {s8}, s8);
    const Term fx = tm.mk_app(f, std::vector<Term>{x});
    const Term wide = tm.mk_bv_sign_extend(8, tm.mk_bv(Kind::BvMul, x, y));
    const Term roots[] = {
        tm.mk_bv(Kind::BvSle, tm.mk_bv(Kind::BvAdd, x, tm.mk_bv_const(200, 8)), fx),
        tm.mk_eq(tm.mk_bv_extract(11, 4, wide), tm.mk_bv(Kind::BvXor, tm.mk_bv(Kind::BvNot, y), x)),
        tm.mk_bv(Kind::BvUlt, tm.mk_bv(Kind::BvConcat, x, y), tm.mk_bv_const(mpz_class(1) << 15, 16)),
        tm.mk_eq(tm.mk_bv_extract(0, 0, tm.mk_bv(Kind::BvLshr, x, y)), tm.mk_bv_const(1, 1)),
    };
    const std::string text = encode_terms(tm, roots);
    const auto back = decode_terms(tm, text);
    REQUIRE(back);
    REQUIRE(back->size() == std::size(roots));
    for (std::size_t i = 0; i < std::size(roots); ++i) CHECK((*back)[i] == roots[i]);
    // An extract beyond its operand's width is refused.
    const Term high[1] = {tm.mk_eq(tm.mk_bv_extract(7, 4, x), tm.mk_bv_const(3, 4))};
    std::string bad = encode_terms(tm, high);
    const std::size_t at = bad.find(" x 4 4 ");
    REQUIRE(at != std::string::npos);
    bad.replace(at, 7, " x 5 4 ");
    CHECK_FALSE(decode_terms(tm, bad));
}
