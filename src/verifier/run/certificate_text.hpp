// A TRUE verdict's certificate as text for --invariants: the invariant per large-block location
// (as C where readable_invariants.hpp finds a form over the names valid there), the contracts of
// an interprocedural verdict (as C where contract_text.hpp finds one, else SMT-LIB), and the
// callee summaries of --use-summaries (SMT-LIB).
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <vector>

#include "frontend/ast.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/procedures.hpp"
#include "verifier/program/program.hpp"
#include "verifier/witness/readable_invariants.hpp"

namespace craig::verifier {

void print_invariants(std::ostream& out, const Program& blocks, const std::vector<smt::Term>& inv,
                      const ReadableInvariants& readable);
void print_contracts(std::ostream& out, const frontend::TranslationUnit& tu, const Procedures& ps,
                     const std::vector<Contract>& contracts);
void print_summaries(std::ostream& out, const smt::TermManager& tm,
                     const std::map<std::string, FunctionSummary>& summaries);

}  // namespace craig::verifier
