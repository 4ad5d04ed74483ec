// --memory: the process's address-space limit (RLIMIT_AS).
//
//   base::start_watchdog(...);           // threads first: their stacks are mapped at the start
//   std::string words = memory_report;   // what the out-of-memory path prints, built beforehand
//   base::apply_memory_limit(mb);
//   try { run(); } catch (const std::bad_alloc&) { write(words); return 5; }
//
// Under the limit a failed allocation throws std::bad_alloc (GMP's too, gmp_memory.hpp), which
// the command line answers with UNKNOWN (memory limit) and exit 5, whatever the limit, even one
// below what the process already uses. Two things could fail other than by an exception, and are
// settled before the limit is set: making a thread (the watchdog is started before), and growing
// the main thread's stack, which the kernel answers with SIGSEGV when the limit forbids it; the
// stack is therefore grown by kStackReserve first (its pages stay mapped), so that unwinding and
// ordinary call depths never need new stack while the heap has used up the limit.
// ASan builds set no limit: ASan's shadow memory needs terabytes of address space.
#pragma once

#include <cstddef>
#include <cstdint>

namespace craig::base {

inline constexpr std::size_t kStackReserve = 2u << 20;

// Sets RLIMIT_AS to `mb` MiB (0: no limit, nothing done).
void apply_memory_limit(std::uint64_t mb);

}  // namespace craig::base
