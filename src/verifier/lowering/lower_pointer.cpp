// Pointer values of the lowering: arithmetic, comparison, malloc/calloc/free (realloc builds on
// them: lower_realloc.cpp).
// A pointer is (object id, cell offset); see lower_memory.cpp and docs/memory-model.md.
#include "frontend/constant_eval.hpp"
#include "frontend/memory_layout.hpp"
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

using frontend::ExprKind;
using frontend::Op;
using frontend::TypeKind;

Val Lowerer::pointer_arith(Op op, Val p, Val i, Type pointee, const frontend::SourceLocation& at) {
    std::uint64_t k = cell_count(pointee);
    if (k > (std::uint64_t{1} << 40))
        throw frontend::Unsupported(at, "arithmetic on pointers to variable-length arrays");
    smt::Term step = tm_.mk_scale(mpq_class(static_cast<unsigned long>(k)), as_int(i).term);
    // A pointer made from an integer that is no object's address points to no array (C11 6.5.6p8).
    if (op == Op::Sub) step = tm_.mk_neg(step);
    if (addresses_) {
        check_or_error(tm_.mk_not(tm_.mk_eq(get(p), num(kWildObject))), kWildArithmetic, at);
        if (!frontend::is_character(pointee))  // a byte view moves by bytes through char * only
            check_or_error(tm_.mk_not(tm_.mk_eq(get(p), num(kByteView))), kViewArithmetic, at);
        check_step(p, step, pointee, at);
    }
    Val r{get(p), false, Interval::none()};
    r.off = tm_.mk_add(std::vector<smt::Term>{get_off(p), step});
    return r;
}

smt::Term Lowerer::in_summary(smt::Term obj) {
    std::vector<smt::Term> any;
    for (std::uint32_t id = 0; id < objects_.size(); ++id)
        if (objects_[id].summary) any.push_back(tm_.mk_eq(obj, num(id + 1)));
    return tm_.mk_or(any);
}

Val Lowerer::pointer_diff(Val p, Val q, Type pointee, const frontend::SourceLocation& at) {
    std::uint64_t k = cell_count(pointee);
    if (k > (std::uint64_t{1} << 40))
        throw frontend::Unsupported(at, "arithmetic on pointers to variable-length arrays");
    if (addresses_) {
        check_or_error(tm_.mk_not(tm_.mk_eq(get(p), num(kWildObject))), kWildArithmetic, at);
        if (!frontend::is_character(pointee))
            check_or_error(tm_.mk_not(tm_.mk_eq(get(p), num(kByteView))), kViewArithmetic, at);
    }
    Type pd = frontend::ptrdiff_type(prog_.provenance.data_model);
    Val d{tm_.mk_sub(get_off(p), get_off(q)), false, Interval::none()};
    if (k != 1) d = arith(Op::Div, d, Val{num(static_cast<i128>(k)), false, Interval::of(k, k)}, pd, pd, at);
    // Pointers into different objects: undefined; any value (also for two blocks of one
    // summary object, which the model cannot tell apart).
    smt::Term any = fresh_aux("pdiff", smt::SortTable::Int);
    smt::Term same = tm_.mk_and(tm_.mk_eq(get(p), get(q)), tm_.mk_not(in_summary(get(p))));
    return Val{tm_.mk_ite(same, d.term, any), false, Interval::none()};
}

Val Lowerer::pointer_compare(Op op, Val p, Val q) {
    smt::Term same = tm_.mk_eq(get(p), get(q));
    smt::Term a = get_off(p), b = get_off(q);
    // Two pointers into one summary object may point into different blocks: any outcome.
    smt::Term summary = tm_.mk_and(same, in_summary(get(p)));
    if (op == Op::Eq || op == Op::Ne) {
        smt::Term eq = tm_.mk_and(same, tm_.mk_eq(a, b));
        if (summary != tm_.mk_false()) eq = tm_.mk_ite(summary, fresh_aux("peq", smt::SortTable::Bool), eq);
        // With addresses, objects may lie next to each other: then one past the end of one is
        // the start of the other (pointers converted from integers may be either).
        // A byte view equals a pointer to the cell at its address.
        if (addresses_) {
            eq = tm_.mk_or(eq, tm_.mk_or(adjacent(p, q), adjacent(q, p)));
            for (auto [x, y] : {std::pair{&p, &q}, std::pair{&q, &p}}) {
                auto [known, at] = object_address(*y);
                eq = tm_.mk_or(
                    eq, tm_.mk_and(tm_.mk_eq(get(*x), num(kByteView)), tm_.mk_and(known, tm_.mk_eq(get_off(*x), at))));
            }
        }
        return Val{op == Op::Eq ? eq : tm_.mk_not(eq), true, {}};
    }
    same = tm_.mk_and(same, tm_.mk_not(summary));
    smt::Term c;
    switch (op) {
        case Op::Lt: c = tm_.mk_lt(a, b); break;
        case Op::Le: c = tm_.mk_leq(a, b); break;
        case Op::Gt: c = tm_.mk_lt(b, a); break;
        default: c = tm_.mk_leq(b, a); break;
    }
    // Relational comparison of pointers into different objects is undefined: any outcome.
    smt::Term any = fresh_aux("pcmp", smt::SortTable::Bool);
    return Val{tm_.mk_ite(same, c, any), true, {}};
}

