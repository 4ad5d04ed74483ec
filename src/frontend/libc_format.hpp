// sprintf and snprintf (LibcModel::Format): the text they write, shared by the lowering and the
// replay so that both write the same characters.
//
// The text is glibc's (printf_text of libc_replay.hpp) for a literal format with the
// conversions printf_text knows, whose arguments are integers or string literals. The lowering
// needs the arguments' values in the program text (constants); the replay has them at run time.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "frontend/ast.hpp"
#include "frontend/libc_replay.hpp"

namespace craig::frontend {

// The position of the format among the call's operands (sprintf: 1, snprintf: 2).
inline std::size_t format_operand(const LibcEntry& e) { return e.params[1] == LibcType::ConstCharPtr ? 1 : 2; }

// The characters written into the buffer: the text up to `limit` - 1 characters and the zero,
// nothing when limit is 0 (snprintf, C11 7.21.6.5p2); sprintf has no limit.
std::string written_text(const std::string& text, std::optional<std::uint64_t> limit);

}  // namespace craig::frontend
