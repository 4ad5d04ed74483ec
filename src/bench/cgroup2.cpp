#include "bench/cgroup2.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

namespace craig::bench {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> read_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Writes `text` as a shell's `echo -n text > path` does; "" or what went wrong.
std::string write_file(const std::string& path, const std::string& text) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return "cannot open " + path + ": " + std::strerror(errno);
    const ssize_t n = ::write(fd, text.data(), text.size());
    const int e = errno;
    ::close(fd);
    if (n != static_cast<ssize_t>(text.size()))
        return "cannot write '" + text + "' to " + path + ": " + std::strerror(n < 0 ? e : EIO);
    return "";
}

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> w;
    std::istringstream in(text);
    for (std::string s; in >> s;) w.push_back(s);
    return w;
}

bool lists(const std::string& text, const std::string& word) {
    for (const std::string& w : words(text))
        if (w == word) return true;
    return false;
}

// The value of `key` in a flat-keyed file ("key value" per line), nullopt when absent.
std::optional<std::uint64_t> keyed(const std::string& path, const std::string& key) {
    std::ifstream in(path);
    std::string k;
    std::uint64_t v = 0;
    while (in >> k >> v)
        if (k == key) return v;
    return std::nullopt;
}

std::optional<std::uint64_t> single(const std::string& path) {
    std::ifstream in(path);
    std::uint64_t v = 0;
    if (in >> v) return v;
    return std::nullopt;
}

// Mount points escape blanks and the like as \ooo.
std::string unescape(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 3 < s.size()) {
            out += static_cast<char>(std::stoi(s.substr(i + 1, 3), nullptr, 8));
            i += 3;
        } else {
            out += s[i];
        }
    }
    return out;
}

}  // namespace

std::optional<Cgroup2Place> find_cgroup2(const std::string& mountinfo, const std::string& proc_cgroup,
                                         std::string* why) {
    Cgroup2Place p;
    std::istringstream mounts(mountinfo);
    for (std::string line; p.root.empty() && std::getline(mounts, line);) {
        const std::size_t dash = line.find(" - ");
        if (dash == std::string::npos) continue;
        const std::vector<std::string> before = words(line.substr(0, dash)), after = words(line.substr(dash + 3));
        if (before.size() >= 5 && !after.empty() && after[0] == "cgroup2") p.root = unescape(before[4]);
    }
    if (p.root.empty()) {
        *why = "no cgroup2 file system is mounted (/proc/self/mountinfo)";
        return std::nullopt;
    }
    std::istringstream groups(proc_cgroup);
    for (std::string line; p.own.empty() && std::getline(groups, line);)
        if (line.rfind("0::", 0) == 0) p.own = line.substr(3);
    if (p.own.empty()) {
        *why = "/proc/self/cgroup has no line 0::PATH (this process is in no cgroup of the unified hierarchy)";
        return std::nullopt;
    }
    if (p.own.rfind("/..", 0) == 0) {
        *why = "this process's cgroup " + p.own + " is outside the cgroup2 mount " + p.root + " (a cgroup namespace)";
        return std::nullopt;
    }
    return p;
}

RunCgroup& RunCgroup::operator=(RunCgroup&& o) noexcept {
    if (this != &o) {
        remove();
        path_ = std::move(o.path_);
        o.path_.clear();
    }
    return *this;
}

std::optional<RunCgroup> RunCgroup::make(const std::string& parent, std::uint64_t memory_mb, std::string* why) {
    std::string name = parent + "/craig-run-XXXXXX";
    if (!mkdtemp(name.data())) {
        *why = "cannot create a cgroup in " + parent + ": " + std::strerror(errno);
        return std::nullopt;
    }
    RunCgroup c(name);
    if (memory_mb > 0) {
        *why = write_file(name + "/memory.max", std::to_string(memory_mb * 1024 * 1024));
        if (!why->empty()) return std::nullopt;
    }
    // Without swap accounting the kernel has no memory.swap.max; the limit is memory.max alone then.
    (void)write_file(name + "/memory.swap.max", "0");
    // An OOM kill ends every process of the run, not one of them (as BenchExec asks).
    (void)write_file(name + "/memory.oom.group", "1");
    return c;
}

