#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "base/large_stack.hpp"

using craig::base::run_on_large_stack;
using craig::base::stack_bytes_left;

namespace {

// Recursion that needs about 64 bytes * depth of stack (more than 8 MiB at the depth used).
int depth_of(int n) {
    volatile char pad[64] = {};
    return n == 0 ? pad[0] : 1 + depth_of(n - 1) + pad[n % 64];
}

}  // namespace

TEST_CASE("run_on_large_stack: the result, exceptions and the stack it runs on") {
    const std::size_t here = stack_bytes_left();
    CHECK(here > 0);
    CHECK(run_on_large_stack([] { return std::string("done"); }) == "done");
    std::size_t there = 0;
    run_on_large_stack([&] { there = stack_bytes_left(); });
    CHECK(there > (std::size_t{512} << 20));  // 1 GiB unless RLIMIT_AS is finite
    CHECK_THROWS_WITH_AS(run_on_large_stack([]() -> int { throw std::runtime_error("inside"); }), "inside",
                         std::runtime_error);
    // A million frames: far beyond the main thread's 8 MiB.
    CHECK(run_on_large_stack([] { return depth_of(1000000); }) == 1000000);
}
