// The witness file of a verdict (--witness, --witness-format) and the line that says what it
// holds: for FALSE the violation witness of the replayed path (GraphML, or YAML 2.0 for a
// .yml/.yaml name), for TRUE the correctness witness with the loop invariants and, for an
// interprocedural verdict, the contracts as location invariants. Never over an input of the job;
// a file that cannot be written throws frontend::InputError.
#pragma once

#include <iosfwd>

#include "frontend/ast.hpp"
#include "frontend/replay.hpp"
#include "verifier/program/procedures.hpp"
#include "verifier/run/job.hpp"
#include "verifier/verdict.hpp"
#include "verifier/witness/readable_invariants.hpp"

namespace craig::verifier {

void write_violation(std::ostream& out, const VerifyOptions& o, const Job& job, const frontend::ReplayResult& replay);
void write_correctness(std::ostream& out, const VerifyOptions& o, const Job& job, const frontend::TranslationUnit& tu,
                       const Program& plain, const Program& blocks, const Verdict& v, const Procedures* procs,
                       const ReadableInvariants& readable);

}  // namespace craig::verifier
