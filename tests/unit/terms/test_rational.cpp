#include <doctest/doctest.h>

#include "smt/terms/rational.hpp"

using craig::smt::ceil_q;
using craig::smt::floor_q;

TEST_CASE("floor_q and ceil_q round towards -inf and +inf, integers stay") {
    CHECK(floor_q(mpq_class(7, 2)) == 3);
    CHECK(ceil_q(mpq_class(7, 2)) == 4);
    CHECK(floor_q(mpq_class(-7, 2)) == -4);
    CHECK(ceil_q(mpq_class(-7, 2)) == -3);
    CHECK(floor_q(mpq_class(-6, 3)) == -2);
    CHECK(ceil_q(mpq_class(-6, 3)) == -2);
    CHECK(floor_q(mpq_class(0)) == 0);
    CHECK(ceil_q(mpq_class(1, 1000)) == 1);
}
