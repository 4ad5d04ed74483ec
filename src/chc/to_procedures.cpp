#include "chc/to_procedures.hpp"

#include <algorithm>
#include <map>
#include <unordered_set>

#include "chc/edge_formula.hpp"

namespace craig::chc {

namespace {

using smt::Term;
using verifier::Edge;
using verifier::Procedure;
using verifier::ProcId;
using verifier::VarId;

class Builder {
public:
    Builder(const ChcSystem& sys, smt::TermManager& tm, ChcProcedures& out)
        : sys_(sys), tm_(tm), out_(out), p_(*out.plain) {}

    void run() {
        for (const Clause& c : sys_.clauses) check_arithmetic(tm_, c);
        const frontend::SourceLocation none{sys_.file, 0, 0};
        p_.provenance.file = sys_.file;
        p_.entry = p_.add_location(none, "entry");
        p_.error = p_.add_location(none, "false");
        p_.exit = p_.add_location(none, "exit");
        verifier::Procedures& ps = out_.procedures;
        ps.plain = &p_;
        ps.error_var = p_.add_var("error", "error", frontend::Type{}, true, false);
        ps.procs.resize(sys_.preds.size() + 1);
        ps.procs[0].name = ps.procs[0].function = "false";
        ps.procs[0].returns = {ps.error_var};
        for (std::size_t p = 0; p < sys_.preds.size(); ++p) {
            Procedure& pr = ps.procs[p + 1];
            pr.name = pr.function = sys_.preds[p].name;
            std::map<std::uint32_t, std::size_t> seen;
            for (smt::Sort s : sys_.preds[p].sorts) {
                const std::string name = argument_name(s, seen[s.id]++);
                pr.returns.push_back(p_.add_var(name, name, frontend::Type{}, true, false, UINT32_MAX, s));
            }
            out_.returns_of.push_back(pr.returns);
        }
        for (Procedure& pr : ps.procs) {
            pr.entry = fresh(pr);
            pr.exit = fresh(pr);
            pr.topo.push_back(pr.entry);
        }
        for (std::size_t ci = 0; ci < sys_.clauses.size(); ++ci) add_clause(ci);
        for (Procedure& pr : ps.procs) finish(pr);
        p_.index();
    }

private:
    static std::uint32_t fresh(Procedure& pr) {
        pr.plain_loc.push_back(verifier::kNoLoc);
        return pr.num_locs++;
    }

    void add_edge(Procedure& pr, Edge e, verifier::EdgeId plain, std::uint32_t call) {
        pr.edges.push_back(std::move(e));
        pr.plain_edge.push_back(plain);
        pr.call.push_back(call);
    }

    // The clause's path in its head's procedure (the query procedure for a query).
    void add_clause(std::size_t ci) {
        const Clause& c = sys_.clauses[ci];
        verifier::Procedures& ps = out_.procedures;
        const ProcId owner = c.head ? c.head->pred + 1 : 0;
        Procedure& pr = ps.procs[owner];
        const std::unordered_set<Term, smt::TermHash> clause_vars(c.vars.begin(), c.vars.end());
        EdgeFormula f;
        std::uint32_t at = pr.entry;
        for (std::size_t i = 0; i < c.body.size(); ++i) {
            const PredApp& b = c.body[i];
            verifier::ProcCall call;
            call.callee = b.pred + 1;
            for (std::size_t k = 0; k < b.args.size(); ++k) {
                const smt::Sort s = sys_.preds[b.pred].sorts[k];
                std::string name = "c";  // c<clause>.<application>.<argument>
                name.append(std::to_string(ci)).append(".").append(std::to_string(i)).append(".");
                name.append(argument_name(s, k));
                const VarId r = p_.add_var(name, name, frontend::Type{}, false, true, UINT32_MAX, s);
                call.results.push_back(r);
                pr.vars.push_back(r);
                bind_argument(tm_, clause_vars, b.args[k], p_.vars[r].cur, f);
            }
            Edge e;
            e.src = at;
            e.dst = fresh(pr);
            pr.topo.push_back(e.dst);
            e.formula = tm_.mk_true();
            e.writes = call.results;
            pr.calls.push_back(std::move(call));
            add_edge(pr, std::move(e), UINT32_MAX, static_cast<std::uint32_t>(pr.calls.size() - 1));
            at = pr.edges.back().dst;
        }
        Edge e;
        e.src = at;
        e.dst = pr.exit;
        if (c.head) {
            for (std::size_t k = 0; k < c.head->args.size(); ++k)
                bind_argument(tm_, clause_vars, c.head->args[k], p_.vars[pr.returns[k]].next, f);
        } else {
            f.conj.push_back(tm_.mk_eq(p_.vars[ps.error_var].next, tm_.mk_numeral(1, smt::SortTable::Int)));
        }
        e.writes = pr.returns;
        f.conj.push_back(c.constraint);
        e.formula = tm_.substitute(tm_.mk_and(f.conj), f.subst);
        for (Term v : c.vars)
            if (!f.subst.count(v)) e.aux.push_back(v);
        // The plain program's copy, for counterexamples and their provenance.
        Edge plain = e;
        plain.src = p_.entry;
        plain.dst = p_.exit;
        const frontend::SourceLocation loc{sys_.file, c.loc.line, c.loc.col};
        const verifier::EdgeId id =
            p_.add_edge(std::move(plain), verifier::EdgeProvenance{loc, "clause " + std::to_string(ci), {}});
        out_.clause_of.push_back(ci);
        add_edge(pr, std::move(e), id, verifier::kNoCall);
    }

    // Variables sorted and unique; the body in topological order (what procedure_body.hpp
    // expects): entry, each clause's intermediate locations in path order, exit. Not
    // order_body: a predicate without clauses has an exit no edge reaches, which is fine here
    // (the procedure has no executions).
    static void finish(Procedure& pr) {
        pr.vars.insert(pr.vars.end(), pr.returns.begin(), pr.returns.end());
        std::sort(pr.vars.begin(), pr.vars.end());
        pr.vars.erase(std::unique(pr.vars.begin(), pr.vars.end()), pr.vars.end());
        pr.topo.push_back(pr.exit);
        verifier::sort_edges(pr);
    }

    const ChcSystem& sys_;
    smt::TermManager& tm_;
    ChcProcedures& out_;
    verifier::Program& p_;
};

}  // namespace

ChcProcedures to_procedures(const ChcSystem& sys, smt::TermManager& tm) {
    ChcProcedures out;
    out.plain = std::make_unique<verifier::Program>(tm);
    Builder(sys, tm, out).run();
    return out;
}

}  // namespace craig::chc
