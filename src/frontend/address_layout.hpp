// Byte addresses of cells: how the lowering and the replay convert between pointers and
// integers (docs/memory-model.md, "Pointers and integers").
//
// A pointer is (object, cell offset); converted to an integer it is the object's address plus
// the byte offset of the cell, which this file computes from the types' byte layout under the
// data model (Field::offset, size_of, align_of). An object is an array of `elements` elements of
// a type that is not an array (the innermost element of its type; memory_layout.hpp's
// ObjectShape); cell c of it lies in element c / cells at byte offset c / cells * size +
// offsets[c % cells]. Objects with unions have no such map (union members have cells of their
// own but share bytes): they get none, and so do elements without cells or without a size.
//
// Pure functions of their arguments.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "frontend/ast.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

struct ByteLayout {
    std::uint64_t cells = 0;             // cells of one element (>= 1)
    std::uint64_t size = 0;              // bytes of one element (>= 1)
    std::uint64_t align = 1;             // alignment of the element
    std::vector<std::uint64_t> offsets;  // byte offset of each cell within the element, increasing
    // One cell per element: cell c is at byte c * size for every c, also outside the object.
    bool uniform() const { return cells == 1; }
};

// char, signed char, unsigned char: the types through which C lets a program view the bytes of
// any object (a character pointer into other cells is a byte view, docs/memory-model.md).
bool is_character(Type t);

// The innermost element type of t (t itself when t is not an array).
Type innermost_element(Type t);

// The byte layout of objects made of elements of type `element` (not an array type; use
// innermost_element); nullopt when it contains a union, has no cells or no size.
std::optional<ByteLayout> byte_layout(Type element, DataModel dm);

// Byte offset of cell `cell` (any cell, also one past the end of an object).
std::uint64_t cell_byte_offset(const ByteLayout& l, std::uint64_t cell);

// The cell that starts at byte offset `byte`, if one does (byte = elements * size is the cell one
// past the end of an object of that many elements).
std::optional<std::uint64_t> cell_at_byte(const ByteLayout& l, std::uint64_t byte);

// Whether the cast e converts a pointer to an integer (other than _Bool), an integer that is not
// the null pointer constant to a pointer, between pointers to different types neither of them
// void, or from void * to a character pointer (byte views): the conversions that need addresses.
bool is_address_conversion(const Expr& e, DataModel dm);

// An operand of a pointer comparison (== != < <= > >=) without the implicit conversion from
// void * that the type checker inserts (a comparison needs no view of the pointee type: it
// compares the pointers as they are); any other expression itself.
const Expr& compared_pointer(const Expr& operand);

// Whether any function body or file-scope initialiser of tu contains such a cast: only then do
// objects get addresses (in the lowering and in the replay).
bool converts_addresses(const TranslationUnit& tu);

}  // namespace craig::frontend
