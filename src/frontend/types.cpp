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
        case TypeKind::Void:
        case TypeKind::Unsupported: return 0;
    }
    return 0;
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
        case TypeKind::Unsupported: return "<unsupported: " + std::string(t.construct) + ">";
    }
    return "?";
}

std::string_view to_string(DataModel dm) { return dm == DataModel::LP64 ? "LP64" : "ILP32"; }

}  // namespace craig::frontend
