// Memory of the lowering: arrays, structs, pointers and malloc'ed blocks as program variables.
//
// The model (docs/memory-model.md): an object is a flat sequence of scalar cells (its type's
// leaves in layout order); a pointer is the pair (object id, cell offset), id 0 being null.
// Objects of at most max_cells cells are tracked: each cell is a program variable, a read at
// a symbolic position is an ite over the cells it may denote, a write updates each of them
// under its condition. Objects of variable size track the cells of their first elements
// (LoweringOptions::prefix_elements; a cell exists while its index is below the length);
// larger objects and the rest are untracked: a read yields an arbitrary value of its type (an
// over-approximation), a write only checks bounds.
// A write that can hit no valid cell (null, out of bounds, dead object, another type) leads
// to the error location: such a path is undefined behaviour, which the replay reports, so
// it can never be proved safe by accident; a read there yields an arbitrary value.
#include <functional>

#include "frontend/memory_layout.hpp"
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

using frontend::ExprKind;
using frontend::Op;
using frontend::TypeKind;

namespace {

constexpr std::uint64_t kHuge = UINT64_MAX / 4;  // "too many cells to count"

std::uint64_t sat_mul(std::uint64_t a, std::uint64_t b) {
    if (a == 0 || b == 0) return 0;
    if (a > kHuge / b) return kHuge;
    return a * b;
}

// Leaves of a type in layout order with their C paths ("[2].x"), by the shared cell layout.
void leaves(Type t, const std::string& path, std::vector<std::pair<Type, std::string>>& out) {
    std::vector<Type> types;
    frontend::append_cell_types(t, types);
    for (std::uint64_t c = 0; c < types.size(); ++c) out.emplace_back(types[c], path + frontend::cell_path(t, c));
}

bool in_union(Type t, std::uint64_t cell) {
    if (!frontend::contains_union(t)) return false;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
    frontend::union_siblings(t, cell, ranges);
    return !ranges.empty();
}

bool is_numeral(smt::TermManager& tm, smt::Term t) { return tm.kind(t) == smt::Kind::Numeral; }

// The value of a small non-negative numeral (object ids); 0 when out of range.
std::uint64_t numeral_value(smt::TermManager& tm, smt::Term t) {
    const mpq_class& q = tm.numeral(t);
    if (q < 0 || q > 1u << 30) return 0;
    return q.get_num().get_ui();
}

void walk_exprs(const Stmt& s, const std::function<void(const Expr&)>& f);

void walk_expr(const Expr& e, const std::function<void(const Expr&)>& f) {
    f(e);
    for (const auto& o : e.operands) walk_expr(*o, f);
}

void walk_exprs(const Stmt& s, const std::function<void(const Expr&)>& f) {
    for (const auto& v : s.vars) {
        if (v->init) walk_expr(*v->init, f);
        for (const auto& l : v->vla_lengths)
            if (l) walk_expr(*l, f);
    }
    if (s.expr) walk_expr(*s.expr, f);
    if (s.step) walk_expr(*s.step, f);
    for (const auto& c : s.stmts) walk_exprs(*c, f);
    if (s.init) walk_exprs(*s.init, f);
    if (s.body) walk_exprs(*s.body, f);
    if (s.else_body) walk_exprs(*s.else_body, f);
}

void walk_decls(const Stmt& s, const std::function<void(const Stmt&)>& f) {
    f(s);
    for (const auto& c : s.stmts) walk_decls(*c, f);
    if (s.init) walk_decls(*s.init, f);
    if (s.body) walk_decls(*s.body, f);
    if (s.else_body) walk_decls(*s.else_body, f);
}

bool mentions_pointer(Type t) {
    if (t.is_pointer()) return true;
    if (t.is_array()) return mentions_pointer(t.info->target);
    if (t.is_struct())
        for (const auto& f : t.info->fields)
            if (mentions_pointer(f.type)) return true;
    return false;
}

}  // namespace

std::uint64_t Lowerer::cell_count(Type t) const { return frontend::cell_count(t).value_or(kHuge); }

std::uint64_t Lowerer::field_offset(Type record, std::size_t k) const { return frontend::field_cell_offset(record, k); }

