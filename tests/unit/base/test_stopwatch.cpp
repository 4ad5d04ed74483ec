#include <doctest/doctest.h>

#include "base/stopwatch.hpp"

using craig::base::seconds_since;

TEST_CASE("seconds_since counts the seconds of the steady clock since a time point") {
    const auto now = std::chrono::steady_clock::now();
    CHECK(seconds_since(now) >= 0.0);
    const double two = seconds_since(now - std::chrono::milliseconds(2500));
    CHECK(two >= 2.5);
    CHECK(two < 60.0);
}
