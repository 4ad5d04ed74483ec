// The symbolic meaning of <string.h> (frontend/libc.hpp's String rows) on the cells of the
// memory model (docs/memory-model.md). The replay's concrete meaning is in
// frontend/libc_string_replay.cpp.
//
// A pointer argument denotes one of its candidate objects (the object of a constant pointer;
// for a symbolic one every object, each under `obj = id ∧ alive`). Per candidate:
//  - tracked objects: position off + j is read as its cell (an ite over the cells when off is
//    symbolic) and a written cell c gets ite(c in the written range, new, old);
//  - untracked objects and the untracked tail of a prefix object: accesses are checked against
//    the object's length only, reads give arbitrary values (strlen any length that fits).
// Every call first checks that its accesses stay within a live object of the argument's cell
// type (writes: a writable one), that strings are terminated within their object and, for
// memcpy, strcpy, strncpy and strcat, that source and destination do not overlap; otherwise
// the path goes to the error location labelled as undefined behaviour (check_or_error).
//
// Byte counts: memset, memcpy, memmove and memcmp count bytes, the cells have types. The cell
// type is the pointee type of the argument before its conversion to void * (a struct or array
// of one cell type counts as that type); n bytes are n / sizeof(T) cells, and a cell of which
// only some bytes are written gets an arbitrary value (an over-approximation; the replay
// computes its bytes). A struct of cells of different types is set or copied cell by cell,
// whole structs only (n a constant multiple of its size: padding bytes are no cells).
// memcpy between cells of different sizes, part of such a struct, memcmp of it and a void *
// argument are Unsupported: the cell model cannot reinterpret memory.
//
// strcmp, strncmp and memcmp read one input for their result, constrained to the sign of the
// first difference (0 when none), as the <ctype.h> classes do for "nonzero"; the replay reads
// it and returns glibc's value, so a counterexample that needs a particular value is refuted.
//
// Cost: O(cells) terms per candidate object when the pointer's object and offset and the
// length are constants (a constant position names its cell directly); with a symbolic offset
// or length, O(cells^2) per candidate (each relative position is an ite over the cells), and
// strcmp/strncmp consider every pair of candidates.
#include <algorithm>
#include <array>
#include <functional>
#include <optional>

#include "frontend/libc.hpp"
#include "frontend/libc_string_replay.hpp"
#include "frontend/memory_layout.hpp"
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

using frontend::StringOp;
using frontend::TypeKind;

namespace {

constexpr std::uint64_t kHuge = UINT64_MAX / 4;

bool is_char(Type t) { return t.kind == TypeKind::Char || t.kind == TypeKind::SChar || t.kind == TypeKind::UChar; }

using Layout = std::vector<Type>;  // the cell types of one unit of an access

// One candidate object of a pointer: `here` says the pointer denotes it (and it is alive).
struct Candidate {
    std::uint32_t id;
    smt::Term here;
};

class StringLowering {
public:
    StringLowering(Lowerer& l, const Expr& e)
        : l_(l), tm_(l.tm_), e_(e), name_(e.callee->name), move_(e.callee->libc->op == StringOp::Memmove) {}

    Val run(const std::vector<Val>& args);

private:
    // --- positions within a candidate object
    smt::Term num(i128 v) { return l_.num(v); }
    smt::Term add(smt::Term a, smt::Term b) { return tm_.mk_add(std::array<smt::Term, 2>{a, b}); }
    smt::Term add(smt::Term a, i128 b) { return add(a, num(b)); }
    bool is_numeral(smt::Term t) { return tm_.kind(t) == smt::Kind::Numeral; }
    i128 numeral(smt::Term t) { return static_cast<i128>(tm_.numeral(t).get_num().get_si()); }

    std::vector<Candidate> candidates(const Val& p, Type cell, bool write);
    // The cells of o that off + j may be (tracked cells of the access type).
    std::uint64_t tracked_span(const MemObject& o, smt::Term off);
    smt::Term extent(const MemObject& o);  // cells of the object (invalid term when unknown)
    smt::Term value_at(const MemObject& o, smt::Term pos, Type cell);
    smt::Term readable_at(const MemObject& o, smt::Term pos, Type cell);
    // Whether [off, off + k) lies within o and its cells repeat `layout` (one type: every cell of
    // it; the cells of a struct of mixed types: checked cell by cell when off is a constant, else
    // left to the front end's typing, under which a pointer to a struct points to one).
    smt::Term range_ok(const MemObject& o, smt::Term off, smt::Term k, const Layout& layout);
    smt::Term range_valid(const std::vector<Candidate>& cs, smt::Term off, smt::Term k, const Layout& layout);