void Lowerer::scan_address_taken() {
    // Every type and expression of reachable code: address-taken scalars get a memory cell;
    // what the model does not cover is reported before any edge is built.
    // With calls kept, a pointer must not cross a call or live in a global: the objects it may
    // point to (locals of one activation) are the procedure's own variables.
    auto check_type = [&](Type t, const frontend::SourceLocation& at) {
        if (opt_.keep_calls && mentions_pointer(t))
            throw frontend::Unsupported(at,
                                        "pointer across calls (this engine keeps calls as calls; pointers in "
                                        "globals, parameters and results need inlining)");
    };
    auto visit = [&](const Expr& e) {
        if (e.kind == ExprKind::AddrOf && e.operand(0).kind == ExprKind::VarRef && e.operand(0).type.is_scalar())
            address_taken_.insert(e.operand(0).var);
    };
    for (const auto& g : tu_.globals) {
        check_type(g->type, g->loc);
        if (g->init) walk_expr(*g->init, visit);
    }
    for (const auto& f : tu_.functions) {
        if (!f->reachable || !f->body) continue;
        for (const auto& p : f->params) check_type(p->type, p->loc);
        check_type(f->return_type, f->loc);
        walk_exprs(*f->body, visit);
    }
}

bool Lowerer::in_memory(const frontend::VarDecl* d) const {
    return d->type.is_array() || d->type.is_struct() || address_taken_.count(d) > 0;
}

std::uint32_t Lowerer::new_object(std::string name, Type t, std::uint64_t count, bool can_die, bool heap,
                                  const frontend::VarDecl* decl) {
    MemObject o;
    o.name = std::move(name);
    o.type = t;
    o.count = count;
    o.heap = heap;
    o.tracked = count <= opt_.max_cells;
    bool global = frames_.empty();
    if (o.tracked && (heap || !t.is_scalar())) {
        std::vector<std::pair<Type, std::string>> ls;
        if (heap) {
            for (std::uint64_t i = 0; i < count / std::max<std::uint64_t>(1, cell_count(t)); ++i)
                leaves(t, "[" + std::to_string(i) + "]", ls);
        } else {
            leaves(t, "", ls);
        }
        for (const auto& [lt, path] : ls) {
            Cell c;
            c.type = lt;
            std::string n = o.name + path;
            if (lt.is_pointer()) {
                if (opt_.bit_precise)
                    throw frontend::Unsupported(seg_.loc, "bit-precise encoding: pointer values in variables");
                c.var = prog_.add_var(n, "", Type::of(TypeKind::Int), global, false);
                c.off = prog_.add_var(n + ".off", "", Type::of(TypeKind::Int), global, false);
            } else if (decl) {
                // A C lvalue (a[3], s.f): correctness witnesses may state invariants over it.
                c.var = prog_.add_var(n, decl->name, lt, global, false, decl->id);
                prog_.provenance.vars[c.var].c_path = path;
            } else {
                c.var = prog_.add_var(n, "", lt, global, false);
            }
            o.cells.push_back(c);
        }
    }
    if (can_die) {
        o.alive = prog_.add_var(o.name + "#alive", "", Type::of(TypeKind::Bool), global, true);
        assign(o.alive, num(1));
    }
    objects_.push_back(std::move(o));
    const auto id = static_cast<std::uint32_t>(objects_.size() - 1);
    if (!heap) give_address(id);  // a malloc'ed block's layout is complete when allocate returns
    return id;
}

VarId Lowerer::off_var(const frontend::VarDecl* d, VarId v) {
    if (d->storage == frontend::Storage::Global || d->storage == frontend::Storage::StaticLocal)
        return global_offs_.at(d);
    Frame& f = frames_.back();
    auto it = f.offs.find(d);
    if (it != f.offs.end()) return it->second;
    if (opt_.bit_precise) throw frontend::Unsupported(seg_.loc, "bit-precise encoding: pointer values in variables");
    VarId o = prog_.add_var(prog_.vars[v].name + ".off", "", Type::of(TypeKind::Int), false, false);
    f.offs[d] = o;
    return o;
}

