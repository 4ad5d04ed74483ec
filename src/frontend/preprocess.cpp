#include "frontend/preprocess.hpp"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/errors.hpp"

extern char** environ;

namespace craig::frontend {

namespace {

// Closes a file descriptor when it goes out of scope.
class Fd {
public:
    explicit Fd(int fd = -1) : fd_(fd) {}
    ~Fd() { reset(); }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }
    void reset() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

private:
    int fd_;
};

std::string first_lines(const std::string& s, std::size_t max_lines) {
    std::string out;
    std::size_t lines = 0;
    for (char c : s) {
        if (c == '\n') {
            if (++lines == max_lines) break;
            out += "; ";
            continue;
        }
        out += c;
    }
    while (!out.empty() && (out.back() == ' ' || out.back() == ';')) out.pop_back();
    return out;
}

// Bytes outside printable ASCII (and tab) as \xNN: a message never carries raw bytes of
// the input to the terminal.
std::string printable(std::string_view s) {
    std::string out;
    for (unsigned char c : s) {
        if ((c >= 0x20 && c < 0x7f) || c == '\t') {
            out += static_cast<char>(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    return out;
}

// The first diagnostic of gcc's preprocessor, "FILE:LINE:COL: [fatal ]error: MESSAGE", as a
// ParseError at that location (the source lines and carets it prints after are dropped).
std::optional<ParseError> first_error(const std::string& errors) {
    std::size_t start = 0;
    while (start < errors.size()) {
        std::size_t end = errors.find('\n', start);
        if (end == std::string::npos) end = errors.size();
        const std::string_view line(errors.data() + start, end - start);
        start = end + 1;
        for (std::string_view tag : {": fatal error: ", ": error: "}) {
            const std::size_t at = line.find(tag);
            if (at == std::string_view::npos) continue;
            // FILE:LINE:COL before the tag (FILE may itself contain ':').
            const std::string_view where = line.substr(0, at);
            const std::size_t c2 = where.rfind(':');
            const std::size_t c1 =
                c2 == std::string_view::npos || c2 == 0 ? std::string_view::npos : where.rfind(':', c2 - 1);
            SourceLocation loc;
            if (c1 != std::string_view::npos) {
                const std::string l(where.substr(c1 + 1, c2 - c1 - 1)), c(where.substr(c2 + 1));
                if (!l.empty() && !c.empty() && l.find_first_not_of("0123456789") == std::string::npos &&
                    c.find_first_not_of("0123456789") == std::string::npos) {
                    loc.file = printable(where.substr(0, c1));
                    loc.line = static_cast<std::uint32_t>(std::stoul(l));
                    loc.col = static_cast<std::uint32_t>(std::stoul(c));
                }
            }
            if (loc.line == 0) continue;
            return ParseError(loc, "preprocessor: " + printable(line.substr(at + tag.size())));
        }
    }
    return std::nullopt;
}

}  // namespace

bool needs_preprocessing(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        if (i < text.size() && text[i] == '#') {
            ++i;
            while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
            std::size_t start = i;
            while (i < text.size() && ((text[i] >= 'a' && text[i] <= 'z') || text[i] == '_')) ++i;
            std::string_view word = text.substr(start, i - start);
            if (!word.empty() && word != "line" && word != "pragma" && word != "ident") return true;
        }
        while (i < text.size() && text[i] != '\n') ++i;
        ++i;
    }
    return false;
}

namespace {

struct CppResult {
    int exit_status = -1;
    bool killed = false;  // cpp (or the cc1 it runs) died of a signal
    std::string output;
    std::string errors;
};

// Whether craig runs under an address-space limit (--memory sets RLIMIT_AS).
bool address_space_limited() {
    rlimit rl{};
    return ::getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY;
}

// Whether cpp's failure is one of memory: a signal (the driver reports cc1's as "signal
// terminated program"), or its out-of-memory messages.
bool died_of_memory(const CppResult& r) {
    if (r.killed) return true;
    for (std::string_view m : {"signal terminated program", "memory exhausted", "out of memory",
                               "Cannot allocate memory", "failed to map segment"})
        if (r.errors.find(m) != std::string::npos) return true;
    return false;
}

CppResult run_cpp(const std::string& path, const std::vector<std::string>& options) {
    int out_pipe[2];
    int err_pipe[2];
    // Close-on-exec: the child gets only the ends dup2'ed onto its stdout and stderr.
    if (::pipe2(out_pipe, O_CLOEXEC) != 0)
        throw InputError(path, std::string("cannot create a pipe: ") + std::strerror(errno));
    Fd out_read(out_pipe[0]), out_write(out_pipe[1]);
    if (::pipe2(err_pipe, O_CLOEXEC) != 0)
        throw InputError(path, std::string("cannot create a pipe: ") + std::strerror(errno));
    Fd err_read(err_pipe[0]), err_write(err_pipe[1]);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out_write.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err_write.get(), STDERR_FILENO);

    // A path starting with '-' would be taken for an option.
    // __NO_CTYPE: glibc's <ctype.h> then declares isdigit and the others as functions instead of
    // macros that index its locale tables (libc.hpp models the functions).
    std::vector<std::string> args = {"cpp", "-w", "-D__NO_CTYPE"};
    args.insert(args.end(), options.begin(), options.end());
    args.push_back(path.rfind('-', 0) == 0 ? "./" + path : path);
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    int rc = ::posix_spawnp(&pid, "cpp", &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if ((rc == ENOMEM || rc == EAGAIN) && address_space_limited()) throw std::bad_alloc();  // --memory
    if (rc != 0) throw InputError(path, std::string("cannot run the C preprocessor 'cpp': ") + std::strerror(rc));
    out_write.reset();
    err_write.reset();

    // Read both pipes together: a child blocked on a full stderr pipe would
    // otherwise never finish its stdout.
    std::string output, errors;
    std::array<pollfd, 2> fds = {pollfd{out_read.get(), POLLIN, 0}, pollfd{err_read.get(), POLLIN, 0}};
    std::array<std::string*, 2> sinks = {&output, &errors};
    int open_fds = 2;
    std::vector<char> buffer(1 << 16);
    while (open_fds > 0) {
        if (::poll(fds.data(), fds.size(), -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (std::size_t k = 0; k < fds.size(); ++k) {
            if (fds[k].fd < 0 || fds[k].revents == 0) continue;
            ssize_t n = ::read(fds[k].fd, buffer.data(), buffer.size());
            if (n > 0) {
                sinks[k]->append(buffer.data(), static_cast<std::size_t>(n));
            } else if (n == 0 || errno != EINTR) {
                fds[k].fd = -1;
                --open_fds;
            }
        }
    }
    // Should polling have failed, a child still writing gets SIGPIPE instead of blocking.
    out_read.reset();
    err_read.reset();
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    CppResult result;
    result.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.killed = WIFSIGNALED(status);
    result.output = std::move(output);
    result.errors = std::move(errors);
    return result;
}

// The x86-64 multiarch headers of the host, which glibc writes for both x86 word sizes
// (bits/wordsize.h tests __x86_64__), so that `cpp -m32` can use them where the i386 ones are
// not installed; only gnu/stubs-32.h is missing then, and an empty one stands in for it (it
// lists unimplemented functions, which only matters for linking).
constexpr const char* kHostMultiarch = "/usr/include/x86_64-linux-gnu";

// A private directory holding an empty gnu/stubs-32.h, removed with the object.
class Stubs32 {
public:
    Stubs32() {
        char tmpl[] = "/tmp/craig-stubs32-XXXXXX";
        if (!::mkdtemp(tmpl)) return;
        dir_ = tmpl;
        const std::string gnu = dir_ + "/gnu";
        if (::mkdir(gnu.c_str(), 0700) != 0) return;
        std::FILE* f = std::fopen((gnu + "/stubs-32.h").c_str(), "w");
        if (!f) return;
        std::fclose(f);
        ok_ = true;
    }
    ~Stubs32() {
        if (dir_.empty()) return;
        std::remove((dir_ + "/gnu/stubs-32.h").c_str());
        ::rmdir((dir_ + "/gnu").c_str());
        ::rmdir(dir_.c_str());
    }
    Stubs32(const Stubs32&) = delete;
    Stubs32& operator=(const Stubs32&) = delete;
    bool ok() const { return ok_; }
    const std::string& dir() const { return dir_; }

private:
    std::string dir_;
    bool ok_ = false;
};

}  // namespace

std::string preprocess(const std::string& path, DataModel dm) {
    if (dm == DataModel::ILP32) {
        CppResult r = run_cpp(path, {"-m32"});
        if (r.exit_status == 0) return std::move(r.output);
        // Without the i386 headers: the host's x86 headers under -m32, so that <limits.h>,
        // <stdint.h> and <stddef.h> define the 32-bit LONG_MAX, int64_t and size_t that the
        // data model has (the host's 64-bit definitions would be wrong constants).
        struct stat st{};
        if (::stat((std::string(kHostMultiarch) + "/bits/wordsize.h").c_str(), &st) == 0) {
            Stubs32 stubs;
            if (stubs.ok()) {
                r = run_cpp(path, {"-m32", "-idirafter", kHostMultiarch, "-idirafter", stubs.dir()});
                if (r.exit_status == 0) return std::move(r.output);
            }
        }
    }
    CppResult r = run_cpp(path, {});
    // cpp inherits craig's address-space limit (--memory): a cpp that dies of a signal under it
    // ran out of memory, which is craig's memory limit (UNKNOWN, exit 5), not an input error.
    if (r.exit_status != 0 && died_of_memory(r) && address_space_limited()) throw std::bad_alloc();
    if (r.exit_status != 0) {
        // An error in the program (#error, a missing header) is an input error at its
        // location; a preprocessor that fails otherwise is reported as it speaks.
        if (std::optional<ParseError> e = first_error(r.errors)) throw *e;
        throw InputError(path, r.errors.empty() ? "the C preprocessor failed"
                                                : "preprocessing failed: " + printable(first_lines(r.errors, 3)));
    }
    return std::move(r.output);
}

}  // namespace craig::frontend
