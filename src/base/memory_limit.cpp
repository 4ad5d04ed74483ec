#include "base/memory_limit.hpp"

#include <malloc.h>
#include <sys/resource.h>

#include <algorithm>

namespace craig::base {

#if !defined(__SANITIZE_ADDRESS__)
namespace {

// Touches `bytes` of stack below the caller, a frame at a time; the store after the recursive
// call keeps each frame alive (no tail call), so the stack really reaches that depth.
[[gnu::noinline]] void touch_stack(std::size_t bytes) {
    volatile char frame[16384];
    frame[0] = 0;
    if (bytes > sizeof frame) touch_stack(bytes - sizeof frame);
    frame[sizeof frame - 1] = 0;
}

}  // namespace
#endif

void apply_memory_limit(std::uint64_t mb) {
#if defined(__SANITIZE_ADDRESS__)
    (void)mb;
#else
    if (!mb) return;
    rlimit stack{};
    std::size_t reserve = kStackReserve;
    if (getrlimit(RLIMIT_STACK, &stack) == 0 && stack.rlim_cur != RLIM_INFINITY)
        reserve = std::min<std::size_t>(reserve, stack.rlim_cur / 4);
    touch_stack(reserve);
    // One malloc arena: glibc reserves 64 MiB of address space for the arena of each thread that
    // allocates (the large-stack worker, the watchdog), which RLIMIT_AS counts, so limits of
    // 60-100 MiB ended trivial tasks in bad_alloc. craig's threads allocate little; the engines
    // that run in parallel are processes.
    mallopt(M_ARENA_MAX, 1);
    rlimit rl{};
    rl.rlim_cur = rl.rlim_max = static_cast<rlim_t>(mb) * 1024 * 1024;
    setrlimit(RLIMIT_AS, &rl);
#endif
}

}  // namespace craig::base
