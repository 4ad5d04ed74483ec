// Deep recursion without stack overflow: running work on a thread with a large stack, and
// measuring the stack the calling thread has left.
//
//   return base::run_on_large_stack([&] { return verify(...); });   // once, in main
//   std::size_t bytes = base::stack_bytes_left();                  // depth limits scale with it
//
// The front end and the verifier walk the syntax tree recursively, so their stack use grows
// with the nesting of the C program; machine-generated programs (sequentialized SV-COMP tasks)
// nest thousands of blocks, more than an 8 MiB main-thread stack holds. The front end sizes its
// nesting limits from stack_bytes_left() when it starts, so a limit is reached (UNKNOWN with a
// reason) before the stack is exhausted, whatever thread it runs on.
//
// Guarantees of run_on_large_stack: fn runs exactly once, to completion, before it returns; its
// result or exception reaches the caller unchanged. The thread's stack is kLargeStackBytes, at
// most a quarter of a finite address-space limit (RLIMIT_AS, craig's --memory), since the
// reservation counts against it; where no such thread can be made (or it would not be larger
// than the caller's stack), fn runs on the calling thread.
#pragma once

#include <pthread.h>

#include <cstddef>
#include <exception>
#include <functional>
#include <optional>
#include <type_traits>
#include <utility>

namespace craig::base {

inline constexpr std::size_t kLargeStackBytes = std::size_t{1} << 30;

// Bytes between the caller's frame and the end of its thread's stack (4 MiB when the stack's
// bounds cannot be read). Inline: the front end uses it without linking this layer.
inline std::size_t stack_bytes_left() {
    const char* here = static_cast<const char*>(__builtin_frame_address(0));
    const char* low = nullptr;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void* addr = nullptr;
        std::size_t size = 0;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0) low = static_cast<const char*>(addr);
        pthread_attr_destroy(&attr);
    }
    if (low && low < here) return static_cast<std::size_t>(here - low);
    return std::size_t{4} << 20;
}

// Runs body on a thread whose stack has `bytes` (see above for the size actually used);
// exceptions of body are rethrown here.
void run_with_stack(std::size_t bytes, const std::function<void()>& body);

template <class F>
std::invoke_result_t<F&> run_on_large_stack(F&& fn) {
    using R = std::invoke_result_t<F&>;
    if constexpr (std::is_void_v<R>) {
        run_with_stack(kLargeStackBytes, [&] { fn(); });
    } else {
        std::optional<R> result;
        run_with_stack(kLargeStackBytes, [&] { result.emplace(fn()); });
        return std::move(*result);
    }
}

}  // namespace craig::base
