// C types of the supported subset and their arithmetic under a data model.
//
// Guarantees:
//  - Type is a small value; two types are equal iff they are the same type.
//    Enumerated types are represented by their compatible integer type.
//  - Pointer, array and struct/union types carry an Aggregate, interned in the
//    TypeTable of their TranslationUnit: pointer and array types are unique per
//    (target, length), so equality of Types is equality of C types (qualifiers are
//    dropped); a struct or union type is unique per definition. Aggregates live as
//    long as the TypeTable.
//  - Function types (TypeKind::Function) occur only as the target of a pointer type (a
//    function pointer); they are interned per (return type, parameter types, variadic).
//  - Every type outside the subset (floats, functions without prototype, ...) is
//    TypeKind::Unsupported with a stable construct name that becomes the
//    construct of the Unsupported error raised when reachable code uses it.
//  - Values of integer types are carried as 64-bit patterns in normal form
//    (see normalize): the type's value, truncated to its width and
//    sign-extended for signed types, so that int64_t(bits) is the value of a
//    signed type and bits is the value of an unsigned type.
//  - Plain char is signed (x86 ABI of ILP32 and LP64 Linux targets).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

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
    Pointer,  // Aggregate::target = the pointee (void allowed)
    Array,    // Aggregate::target = the element type, Aggregate::length
    Struct,   // struct or union (Aggregate::is_union), Aggregate::fields
    Function,  // Aggregate::target = the return type, fields = the parameters (types only), variadic
    Unsupported,
};

struct Aggregate;

struct Type {
    TypeKind kind = TypeKind::Int;
    // Only for Unsupported: the construct name; always refers to a string
    // literal with static storage.
    std::string_view construct;
    // Only for Pointer, Array and Struct: the interned description.
    const Aggregate* info = nullptr;

    static constexpr Type of(TypeKind k) { return Type{k, {}, nullptr}; }
    static constexpr Type unsupported(std::string_view construct) {
        return Type{TypeKind::Unsupported, construct, nullptr};
    }

    bool is_void() const { return kind == TypeKind::Void; }
    bool is_integer() const { return kind != TypeKind::Void && kind < TypeKind::Pointer; }
    bool is_pointer() const { return kind == TypeKind::Pointer; }
    bool is_array() const { return kind == TypeKind::Array; }
    bool is_struct() const { return kind == TypeKind::Struct; }
    bool is_function() const { return kind == TypeKind::Function; }
    // A pointer to a function type: its values are the functions whose address is taken.
    bool is_function_pointer() const;
    // Integers and pointers: the types of values a single memory cell holds.
    bool is_scalar() const { return is_integer() || is_pointer(); }
    bool is_unsupported() const { return kind == TypeKind::Unsupported; }
    bool is_bool() const { return kind == TypeKind::Bool; }
    // Pointer: the pointee; Array: the element type. Requires is_pointer() or is_array().
    Type target() const;

    friend bool operator==(const Type& a, const Type& b) {
        return a.kind == b.kind && a.info == b.info && (a.kind != TypeKind::Unsupported || a.construct == b.construct);
    }
};

struct Field {
    std::string name;          // empty only for an unnamed bit-field given to complete_record
    Type type;                 // integer, pointer, array or struct; a bit-field's declared type
    std::uint64_t offset = 0;  // in bytes from the start of the struct (0 for every union member)
    // A bit-field (C11 6.7.2.1p9): its width in bits (0: an ordinary member) and its first bit
    // in the byte at `offset`. Its cell holds a value of `type` that the front end keeps within
    // the width (TypeChecker::bit_field_value); only the layout (sizeof, offsetof) packs it.
    std::uint32_t bit_width = 0;
    std::uint32_t bit_offset = 0;
};

// The description of a pointer, array or struct/union type.
struct Aggregate {
    TypeKind kind = TypeKind::Pointer;
    Type target;  // Pointer: pointee; Array: element type (never void, never an incomplete array)
    // Array: the number of elements; nullopt for a variable-length array (the length is an
    // expression of the declaration, VarDecl::vla_lengths) and for `T[]` parameters (adjusted
    // to pointers, so no object has such a type).
    std::optional<std::uint64_t> length;
    // Struct/union: tag ("" when anonymous), members in declaration order; complete once the
    // closing brace was parsed (an incomplete struct is only usable behind a pointer).
    std::string tag;
    bool is_union = false;
    bool variadic = false;  // Function: `...` after the parameters
    bool complete = false;
    std::vector<Field> fields;
    // Struct/union: sizeof and _Alignof under the data model (set when complete).
    std::uint64_t size = 0, align = 1;

    // Index of the member named `name`, or nullopt.
    std::optional<std::size_t> field_index(std::string_view name) const;
};

// Owns the Aggregates of one translation unit (stable addresses; not copyable, movable).
class TypeTable {
public:
    explicit TypeTable(DataModel dm) : dm_(dm) {}
    TypeTable(const TypeTable&) = delete;
    TypeTable& operator=(const TypeTable&) = delete;

    // Pointer to t (t an object type, void or an incomplete struct).
    Type pointer_to(Type t);
    // Array of `length` elements of type elem (nullopt: variable length).
    Type array_of(Type elem, std::optional<std::uint64_t> length);
    // The function type with these return and parameter types (all integers, pointers or void
    // for the return type).
    Type function_of(Type ret, const std::vector<Type>& params, bool variadic);
    // A new, incomplete struct or union; complete it with complete_record.
    Type new_record(std::string tag, bool is_union);
    // Sets the members of an incomplete record (offsets, size and alignment computed under
    // the data model, as GCC lays them out) and marks it complete.
    // Lays out the members as GCC does for the System V ABIs (bit-fields packed into units of
    // their declared type's alignment, never straddling one; `int :0` closes the unit; unnamed
    // bit-fields do not raise the alignment) and drops the unnamed bit-fields from the members.
    void complete_record(Type record, std::vector<Field> fields);

private:
    DataModel dm_;
    std::deque<Aggregate> nodes_;
    std::vector<const Aggregate*> functions_;  // searched linearly: programs have few function types
    std::map<std::tuple<TypeKind, const Aggregate*, std::string_view, bool, std::uint64_t>, const Aggregate*> pointers_,
        arrays_;
};

// sizeof and _Alignof of a complete object type under the data model (pointers are 4 or 8
// bytes; arrays of variable length have no static size: nullopt, as for void, incomplete
// structs and unsupported types).
std::optional<std::uint64_t> size_of(Type t, DataModel dm);
std::uint64_t align_of(Type t, DataModel dm);
// The integer type of a pointer difference (ptrdiff_t: int on ILP32, long on LP64).
Type ptrdiff_type(DataModel dm);

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

// C spelling: "unsigned int", "_Bool", "void", "int *", "int [4]", "struct point",
// or "<unsupported: float>".
std::string to_string(Type t);
std::string_view to_string(DataModel dm);

}  // namespace craig::frontend
