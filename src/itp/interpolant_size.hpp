#pragma once
// Size of a formula as the interpolation studies report it: distinct subterms of the DAG,
// distinct theory atoms, distinct uninterpreted symbols.
#include <cstdint>

#include "smt/terms/term.hpp"

namespace craig::itp {

struct TermSize {
    uint64_t dag_nodes = 0;  // distinct subterms (every kind, numerals included)
    uint64_t atoms = 0;      // distinct atoms: comparisons, equalities, Boolean constants and applications
    uint64_t symbols = 0;    // distinct uninterpreted symbols (declared constants and functions)
};

TermSize term_size(const smt::TermManager& tm, smt::Term t);

}  // namespace craig::itp
