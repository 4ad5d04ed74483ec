// Addresses of objects for conversions between pointers and integers (docs/memory-model.md,
// "Pointers and integers"). Only programs that contain such a conversion get them
// (frontend::converts_addresses), so that no other program pays for the variables.
//
// An object's address is a program variable chosen when the object is created (an object of a
// called function or a malloc'ed block at each creation): a positive multiple of the element's
// alignment, the whole object within the address range of the data model, and disjoint from
// every other object that has an address and is alive then. Nothing orders the objects, so a
// proof holds for every layout; a counterexample holds for the one its model picked, and the
// replay (memory.cpp) confirms it on a layout of its own, or it is not printed.
// Objects without a byte layout (unions, variable size, summary objects of repeated
// allocation sites) have no address: a pointer into one converts to an arbitrary integer, and
// no integer converts to a pointer into one.
#include "frontend/memory_layout.hpp"
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

namespace {

std::uint64_t byte_size(const MemObject& o) {
    return std::max<std::uint64_t>(1, o.count / o.bytes.cells * o.bytes.size);
}

// Whether the cells of o from cell c on have the leaf types `want` (of the pointee of a view);
// objects of one scalar element type at any c.
bool view_fits(const MemObject& o, std::size_t c, const std::vector<Type>& want) {
    const Type element = frontend::innermost_element(o.type);
    for (std::size_t k = 0; k < want.size(); ++k) {
        if (element.is_scalar()) {
            if (!cell_compatible(want[k], element)) return false;
        } else if (c + k >= o.cells.size() || !cell_compatible(want[k], o.cells[c + k].type)) {
            return false;
        }
    }
    return true;
}

}  // namespace

void Lowerer::give_address(std::uint32_t id) {
    if (!addresses_) return;
    const auto dm = prog_.provenance.data_model;
    {
        MemObject& o = objects_[id];
        if (o.summary || o.prefix || o.size != UINT32_MAX || o.count == 0 || o.count >= frontend::kMaxCells) return;
        auto l = frontend::byte_layout(frontend::innermost_element(o.type), dm);
        // Cells of other layouts map to bytes by a table of the object's cells: tracked sizes only.
        if (!l || o.count % l->cells != 0 || (!l->uniform() && o.count > opt_.max_cells)) return;
        if (opt_.bit_precise) throw frontend::Unsupported(seg_.loc, "bit-precise encoding: object addresses");
        o.bytes = std::move(*l);
        if (o.base == UINT32_MAX)
            o.base = prog_.add_var(o.name + "#addr", "", frontend::size_type(dm), frames_.empty(), true);
    }
    const MemObject& o = objects_[id];
    const unsigned w = frontend::bit_width(frontend::size_type(dm).kind, dm);
    const i128 top = (static_cast<i128>(1) << w) - 1;  // the last address: one past the object fits below
    smt::Term k = fresh_aux("addr", smt::SortTable::Int);
    smt::Term b = tm_.mk_scale(mpq_class(static_cast<unsigned long>(o.bytes.align)), k);
    const smt::Term size = num(static_cast<i128>(byte_size(o)));
    assume(tm_.mk_leq(num(1), k));  // no object at 0, the null pointer
    assume(tm_.mk_leq(tm_.mk_add(std::vector<smt::Term>{b, size}), num(top)));
    for (std::uint32_t j = 0; j < objects_.size(); ++j) {
        const MemObject& q = objects_[j];
        if (j == id || q.base == UINT32_MAX) continue;
        smt::Term bj = read(q.base);
        smt::Term apart =
            tm_.mk_or(tm_.mk_leq(tm_.mk_add(std::vector<smt::Term>{b, size}), bj),
                      tm_.mk_leq(tm_.mk_add(std::vector<smt::Term>{bj, num(static_cast<i128>(byte_size(q)))}), b));
        if (q.alive != UINT32_MAX) apart = tm_.mk_or(tm_.mk_eq(read(q.alive), num(0)), apart);
        assume(apart);
    }
    assign(o.base, b);
}

smt::Term Lowerer::byte_offset_of(const MemObject& o, smt::Term off, smt::Term otherwise) {
    if (o.bytes.uniform()) {
        smt::Term in = tm_.mk_and(tm_.mk_leq(num(0), off), tm_.mk_leq(off, num(static_cast<i128>(o.count))));
        return tm_.mk_ite(in, tm_.mk_scale(mpq_class(static_cast<unsigned long>(o.bytes.size)), off), otherwise);
    }
    smt::Term r = otherwise;
    for (std::uint64_t c = 0; c <= o.count; ++c)
        r = tm_.mk_ite(tm_.mk_eq(off, num(static_cast<i128>(c))),
                       num(static_cast<i128>(frontend::cell_byte_offset(o.bytes, c))), r);
    return r;
}