void Lowerer::track_prefix(MemObject& o, Type element) {
    // Cell c of element i is i * inner + c; no unions (their sibling cells are found per
    // element of a fixed layout).
    const std::uint64_t inner = cell_count(element);
    if (inner == 0 || inner >= kHuge || frontend::contains_union(element)) return;
    if (opt_.bit_precise && mentions_pointer(element)) return;  // words carry no pointer values
    const std::uint64_t elements = std::min(opt_.prefix_elements, opt_.max_cells / inner);
    if (elements == 0) return;
    std::vector<std::pair<Type, std::string>> ls;
    for (std::uint64_t i = 0; i < elements; ++i) leaves(element, "[" + std::to_string(i) + "]", ls);
    for (const auto& [lt, path] : ls) {
        // No C name: a cell past the object's length does not exist, so a witness must not
        // state invariants over it.
        Cell c;
        c.type = lt;
        if (lt.is_pointer()) {
            c.var = prog_.add_var(o.name + path, "", Type::of(TypeKind::Int), frames_.empty(), false);
            c.off = prog_.add_var(o.name + path + ".off", "", Type::of(TypeKind::Int), frames_.empty(), false);
        } else {
            c.var = prog_.add_var(o.name + path, "", lt, frames_.empty(), false);
        }
        o.cells.push_back(c);
    }
    o.tracked = true;
    o.prefix = true;
}

void Lowerer::fill_prefix(const MemObject& o, bool zero) {
    for (const Cell& c : o.cells) {
        if (zero) {
            assign(c.var, num(0));
            if (c.type.is_pointer()) assign(c.off, num(0));
        } else if (c.type.is_pointer()) {
            assign(c.var, fresh_aux("ptr", smt::SortTable::Int));
            assign(c.off, fresh_aux("ptr.off", smt::SortTable::Int));
        } else {
            assign(c.var, arbitrary(c.type, "cell"));
        }
    }
}

smt::Term Lowerer::cell_exists(const MemObject& o, std::size_t c) {
    if (!o.prefix) return tm_.mk_true();
    return tm_.mk_lt(num(static_cast<i128>(c)), read(o.size));
}

smt::Term Lowerer::arbitrary(Type t, const std::string& tag) {
    const Interval tr = type_range(t);
    smt::Term r = fresh_aux(tag, smt::SortTable::Int);
    assume(tm_.mk_leq(num(tr.lo), r));
    assume(tm_.mk_leq(r, num(tr.hi)));
    if (opt_.bit_precise) bound_aux(r, tr, seg_.loc);
    return r;
}

void Lowerer::create_frame_objects(const frontend::FunctionDecl& f, Frame& fr) {
    const bool can_die = &f != tu_.main_function();
    auto make = [&](const frontend::VarDecl* d) {
        if (!in_memory(d) || fr.objects.count(d)) return;
        std::string name = fr.prefix + d->name;
        if (d->type.is_scalar()) {
            // An address-taken scalar: its one cell is the variable itself.
            VarId v = var(d);
            MemObject o;
            o.name = name;
            o.type = d->type;
            o.count = 1;
            Cell c{d->type, v, d->type.is_pointer() ? off_var(d, v) : UINT32_MAX};
            o.cells.push_back(c);
            if (can_die) {
                o.alive = prog_.add_var(name + "#alive", "", Type::of(TypeKind::Bool), false, true);
                assign(o.alive, num(1));
            }
            objects_.push_back(std::move(o));
            fr.objects[d] = static_cast<std::uint32_t>(objects_.size() - 1);
            give_address(fr.objects[d]);
            return;
        }
        std::uint32_t id =
            new_object(name + "#" + std::to_string(d->id), d->type, cell_count(d->type), can_die, false, d);
        if (!d->vla_lengths.empty()) {
            MemObject& o = objects_[id];
            o.tracked = false;
            o.cells.clear();
            o.size = prog_.add_var(name + "#size", "", Type::of(TypeKind::Int), false, true);
            // Only the first dimension may vary (then the layout is linear).
            bool first_only = d->vla_lengths[0] != nullptr;
            for (std::size_t k = 1; k < d->vla_lengths.size(); ++k) first_only &= d->vla_lengths[k] == nullptr;
            if (first_only) track_prefix(o, d->type.info->target);
        }
        fr.objects[d] = id;
    };
    for (const auto& p : f.params) make(p.get());
    walk_decls(*f.body, [&](const Stmt& s) {
        if (s.kind == frontend::StmtKind::Goto) fr.has_goto = true;
        for (const auto& v : s.vars) make(v.get());
    });
}

