// Elapsed time for statistics: the one place that turns a steady_clock interval into seconds.
//
//   const auto t0 = std::chrono::steady_clock::now();
//   ...
//   stats.seconds += base::seconds_since(t0);
//
// steady_clock, because it is monotonic: a statistic never goes negative when the wall clock is
// set. Deadlines are time points of the same clock.
#pragma once

#include <chrono>

namespace craig::base {

// Seconds from t0 until now.
inline double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace craig::base