void Lowerer::check_view(const Val& p, Type to, const frontend::SourceLocation& at) {
    check_or_error(view_ok(p, to),
                   "conversion to '" + frontend::to_string(to) + " *' of a pointer to cells of another type", at);
}

smt::Term Lowerer::view_ok(const Val& p, Type to) {
    // Pointers to void and to incomplete types are never accessed: any cells.
    if (!frontend::cell_count(to)) return tm_.mk_true();
    std::vector<Type> want;
    frontend::append_cell_types(to, want);
    smt::Term obj = get(p), off = get_off(p);
    std::vector<smt::Term> bad;
    for (std::uint32_t id = 0; id < objects_.size(); ++id) {
        const MemObject& o = objects_[id];
        smt::Term here = tm_.mk_eq(obj, num(static_cast<i128>(id) + 1));
        if (here == tm_.mk_false()) continue;
        const Type element = frontend::innermost_element(o.type);
        smt::Term ok;
        if (element.is_scalar()) {
            ok = view_fits(o, 0, want) ? tm_.mk_true() : tm_.mk_false();
        } else if (!o.tracked || o.cells.empty()) {
            ok = element == to ? tm_.mk_true() : tm_.mk_false();
        } else {
            // The cells at which a `to` starts: its leaves match the object's cells there.
            std::vector<smt::Term> at_cell;
            for (std::size_t c = 0; c < o.cells.size(); ++c)
                if (view_fits(o, c, want)) at_cell.push_back(tm_.mk_eq(off, num(static_cast<i128>(c))));
            ok = tm_.mk_or(at_cell);
        }
        if (ok != tm_.mk_true()) bad.push_back(tm_.mk_and(here, tm_.mk_not(ok)));
    }
    return tm_.mk_not(tm_.mk_or(bad));
}

void Lowerer::check_step(const Val& p, smt::Term step, Type pointee, const frontend::SourceLocation& at) {
    const auto size = frontend::size_of(pointee, prog_.provenance.data_model);
    if (!size) return;  // no arithmetic on such pointers reaches here
    smt::Term obj = get(p), off = get_off(p);
    smt::Term to = tm_.mk_add(std::vector<smt::Term>{off, step});
    const auto k = static_cast<i128>(cell_count(pointee));
    std::vector<smt::Term> bad;
    for (std::uint32_t id = 0; id < objects_.size(); ++id) {
        const MemObject& o = objects_[id];
        if (o.base == UINT32_MAX || o.bytes.uniform()) continue;
        // Whole elements of the object's own element type move by its size.
        if (pointee == frontend::innermost_element(o.type)) continue;
        smt::Term here = tm_.mk_eq(obj, num(static_cast<i128>(id) + 1));
        if (here == tm_.mk_false()) continue;
        // bytes(to) - bytes(off) = size * step / k, both within the object (else -1 breaks it).
        smt::Term moved = tm_.mk_sub(byte_offset_of(o, to, num(-1)), byte_offset_of(o, off, num(-1)));
        smt::Term want = tm_.mk_scale(mpq_class(static_cast<unsigned long>(*size)), step);
        smt::Term scaled = tm_.mk_scale(mpq_class(static_cast<unsigned long>(k)), moved);
        smt::Term ok = tm_.mk_and(tm_.mk_eq(scaled, want),
                                  tm_.mk_and(tm_.mk_leq(num(0), to), tm_.mk_leq(to, num(static_cast<i128>(o.count)))));
        bad.push_back(tm_.mk_and(here, tm_.mk_not(tm_.mk_and(ok, tm_.mk_leq(num(0), off)))));
    }
    check_or_error(tm_.mk_not(tm_.mk_or(bad)), "pointer arithmetic across struct members of other sizes", at);
}

void Lowerer::check_end_address(const Place& p, const frontend::SourceLocation& at) {
    if (p.ok == tm_.mk_true()) return;
    std::vector<smt::Term> table;
    for (std::uint32_t id = 0; id < objects_.size(); ++id)
        if (objects_[id].base != UINT32_MAX && !objects_[id].bytes.uniform())
            table.push_back(tm_.mk_eq(p.obj, num(static_cast<i128>(id) + 1)));
    check_or_error(tm_.mk_or(p.ok, tm_.mk_not(tm_.mk_or(table))), "address past the end of an array inside a struct",
                   at);
}

