// Expressions of the lowering: values as terms in the open segment; calls inlined.
#include <algorithm>

#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

using frontend::Builtin;
using frontend::ExprKind;
using frontend::Op;

namespace {

bool is_branching(const Expr& e) {
    return (e.kind == ExprKind::Binary && (e.op == Op::LogAnd || e.op == Op::LogOr)) || e.kind == ExprKind::Conditional;
}

i128 literal_value(const Expr& e) {
    if (e.type.is_integer() && frontend::is_signed(e.type.kind)) return e.signed_value();
    return static_cast<i128>(e.value);
}

}  // namespace

bool Lowerer::has_effects(const Expr& e) {
    if (e.kind == ExprKind::Assign || e.kind == ExprKind::IncDec || e.kind == ExprKind::Call ||
        e.kind == ExprKind::PointerCall)
        return true;
    // bit_precise: an operator that may lead to the error location (signed overflow, division by
    // zero, bad shifts) must not run where C does not evaluate it (the right of && and ||, the
    // arms of ?:), so an operand with one is lowered by branching.
    if (opt_.bit_precise && (e.kind == ExprKind::Binary || e.kind == ExprKind::Unary)) {
        switch (e.op) {
            case frontend::Op::Div:
            case frontend::Op::Rem:
            case frontend::Op::Shl:
            case frontend::Op::Shr: return true;
            case frontend::Op::Add:
            case frontend::Op::Sub:
            case frontend::Op::Mul:
            case frontend::Op::Neg:
                if (e.type.is_integer() && frontend::is_signed(e.type.kind)) return true;
                break;
            default: break;
        }
    }
    for (const auto& o : e.operands)
        if (has_effects(*o)) return true;
    return false;
}

bool Lowerer::splits(const Expr& e) {
    if (e.kind == ExprKind::Call && e.callee && e.callee->builtin != Builtin::Nondet &&
        e.callee->builtin != Builtin::Assume)
        return true;
    if (e.kind == ExprKind::PointerCall) return true;
    if (is_branching(e))
        for (std::size_t i = 1; i < e.operands.size(); ++i)
            if (has_effects(*e.operands[i])) return true;
    for (const auto& o : e.operands)
        if (splits(*o)) return true;
    return false;
}

VarId Lowerer::var(const frontend::VarDecl* d) {
    if (d->storage == frontend::Storage::Global || d->storage == frontend::Storage::StaticLocal) return globals_.at(d);
    Frame& f = frames_.back();
    auto it = f.locals.find(d);
    if (it != f.locals.end()) return it->second;
    // A local read before its declaration ran (goto over it): a variable of its own.
    std::string name = f.prefix + d->name;
    VarId v = prog_.add_var(name + "#" + std::to_string(d->id), d->name, d->type, false, false, d->id);
    f.locals[d] = v;
    return v;
}

