#include "base/gmp_memory.hpp"

#include <gmp.h>

#include <cstdlib>
#include <new>

namespace craig::base {

namespace {

void* gmp_alloc(size_t n) {
    void* p = std::malloc(n);
    if (!p) throw std::bad_alloc();
    return p;
}

void* gmp_realloc(void* old, size_t, size_t n) {
    void* p = std::realloc(old, n);
    if (!p) throw std::bad_alloc();  // `old` is still valid and owned by its number
    return p;
}

void gmp_free(void* p, size_t) { std::free(p); }

}  // namespace

void route_gmp_allocation() { mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free); }

}  // namespace craig::base
