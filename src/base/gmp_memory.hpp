// GMP's allocations go through craig's out-of-memory path.
//
// GMP's default allocator aborts the process on failure ("GNU MP: Cannot allocate
// memory", exit 134). After route_gmp_allocation(), a failed GMP allocation throws
// std::bad_alloc like a failed `new`, which craig answers with `unknown` /
// `UNKNOWN (memory limit)` and exit 5. The exception unwinds through GMP's C frames:
// Debian builds libgmp with unwind tables on every architecture craig supports, and the
// numbers being computed are abandoned with the whole check (their storage leaks at
// worst, which the process end reclaims).
#pragma once

namespace craig::base {

void route_gmp_allocation();

}  // namespace craig::base
