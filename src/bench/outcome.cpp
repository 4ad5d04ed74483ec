#include "bench/outcome.hpp"

#include <signal.h>

#include <optional>
#include <sstream>
#include <utility>

namespace craig::bench {

namespace {

std::string exit_meaning(int code) {
    switch (code) {
        case 1: return "internal error";
        case 2: return "usage";
        case 3: return "input error";
        case 4: return "unsupported";
        case 6: return "i/o error";
        case 10: return "self-check failed";
        case 127: return "not started";
    }
    return "exit code";
}

}  // namespace

std::string answer_in_output(Tool tool, const std::string& out) {
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (tool == Tool::Verify) {
            const std::string prefix = "Verification result: ";
            if (line.rfind(prefix, 0) != 0) continue;
            const std::string word = line.substr(prefix.size(), line.find(' ', prefix.size()) - prefix.size());
            if (word == "TRUE") return "true";
            if (word == "FALSE") return "false(unreach-call)";
            return "unknown";
        }
        if (line == "sat" || line == "unsat" || line == "unknown") return line;
    }
    return "";
}

namespace {

Outcome outcome(std::string status, const std::string& expected, std::string termination = "") {
    Outcome o;
    o.status = std::move(status);
    o.termination = std::move(termination);
    o.category = category_of(expected, o.status);
    return o;
}

// The outcome when a limit ended the run or it used more CPU time than the limit (BenchExec:
// TIMEOUT or OUT OF MEMORY whatever it printed), else nullopt.
std::optional<Outcome> limit_outcome(const Measurement& m, const std::string& expected, double timeout) {
    switch (m.killed) {
        case Termination::FailedToStart: return outcome("ERROR (not started)", expected, "failed");
        case Termination::Interrupted: return outcome("ERROR (interrupted)", expected, "killed");
        case Termination::CpuTime: return outcome("TIMEOUT", expected, "cputime");
        case Termination::WallTime: return outcome("TIMEOUT", expected, "walltime");
        case Termination::Memory: return outcome("OUT OF MEMORY", expected, "memory");
        case Termination::None: break;
    }
    const bool over_time = timeout > 0 && m.cpu_seconds > timeout;
    if (m.signal == SIGXCPU || (m.signal == SIGKILL && over_time)) return outcome("TIMEOUT", expected, "cputime");
    if (over_time) return outcome("TIMEOUT", expected);
    return std::nullopt;
}

}  // namespace

Outcome classify_run(Tool tool, const Measurement& m, const std::string& out, const std::string& err,
                     const std::string& expected, double timeout) {
    if (std::optional<Outcome> o = limit_outcome(m, expected, timeout)) return *o;
    auto done = [&](std::string status) { return outcome(std::move(status), expected); };
    if (m.signal != 0) return done("ERROR (signal " + std::to_string(m.signal) + ")");
    if (m.exit_code == 5) {
        if (out.find("memory limit") != std::string::npos || err.find("memory limit") != std::string::npos)
            return done("OUT OF MEMORY");
        if (out.find("interrupted") != std::string::npos) return done("ERROR (interrupted)");
        return done("TIMEOUT");
    }
    const std::string answer = answer_in_output(tool, out);
    if (m.exit_code == 0 && !answer.empty()) return done(answer);
    if (m.exit_code == 4 && answer == "unknown") return done(answer);
    if (m.exit_code == 0) return done("ERROR (no answer)");
    return done("ERROR (" + exit_meaning(m.exit_code) + " " + std::to_string(m.exit_code) + ")");
}

Outcome classify_external_run(const Measurement& m, const std::string& out, const std::string& err,
                              const std::string& expected, double timeout) {
    if (std::optional<Outcome> o = limit_outcome(m, expected, timeout)) return *o;
    auto done = [&](std::string status) { return outcome(std::move(status), expected); };
    const bool reached = timeout > 0 && (m.cpu_seconds >= timeout || m.wall_seconds >= timeout);
    const std::string own_limit = reached ? "TIMEOUT" : "unknown";
    if (m.signal == SIGABRT && err.find("interrupted by timeout") != std::string::npos) return done(own_limit);
    if (m.signal != 0) return done("ERROR (signal " + std::to_string(m.signal) + ")");
    if (m.exit_code != 0) return done("ERROR (exit code " + std::to_string(m.exit_code) + ")");
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line == "sat" || line == "unsat" || line == "unknown") return done(line);
        if (line == "timeout") return done(own_limit);
    }
    return done("ERROR (no answer)");
}

}  // namespace craig::bench
