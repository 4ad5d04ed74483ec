#include "frontend/libc_format.hpp"

#include <algorithm>

namespace craig::frontend {

std::string written_text(const std::string& text, std::optional<std::uint64_t> limit) {
    if (limit && *limit == 0) return {};
    std::string out = text.substr(0, limit ? std::min<std::uint64_t>(text.size(), *limit - 1) : text.size());
    out.push_back('\0');
    return out;
}

}  // namespace craig::frontend
