#include "base/interrupt.hpp"

#include <atomic>
#include <csignal>

namespace craig::base {

namespace {

// Lock-free atomics are async-signal-safe; volatile sig_atomic_t would not order the read
// in another thread (the watchdog).
std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_signal(int sig) { g_signal.store(sig, std::memory_order_relaxed); }

std::atomic<bool> g_cpu_limit{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_cpu_limit(int) { g_cpu_limit.store(true, std::memory_order_relaxed); }

}  // namespace

void install_interrupt_handlers() {
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: a blocking read of standard input returns
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

bool interrupted() { return g_signal.load(std::memory_order_relaxed) != 0; }
int interrupt_signal() { return g_signal.load(std::memory_order_relaxed); }
void set_interrupted(int signal) { g_signal.store(signal, std::memory_order_relaxed); }

void install_cpu_limit_handler() {
    struct sigaction sa {};
    sa.sa_handler = on_cpu_limit;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGXCPU, &sa, nullptr);
}

bool cpu_limit_reached() { return g_cpu_limit.load(std::memory_order_relaxed); }

namespace {
std::atomic<bool> g_answer{false};
}  // namespace

void note_answer_started() { g_answer.store(true, std::memory_order_release); }
bool answer_started() { return g_answer.load(std::memory_order_acquire); }

}  // namespace craig::base
