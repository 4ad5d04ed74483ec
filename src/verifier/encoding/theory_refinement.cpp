#include "verifier/encoding/theory_refinement.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "smt/solver.hpp"
#include "verifier/encoding/operator_refinement.hpp"

namespace craig::verifier {

namespace {

using smt::Term;
using TermSet = std::unordered_set<Term, smt::TermHash>;
using TermMap = std::unordered_map<Term, Term, smt::TermHash>;

// A falsified site at a position of the path.
struct Falsified {
    std::size_t step;
    Term site;
};

bool mentions(const smt::TermManager& tm, Term t, const TermSet& constants) {
    std::vector<Term> stack{t};
    TermSet seen;
    while (!stack.empty()) {
        Term x = stack.back();
        stack.pop_back();
        if (!seen.insert(x).second) continue;
        if (constants.count(x)) return true;
        for (Term c : tm.children(x)) stack.push_back(c);
    }
    return false;
}

void conjuncts(const smt::TermManager& tm, Term f, std::vector<Term>& out) {
    if (tm.kind(f) == smt::Kind::And) {
        for (Term c : tm.children(f)) conjuncts(tm, c, out);
        return;
    }
    out.push_back(f);
}

// The uninterpreted sites whose operands depend on the value of a chosen site, over the program's
// data flow (static, so over all paths): a site's value taints the conjuncts of its edge that
// mention it; a variable whose next value such a conjunct mentions is tainted, and so is its value
// on every edge that reads it; a site with a tainted operand is dependent and taints in turn.
std::vector<Term> dependent_sites(const BitPrecise& words, const TermSet& chosen, const OperatorPrecision& current) {
    const Program& p = words.program;
    const smt::TermManager& tm = p.terms();
    TermSet tainted;  // site results and cur constants of tainted variables
    std::vector<bool> var_tainted(p.vars.size(), false);
    for (EdgeId e = 0; e < p.edges.size(); ++e)
        for (const UfSite& s : words.sites[e])
            if (chosen.count(s.site)) tainted.insert(s.result);
    std::vector<std::vector<Term>> parts(p.edges.size());
    for (EdgeId e = 0; e < p.edges.size(); ++e) conjuncts(tm, p.edges[e].formula, parts[e]);
    TermSet dependent;
    std::vector<Term> out;
    for (bool changed = true; changed;) {
        changed = false;
        for (EdgeId e = 0; e < p.edges.size(); ++e) {
            for (const UfSite& s : words.sites[e])
                if (!tainted.count(s.result) && (mentions(tm, s.a, tainted) || mentions(tm, s.b, tainted))) {
                    tainted.insert(s.result);
                    changed = true;
                    if (!chosen.count(s.site) && !current.exact.count(s.site) && dependent.insert(s.site).second)
                        out.push_back(s.site);
                }
            for (Term c : parts[e]) {
                if (!mentions(tm, c, tainted)) continue;
                for (VarId v : p.edges[e].writes)
                    if (!var_tainted[v] && mentions(tm, c, TermSet{p.vars[v].next})) {
                        var_tainted[v] = changed = true;
                        tainted.insert(p.vars[v].cur);
                    }
            }
        }
    }
    return out;
}

}  // namespace

std::optional<RefinementHeuristic> RefinementHeuristic::parse(std::string_view name) {
    if (name.size() != 2 || (name[0] != 'h' && name[0] != 'H') || name[1] < '0' || name[1] > '7') return std::nullopt;
    static constexpr RefinementHeuristic table[8] = {{false, false, false}, {true, false, false}, {false, true, false},
                                                     {true, true, false},   {false, false, true}, {true, false, true},
                                                     {false, true, true},   {true, true, true}};
    return table[name[1] - '0'];
}

TheoryRefinementStep theory_refinement_step(const BitPrecise& words, const Counterexample& cex,
                                            const OperatorPrecision& current, RefinementHeuristic h,
                                            const base::Budget& budget) {
    const Program& p = words.program;
    smt::TermManager& tm = p.terms();
    TheoryRefinementStep out;

    // The path with its inputs fixed, one state copy per step.
    smt::SolverOptions so;
    so.deadline = budget.deadline();
    smt::Solver solver(tm, so);
    std::vector<Term> pre(p.vars.size());
    for (VarId v = 0; v < p.vars.size(); ++v)
        pre[v] = tm.mk_const(tm.fresh_fun("tr." + p.vars[v].name, {}, tm.sort(p.vars[v].cur)));
    std::vector<TermMap> renamings;  // per step: constants of the edge -> the path's
    std::size_t next_input = 0;
    for (std::size_t i = 0; i < cex.plain_path.size(); ++i) {
        const Edge& e = p.edges[cex.plain_path[i]];
        std::vector<Term> post = pre;
        for (VarId v : e.writes)
            post[v] = tm.mk_const(tm.fresh_fun("tr." + p.vars[v].name, {}, tm.sort(p.vars[v].cur)));
        TermMap aux;
        solver.assert_formula(instantiate(p, e, pre, post, ".tr" + std::to_string(i), false, &aux));
        for (Term in : e.inputs) {
            if (next_input >= cex.inputs.size()) return out;  // not this program's counterexample
            mpz_class value(cex.inputs[next_input++].text);
            if (value < 0) value += mpz_class(1) << words.width;
            solver.assert_formula(tm.mk_eq(aux.at(in), tm.mk_bv_const(value, words.width)));
        }
        TermMap ren = std::move(aux);
        for (VarId v = 0; v < p.vars.size(); ++v) ren[p.vars[v].cur] = pre[v];
        renamings.push_back(std::move(ren));
        pre = std::move(post);
    }
    if (solver.check() != smt::Result::Sat) return out;
    const smt::Model& m = solver.model();

    std::vector<Falsified> falsified;
    for (std::size_t i = 0; i < cex.plain_path.size(); ++i)
        for (const UfSite& s : words.sites[cex.plain_path[i]]) {
            const Term a = tm.substitute(s.a, renamings[i]), b = tm.substitute(s.b, renamings[i]);
            const Term r = tm.substitute(s.result, renamings[i]);
            const mpz_class va = program_integer(tm, a, m.evaluate(a).q);
            const mpz_class vb = program_integer(tm, b, m.evaluate(b).q);
            const mpz_class vr = program_integer(tm, r, m.evaluate(r).q);
            const std::optional<mpz_class> exact = apply_operator(s.op, va, vb);
            if (exact && *exact != vr) falsified.push_back(Falsified{i, s.site});
        }
    out.falsified = falsified.size();
    if (falsified.empty()) return out;
    if (h.backward) std::reverse(falsified.begin(), falsified.end());
    TermSet chosen;
    for (const Falsified& f : falsified) {
        if (chosen.insert(f.site).second) out.refine.push_back(f.site);
        if (!h.simultaneous) break;
    }
    if (h.dependency)
        for (Term t : dependent_sites(words, chosen, current)) out.refine.push_back(t);
    return out;
}

}  // namespace craig::verifier
