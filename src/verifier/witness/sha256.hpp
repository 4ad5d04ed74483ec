// SHA-256 for the verifier's witnesses and summary files: base/sha256.hpp, and the hash of a
// file that must be readable (the program a witness is about).
//
//   std::string hex = sha256_file("program.c");   // frontend::InputError when it cannot be read
#pragma once

#include <string>

#include "base/sha256.hpp"

namespace craig::verifier {

using base::Sha256;
using base::sha256_hex;

// Hex SHA-256 of a file's bytes. Throws frontend::InputError when the file cannot be read.
std::string sha256_file(const std::string& path);

}  // namespace craig::verifier
