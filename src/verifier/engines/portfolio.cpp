// Engine `portfolio`, the default of `craig verify`: runs several engines (or one engine with
// several option sets) in parallel processes, and the first certified verdict wins.
//
// Members are a list "ENGINE[:OPTION=VALUE,...][@SECONDS];..." (--portfolio); @SECONDS limits a
// member to that many seconds of CPU time (RLIMIT_CPU of its process, whole seconds rounded up:
// SIGXCPU ends it), within the run's budget. CPU rather than wall clock because members share the
// cores in time slices and the machine with other jobs: a wall-clock limit would give a member
// less than its seconds whenever it waits. Each member runs in a child
// process (fork: it shares the program built before; its result comes back through a pipe as
// text, verdict_codec.hpp). At most --jobs members run at once (0: the number of cores); with
// more members than jobs they share the cores in time slices of one second (the running ones
// are stopped with SIGSTOP, the waiting ones continued with SIGCONT, round robin), so each
// member progresses and none waits for another to end. A TRUE or FALSE of a member is put to
// the certification gate at once (EngineSettings::certified); the first one it confirms wins
// and the other children are killed. A member whose verdict the gate does not confirm counts as
// UNKNOWN; when no member decides, the first refuted FALSE is the portfolio's verdict (the gate
// refutes it again: UNKNOWN with the replay's reason). Two confirmed verdicts that contradict each other (possible only when both arrive
// before the others are stopped, in one round of the poll or while the first is being
// certified) are a failed self-check (smt::CheckFailure, exit 10), as is a
// member's own failed self-check. When every member ends with UNKNOWN the reason lists theirs.
// Each child has the whole budget's deadline (wall clock) and a share of the process's memory
// limit (RLIMIT_AS, set by --memory): the pages of the parent at the fork, which the children
// share copy-on-write, plus 1/n of what remains for n members, so that all members together stay
// within the limit the user gave (statistic portfolio.member-memory-mb).
// No member outlives the run: members still running kMemberGrace past the deadline are killed,
// as are all on every way out of solve (a Children guard), and a member dies with its parent
// (PR_SET_PDEATHSIG: main's watchdog ends the parent with _exit) and never holds the run's
// standard output. The parent waits for nothing without a bound (non-blocking reads, reap).
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <thread>

#include "base/interrupt.hpp"
#include "base/out_of_memory.hpp"
#include "smt/solver.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/verdict_codec.hpp"

