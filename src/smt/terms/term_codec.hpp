// Terms as text, to move them between processes that share a TermManager's history (a
// portfolio's children are forks of one parent): encode() writes the DAG below some roots in
// post-order, one node per line; decode() rebuilds it in another manager through the public
// constructors, so the result is the same formula (normal forms are idempotent).
//
// Symbols travel by FuncId and name: decoding succeeds only when the receiving manager has
// the same symbol at that id (a symbol the sender declared after the fork cannot be decoded;
// decode then returns nullopt). Numerals travel as exact rationals.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "smt/terms/term.hpp"

namespace craig::smt {

std::string encode_terms(const TermManager& tm, std::span<const Term> roots);
std::optional<std::vector<Term>> decode_terms(TermManager& tm, const std::string& text);

}  // namespace craig::smt
