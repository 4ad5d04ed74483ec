// Atoms of a formula: its subterms below the Boolean connectives (and, or, not, =>), with a
// negation's argument instead of the negation. The predicates of predicate abstraction that
// engines take from interpolants (cpufo/bpufo, value-impact).
#pragma once

#include <vector>

#include "smt/terms/term.hpp"

namespace craig::verifier {

void collect_atoms(const smt::TermManager& tm, smt::Term f, std::vector<smt::Term>& out);

}  // namespace craig::verifier