std::vector<VarId> Lowerer::dying_objects(const Frame& fr) const {
    std::vector<VarId> out;
    for (const auto& [d, id] : fr.objects)
        if (objects_[id].alive != UINT32_MAX) out.push_back(objects_[id].alive);
    for (std::uint32_t id : fr.stack_blocks)
        if (objects_[id].alive != UINT32_MAX) out.push_back(objects_[id].alive);
    std::sort(out.begin(), out.end());
    return out;
}

std::uint32_t Lowerer::object_of(const frontend::VarDecl* d) {
    if (d->storage == frontend::Storage::Global || d->storage == frontend::Storage::StaticLocal)
        return global_objects_.at(d);
    Frame& f = frames_.back();
    auto it = f.objects.find(d);
    if (it == f.objects.end()) throw frontend::Unsupported(d->loc, "object outside its function");
    return it->second;
}

Val Lowerer::read_var(VarId v, VarId v_off, Type t) {
    if (v_off != UINT32_MAX) {
        Val r{read(v), false, Interval::none()};
        r.off = read(v_off);
        return r;
    }
    return Val{read(v), false, type_range(t)};
}

void Lowerer::assign_val(VarId v, VarId v_off, const Val& x) {
    if (v_off != UINT32_MAX) {
        assign(v, get(x));
        assign(v_off, get_off(x));
        return;
    }
    assign(v, as_int(x).term);
}

void Lowerer::check_or_error(smt::Term ok, const std::string& what, const frontend::SourceLocation& at) {
    if (ok == tm_.mk_true()) return;
    Segment good = fork();
    assume(tm_.mk_not(ok));
    label(what + " (undefined behaviour)", at);
    close_to(prog_.error);
    resume(std::move(good));
    assume(ok);
}

namespace {

// The dimension of a variable-length array that an Index's base denotes: the declaration
// and the number of Index levels between it and the base.
const frontend::VarDecl* vla_root(const Expr& arr, std::size_t& depth) {
    depth = 0;
    const Expr* x = &arr;
    while (x->kind == ExprKind::Index && x->operand(0).kind == ExprKind::Decay) {
        ++depth;
        x = &x->operand(0).operand(0);
    }
    if (x->kind != ExprKind::VarRef || x->var->vla_lengths.empty()) return nullptr;
    return x->var;
}

}  // namespace

Place Lowerer::pointee_place(const Val& ptr, Type t) {
    Place p;
    p.type = t;
    p.ok = tm_.mk_true();
    p.obj = get(ptr);
    p.off = get_off(ptr);
    return p;
}