int RunCgroup::open_procs() const {
    return ::open((path_ + "/cgroup.procs").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
}

CgroupReading RunCgroup::read() const {
    CgroupReading r;
    if (const std::optional<std::uint64_t> usec = keyed(path_ + "/cpu.stat", "usage_usec"))
        r.cpu_seconds = static_cast<double>(*usec) / 1e6;
    std::optional<std::uint64_t> memory = single(path_ + "/memory.peak");  // Linux 5.19
    if (!memory) memory = single(path_ + "/memory.current");
    r.memory_bytes = memory.value_or(0);
    r.oom_kills = keyed(path_ + "/memory.events", "oom_kill").value_or(0);
    return r;
}

void RunCgroup::kill() const {
    if (path_.empty()) return;
    if (access((path_ + "/cgroup.kill").c_str(), F_OK) == 0 && write_file(path_ + "/cgroup.kill", "1").empty())
        return;
    // Before Linux 5.14: every process listed, again until none is left (one may fork meanwhile).
    for (int pass = 0; pass < 10; ++pass) {
        const std::vector<std::string> pids = words(read_file(path_ + "/cgroup.procs").value_or(""));
        if (pids.empty()) return;
        for (const std::string& p : pids) ::kill(static_cast<pid_t>(std::stol(p)), SIGKILL);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

void RunCgroup::remove() {
    if (path_.empty()) return;
    kill();
    // The killed processes must be gone (reaped) before the kernel lets the cgroup go: up to 2 s.
    for (int attempt = 0; attempt < 400 && ::rmdir(path_.c_str()) != 0; ++attempt) {
        if (errno == ENOTEMPTY || errno == EEXIST) {  // ordinary files: a fake tree
            std::error_code ec;
            fs::remove_all(path_, ec);
            break;
        }
        if (errno != EBUSY) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    path_.clear();
}

std::unique_ptr<Cgroup2Tree> Cgroup2Tree::open(const std::string& root, const std::string& own, pid_t self,
                                               std::string* why) {
    const std::string dir = own == "/" ? root : root + own;
    const std::optional<std::string> controllers = read_file(dir + "/cgroup.controllers");
    if (!controllers) {
        *why = "cannot read " + dir + "/cgroup.controllers";
        return nullptr;
    }
    for (const char* c : {"cpu", "memory"})
        if (!lists(*controllers, c)) {
            *why = std::string("the cgroup ") + dir + " offers no " + c + " controller (cgroup.controllers lists '" +
                   controllers->substr(0, controllers->find('\n')) + "')";
            return nullptr;
        }
    const std::string subtree = read_file(dir + "/cgroup.subtree_control").value_or("");
    std::string enable;
    for (const char* c : {"cpu", "memory"})
        if (!lists(subtree, c)) enable += std::string(enable.empty() ? "" : " ") + "+" + c;
    if (enable.empty()) return std::unique_ptr<Cgroup2Tree>(new Cgroup2Tree(dir, "", "", self));
    const std::vector<std::string> procs = words(read_file(dir + "/cgroup.procs").value_or(""));
    std::string others;
    for (const std::string& p : procs)
        if (p != std::to_string(self)) others += " " + p;
    if (!others.empty()) {
        *why = "the cgroup " + dir + " holds other processes than craig (" + others.substr(1) +
               "), so it cannot hand its controllers to the runs' cgroups; start craig in a cgroup of its own, "
               "e.g. systemd-run --user --scope -p Delegate=yes craig bench run ...";
        return nullptr;
    }
    const std::string leaf = dir + "/craig-bench-" + std::to_string(self);
    if (::mkdir(leaf.c_str(), 0755) != 0 && errno != EEXIST) {
        *why = "cannot create the cgroup " + leaf + ": " + std::strerror(errno);
        return nullptr;
    }
    *why = write_file(leaf + "/cgroup.procs", std::to_string(self));
    if (why->empty()) *why = write_file(dir + "/cgroup.subtree_control", enable);
    if (!why->empty()) {
        (void)write_file(dir + "/cgroup.procs", std::to_string(self));
        ::rmdir(leaf.c_str());
        return nullptr;
    }
    return std::unique_ptr<Cgroup2Tree>(new Cgroup2Tree(dir, leaf, enable, self));
}

Cgroup2Tree::~Cgroup2Tree() {
    if (leaf_.empty()) return;
    std::string disable = enabled_;
    for (char& c : disable)
        if (c == '+') c = '-';
    (void)write_file(dir_ + "/cgroup.subtree_control", disable);
    (void)write_file(dir_ + "/cgroup.procs", std::to_string(self_));
    if (::rmdir(leaf_.c_str()) != 0 && (errno == ENOTEMPTY || errno == EEXIST)) {
        std::error_code ec;
        fs::remove_all(leaf_, ec);
    }
}

}  // namespace craig::bench
