// GMP's allocations go through craig's out-of-memory path.
//
// GMP's default allocator aborts the process on failure ("GNU MP: Cannot allocate
// memory", exit 134). After route_gmp_allocation(), a failed GMP allocation ends the run like a
// failed `new` (base/out_of_memory.hpp: `unknown` / `UNKNOWN (memory limit)`, exit 5). It must
// not throw: GMP may have freed a number's limbs before the allocation that fails, so unwinding
// to the number's destructor would free them twice. (Before base::on_out_of_memory is called,
// as in unit tests, it throws std::bad_alloc.)
#pragma once

namespace craig::base {

void route_gmp_allocation();

}  // namespace craig::base
