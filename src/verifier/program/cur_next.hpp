// The cur and next constants of a program's variables, in variable order, and the
// renaming of a formula over cur to next: what a one-step query (consecution) needs.
#pragma once

#include <unordered_map>
#include <vector>

#include "verifier/program/program.hpp"

namespace craig::verifier {

struct CurNext {
    std::vector<smt::Term> cur, next;
    std::unordered_map<smt::Term, smt::Term, smt::TermHash> to_next;
};

inline CurNext cur_next(const Program& p) {
    CurNext c;
    for (const ProgramVar& v : p.vars) {
        c.cur.push_back(v.cur);
        c.next.push_back(v.next);
        c.to_next[v.cur] = v.next;
    }
    return c;
}

}  // namespace craig::verifier
