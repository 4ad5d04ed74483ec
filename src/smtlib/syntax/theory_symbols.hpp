#pragma once
// Symbols of the theories: those craig implements (their sort rules are
// TermBuilder::apply_theory, in theory_symbols.cpp) and those of theories it does not implement,
// whose use is `unsupported` rather than an unknown symbol.
#include <cstddef>
#include <string>

namespace craig::smtlib {

// Why an undeclared function symbol belongs to an unsupported theory (bvadd, select, str.len,
// fp.add...), or nullptr.
const char* unsupported_function_reason(const std::string& name);
// The same for sort symbols (Array, BitVec, String, FloatingPoint...).
const char* unsupported_sort_reason(const std::string& name);
// "1 argument", "2 arguments"
std::string plural(size_t n, const char* what);

}  // namespace craig::smtlib
