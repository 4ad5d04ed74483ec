// Running the system C preprocessor on an input file.
//
// preprocess(path, dm) runs `cpp` (found through PATH) on the file, without
// -P so that line markers keep locations pointing into the original files,
// and returns its output. Failure to start cpp or a non-zero exit raises
// InputError with cpp's first diagnostic lines. No shell is involved.
//
// For ILP32 it first tries `cpp -m32`, so that system headers define their
// 32-bit types; where the 32-bit headers are not installed it falls back to
// the host's headers (then e.g. int64_t is `long`, only 32 bits under ILP32).
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
