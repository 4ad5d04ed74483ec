#include "base/gmp_memory.hpp"

#include <gmp.h>

#include <cstdlib>
#include <new>

#include "base/out_of_memory.hpp"

namespace craig::base {

namespace {

void* gmp_alloc(size_t n) {
    void* p = std::malloc(n);
    if (!p) out_of_memory();
    return p;
}

void* gmp_realloc(void* old, size_t, size_t n) {
    void* p = std::realloc(old, n);
    if (!p) out_of_memory();  // never returns: GMP cannot go on without the memory
    return p;
}

void gmp_free(void* p, size_t) { std::free(p); }

}  // namespace

void route_gmp_allocation() { mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free); }

}  // namespace craig::base
