#include "base/out_of_memory.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <new>

namespace craig::base {

namespace {

struct Action {
    bool set = false;
    int fd = -1;
    std::string text;
    const char* message = nullptr;
    int exit_code = 0;
};

Action& action() {
    static Action a;
    return a;
}

void on_failed_new() { out_of_memory(); }

}  // namespace

void on_out_of_memory(int fd, std::string text, const char* message, int exit_code) {
    Action& a = action();
    a.fd = fd;
    a.text = std::move(text);
    a.message = message;
    a.exit_code = exit_code;
    a.set = true;
    std::set_new_handler(on_failed_new);
}

void out_of_memory() {
    const Action& a = action();
    if (!a.set) throw std::bad_alloc();
    std::cout.flush();  // what the run printed so far (a fixed buffer: no allocation)
    for (std::size_t done = 0; done < a.text.size();) {
        const ssize_t w = write(a.fd, a.text.data() + done, a.text.size() - done);
        if (w <= 0) break;
        done += static_cast<std::size_t>(w);
    }
    if (a.message) std::fputs(a.message, stderr);
    _exit(a.exit_code);
}

}  // namespace craig::base
