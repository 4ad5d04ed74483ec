// What the process does when an allocation fails: it ends at once, from the allocation.
//
//   base::on_out_of_memory(STDOUT_FILENO, "Verification result: UNKNOWN (memory limit)\n",
//                          "craig: memory limit reached\n", cli::kResourceLimit);
//   base::apply_memory_limit(mb);   // memory_limit.hpp
//
// Unwinding std::bad_alloc through code that is not exception-safe corrupts it: GMP may free a
// number's limbs before the allocation that fails (a double free when its destructor runs), and
// CaDiCaL aborts on the next call into a solver that an exception left ("invalid API usage").
// So a failed `new` (std::new_handler) and a failed GMP allocation (gmp_memory.hpp) do not throw:
// they flush std::cout, write the text given here (built beforehand: nothing may be allocated
// now) on its descriptor and the message on stderr, and _exit with the code. A portfolio member
// replaces the parent's action with its own (its verdict "memory limit" on its pipe).
// Before on_out_of_memory is called, allocation failures throw std::bad_alloc as usual.
//
// The action is process-wide state, like the interrupt flag: an allocation fails anywhere.
#pragma once

#include <string>

namespace craig::base {

void on_out_of_memory(int fd, std::string text, const char* message, int exit_code);

// Ends the process with the action above (std::bad_alloc when none was set).
[[noreturn]] void out_of_memory();

}  // namespace craig::base