    // --- the pieces of the calls
    struct Scan {
        smt::Term ok;   // the string is terminated (or the limit reached) within its object
        smt::Term idx;  // the first position holding 0 or `stop`, or the limit
    };
    Scan scan(const Val& p, Type cell, std::optional<smt::Term> stop, std::optional<smt::Term> limit);
    // Writes cells [dst + start, dst + start + k) of the candidates: value(j, type) for the
    // relative position j and the cell's type.
    void write(const Val& dst, const Layout& layout, smt::Term start, smt::Term k,
               const std::function<Val(smt::Term, Type)>& value);
    smt::Term load_at(const Val& p, smt::Term rel, Type cell);
    smt::Term overlap(const Val& a, smt::Term ka, const Val& b, smt::Term kb);
    void check(smt::Term ok, const std::string& what) { l_.check_or_error(ok, name_ + " " + what, e_.loc); }
    Val result_of_sign(smt::Term sign);
    Type cell_type_of(std::size_t i, bool string);
    // memset, memcpy, memmove: the cell types of the argument's pointee (one type when it is an
    // integer or all its cells have one integer type) and its size in bytes.
    std::pair<Layout, std::uint64_t> layout_of(std::size_t i);
    Val mem_struct(const std::vector<Val>& a, const Layout& layout, std::uint64_t size, bool copy);
    std::uint64_t bytes(Type t) { return frontend::bit_width(t.kind, l_.prog_.provenance.data_model) / 8; }
    // n bytes as cells of `cell`: full cells and whether one more is partly covered.
    std::pair<smt::Term, smt::Term> cells_of(const Val& n, Type cell);

    Val mem_set(const std::vector<Val>& a);
    Val mem_copy(const std::vector<Val>& a);
    Val replicated(const Val& c, Type t);
    Val mem_compare(const std::vector<Val>& a);
    Val str_compare(const std::vector<Val>& a, std::optional<smt::Term> limit);
    Val str_copy(const std::vector<Val>& a, std::optional<smt::Term> limit);
    Val str_cat(const std::vector<Val>& a);
    Val str_chr(const std::vector<Val>& a);

