// Linked into every executable of a sanitizer build (CRAIG_SANITIZE, see the top-level
// CMakeLists.txt); not part of craig.
//
// With GCC, -fsanitize=address,undefined loads two runtimes, libasan and libubsan. ASan honours
// log_path= of ASAN_OPTIONS, but libubsan does not initialise itself when ASan is present and
// keeps writing its reports to standard error, where the test scripts, which discard craig's
// stderr, would lose them. This constructor hands log_path= of UBSAN_OPTIONS to libubsan, so
// that UBSan reports land in files like ASan's (the tests count them, see
// tests/sanitize/reports.sh). Without libubsan loaded (clang's single runtime, or no UBSan) it
// does nothing.
#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace {

__attribute__((constructor)) void craig_ubsan_log_path() {
    const char* options = std::getenv("UBSAN_OPTIONS");
    if (!options) return;
    std::string s = std::string(":") + options;
    std::size_t at = s.find(":log_path=");
    if (at == std::string::npos) return;
    at += std::strlen(":log_path=");
    std::string path = s.substr(at, s.find(':', at) - at);
    void* ubsan = dlopen("libubsan.so.1", RTLD_NOW | RTLD_NOLOAD);
    if (!ubsan) return;
    using SetPath = void (*)(const char*);
    if (auto set = reinterpret_cast<SetPath>(dlsym(ubsan, "__sanitizer_set_report_path")))
        set(path.c_str());  // the runtime copies the path
}

}  // namespace