namespace {
constexpr std::uint64_t kNoCount = UINT64_MAX / 4;  // as lower_memory.cpp's "too many to count"
}  // namespace

Val Lowerer::allocation_bytes(const Expr& call) {
    // Size in bytes: malloc(n), calloc(n, m), realloc(p, n).
    const bool re = call.callee->builtin == frontend::Builtin::Realloc;
    Val bytes = as_int(expr(call.operand(re ? 1 : 0)));
    if (call.callee->builtin == frontend::Builtin::Calloc) {
        Val m = as_int(expr(call.operand(1)));
        Type st = frontend::size_type(prog_.provenance.data_model);
        bytes = arith(Op::Mul, bytes, m, st, st, call.loc);
    }
    return bytes;
}

Val Lowerer::allocate(const Expr& call, Type pointee) { return allocate_block(call, pointee, allocation_bytes(call)); }

Val Lowerer::allocate_block(const Expr& call, Type pointee, Val bytes) {
    const frontend::FunctionDecl& f = *call.callee;
    // A site that may run more than once gets one summary object (MemObject::summary).
    bool repeated = loop_depth_ > 0 || opt_.keep_calls;
    for (const Frame& fr : frames_) repeated |= fr.has_goto;
    auto dm = prog_.provenance.data_model;
    std::uint64_t esize = frontend::size_of(pointee, dm).value_or(0);
    if (esize == 0) throw frontend::Unsupported(call.loc, "malloc of an object of unknown size");
    const std::string name = "malloc@" + std::to_string(call.loc.line) + ":" + std::to_string(call.loc.col) + "#" +
                             std::to_string(objects_.size() + 1);
    const bool zero = f.builtin == frontend::Builtin::Calloc;
    // alloca's block is on the stack: free and realloc of it are undefined (as in the replay).
    const bool on_stack = f.name == "alloca" || f.name == "__builtin_alloca";
    std::uint32_t id;
    // A size fixed in the program text (the replay's criterion too: such blocks read inputs
    // for their cells, blocks sized at run time do not).
    const Expr& size = call.operand(f.builtin == frontend::Builtin::Realloc ? 1 : 0);
    bool fixed =
        frontend::evaluate_constant(size, dm).has_value() &&
        (f.builtin != frontend::Builtin::Calloc || frontend::evaluate_constant(call.operand(1), dm).has_value());
    if (repeated) {
        std::uint64_t count = kNoCount;
        if (fixed && bytes.range.is_const() && bytes.range.lo > 0 && bytes.range.lo % static_cast<i128>(esize) == 0) {
            std::uint64_t elems = static_cast<std::uint64_t>(bytes.range.lo / static_cast<i128>(esize));
            std::uint64_t k = cell_count(pointee);
            if (k < (std::uint64_t{1} << 40) && elems < (std::uint64_t{1} << 40) / std::max<std::uint64_t>(1, k))
                count = elems * k;
        }
        // Untracked; without a fixed size every write into it is flagged (its blocks may differ).
        id = new_object(name, pointee, opt_.max_cells + 1, false, true);
        objects_[id].tracked = false;
        objects_[id].summary = true;
        objects_[id].on_stack = on_stack;
        prog_.untracked_blocks.push_back(call.loc.str() + " " + f.name);
        objects_[id].count = count;
        if (!zero && count <= opt_.max_cells) {
            // The replay reads one input per integer cell of each block (a fresh block is
            // uninitialised); the model reads them too, so that its counterexamples replay,
            // though its reads of the block stay arbitrary.
            std::vector<frontend::Type> leaf;
            frontend::append_cell_types(pointee, leaf);
            for (std::uint64_t c = 0; c < count; ++c) {
                Type t = leaf[c % leaf.size()];
                if (t.is_integer()) nondet_value(t, call.loc, "uninitialised malloc'ed cell " + std::to_string(c));
            }
        }
    } else if (fixed && bytes.range.is_const()) {
        i128 n = bytes.range.lo;
        if (n <= 0 || n % static_cast<i128>(esize) != 0)
            throw frontend::Unsupported(call.loc,
                                        "malloc of a size that is not a positive multiple of the element size");
        std::uint64_t elems = static_cast<std::uint64_t>(n / static_cast<i128>(esize));
        std::uint64_t k = cell_count(pointee);
        std::uint64_t count = elems > opt_.max_cells || k > opt_.max_cells ? opt_.max_cells + 1 : elems * k;
        id = new_object(name, pointee, count, true, true);
        objects_[id].heap = true;
        objects_[id].on_stack = on_stack;
        if (on_stack && !frames_.empty()) frames_.back().stack_blocks.push_back(id);
        if (objects_[id].tracked) {
            for (const Cell& c : objects_[id].cells) {
                if (zero) {
                    assign(c.var, num(0));
                    if (c.off != UINT32_MAX) assign(c.off, num(0));
                } else if (c.type.is_pointer()) {
                    assign(c.var, fresh_aux("ptr", smt::SortTable::Int));
                    assign(c.off, fresh_aux("ptr.off", smt::SortTable::Int));
                } else {
                    assign(c.var, nondet_value(c.type, call.loc,
                                               "uninitialised malloc'ed " +
                                                   prog_.vars[c.var].name.substr(objects_[id].name.size()))
                                      .term);
                }
            }
        } else {
            objects_[id].count =
                elems >= (std::uint64_t{1} << 40) / std::max<std::uint64_t>(1, k) ? objects_[id].count : elems * k;
        }
    } else {
        // A size known only at run time: an untracked object of that many elements.
        id = new_object(name, pointee, opt_.max_cells + 1, true, true);
        objects_[id].heap = true;
        objects_[id].on_stack = on_stack;
        if (on_stack && !frames_.empty()) frames_.back().stack_blocks.push_back(id);
        std::uint64_t k = cell_count(pointee);
        Type st = frontend::size_type(dm);
        Val elems = arith(Op::Div, bytes, Val{num(static_cast<i128>(esize)), false, Interval::of(esize, esize)}, st, st,
                          call.loc);
        objects_[id].size = prog_.add_var(name + "#size", "", Type::of(TypeKind::Long), frames_.empty(), true);
        assign(objects_[id].size, tm_.mk_scale(mpq_class(static_cast<unsigned long>(k)), elems.term));
        // Its first elements are tracked: zero from calloc; from malloc arbitrary and no inputs
        // (the replay leaves a block sized at run time uninitialised).
        track_prefix(objects_[id], pointee);
        fill_prefix(objects_[id], zero);
    }
    give_address(id);
    label(f.name + "()", call.loc);
    Val r{num(static_cast<i128>(id) + 1), false, Interval::none()};
    r.off = num(0);
    return r;
}