Place Lowerer::place(const Expr& e) {
    switch (e.kind) {
        case ExprKind::VarRef: {
            const frontend::VarDecl* d = e.var;
            Place p;
            p.type = d->type;
            p.ok = tm_.mk_true();
            if (in_memory(d)) {
                p.obj = num(object_of(d) + 1);
                p.off = num(0);
                return p;
            }
            p.var = var(d);
            if (d->type.is_pointer()) p.var_off = off_var(d, p.var);
            return p;
        }
        case ExprKind::StringLiteral: {
            if (!e.var) throw frontend::Unsupported(e.loc, "string literal without an object");
            Place p;
            p.type = e.type;
            p.ok = tm_.mk_true();
            p.obj = num(global_objects_.at(e.var) + 1);
            p.off = num(0);
            return p;
        }
        case ExprKind::Deref: {
            return pointee_place(expr(e.operand(0)), e.type);
        }
        case ExprKind::Index: {
            const Expr& base = e.operand(0);
            std::uint64_t k = cell_count(e.type);
            if (k >= kHuge && !e.type.is_array())
                throw frontend::Unsupported(e.loc, "indexing an array of variable-length arrays");
            if (base.kind == ExprKind::Decay) {
                // Direct indexing of an array: C bounds each dimension on its own.
                const Expr& arr = base.operand(0);
                Place p = place(arr);
                // The index may call functions: the position computed so far (object, offset,
                // the bounds of outer indices) must keep the values it had before the call, so it
                // lives in temporaries that are re-read after the index is evaluated.
                const bool split = splits(e.operand(1));
                Val o, b, ok;
                if (split) {
                    o = protect(Val{p.off, false, Interval::none()}, Type::of(TypeKind::Long));
                    b = protect(Val{p.obj, false, Interval::none()}, Type::of(TypeKind::Long));
                    ok = protect(as_int(Val{p.ok, true, {}}), Type::of(TypeKind::Int));
                }
                Val i = as_int(expr(e.operand(1)));
                if (split) {
                    p.off = get(o);
                    p.obj = get(b);
                    p.ok = as_bool(ok);
                }
                const auto& a = *arr.type.info;
                smt::Term len;
                if (a.length) {
                    len = num(static_cast<i128>(*a.length));
                } else {
                    std::size_t depth = 0;
                    const frontend::VarDecl* d = vla_root(arr, depth);
                    if (!d) throw frontend::Unsupported(e.loc, "variable-length array");
                    const MemObject& o = objects_[object_of(d)];
                    if (depth >= o.dims.size() || o.dims[depth] == UINT32_MAX)
                        throw frontend::Unsupported(e.loc, "variable-length array");
                    len = read(o.dims[depth]);
                }
                p.ok = tm_.mk_and(p.ok, tm_.mk_and(tm_.mk_leq(num(0), i.term), tm_.mk_lt(i.term, len)));
                p.type = e.type;
                p.off = k >= kHuge ? fresh_aux("off", smt::SortTable::Int)
                                   : tm_.mk_add(std::vector<smt::Term>{
                                         p.off, tm_.mk_scale(mpq_class(static_cast<unsigned long>(k)), i.term)});
                return p;
            }
            Val ptr = expr(base);
            if (splits(e.operand(1))) ptr = protect(ptr, base.type);
            Val i = as_int(expr(e.operand(1)));
            return pointee_place(pointer_arith(Op::Add, ptr, i, e.type, e.loc), e.type);
        }
        case ExprKind::Member: {
            Place p = place(e.operand(0));
            if (!p.in_memory()) throw frontend::Unsupported(e.loc, "struct outside memory");
            if (addresses_)  // p->f moves p (the replay's `pointer arithmetic` on no object)
                check_or_error(tm_.mk_not(tm_.mk_eq(p.obj, num(kWildObject))), kWildArithmetic, e.loc);
            std::uint64_t k = field_offset(e.operand(0).type, e.value);
            p.off = tm_.mk_add(std::vector<smt::Term>{p.off, num(static_cast<i128>(k))});
            p.type = e.type;
            return p;
        }
        default: break;
    }
    throw frontend::Unsupported(e.loc, "lvalue");
}

Val Lowerer::load(const Place& p, const frontend::SourceLocation& at) {
    if (!p.in_memory()) return read_var(p.var, p.var_off, p.type);
    const bool ptr = p.type.is_pointer();
    const bool static_obj = is_numeral(tm_, p.obj);
    std::vector<std::pair<smt::Term, const Cell*>> cases;
    auto consider = [&](std::uint32_t id) {
        const MemObject& o = objects_[id];
        if (!o.tracked) return;
        smt::Term base = static_obj ? tm_.mk_true() : tm_.mk_eq(p.obj, num(id + 1));
        if (o.alive != UINT32_MAX) base = tm_.mk_and(base, tm_.mk_eq(read(o.alive), num(1)));
        base = tm_.mk_and(base, p.ok);
        if (base == tm_.mk_false()) return;
        for (std::size_t c = 0; c < o.cells.size(); ++c) {
            if (!cell_compatible(p.type, o.cells[c].type)) continue;
            smt::Term at_c = tm_.mk_eq(p.off, num(static_cast<i128>(c)));
            if (at_c == tm_.mk_false()) continue;
            cases.emplace_back(tm_.mk_and(base, tm_.mk_and(at_c, cell_exists(o, c))), &o.cells[c]);
        }
    };
    if (static_obj) {
        std::uint64_t id = numeral_value(tm_, p.obj);
        if (id >= 1 && id <= objects_.size()) consider(static_cast<std::uint32_t>(id - 1));
    } else {
        for (std::uint32_t id = 0; id < objects_.size(); ++id) consider(id);
    }
    if (cases.size() == 1 && cases[0].first == tm_.mk_true()) {
        const Cell& c = *cases[0].second;
        if (c.var == UINT32_MAX) return Val{num(c.constant), false, Interval::of(c.constant, c.constant)};
        return read_var(c.var, ptr ? c.off : UINT32_MAX, p.type);
    }
    // An invalid read (out of bounds, null, dead, untracked) yields an arbitrary value.
    Val r;
    if (ptr) {
        r.term = fresh_aux("rd", smt::SortTable::Int);
        r.off = fresh_aux("rd.off", smt::SortTable::Int);
        r.range = Interval::none();
        for (auto it = cases.rbegin(); it != cases.rend(); ++it) {
            r.term = tm_.mk_ite(it->first, read(it->second->var), r.term);
            r.off = tm_.mk_ite(it->first, read(it->second->off), r.off);
        }
        return r;
    }
    r.term = arbitrary(p.type, "rd");
    r.range = type_range(p.type);
    for (auto it = cases.rbegin(); it != cases.rend(); ++it) {
        const Cell& c = *it->second;
        r.term = tm_.mk_ite(it->first, c.var == UINT32_MAX ? num(c.constant) : read(c.var), r.term);
    }
    (void)at;
    return r;
}

