// A Verdict as text, to move it from a portfolio member's process to the parent
// (engines/portfolio.cpp): kind, reason, certificate (invariants and contracts through smt/terms/term_codec),
// counterexample (plain path and input values; the Input records are recovered from the plain
// edges along the path), statistics, and optionally the member's ARG drawing.
// decode_verdict returns nullopt when the text is damaged or names terms the receiver lacks.
#pragma once

#include <optional>
#include <string>

#include "verifier/program/program.hpp"
#include "verifier/verdict.hpp"

namespace craig::verifier {

// `procedures`: the procedural model, when the verdict is an interprocedural engine's (its
// contracts are encoded, and its counterexample is on procedures->plain).
std::string encode_verdict(const Program& program, const Verdict& v, const std::string& arg_dot = {},
                           const Procedures* procedures = nullptr);
// `program` (and `procedures`) as the sender's (the same before the fork); *arg_dot gets the drawing.
std::optional<Verdict> decode_verdict(const Program& program, const std::string& text, std::string* arg_dot = nullptr,
                                      const Procedures* procedures = nullptr);

}  // namespace craig::verifier
