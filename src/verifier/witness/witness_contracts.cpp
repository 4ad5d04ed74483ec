#include "verifier/witness/witness_contracts.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "frontend/printer.hpp"
#include "verifier/witness/readable_formula.hpp"
#include "verifier/witness/readable_invariants.hpp"
#include "verifier/witness/scope_scan.hpp"
#include "verifier/witness/witness_expression.hpp"

namespace craig::verifier {

namespace {

using smt::Term;
using TermSet = std::unordered_set<Term, smt::TermHash>;

void constants_of(const smt::TermManager& tm, Term t, TermSet& seen, TermSet& out) {
    if (!seen.insert(t).second) return;
    if (tm.kind(t) == smt::Kind::Const) out.insert(t);
    for (Term c : tm.children(t)) constants_of(tm, c, seen, out);
}

TermSet constants_of(const smt::TermManager& tm, Term t) {
    TermSet seen, out;
    constants_of(tm, t, seen, out);
    return out;
}

bool located_before(const WitnessInvariant& a, const WitnessInvariant& b) {
    return std::tie(a.loc.line, a.loc.col) < std::tie(b.loc.line, b.loc.col);
}

class ContractWriter {
public:
    ContractWriter(const frontend::TranslationUnit& tu, const Procedures& ps, const std::vector<Contract>& contracts)
        : scan_(tu), ps_(ps), p_(*ps.plain), tm_(p_.terms()), contracts_(contracts) {
        for (ProcId i = 0; i < ps.procs.size(); ++i)
            if (ps.procs[i].name == ps.procs[i].function) proc_of_[ps.procs[i].name] = i;
        for (const FunctionBody& f : p_.functions) ret_var_[f.name] = f.ret_var;
    }

    WitnessInvariants run(const std::string& program_file) {
        for (const StatementScope& at : scan_.returns)
            if (at.stmt->loc.file == program_file) exit(at);
        std::stable_sort(out_.invariants.begin(), out_.invariants.end(), located_before);
        return std::move(out_);
    }

private:
    // The contract of the C function of `at`, unless it has none worth stating.
    const Contract* contract_of(const StatementScope& at) {
        const std::string& f = at.function->name;
        if (f == "main") return nullptr;  // main's contract is the property itself
        auto it = proc_of_.find(f);
        if (it == proc_of_.end() || it->second >= contracts_.size()) {
            leave(at, "the function has no procedure (not called)");
            return nullptr;
        }
        return &contracts_[it->second];
    }

    void exit(const StatementScope& at) {
        const Contract* c = contract_of(at);
        if (!c || c->summary == tm_.mk_true() || c->guard == tm_.mk_false()) return;
        const Procedure& proc = ps_.procs[proc_of_.at(at.function->name)];
        const VarId ret = ret_var_.count(at.function->name) ? ret_var_.at(at.function->name) : UINT32_MAX;
        const auto& assigned = scan_.assigned.at(at.function);
        TermSet used = constants_of(tm_, c->summary);
        for (Term t : constants_of(tm_, c->guard)) used.insert(t);
        for (VarId v : proc.params) {
            if (!used.count(p_.vars[v].cur)) continue;
            if (std::find(proc.returns.begin(), proc.returns.end(), v) != proc.returns.end())
                return leave(
                    at, "the summary relates the value of " + p_.vars[v].name + " at entry to its value at return");
            const VarProvenance& var = p_.var_origin(v);
            if (!var.is_global && assigned.count(var.decl))
                return leave(at, "the contract mentions parameter " + var.c_name + ", which the function assigns");
        }
        std::unordered_map<Term, Term, smt::TermHash> at_return;  // x' -> x (x at the return statement)
        for (VarId v : proc.returns)
            at_return[p_.vars[v].next] = v == ps_.error_var ? tm_.mk_numeral(0, smt::SortTable::Int) : p_.vars[v].cur;
        const AtomRange range = c_type_range(p_);
        const Term s = simplify_for_reading(tm_, tm_.substitute(c->summary, at_return), range);
        const Term guard = simplify_for_reading(tm_, c->guard, range);
        std::string value_text;
        if (ret != UINT32_MAX && constants_of(tm_, s).count(p_.vars[ret].cur)) {
            if (!at.stmt->expr || !side_effect_free(*at.stmt->expr))
                return leave(at, "the returned expression has side effects");
            value_text = "(" + frontend::print(*at.stmt->expr) + ")";
        }
        std::string why;
        auto text = exact_c_expression(
            p_, s,
            [&](VarId v) -> std::optional<std::string> {
                if (v == ret) return value_text;
                return c_name_in_scope(p_, v, at, at.function->name);
            },
            &why);
        if (!text) return leave(at, "the summary: " + why);
        if (guard == tm_.mk_true()) return add(at, *text);
        auto g = exact_c_expression(
            p_, guard, [&](VarId v) { return c_name_in_scope(p_, v, at, at.function->name); }, &why);
        if (!g) return leave(at, "the guard: " + why);
        add(at, "!(" + *g + ") || (" + *text + ")");
    }

    void add(const StatementScope& at, std::string value) {
        WitnessInvariant w;
        w.loc = at.stmt->loc;
        w.function = at.function->name;
        w.value = std::move(value);
        w.location = true;
        out_.invariants.push_back(std::move(w));
    }

    void leave(const StatementScope& at, std::string reason) {
        out_.left_out.push_back({at.stmt->loc, std::move(reason)});
    }

    const ScopeScan scan_;
    const Procedures& ps_;
    const Program& p_;
    smt::TermManager& tm_;
    const std::vector<Contract>& contracts_;
    std::unordered_map<std::string, ProcId> proc_of_;
    std::unordered_map<std::string, VarId> ret_var_;
    WitnessInvariants out_;
};

}  // namespace

WitnessInvariants witness_contracts(const frontend::TranslationUnit& tu, const Procedures& ps,
                                    const std::vector<Contract>& contracts, const std::string& program_file) {
    return ContractWriter(tu, ps, contracts).run(program_file);
}

}  // namespace craig::verifier
