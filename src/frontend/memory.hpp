// Memory of the concrete interpreter (interpreter.hpp): objects of cells, pointer values,
// lifetimes and the checks of an access.
//
// Every variable with storage and every malloc'ed block is an object: a flat vector of cells
// laid out as memory_layout.hpp describes, each holding a Value or nothing (uninitialised).
// Objects are numbered by slots: slot 0 is the null object. A dead object's slot is reused under
// a new generation, so a pointer (slot, generation, offset) to a dead object never reaches the
// object that reuses the slot: a local's slot at once, a freed block's only after
// kHeapReuseDelay later frees, so that a double free is known as such unless long after.
//
// Cells of locals and alloca'ed blocks live on a stack (a call's cells are released when it
// returns); those of globals and malloc'ed blocks in vectors of their own (released by free).
//
// Addresses (programs that convert between pointers and integers, enable_addresses): each
// object gets a byte address when it is created, the next free one aligned for its elements,
// with a gap after each object and never reused, so the layout is a real one (distinct, aligned,
// not at 0) in which no address is both one past an object and the start of another. A pointer
// converts to its object's address plus the cell's byte offset (address_layout.hpp); an
// integer converts to the cell of the live object it is the address of, or to a pointer to no
// object (kWild, bits = the integer) through which every access and all arithmetic is
// undefined. A pointer cast to cells of another type is a byte view (kByteView).
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "frontend/address_layout.hpp"
#include "frontend/ast.hpp"
#include "frontend/memory_layout.hpp"
#include "frontend/source_location.hpp"
#include "frontend/types.hpp"

namespace craig::frontend::memory {

// obj of an uninitialised cell.
inline constexpr std::uint32_t kUninit = UINT32_MAX;
// obj of a pointer converted from an integer that is no live object's address (bits: the integer).
inline constexpr std::uint32_t kWild = UINT32_MAX - 1;
// obj of a pointer to cells of another type than its pointee (a byte view, made by a cast;
// bits: the address): its comparisons are the address's, and its arithmetic through character
// pointers; accesses through it are not modelled (UndefinedBehaviour here).
inline constexpr std::uint32_t kByteView = UINT32_MAX - 2;

// A value of a cell or expression: an integer (obj 0, bits in normal form of its type), a pointer
// (obj = the object's slot, 0 for null; gen = its generation; bits = the cell offset as int64),
// or nothing (obj kUninit). Null and integer 0 are both all zero.
struct Value {
    std::uint64_t bits = 0;
    std::uint32_t obj = 0;
    std::uint32_t gen = 0;

    static Value integer(std::uint64_t v) { return Value{v, 0, 0}; }
    static Value uninit() { return Value{0, kUninit, 0}; }
    bool initialised() const { return obj != kUninit; }
    std::int64_t offset() const { return static_cast<std::int64_t>(bits); }
    friend bool operator==(const Value& a, const Value& b) {
        return a.bits == b.bits && a.obj == b.obj && a.gen == b.gen;
    }
};

// StringLiteral: a string literal's array (TranslationUnit::string_literals), static like a
// Global but read-only: writing one of its cells is undefined.
enum class ObjectKind : std::uint8_t { Global, Local, Heap, Alloca, StringLiteral };

struct Object {
    ObjectKind kind = ObjectKind::Local;
    bool alive = false;
    bool has_union = false;  // the element type contains a union: writes may clear other cells
    std::uint32_t gen = 0;
    std::uint64_t ncells = 0;
    std::uint64_t elem_cells = 0;  // cells of shape.element
    ObjectShape shape;
    const VarDecl* var = nullptr;         // the variable, for named objects
    const SourceLocation* loc = nullptr;  // the allocating call, for Heap and Alloca (in the AST)
    std::uint64_t first = 0;              // Local, Alloca: first cell on the stack
    std::vector<Value> own;               // Global, Heap: the cells
    // With addresses: the first byte, the size in bytes, and the cells' byte offsets (none for
    // objects with unions: their pointers do not convert).
    std::uint64_t address = 0, bytes = 0;
    std::optional<ByteLayout> layout;
};

// Cell counts, member offsets and leaf types of types, memoised per Aggregate (the hot paths
// of the interpreter ask for them at every Index and Member).
class LayoutCache {
public:
    std::optional<std::uint64_t> cells(Type t);
    bool has_union(Type t);
    std::uint64_t field_offset(Type record, std::size_t field);
    Type cell_type(Type t, std::uint64_t cell);

private:
    struct Entry {
        std::optional<std::uint64_t> cells;
        bool has_union = false;
        std::vector<std::uint64_t> offsets;  // structs: member k starts at offsets[k]; last = cells
    };
    const Entry& entry(Type t);
    std::unordered_map<const Aggregate*, Entry> memo_;
};

class Memory {
public:
    explicit Memory(std::uint64_t max_cells) : max_cells_(max_cells) { objects_.emplace_back(); }

