#include "verifier/certify/contracts.hpp"

#include <unordered_set>

#include "verifier/encoding/procedure_body.hpp"

namespace craig::verifier {

namespace {

// The constants a contract may mention: cur of params, next of returns.
bool mentions_only(const Procedures& ps, const Procedure& pr, smt::Term f, bool with_returns) {
    const Program& p = *ps.plain;
    const smt::TermManager& tm = p.terms();
    std::unordered_set<smt::Term, smt::TermHash> allowed, seen;
    for (VarId v : pr.params) allowed.insert(p.vars[v].cur);
    if (with_returns)
        for (VarId v : pr.returns) allowed.insert(p.vars[v].next);
    std::vector<smt::Term> stack{f};
    while (!stack.empty()) {
        const smt::Term u = stack.back();
        stack.pop_back();
        if (!seen.insert(u).second) continue;
        if (tm.kind(u) == smt::Kind::Const && p.var_of(u) != UINT32_MAX && !allowed.count(u)) return false;
        for (smt::Term c : tm.children(u)) stack.push_back(c);
    }
    return true;
}

}  // namespace

InvariantCheck check_contracts(const Procedures& ps, std::span<const Contract> contracts, const smt::SolverOptions& so,
                               unsigned rounds, bool require_safety, ProcId* failed) {
    const Program& p = *ps.plain;
    smt::TermManager& tm = p.terms();
    InvariantCheck out;
    auto fail = [&](InvariantOutcome o, std::string why) {
        out.outcome = o;
        out.why = std::move(why);
        return out;
    };
    if (contracts.size() != ps.procs.size())
        return fail(InvariantOutcome::Invalid, std::to_string(contracts.size()) + " contracts for " +
                                                   std::to_string(ps.procs.size()) + " procedures");
    for (ProcId i = 0; i < ps.procs.size(); ++i) {
        if (!mentions_only(ps, ps.procs[i], contracts[i].guard, false) ||
            !mentions_only(ps, ps.procs[i], contracts[i].summary, true))
            return fail(InvariantOutcome::Invalid,
                        "the contract of " + ps.procs[i].name + " mentions variables outside its interface");
    }
    auto unsat = [&](const std::vector<smt::Term>& conj, const std::string& condition) {
        return discharge(out, tm, tm.mk_and(conj), condition, so, rounds);
    };
    // Each call of the encoding replaced by its callee's contract: entered in the guard, it returns
    // in the summary (nothing is known of a call outside the guard).
    auto contracts_at_calls = [&](const Procedure& pr, const BodyEncoding& b, std::vector<smt::Term>& conj) {
        for (std::uint32_t e = 0; e < pr.edges.size(); ++e) {
            if (pr.call[e] == kNoCall) continue;
            const std::uint32_t k = pr.call[e];
            const ProcCall& c = pr.calls[k];
            const smt::Term g = instantiate_contract(ps, c.callee, contracts[c.callee].guard, b.call_args[k], {});
            const smt::Term s =
                instantiate_contract(ps, c.callee, contracts[c.callee].summary, b.call_args[k], b.call_results[k]);
            conj.push_back(tm.mk_or(tm.mk_not(b.taken[e]), tm.mk_implies(g, s)));
        }
    };
    // main: its guard is valid, its summary excludes the error.
    const Procedure& main = ps.procs[0];
    if (require_safety && !unsat({tm.mk_not(contracts[0].guard)}, "validity of the guard of main")) return out;
    for (std::size_t j = 0; j < main.returns.size(); ++j)
        if (require_safety && main.returns[j] == ps.error_var &&
            !unsat({contracts[0].summary,
                    tm.mk_not(tm.mk_eq(p.vars[ps.error_var].next, tm.mk_numeral(0, smt::SortTable::Int)))},
                   "safety of main's summary"))
            return out;
    for (ProcId i = 0; i < ps.procs.size(); ++i) {
        const Procedure& pr = ps.procs[i];
        const BodyEncoding b = encode_body(ps, i, "#c" + std::to_string(i));
        std::vector<smt::Term> conj{instantiate_contract(ps, i, contracts[i].guard, b.params, {}), b.formula};
        contracts_at_calls(pr, b, conj);
        conj.push_back(tm.mk_not(instantiate_contract(ps, i, contracts[i].summary, b.params, b.returns)));
        if (!unsat(conj, "the summary of " + pr.name)) {
            if (failed) *failed = i;
            return out;
        }
    }
    return out;
}

}  // namespace craig::verifier