void Lowerer::store(const Place& p, const Val& v, const frontend::SourceLocation& at) {
    if (!p.in_memory()) {
        assign_val(p.var, p.var_off, v);
        return;
    }
    const bool ptr = p.type.is_pointer();
    const bool static_obj = is_numeral(tm_, p.obj);
    smt::Term val = ptr ? get(v) : as_int(v).term;
    smt::Term val_off = ptr ? get_off(v) : smt::Term{};
    std::vector<smt::Term> valid;
    struct Update {
        std::uint32_t object;
        std::size_t cell;
        smt::Term cond;
    };
    std::vector<Update> updates;
    auto consider = [&](std::uint32_t id) {
        const MemObject& o = objects_[id];
        smt::Term base = static_obj ? tm_.mk_true() : tm_.mk_eq(p.obj, num(id + 1));
        if (o.alive != UINT32_MAX) base = tm_.mk_and(base, tm_.mk_eq(read(o.alive), num(1)));
        base = tm_.mk_and(base, p.ok);
        if (base == tm_.mk_false() || o.read_only) return;  // no cell of a string literal is writable
        if (!o.tracked) {
            // Contents unknown: only whether the write is valid matters.
            if (o.size != UINT32_MAX) {
                valid.push_back(
                    tm_.mk_and(base, tm_.mk_and(tm_.mk_leq(num(0), p.off), tm_.mk_lt(p.off, read(o.size)))));
            } else if (o.count < kHuge) {
                valid.push_back(tm_.mk_and(
                    base, tm_.mk_and(tm_.mk_leq(num(0), p.off), tm_.mk_lt(p.off, num(static_cast<i128>(o.count))))));
            } else if (static_obj && !o.heap) {
                valid.push_back(base);  // a direct index into a VLA: p.ok bounds every dimension
            }
            return;
        }
        for (std::size_t c = 0; c < o.cells.size(); ++c) {
            if (!cell_compatible(p.type, o.cells[c].type)) continue;
            smt::Term cond =
                tm_.mk_and(base, tm_.mk_and(tm_.mk_eq(p.off, num(static_cast<i128>(c))), cell_exists(o, c)));
            if (cond == tm_.mk_false()) continue;
            valid.push_back(cond);
            updates.push_back(Update{id, c, cond});
        }
        if (o.prefix) {
            // Past the tracked prefix: valid within the length, contents not tracked.
            const smt::Term past = tm_.mk_leq(num(static_cast<i128>(o.cells.size())), p.off);
            valid.push_back(tm_.mk_and(base, tm_.mk_and(past, tm_.mk_lt(p.off, read(o.size)))));
        }
    };
    if (static_obj) {
        std::uint64_t id = numeral_value(tm_, p.obj);
        if (id >= 1 && id <= objects_.size()) consider(static_cast<std::uint32_t>(id - 1));
    } else {
        for (std::uint32_t id = 0; id < objects_.size(); ++id) consider(id);
    }
    check_or_error(tm_.mk_or(valid), "invalid write", at);
    for (const auto& u : updates) havoc_union_siblings(u.object, u.cell, u.cond);
    for (const auto& u : updates) {
        const Cell& c = objects_[u.object].cells[u.cell];
        if (u.cond == tm_.mk_true()) {
            assign(c.var, val);
            if (ptr) assign(c.off, val_off);
            continue;
        }
        assign(c.var, tm_.mk_ite(u.cond, val, read(c.var)));
        if (ptr) assign(c.off, tm_.mk_ite(u.cond, val_off, read(c.off)));
    }
}

