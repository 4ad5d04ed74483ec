#include "base/watchdog.hpp"

#include <pthread.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <thread>

#include "base/interrupt.hpp"

namespace craig::base {

namespace {

using Clock = std::chrono::steady_clock;

// What the thread owns; made before the thread starts, so that the thread allocates nothing.
struct Watch {
    Clock::time_point start;
    double timeout = 0;
    WatchdogWords words;
    int exit_code = 0;
};

Clock::duration seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

[[noreturn]] void stop(const std::string* words, const char* what, int exit_code) {
    std::cout.flush();  // what the run printed so far
    if (words && !words->empty()) (void)!write(STDOUT_FILENO, words->data(), words->size());
    if (what) std::fputs(what, stderr);
    _exit(exit_code);
}

void watch(const Watch& w) {
    // Moments the run must end by; `never` where there is no such limit.
    const Clock::time_point never = Clock::time_point::max();
    const Clock::time_point time_stop = w.timeout > 0 ? w.start + seconds(w.timeout + kStopAfter) : never;
    Clock::time_point interrupt_stop = never;
    for (;;) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        const Clock::time_point now = Clock::now();
        if (interrupt_stop == never && interrupted()) interrupt_stop = now + seconds(kInterruptGrace);
        const bool at_time = now >= time_stop, at_interrupt = now >= interrupt_stop;
        if (!at_time && !at_interrupt) continue;
        if (!answer_started())
            stop(at_time ? &w.words.timeout : &w.words.interrupt,
                 at_time ? "craig: time limit reached\n" : "craig: interrupted\n", w.exit_code);
        // The run is printing its answer: no second verdict line; it may finish within the grace
        // (at the time limit short: the limit is a promise; after a signal as before, 10 s).
        const bool time_over = at_time && now - time_stop >= seconds(kAnswerGrace);
        const bool interrupt_over = at_interrupt && now - interrupt_stop >= std::chrono::seconds(10);
        if (time_over || interrupt_over) stop(nullptr, nullptr, w.exit_code);
    }
}

extern "C" void* run_watch(void* arg) {
    watch(*static_cast<const Watch*>(arg));
    return nullptr;
}

}  // namespace

bool start_watchdog(double timeout, WatchdogWords words, int exit_code) {
    // Owned by the thread for the rest of the process (it never ends but with the process).
    auto* w = new Watch{Clock::now(), timeout, std::move(words), exit_code};
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    // The default stack is 8 MiB of address space, which a small --memory cannot spare; the
    // loop above needs a few KiB.
    pthread_attr_setstacksize(&attr, 256 * 1024);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    const int rc = pthread_create(&thread, &attr, run_watch, w);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        delete w;
        errno = rc;
        return false;
    }
    return true;
}

}  // namespace craig::base