namespace craig::verifier {

namespace {

struct Member {
    const EngineInfo* info = nullptr;
    std::map<std::string, std::string> options;
    double seconds = 0;  // its own CPU-time limit (0: none but the run's budget)
    std::string text;    // as written in the list
};

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(s);
    while (std::getline(in, part, sep)) parts.push_back(trim(part));
    return parts;
}

// Parses a member list; returns the error text (empty when valid). Members are engines of
// `registry` other than the portfolio itself; every option must be one of the engine's, with a
// valid value.
std::string parse_members(const std::string& spec, const EngineRegistry& registry, std::vector<Member>* out) {
    std::vector<Member> members;
    for (const std::string& item : split(spec, ';')) {
        if (item.empty()) continue;
        Member m;
        m.text = item;
        // ENGINE[:OPTION=VALUE,...][@SECONDS]
        std::string spec_text = item;
        if (const std::size_t at = item.rfind('@'); at != std::string::npos) {
            const std::string limit = trim(item.substr(at + 1));
            char* end = nullptr;
            m.seconds = std::strtod(limit.c_str(), &end);
            if (limit.empty() || *end != '\0' || !(m.seconds > 0) || m.seconds > 1e9)
                return "'" + limit + "' after @ is not a positive number of seconds";
            spec_text = item.substr(0, at);
        }
        const std::string& item_ = spec_text;
        const std::size_t colon = item_.find(':');
        const std::string name = trim(item_.substr(0, colon));
        m.info = registry.find(name);
        if (!m.info || !m.info->can.member) return "'" + name + "' is not an engine a portfolio can run";
        if (colon != std::string::npos)
            for (const std::string& assignment : split(item_.substr(colon + 1), ',')) {
                const std::size_t eq = assignment.find('=');
                const std::string key = trim(assignment.substr(0, eq));
                const std::string value = eq == std::string::npos ? "" : trim(assignment.substr(eq + 1));
                const EngineOption* opt = m.info->option(key);
                if (!opt) return "engine " + name + " has no option '" + key + "'";
                if (eq == std::string::npos) return "option " + key + " of " + name + " needs =VALUE";
                if (std::string why = base::check_option_value(*opt, value); !why.empty())
                    return "option " + key + " of " + name + ": " + why;
                m.options[key] = value;
            }
        members.push_back(std::move(m));
    }
    if (members.empty()) return "a portfolio needs at least one member";
    if (out) *out = std::move(members);
    return "";
}

// The option table's checks know only the built-in engines (the command line has no others).
std::string check_members(const std::string& v) { return parse_members(v, builtin_engines(), nullptr); }
std::string check_members_or_none(const std::string& v) {
    return v.empty() ? "" : parse_members(v, builtin_engines(), nullptr);
}

// The default members, chosen by measurement on the dev tasks: McMillan' + dual Farkas proves
// some loops in a fraction of a second that McMillan + Farkas does not prove at all (half_2;
// docs/results/engines-2026-11-25); the explicit-value analysis with every variable tracked
// (value-all) and VINTA with boxes answer in seconds tasks impact does not answer in a minute
// (SystemC state machines, eureka, heavy-2). Each gives up early so that impact keeps most of a
// CPU-time budget (docs/results/code-measurements.md, portfolio-default).
constexpr EngineOption kPortfolioOptions[] = {
    {"portfolio", OptionKind::Choice,
     "impact:itp-bool=mcmillan-prime,itp-lra=dual-farkas@5;value:value-precision=all@10;vinta-box@5;impact",
     "members, separated by ';': ENGINE[:OPTION=VALUE,...][@SECONDS] (engines and options of --list-engines; "
     "@SECONDS: the member's own CPU-time limit)",
     check_members},
    // Measured on the recursive dev tasks (docs/results/whale-2026-11-26): impact proves none of
    // them safe (its inlining stops at --recursion-depth), whale proves many.
    {"portfolio-recursive", OptionKind::Choice, "whale;lazy-inter",
     "members added when the program is recursive (calls inlined to --recursion-depth), in the syntax of "
     "--portfolio; empty: none",
     check_members_or_none},
    {"portfolio-jobs", OptionKind::Unsigned, "0",
     "members running at once (0 = the number of cores); more members share the cores in time slices"},
};

// The address-space limit of one member of n (0: none), in bytes; see the file comment.
rlim_t member_memory_limit(std::size_t n) {
    rlimit rl{};
    if (getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY || n <= 1) return 0;
    unsigned long long pages = 0;  // the first field of statm: the address space in pages
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%llu", &pages) != 1) pages = 0;
        std::fclose(f);
    }
    const rlim_t now = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
    if (now >= rl.rlim_cur) return rl.rlim_cur;  // nothing left to share: the limit stands
    return now + (rl.rlim_cur - now) / n;
}

