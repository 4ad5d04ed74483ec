#include "frontend/libc_string_replay.hpp"

#include <algorithm>
#include <cstring>

namespace craig::frontend {

using memory::Memory;
using memory::Object;
using memory::ObjectKind;
using memory::Value;

namespace {

bool is_char(Type t) { return t.kind == TypeKind::Char || t.kind == TypeKind::SChar || t.kind == TypeKind::UChar; }

// The calls of one replayed function: checks first, then the effect on copies of the bytes.
class StringReplay {
public:
    StringReplay(const LibcEntry& e, Memory& mem, std::span<const Value> args, std::span<const Type> access,
                 DataModel dm)
        : e_(e), mem_(mem), args_(args), access_(access), dm_(dm) {}

    StringCallOutcome run();

private:
    using Bytes = std::vector<unsigned char>;

    bool fail(std::string message) {
        if (!out_.undefined) out_.undefined = std::string(e_.name) + ": " + std::move(message);
        return false;
    }
    std::uint64_t size_of_cell(Type t) const { return size_of(t, dm_).value_or(1); }
    // The object p points to with cells [off, off + n) inside it, all of the type of the first;
    // `cell` receives that type.
    bool range(const Value& p, std::uint64_t n, bool write, Type& cell);
    // Character j of the string at p (checked: in the object, of char, initialised).
    bool char_at(const Value& p, std::uint64_t j, unsigned char& out);
    // The string at p up to and including its terminator, or the first `limit` characters.
    bool read_string(const Value& p, std::uint64_t limit, std::string& out);
    // The bytes of n cells of integer type t at p (little-endian); uninitialised cells are
    // recorded in `init`.
    bool bytes_of(const Value& p, std::uint64_t ncells, Type t, Bytes& out, std::vector<bool>& init);
    // Writes the bytes back into the cells: a cell whose bytes are all in [0, nbytes) gets
    // their value; the cell that is partly covered keeps its other bytes (if initialised).
    void store_bytes(const Value& p, Type t, const Bytes& bytes, std::uint64_t nbytes, const std::vector<bool>& init);
    bool overlap(const Value& a, std::uint64_t na, const Value& b, std::uint64_t nb) const {
        return a.obj == b.obj && a.gen == b.gen && na > 0 && nb > 0 && a.offset() < b.offset() + std::int64_t(nb) &&
               b.offset() < a.offset() + std::int64_t(na);
    }
    Value moved(const Value& p, std::uint64_t j) const {
        Value q = p;
        q.bits = static_cast<std::uint64_t>(p.offset() + static_cast<std::int64_t>(j));
        return q;
    }
    std::uint64_t integer(std::size_t i, TypeKind k) const { return normalize(args_[i].bits, k, dm_); }

    bool mem_set();
    bool mem_copy(bool move);
    // The cells of argument i's access type when they are of different types (else empty).
    std::vector<Type> mixed_layout(std::size_t i) const;
    bool mem_struct(const std::vector<Type>& layout, bool copy, bool move);
    bool mem_compare();
    bool str_compare(std::uint64_t limit);
    bool str_copy(std::optional<std::uint64_t> limit);
    bool str_cat();
    bool str_chr();

