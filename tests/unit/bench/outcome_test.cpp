#include <doctest/doctest.h>

#include <signal.h>

#include "bench/outcome.hpp"

using namespace craig::bench;

namespace {

Measurement exited(int code, double cpu = 0.5) {
    Measurement m;
    m.exit_code = code;
    m.cpu_seconds = cpu;
    return m;
}

}  // namespace

TEST_CASE("answers: craig verify's verdict line, chc's and solve's first answer line") {
    CHECK(answer_in_output(Tool::Verify, "Verification result: TRUE\n") == "true");
    CHECK(answer_in_output(Tool::Verify, "x\nVerification result: FALSE (the path assumes ...)\n") ==
          "false(unreach-call)");
    CHECK(answer_in_output(Tool::Verify, "Verification result: UNKNOWN (bound 3)\n") == "unknown");
    CHECK(answer_in_output(Tool::Chc, "unsat\n") == "unsat");
    CHECK(answer_in_output(Tool::Solve, "(error \"x\")\nsat\nunsat\n") == "sat");
    CHECK(answer_in_output(Tool::Solve, "") == "");
}

TEST_CASE("a run ended by a limit is TIMEOUT or OUT OF MEMORY whatever it printed") {
    const std::string yes = "Verification result: TRUE\n";
    Measurement m = exited(0);
    m.killed = Termination::CpuTime;
    Outcome o = classify_run(Tool::Verify, m, yes, "", "true", 10);
    CHECK(o.status == "TIMEOUT");
    CHECK(o.category == Category::Error);
    CHECK(o.termination == "cputime");
    m.killed = Termination::WallTime;
    CHECK(classify_run(Tool::Verify, m, yes, "", "true", 10).termination == "walltime");
    m.killed = Termination::Memory;
    CHECK(classify_run(Tool::Verify, m, yes, "", "true", 10).status == "OUT OF MEMORY");
    // An answer after the CPU-time limit is not counted.
    o = classify_run(Tool::Verify, exited(0, 10.5), yes, "", "true", 10);
    CHECK(o.status == "TIMEOUT");
    CHECK(o.category == Category::Error);
    // SIGXCPU: the kernel's end of RLIMIT_CPU.
    Measurement x;
    x.signal = SIGXCPU;
    CHECK(classify_run(Tool::Verify, x, "", "", "true", 10).status == "TIMEOUT");
}

TEST_CASE("craig's own limit answers: exit 5 is OUT OF MEMORY at its memory limit, TIMEOUT otherwise") {
    CHECK(classify_run(Tool::Verify, exited(5), "Verification result: UNKNOWN (memory limit)\n", "", "true", 10).status ==
          "OUT OF MEMORY");
    CHECK(classify_run(Tool::Chc, exited(5), "unknown\n", "craig: memory limit reached\n", "sat", 10).status ==
          "OUT OF MEMORY");
    CHECK(classify_run(Tool::Verify, exited(5), "Verification result: UNKNOWN (timeout after 10 s)\n", "", "true", 10)
              .status == "TIMEOUT");
}

TEST_CASE("errors: a signal, a bad exit code, no answer; unsupported input is unknown") {
    Measurement s;
    s.signal = SIGSEGV;
    CHECK(classify_run(Tool::Verify, s, "", "", "true", 0).status == "ERROR (signal 11)");
    const Outcome e = classify_run(Tool::Verify, exited(10), "Verification result: TRUE\n", "", "true", 0);
    CHECK(e.status == "ERROR (self-check failed 10)");
    CHECK(e.category == Category::Error);
    CHECK(classify_run(Tool::Verify, exited(0), "nothing\n", "", "true", 0).status == "ERROR (no answer)");
    const Outcome u = classify_run(Tool::Verify, exited(4), "Verification result: UNKNOWN (unsupported: x)\n", "", "true", 0);
    CHECK(u.status == "unknown");
    CHECK(u.category == Category::Unknown);
    const Outcome ok = classify_run(Tool::Verify, exited(0), "Verification result: FALSE\n", "", "false", 10);
    CHECK(ok.status == "false(unreach-call)");
    CHECK(ok.category == Category::Correct);
    Measurement f;
    f.killed = Termination::FailedToStart;
    CHECK(classify_run(Tool::Solve, f, "", "", "sat", 0).category == Category::Error);
}