void Lowerer::havoc_union_siblings(std::uint32_t id, std::uint64_t cell, smt::Term cond) {
    // A write to a union member leaves the other members' cells indeterminate (their bytes
    // are reinterpreted): arbitrary values under the write's condition.
    const MemObject& o = objects_[id];
    if (!frontend::contains_union(o.type)) return;
    std::uint64_t per = o.heap ? std::max<std::uint64_t>(1, cell_count(o.type)) : o.cells.size();
    std::uint64_t base = cell / per * per;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges;
    frontend::union_siblings(o.type, cell - base, ranges);
    for (const auto& [b, e] : ranges) {
        for (std::uint64_t s = base + b; s < base + e && s < o.cells.size(); ++s) {
            const Cell& c = o.cells[s];
            smt::Term any = c.type.is_pointer() ? fresh_aux("union", smt::SortTable::Int) : arbitrary(c.type, "union");
            assign(c.var, cond == tm_.mk_true() ? any : tm_.mk_ite(cond, any, read(c.var)));
            if (c.type.is_pointer()) {
                smt::Term any_off = fresh_aux("union.off", smt::SortTable::Int);
                assign(c.off, cond == tm_.mk_true() ? any_off : tm_.mk_ite(cond, any_off, read(c.off)));
            }
        }
    }
}

void Lowerer::copy_struct(const Place& dst, const Place& src, const frontend::SourceLocation& at) {
    std::vector<std::pair<Type, std::string>> ls;
    if (cell_count(dst.type) > opt_.max_cells) throw frontend::Unsupported(at, "assignment of a large struct");
    leaves(dst.type, "", ls);
    std::vector<Val> values;
    for (std::size_t k = 0; k < ls.size(); ++k) {
        Place s = src;
        s.type = ls[k].first;
        s.off = tm_.mk_add(std::vector<smt::Term>{src.off, num(static_cast<i128>(k))});
        values.push_back(load(s, at));
    }
    for (std::size_t k = 0; k < ls.size(); ++k) {
        Place d = dst;
        d.type = ls[k].first;
        d.off = tm_.mk_add(std::vector<smt::Term>{dst.off, num(static_cast<i128>(k))});
        store(d, values[k], at);
    }
}

void Lowerer::init_object(std::uint32_t id, const Expr* init, bool zero_rest, const frontend::SourceLocation& at,
                          const std::string& what) {
    // The listed initialisers in order (their side effects happen whether tracked or not).
    std::vector<std::pair<std::uint64_t, Val>> given;
    std::function<void(const Expr&, Type, std::uint64_t)> walk = [&](const Expr& x, Type t, std::uint64_t base) {
        if (x.kind == ExprKind::InitList) {
            for (std::size_t k = 0; k < x.operands.size(); ++k) {
                std::uint64_t pos = x.positions[k];
                if (t.is_array()) {
                    Type el = t.info->target;
                    walk(x.operand(k), el, base + sat_mul(pos, cell_count(el)));
                } else if (t.is_struct()) {
                    walk(x.operand(k), t.info->fields[pos].type, base + field_offset(t, pos));
                } else {
                    walk(x.operand(k), t, base);
                }
            }
            return;
        }
        if (t.is_struct()) {
            // A struct initialised from a struct lvalue (`struct P a = b;`): its cells.
            Place src = place(x);
            std::vector<std::pair<Type, std::string>> ls;
            leaves(t, "", ls);
            for (std::size_t k = 0; k < ls.size(); ++k) {
                Place c = src;
                c.type = ls[k].first;
                c.off = tm_.mk_add(std::vector<smt::Term>{src.off, num(static_cast<i128>(k))});
                given.emplace_back(base + k, protect(load(c, x.loc), c.type));
            }
            return;
        }
        Val v = expr(x);
        if (t.is_pointer()) {
            v = protect(v, t);
        } else {
            v = protect(as_int(v), t);
        }
        given.emplace_back(base, v);
    };
    const MemObject& o0 = objects_[id];
    if (init) walk(*init, o0.type, 0);
    const MemObject& o = objects_[id];
    if (!o.tracked) return;
    std::vector<const Val*> value(o.cells.size(), nullptr);
    for (const auto& [pos, v] : given)
        if (pos < value.size()) value[pos] = &v;
    for (std::size_t c = 0; c < o.cells.size(); ++c) {
        const Cell& cell = o.cells[c];
        if (value[c]) {
            assign_val(cell.var, cell.type.is_pointer() ? cell.off : UINT32_MAX, *value[c]);
        } else if (zero_rest || init) {
            assign(cell.var, num(0));
            if (cell.type.is_pointer()) assign(cell.off, num(0));
        } else if (cell.type.is_pointer() || in_union(o.type, c)) {
            // An uninitialised pointer, or a cell of a union member: any value and no input
            // (the replay leaves them uninitialised and reports reading them).
            assign(cell.var, fresh_aux("ptr", smt::SortTable::Int));
            if (cell.type.is_pointer()) assign(cell.off, fresh_aux("ptr.off", smt::SortTable::Int));
        } else {
            // One input per uninitialised integer cell, in cell order (as the replay reads them).
            assign(cell.var, nondet_value(cell.type, at, what + prog_.vars[cell.var].name.substr(o.name.size())).term);
        }
    }
    for (std::size_t c = 0; c < value.size(); ++c)
        if (value[c]) havoc_union_siblings(id, c, tm_.mk_true());
}

