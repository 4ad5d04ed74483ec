#include "verifier/certify/unwound_check.hpp"

#include <algorithm>

#include "verifier/encoding/procedure_body.hpp"

namespace craig::verifier {

InvariantCheck check_unwound(const Program& plain, const Certificate::Unwound& c,
                             const smt::SolverOptions& solver_options, unsigned operator_rounds,
                             std::uint32_t max_activations) {
    InvariantCheck out;
    Program copy = plain;  // build_procedures indexes its program; the gate's model is its own
    const Procedures ps = build_procedures(copy, c.codes);
    smt::TermManager& tm = copy.terms();
    auto flag_of = [&](ProcId p, const std::vector<smt::Term>& returns) {
        const auto& r = ps.procs[p].returns;
        const auto it = std::find(r.begin(), r.end(), ps.error_var);
        if (it == r.end()) throw smt::CheckFailure("unwound check: a procedure without the error flag");
        return returns[static_cast<std::size_t>(it - r.begin())];
    };
    // Activations by a work list; each carries the activation counts of its call path.
    struct Activation {
        ProcId proc;
        smt::Term active;
        std::vector<smt::Term> params, returns;
        std::vector<std::uint32_t> counts;
    };
    std::vector<smt::Term> parts;
    std::uint32_t made = 0;
    auto fresh = [&](const std::string& name, smt::Sort s) { return tm.mk_const(tm.fresh_fun(name, {}, s)); };
    auto make = [&](ProcId p, std::vector<std::uint32_t> counts) {
        Activation a{p, fresh("gate.active", smt::SortTable::Bool), {}, {}, std::move(counts)};
        for (VarId v : ps.procs[p].params)
            a.params.push_back(fresh("gate." + copy.vars[v].name, var_sort(tm, copy.vars[v])));
        for (VarId v : ps.procs[p].returns)
            a.returns.push_back(fresh("gate." + copy.vars[v].name + "'", var_sort(tm, copy.vars[v])));
        return a;
    };
    std::vector<std::uint32_t> none(ps.procs.size(), 0);
    std::vector<Activation> work;
    work.push_back(make(0, none));
    ++work.back().counts[0];
    const Activation root = work.back();
    while (!work.empty()) {
        const Activation a = std::move(work.back());
        work.pop_back();
        if (++made > max_activations) {
            out.outcome = InvariantOutcome::Inconclusive;
            out.why = "more than " + std::to_string(max_activations) + " activations in the unwound call tree";
            return out;
        }
        const Procedure& pr = ps.procs[a.proc];
        const BodyEncoding b = encode_body(ps, a.proc, "#g" + std::to_string(made));
        std::vector<smt::Term> body{b.formula};
        for (std::size_t j = 0; j < b.params.size(); ++j) body.push_back(tm.mk_eq(a.params[j], b.params[j]));
        for (std::size_t j = 0; j < b.returns.size(); ++j) body.push_back(tm.mk_eq(a.returns[j], b.returns[j]));
        parts.push_back(tm.mk_implies(a.active, tm.mk_and(body)));
        for (std::size_t e = 0; e < pr.edges.size(); ++e) {
            if (pr.call[e] == kNoCall || tm.kind(b.taken[e]) != smt::Kind::Const) continue;
            const std::uint32_t k = pr.call[e];
            const ProcId q = pr.calls[k].callee;
            Activation m = make(q, a.counts);
            std::vector<smt::Term> bind{m.active};
            for (std::size_t j = 0; j < b.call_args[k].size(); ++j)
                bind.push_back(tm.mk_eq(b.call_args[k][j], m.params[j]));
            for (std::size_t j = 0; j < b.call_results[k].size(); ++j)
                bind.push_back(tm.mk_eq(b.call_results[k][j], m.returns[j]));
            parts.push_back(tm.mk_implies(b.taken[e], tm.mk_and(bind)));
            if (m.counts[q] >= c.unwinding) {
                parts.push_back(
                    tm.mk_implies(m.active, tm.mk_eq(flag_of(q, m.returns), tm.mk_numeral(1, smt::SortTable::Int))));
                continue;
            }
            ++m.counts[q];
            work.push_back(std::move(m));
        }
    }
    std::vector<smt::Term> wanted;
    for (std::int64_t r : c.refuted)
        wanted.push_back(tm.mk_eq(flag_of(0, root.returns), tm.mk_numeral(r, smt::SortTable::Int)));
    parts.push_back(root.active);
    parts.push_back(tm.mk_or(wanted));
    discharge(out, tm, tm.mk_and(parts),
              "main's error flag in the refuted codes within unwinding " + std::to_string(c.unwinding), solver_options,
              operator_rounds);
    return out;
}

}  // namespace craig::verifier