Val Lowerer::pointer_to_int(const Val& p, Type to) {
    const Type up = frontend::size_type(prog_.provenance.data_model);
    smt::Term obj = get(p), off = get_off(p);
    // Null, a pointer made from an integer, and the cells of objects with an address; anything
    // else (no address, dead, outside its object) is an arbitrary integer.
    auto [known, at] = object_address(p);
    smt::Term r = tm_.mk_ite(known, at, arbitrary(up, "addr"));
    smt::Term address_only = tm_.mk_or(tm_.mk_eq(obj, num(kWildObject)), tm_.mk_eq(obj, num(kByteView)));
    // (A byte view moved by char arithmetic may leave the address range: wrapped as addresses are.)
    if (address_only != tm_.mk_false()) r = tm_.mk_ite(address_only, wrap(off, Interval::none(), up).term, r);
    r = tm_.mk_ite(tm_.mk_and(tm_.mk_eq(obj, num(0)), tm_.mk_eq(off, num(0))), num(0), r);
    return convert(Val{r, false, type_range(up)}, up, to);
}

std::pair<smt::Term, smt::Term> Lowerer::object_address(const Val& p) {
    smt::Term obj = get(p), off = get_off(p);
    std::vector<smt::Term> known;
    smt::Term r = num(0);
    for (std::uint32_t id = 0; id < objects_.size(); ++id) {
        const MemObject& o = objects_[id];
        if (o.base == UINT32_MAX) continue;
        smt::Term here = tm_.mk_eq(obj, num(static_cast<i128>(id) + 1));
        if (here == tm_.mk_false()) continue;
        if (o.alive != UINT32_MAX) here = tm_.mk_and(here, tm_.mk_eq(read(o.alive), num(1)));
        // Outside [0, count] the offset gives -1: no address.
        smt::Term at = byte_offset_of(o, off, num(-1));
        here = tm_.mk_and(here, tm_.mk_leq(num(0), at));
        known.push_back(here);
        r = tm_.mk_ite(here, tm_.mk_add(std::vector<smt::Term>{read(o.base), at}), r);
    }
    return {tm_.mk_or(known), r};
}

Val Lowerer::convert_object_pointer(const Val& p, Type from, Type to, const frontend::SourceLocation& at) {
    if (to.is_void() || from == to) return p;
    if (!addresses_) {  // only void * converts here (other casts give the program addresses)
        check_view(p, to, at);
        return p;
    }
    // A byte view first becomes the cells at its address; then a pointer to cells that are no
    // `to` (nor null, nor a pointer to no object) becomes the byte view of its address.
    const Type up = frontend::size_type(prog_.provenance.data_model);
    smt::Term obj = get(p), off = get_off(p);
    Val a = int_to_pointer(Val{off, false, type_range(up)}, up, to);
    smt::Term bv = tm_.mk_eq(obj, num(kByteView));
    Val q{tm_.mk_ite(bv, a.term, obj), false, Interval::none()};
    q.off = tm_.mk_ite(bv, a.off, off);
    smt::Term keep = tm_.mk_or(view_ok(q, to), tm_.mk_eq(get(q), num(0)));
    keep = tm_.mk_or(keep, tm_.mk_or(tm_.mk_eq(get(q), num(kByteView)), tm_.mk_eq(get(q), num(kWildObject))));
    smt::Term addr = pointer_to_int(q, up).term;
    Val r{tm_.mk_ite(keep, get(q), num(kByteView)), false, Interval::none()};
    r.off = tm_.mk_ite(keep, get_off(q), addr);
    return r;
}

smt::Term Lowerer::adjacent(const Val& p, const Val& q) {
    smt::Term po = get(p), poff = get_off(p), qo = get(q), qoff = get_off(q);
    std::vector<smt::Term> ends, starts;  // p's end address, q's start address, per object
    smt::Term end_at = num(0), start_at = num(0);
    for (std::uint32_t id = 0; id < objects_.size(); ++id) {
        const MemObject& o = objects_[id];
        if (o.base == UINT32_MAX) continue;
        smt::Term live = o.alive != UINT32_MAX ? tm_.mk_eq(read(o.alive), num(1)) : tm_.mk_true();
        const smt::Term idt = num(static_cast<i128>(id) + 1);
        smt::Term e =
            tm_.mk_and(live, tm_.mk_and(tm_.mk_eq(po, idt), tm_.mk_eq(poff, num(static_cast<i128>(o.count)))));
        smt::Term s = tm_.mk_and(live, tm_.mk_and(tm_.mk_eq(qo, idt), tm_.mk_eq(qoff, num(0))));
        if (e != tm_.mk_false()) {
            ends.push_back(e);
            end_at = tm_.mk_ite(
                e, tm_.mk_add(std::vector<smt::Term>{read(o.base), num(static_cast<i128>(byte_size(o)))}), end_at);
        }
        if (s != tm_.mk_false()) {
            starts.push_back(s);
            start_at = tm_.mk_ite(s, read(o.base), start_at);
        }
    }
    if (ends.empty() || starts.empty()) return tm_.mk_false();
    return tm_.mk_and(tm_.mk_and(tm_.mk_or(ends), tm_.mk_or(starts)),
                      tm_.mk_and(tm_.mk_not(tm_.mk_eq(po, qo)), tm_.mk_eq(end_at, start_at)));
}

