// Graphviz rendering of a Program (`craig verify --dump-cfg FILE.dot`): one node per
// location (entry, error, exit and loop heads marked), one edge per transition with
// its label, or with its formula when `formulas` is set.
#pragma once

#include <iosfwd>
#include <string>

#include "verifier/program/program.hpp"

namespace craig::verifier {

// A Graphviz string literal's contents: quotes and backslashes escaped, newlines as "\l"
// (left-aligned lines).
std::string dot_escape(const std::string& s);
// A label for a Graphviz node: at most `width` characters (longer text ends in "..."), escaped.
std::string dot_text(std::string t, std::size_t width = 60);

void write_dot(std::ostream& out, const Program& p, const std::string& title, bool formulas);

// Both encodings of one program in one graph: the plain CFG and its large-block
// encoding as two clusters (edge labels: statements and block summaries).
void write_dot_pair(std::ostream& out, const Program& plain, const Program& blocks, const std::string& title);

}  // namespace craig::verifier
