#pragma once
// Term-level check of an arithmetic conflict: the Farkas certificate is read against the atoms
// themselves, not against the simplex's bounds, so a fault anywhere between an atom and the
// simplex (normal form, bound translation, integer tightening, the simplex) is caught.
//
// Each entry is an asserted literal (atom with its value), the side of it the certificate uses
// (an equation p = c gives p <= c and p >= c) and a weight λ > 0. Every literal becomes
// Σ a_j·t_j ⋈ k with ⋈ in {<=, <}; a false Int atom p <= c is read as p >= c + 1 (the
// integer tightening). The certificate is valid iff Σ λ_i·(lhs_i) is the zero polynomial and
// Σ λ_i·k_i < 0, or = 0 with some strict literal.
#include <gmpxx.h>

#include <span>
#include <string>

#include "smt/terms/term.hpp"

namespace craig::smt {

struct LraCertificateEntry {
    Term atom;
    bool value;  // the literal is atom (true) or its negation (false)
    bool upper;  // for an equation: which side is used (p <= c, else p >= c)
    mpq_class lambda;
};

bool check_lra_certificate(const TermManager& tm, std::span<const LraCertificateEntry> entries, std::string* why);

}  // namespace craig::smt