Val Lowerer::expr(const Expr& e) {
    switch (e.kind) {
        case ExprKind::IntLiteral: {
            i128 v = literal_value(e);
            return Val{num(v), false, Interval::of(v, v)};
        }
        case ExprKind::StringLiteral: return Val{num(0), false, Interval::of(0, 0)};
        case ExprKind::VarRef: {
            if (in_memory(e.var) && !e.var->type.is_scalar()) throw frontend::Unsupported(e.loc, "aggregate value");
            VarId v = var(e.var);
            if (e.var->type.is_pointer()) return read_var(v, off_var(e.var, v), e.type);
            return Val{read(v), false, type_range(e.var->type)};
        }
        case ExprKind::Cast: {
            const Expr& x = e.operand(0);
            if (e.type.is_pointer()) {
                if (x.kind == ExprKind::Call && x.callee &&
                    (x.callee->builtin == Builtin::Malloc || x.callee->builtin == Builtin::Calloc ||
                     x.callee->builtin == Builtin::Realloc)) {
                    if (e.type.target().is_void()) throw frontend::Unsupported(e.loc, "malloc without an element type");
                    if (x.callee->builtin == Builtin::Realloc) return reallocate(x, e.type.target());
                    return allocate(x, e.type.target());
                }
                if (x.type.is_pointer()) {
                    if (x.type.is_function_pointer()) return expr(x);
                    return convert_object_pointer(expr(x), x.type.target(), e.type.target(), e.loc);
                }
                Val n = expr(x);
                if (addresses_ && !(n.range.is_const() && n.range.lo == 0))
                    return int_to_pointer(n, x.type, e.type.target());
                // (Without address conversions in the program, x is the null pointer constant.)
                Val null{num(0), false, Interval::none()};
                null.off = num(0);
                return null;
            }
            Val v = expr(x);
            if (e.type.is_void()) return Val{num(0), false, Interval::of(0, 0)};
            if (v.is_pointer()) return pointer_to_int(v, e.type);
            return convert(v, x.type, e.type);
        }
        case ExprKind::Index:
        case ExprKind::Deref:
        case ExprKind::Member: {
            if (!e.type.is_scalar()) throw frontend::Unsupported(e.loc, "aggregate value");
            Place p = place(e);
            return load(p, e.loc);
        }
        case ExprKind::AddrOf:
        case ExprKind::Decay: {
            Place p = place(e.operand(0));
            if (!p.in_memory()) throw frontend::Unsupported(e.loc, "address of a variable outside memory");
            if (addresses_) check_end_address(p, e.loc);
            Val r{p.obj, false, Interval::none()};
            r.off = p.off;
            // &a[i] and a + i past the end are not accesses: no bounds check here.
            return r;
        }
        case ExprKind::InitList: throw frontend::Unsupported(e.loc, "initialiser list as a value");
        case ExprKind::FunctionRef: return function_pointer(*e.callee);
        case ExprKind::Unary: {
            Val v = expr(e.operand(0));
            switch (e.op) {
                case Op::Plus: return as_int(v);
                case Op::LogNot: return Val{tm_.mk_not(as_bool(v)), true, {}};
                case Op::Neg: return arith(Op::Sub, Val{num(0), false, Interval::of(0, 0)}, v, e.type, e.type, e.loc);
                case Op::BitNot:
                    return arith(Op::Sub, Val{num(-1), false, Interval::of(-1, -1)}, v, e.type, e.type, e.loc);
                default: throw frontend::Unsupported(e.loc, "unary operator");
            }
        }
        case ExprKind::Binary: {
            if (e.op == Op::LogAnd || e.op == Op::LogOr) {
                if (has_effects(e.operand(1))) return branching(e);
                Val a = expr(e.operand(0));
                Val b = expr(e.operand(1));
                smt::Term x = as_bool(a), y = as_bool(b);
                return Val{e.op == Op::LogAnd ? tm_.mk_and(x, y) : tm_.mk_or(x, y), true, {}};
            }
            // Pointers compared: as they are (no view of the pointee type through void *).
            const bool compared = e.operand(0).type.is_pointer() && e.op != Op::Add && e.op != Op::Sub;
            const Expr& left = compared ? frontend::compared_pointer(e.operand(0)) : e.operand(0);
            const Expr& right = compared ? frontend::compared_pointer(e.operand(1)) : e.operand(1);
            Val a = expr(left);
            if (splits(right)) a = protect(a, e.operand(0).type);
            Val b = expr(right);
            if (e.operand(0).type.is_pointer()) {
                switch (e.op) {
                    case Op::Add:
                    case Op::Sub:
                        if (e.operand(1).type.is_pointer())
                            return pointer_diff(a, b, e.operand(0).type.target(), e.loc);
                        return pointer_arith(e.op, a, b, e.operand(0).type.target(), e.loc);
                    default:
                        // Function pointers: equal iff they are the same function (or both null).
                        if (e.operand(0).type.is_function_pointer()) {
                            smt::Term eq = tm_.mk_eq(get(a), get(b));
                            return Val{e.op == Op::Eq ? eq : tm_.mk_not(eq), true, {}};
                        }
                        return pointer_compare(e.op, a, b);
                }
            }
            switch (e.op) {
                case Op::Lt:
                case Op::Le:
                case Op::Gt:
                case Op::Ge:
                case Op::Eq:
                case Op::Ne: return compare(e.op, a, b);
                default: return arith(e.op, a, b, e.operand(0).type, e.type, e.loc);
            }
        }
        case ExprKind::Assign: {
            const Expr& lhs = e.operand(0);
            if (lhs.type.is_struct()) {
                Place src = place(e.operand(1));
                if (splits(lhs)) throw frontend::Unsupported(e.loc, "struct assignment with calls in the target");
                Place dst = place(lhs);
                copy_struct(dst, src, e.loc);
                return Val{num(0), false, Interval::of(0, 0)};
            }
            Val v = expr(e.operand(1));
            if (!v.is_pointer()) v = as_int(v);
            if (splits(lhs)) v = protect(v, lhs.type);
            Place p = place(lhs);
            store(p, v, e.loc);
            return v;
        }
        case ExprKind::IncDec: {
            const Expr& target = e.operand(0);
            Place p = place(target);
            Type t = target.type;
            bool inc = e.op == Op::PreInc || e.op == Op::PostInc;
            Val one{num(1), false, Interval::of(1, 1)};
            Val old = load(p, e.loc);
            Val nv;
            if (t.is_pointer()) {
                nv = pointer_arith(inc ? Op::Add : Op::Sub, old, one, t.target(), e.loc);
            } else {
                Type pt = frontend::promote(t, prog_.provenance.data_model);
                nv = convert(arith(inc ? Op::Add : Op::Sub, old, one, pt, pt, e.loc), pt, t);
            }
            store(p, nv, e.loc);
            return (e.op == Op::PreInc || e.op == Op::PreDec) ? nv : old;
        }
        case ExprKind::Conditional: {
            if (e.type.is_void() || has_effects(e.operand(1)) || has_effects(e.operand(2))) return branching(e);
            smt::Term c = as_bool(expr(e.operand(0)));
            if (e.type.is_pointer()) {
                Val a = expr(e.operand(1)), b = expr(e.operand(2));
                Val r{tm_.mk_ite(c, get(a), get(b)), false, Interval::none()};
                r.off = tm_.mk_ite(c, get_off(a), get_off(b));
                return r;
            }
            Val a = as_int(expr(e.operand(1)));
            Val b = as_int(expr(e.operand(2)));
            Interval r = (a.range.known && b.range.known)
                             ? Interval::of(std::min(a.range.lo, b.range.lo), std::max(a.range.hi, b.range.hi))
                             : Interval::none();
            return Val{tm_.mk_ite(c, a.term, b.term), false, r};
        }
        case ExprKind::Comma: expr(e.operand(0)); return expr(e.operand(1));
        case ExprKind::Call: return call(e);
        case ExprKind::PointerCall: return pointer_call(e);
        case ExprKind::StmtExpr: break;
    }
    throw frontend::Unsupported(e.loc, "statement expression");
}