    LayoutCache& layouts() { return layouts_; }

    // From now on every object created gets an address (see above).
    void enable_addresses(DataModel dm) { address_model_ = dm; }
    bool addresses() const { return address_model_.has_value(); }
    // The integer (of the data model's pointer width) that p converts to, or nullopt with the
    // reason in `why` (a dangling pointer, one into an object with unions, a struct pointer
    // outside its object).
    std::optional<std::uint64_t> to_address(const Value& p, std::string& why) const;
    // The pointer that the address a converts to; nullopt with the reason when a lies in an
    // object with unions.
    std::optional<Value> from_address(std::uint64_t a, std::string& why) const;
    // A new object of the given shape (ncells cells, all uninitialised); 0 when it would take
    // the memory beyond max_cells.
    std::uint32_t create(ObjectKind kind, const ObjectShape& shape, std::uint64_t ncells, const VarDecl* var,
                         const SourceLocation* loc);
    // Ends the lifetime of an object; its slot is reused later under a new generation. Stack
    // cells are released by release_stack.
    void kill(std::uint32_t slot);
    // Whether p points to a malloc'ed block that has been freed (and its slot not reused since).
    bool freed(const Value& p) const;
    std::uint64_t stack_size() const { return stack_.size(); }
    void release_stack(std::uint64_t size);
    // Whether the object is the last on the stack (its cells can be released at once).
    bool on_stack_top(std::uint32_t slot) const;

    const Object& object(std::uint32_t slot) const { return objects_[slot]; }
    Value* cells(std::uint32_t slot) {
        Object& o = objects_[slot];
        return on_stack(o) ? stack_.data() + o.first : o.own.data();
    }
    // The pointer to cell `offset` of the object in slot.
    Value address(std::uint32_t slot, std::uint64_t offset = 0) const {
        return Value{offset, slot, objects_[slot].gen};
    }
    // The live object p points to; nullptr for null and for dead objects (dead set for those).
    const Object* target(const Value& p, bool& dead) const;
    // Leaf type of a cell of the object.
    Type leaf(const Object& o, std::uint64_t cell);
    // Slot of a pointer's object if it is live, else 0.
    std::uint32_t live_slot(const Value& p) const {
        bool dead = false;
        return target(p, dead) ? p.obj : 0;
    }

    // "a" for a variable, "malloc'ed object at 4:12" for a block.
    std::string name(const Object& o) const;
    // The C text of a cell (which may be outside the object): "a[3]", "s.y[1]", "a[-1]".
    std::string cell_name(const Object& o, std::int64_t cell) const {
        return frontend::cell_name(name(o), o.shape, cell);
    }

    // Why an access of `n` cells of type t (a scalar, or a struct for whole-struct copies; its
    // leaf types are compared cell by cell) through p is invalid, or "" when it is valid:
    // "null pointer dereference", "access to a dead object", "out-of-bounds read of a[5]
    // (3 elements)", "access through a pointer of another type", "write to a string literal
    // ("abc"[1])".
    std::string check(const Value& p, Type t, std::uint64_t n, bool write);
    // Writing a cell of an object with unions: the other members of each union around it become
    // uninitialised (memory_layout.hpp keeps union members in cells of their own).
    // Cells in [keep_begin, keep_end) are left alone (a struct copied as a whole).
    void clear_union_siblings(std::uint32_t slot, std::uint64_t cell, std::uint64_t keep_begin, std::uint64_t keep_end);
    // Whether a cell lies inside a union member (whose cells share storage in C): such cells of an
    // uninitialised object get no input.
    bool in_union(std::uint32_t slot, std::uint64_t cell);

private:
    static bool on_stack(const Object& o) { return o.kind == ObjectKind::Local || o.kind == ObjectKind::Alloca; }
    std::uint64_t live_cells() const { return stack_.size() + heap_cells_; }

    bool give_address(Object& o);  // false: the address range is exhausted

    std::uint64_t max_cells_;
    std::uint64_t heap_cells_ = 0;  // cells of live globals and malloc'ed objects
    std::optional<DataModel> address_model_;  // set: objects get addresses
    std::uint64_t next_address_ = 0x10000;
    std::vector<Object> objects_;
    static constexpr std::size_t kHeapReuseDelay = 1024;
    std::vector<std::uint32_t> free_slots_;  // of stack objects
    std::deque<std::uint32_t> freed_heap_;   // slots of freed blocks, oldest first
    std::vector<Value> stack_;
    LayoutCache layouts_;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> ranges_;  // scratch of clear_union_siblings
};

// Whether a cell of leaf type `cell` may be accessed as type `access`: the same type, or two
// pointer types one of which is void * (the front end admits pointer conversions through void *).
bool compatible(Type access, Type cell);

}  // namespace craig::frontend::memory
