#include "base/large_stack.hpp"

#include <pthread.h>
#include <sys/resource.h>

#include <algorithm>

namespace craig::base {

namespace {

// The smallest stack worth a thread of its own (the usual main-thread stack).
constexpr std::size_t kMinimumThreadStack = std::size_t{8} << 20;

struct Job {
    const std::function<void()>* body;
    std::exception_ptr error;
};

extern "C" void* run_job(void* arg) {
    auto* job = static_cast<Job*>(arg);
    try {
        (*job->body)();
    } catch (...) {
        job->error = std::current_exception();
    }
    return nullptr;
}

// The stack size for a request of `bytes`, given the address-space limit.
std::size_t affordable_stack(std::size_t bytes) {
    rlimit rl{};
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        bytes = std::min<std::size_t>(bytes, static_cast<std::size_t>(rl.rlim_cur / 4));
    return bytes;
}

}  // namespace

void run_with_stack(std::size_t bytes, const std::function<void()>& body) {
    bytes = affordable_stack(bytes);
    Job job{&body, nullptr};
    bool ran = false;
    pthread_attr_t attr;
    if (bytes >= kMinimumThreadStack && bytes > stack_bytes_left() && pthread_attr_init(&attr) == 0) {
        pthread_t thread;
        if (pthread_attr_setstacksize(&attr, bytes) == 0 && pthread_create(&thread, &attr, run_job, &job) == 0) {
            pthread_join(thread, nullptr);
            ran = true;
        }
        pthread_attr_destroy(&attr);
    }
    if (!ran) {
        body();
        return;
    }
    if (job.error) std::rethrow_exception(job.error);
}

}  // namespace craig::base
