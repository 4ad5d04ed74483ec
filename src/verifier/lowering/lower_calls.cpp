// Calls kept as edges (LoweringOptions::keep_calls): the plain program of the procedural model.
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

Val Lowerer::call_edge(const frontend::FunctionDecl& f, std::vector<Val> args, const frontend::SourceLocation& at) {
    if (&f == tu_.main_function())
        throw frontend::Unsupported(at, "a call of main (the interprocedural model needs main to be called once)");
    // The arguments are read on the call edge, after the segment that computes them ends: each
    // lives in a temporary until then (constants need none).
    for (std::size_t i = 0; i < args.size(); ++i)
        args[i] =
            protect(args[i], i < f.params.size() && f.params[i]->type.is_integer() ? f.params[i]->type
                                                                                   : Type::of(frontend::TypeKind::Int));
    const LocId before = close();
    std::vector<smt::Term> actual;
    for (std::size_t i = 0; i < f.params.size() && i < args.size(); ++i) {
        if (!f.params[i]->type.is_integer()) continue;
        actual.push_back(as_int(Val{get(args[i]), args[i].is_bool, args[i].range}).term);
    }
    const VarId result = f.return_type.is_integer() ? new_temp(f.return_type) : UINT32_MAX;
    const LocId after = new_loc(at);
    Edge edge;
    edge.src = before;
    edge.dst = after;
    edge.formula = tm_.mk_true();
    if (result != UINT32_MAX) edge.writes.push_back(result);
    const EdgeId id = prog_.add_edge(std::move(edge), EdgeProvenance{at, "call " + f.name, {}});
    prog_.calls.push_back(CallSite{id, f.name, std::move(actual), result});
    if (instances_[&f]++ == 0) to_lower_.push_back(&f);
    open(after);
    if (result == UINT32_MAX) return Val{num(0), false, Interval::of(0, 0)};
    return Val{read(result), false, type_range(f.return_type), result};
}

void Lowerer::lower_called_functions() {
    // Lowering a body may schedule more functions: the vector grows while it is walked.
    for (std::size_t i = 0; i < to_lower_.size(); ++i) {
        const frontend::FunctionDecl& f = *to_lower_[i];
        Frame fr;
        fr.fn = &f;
        fr.prefix = f.name + "::";
        FunctionBody body;
        body.name = f.name;
        for (const auto& p : f.params) {
            if (!p->type.is_integer()) continue;
            const VarId v = prog_.add_var(fr.prefix + p->name, p->name, p->type, false, false, p->id);
            fr.locals[p.get()] = v;
            body.params.push_back(v);
        }
        if (f.return_type.is_integer()) {
            fr.ret = prog_.add_var(fr.prefix + "return", "", f.return_type, false, true);
            body.ret_var = fr.ret;
        }
        body.entry = prog_.add_location(f.loc, f.name);
        fr.ret_loc = body.ret = prog_.add_location(f.loc, f.name);
        open(body.entry);
        inline_body(f, std::move(fr));
        prog_.functions.push_back(std::move(body));
    }
}

}  // namespace craig::verifier::detail
