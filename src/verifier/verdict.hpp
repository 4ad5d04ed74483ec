// The result of a verification engine: TRUE (the error location is unreachable),
// FALSE (a path reaches it; with the counterexample engines found) or UNKNOWN with a
// reason. Engines produce candidate verdicts; verify.hpp checks them (replay of
// counterexamples, re-checking of proofs) before anything is printed.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "verifier/program/program.hpp"

namespace craig::verifier {

enum class VerdictKind : std::uint8_t { True, False, Unknown };

struct InputValue {
    Input input;             // the plain program's input (type, location, source)
    std::uint64_t bits = 0;  // value in normal form of input.type (two's complement)
    std::string text;        // the mathematical value
};

struct Counterexample {
    std::vector<EdgeId> plain_path;  // edges of the plain program, from entry to error
    std::vector<InputValue> inputs;  // in execution order
};

struct Verdict {
    VerdictKind kind = VerdictKind::Unknown;
    std::string reason;  // Unknown: why; True: how it was proved
    Counterexample cex;  // False
    // True, from engines with certificates (impact): per location of the large-block
    // program, an inductive invariant over the cur constants, checked by invariant_check.hpp.
    std::vector<smt::Term> invariants;
    std::vector<std::pair<std::string, std::string>> stats;
};

const char* verdict_name(VerdictKind k);  // "TRUE", "FALSE", "UNKNOWN"

}  // namespace craig::verifier
