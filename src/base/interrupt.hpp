// Process-wide interruption: SIGINT and SIGTERM ask craig to stop and report.
//
//   base::install_interrupt_handlers();   // once, in main
//   if (base::interrupted()) ...          // polled where the deadline is polled
//
// The handler only sets a flag (async-signal-safe); the solver and the engines poll it
// with their deadline, so an interrupted run unwinds normally and prints `unknown` /
// `UNKNOWN (interrupted)` with the statistics gathered so far (exit 5). These flags are the one
// piece of mutable process state in craig: a signal handler can reach nothing else.
#pragma once

namespace craig::base {

void install_interrupt_handlers();
bool interrupted();
// The signal that interrupted the run (0 when none).
int interrupt_signal();
// For tests: as if a signal had arrived (and, with 0, as if none had).
void set_interrupted(int signal);

// SIGXCPU (the soft RLIMIT_CPU that a portfolio member's own CPU-time limit sets in its
// process) as the end of the time budget: after install_cpu_limit_handler() the signal only sets
// a flag, which Budget::timed_out() reads, so the member stops like at a deadline and reports
// where it was. Without the handler SIGXCPU keeps its default (the process ends).
void install_cpu_limit_handler();
bool cpu_limit_reached();

// The answer is being printed: main's watchdog (time limit, interrupt) must then not print a
// verdict line of its own (a run printed two, TRUE then UNKNOWN, when SIGTERM came while it
// wrote its witness); it lets the run finish its output instead.
void note_answer_started();
bool answer_started();

}  // namespace craig::base
