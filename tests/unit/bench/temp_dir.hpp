// A fresh folder for one test case, removed at the end of the case.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace craig::bench::test {

class TempDir {
public:
    TempDir() {
        std::string t = (std::filesystem::temp_directory_path() / "craig-bench-test-XXXXXX").string();
        path_ = mkdtemp(t.data()) ? t : std::string();
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return path_; }
    // Writes `text` to the file `name` below the folder (folders made as needed); its path.
    std::string write(const std::string& name, const std::string& text) const {
        const std::filesystem::path p = std::filesystem::path(path_) / name;
        std::filesystem::create_directories(p.parent_path());
        std::ofstream(p) << text;
        return p.string();
    }

private:
    std::string path_;
};

// An SV-COMP task file for `c_file` with the unreach-call property and `verdict` ("" = none).
inline std::string task_yml(const std::string& c_file, const std::string& verdict,
                            const std::string& prp = "unreach-call.prp") {
    return "format_version: '2.0'\ninput_files: '" + c_file + "'\nproperties:\n  - property_file: " + prp + "\n" +
           (verdict.empty() ? "" : "    expected_verdict: " + verdict + "\n") + "options:\n  language: C\n";
}

}  // namespace craig::bench::test
