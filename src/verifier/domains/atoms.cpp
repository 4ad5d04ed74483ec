#include "verifier/domains/atoms.hpp"

#include <unordered_set>

namespace craig::verifier {

void collect_atoms(const smt::TermManager& tm, smt::Term f, std::vector<smt::Term>& out) {
    std::vector<smt::Term> stack{f};
    std::unordered_set<smt::Term, smt::TermHash> seen;
    while (!stack.empty()) {
        const smt::Term t = stack.back();
        stack.pop_back();
        if (!seen.insert(t).second) continue;
        switch (tm.kind(t)) {
            case smt::Kind::And:
            case smt::Kind::Or:
            case smt::Kind::Not:
            case smt::Kind::Implies:
                for (smt::Term c : tm.children(t)) stack.push_back(c);
                break;
            case smt::Kind::True:
            case smt::Kind::False: break;
            default: out.push_back(t);
        }
    }
}

}  // namespace craig::verifier
