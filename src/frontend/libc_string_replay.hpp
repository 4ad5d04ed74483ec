// The concrete meaning of <string.h> (libc.hpp's String rows) for the replay, on the
// interpreter's memory (memory.hpp: objects of typed cells).
//
// A call is checked before anything changes: every cell it reads or writes lies in a live
// object, of the cell type of its first cell, writes not in a string literal, strings are
// terminated within their object, string cells are initialised, and memcpy, strcpy, strncpy
// and strcat arguments do not overlap; a violation is the undefined-behaviour message. The
// result is then computed with this machine's C library (glibc) on copies of the bytes, so
// strcmp returns glibc's value. Cells of integer types are bytes in little-endian order: n
// bytes that cover part of a cell change those bytes of it (an uninitialised cell stays so).
// A struct of cells of different types (memset, memcpy, memmove through a pointer to it) is
// written cell by cell, whole structs only: n a multiple of its size (padding bytes are no
// cells), pointer cells set only to null. Copying between cells of different sizes and part of
// such a struct are not modelled (the lowering rejects them): reported with a message that says so.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "frontend/libc.hpp"
#include "frontend/memory.hpp"

namespace craig::frontend {

struct StringCallOutcome {
    std::optional<std::string> undefined;  // the call is undefined behaviour (nothing changed)
    memory::Value value;                   // the result (a pointer or an integer of the row's type)
    // The cells written, in order (slot, cell), for the trace.
    std::vector<std::pair<std::uint32_t, std::uint64_t>> written;
};

// The type of the cells a pointer argument accesses: the pointee type of the argument before its
// implicit conversion to void * or const char * (void when it is a void * itself). The lowering
// and the replay read the argument's cells by it.
Type string_access_type(const Expr& arg);

// Whether the call reads one input (strcmp, strncmp, memcmp: the lowering's value of the sign).
bool string_call_reads_input(const LibcEntry& e);

// The call with its argument values (pointers and integers in the normal form of their types)
// and the access types of its arguments (string_access_type; void for integer arguments).
StringCallOutcome replay_string_call(const LibcEntry& e, memory::Memory& mem, std::span<const memory::Value> args,
                                     std::span<const Type> access, DataModel dm);

}  // namespace craig::frontend
