// Running the system C preprocessor on an input file.
//
// preprocess(path, dm) runs `cpp` (found through PATH) on the file, without
// -P so that line markers keep locations pointing into the original files,
// and returns its output. Failure to start cpp or a non-zero exit raises
// InputError with cpp's first diagnostic lines. No shell is involved.
//
// For ILP32 it runs `cpp -m32`, so that system headers define their 32-bit
// types and limits (LONG_MAX, int64_t, size_t); where the i386 headers are not
// installed, `cpp -m32` with the host's x86-64 multiarch headers, which glibc
// writes for both word sizes, and an empty gnu/stubs-32.h in a private
// directory. Only where neither works (another host) the host's headers are
// used as they are (then e.g. LONG_MAX is the 64-bit one under ILP32).
#pragma once

#include <string>
#include <string_view>

#include "frontend/types.hpp"

namespace craig::frontend {

std::string preprocess(const std::string& path, DataModel dm = DataModel::LP64);

// Whether the text contains preprocessor directives other than line markers,
// #line, #pragma and #ident (i.e. it must be preprocessed before lexing).
bool needs_preprocessing(std::string_view text);

}  // namespace craig::frontend
