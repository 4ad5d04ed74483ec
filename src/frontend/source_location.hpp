// SourceLocation: a position in an original source file (after honouring the
// preprocessor's line markers), used by every token, AST node and error.
// Lines and columns are 1-based; a column counts bytes. Line 0 means "the file
// as a whole" (e.g. it cannot be read).
#pragma once

#include <cstdint>
#include <string>

namespace craig::frontend {

struct SourceLocation {
    std::string file;
    std::uint32_t line = 0;
    std::uint32_t col = 0;

    // "FILE:LINE:COL", or "FILE" when line is 0.
    std::string str() const {
        if (line == 0) return file;
        return file + ":" + std::to_string(line) + ":" + std::to_string(col);
    }
    friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

}  // namespace craig::frontend
