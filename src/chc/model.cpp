#include "chc/model.hpp"

#include <ostream>
#include <unordered_set>

#include "smt/terms/printer.hpp"

namespace craig::chc {

namespace {

using smt::Term;
using Subst = std::unordered_map<Term, Term, smt::TermHash>;

// The interpretation of `app`'s predicate with its parameters replaced by the arguments.
Term applied(smt::TermManager& tm, const ChcModel& m, const PredApp& app) {
    Subst s;
    for (std::size_t i = 0; i < app.args.size(); ++i) s[m.params[app.pred][i]] = app.args[i];
    return tm.substitute(m.interp[app.pred], s);
}

}  // namespace

ChcModel model_from_invariants(const ChcProgram& cp, const verifier::Program& blocks,
                               std::span<const smt::Term> invariants) {
    smt::TermManager& tm = blocks.terms();
    const verifier::Program& plain = cp.program;
    std::vector<verifier::LocId> block_of(plain.locs.size(), verifier::kNoLoc);
    for (verifier::LocId l = 0; l < blocks.locs.size(); ++l) block_of[blocks.locs[l].plain] = l;
    ChcModel m;
    for (std::size_t p = 0; p < cp.loc_of.size(); ++p) {
        std::vector<Term> params;
        std::unordered_set<verifier::VarId> own(cp.vars_of[p].begin(), cp.vars_of[p].end());
        for (verifier::VarId v : cp.vars_of[p]) params.push_back(plain.vars[v].cur);
        const verifier::LocId b = block_of[cp.loc_of[p]];
        Term inv = b == verifier::kNoLoc || b >= invariants.size() ? tm.mk_false() : invariants[b];
        Subst others;  // the variables the predicate does not have: any value will do
        for (verifier::VarId v = 0; v < plain.vars.size(); ++v) {
            if (own.count(v)) continue;
            const smt::Sort s = verifier::var_sort(tm, plain.vars[v]);
            others[plain.vars[v].cur] = s == smt::SortTable::Bool ? tm.mk_false() : tm.mk_numeral(0, s);
        }
        m.interp.push_back(tm.substitute(inv, others));
        m.params.push_back(std::move(params));
    }
    return m;
}

ChcModel model_from_contracts(const ChcProcedures& cp, std::span<const verifier::Contract> contracts) {
    smt::TermManager& tm = cp.plain->terms();
    ChcModel m;
    for (std::size_t p = 0; p < cp.returns_of.size(); ++p) {
        const verifier::Contract& c = contracts[p + 1];
        Subst next_to_cur;
        std::vector<Term> params;
        for (verifier::VarId v : cp.returns_of[p]) {
            next_to_cur[cp.plain->vars[v].next] = cp.plain->vars[v].cur;
            params.push_back(cp.plain->vars[v].cur);
        }
        m.interp.push_back(tm.substitute(tm.mk_implies(c.guard, c.summary), next_to_cur));
        m.params.push_back(std::move(params));
    }
    return m;
}

ModelCheck check_model(smt::TermManager& tm, const ChcSystem& sys, const ChcModel& m,
                       const smt::SolverOptions& options) {
    ModelCheck out;
    for (std::size_t ci = 0; ci < sys.clauses.size(); ++ci) {
        const Clause& c = sys.clauses[ci];
        std::vector<Term> q{c.constraint};
        for (const PredApp& b : c.body) q.push_back(applied(tm, m, b));
        if (c.head) q.push_back(tm.mk_not(applied(tm, m, *c.head)));
        smt::Solver s(tm, options);
        s.assert_formula(tm.mk_and(q));
        ++out.queries;
        const smt::Result r = s.check();
        if (r == smt::Result::Unsat) continue;
        out.outcome = r == smt::Result::Sat ? ModelOutcome::Invalid : ModelOutcome::Inconclusive;
        out.why = "clause " + std::to_string(ci) + " (line " + std::to_string(c.loc.line) + ") " +
                  (r == smt::Result::Sat ? "does not hold under the model" : "is undecided under the model");
        return out;
    }
    return out;
}

void print_model(std::ostream& out, const smt::TermManager& tm, const ChcSystem& sys, const ChcModel& m) {
    for (std::size_t p = 0; p < sys.preds.size(); ++p) {
        out << "(define-fun " << smt::quote_symbol(sys.preds[p].name) << " (";
        for (std::size_t i = 0; i < m.params[p].size(); ++i) {
            const Term x = m.params[p][i];
            out << (i ? " " : "") << "(" << smt::quote_symbol(tm.func(tm.func_of(x)).name) << " "
                << tm.sorts().to_string(tm.sort(x)) << ")";
        }
        out << ") Bool " << smt::term_to_string(tm, m.interp[p]) << ")\n";
    }
}

}  // namespace craig::chc
