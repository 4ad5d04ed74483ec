// Budget: deadlines, slices within the parent's deadline, and the interrupt flag exhausting
// every budget (base/budget.hpp, base/interrupt.hpp).
#include <doctest/doctest.h>

#include <chrono>
#include <csignal>
#include <string>
#include <thread>

#include "base/budget.hpp"
#include "base/interrupt.hpp"

using craig::base::Budget;

TEST_CASE("budget: no limit, a deadline, and what remains") {
    const Budget none;
    CHECK_FALSE(none.deadline().has_value());
    CHECK_FALSE(none.exhausted());
    CHECK(std::string(none.why()).empty());
    CHECK(none.remaining() > 1e100);
    CHECK_FALSE(Budget::seconds(0).deadline().has_value());  // 0: no time limit
    CHECK(Budget::seconds(0, 512).memory_mb() == 512);

    const Budget ten = Budget::seconds(10);
    REQUIRE(ten.deadline().has_value());
    CHECK(ten.remaining() > 9);
    CHECK(ten.remaining() <= 10);
    CHECK_FALSE(ten.exhausted());

    const Budget past(Budget::Clock::now() - std::chrono::seconds(1));
    CHECK(past.timed_out());
    CHECK(past.exhausted());
    CHECK(std::string(past.why()) == "timeout");
    CHECK(past.remaining() == 0);
}

TEST_CASE("budget: a slice never outlives its parent and keeps its memory limit") {
    const Budget parent = Budget::seconds(2, 100);
    const Budget shorter = parent.slice(1);
    CHECK(*shorter.deadline() < *parent.deadline());
    CHECK(shorter.memory_mb() == 100);
    const Budget longer = parent.slice(60);  // capped at the parent's deadline
    CHECK(*longer.deadline() == *parent.deadline());
    const Budget unlimited = Budget().slice(5);
    REQUIRE(unlimited.deadline().has_value());
    CHECK(unlimited.remaining() <= 5);
    CHECK(Budget().slice(0).deadline() == std::nullopt);  // a slice of 0: no limit of its own
}

TEST_CASE("budget: copies are values; the interrupt flag exhausts every budget") {
    Budget a = Budget::seconds(30);
    Budget b = a;
    b = Budget::seconds(1);
    CHECK(*a.deadline() > *b.deadline());  // b's change did not reach a
    craig::base::set_interrupted(SIGTERM);
    CHECK(craig::base::interrupted());
    CHECK(craig::base::interrupt_signal() == SIGTERM);
    CHECK(a.exhausted());
    CHECK(Budget().exhausted());
    CHECK(std::string(a.why()) == "interrupted");
    CHECK_FALSE(a.timed_out());  // interrupted, not out of time
    craig::base::set_interrupted(0);
    CHECK_FALSE(craig::base::interrupted());
    CHECK_FALSE(a.exhausted());
}

TEST_CASE("budget: a deadline passes") {
    const Budget soon = Budget::seconds(0.2);
    CHECK_FALSE(soon.timed_out());
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK(soon.timed_out());
    CHECK(soon.remaining() == 0);
}
