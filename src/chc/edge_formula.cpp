#include "chc/edge_formula.hpp"

#include "smtlib/syntax/errors.hpp"

namespace craig::chc {

namespace {

// Why t is outside the decided arithmetic, or nullptr.
const char* nonlinear(const smt::TermManager& tm, smt::Term t, std::unordered_set<smt::Term, smt::TermHash>& seen) {
    if (!seen.insert(t).second) return nullptr;
    switch (tm.kind(t)) {
        case smt::Kind::Mul: return "a product of variables";
        case smt::Kind::RealDiv: return "a division by a variable";
        case smt::Kind::IntDiv:
        case smt::Kind::Mod:
            if (tm.kind(tm.child(t, 1)) != smt::Kind::Numeral) return "div or mod by a variable";
            break;
        default: break;
    }
    for (smt::Term c : tm.children(t))
        if (const char* why = nonlinear(tm, c, seen)) return why;
    return nullptr;
}

}  // namespace

void bind_argument(smt::TermManager& tm, const std::unordered_set<smt::Term, smt::TermHash>& clause_vars, smt::Term arg,
                   smt::Term target, EdgeFormula& f) {
    if (clause_vars.count(arg) && !f.subst.count(arg)) {
        f.subst[arg] = target;
        return;
    }
    f.conj.push_back(tm.mk_eq(target, arg));  // substituted by the caller
}

void check_arithmetic(const smt::TermManager& tm, const Clause& c) {
    std::unordered_set<smt::Term, smt::TermHash> seen;
    std::vector<smt::Term> parts{c.constraint};
    for (const PredApp& b : c.body) parts.insert(parts.end(), b.args.begin(), b.args.end());
    if (c.head) parts.insert(parts.end(), c.head->args.begin(), c.head->args.end());
    for (smt::Term t : parts)
        if (const char* why = nonlinear(tm, t, seen))
            throw smtlib::Unsupported(c.loc, std::string("non-linear arithmetic (") + why + ")");
}

std::string argument_name(smt::Sort s, std::size_t k) {
    const char* word = s == smt::SortTable::Int ? "int" : s == smt::SortTable::Real ? "real" : "bool";
    return word + std::to_string(k);
}

}  // namespace craig::chc
