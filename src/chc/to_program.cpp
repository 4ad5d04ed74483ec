#include "chc/to_program.hpp"

#include <map>
#include <unordered_set>

#include "smtlib/syntax/errors.hpp"

namespace craig::chc {

namespace {

using smt::Term;
using verifier::VarId;

const char* sort_word(smt::Sort s) {
    return s == smt::SortTable::Int ? "int" : s == smt::SortTable::Real ? "real" : "bool";
}

// The formula of a clause over the program's cur/next constants.
struct EdgeFormula {
    std::vector<Term> conj;
    std::unordered_map<Term, Term, smt::TermHash> subst;  // clause variable -> cur/next constant
};

// Argument i of `app` becomes the constant `target` (cur or next of its variable).
void bind_argument(smt::TermManager& tm, const std::unordered_set<Term, smt::TermHash>& clause_vars, Term arg,
                   Term target, EdgeFormula& f) {
    if (clause_vars.count(arg) && !f.subst.count(arg)) {
        f.subst[arg] = target;
        return;
    }
    f.conj.push_back(tm.mk_eq(target, arg));  // substituted below
}

// Arithmetic the solver does not decide (a product of variables, division by a variable), or
// nullptr: such a clause is refused rather than left to engines that could only say unknown.
const char* nonlinear(const smt::TermManager& tm, Term t, std::unordered_set<Term, smt::TermHash>& seen) {
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
    for (Term c : tm.children(t))
        if (const char* why = nonlinear(tm, c, seen)) return why;
    return nullptr;
}

void check_fragment(const smt::TermManager& tm, const Clause& c) {
    if (!c.is_linear())
        throw smtlib::Unsupported(c.loc, "nonlinear clause (" + std::to_string(c.body.size()) +
                                             " predicate applications in the body): craig's engines take linear "
                                             "clauses only");
    std::unordered_set<Term, smt::TermHash> seen;
    std::vector<Term> parts{c.constraint};
    for (const PredApp& b : c.body) parts.insert(parts.end(), b.args.begin(), b.args.end());
    if (c.head) parts.insert(parts.end(), c.head->args.begin(), c.head->args.end());
    for (Term t : parts)
        if (const char* why = nonlinear(tm, t, seen))
            throw smtlib::Unsupported(c.loc, std::string("non-linear arithmetic (") + why + ")");
}

}  // namespace

void to_program(const ChcSystem& sys, ChcProgram& out) {
    verifier::Program& p = out.program;
    smt::TermManager& tm = p.terms();
    for (const Clause& c : sys.clauses) check_fragment(tm, c);
    // Variables: the k-th argument of sort S is variable S.k.
    std::map<uint32_t, std::vector<VarId>> by_sort;
    for (const Predicate& pred : sys.preds) {
        std::map<uint32_t, std::size_t> seen;
        std::vector<VarId> vars;
        for (smt::Sort s : pred.sorts) {
            std::vector<VarId>& pool = by_sort[s.id];
            const std::size_t k = seen[s.id]++;
            while (pool.size() <= k) {
                const std::string name = std::string(sort_word(s)) + std::to_string(pool.size());
                pool.push_back(p.add_var(name, name, frontend::Type{}, true, false, UINT32_MAX, s));
            }
            vars.push_back(pool[k]);
        }
        out.vars_of.push_back(std::move(vars));
    }
    const frontend::SourceLocation none{sys.file, 0, 0};
    p.provenance.file = sys.file;
    p.entry = p.add_location(none, "entry");
    p.error = p.add_location(none, "false");
    p.exit = p.add_location(none, "exit");
    for (const Predicate& pred : sys.preds) {
        out.loc_of.push_back(
            p.add_location(frontend::SourceLocation{sys.file, pred.loc.line, pred.loc.col}, pred.name));
        p.locs.back().cut_point = true;
    }
    std::vector<VarId> all;
    for (VarId v = 0; v < p.vars.size(); ++v) all.push_back(v);
    for (std::size_t ci = 0; ci < sys.clauses.size(); ++ci) {
        const Clause& c = sys.clauses[ci];
        const std::unordered_set<Term, smt::TermHash> clause_vars(c.vars.begin(), c.vars.end());
        EdgeFormula f;
        verifier::Edge e;
        e.src = p.entry;
        if (!c.body.empty()) {
            const PredApp& b = c.body[0];
            e.src = out.loc_of[b.pred];
            for (std::size_t i = 0; i < b.args.size(); ++i)
                bind_argument(tm, clause_vars, b.args[i], p.vars[out.vars_of[b.pred][i]].cur, f);
        }
        e.dst = p.error;
        if (c.head) {
            e.dst = out.loc_of[c.head->pred];
            std::vector<bool> kept(p.vars.size(), false);
            for (std::size_t i = 0; i < c.head->args.size(); ++i) {
                const VarId v = out.vars_of[c.head->pred][i];
                // The body's argument of the same variable passed on unchanged: the frame says it.
                auto it = f.subst.find(c.head->args[i]);
                if (it != f.subst.end() && it->second == p.vars[v].cur && !kept[v]) {
                    kept[v] = true;
                    continue;
                }
                bind_argument(tm, clause_vars, c.head->args[i], p.vars[v].next, f);
            }
            for (VarId v : all)
                if (!kept[v]) e.writes.push_back(v);
        }
        f.conj.push_back(c.constraint);
        e.formula = tm.substitute(tm.mk_and(f.conj), f.subst);
        for (Term v : c.vars)
            if (!f.subst.count(v)) e.aux.push_back(v);
        const frontend::SourceLocation at{sys.file, c.loc.line, c.loc.col};
        p.add_edge(std::move(e), verifier::EdgeProvenance{at, "clause " + std::to_string(ci), {}});
        out.clause_of.push_back(ci);
    }
    p.index();
}

}  // namespace craig::chc
