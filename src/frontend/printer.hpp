// C-like pretty printer of the typed AST, for tests and debugging.
// Output is deterministic; every implicit conversion is visible as a cast,
// every binary, assignment, conditional and comma expression is fully
// parenthesised (except at the top of a statement), so tests can check
// precedence and typing from the text.
#pragma once

#include <string>

#include "frontend/ast.hpp"

namespace craig::frontend {

std::string print(const Expr& e);
std::string print(const Stmt& s, int indent = 0);
std::string print(const FunctionDecl& f);
std::string print(const TranslationUnit& tu);

}  // namespace craig::frontend
