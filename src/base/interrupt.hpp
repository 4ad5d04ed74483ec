// Process-wide interruption: SIGINT and SIGTERM ask craig to stop and report.
//
//   base::install_interrupt_handlers();   // once, in main
//   if (base::interrupted()) ...          // polled where the deadline is polled
//
// The handler only sets a flag (async-signal-safe); the solver and the engines poll it
// with their deadline, so an interrupted run unwinds normally and prints `unknown` /
// `UNKNOWN (interrupted)` with the statistics gathered so far (exit 5). This is the one
// piece of mutable process state in craig: a signal handler can reach nothing else.
#pragma once

namespace craig::base {

void install_interrupt_handlers();
bool interrupted();
// The signal that interrupted the run (0 when none).
int interrupt_signal();
// For tests: as if a signal had arrived (and, with 0, as if none had).
void set_interrupted(int signal);

}  // namespace craig::base