Val Lowerer::branching(const Expr& e) {
    const frontend::SourceLocation& at = e.loc;
    smt::Term c = as_bool(expr(e.operand(0)));
    bool is_void = e.type.is_void();
    if (e.type.is_pointer()) throw frontend::Unsupported(at, "pointer-valued conditional with side effects");
    VarId tmp = is_void ? UINT32_MAX : new_temp(e.type.is_integer() ? e.type : Type::of(frontend::TypeKind::Int));
    LocId join = new_loc(at);
    Segment other = fork();
    assume(c);
    if (e.kind == ExprKind::Conditional) {
        Val a = expr(e.operand(1));
        if (!is_void) assign(tmp, as_int(a).term);
        close_to(join);
        resume(std::move(other));
        assume(tm_.mk_not(c));
        Val b = expr(e.operand(2));
        if (!is_void) assign(tmp, as_int(b).term);
        close_to(join);
    } else if (e.op == Op::LogAnd) {
        Val b = expr(e.operand(1));
        assign(tmp, as_int(Val{as_bool(b), true, {}}).term);
        close_to(join);
        resume(std::move(other));
        assume(tm_.mk_not(c));
        assign(tmp, num(0));
        close_to(join);
    } else {  // LogOr: true without evaluating the right operand when c holds
        assign(tmp, num(1));
        close_to(join);
        resume(std::move(other));
        assume(tm_.mk_not(c));
        Val b = expr(e.operand(1));
        assign(tmp, as_int(Val{as_bool(b), true, {}}).term);
        close_to(join);
    }
    if (is_void) return Val{num(0), false, Interval::of(0, 0)};
    Interval r = (e.kind == ExprKind::Conditional) ? type_range(e.type) : Interval::of(0, 1);
    return Val{read(tmp), false, r, tmp};
}

