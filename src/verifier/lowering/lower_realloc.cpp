// realloc(p, n) in the memory model (docs/memory-model.md, "realloc"), built on malloc and free
// of lower_pointer.cpp:
//  - p is evaluated, then n; p must be null or the start of a live heap block that is no
//    summary object, else the path ends at the error location (undefined behaviour, C11
//    7.22.3.5p3: the replay reports it, so such a path is never a FALSE);
//  - the new block is what malloc(n) gives at this site (tracked, prefix or summary; the
//    same inputs for its uninitialised cells), then its first min(old, new) cells take the old
//    block's values, read through p as a load would (arbitrary where the old cells are not
//    tracked);
//  - the old block dies (a later access through p is a use after free).
// Like malloc in this model, realloc does not fail (it never returns null): a program that
// is safe here is safe whenever the allocations succeed.
#include "frontend/type_checker.hpp"
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

namespace {

// The operand under the implicit conversion of realloc's first argument to void *.
const frontend::Expr& unconverted(const frontend::Expr& e) {
    if (e.kind == frontend::ExprKind::Cast && e.implicit && e.type.is_pointer() && e.type.target().is_void())
        return e.operand(0);
    return e;
}

}  // namespace

Val Lowerer::reallocate(const Expr& call, Type pointee) {
    const auto dm = prog_.provenance.data_model;
    if (call.operands.size() < 2) throw frontend::Unsupported(call.loc, "realloc without a pointer and a size");
    const Expr& old_arg = unconverted(call.operand(0));
    // Memory keeps the type it was allocated with: realloc may not reinterpret a block.
    if (!frontend::is_null_pointer_constant(call.operand(0), dm) &&
        !(old_arg.type.is_pointer() && old_arg.type.target() == pointee))
        throw frontend::Unsupported(call.loc, "realloc of a block of another type than its result's");
    Val p = expr(call.operand(0));
    if (splits(call.operand(1))) p = protect(p, call.operand(0).type);
    Val bytes = allocation_bytes(call);
    check_block_start(p, "realloc of a pointer that is not the start of a live malloc'ed block", call.loc);

    // The old block's cell count (0 for null): the cells that are copied are below it.
    smt::Term obj = get(p);
    smt::Term old_len = num(0);
    for (std::uint32_t id = 0; id < objects_.size(); ++id) {
        const MemObject& o = objects_[id];
        if (!o.heap || o.summary || o.on_stack) continue;
        smt::Term len = o.size != UINT32_MAX ? read(o.size)
                        : o.count <= (std::uint64_t{1} << 40)
                            ? num(static_cast<i128>(o.count))
                            : fresh_aux("realloc.len", smt::SortTable::Int);
        old_len = tm_.mk_ite(tm_.mk_eq(obj, num(id + 1)), len, old_len);
    }

    Val r = allocate_block(call, pointee, bytes);
    const MemObject& fresh = objects_.back();  // allocate_block's object (load adds none)
    for (std::size_t c = 0; c < fresh.cells.size(); ++c) {
        const Cell& cell = fresh.cells[c];
        Place from = pointee_place(p, cell.type);
        from.off = tm_.mk_add(std::vector<smt::Term>{from.off, num(static_cast<i128>(c))});
        const Val v = load(from, call.loc);
        smt::Term copied = tm_.mk_lt(num(static_cast<i128>(c)), old_len);
        assign(cell.var, tm_.mk_ite(copied, cell.type.is_pointer() ? get(v) : as_int(v).term, read(cell.var)));
        if (cell.type.is_pointer()) assign(cell.off, tm_.mk_ite(copied, get_off(v), read(cell.off)));
    }
    kill_block(p);
    return r;
}

}  // namespace craig::verifier::detail
