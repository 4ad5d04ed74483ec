#include "bench/outcome.hpp"

#include <signal.h>

#include <sstream>

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

Outcome classify_run(Tool tool, const Measurement& m, const std::string& out, const std::string& err,
                     const std::string& expected, double timeout) {
    Outcome o;
    auto done = [&](std::string status, std::string termination = "") {
        o.status = std::move(status);
        o.termination = std::move(termination);
        o.category = category_of(expected, o.status);
        return o;
    };
    switch (m.killed) {
        case Termination::FailedToStart: return done("ERROR (not started)", "failed");
        case Termination::Interrupted: return done("ERROR (interrupted)", "killed");
        case Termination::CpuTime: return done("TIMEOUT", "cputime");
        case Termination::WallTime: return done("TIMEOUT", "walltime");
        case Termination::Memory: return done("OUT OF MEMORY", "memory");
        case Termination::None: break;
    }
    const bool over_time = timeout > 0 && m.cpu_seconds > timeout;
    if (m.signal == SIGXCPU || (m.signal == SIGKILL && over_time)) return done("TIMEOUT", "cputime");
    if (over_time) return done("TIMEOUT");
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

}  // namespace craig::bench
