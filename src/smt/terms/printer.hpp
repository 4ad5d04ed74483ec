#pragma once
// SMT-LIB 2.6 printing of sorts, symbols, numerals and terms.
// Printed terms re-parse (in craig, z3 and cvc5) to the same term. With `use_lets`, subterms
// shared in the DAG are bound once by `let` (names start with '.', which SMT-LIB reserves for
// solvers, so they cannot capture user symbols); without it the term is printed as a tree.
#include <iosfwd>
#include <string>

#include "smt/terms/term.hpp"

namespace craig::smt {

std::string quote_symbol(const std::string& name);
std::string numeral_to_string(const mpq_class& v, Sort s);
std::string bv_to_string(const mpz_class& v, uint32_t width);  // #b literal of `width` digits
void print_term(std::ostream& out, const TermManager& tm, Term t, bool use_lets = true);
std::string term_to_string(const TermManager& tm, Term t, bool use_lets = true);

}  // namespace craig::smt
