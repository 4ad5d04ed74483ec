#include <doctest/doctest.h>

#include "smt/lra/delta_rational.hpp"

using craig::lra::DeltaRational;

TEST_CASE("DeltaRational: lexicographic order and arithmetic") {
    DeltaRational a(1, 0), b(1, -1), c(1, 1), d(mpq_class(1, 2), 5);
    CHECK(b < a);
    CHECK(a < c);
    CHECK(d < b);
    CHECK(a == DeltaRational(1, 0));
    CHECK(a != b);
    CHECK(a >= b);
    CHECK(c > b);
    CHECK(a <= a);
    CHECK(a + c == DeltaRational(2, 1));
    CHECK(c - b == DeltaRational(0, 2));
    CHECK(-c == DeltaRational(-1, -1));
    CHECK(c * mpq_class(3) == DeltaRational(3, 3));
    CHECK(mpq_class(-2) * c == DeltaRational(-2, -2));
    CHECK(c / mpq_class(2) == DeltaRational(mpq_class(1, 2), mpq_class(1, 2)));
    DeltaRational e;
    CHECK(e.is_zero());
    e.add_scaled(c, 4);
    CHECK(e == DeltaRational(4, 4));
    CHECK(e.concretize(mpq_class(1, 4)) == 5);
    mpq_class q(7, 3);
    DeltaRational f(q + 1, -1);  // gmpxx expressions convert
    CHECK(f.c() == mpq_class(10, 3));
    CHECK(f.k() == -1);
    CHECK(f.to_string() == "10/3-1d");
}