void Lowerer::free_object(const Val& p, const frontend::SourceLocation& at) {
    check_block_start(p, "invalid free", at);
    kill_block(p);
    label("free", at);
}

void Lowerer::check_block_start(const Val& p, const std::string& what, const frontend::SourceLocation& at) {
    smt::Term obj = get(p), off = get_off(p);
    std::vector<smt::Term> ok{tm_.mk_eq(obj, num(0))};
    for (std::uint32_t id = 0; id < objects_.size(); ++id) {
        const MemObject& o = objects_[id];
        // A summary object cannot tell a freed block from a live one: freeing one is flagged.
        if (!o.heap || o.summary || o.on_stack) continue;
        ok.push_back(tm_.mk_and(tm_.mk_and(tm_.mk_eq(obj, num(id + 1)), tm_.mk_eq(off, num(0))),
                                tm_.mk_eq(read(o.alive), num(1))));
    }
    check_or_error(tm_.mk_or(ok), what, at);
}

void Lowerer::kill_block(const Val& p) {
    smt::Term obj = get(p);
    for (std::uint32_t id = 0; id < objects_.size(); ++id) {
        const MemObject& o = objects_[id];
        if (!o.heap || o.summary || o.on_stack) continue;
        VarId a = o.alive;
        assign(a, tm_.mk_ite(tm_.mk_eq(obj, num(id + 1)), num(0), read(a)));
    }
}

}  // namespace craig::verifier::detail
