#pragma once
// z3, the independent oracle of the unit tests: the binary named by $CRAIG_Z3, else the first z3
// on PATH (never a fixed path: z3 lives elsewhere on many machines). Without it the z3 checks do
// not pass as if they had run: a test case that only asks z3 carries
// `* doctest::skip(!craig::test::z3_found())` and is counted as skipped in doctest's summary, and
// a z3 check inside a larger test case is left out with the MESSAGE kZ3Skipped.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace craig::test {

inline const std::string kZ3Skipped = "skipped: z3 not found (on PATH or $CRAIG_Z3), its checks did not run";

// An executable: $env when set (empty when that is not executable), else the first `name` in a
// directory of PATH; empty when there is none.
inline std::string find_program(const char* name, const char* env) {
    auto runnable = [](const std::string& p) {
        return access(p.c_str(), X_OK) == 0 && !std::filesystem::is_directory(p);
    };
    if (const char* e = std::getenv(env); e && *e) return runnable(e) ? std::string(e) : std::string();
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    for (size_t start = 0; start <= dirs.size();) {
        size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        std::string dir = end > start ? dirs.substr(start, end - start) : ".";
        if (runnable(dir + "/" + name)) return dir + "/" + name;
        start = end + 1;
    }
    return "";
}

inline const std::string& z3_path() {
    static const std::string path = find_program("z3", "CRAIG_Z3");
    return path;
}
inline bool z3_found() { return !z3_path().empty(); }

// The lines z3 prints (standard error included, line ends dropped) on `script` with a limit of
// `seconds` per query; nothing when z3 is missing or does not start.
inline std::vector<std::string> z3_lines(const std::string& script, int seconds) {
    std::vector<std::string> lines;
    if (!z3_found()) return lines;
    std::string path = (std::filesystem::temp_directory_path() / "craig_z3_XXXXXX").string();
    int fd = mkstemp(path.data());
    if (fd < 0) return lines;
    close(fd);
    {
        std::ofstream out(path);
        out << script;
    }
    auto quoted = [](const std::string& s) {
        std::string q = "'";
        for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
        return q + "'";
    };
    std::string cmd = quoted(z3_path()) + " -T:" + std::to_string(seconds) + " " + quoted(path) + " 2>&1";
    if (FILE* pipe = popen(cmd.c_str(), "r")) {
        char buf[4096];
        std::string line;
        while (fgets(buf, sizeof buf, pipe)) {
            line += buf;
            if (line.back() != '\n') continue;  // a line longer than the buffer
            while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
            lines.push_back(line);
            line.clear();
        }
        if (!line.empty()) lines.push_back(line);
        pclose(pipe);
    }
    std::filesystem::remove(path);
    return lines;
}

}  // namespace craig::test
