#include "verifier/testgen/zip_archive.hpp"

#include <array>
#include <limits>
#include <ostream>
#include <stdexcept>

namespace craig::verifier {

namespace {

constexpr std::array<std::uint32_t, 256> make_crc_table() {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[i] = c;
    }
    return t;
}

constexpr std::array<std::uint32_t, 256> kCrcTable = make_crc_table();

// Little-endian fields of the ZIP headers.
void put16(std::string& s, std::uint32_t v) {
    s.push_back(static_cast<char>(v & 0xff));
    s.push_back(static_cast<char>((v >> 8) & 0xff));
}
void put32(std::string& s, std::uint32_t v) {
    put16(s, v & 0xffff);
    put16(s, v >> 16);
}

// A fixed timestamp (1980-01-01 00:00, the DOS epoch) keeps archives of the same suite
// byte-identical, which reproducible artifact runs want.
constexpr std::uint32_t kDosTime = 0, kDosDate = (0 << 9) | (1 << 5) | 1;

// The fields common to the local and the central header, from "version needed" on.
void common_fields(std::string& s, std::uint32_t crc, std::uint32_t size, std::size_t name_size) {
    put16(s, 10);  // version needed to extract: 1.0 (stored)
    put16(s, 0);   // flags
    put16(s, 0);   // method: stored
    put16(s, kDosTime);
    put16(s, kDosDate);
    put32(s, crc);
    put32(s, size);  // compressed size
    put32(s, size);  // uncompressed size
    put16(s, static_cast<std::uint32_t>(name_size));
    put16(s, 0);  // extra field length
}

}  // namespace

std::uint32_t crc32(std::string_view bytes) {
    std::uint32_t c = 0xffffffffu;
    for (unsigned char b : bytes) c = kCrcTable[(c ^ b) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

void ZipArchive::add(std::string name, std::string bytes) {
    constexpr std::size_t kMax = std::numeric_limits<std::uint32_t>::max();
    if (bytes.size() >= kMax || name.size() > 0xffff || members_.size() >= 0xffff)
        throw std::length_error("zip archive: member too large or too many members");
    const std::uint32_t crc = crc32(bytes);
    members_.push_back(Member{std::move(name), std::move(bytes), crc});
}

bool ZipArchive::write(std::ostream& out) const {
    std::string central;
    std::uint64_t offset = 0;
    for (const Member& m : members_) {
        std::string local;
        put32(local, 0x04034b50);
        common_fields(local, m.crc, static_cast<std::uint32_t>(m.bytes.size()), m.name.size());
        local += m.name;
        if (offset >= std::numeric_limits<std::uint32_t>::max())
            throw std::length_error("zip archive: larger than 4 GiB");
        put32(central, 0x02014b50);
        put16(central, 20);  // version made by: 2.0, MS-DOS attributes
        common_fields(central, m.crc, static_cast<std::uint32_t>(m.bytes.size()), m.name.size());
        put16(central, 0);  // comment length
        put16(central, 0);  // disk number
        put16(central, 0);  // internal attributes
        put32(central, 0);  // external attributes
        put32(central, static_cast<std::uint32_t>(offset));
        central += m.name;
        out << local << m.bytes;
        offset += local.size() + m.bytes.size();
    }
    std::string end;
    put32(end, 0x06054b50);
    put16(end, 0);  // this disk
    put16(end, 0);  // disk of the central directory
    put16(end, static_cast<std::uint32_t>(members_.size()));
    put16(end, static_cast<std::uint32_t>(members_.size()));
    put32(end, static_cast<std::uint32_t>(central.size()));
    put32(end, static_cast<std::uint32_t>(offset));
    put16(end, 0);  // comment length
    out << central << end;
    return static_cast<bool>(out);
}

}  // namespace craig::verifier
