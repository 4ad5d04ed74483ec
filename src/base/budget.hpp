// Budget: the one resource limit object of a verification run (time, memory, cancellation).
//
//   base::Budget b = base::Budget::seconds(60);       // or Budget{} for no limit
//   if (b.exhausted()) return unknown(b.why());          // "timeout" or "interrupted"
//   smt::SolverOptions so; so.deadline = b.deadline();   // solvers poll the same deadline
//   base::Budget slice = b.slice(5);                     // at most 5 s of b, same memory
//
// The deadline is wall-clock (steady_clock); the memory limit is the process's (main.cpp
// applies it with setrlimit, memory_limit.hpp; a failed allocation ends the run with the
// memory-limit answer, out_of_memory.hpp), recorded here so that engines and reports can name it. Interrupts (SIGINT/SIGTERM, base/interrupt.hpp) exhaust every
// budget. A budget is a value: copies and slices share nothing but the process-wide flag.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "base/interrupt.hpp"
#include "base/stopwatch.hpp"

namespace craig::base {

class Budget {
public:
    using Clock = std::chrono::steady_clock;

    Budget() = default;  // no limit
    explicit Budget(std::optional<Clock::time_point> deadline, std::uint64_t memory_mb = 0)
        : deadline_(deadline), memory_mb_(memory_mb) {}
    // A budget of `timeout` seconds from now (0: no time limit).
    static Budget seconds(double timeout, std::uint64_t memory_mb = 0) {
        if (timeout <= 0) return Budget(std::nullopt, memory_mb);
        return Budget(
            Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout)),
            memory_mb);
    }

    std::optional<Clock::time_point> deadline() const { return deadline_; }
    std::uint64_t memory_mb() const { return memory_mb_; }
    bool timed_out() const { return cpu_limit_reached() || (deadline_ && Clock::now() >= *deadline_); }
    // The run must stop: the deadline passed or the process was interrupted.
    bool exhausted() const { return interrupted() || timed_out(); }
    // Why exhausted() holds: "interrupted" or "timeout" (empty when it does not).
    const char* why() const { return interrupted() ? "interrupted" : timed_out() ? "timeout" : ""; }
    // Seconds left (infinity without a deadline, 0 once it passed).
    double remaining() const {
        if (!deadline_) return 1e300;
        const double s = std::chrono::duration<double>(*deadline_ - Clock::now()).count();
        return s > 0 ? s : 0;
    }
    // At most `seconds` of this budget from now (a time slice of a portfolio).
    Budget slice(double seconds) const {
        Budget b = Budget::seconds(seconds, memory_mb_);
        if (deadline_ && (!b.deadline_ || *deadline_ < *b.deadline_)) b.deadline_ = deadline_;
        return b;
    }

private:
    std::optional<Clock::time_point> deadline_;
    std::uint64_t memory_mb_ = 0;
};

}  // namespace craig::base
