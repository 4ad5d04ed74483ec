#include "verifier/witness/contract_text.hpp"

#include <algorithm>
#include <map>

#include "verifier/witness/readable_formula.hpp"
#include "verifier/witness/readable_invariants.hpp"
#include "verifier/witness/witness_expression.hpp"

namespace craig::verifier {

namespace {

// The loop statement of loop procedure "f@LINE:COL" in function f, if the scan has it.
const StatementScope* loop_of(const ScopeScan& scan, const Procedure& proc) {
    const std::size_t at = proc.name.find('@'), colon = proc.name.rfind(':');
    if (at == std::string::npos || colon == std::string::npos || colon < at) return nullptr;
    const std::string line = proc.name.substr(at + 1, colon - at - 1), col = proc.name.substr(colon + 1);
    for (const auto& [key, scope] : scan.loops)
        if (std::to_string(std::get<1>(key)) == line && std::to_string(std::get<2>(key)) == col &&
            scope.function && scope.function->name == proc.function)
            return &scope;
    return nullptr;
}

}  // namespace

std::optional<ContractText> contract_text(const ScopeScan& scan, const Procedures& ps, ProcId i,
                                          const Contract& contract, std::string* why) {
    const Program& p = *ps.plain;
    smt::TermManager& tm = p.terms();
    const Procedure& proc = ps.procs[i];
    const bool loop_procedure = proc.name != proc.function;
    const StatementScope* loop = loop_procedure ? loop_of(scan, proc) : nullptr;
    VarId ret = UINT32_MAX;
    for (const FunctionBody& f : p.functions)
        if (f.name == proc.function) ret = f.ret_var;
    // A function's own variables and the globals by their C names, where no other has it.
    std::map<std::string, unsigned> uses;
    auto own = [&](VarId v) {
        const VarProvenance& o = p.var_origin(v);
        return !o.c_name.empty() && !o.is_temp &&
               (o.is_global || std::binary_search(proc.vars.begin(), proc.vars.end(), v));
    };
    for (VarId v = 0; v < p.vars.size(); ++v)
        if (own(v)) ++uses[p.var_origin(v).c_name + p.var_origin(v).c_path];
    auto c_name = [&](VarId v) -> std::optional<std::string> {
        if (loop) return c_name_in_scope(p, v, *loop, proc.function);
        const VarProvenance& o = p.var_origin(v);
        if (!own(v) || uses[o.c_name + o.c_path] != 1) return std::nullopt;
        return o.c_name + o.c_path;
    };
    auto name = [&](smt::Term t, bool ensures) -> std::optional<std::string> {
        const VarId v = p.var_of(t);
        if (v == UINT32_MAX) return std::nullopt;
        const bool next = p.vars[v].next == t;
        if (v == ps.error_var) return next ? std::optional<std::string>("\\error") : std::nullopt;
        if (v == ret) return next ? std::optional<std::string>("\\result") : std::nullopt;
        std::optional<std::string> n = c_name(v);
        if (!n || (next && !ensures)) return std::nullopt;
        const bool parameter = !loop_procedure && !p.var_origin(v).is_global;
        if (ensures && !next && !parameter) return "\\old(" + *n + ")";
        return n;
    };
    const AtomRange range = c_type_range(p);
    const smt::Term g = simplify_for_reading(tm, contract.guard, range);
    const smt::Term s = simplify_for_reading(tm, contract.summary, range);
    std::string w;
    auto requires_text = exact_c_expression_over(p, g, [&](smt::Term t) { return name(t, false); }, &w, Arithmetic::Mathematical);
    if (!requires_text) {
        if (why) *why = "requires: " + w;
        return std::nullopt;
    }
    auto ensures_text = exact_c_expression_over(p, s, [&](smt::Term t) { return name(t, true); }, &w, Arithmetic::Mathematical);
    if (!ensures_text) {
        if (why) *why = "ensures: " + w;
        return std::nullopt;
    }
    return ContractText{*requires_text, *ensures_text};
}

}  // namespace craig::verifier
