// Watchdog: the guarantee that a run ends at its time limit or soon after a signal, even inside
// a step that polls nothing.
//
//   base::WatchdogWords words{verdict_at_timeout, verdict_at_interrupt};
//   if (!base::start_watchdog(timeout, std::move(words), cli::kResourceLimit)) ...;  // no thread
//   base::apply_memory_limit(mb);                                            // afterwards
//
// The solver and the engines poll their deadline and the interrupt flag (base/interrupt.hpp) and
// unwind by themselves; the watchdog is the backstop. Contract:
// - kStopAfter seconds past `timeout` (counted from the call), or kInterruptGrace seconds after
//   SIGINT/SIGTERM, it flushes std::cout, writes the given words on stdout (the verdict of that
//   limit), a line on stderr, and ends the process with `exit_code`.
// - If the run has begun printing its answer (note_answer_started), it prints nothing of its own
//   (never a second verdict line) and lets the answer finish for a little longer: up to
//   kAnswerGrace past the stop at the time limit, so that the process is gone within a second of
//   the limit whatever it was doing, or 10 s after an interrupt.
// - The thread is made with a small explicit stack and allocates nothing after it starts, so it
//   must be started before the memory limit (memory_limit.hpp): a thread started later would need
//   an address-space mapping that the limit may forbid.
// - Ending the process ends the portfolio's members too (they die with their parent,
//   PR_SET_PDEATHSIG in portfolio.cpp), so no child outlives the run or keeps its output open.
#pragma once

#include <string>

namespace craig::base {

struct WatchdogWords {
    std::string timeout;    // printed on stdout at the time limit
    std::string interrupt;  // printed on stdout after a signal
};

// Seconds past the time limit at which the watchdog ends a run that has not answered.
inline constexpr double kStopAfter = 0.6;
// Further seconds an answer that is being printed gets before the process ends anyway.
inline constexpr double kAnswerGrace = 0.3;
// Seconds after SIGINT/SIGTERM before the watchdog ends a run that did not unwind.
inline constexpr double kInterruptGrace = 3;

// Starts the watchdog (timeout 0: only the interrupt backstop). Returns false, with errno set,
// when the thread cannot be made (the caller reports it: the run would have no backstop).
bool start_watchdog(double timeout, WatchdogWords words, int exit_code);

}  // namespace craig::base
