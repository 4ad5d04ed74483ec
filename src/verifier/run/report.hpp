// What `craig verify` prints about its verdict: the verdict line, the JSON line, the replayed
// counterexample, and the reasons of a run that stopped at a limit.
//
//   Report r; r.kind = VerdictKind::Unknown; r.reason = stop_reason("timeout after 5 s", why);
//   print_verdict_line(out, r);                 // "Verification result: UNKNOWN (timeout ...)"
//   print_json(out, o.engine, r, seconds, nullptr, &stats);
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "base/statistics.hpp"
#include "frontend/replay.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

// The printed result of a run: what the last two lines of output say.
struct Report {
    VerdictKind kind = VerdictKind::Unknown;
    std::string reason;
    std::string unsupported;  // "FILE:LINE:COL: construct" when the input is outside the subset
    // FALSE: the functions without a definition (neither the program's nor docs/libc.md's)
    // whose arbitrary results or effects the replayed path relies on; said on the verdict line.
    std::vector<std::string> assumed_externals;
    std::vector<std::string> externals;  // every reachable function without a definition (--json)
    // FALSE: the replayed path converted between pointers and integers, so it holds for the
    // replay's placement of objects in memory (one that C allows); said on the verdict line.
    bool assumed_layout = false;
};

// The note on the verdict line (and in the reason) of a FALSE whose replay used the addresses
// of objects.
extern const char* const kLayoutNote;

// "Verification result: KIND", the reason of UNKNOWN and the assumptions of FALSE.
void print_verdict_line(std::ostream& out, const Report& r);
// "Expected verdict: true (matches)" / "(does NOT match)" / "(UNKNOWN does not decide)": the task
// file's expected verdict against the verdict printed; nothing when the task states none.
void print_expected_verdict(std::ostream& out, VerdictKind kind, std::optional<bool> expected);
// The functions without a definition whose results the replayed path read.
std::vector<std::string> externals_on_path(const frontend::ReplayResult& replay);
// The one-line JSON object (verify.hpp); `result` overrides the verdict's name ("ERROR").
void print_json(std::ostream& out, const std::string& engine, const Report& r, double seconds,
                const char* result = nullptr, const base::Statistics* stats = nullptr);
// The inputs (and values read before written) and the replayed path, one step per line.
void print_counterexample(std::ostream& out, const Counterexample& cex, const frontend::ReplayResult& replay);
// "5 s", "0.5 s".
std::string format_seconds(double s);
// "timeout after 5 s at bound 335": the limit once, then where the engine was.
std::string stop_reason(const std::string& what, const std::string& engine_reason);

}  // namespace craig::verifier