void Lowerer::declare_string_literals() {
    // Their cells are constants, not program variables: no write of the program can change them
    // (every write into one leads to the error location), so a read yields the byte itself and
    // the engines need no invariant over them. So they are tracked whatever their size.
    for (const auto& lit : tu_.string_literals) {
        MemObject o;
        o.name = lit->name;
        o.type = lit->type;
        o.count = cell_count(lit->type);
        o.read_only = true;
        o.cells.assign(o.count, Cell{lit->type.target()});
        const Expr& init = *lit->init;
        for (std::size_t k = 0; k < init.operands.size(); ++k)
            if (init.positions[k] < o.count) o.cells[init.positions[k]].constant = init.operand(k).signed_value();
        objects_.push_back(std::move(o));
        global_objects_[lit.get()] = static_cast<std::uint32_t>(objects_.size() - 1);
        give_address(global_objects_[lit.get()]);
    }
}

void Lowerer::declare_memory(const frontend::VarDecl& d) {
    std::uint32_t id = object_of(&d);
    if (d.type.is_scalar()) return;  // address-taken scalars are declared as variables
    if (!d.vla_lengths.empty()) {
        // Lengths left to right; the cell count is their product when it is linear.
        MemObject& o = objects_[id];
        o.dims.assign(d.vla_lengths.size(), UINT32_MAX);
        smt::Term size = num(1);
        bool linear = true;
        Type t = d.type;
        for (std::size_t k = 0; k < d.vla_lengths.size(); ++k, t = t.info->target) {
            smt::Term len;
            if (d.vla_lengths[k]) {
                Val v = as_int(expr(*d.vla_lengths[k]));
                check_or_error(tm_.mk_leq(num(0), v.term), "variable length array of negative length", d.loc);
                VarId dv = prog_.add_var(objects_[id].name + "#len" + std::to_string(k), "", Type::of(TypeKind::Long),
                                         false, true);
                assign(dv, v.term);
                objects_[id].dims[k] = dv;
                len = v.term;
            } else {
                len = num(static_cast<i128>(t.info->length.value_or(0)));
            }
            if (!is_numeral(tm_, len) && !is_numeral(tm_, size)) linear = false;
            if (linear) size = tm_.mk_mul(std::vector<smt::Term>{size, len});
        }
        std::uint64_t inner = cell_count(t);
        if (linear && inner < kHuge) {
            assign(objects_[id].size, tm_.mk_scale(mpq_class(static_cast<unsigned long>(inner)), size));
        } else {
            objects_[id].size = UINT32_MAX;  // pointer accesses into it are not checked precisely: invalid
        }
        // A VLA reads no inputs (as in the replay, where its cells stay uninitialised): each
        // execution of the declaration gives the tracked cells arbitrary values.
        fill_prefix(objects_[id], false);
        return;
    }
    init_object(id, d.init.get(), false, d.loc, "uninitialised " + d.name);
}

}  // namespace craig::verifier::detail
