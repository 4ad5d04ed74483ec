// Function pointers in the lowering: a pointer to function f is the pointer value
// (f.address_id, 0) -- ids count the address-taken functions from 1, so null (0, 0) is no
// function and a function pointer fits every pointer variable and memory cell unchanged.
// A call through a pointer is a case split over the candidates, as CBMC does: the
// address-taken functions of the pointer's type.
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

Val Lowerer::function_pointer(const frontend::FunctionDecl& f) {
    const i128 id = f.address_id;
    Val v{num(id), false, Interval::of(id, id)};
    v.off = num(0);
    return v;
}

Val Lowerer::pointer_call(const Expr& e) {
    const Expr& target = e.operand(0);
    // The procedural model has one call edge per call site and callee.
    if (opt_.keep_calls) throw frontend::Unsupported(e.loc, "call through a function pointer (procedural engines)");
    std::vector<Val> args = operand_values(e);  // the pointer first, then the arguments
    const smt::Term fp = get(args.front());
    args.erase(args.begin());

    std::vector<const frontend::FunctionDecl*> candidates;
    for (const frontend::FunctionDecl* f : tu_.address_taken)
        if (f->reachable && f->body && frontend::has_function_type(*f, target.type.target())) candidates.push_back(f);
    std::vector<smt::Term> is;  // fp points to candidate k
    for (const frontend::FunctionDecl* f : candidates) is.push_back(tm_.mk_eq(fp, num(f->address_id)));
    check_or_error(tm_.mk_or(is), "call through " + describe(target) + ", which points to no function of its type",
                   e.loc);

    const Type ret = e.type;
    const Type int_type = Type::of(frontend::TypeKind::Int);
    VarId result = UINT32_MAX, result_off = UINT32_MAX;
    if (ret.is_integer()) result = new_temp(ret);
    if (ret.is_pointer()) {
        if (opt_.bit_precise) throw frontend::Unsupported(e.loc, "bit-precise encoding: pointer values in variables");
        result = new_temp(int_type);
        result_off = new_temp(int_type);
    }
    const LocId join = new_loc(e.loc);
    for (std::size_t k = 0; k < candidates.size(); ++k) {
        const bool last = k + 1 == candidates.size();
        Segment others = fork();
        if (!last) assume(is[k]);  // the last one is implied by the check above
        label(describe(target) + " == " + candidates[k]->name, e.loc);
        Val r = invoke(*candidates[k], args, e.loc);
        if (result_off != UINT32_MAX) {
            assign(result, get(r));
            assign(result_off, get_off(r));
        } else if (result != UINT32_MAX) {
            assign(result, as_int(r).term);
        }
        close_to(join);
        if (last) break;
        resume(std::move(others));
        assume(tm_.mk_not(is[k]));
    }
    if (candidates.empty()) close_to(join);  // unreachable: the check failed on every path
    if (result == UINT32_MAX) return Val{num(0), false, Interval::of(0, 0)};
    if (result_off != UINT32_MAX) {
        Val r{read(result), false, Interval::none(), result};
        r.off = read(result_off);
        r.temp_off = result_off;
        return r;
    }
    return Val{read(result), false, type_range(ret), result};
}

}  // namespace craig::verifier::detail
