#include "itp/interpolant_size.hpp"

#include <unordered_set>
#include <vector>

namespace craig::itp {

using smt::Kind;
using smt::Term;

TermSize term_size(const smt::TermManager& tm, Term root) {
    TermSize s;
    std::unordered_set<uint32_t> seen, symbols;
    std::vector<Term> stack{root};
    while (!stack.empty()) {
        Term t = stack.back();
        stack.pop_back();
        if (!seen.insert(t.id).second) continue;
        ++s.dag_nodes;
        Kind k = tm.kind(t);
        if (k == Kind::Const || k == Kind::App) symbols.insert(tm.func_of(t));
        bool connective = k == Kind::Not || k == Kind::And || k == Kind::Or || k == Kind::Xor || k == Kind::Implies ||
                          k == Kind::True || k == Kind::False || (k == Kind::Ite && tm.is_bool(t)) ||
                          (k == Kind::Eq && tm.is_bool(tm.child(t, 0)));
        if (tm.is_bool(t) && !connective) ++s.atoms;
        for (Term c : tm.children(t)) stack.push_back(c);
    }
    s.symbols = symbols.size();
    return s;
}

}  // namespace craig::itp