Val Lowerer::call(const Expr& e) {
    const frontend::FunctionDecl& f = *e.callee;
    auto void_val = [&] { return Val{num(0), false, Interval::of(0, 0)}; };
    switch (f.builtin) {
        case Builtin::Nondet: return nondet_value(e.type, e.loc, f.name);
        case Builtin::Assume: {
            Val v = expr(e.operand(0));
            assume(as_bool(v));
            label("assume(" + describe(e.operand(0)) + ")", e.loc);
            return void_val();
        }
        case Builtin::Assert: {
            smt::Term c = as_bool(expr(e.operand(0)));
            Segment ok = fork();
            assume(tm_.mk_not(c));
            label("assertion fails", e.loc);
            close_to(prog_.error);
            resume(std::move(ok));
            assume(c);
            return void_val();
        }
        case Builtin::ReachError:
        case Builtin::AssertFail:
        case Builtin::Abort:
        case Builtin::Exit: {
            for (const auto& a : e.operands) expr(*a);
            // The property is unreach-call: only reach_error violates it. A failed C assert()
            // (__assert_fail) aborts the program like abort() does.
            bool err = f.builtin == Builtin::ReachError;
            label(f.name + "()", e.loc);
            close_to(err ? prog_.error : prog_.exit);
            dead(e.loc);
            return void_val();
        }
        case Builtin::Free: {
            Val p = expr(e.operand(0));
            free_object(p, e.loc);
            return void_val();
        }
        case Builtin::Malloc:
        case Builtin::Calloc:
        case Builtin::Realloc:
            throw frontend::Unsupported(e.loc, "malloc whose result is not converted to a pointer type");
        case Builtin::Libc: return libc_call(e);
        case Builtin::None: break;
    }
    if (f.external) {
        // String literals are constants that no function may write: they do not count.
        const bool writable_memory =
            std::any_of(objects_.begin(), objects_.end(), [](const MemObject& o) { return !o.read_only; });
        if (writable_memory || !global_offs_.empty())
            throw frontend::Unsupported(e.loc, "call of an external function in a program with arrays or pointers");
        // frontend::FunctionDecl::external: the arguments for their effects, then an arbitrary
        // result and arbitrary values of the file-scope variables (the replay's input order).
        for (const auto& a : e.operands) expr(*a);
        label("call " + f.name + " (external: arbitrary result and globals)", e.loc);
        Val result =
            f.return_type.is_void() ? void_val() : nondet_value(f.return_type, e.loc, "external " + f.name + "()");
        for (const auto& g : tu_.globals) {
            if (g->storage != frontend::Storage::Global || !g->type.is_integer()) continue;
            auto it = globals_.find(g.get());
            if (it == globals_.end()) continue;
            assign(it->second, nondet_value(g->type, e.loc, "external " + f.name + "(): " + g->name).term);
        }
        return result;
    }
    // A defined function: evaluate the arguments left to right, then inline the body.
    return invoke(f, operand_values(e), e.loc);
}

