// C types of the supported subset and their arithmetic under a data model.
//
// Guarantees:
//  - Type is a small value; two types are equal iff they are the same type.
//    Enumerated types are represented by their compatible integer type.
//  - Every type outside the subset (pointers, arrays, structs, floats, ...) is
//    TypeKind::Unsupported with a stable construct name that becomes the
//    construct of the Unsupported error raised when reachable code uses it.
//  - Values of integer types are carried as 64-bit patterns in normal form
//    (see normalize): the type's value, truncated to its width and
//    sign-extended for signed types, so that int64_t(bits) is the value of a
//    signed type and bits is the value of an unsigned type.
//  - Plain char is signed (x86 ABI of ILP32 and LP64 Linux targets).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace craig::frontend {

// ILP32: int, long and pointers are 32 bits; LP64: long and pointers are 64.
// long long is 64 bits in both.
enum class DataModel : std::uint8_t { ILP32, LP64 };

enum class TypeKind : std::uint8_t {
    Void,
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
    Unsupported,
};

struct Type {
    TypeKind kind = TypeKind::Int;
    // Only for Unsupported: the construct name; always refers to a string
    // literal with static storage.
    std::string_view construct;

    static constexpr Type of(TypeKind k) { return Type{k, {}}; }
    static constexpr Type unsupported(std::string_view construct) { return Type{TypeKind::Unsupported, construct}; }

    bool is_void() const { return kind == TypeKind::Void; }
    bool is_integer() const { return kind != TypeKind::Void && kind != TypeKind::Unsupported; }
    bool is_unsupported() const { return kind == TypeKind::Unsupported; }
    bool is_bool() const { return kind == TypeKind::Bool; }

    friend bool operator==(const Type& a, const Type& b) {
        return a.kind == b.kind && (a.kind != TypeKind::Unsupported || a.construct == b.construct);
    }
};

// Width in bits of the values of an integer type (_Bool counts 1).
unsigned bit_width(TypeKind k, DataModel dm);
// sizeof in bytes of an integer type (_Bool is 1); 1 for void as GCC does.
unsigned size_in_bytes(TypeKind k, DataModel dm);
bool is_signed(TypeKind k);
// Integer conversion rank (C11 6.3.1.1): _Bool < char < short < int < long < long long.
int rank(TypeKind k);
// The unsigned type with the same rank (C11 6.3.1.8).
TypeKind to_unsigned(TypeKind k);

// Integer promotions (C11 6.3.1.1p2): types of rank below int become int
// (every such type fits into int in both data models).
Type promote(Type t, DataModel dm);
// Usual arithmetic conversions for two integer types (C11 6.3.1.8).
Type usual_arithmetic_conversion(Type a, Type b, DataModel dm);
// The type of sizeof: unsigned int (ILP32) or unsigned long (LP64).
Type size_type(DataModel dm);

// Normal form of a bit pattern for type t (see contract above).
std::uint64_t normalize(std::uint64_t bits, TypeKind t, DataModel dm);
// C conversion of a value in normal form to type `to` (C11 6.3.1.2, 6.3.1.3;
// out-of-range conversions to signed types wrap as GCC does).
std::uint64_t convert_value(std::uint64_t normalized, TypeKind to, DataModel dm);
// Smallest and largest value of an integer type, as normal forms.
std::uint64_t min_value(TypeKind t, DataModel dm);
std::uint64_t max_value(TypeKind t, DataModel dm);
// Whether the normal-form value v of type `from` is representable in `to`.
bool fits(std::uint64_t v, TypeKind from, TypeKind to, DataModel dm);

// C spelling: "unsigned int", "_Bool", "void", or "<unsupported: pointer>".
std::string to_string(Type t);
std::string_view to_string(DataModel dm);

}  // namespace craig::frontend
