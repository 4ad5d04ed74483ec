#include <algorithm>

#include "frontend/types.hpp"

namespace craig::frontend {

unsigned bit_width(TypeKind k, DataModel dm) {
    switch (k) {
        case TypeKind::Bool: return 1;
        case TypeKind::Char:
        case TypeKind::SChar:
        case TypeKind::UChar: return 8;
        case TypeKind::Short:
        case TypeKind::UShort: return 16;
        case TypeKind::Int:
        case TypeKind::UInt: return 32;
        case TypeKind::Long:
        case TypeKind::ULong: return dm == DataModel::LP64 ? 64 : 32;
        case TypeKind::LongLong:
        case TypeKind::ULongLong: return 64;
        default: return 0;
    }
}

unsigned size_in_bytes(TypeKind k, DataModel dm) {
    if (k == TypeKind::Bool || k == TypeKind::Void) return 1;
    return bit_width(k, dm) / 8;
}

bool is_signed(TypeKind k) {
    switch (k) {
        case TypeKind::Char:
        case TypeKind::SChar:
        case TypeKind::Short:
        case TypeKind::Int:
        case TypeKind::Long:
        case TypeKind::LongLong: return true;
        default: return false;
    }
}

int rank(TypeKind k) {
    switch (k) {
        case TypeKind::Bool: return 0;
        case TypeKind::Char:
        case TypeKind::SChar:
        case TypeKind::UChar: return 1;
        case TypeKind::Short:
        case TypeKind::UShort: return 2;
        case TypeKind::Int:
        case TypeKind::UInt: return 3;
        case TypeKind::Long:
        case TypeKind::ULong: return 4;
        case TypeKind::LongLong:
        case TypeKind::ULongLong: return 5;
        default: return -1;
    }
}

TypeKind to_unsigned(TypeKind k) {
    switch (k) {
        case TypeKind::Char:
        case TypeKind::SChar: return TypeKind::UChar;
        case TypeKind::Short: return TypeKind::UShort;
        case TypeKind::Int: return TypeKind::UInt;
        case TypeKind::Long: return TypeKind::ULong;
        case TypeKind::LongLong: return TypeKind::ULongLong;
        default: return k;
    }
}

Type promote(Type t, DataModel) {
    if (t.is_integer() && rank(t.kind) < rank(TypeKind::Int)) return Type::of(TypeKind::Int);
    return t;
}

Type usual_arithmetic_conversion(Type a, Type b, DataModel dm) {
    a = promote(a, dm);
    b = promote(b, dm);
    if (a == b) return a;
    bool sa = is_signed(a.kind), sb = is_signed(b.kind);
    if (sa == sb) return rank(a.kind) >= rank(b.kind) ? a : b;
    Type u = sa ? b : a;
    Type s = sa ? a : b;
    if (rank(u.kind) >= rank(s.kind)) return u;
    if (bit_width(s.kind, dm) > bit_width(u.kind, dm)) return s;
    return Type::of(to_unsigned(s.kind));
}

Type size_type(DataModel dm) { return Type::of(dm == DataModel::LP64 ? TypeKind::ULong : TypeKind::UInt); }

std::uint64_t normalize(std::uint64_t bits, TypeKind t, DataModel dm) {
    if (t == TypeKind::Bool) return bits & 1;
    unsigned w = bit_width(t, dm);
    if (w == 0 || w >= 64) return bits;
    std::uint64_t mask = (std::uint64_t{1} << w) - 1;
    std::uint64_t v = bits & mask;
    if (is_signed(t) && ((v >> (w - 1)) & 1)) v |= ~mask;
    return v;
}

std::uint64_t convert_value(std::uint64_t normalized, TypeKind to, DataModel dm) {
    if (to == TypeKind::Bool) return normalized != 0 ? 1 : 0;
    return normalize(normalized, to, dm);
}

std::uint64_t min_value(TypeKind t, DataModel dm) {
    if (!is_signed(t)) return 0;
    unsigned w = bit_width(t, dm);
    return ~std::uint64_t{0} << (w - 1);
}

std::uint64_t max_value(TypeKind t, DataModel dm) {
    unsigned w = bit_width(t, dm);
    if (is_signed(t)) return (std::uint64_t{1} << (w - 1)) - 1;
    return w >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1;
}

bool fits(std::uint64_t v, TypeKind from, TypeKind to, DataModel dm) {
    if (is_signed(from) && static_cast<std::int64_t>(v) < 0) {
        return is_signed(to) && static_cast<std::int64_t>(v) >= static_cast<std::int64_t>(min_value(to, dm));
    }
    return v <= max_value(to, dm);
}

std::string to_string(Type t) {
    switch (t.kind) {
        case TypeKind::Void: return "void";
        case TypeKind::Bool: return "_Bool";
        case TypeKind::Char: return "char";
        case TypeKind::SChar: return "signed char";
        case TypeKind::UChar: return "unsigned char";
        case TypeKind::Short: return "short";
        case TypeKind::UShort: return "unsigned short";
        case TypeKind::Int: return "int";
        case TypeKind::UInt: return "unsigned int";
        case TypeKind::Long: return "long";
        case TypeKind::ULong: return "unsigned long";
        case TypeKind::LongLong: return "long long";
        case TypeKind::ULongLong: return "unsigned long long";
        case TypeKind::Pointer: {
            if (t.is_function_pointer()) {
                // int (*)(int, char *)
                const Aggregate& f = *t.target().info;
                std::string params;
                for (const Field& p : f.fields) params += (params.empty() ? "" : ", ") + to_string(p.type);
                if (f.variadic) params += params.empty() ? "..." : ", ...";
                if (params.empty()) params = "void";
                return to_string(f.target) + " (*)(" + params + ")";
            }
            std::string inner = to_string(t.target());
            return inner + (inner.back() == '*' ? "*" : " *");
        }
        case TypeKind::Array: {
            const Aggregate& a = *t.info;
            std::string dim = a.length ? "[" + std::to_string(*a.length) + "]" : "[*]";
            // int [2][3]: the outer dimension is printed first.
            Type e = a.target;
            std::string dims = dim;
            while (e.is_array()) {
                dims += e.info->length ? "[" + std::to_string(*e.info->length) + "]" : "[*]";
                e = e.info->target;
            }
            return to_string(e) + " " + dims;
        }
        case TypeKind::Struct: {
            const Aggregate& a = *t.info;
            return std::string(a.is_union ? "union " : "struct ") + (a.tag.empty() ? "<anonymous>" : a.tag);
        }
        case TypeKind::Function: return "function";
        case TypeKind::Unsupported: return "<unsupported: " + std::string(t.construct) + ">";
    }
    return "?";
}

Type Type::target() const { return info->target; }

bool Type::is_function_pointer() const { return is_pointer() && info->target.is_function(); }

std::optional<std::size_t> Aggregate::field_index(std::string_view name) const {
    for (std::size_t i = 0; i < fields.size(); ++i)
        if (fields[i].name == name) return i;
    return std::nullopt;
}

namespace {

auto key_of(TypeKind kind, Type t, std::uint64_t length) {
    return std::make_tuple(t.kind, t.info, t.construct, kind == TypeKind::Array, length);
}

}  // namespace

Type TypeTable::pointer_to(Type t) {
    auto key = key_of(TypeKind::Pointer, t, 0);
    auto it = pointers_.find(key);
    if (it == pointers_.end()) {
        Aggregate& a = nodes_.emplace_back();
        a.kind = TypeKind::Pointer;
        a.target = t;
        it = pointers_.emplace(key, &a).first;
    }
    return Type{TypeKind::Pointer, {}, it->second};
}

Type TypeTable::array_of(Type elem, std::optional<std::uint64_t> length) {
    // Variable-length arrays are told apart from fixed ones by a length no array can have.
    auto key = key_of(TypeKind::Array, elem, length ? *length : UINT64_MAX);
    auto it = arrays_.find(key);
    if (it == arrays_.end()) {
        Aggregate& a = nodes_.emplace_back();
        a.kind = TypeKind::Array;
        a.target = elem;
        a.length = length;
        it = arrays_.emplace(key, &a).first;
    }
    return Type{TypeKind::Array, {}, it->second};
}

Type TypeTable::function_of(Type ret, const std::vector<Type>& params, bool variadic) {
    for (const Aggregate* f : functions_) {
        if (f->target != ret || f->variadic != variadic || f->fields.size() != params.size()) continue;
        if (std::equal(params.begin(), params.end(), f->fields.begin(),
                       [](const Type& t, const Field& p) { return t == p.type; }))
            return Type{TypeKind::Function, {}, f};
    }
    Aggregate& a = nodes_.emplace_back();
    a.kind = TypeKind::Function;
    a.target = ret;
    a.variadic = variadic;
    a.complete = true;
    for (const Type& t : params) a.fields.push_back(Field{"", t, 0});
    functions_.push_back(&a);
    return Type{TypeKind::Function, {}, &a};
}

Type TypeTable::new_record(std::string tag, bool is_union) {
    Aggregate& a = nodes_.emplace_back();
    a.kind = TypeKind::Struct;
    a.tag = std::move(tag);
    a.is_union = is_union;
    return Type{TypeKind::Struct, {}, &a};
}

void TypeTable::complete_record(Type record, std::vector<Field> fields) {
    // The Aggregate is owned here; Types only hand out const views of it.
    Aggregate& a = const_cast<Aggregate&>(*record.info);
    std::uint64_t bits = 0, size = 0, align = 1;  // bits: the next free bit (structs)
    for (Field& f : fields) {
        const std::uint64_t fa = align_of(f.type, dm_);
        const std::uint64_t fs = size_of(f.type, dm_).value_or(0);
        const bool bit_field = f.bit_width > 0 || (f.name.empty() && f.type.is_integer());
        if (a.is_union) {
            f.offset = 0;
            size = std::max(size, bit_field ? (f.bit_width + 7) / 8 : fs);
        } else if (bit_field) {
            const std::uint64_t unit = fa * 8;
            if (f.bit_width == 0)
                bits = (bits + unit - 1) / unit * unit;  // `T :0`: the next unit of T
            else if (bits / unit != (bits + f.bit_width - 1) / unit)
                bits = (bits + unit - 1) / unit * unit;  // it would straddle a unit
            f.offset = bits / 8;
            f.bit_offset = static_cast<std::uint32_t>(bits % 8);
            bits += f.bit_width;
        } else {
            const std::uint64_t bytes = (bits + 7) / 8;
            f.offset = (bytes + fa - 1) / fa * fa;
            bits = (f.offset + fs) * 8;
        }
        if (!f.name.empty() || !bit_field) align = std::max(align, fa);
    }
    if (!a.is_union) size = (bits + 7) / 8;
    a.size = (size + align - 1) / align * align;
    a.align = align;
    std::erase_if(fields, [](const Field& f) { return f.name.empty(); });
    a.fields = std::move(fields);
    a.complete = true;
}

std::optional<std::uint64_t> size_of(Type t, DataModel dm) {
    if (t.is_integer()) return size_in_bytes(t.kind, dm);
    switch (t.kind) {
        case TypeKind::Pointer: return dm == DataModel::LP64 ? 8 : 4;
        case TypeKind::Array: {
            const Aggregate& a = *t.info;
            if (!a.length) return std::nullopt;
            auto e = size_of(a.target, dm);
            if (!e) return std::nullopt;
            return *e * *a.length;
        }
        case TypeKind::Struct:
            if (!t.info->complete) return std::nullopt;
            return t.info->size;
        default: return std::nullopt;
    }
}

std::uint64_t align_of(Type t, DataModel dm) {
    if (t.is_integer()) {
        // i386 (ILP32) aligns long long to 4 bytes inside structs, as GCC does.
        unsigned s = size_in_bytes(t.kind, dm);
        return dm == DataModel::ILP32 && s > 4 ? 4 : s;
    }
    switch (t.kind) {
        case TypeKind::Pointer: return dm == DataModel::LP64 ? 8 : 4;
        case TypeKind::Array: return align_of(t.info->target, dm);
        case TypeKind::Struct: return t.info->align;
        default: return 1;
    }
}

Type ptrdiff_type(DataModel dm) { return Type::of(dm == DataModel::LP64 ? TypeKind::Long : TypeKind::Int); }

std::string_view to_string(DataModel dm) { return dm == DataModel::LP64 ? "LP64" : "ILP32"; }

}  // namespace craig::frontend