// What a member's process sends: "ok\n" + encoded verdict, or "checkfail\n" + the message.
void run_member(const Member& m, const EngineSettings& common, const Program& program, const Procedures* procedures,
                const base::Budget& budget, Progress* progress, rlim_t memory_limit, int fd) {
    std::string message;
    {
        // At the memory limit the member ends from the failed allocation (base/out_of_memory.hpp)
        // and sends this, made while there is memory.
        Verdict out_of_memory;
        out_of_memory.reason = "memory limit";
        base::on_out_of_memory(fd, "ok\n" + encode_verdict(program, out_of_memory), nullptr, 0);
    }
    if (memory_limit > 0) {
        rlimit rl{};
        getrlimit(RLIMIT_AS, &rl);
        rl.rlim_cur = std::min(rl.rlim_cur, memory_limit);
        setrlimit(RLIMIT_AS, &rl);
    }
    if (m.seconds > 0) {  // the child's CPU time starts at 0 at the fork
        rlimit rl{};
        getrlimit(RLIMIT_CPU, &rl);
        const auto limit = static_cast<rlim_t>(std::ceil(m.seconds));
        if (rl.rlim_cur == RLIM_INFINITY || limit < rl.rlim_cur) {
            rl.rlim_cur = limit;
            // SIGXCPU at the limit is a timeout the member reports (base/interrupt.hpp); SIGKILL
            // 5 s later, should it not stop.
            if (rl.rlim_max == RLIM_INFINITY || limit + 5 < rl.rlim_max) rl.rlim_max = limit + 5;
            base::install_cpu_limit_handler();
        }
        setrlimit(RLIMIT_CPU, &rl);
    }
    try {
        const EngineSettings s = m.info->settings(common, m.options);
        const MadeEngine made = m.info->create(s);
        std::optional<Progress> own;
        if (progress) {
            own.emplace(std::cerr, m.text);
            made.engine->set_progress(&*own);
        }
        const Verdict v = made.run(program, procedures, budget);
        std::string arg;
        if (s.keep_arg) {
            std::ostringstream dot;
            if (made.engine->write_arg(dot)) arg = dot.str();
        }
        message = "ok\n" + encode_verdict(program, v, arg, m.info->procedural() ? procedures : nullptr);
    } catch (const smt::CheckFailure& e) {
        message = std::string("checkfail\n") + e.what();
    } catch (const std::bad_alloc&) {
        Verdict v;
        v.reason = "memory limit";
        message = "ok\n" + encode_verdict(program, v);
    } catch (const std::exception& e) {
        Verdict v;
        v.reason = std::string("internal error: ") + e.what();
        message = "ok\n" + encode_verdict(program, v);
    }
    for (std::size_t done = 0; done < message.size();) {
        const ssize_t w = write(fd, message.data() + done, message.size() - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) break;
        done += static_cast<std::size_t>(w);
    }
}

// Seconds past the deadline that members get to send what they found before they are killed;
// with the watchdog's base::kStopAfter after it, the run ends within a second of its limit.
constexpr double kMemberGrace = 0.3;

// How a member's process ended: its wait status and the CPU seconds it used.
struct Ending {
    int status = 0;
    double cpu = 0;
};

// A member's process as the parent sees it.
struct Child {
    pid_t pid = -1;
    int fd = -1;  // the read end of its pipe (non-blocking)
    std::string text;
    bool stopped = false;
    bool done = false;
    std::optional<Ending> ended;  // reaped already, before it reached its first stop
};

// wait4 with `options` (WNOHANG: nothing while it runs).
std::optional<Ending> wait_for(pid_t pid, int options) {
    Ending e;
    rusage ru{};
    pid_t got;
    while ((got = wait4(pid, &e.status, options, &ru)) < 0 && errno == EINTR) {}
    if (got <= 0) return std::nullopt;
    e.cpu = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
            static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
    return e;
}

// Waits for a member that closed its pipe, so is ending: continued first, should a time slice
// have stopped it between its last write and its exit, and killed if it has not ended within a
// second, so that the parent never waits without a bound.
Ending reap(const Child& c) {
    if (c.ended) return *c.ended;
    kill(c.pid, SIGCONT);
    for (int waited = 0; waited < 200; ++waited) {
        if (const std::optional<Ending> e = wait_for(c.pid, WNOHANG)) return *e;
        usleep(5000);
    }
    kill(c.pid, SIGKILL);
    return wait_for(c.pid, 0).value_or(Ending{});
}

// The members' processes of one portfolio run. Whatever way the run leaves (a verdict, a failed
// self-check, std::bad_alloc), every member still running is killed and reaped: none outlives the
// run. (Should the parent itself end first, at the watchdog, its members die with it:
// PR_SET_PDEATHSIG in detach_member.)
class Children {
public:
    explicit Children(std::size_t n) : all_(n) {}
    Children(const Children&) = delete;
    Children& operator=(const Children&) = delete;
    ~Children() { stop_all(); }

    Child& operator[](std::size_t i) { return all_[i]; }
    std::vector<Child>::iterator begin() { return all_.begin(); }
    std::vector<Child>::iterator end() { return all_.end(); }

    void stop_all() {
        for (Child& c : all_)
            if (!c.done && c.pid > 0) {
                if (c.fd >= 0) close(c.fd);
                if (!c.ended) {
                    kill(c.pid, SIGKILL);  // ends a stopped process too
                    wait_for(c.pid, 0);
                }
                c.done = true;
            }
    }

private:
    std::vector<Child> all_;
};

