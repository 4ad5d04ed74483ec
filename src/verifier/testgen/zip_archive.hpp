// ZipArchive: a ZIP file (PKWARE APPNOTE 6.3) with stored, uncompressed members, for the
// zipped form of a Test-Comp test suite (`craig testgen --zip`), so that no zip program is
// needed on the machine.
//
//   ZipArchive z;
//   z.add("test-suite/metadata.xml", text);
//   z.write(out);       // the whole archive; false when the stream failed
//
// Members keep the order of add(); names use '/' as separator. No ZIP64: members and the
// archive must stay below 4 GiB and 65535 entries (test suites are far smaller; add()
// throws std::length_error beyond).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace craig::verifier {

class ZipArchive {
public:
    void add(std::string name, std::string bytes);
    bool write(std::ostream& out) const;

private:
    struct Member {
        std::string name, bytes;
        std::uint32_t crc = 0;
    };
    std::vector<Member> members_;
};

// CRC-32 (ISO-HDLC, the polynomial of ZIP and gzip) of `bytes`.
std::uint32_t crc32(std::string_view bytes);

}  // namespace craig::verifier