std::vector<Val> Lowerer::operand_values(const Expr& e) {
    std::vector<Val> args;
    for (std::size_t i = 0; i < e.operands.size(); ++i) {
        Val v = expr(e.operand(i));
        bool later_split = false;
        for (std::size_t j = i + 1; j < e.operands.size(); ++j) later_split |= splits(e.operand(j));
        if (later_split) v = protect(v, e.operand(i).type);
        if (e.operand(i).type.is_pointer() && v.temp == UINT32_MAX && !v.range.is_const())
            v = protect(v, e.operand(i).type);
        args.push_back(v);
    }
    return args;
}

Val Lowerer::invoke(const frontend::FunctionDecl& f, std::vector<Val> args, const frontend::SourceLocation& at) {
    auto void_val = [&] { return Val{num(0), false, Interval::of(0, 0)}; };
    if (opt_.keep_calls && f.body) return call_edge(f, std::move(args), at);
    if (auto it = opt_.summaries.find(f.name); it != opt_.summaries.end() && f.body)
        if (std::optional<Val> r = summary_call(f, it->second, args, at)) return *r;
    unsigned depth = 0;
    for (const Frame& fr : frames_) depth += fr.fn == &f;
    if (depth > opt_.recursion_depth || !f.body) {
        if (prog_.truncated == kNoLoc) {
            prog_.truncated = prog_.add_location(at, "");
            prog_.approximations.push_back("recursion inlined " + std::to_string(opt_.recursion_depth) +
                                           " levels deep");
        }
        label("call " + f.name + " (beyond the recursion bound)", at);
        close_to(prog_.truncated);
        dead(at);
        return Val{num(0), false, Interval::none()};
    }
    unsigned n = instances_[&f]++;
    Frame fr;
    fr.fn = &f;
    fr.prefix = f.name + (n ? "#" + std::to_string(n) : std::string()) + "::";
    for (std::size_t i = 0; i < f.params.size() && i < args.size(); ++i) {
        const frontend::VarDecl* p = f.params[i].get();
        if (p->type.is_pointer()) {
            if (opt_.bit_precise)
                throw frontend::Unsupported(seg_.loc, "bit-precise encoding: pointer values in variables");
            VarId v = prog_.add_var(fr.prefix + p->name, "", Type::of(frontend::TypeKind::Int), false, false);
            VarId o = prog_.add_var(fr.prefix + p->name + ".off", "", Type::of(frontend::TypeKind::Int), false, false);
            fr.locals[p] = v;
            fr.offs[p] = o;
            assign(v, get(args[i]));
            assign(o, get_off(args[i]));
            continue;
        }
        if (!p->type.is_integer()) continue;
        VarId v = prog_.add_var(fr.prefix + p->name, p->name, p->type, false, false, p->id);
        fr.locals[p] = v;
        assign(v, as_int(Val{get(args[i]), args[i].is_bool, args[i].range}).term);
    }
    if (f.return_type.is_integer()) fr.ret = prog_.add_var(fr.prefix + "return", "", f.return_type, false, true);
    if (f.return_type.is_pointer()) {
        if (opt_.bit_precise)
            throw frontend::Unsupported(seg_.loc, "bit-precise encoding: pointer values in variables");
        fr.ret = prog_.add_var(fr.prefix + "return", "", Type::of(frontend::TypeKind::Int), false, true);
        fr.ret_off = prog_.add_var(fr.prefix + "return.off", "", Type::of(frontend::TypeKind::Int), false, true);
    }
    fr.ret_loc = new_loc(f.loc);
    label("call " + f.name, at);
    LocId ret_loc = fr.ret_loc;
    VarId ret = fr.ret, ret_off = fr.ret_off;
    std::vector<VarId> dying = inline_body(f, std::move(fr));
    open(ret_loc);
    // The call's locals end here: pointers to them dangle.
    for (VarId a : dying) assign(a, num(0));
    if (ret == UINT32_MAX) return void_val();
    if (ret_off != UINT32_MAX) {
        Val r{read(ret), false, Interval::none(), ret};
        r.off = read(ret_off);
        r.temp_off = ret_off;
        return r;
    }
    return Val{read(ret), false, type_range(f.return_type), ret};
}

}  // namespace craig::verifier::detail