// In a member's process, first: it dies with the parent (the watchdog's _exit does not unwind
// to kill it), and its standard output is not the run's (it sends its verdict through its pipe),
// so that a member can neither outlive the run nor keep the run's output open. Then it stops
// itself and waits for the parent's SIGCONT (start_member): were the parent to stop it before
// the prctl, and die while it is stopped, it would stay stopped for ever with no death signal
// (its process group is not orphaned by the parent's exit, so the kernel sends no SIGCONT).
void detach_member(pid_t parent) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(0);  // the parent ended before the line above
    if (const int null = open("/dev/null", O_WRONLY); null >= 0) {
        dup2(null, STDOUT_FILENO);
        close(null);
    }
    raise(SIGSTOP);
}

// In the parent, after the fork: waits until the member has stopped itself at the end of
// detach_member (so it dies with the parent from now on), then lets it run unless `wait` (it
// waits for its first time slice). A member that ended instead is reaped here.
void start_member(Child& c, bool wait) {
    for (;;) {
        int status = 0;
        rusage ru{};
        const pid_t got = wait4(c.pid, &status, WUNTRACED, &ru);
        if (got < 0 && errno == EINTR) continue;
        if (got == c.pid && WIFSTOPPED(status)) break;
        Ending e;  // it ended (or cannot be waited for): nothing to continue
        e.status = status;
        e.cpu = static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
        c.ended = e;
        return;
    }
    if (wait) c.stopped = true;
    else kill(c.pid, SIGCONT);
}

class Portfolio final : public Engine {
public:
    explicit Portfolio(const EngineSettings& s) : s_(s) {
        const EngineRegistry& registry = s.registry ? *s.registry : builtin_engines();
        const std::string why = parse_members(s.get("portfolio"), registry, &members_);
        if (!why.empty()) throw std::invalid_argument("--portfolio: " + why);
        if (const std::string& rec = s.get("portfolio-recursive"); !rec.empty()) {
            const std::string rwhy = parse_members(rec, registry, &recursive_);
            if (!rwhy.empty()) throw std::invalid_argument("--portfolio-recursive: " + rwhy);
        }
        jobs_ = s.number("portfolio-jobs");
        if (jobs_ == 0) jobs_ = std::max(1u, std::thread::hardware_concurrency());
    }

    Verdict solve(const Program& program, const base::Budget& budget) override;

    bool write_arg(std::ostream& out) const override {
        if (arg_.empty()) return false;
        out << arg_;
        return true;
    }

private:
    EngineSettings s_;
    std::vector<Member> members_;
    std::vector<Member> recursive_;  // added for recursive programs
    unsigned jobs_ = 1;
    std::string arg_;
};

