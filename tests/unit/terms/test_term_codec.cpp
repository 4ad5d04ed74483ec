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
