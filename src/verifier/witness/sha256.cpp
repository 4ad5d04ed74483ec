#include "verifier/witness/sha256.hpp"

#include "frontend/errors.hpp"

namespace craig::verifier {

std::string sha256_file(const std::string& path) {
    std::optional<std::string> hex = base::sha256_of_file(path);
    if (!hex) throw frontend::InputError(path, "cannot be read");
    return *hex;
}

}  // namespace craig::verifier
