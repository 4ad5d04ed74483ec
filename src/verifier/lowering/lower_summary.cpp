// Calls by summary (LoweringOptions::summaries, --use-summaries): one step instead of the body.
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

std::optional<Val> Lowerer::summary_call(const frontend::FunctionDecl& f, const FunctionSummary& s,
                                         const std::vector<Val>& args, const frontend::SourceLocation& at) {
    // The globals of the interface by declaration id; one in memory here (address taken) or an
    // aggregate has no scalar variable, and the call is inlined instead.
    auto global = [&](std::uint32_t decl) -> VarId {
        for (const auto& [d, v] : globals_)
            if (d->id == decl && !in_memory(d)) return v;
        return UINT32_MAX;
    };
    std::vector<smt::Term> integer_args;
    for (std::size_t i = 0; i < f.params.size() && i < args.size(); ++i)
        if (f.params[i]->type.is_integer())
            integer_args.push_back(as_int(Val{get(args[i]), args[i].is_bool, args[i].range}).term);
    std::unordered_map<smt::Term, smt::Term, smt::TermHash> subst;
    for (const SummarySlot& slot : s.params) {
        if (slot.global_decl == UINT32_MAX) {
            if (slot.param >= integer_args.size()) return std::nullopt;
            subst[slot.constant] = integer_args[slot.param];
        } else {
            const VarId v = global(slot.global_decl);
            if (v == UINT32_MAX) return std::nullopt;
            subst[slot.constant] = read(v);  // the values before the call, read before any is written
        }
    }
    std::vector<std::pair<VarId, smt::Term>> written;
    smt::Term result;
    for (const SummarySlot& slot : s.returns) {
        if (slot.global_decl == UINT32_MAX) {
            if (!f.return_type.is_integer()) return std::nullopt;
            result = fresh_aux(f.name + ".result", smt::SortTable::Int);
            subst[slot.constant] = result;
            continue;
        }
        const VarId v = global(slot.global_decl);
        if (v == UINT32_MAX) return std::nullopt;
        const smt::Term value = fresh_aux(f.name + "." + prog_.vars[v].name, smt::SortTable::Int);
        subst[slot.constant] = value;
        written.emplace_back(v, value);
    }
    label("call " + f.name + " (by its summary)", at);
    assume(tm_.substitute(s.relation, subst));
    // The values a C object of the type can hold (the summary need not say so).
    auto in_range = [&](smt::Term t, Type type) {
        const Interval r = type_range(type);
        if (r.known) assume(tm_.mk_and(tm_.mk_leq(num(r.lo), t), tm_.mk_leq(t, num(r.hi))));
    };
    for (const auto& [v, value] : written) {
        in_range(value, prog_.var_origin(v).type);
        assign(v, value);
    }
    ++prog_.provenance.summarized_calls;
    if (!f.return_type.is_integer()) return Val{num(0), false, Interval::of(0, 0)};
    if (!result.valid()) result = fresh_aux(f.name + ".result", smt::SortTable::Int);  // no constraint on it
    in_range(result, f.return_type);
    const VarId t = new_temp(f.return_type);
    assign(t, result);
    return Val{read(t), false, type_range(f.return_type), t};
}

}  // namespace craig::verifier::detail