Verdict Portfolio::solve(const Program& program, const base::Budget& budget) {
    // A recursive program (its calls inlined to a bound, so impact cannot prove it safe) gets
    // the interprocedural members too, when run_verify built the procedural model.
    std::vector<Member> members = members_;
    if (program.plain().truncated != kNoLoc && procedures())
        for (Member& m : recursive_) members.push_back(m);
    const std::size_t n = members.size();
    Children children(n);
    std::cout.flush();
    std::cerr.flush();
    const rlim_t memory_limit = member_memory_limit(n);
    const pid_t parent = getpid();
    for (std::size_t i = 0; i < n; ++i) {
        int fds[2];
        if (pipe(fds) != 0) {
            if (errno == ENOMEM) throw std::bad_alloc();
            throw std::runtime_error(std::string("portfolio: pipe failed: ") + std::strerror(errno));
        }
        const pid_t pid = fork();
        if (pid < 0) {
            const int why = errno;
            close(fds[0]);
            close(fds[1]);
            if (why == ENOMEM) throw std::bad_alloc();  // the address-space limit (--memory)
            throw std::runtime_error(std::string("portfolio: fork failed: ") + std::strerror(why));
        }
        if (pid == 0) {
            detach_member(parent);
            close(fds[0]);
            for (std::size_t j = 0; j < i; ++j) close(children[j].fd);
            run_member(members[i], s_, program, procedures(), budget, progress_sink(), memory_limit, fds[1]);
            close(fds[1]);
            _exit(0);
        }
        close(fds[1]);
        fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);  // reads never wait
        children[i].pid = pid;
        children[i].fd = fds[0];
        start_member(children[i], i >= jobs_);  // from jobs_ on, it waits for its first time slice
    }
    std::vector<std::string> outcomes(n);  // per member: its verdict or why it has none
    std::optional<std::size_t> winner;
    std::optional<Verdict> won;
    std::optional<std::size_t> refuted_member;  // the first member whose FALSE the gate refuted
    std::optional<Verdict> refuted;
    std::size_t finished = 0, next_slice = jobs_ % std::max<std::size_t>(n, 1);
    auto slice_start = base::Budget::Clock::now();
    bool signalled = false;
    // Reads a finished member's result; returns its verdict once the gate confirmed it.
    auto collect = [&](std::size_t i) -> std::optional<Verdict> {
        Child& c = children[i];
        close(c.fd);
        const Ending ending = reap(c);
        const int status = ending.status;
        c.done = true;
        ++finished;
        if (c.text.rfind("checkfail\n", 0) == 0) {
            children.stop_all();
            throw smt::CheckFailure("portfolio member " + members[i].text + ": " + c.text.substr(10));
        }
        std::string arg;
        const bool sent = c.text.rfind("ok\n", 0) == 0;
        std::optional<Verdict> v = sent ? decode_verdict(program, c.text.substr(3), &arg, procedures()) : std::nullopt;
        // The kernel ends a member at its CPU-time limit with SIGXCPU (no handler) or, when it
        // did not stop within 5 s of the signal, with SIGKILL at the hard limit: a timeout.
        const bool cpu_limit = !sent && members[i].seconds > 0 && WIFSIGNALED(status) &&
                               (WTERMSIG(status) == SIGXCPU ||
                                (WTERMSIG(status) == SIGKILL && ending.cpu >= members[i].seconds));
        if (cpu_limit) {
            outcomes[i] = members[i].text + ": UNKNOWN (timeout: its CPU-time limit)";
            return std::nullopt;
        }
        if (!v) {
            outcomes[i] = members[i].text + ": no result (" +
                          (sent ? std::string("a result the portfolio could not decode")
                           : WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                                 : "exit " + std::to_string(WEXITSTATUS(status))) +
                          ")";
            return std::nullopt;
        }
        outcomes[i] = members[i].text + ": " + verdict_name(v->kind) +
                      (v->kind == VerdictKind::Unknown ? " (" + v->reason + ")" : "");
        if (v->kind == VerdictKind::Unknown) return std::nullopt;
        if (s_.certified && !s_.certified(*v)) {
            outcomes[i] += " not confirmed by the certification gate";
            if (v->kind == VerdictKind::False && !refuted) {
                refuted_member = i;
                refuted = std::move(v);
            }
            return std::nullopt;
        }
        // The winner's ARG only: a member confirmed after it (checked for agreement) must not
        // replace it (--dump-arg wrote a later member's graph beside the winner's verdict).
        if (s_.keep_arg && !winner) arg_ = std::move(arg);
        return v;
    };
    // A confirmed verdict of member i besides the winner's must be the same verdict.
    auto check_agrees = [&](std::size_t i, const Verdict& other) {
        if (other.kind == won->kind) return;
        children.stop_all();
        throw smt::CheckFailure("portfolio: " + members[*winner].text + " says " + verdict_name(won->kind) + ", " +
                                members[i].text + " says " + verdict_name(other.kind) +
                                "; both passed the certification gate");
    };
    while (finished < n && !winner) {
        if (base::interrupted() && !signalled) {  // children unwind on their own handler
            for (Child& c : children)
                if (!c.done) {
                    kill(c.pid, SIGTERM);
                    kill(c.pid, SIGCONT);
                }
            signalled = true;
        }
        // Past the deadline every member stops by itself; kMemberGrace more and it is killed.
        if (budget.deadline() &&
            base::Budget::Clock::now() >
                *budget.deadline() + std::chrono::duration_cast<base::Budget::Clock::duration>(
                                         std::chrono::duration<double>(kMemberGrace)))
            break;
        std::vector<pollfd> fds;
        std::vector<std::size_t> who;
        for (std::size_t i = 0; i < n; ++i)
            if (!children[i].done) {
                fds.push_back(pollfd{children[i].fd, POLLIN, 0});
                who.push_back(i);
            }
        const int r = poll(fds.data(), fds.size(), 100);
        if (r < 0 && errno != EINTR) throw std::runtime_error("portfolio: poll failed");
        for (std::size_t k = 0; r > 0 && k < fds.size(); ++k) {
            if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            Child& c = children[who[k]];
            char buf[65536];
            const ssize_t got = read(c.fd, buf, sizeof buf);
            if (got > 0) {
                c.text.append(buf, static_cast<std::size_t>(got));
                continue;
            }
            if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (std::optional<Verdict> v = collect(who[k]); v && !winner) {
                winner = who[k];
                won = std::move(v);
            } else if (v) {  // a second confirmed verdict in the same round: it must agree
                check_agrees(who[k], *v);
            }
        }
        // Time slices: when members wait, the longest-running ones make room every second.
        const std::size_t live =
            std::count_if(children.begin(), children.end(), [](const Child& c) { return !c.done; });
        std::size_t running =
            std::count_if(children.begin(), children.end(), [](const Child& c) { return !c.done && !c.stopped; });
        const bool rotate = base::Budget::Clock::now() - slice_start > std::chrono::seconds(1);
        if (live > running && (running < jobs_ || rotate)) {
            if (rotate)
                for (Child& c : children)
                    if (!c.done && !c.stopped) {
                        kill(c.pid, SIGSTOP);
                        c.stopped = true;
                    }
            running =
                std::count_if(children.begin(), children.end(), [](const Child& c) { return !c.done && !c.stopped; });
            for (std::size_t step = 0; step < n && running < jobs_; ++step) {
                Child& c = children[next_slice];
                next_slice = (next_slice + 1) % n;
                if (c.done || !c.stopped) continue;
                kill(c.pid, SIGCONT);
                c.stopped = false;
                ++running;
            }
            slice_start = base::Budget::Clock::now();
        }
    }
    // A contradiction among the verdicts that arrived before the others are stopped.
    if (winner)
        for (std::size_t i = 0; i < n; ++i) {
            Child& c = children[i];
            if (c.done || i == *winner) continue;
            pollfd p{c.fd, POLLIN, 0};
            if (poll(&p, 1, 0) <= 0) continue;
            // Only a member that has already written everything is read (no waiting).
            char buf[65536];
            ssize_t got;
            while ((got = read(c.fd, buf, sizeof buf)) > 0) c.text.append(buf, static_cast<std::size_t>(got));
            if (got != 0) continue;
            if (const std::optional<Verdict> other = collect(i)) check_agrees(i, *other);
        }
    children.stop_all();
    Verdict v;
    if (won) {
        v = std::move(*won);
        v.reason += " (portfolio member " + members[*winner].text + ")";
        v.stats.text("portfolio.winner", members[*winner].text);
    } else if (refuted) {
        // No member decided, and a counterexample was refuted: the portfolio's claim is that
        // path, as a single engine's would be (its refutation is the run's answer, and
        // --precision refine reads the path to make operators exact).
        v = std::move(*refuted);
        v.reason += " (portfolio member " + members[*refuted_member].text + "; no member decided)";
    } else {
        v.reason = budget.exhausted() ? std::string(budget.why()) + " in every member" : "no member decided";
        std::string list;
        for (const std::string& o : outcomes)
            if (!o.empty()) list += (list.empty() ? "" : "; ") + o;
        if (!list.empty()) v.reason += ": " + list;
    }
    v.stats.count("portfolio.members", n);
    v.stats.count("portfolio.jobs", jobs_);
    v.stats.count("portfolio.finished", finished);
    if (memory_limit > 0) v.stats.count("portfolio.member-memory-mb", memory_limit >> 20);
    return v;
}

}  // namespace

const EngineInfo& portfolio_engine() {
    static const EngineInfo info{
        "portfolio",
        "runs several engines in parallel processes; the first verdict the certification gate confirms wins",
        kPortfolioOptions,
        [](const EngineSettings& s) -> std::unique_ptr<Engine> { return std::make_unique<Portfolio>(s); },
        nullptr,
        {.combines = true, .member = false}};
    return info;
}

}  // namespace craig::verifier
