// SHA-256 (FIPS 180-4): the program hash of SV-COMP witnesses, the identity of the external tools
// of craig bench.
//
//   Sha256 h; h.update(bytes); std::string hex = h.hex_digest();
//   sha256_hex("abc") == "ba7816bf...f20015ad"
//
// A Sha256 object hashes one message: update() any number of times, then
// digest() or hex_digest() once (after which the object must not be updated).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace craig::base {

class Sha256 {
public:
    Sha256();
    void update(std::string_view bytes);
    std::array<std::uint8_t, 32> digest();
    std::string hex_digest();  // 64 lower-case hex digits

private:
    void compress(const std::uint8_t* block);

    std::array<std::uint32_t, 8> state_;
    std::array<std::uint8_t, 64> buffer_{};
    std::size_t buffered_ = 0;
    std::uint64_t length_ = 0;  // bytes hashed so far
};

std::string sha256_hex(std::string_view bytes);

// Hex SHA-256 of a file's bytes; nullopt when the file cannot be read.
std::optional<std::string> sha256_of_file(const std::string& path);

}  // namespace craig::base