Val Lowerer::int_to_pointer(const Val& n, Type from, Type to) {
    const Type up = frontend::size_type(prog_.provenance.data_model);
    smt::Term a = convert(as_int(n), from, up).term;
    // The cells an address may denote: first the cells inside objects where a `to` fits, then
    // the ends one past an array of `to`s, then the cells of other types as byte views (an
    // address is both the end of one object and the start of another when they are adjacent;
    // C allows either pointer, and the one that can be used as a `to *` is taken).
    struct Candidate {
        smt::Term cond, obj, off;
    };
    std::vector<Candidate> inside, ends, other;
    std::vector<Type> want;
    if (frontend::cell_count(to)) frontend::append_cell_types(to, want);  // (none: void, incomplete)
    // A character pointer to no object: the bytes at that address (a byte view).
    const bool bytes = frontend::is_character(to);
    for (std::uint32_t id = 0; id < objects_.size(); ++id) {
        const MemObject& o = objects_[id];
        if (o.base == UINT32_MAX) continue;
        smt::Term live = o.alive != UINT32_MAX ? tm_.mk_eq(read(o.alive), num(1)) : tm_.mk_true();
        smt::Term rel = tm_.mk_sub(a, read(o.base));
        const smt::Term id_term = num(static_cast<i128>(id) + 1);
        const auto size = static_cast<i128>(byte_size(o));
        if (o.bytes.uniform()) {
            smt::Term in = tm_.mk_and(live, tm_.mk_and(tm_.mk_leq(num(0), rel), tm_.mk_lt(rel, num(size))));
            smt::Term cell = rel;
            if (o.bytes.size > 1) {
                // rel = size * cell + rest, 0 <= rest < size: only rest = 0 is a cell boundary.
                cell = fresh_aux("acell", smt::SortTable::Int);
                smt::Term rest = fresh_aux("arest", smt::SortTable::Int);
                const auto es = static_cast<i128>(o.bytes.size);
                assume(tm_.mk_eq(rel, tm_.mk_add(std::vector<smt::Term>{
                                          tm_.mk_scale(mpq_class(static_cast<unsigned long>(es)), cell), rest})));
                assume(tm_.mk_leq(num(0), rest));
                assume(tm_.mk_lt(rest, num(es)));
                in = tm_.mk_and(in, tm_.mk_eq(rest, num(0)));
            }
            (view_fits(o, 0, want) ? inside : other).push_back(Candidate{in, id_term, cell});
        } else {
            for (std::uint64_t c = 0; c < o.count; ++c) {
                const auto byte = static_cast<i128>(frontend::cell_byte_offset(o.bytes, c));
                (view_fits(o, c, want) ? inside : other)
                    .push_back(
                        Candidate{tm_.mk_and(live, tm_.mk_eq(rel, num(byte))), id_term, num(static_cast<i128>(c))});
            }
        }
        if (o.bytes.uniform() && view_fits(o, 0, want))  // the end of an array of `to`s
            ends.push_back(
                Candidate{tm_.mk_and(live, tm_.mk_eq(rel, num(size))), id_term, num(static_cast<i128>(o.count))});
    }
    // Cells of other types: the byte view of the address.
    for (Candidate& c : other) {
        c.obj = num(kByteView);
        c.off = a;
    }
    Val r{num(bytes ? kByteView : kWildObject), false, Interval::none()};
    r.off = a;  // no object's cell: the integer itself (so it converts back to it)
    for (const auto* group : {&other, &ends, &inside}) {  // the first candidate that holds wins
        for (auto it = group->rbegin(); it != group->rend(); ++it) {
            r.term = tm_.mk_ite(it->cond, it->obj, r.term);
            r.off = tm_.mk_ite(it->cond, it->off, r.off);
        }
    }
    smt::Term null = tm_.mk_eq(a, num(0));
    r.term = tm_.mk_ite(null, num(0), r.term);
    r.off = tm_.mk_ite(null, num(0), r.off);
    return r;
}

}  // namespace craig::verifier::detail