    Lowerer& l_;
    smt::TermManager& tm_;
    const Expr& e_;
    std::string name_;
    bool move_;  // memmove: overlap allowed
};

std::vector<Candidate> StringLowering::candidates(const Val& p, Type cell, bool write) {
    std::vector<Candidate> out;
    const smt::Term obj = l_.get(p);
    auto consider = [&](std::uint32_t id, bool constant) {
        const MemObject& o = l_.objects_[id];
        if (write && o.read_only) return;
        smt::Term here = constant ? tm_.mk_true() : tm_.mk_eq(obj, num(id + 1));
        if (o.alive != UINT32_MAX) here = tm_.mk_and(here, tm_.mk_eq(l_.read(o.alive), num(1)));
        if (here == tm_.mk_false()) return;
        if (o.tracked) {
            bool any = false;
            for (const Cell& c : o.cells) any = any || c.type == cell;
            if (!any && !o.prefix) return;
        }
        out.push_back(Candidate{id, here});
    };
    if (is_numeral(obj)) {
        const i128 id = numeral(obj);
        if (id >= 1 && id <= static_cast<i128>(l_.objects_.size())) consider(static_cast<std::uint32_t>(id - 1), true);
    } else {
        for (std::uint32_t id = 0; id < l_.objects_.size(); ++id) consider(id, false);
    }
    return out;
}

std::uint64_t StringLowering::tracked_span(const MemObject& o, smt::Term off) {
    if (!o.tracked) return 0;
    if (!is_numeral(off)) return o.cells.size();
    const i128 v = numeral(off);
    return v < 0 || v >= static_cast<i128>(o.cells.size()) ? 0 : o.cells.size() - static_cast<std::uint64_t>(v);
}

smt::Term StringLowering::extent(const MemObject& o) {
    if (o.size != UINT32_MAX) return l_.read(o.size);
    if (o.tracked && !o.prefix) return num(static_cast<i128>(o.cells.size()));
    if (o.count < kHuge) return num(static_cast<i128>(o.count));
    return {};
}

smt::Term StringLowering::value_at(const MemObject& o, smt::Term pos, Type cell) {
    auto cell_value = [&](const Cell& c) { return c.var == UINT32_MAX ? num(c.constant) : l_.read(c.var); };
    if (o.tracked && is_numeral(pos)) {
        const i128 p = numeral(pos);
        if (p >= 0 && p < static_cast<i128>(o.cells.size()) && o.cells[p].type == cell) return cell_value(o.cells[p]);
        return l_.arbitrary(cell, "str");
    }
    smt::Term r = l_.arbitrary(cell, "str");
    if (!o.tracked) return r;
    for (std::size_t c = o.cells.size(); c-- > 0;)
        if (o.cells[c].type == cell)
            r = tm_.mk_ite(tm_.mk_eq(pos, num(static_cast<i128>(c))), cell_value(o.cells[c]), r);
    return r;
}

smt::Term StringLowering::readable_at(const MemObject& o, smt::Term pos, Type cell) {
    std::vector<smt::Term> ok;
    if (o.tracked) {
        if (is_numeral(pos)) {
            const i128 p = numeral(pos);
            if (p >= 0 && p < static_cast<i128>(o.cells.size()) && o.cells[p].type == cell)
                ok.push_back(l_.cell_exists(o, static_cast<std::size_t>(p)));
        } else {
            for (std::size_t c = 0; c < o.cells.size(); ++c)
                if (o.cells[c].type == cell)
                    ok.push_back(tm_.mk_and(tm_.mk_eq(pos, num(static_cast<i128>(c))), l_.cell_exists(o, c)));
        }
        if (!o.prefix) return tm_.mk_or(ok);
    }
    // Past the tracked cells: within the object's length (contents unknown).
    const smt::Term len = extent(o);
    if (len.valid()) {
        const smt::Term from = num(o.tracked ? static_cast<i128>(o.cells.size()) : 0);
        ok.push_back(tm_.mk_and(tm_.mk_leq(from, pos), tm_.mk_lt(pos, len)));
    }
    return tm_.mk_or(ok);
}

smt::Term StringLowering::range_ok(const MemObject& o, smt::Term off, smt::Term k, const Layout& layout) {
    const smt::Term len = extent(o);
    if (!len.valid()) return tm_.mk_false();
    const smt::Term end = add(off, k);
    std::vector<smt::Term> ok{tm_.mk_leq(num(0), off), tm_.mk_leq(end, len)};
    if (layout.size() > 1) {
        if (is_numeral(off) && is_numeral(k))
            for (i128 c = std::max<i128>(0, numeral(off)); c < numeral(off) + numeral(k) && c < i128(o.cells.size());
                 ++c)
                if (o.cells[c].type != layout[static_cast<std::size_t>((c - numeral(off)) % i128(layout.size()))])
                    return tm_.mk_false();
        return tm_.mk_and(ok);
    }
    for (std::size_t c = 0; c < o.cells.size(); ++c) {
        if (o.cells[c].type == layout[0]) continue;
        const smt::Term at = num(static_cast<i128>(c));
        ok.push_back(tm_.mk_not(tm_.mk_and(tm_.mk_leq(off, at), tm_.mk_lt(at, end))));
    }
    return tm_.mk_and(ok);
}

smt::Term StringLowering::range_valid(const std::vector<Candidate>& cs, smt::Term off, smt::Term k,
                                      const Layout& layout) {
    std::vector<smt::Term> any;
    for (const Candidate& c : cs) any.push_back(tm_.mk_and(c.here, range_ok(l_.objects_[c.id], off, k, layout)));
    return tm_.mk_or(any);
}

StringLowering::Scan StringLowering::scan(const Val& p, Type cell, std::optional<smt::Term> stop,
                                          std::optional<smt::Term> limit) {
    const smt::Term off = l_.get_off(p);
    std::vector<smt::Term> oks;
    smt::Term idx = l_.fresh_aux("strlen", smt::SortTable::Int);  // no candidate: the check fails
    for (const Candidate& c : candidates(p, cell, false)) {
        const MemObject& o = l_.objects_[c.id];
        const std::uint64_t span = tracked_span(o, off);
        // Past the tracked cells: the contents are unknown, any position up to the length.
        smt::Term ok = readable_at(o, add(off, static_cast<i128>(span)), cell);
        smt::Term at = l_.fresh_aux("strlen", smt::SortTable::Int);
        l_.assume(tm_.mk_leq(num(static_cast<i128>(span)), at));
        if (const smt::Term len = extent(o); len.valid()) {
            // Within the object (the terminator too). Only where that is satisfiable: the check
            // made after the scan forks its error path from this segment, which must keep every
            // state in which the access is invalid.
            const smt::Term from = add(off, static_cast<i128>(span));
            l_.assume(tm_.mk_implies(tm_.mk_and(c.here, tm_.mk_lt(from, len)), tm_.mk_lt(add(off, at), len)));
        }
        if (limit) {
            ok = tm_.mk_or(tm_.mk_leq(*limit, num(static_cast<i128>(span))), ok);
            at = tm_.mk_ite(tm_.mk_leq(*limit, num(static_cast<i128>(span))), *limit, at);
        }
        for (std::uint64_t j = span; j-- > 0;) {
            const smt::Term pos = add(off, static_cast<i128>(j));
            const smt::Term v = value_at(o, pos, cell);
            smt::Term ends = tm_.mk_eq(v, num(0));
            if (stop) ends = tm_.mk_or(ends, tm_.mk_eq(v, *stop));
            smt::Term step_ok = tm_.mk_and(readable_at(o, pos, cell), tm_.mk_or(ends, ok));
            smt::Term step_at = tm_.mk_ite(ends, num(static_cast<i128>(j)), at);
            if (limit) {
                const smt::Term reached = tm_.mk_leq(*limit, num(static_cast<i128>(j)));
                step_ok = tm_.mk_or(reached, step_ok);
                step_at = tm_.mk_ite(reached, *limit, step_at);
            }
            ok = step_ok;
            at = step_at;
        }
        oks.push_back(tm_.mk_and(c.here, ok));
        idx = tm_.mk_ite(c.here, at, idx);
    }
    return Scan{tm_.mk_or(oks), idx};
}

smt::Term StringLowering::load_at(const Val& p, smt::Term rel, Type cell) {
    Place pl = l_.pointee_place(p, cell);
    pl.off = add(pl.off, rel);
    return l_.as_int(l_.load(pl, e_.loc)).term;
}

void StringLowering::write(const Val& dst, const Layout& layout, smt::Term start, smt::Term k,
                           const std::function<Val(smt::Term, Type)>& value) {
    const smt::Term off = add(l_.get_off(dst), start);
    struct Update {
        const Cell* cell;
        smt::Term cond;
        Val value;
    };
    std::vector<Update> updates;  // all values first: memmove reads the cells before any write
    for (const Candidate& c : candidates(dst, layout[0], true)) {
        const MemObject& o = l_.objects_[c.id];
        if (!o.tracked) continue;
        if (frontend::contains_union(o.type))
            throw frontend::Unsupported(e_.loc, name_ + " into an object with a union");
        auto update = [&](std::size_t i) {
            if (layout.size() == 1 && o.cells[i].type != layout[0]) return;
            const smt::Term at = num(static_cast<i128>(i));
            const smt::Term rel = tm_.mk_sub(at, off);
            smt::Term cond = tm_.mk_and(
                std::array<smt::Term, 4>{c.here, tm_.mk_leq(off, at), tm_.mk_lt(rel, k), l_.cell_exists(o, i)});
            if (cond == tm_.mk_false()) return;
            updates.push_back(Update{&o.cells[i], cond, value(rel, o.cells[i].type)});
        };
        if (is_numeral(off) && is_numeral(k)) {  // the written cells themselves: O(k)
            for (i128 i = std::max<i128>(0, numeral(off));
                 i < numeral(off) + numeral(k) && i < static_cast<i128>(o.cells.size()); ++i)
                update(static_cast<std::size_t>(i));
        } else {
            for (std::size_t i = 0; i < o.cells.size(); ++i) update(i);
        }
    }
    auto assign = [&](const Update& u, VarId var, smt::Term v) {
        l_.assign(var, u.cond == tm_.mk_true() ? v : tm_.mk_ite(u.cond, v, l_.read(var)));
    };
    for (const Update& u : updates) {
        if (u.cell->type.is_pointer()) {
            assign(u, u.cell->var, l_.get(u.value));
            assign(u, u.cell->off, l_.get_off(u.value));
        } else {
            assign(u, u.cell->var, l_.as_int(u.value).term);
        }
    }
}

smt::Term StringLowering::overlap(const Val& a, smt::Term ka, const Val& b, smt::Term kb) {
    const smt::Term ao = l_.get_off(a), bo = l_.get_off(b);
    return tm_.mk_and(std::array<smt::Term, 5>{tm_.mk_eq(l_.get(a), l_.get(b)), tm_.mk_lt(num(0), ka),
                                               tm_.mk_lt(num(0), kb), tm_.mk_lt(ao, add(bo, kb)),
                                               tm_.mk_lt(bo, add(ao, ka))});
}

Val StringLowering::result_of_sign(smt::Term sign) {
    Val r = l_.nondet_value(Type::of(TypeKind::Int), e_.loc, name_ + "()");
    l_.assume(tm_.mk_and(std::array<smt::Term, 3>{tm_.mk_eq(tm_.mk_lt(sign, num(0)), tm_.mk_lt(r.term, num(0))),
                                                  tm_.mk_eq(tm_.mk_eq(sign, num(0)), tm_.mk_eq(r.term, num(0))),
                                                  tm_.mk_eq(tm_.mk_lt(num(0), sign), tm_.mk_lt(num(0), r.term))}));
    return r;
}

Type StringLowering::cell_type_of(std::size_t i, bool string) {
    Type t = frontend::string_access_type(e_.operand(i));
    if (t.is_struct() || t.is_array()) {
        std::vector<Type> cells;
        if (frontend::cell_count(t).value_or(kHuge) <= l_.opt_.max_cells) frontend::append_cell_types(t, cells);
        if (cells.empty()) throw frontend::Unsupported(e_.loc, name_ + " of an object of no known layout");
        for (Type c : cells)
            if (c != cells[0])
                throw frontend::Unsupported(e_.loc, name_ + " of a struct whose cells have different types");
        t = cells[0];
    }
    if (t.is_void())
        throw frontend::Unsupported(e_.loc, name_ + " through a void * pointer (the cell type is unknown)");
    if (!t.is_integer() || t.is_bool())
        throw frontend::Unsupported(e_.loc, name_ + " of cells of type " + frontend::to_string(t));
    if (string && !is_char(t)) throw frontend::Unsupported(e_.loc, name_ + " of a string that is not of char");
    return t;
}

std::pair<smt::Term, smt::Term> StringLowering::cells_of(const Val& n, Type cell) {
    const std::uint64_t s = bytes(cell);
    if (s == 1) return {l_.as_int(n).term, tm_.mk_false()};
    const Type size_t_type = Type::of(TypeKind::ULong);
    const Val sz{num(static_cast<i128>(s)), false, Interval::of(s, s)};
    const Val q = l_.arith(frontend::Op::Div, n, sz, size_t_type, size_t_type, e_.loc);
    const Val r = l_.arith(frontend::Op::Rem, n, sz, size_t_type, size_t_type, e_.loc);
    return {l_.as_int(q).term, tm_.mk_not(tm_.mk_eq(l_.as_int(r).term, num(0)))};
}

std::pair<Layout, std::uint64_t> StringLowering::layout_of(std::size_t i) {
    const Type t = frontend::string_access_type(e_.operand(i));
    if (!t.is_struct() && !t.is_array()) {
        const Type cell = cell_type_of(i, false);
        return {Layout{cell}, bytes(cell)};
    }
    Layout cells;
    if (frontend::cell_count(t).value_or(kHuge) <= l_.opt_.max_cells) frontend::append_cell_types(t, cells);
    const auto size = frontend::size_of(t, l_.prog_.provenance.data_model);
    if (cells.empty() || !size) throw frontend::Unsupported(e_.loc, name_ + " of an object of no known layout");
    bool uniform = true;
    for (Type c : cells) {
        uniform = uniform && c == cells[0];
        if (!(c.is_integer() && !c.is_bool()) && !c.is_pointer())
            throw frontend::Unsupported(e_.loc, name_ + " of cells of type " + frontend::to_string(c));
    }
    if (uniform && cells[0].is_integer()) return {Layout{cells[0]}, bytes(cells[0])};
    return {cells, *size};
}

// A value of type t whose bytes are all (unsigned char)c: the byte replicated, as that type.
Val StringLowering::replicated(const Val& c, Type t) {
    const Type int_t = Type::of(TypeKind::Int), uchar = Type::of(TypeKind::UChar);
    const Val byte = l_.as_int(l_.convert(c, int_t, uchar));
    const std::uint64_t s = bytes(t);
    i128 factor = 0;
    for (std::uint64_t i = 0; i < s; ++i) factor = factor * 256 + 1;
    const Val wide{tm_.mk_scale(mpq_class(mpz_class(static_cast<unsigned long>(factor))), byte.term), false,
                   Interval::of(0, 255 * factor)};
    const Type unsigned_t = s == 1   ? uchar
                            : s == 2 ? Type::of(TypeKind::UShort)
                            : s == 4 ? Type::of(TypeKind::UInt)
                                     : Type::of(TypeKind::ULongLong);
    return l_.convert(wide, unsigned_t, t);
}

// A struct of mixed cell types: whole structs only (n a constant multiple of its size), cell by
// cell (padding bytes are not cells); memset of pointer cells only with 0 (null).
Val StringLowering::mem_struct(const std::vector<Val>& a, const Layout& layout, std::uint64_t size, bool copy) {
    const Val n = l_.as_int(a[2]);
    if (!n.range.is_const() || n.range.lo % static_cast<i128>(size) != 0)
        throw frontend::Unsupported(e_.loc, name_ + " of part of a struct with cells of different types (" +
                                                std::to_string(size) + " bytes each)");
    const smt::Term k = num(n.range.lo / static_cast<i128>(size) * static_cast<i128>(layout.size()));
    if (copy) {
        if (layout_of(1).first != layout)
            throw frontend::Unsupported(e_.loc, name_ + " between structs of different layouts");
        check(range_valid(candidates(a[1], layout[0], false), l_.get_off(a[1]), k, layout), "reads outside an object");
        check(range_valid(candidates(a[0], layout[0], true), l_.get_off(a[0]), k, layout),
              "writes outside a writable object");
        if (!move_) check(tm_.mk_not(overlap(a[0], k, a[1], k)), "of overlapping objects");
        write(a[0], layout, num(0), k, [&](smt::Term j, Type t) {
            Place pl = l_.pointee_place(a[1], t);
            pl.off = add(pl.off, j);
            return l_.load(pl, e_.loc);
        });
        return a[0];
    }
    const Val zero{num(0), false, Interval::of(0, 0)};
    const bool pointers = std::any_of(layout.begin(), layout.end(), [](Type t) { return t.is_pointer(); });
    if (pointers && !l_.as_int(a[1]).range.is_const())
        throw frontend::Unsupported(e_.loc, name_ + " of pointer cells with a value that may not be 0");
    if (pointers && l_.as_int(a[1]).range.lo % 256 != 0)
        throw frontend::Unsupported(e_.loc, name_ + " of pointer cells with a byte other than 0");
    check(range_valid(candidates(a[0], layout[0], true), l_.get_off(a[0]), k, layout), "outside a writable object");
    write(a[0], layout, num(0), k, [&](smt::Term, Type t) {
        if (!t.is_pointer()) return replicated(a[1], t);
        Val null = zero;
        null.off = num(0);
        return null;
    });
    return a[0];
}

Val StringLowering::mem_set(const std::vector<Val>& a) {
    const auto [layout, size] = layout_of(0);
    if (layout.size() > 1) return mem_struct(a, layout, size, false);
    const Type cell = layout[0];
    const auto [k, partial] = cells_of(a[2], cell);
    const smt::Term touched = tm_.mk_ite(partial, add(k, 1), k);
    check(range_valid(candidates(a[0], cell, true), l_.get_off(a[0]), touched, layout),
          "outside a writable object of " + frontend::to_string(cell));
    const Val v = replicated(a[1], cell);
    write(a[0], layout, num(0), k, [&](smt::Term, Type) { return v; });
    write(a[0], layout, k, tm_.mk_ite(partial, num(1), num(0)), [&](smt::Term, Type) {
        return Val{l_.arbitrary(cell, "partial"), false, l_.type_range(cell)};
    });
    return a[0];
}

Val StringLowering::mem_copy(const std::vector<Val>& a) {
    const auto [layout, size] = layout_of(0);
    if (layout.size() > 1) return mem_struct(a, layout, size, true);
    const Type dcell = layout[0], scell = cell_type_of(1, false);
    if (bytes(dcell) != bytes(scell))
        throw frontend::Unsupported(e_.loc, name_ + " from " + frontend::to_string(scell) + " cells into " +
                                                frontend::to_string(dcell) + " cells (reinterprets memory)");
    const auto [k, partial] = cells_of(a[2], dcell);
    const smt::Term touched = tm_.mk_ite(partial, add(k, 1), k);
    check(range_valid(candidates(a[1], scell, false), l_.get_off(a[1]), touched, Layout{scell}),
          "reads outside an object of " + frontend::to_string(scell));
    check(range_valid(candidates(a[0], dcell, true), l_.get_off(a[0]), touched, layout),
          "writes outside a writable object of " + frontend::to_string(dcell));
    if (!move_) check(tm_.mk_not(overlap(a[0], touched, a[1], touched)), "of overlapping objects");
    write(a[0], layout, num(0), k, [&](smt::Term j, Type) {
        return l_.convert(Val{load_at(a[1], j, scell), false, l_.type_range(scell)}, scell, dcell);
    });
    write(a[0], layout, k, tm_.mk_ite(partial, num(1), num(0)), [&](smt::Term, Type) {
        return Val{l_.arbitrary(dcell, "partial"), false, l_.type_range(dcell)};
    });
    return a[0];
}

Val StringLowering::mem_compare(const std::vector<Val>& a) {
    const Type ac = cell_type_of(0, false), bc = cell_type_of(1, false);
    if (ac != bc) throw frontend::Unsupported(e_.loc, name_ + " of cells of different types");
    const auto [k, partial] = cells_of(a[2], ac);
    const smt::Term touched = tm_.mk_ite(partial, add(k, 1), k);
    check(range_valid(candidates(a[0], ac, false), l_.get_off(a[0]), touched, Layout{ac}), "reads outside an object");
    check(range_valid(candidates(a[1], bc, false), l_.get_off(a[1]), touched, Layout{bc}), "reads outside an object");
    // The cells that may be compared: the tracked cells of the first argument's candidates.
    std::uint64_t span = 0;
    for (const Candidate& c : candidates(a[0], ac, false))
        span = std::max(span, tracked_span(l_.objects_[c.id], l_.get_off(a[0])));
    if (is_numeral(k)) span = std::min<std::uint64_t>(span, static_cast<std::uint64_t>(std::max<i128>(0, numeral(k))));
    // Past them (or in a partly compared cell) the bytes are not modelled: any sign.
    const smt::Term any = l_.fresh_aux("memcmp", smt::SortTable::Int);
    const smt::Term nonzero = l_.fresh_aux("memcmp", smt::SortTable::Int);
    l_.assume(tm_.mk_not(tm_.mk_eq(nonzero, num(0))));
    smt::Term sign = tm_.mk_ite(tm_.mk_or(partial, tm_.mk_lt(num(static_cast<i128>(span)), k)), any, num(0));
    const bool bytewise = bytes(ac) == 1;
    for (std::uint64_t j = span; j-- > 0;) {
        const smt::Term rel = num(static_cast<i128>(j));
        smt::Term x = load_at(a[0], rel, ac), y = load_at(a[1], rel, bc);
        if (bytewise) {  // as unsigned char; wider cells: the first differing byte decides, any sign
            x = l_.as_int(l_.convert(Val{x, false, l_.type_range(ac)}, ac, Type::of(TypeKind::UChar))).term;
            y = l_.as_int(l_.convert(Val{y, false, l_.type_range(bc)}, bc, Type::of(TypeKind::UChar))).term;
        }
        const smt::Term differ = tm_.mk_not(tm_.mk_eq(x, y));
        const smt::Term s = bytewise ? tm_.mk_ite(tm_.mk_lt(x, y), num(-1), num(1)) : nonzero;
        sign = tm_.mk_ite(tm_.mk_and(tm_.mk_lt(rel, k), differ), s, sign);
    }
    return result_of_sign(sign);
}

Val StringLowering::str_compare(const std::vector<Val>& a, std::optional<smt::Term> limit) {
    const Type ac = cell_type_of(0, true), bc = cell_type_of(1, true);
    const Type uchar = Type::of(TypeKind::UChar);
    const smt::Term aoff = l_.get_off(a[0]), boff = l_.get_off(a[1]);
    std::vector<smt::Term> oks;
    const smt::Term any = l_.fresh_aux("strcmp", smt::SortTable::Int);
    smt::Term sign = any;
    for (const Candidate& ca : candidates(a[0], ac, false)) {
        for (const Candidate& cb : candidates(a[1], bc, false)) {
            const MemObject& oa = l_.objects_[ca.id];
            const MemObject& ob = l_.objects_[cb.id];
            const std::uint64_t span = std::min(tracked_span(oa, aoff), tracked_span(ob, boff));
            const smt::Term end = num(static_cast<i128>(span));
            // Past the tracked cells of either: unknown contents, any sign.
            smt::Term ok = tm_.mk_and(readable_at(oa, add(aoff, end), ac), readable_at(ob, add(boff, end), bc));
            smt::Term s = any;
            if (limit) {
                ok = tm_.mk_or(tm_.mk_leq(*limit, end), ok);
                s = tm_.mk_ite(tm_.mk_leq(*limit, end), num(0), s);
            }
            for (std::uint64_t j = span; j-- > 0;) {
                const smt::Term rel = num(static_cast<i128>(j));
                const smt::Term x = value_at(oa, add(aoff, rel), ac), y = value_at(ob, add(boff, rel), bc);
                const smt::Term ux = l_.as_int(l_.convert(Val{x, false, l_.type_range(ac)}, ac, uchar)).term;
                const smt::Term uy = l_.as_int(l_.convert(Val{y, false, l_.type_range(bc)}, bc, uchar)).term;
                const smt::Term differ = tm_.mk_not(tm_.mk_eq(ux, uy));
                const smt::Term ends = tm_.mk_or(differ, tm_.mk_eq(ux, num(0)));
                smt::Term step_ok = tm_.mk_and(std::array<smt::Term, 3>{
                    readable_at(oa, add(aoff, rel), ac), readable_at(ob, add(boff, rel), bc), tm_.mk_or(ends, ok)});
                smt::Term step_s =
                    tm_.mk_ite(differ, tm_.mk_ite(tm_.mk_lt(ux, uy), num(-1), num(1)), tm_.mk_ite(ends, num(0), s));
                if (limit) {
                    const smt::Term reached = tm_.mk_leq(*limit, rel);
                    step_ok = tm_.mk_or(reached, step_ok);
                    step_s = tm_.mk_ite(reached, num(0), step_s);
                }
                ok = step_ok;
                s = step_s;
            }
            const smt::Term both = tm_.mk_and(ca.here, cb.here);
            oks.push_back(tm_.mk_and(both, ok));
            sign = tm_.mk_ite(both, s, sign);
        }
    }
    check(tm_.mk_or(oks), "of a string that is unterminated or outside an object");
    return result_of_sign(sign);
}

Val StringLowering::str_copy(const std::vector<Val>& a, std::optional<smt::Term> limit) {
    const Type dc = cell_type_of(0, true), sc = cell_type_of(1, true);
    const Scan src = scan(a[1], sc, std::nullopt, limit);
    check(src.ok, "of a string that is unterminated or outside an object");
    // strcpy writes the characters and the terminator; strncpy exactly n characters.
    const smt::Term written = limit ? *limit : add(src.idx, 1);
    const smt::Term read = limit ? tm_.mk_ite(tm_.mk_lt(src.idx, *limit), add(src.idx, 1), *limit) : written;
    check(range_valid(candidates(a[0], dc, true), l_.get_off(a[0]), written, Layout{dc}),
          "writes outside a writable array of char");
    check(tm_.mk_not(overlap(a[0], written, a[1], read)), "of overlapping objects");
    write(a[0], Layout{dc}, num(0), written, [&](smt::Term j, Type) {
        const Val v = l_.convert(Val{load_at(a[1], j, sc), false, l_.type_range(sc)}, sc, dc);
        if (!limit) return v;
        return Val{tm_.mk_ite(tm_.mk_lt(j, src.idx), l_.as_int(v).term, num(0)), false, l_.type_range(dc)};
    });
    return a[0];
}

Val StringLowering::str_cat(const std::vector<Val>& a) {
    const Type dc = cell_type_of(0, true), sc = cell_type_of(1, true);
    const Scan dst = scan(a[0], dc, std::nullopt, std::nullopt);
    check(dst.ok, "of a destination string that is unterminated or outside an object");
    const Scan src = scan(a[1], sc, std::nullopt, std::nullopt);
    check(src.ok, "of a string that is unterminated or outside an object");
    const smt::Term appended = add(src.idx, 1);
    check(range_valid(candidates(a[0], dc, true), l_.get_off(a[0]), add(dst.idx, appended), Layout{dc}),
          "writes outside a writable array of char");
    // The cells written, [dst + len, dst + len + n], against the source string.
    Val at = a[0];
    at.temp_off = UINT32_MAX;
    at.off = add(l_.get_off(a[0]), dst.idx);
    check(tm_.mk_not(overlap(at, appended, a[1], appended)), "of overlapping objects");
    write(a[0], Layout{dc}, dst.idx, appended, [&](smt::Term j, Type) {
        return l_.convert(Val{load_at(a[1], j, sc), false, l_.type_range(sc)}, sc, dc);
    });
    return a[0];
}

Val StringLowering::str_chr(const std::vector<Val>& a) {
    const Type sc = cell_type_of(0, true);
    const smt::Term ch = l_.as_int(l_.convert(a[1], Type::of(TypeKind::Int), sc)).term;
    const Scan s = scan(a[0], sc, ch, std::nullopt);
    check(s.ok, "of a string that is unterminated or outside an object");
    const smt::Term found = tm_.mk_eq(load_at(a[0], s.idx, sc), ch);
    Val r{tm_.mk_ite(found, l_.get(a[0]), num(0)), false, Interval::none()};
    r.off = tm_.mk_ite(found, add(l_.get_off(a[0]), s.idx), num(0));
    return r;
}

Val StringLowering::run(const std::vector<Val>& a) {
    switch (e_.callee->libc->op) {
        case StringOp::Memset: return mem_set(a);
        case StringOp::Memcpy: return mem_copy(a);
        case StringOp::Memmove: return mem_copy(a);
        case StringOp::Memcmp: return mem_compare(a);
        case StringOp::Strlen: {
            const Scan s = scan(a[0], cell_type_of(0, true), std::nullopt, std::nullopt);
            check(s.ok, "of a string that is unterminated or outside an object");
            return Val{s.idx, false, l_.type_range(Type::of(TypeKind::ULong))};
        }
        case StringOp::Strcmp: return str_compare(a, std::nullopt);
        case StringOp::Strncmp: return str_compare(a, l_.as_int(a[2]).term);
        case StringOp::Strcpy: return str_copy(a, std::nullopt);
        case StringOp::Strncpy: return str_copy(a, l_.as_int(a[2]).term);
        case StringOp::Strcat: return str_cat(a);
        case StringOp::Strchr: return str_chr(a);
        case StringOp::None: break;
    }
    throw frontend::Unsupported(e_.loc, "C library function " + name_);
}

}  // namespace

Val Lowerer::string_call(const Expr& e) {
    const frontend::LibcEntry& lib = *e.callee->libc;
    std::size_t params = 0;
    while (params < 3 && lib.params[params] != frontend::LibcType::Void) ++params;
    if (e.operands.size() != params)
        throw frontend::Unsupported(
            e.loc, "call of " + e.callee->name + " with " + std::to_string(e.operands.size()) + " arguments");
    std::vector<Val> args = operand_values(e);
    for (std::size_t i = 0; i < params; ++i) {
        const Type want = frontend::libc_type(lib.params[i], *tu_.types);
        if (want.is_pointer() != e.operand(i).type.is_pointer())
            throw frontend::Unsupported(e.operand(i).loc, e.callee->name + " argument of another type");
        if (!want.is_pointer()) args[i] = convert(args[i], e.operand(i).type, want);
    }
    label("call " + e.callee->name + " (C library)", e.loc);
    return StringLowering(*this, e).run(args);
}

}  // namespace craig::verifier::detail
