// The files `craig verify` writes about the program itself, before any engine runs:
// --dump-cfg (Graphviz of the plain and the large-block program), --emit-chc (the large-block
// program as linear Horn clauses, never over an input of the job) and --dump-procedures (the
// procedural model as text). A file that cannot be written throws frontend::InputError.
#pragma once

#include <iosfwd>

#include "frontend/ast.hpp"
#include "verifier/program/program.hpp"
#include "verifier/run/job.hpp"
#include "verifier/run/verify.hpp"

namespace craig::verifier {

void write_cfg(const VerifyOptions& o, const Program& plain, const Program& blocks);
// With external functions (`externals`) a warning on `err` says that the clauses over-approximate
// their calls; a program the format cannot express gets a warning and no file.
void emit_chc(const VerifyOptions& o, const Job& job, const Program& blocks, bool externals, std::ostream& err);
// Lowers `tu` once more with calls kept (its own terms).
void write_procedures(const VerifyOptions& o, const frontend::TranslationUnit& tu);

}  // namespace craig::verifier
