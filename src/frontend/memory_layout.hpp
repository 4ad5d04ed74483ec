// Cell layout of C object types: how the replay (interpreter.cpp) and the lowering flatten an
// object into scalar cells.
//
// An object of type T is a flat sequence of cells, T's scalar leaves (integers and pointers) in
// layout order:
//  - an integer or a pointer is 1 cell (its leaf type is the type itself);
//  - an array of n elements of type E is n copies of E's cells, element 0 first;
//  - a struct is its members' cells in declaration order;
//  - a union likewise: its members do not share cells (member k starts after the cells of
//    members 0..k-1), so that every cell has one leaf type. The replay makes the other members'
//    cells uninitialised when one member is written (union_siblings).
// So `int a[3][2]` has 6 cells (a[0][0], a[0][1], a[1][0], ...), and
// `struct {int x; int y[2]; char *p;}` has 4 (x, y[0], y[1], p).
// Byte sizes, padding and alignment play no part: the layout of a type is the same under both
// data models (address_layout.hpp maps cells to bytes where pointers are converted to
// integers). A pointer into an object is (object, cell offset); see interpreter.hpp.
//
// Every function here is a pure function of its arguments (it reads the Type's Aggregate and
// nothing else); none allocates more than its result. Recursion follows the nesting of the type,
// which the parser bounds.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "frontend/types.hpp"

namespace craig::frontend {

// Types with more cells than this have no cell count (no object can be that large).
inline constexpr std::uint64_t kMaxCells = std::uint64_t{1} << 48;

// Cells of an object of type t; nullopt when t has no static layout: void, an incomplete struct,
// an array of variable length (or a type containing one), an unsupported type, or more than
// kMaxCells cells. An empty struct (GNU) has 0 cells.
std::optional<std::uint64_t> cell_count(Type t);

// Offset of the first cell of member `field` of the struct or union `record` (whose cell count
// is known): the cells of the members before it.
std::uint64_t field_cell_offset(Type record, std::size_t field);

// The leaf type (an integer or pointer type) of cell `cell` of t; requires cell < *cell_count(t).
Type cell_type(Type t, std::uint64_t cell);

// Appends the leaf types of t's cells in cell order (requires cell_count(t)).
void append_cell_types(Type t, std::vector<Type>& out);

// The C access path of cell `cell` within t (cell < *cell_count(t)): "" for a scalar, "[3]",
// ".y[1]", "[1][0]", "[2].x". Members of anonymous struct/union members are reached without
// naming the anonymous member, as in C.
std::string cell_path(Type t, std::uint64_t cell);

// Whether t is or contains a union (where a write to one cell affects others).
bool contains_union(Type t);

// The cell ranges [begin, end) of t that a write to `cell` leaves indeterminate: for every
// union that contains the cell, the cells of its other members. Appended to out.
void union_siblings(Type t, std::uint64_t cell, std::vector<std::pair<std::uint64_t, std::uint64_t>>& out);

// An object as an array of elements: its outer array dimensions (outermost first; empty when
// it is not an array) over an element type that is not an array. Variable-length arrays and
// malloc'ed blocks get their dimensions at run time; shape_of gives those of a type.
struct ObjectShape {
    std::vector<std::uint64_t> dims;
    Type element;
};

// {{3, 2}, int} for int [3][2]; {{}, struct S} for struct S; nullopt when a dimension has no
// constant length.
std::optional<ObjectShape> shape_of(Type t);

// Cells of an object of that shape: the product of dims times the element's cells (nullopt as
// for cell_count, also when the product exceeds kMaxCells).
std::optional<std::uint64_t> cell_count(const ObjectShape& shape);

// The C text of cell `cell` of an object named `base` of that shape: "x", "a[3]", "m[1][0]",
// "s.y[1]", "arr[2].x". The cell may lie outside the object (messages about out-of-bounds
// accesses): then the outermost index is outside its dimension ("a[5]", "a[-1]"), and an object
// that is not an array counts as an array of one element ("x[1]", "s[1].y[0]").
std::string cell_name(std::string_view base, const ObjectShape& shape, std::int64_t cell);

}  // namespace craig::frontend
