#include "chc/to_program.hpp"

#include <map>
#include <unordered_set>

#include "chc/edge_formula.hpp"
#include "smtlib/syntax/errors.hpp"

namespace craig::chc {

namespace {

using smt::Term;
using verifier::VarId;

void check_fragment(const smt::TermManager& tm, const Clause& c) {
    if (!c.is_linear())
        throw smtlib::Unsupported(c.loc, "nonlinear clause (" + std::to_string(c.body.size()) +
                                             " predicate applications in the body): engine whale takes nonlinear "
                                             "clauses, the others linear ones only");
    check_arithmetic(tm, c);
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
                const std::string name = argument_name(s, pool.size());
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
