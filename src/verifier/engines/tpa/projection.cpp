#include "verifier/engines/tpa/projection.hpp"

#include "verifier/engines/pdr/mbp.hpp"

namespace craig::verifier::tpa {

using smt::Term;

std::optional<Cube> keep_only(smt::TermManager& tm, Term f, const smt::Model& model, const TermSet& keep) {
    const std::vector<Term> lits = pdr::implicant(tm, f, model);
    std::vector<Term> eliminate, todo(lits.begin(), lits.end());
    TermSet seen;
    while (!todo.empty()) {
        const Term t = todo.back();
        todo.pop_back();
        if (!seen.insert(t).second) continue;
        if (tm.kind(t) == smt::Kind::Const && !keep.count(t)) {
            const smt::Sort s = tm.sort(t);
            if (s != smt::SortTable::Bool && s != smt::SortTable::Int && s != smt::SortTable::Real) return std::nullopt;
            eliminate.push_back(t);
        }
        for (Term c : tm.children(t)) todo.push_back(c);
    }
    pdr::Projection p = pdr::project(tm, lits, eliminate, model);
    return Cube{std::move(p.cube), p.by_value};
}

ExactProjection project_exactly(smt::TermManager& tm, Term f, const TermSet& keep,
                                const smt::SolverOptions& solver_options, unsigned max_cubes) {
    ExactProjection out;
    smt::Solver s(tm, solver_options);
    s.assert_formula(f);
    std::vector<Term> cubes;
    for (;;) {
        const smt::Result r = s.check();
        if (r == smt::Result::Unsat) break;
        if (r == smt::Result::Unknown) {
            out.why = "projection: solver " + s.reason_unknown();
            return out;
        }
        if (out.cubes >= max_cubes) {
            out.why = "projection not finished after " + std::to_string(max_cubes) + " cubes (tpa-projection-cubes)";
            return out;
        }
        const std::optional<Cube> c = keep_only(tm, f, s.model(), keep);
        if (!c) {
            out.why = "projection: a constant of a sort model-based projection cannot eliminate";
            return out;
        }
        const Term cube = tm.mk_and(c->literals);
        cubes.push_back(cube);
        ++out.cubes;
        s.assert_formula(tm.mk_not(cube));
    }
    out.formula = tm.mk_or(cubes);
    return out;
}

}  // namespace craig::verifier::tpa