    const LibcEntry& e_;
    Memory& mem_;
    std::span<const Value> args_;
    std::span<const Type> access_;
    DataModel dm_;
    StringCallOutcome out_;
};

bool StringReplay::range(const Value& p, std::uint64_t n, bool write, Type& cell) {
    bool dead = false;
    const Object* o = mem_.target(p, dead);
    if (dead) return fail("access to a dead object");
    if (!o) return fail("null pointer");
    const std::int64_t off = p.offset();
    if (off < 0 || static_cast<std::uint64_t>(off) > o->ncells || n > o->ncells - static_cast<std::uint64_t>(off))
        return fail(std::string(write ? "write" : "read") + " of " + std::to_string(n) + " cells from " +
                    mem_.cell_name(*o, off) + " is outside the object (" + std::to_string(o->ncells) + " cells)");
    if (write && o->kind == ObjectKind::StringLiteral) return fail("write to a string literal");
    if (static_cast<std::uint64_t>(off) == o->ncells) {
        cell = Type::of(TypeKind::UChar);
        return true;
    }
    cell = mem_.leaf(*o, static_cast<std::uint64_t>(off));
    for (std::uint64_t c = 1; c < n; ++c)
        if (mem_.leaf(*o, static_cast<std::uint64_t>(off) + c) != cell)
            return fail("access of cells of different types (" + mem_.cell_name(*o, off + std::int64_t(c)) + ")");
    return true;
}

bool StringReplay::char_at(const Value& p, std::uint64_t j, unsigned char& out) {
    bool dead = false;
    const Object* o = mem_.target(p, dead);
    if (dead) return fail("access to a dead object");
    if (!o) return fail("null pointer");
    const std::int64_t at = p.offset() + static_cast<std::int64_t>(j);
    if (at < 0 || static_cast<std::uint64_t>(at) >= o->ncells)
        return fail("unterminated string: read of " + mem_.cell_name(*o, at) + " outside the object");
    if (!is_char(mem_.leaf(*o, static_cast<std::uint64_t>(at)))) return fail("a string of cells that are not char");
    const Value& v = mem_.cells(p.obj)[at];
    if (!v.initialised()) return fail("read of uninitialised memory (" + mem_.cell_name(*o, at) + ")");
    out = static_cast<unsigned char>(v.bits);
    return true;
}

bool StringReplay::read_string(const Value& p, std::uint64_t limit, std::string& out) {
    out.clear();
    for (std::uint64_t j = 0; j < limit; ++j) {
        unsigned char c = 0;
        if (!char_at(p, j, c)) return false;
        out.push_back(static_cast<char>(c));
        if (c == 0) break;
    }
    return true;
}

bool StringReplay::bytes_of(const Value& p, std::uint64_t ncells, Type t, Bytes& out, std::vector<bool>& init) {
    if (!t.is_integer()) return fail("bytes of pointer cells are not modelled");
    const std::uint64_t s = size_of_cell(t);
    const Value* cells = mem_.cells(p.obj) + p.offset();
    out.assign(ncells * s, 0);
    init.assign(ncells, false);
    for (std::uint64_t c = 0; c < ncells; ++c) {
        init[c] = cells[c].initialised();
        for (std::uint64_t b = 0; b < s; ++b) out[c * s + b] = static_cast<unsigned char>(cells[c].bits >> (8 * b));
    }
    return true;
}

void StringReplay::store_bytes(const Value& p, Type t, const Bytes& bytes, std::uint64_t nbytes,
                               const std::vector<bool>& init) {
    const std::uint64_t s = size_of_cell(t);
    Value* cells = mem_.cells(p.obj) + p.offset();
    for (std::uint64_t c = 0; c * s < nbytes; ++c) {
        const bool whole = (c + 1) * s <= nbytes;
        if (!whole && !init[c]) continue;  // part of an indeterminate value stays indeterminate
        std::uint64_t v = 0;
        for (std::uint64_t b = s; b-- > 0;) v = (v << 8) | bytes[c * s + b];
        cells[c] = Value::integer(normalize(v, t.kind, dm_));
        out_.written.emplace_back(p.obj, static_cast<std::uint64_t>(p.offset()) + c);
    }
}

std::vector<Type> StringReplay::mixed_layout(std::size_t i) const {
    std::vector<Type> cells;
    if (i >= access_.size()) return cells;
    const Type t = access_[i];
    if (!t.is_struct() && !t.is_array()) return cells;
    if (cell_count(t).value_or(kMaxCells) >= kMaxCells) return cells;
    append_cell_types(t, cells);
    bool uniform = true;
    for (Type c : cells) uniform = uniform && c == cells[0];
    if (uniform && !cells.empty() && cells[0].is_integer()) cells.clear();
    return cells;
}

bool StringReplay::mem_struct(const std::vector<Type>& layout, bool copy, bool move) {
    const std::uint64_t n = integer(2, TypeKind::ULong);
    const std::uint64_t size = size_of(access_[0], dm_).value_or(0);
    if (size == 0 || n % size != 0) return fail("part of a struct with cells of different types is not modelled");
    const std::uint64_t ncells = n / size * layout.size();
    auto check_layout = [&](const Value& p, bool write) {
        Type first;
        if (!range(p, 0, write, first)) return false;  // null, dead, a literal written
        bool dead = false;
        const Object* o = mem_.target(p, dead);
        if (static_cast<std::uint64_t>(p.offset()) + ncells > o->ncells)
            return fail("access of " + std::to_string(ncells) + " cells from " + mem_.cell_name(*o, p.offset()) +
                        " is outside the object (" + std::to_string(o->ncells) + " cells)");
        for (std::uint64_t c = 0; c < ncells; ++c)
            if (mem_.leaf(*o, static_cast<std::uint64_t>(p.offset()) + c) != layout[c % layout.size()])
                return fail("access through a pointer of another type");
        return true;
    };
    if (copy && !check_layout(args_[1], false)) return false;
    if (!check_layout(args_[0], true)) return false;
    Value* dst = mem_.cells(args_[0].obj) + args_[0].offset();
    if (copy) {
        if (!move && overlap(args_[0], ncells, args_[1], ncells)) return fail("copying between overlapping objects");
        const Value* src = mem_.cells(args_[1].obj) + args_[1].offset();
        const std::vector<Value> from(src, src + ncells);
        std::copy(from.begin(), from.end(), dst);
    } else {
        const auto byte = static_cast<unsigned char>(integer(1, TypeKind::Int));
        for (std::uint64_t c = 0; c < ncells; ++c) {
            const Type t = layout[c % layout.size()];
            if (t.is_pointer()) {
                if (byte != 0) return fail("pointer cells set to a byte other than 0 are not modelled");
                dst[c] = Value::integer(0);  // null
                continue;
            }
            std::uint64_t v = 0;
            for (std::uint64_t b = 0; b < size_of_cell(t); ++b) v = (v << 8) | byte;
            dst[c] = Value::integer(normalize(v, t.kind, dm_));
        }
    }
    for (std::uint64_t c = 0; c < ncells; ++c)
        out_.written.emplace_back(args_[0].obj, static_cast<std::uint64_t>(args_[0].offset()) + c);
    out_.value = args_[0];
    return true;
}

bool StringReplay::mem_set() {
    if (auto layout = mixed_layout(0); !layout.empty()) return mem_struct(layout, false, false);
    const std::uint64_t n = integer(2, TypeKind::ULong);
    Type cell;
    if (!range(args_[0], 0, true, cell)) return false;
    const std::uint64_t s = size_of_cell(cell);
    const std::uint64_t ncells = (n + s - 1) / s;
    if (!range(args_[0], ncells, true, cell)) return false;
    Bytes bytes;
    std::vector<bool> init;
    if (!bytes_of(args_[0], ncells, cell, bytes, init)) return false;
    if (n > 0) std::memset(bytes.data(), static_cast<int>(integer(1, TypeKind::Int)), n);
    store_bytes(args_[0], cell, bytes, n, init);
    out_.value = args_[0];
    return true;
}

bool StringReplay::mem_copy(bool move) {
    if (auto layout = mixed_layout(0); !layout.empty()) return mem_struct(layout, true, move);
    const std::uint64_t n = integer(2, TypeKind::ULong);
    Type dcell, scell;
    if (!range(args_[0], 0, true, dcell) || !range(args_[1], 0, false, scell)) return false;
    const std::uint64_t s = size_of_cell(dcell);
    if (size_of_cell(scell) != s) return fail("copying between cells of different sizes is not modelled");
    const std::uint64_t ncells = (n + s - 1) / s;
    if (!range(args_[1], ncells, false, scell) || !range(args_[0], ncells, true, dcell)) return false;
    if (!move && overlap(args_[0], ncells, args_[1], ncells)) return fail("copying between overlapping objects");
    Bytes from, to;
    std::vector<bool> from_init, to_init;
    if (!bytes_of(args_[1], ncells, scell, from, from_init) || !bytes_of(args_[0], ncells, dcell, to, to_init))
        return false;
    if (n > 0) std::memmove(to.data(), from.data(), n);
    // Indeterminate source cells make their destination cells indeterminate.
    std::vector<Value> sources(mem_.cells(args_[1].obj) + args_[1].offset(),
                               mem_.cells(args_[1].obj) + args_[1].offset() + ncells);
    for (std::uint64_t c = 0; c < ncells; ++c) to_init[c] = to_init[c] && from_init[c];
    store_bytes(args_[0], dcell, to, n, to_init);
    Value* dst = mem_.cells(args_[0].obj) + args_[0].offset();
    for (std::uint64_t c = 0; c < ncells; ++c)
        if (!sources[c].initialised() && (c + 1) * s <= n) dst[c] = Value::uninit();
    out_.value = args_[0];
    return true;
}

bool StringReplay::mem_compare() {
    const std::uint64_t n = integer(2, TypeKind::ULong);
    Type ac, bc;
    if (!range(args_[0], 0, false, ac) || !range(args_[1], 0, false, bc)) return false;
    const std::uint64_t na = (n + size_of_cell(ac) - 1) / size_of_cell(ac);
    const std::uint64_t nb = (n + size_of_cell(bc) - 1) / size_of_cell(bc);
    if (!range(args_[0], na, false, ac) || !range(args_[1], nb, false, bc)) return false;
    Bytes a, b;
    std::vector<bool> ai, bi;
    if (!bytes_of(args_[0], na, ac, a, ai) || !bytes_of(args_[1], nb, bc, b, bi)) return false;
    for (std::uint64_t c = 0; c < na; ++c)
        if (!ai[c]) return fail("read of uninitialised memory");
    for (std::uint64_t c = 0; c < nb; ++c)
        if (!bi[c]) return fail("read of uninitialised memory");
    const int r = n == 0 ? 0 : std::memcmp(a.data(), b.data(), n);
    out_.value =
        Value::integer(normalize(static_cast<std::uint64_t>(static_cast<std::int64_t>(r)), TypeKind::Int, dm_));
    return true;
}

bool StringReplay::str_compare(std::uint64_t limit) {
    // Up to the first difference or terminator (or the limit): no character beyond is read.
    std::string a, b;
    for (std::uint64_t j = 0; j < limit; ++j) {
        unsigned char x = 0, y = 0;
        if (!char_at(args_[0], j, x) || !char_at(args_[1], j, y)) return false;
        a.push_back(static_cast<char>(x));
        b.push_back(static_cast<char>(y));
        if (x != y || x == 0) break;
    }
    const int r = std::strncmp(a.c_str(), b.c_str(), a.size());
    out_.value =
        Value::integer(normalize(static_cast<std::uint64_t>(static_cast<std::int64_t>(r)), TypeKind::Int, dm_));
    return true;
}

bool StringReplay::str_copy(std::optional<std::uint64_t> limit) {
    std::string src;
    if (!read_string(args_[1], limit.value_or(UINT64_MAX), src)) return false;
    const std::uint64_t written = limit.value_or(src.size());
    Type cell;
    if (!range(args_[0], written, true, cell)) return false;
    if (written > 0 && !is_char(cell)) return fail("a destination that is not an array of char");
    if (overlap(args_[0], written, args_[1], src.size())) return fail("copying between overlapping objects");
    std::string dst(written + 1, '\0');
    src.push_back('\0');  // strncpy's source copy may lack the terminator
    if (limit)
        std::strncpy(dst.data(), src.data(), written);
    else
        std::strcpy(dst.data(), src.data());
    Value* cells = mem_.cells(args_[0].obj) + args_[0].offset();
    for (std::uint64_t j = 0; j < written; ++j) {
        cells[j] = Value::integer(normalize(static_cast<unsigned char>(dst[j]), cell.kind, dm_));
        out_.written.emplace_back(args_[0].obj, static_cast<std::uint64_t>(args_[0].offset()) + j);
    }
    out_.value = args_[0];
    return true;
}

bool StringReplay::str_cat() {
    std::string dst, src;
    if (!read_string(args_[0], UINT64_MAX, dst) || !read_string(args_[1], UINT64_MAX, src)) return false;
    const std::uint64_t at = dst.size() - 1;  // the terminator's position
    Type cell;
    if (!range(moved(args_[0], at), src.size(), true, cell)) return false;
    if (overlap(moved(args_[0], at), src.size(), args_[1], src.size()))
        return fail("copying between overlapping objects");
    std::string joined = dst;
    joined.resize(dst.size() + src.size());
    std::strcat(joined.data(), src.c_str());
    Value* cells = mem_.cells(args_[0].obj) + args_[0].offset();
    for (std::uint64_t j = at; j < at + src.size(); ++j) {
        cells[j] = Value::integer(normalize(static_cast<unsigned char>(joined[j]), cell.kind, dm_));
        out_.written.emplace_back(args_[0].obj, static_cast<std::uint64_t>(args_[0].offset()) + j);
    }
    out_.value = args_[0];
    return true;
}

bool StringReplay::str_chr() {
    const char ch = static_cast<char>(integer(1, TypeKind::Int));
    std::string s;
    for (std::uint64_t j = 0;; ++j) {  // up to the character or the terminator
        unsigned char c = 0;
        if (!char_at(args_[0], j, c)) return false;
        s.push_back(static_cast<char>(c));
        if (c == static_cast<unsigned char>(ch) || c == 0) break;
    }
    const char* found = std::strchr(s.c_str(), ch);
    out_.value = found ? moved(args_[0], static_cast<std::uint64_t>(found - s.c_str())) : Value::integer(0);
    return true;
}

StringCallOutcome StringReplay::run() {
    if (args_.size() < 3 && (e_.params[args_.size()] != LibcType::Void)) {
        fail("too few arguments");
        return out_;
    }
    switch (e_.op) {
        case StringOp::Memset: mem_set(); break;
        case StringOp::Memcpy: mem_copy(false); break;
        case StringOp::Memmove: mem_copy(true); break;
        case StringOp::Memcmp: mem_compare(); break;
        case StringOp::Strlen: {
            std::string s;
            if (read_string(args_[0], UINT64_MAX, s))
                out_.value = Value::integer(normalize(std::strlen(s.c_str()), TypeKind::ULong, dm_));
            break;
        }
        case StringOp::Strcmp: str_compare(UINT64_MAX); break;
        case StringOp::Strncmp: str_compare(integer(2, TypeKind::ULong)); break;
        case StringOp::Strcpy: str_copy(std::nullopt); break;
        case StringOp::Strncpy: str_copy(integer(2, TypeKind::ULong)); break;
        case StringOp::Strcat: str_cat(); break;
        case StringOp::Strchr: str_chr(); break;
        case StringOp::None: fail("not a function of <string.h>"); break;
    }
    if (out_.undefined) out_.written.clear();
    return out_;
}

}  // namespace

bool string_call_reads_input(const LibcEntry& e) {
    return e.op == StringOp::Strcmp || e.op == StringOp::Strncmp || e.op == StringOp::Memcmp;
}

Type string_access_type(const Expr& arg) {
    const Expr* a = &arg;
    while (a->kind == ExprKind::Cast && a->operands.size() == 1 && a->operand(0).type.is_pointer()) a = &a->operand(0);
    return a->type.is_pointer() ? a->type.target() : Type::of(TypeKind::Void);
}

StringCallOutcome replay_string_call(const LibcEntry& e, Memory& mem, std::span<const Value> args,
                                     std::span<const Type> access, DataModel dm) {
    return StringReplay(e, mem, args, access, dm).run();
}

}  // namespace craig::frontend
