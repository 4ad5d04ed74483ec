#pragma once
// Independent check of an EUF conflict: a naive congruence closure (union-find plus signature
// rounds until a fixpoint, no proof forest, no backtracking) over just the facts of the
// conflict must derive a contradiction: a violated disequality, or true = false. It shares no
// code with smt/euf, so a wrong explanation from the real closure is caught.
#include <span>
#include <string>

#include "smt/terms/term.hpp"

namespace craig::smt {

struct EufFact {
    Term a, b;
    bool equal;  // a = b, else a != b
};

bool check_euf_conflict(const TermManager& tm, std::span<const EufFact> facts, std::string* why);

}  // namespace craig::smt
