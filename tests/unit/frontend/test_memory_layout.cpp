// Cell layout of types (memory_layout.hpp) and the interpreter's layout cache (memory.hpp).
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "frontend/memory.hpp"
#include "frontend/memory_layout.hpp"
#include "frontend/types.hpp"

using namespace craig::frontend;

namespace {

const Type kInt = Type::of(TypeKind::Int);
const Type kShort = Type::of(TypeKind::Short);
const Type kChar = Type::of(TypeKind::Char);

// struct S { int x; int y[2]; char *p; }
Type make_s(TypeTable& tt) {
    Type s = tt.new_record("S", false);
    tt.complete_record(s, {{"x", kInt, 0}, {"y", tt.array_of(kInt, 2), 0}, {"p", tt.pointer_to(kChar), 0}});
    return s;
}

std::string name_of(Type t, std::int64_t cell, const std::string& base = "v") {
    auto shape = shape_of(t);
    REQUIRE(shape);
    return cell_name(base, *shape, cell);
}

}  // namespace

TEST_CASE("layout: cell counts of scalars, arrays and structs") {
    TypeTable tt(DataModel::ILP32);
    CHECK(cell_count(kInt) == 1u);
    CHECK(cell_count(tt.pointer_to(kInt)) == 1u);
    CHECK(cell_count(tt.array_of(tt.array_of(kInt, 2), 3)) == 6u);
    const Type s = make_s(tt);
    CHECK(cell_count(s) == 4u);
    CHECK(cell_count(tt.array_of(s, 5)) == 20u);
    CHECK(field_cell_offset(s, 0) == 0u);
    CHECK(field_cell_offset(s, 1) == 1u);
    CHECK(field_cell_offset(s, 2) == 3u);

    // No static layout: void, variable length, incomplete, unsupported; too many cells.
    CHECK_FALSE(cell_count(Type::of(TypeKind::Void)));
    CHECK_FALSE(cell_count(tt.array_of(kInt, std::nullopt)));
    CHECK_FALSE(cell_count(tt.array_of(tt.array_of(kInt, std::nullopt), 3)));
    CHECK_FALSE(cell_count(tt.new_record("incomplete", false)));
    CHECK_FALSE(cell_count(Type::unsupported("float")));
    CHECK_FALSE(cell_count(tt.array_of(tt.array_of(kInt, std::uint64_t{1} << 30), std::uint64_t{1} << 30)));

    Type empty = tt.new_record("E", false);
    tt.complete_record(empty, {});
    CHECK(cell_count(empty) == 0u);
}

TEST_CASE("layout: leaf types in cell order, the same under both data models") {
    TypeTable tt(DataModel::LP64);
    const Type s = make_s(tt);
    std::vector<Type> leaves;
    append_cell_types(tt.array_of(s, 2), leaves);
    REQUIRE(leaves.size() == 8);
    const std::vector<Type> one{kInt, kInt, kInt, tt.pointer_to(kChar)};
    for (std::size_t c = 0; c < leaves.size(); ++c) {
        CHECK(leaves[c] == one[c % 4]);
        CHECK(cell_type(tt.array_of(s, 2), c) == one[c % 4]);
    }
    CHECK(cell_type(kShort, 0) == kShort);
}

TEST_CASE("layout: C names of cells, inside and outside the object") {
    TypeTable tt(DataModel::ILP32);
    const Type m = tt.array_of(tt.array_of(kInt, 2), 3);
    const Type s = make_s(tt);
    CHECK(name_of(kInt, 0, "x") == "x");
    CHECK(name_of(m, 0, "m") == "m[0][0]");
    CHECK(name_of(m, 3, "m") == "m[1][1]");
    CHECK(name_of(s, 0, "s") == "s.x");
    CHECK(name_of(s, 2, "s") == "s.y[1]");
    CHECK(name_of(s, 3, "s") == "s.p");
    CHECK(name_of(tt.array_of(s, 3), 6, "arr") == "arr[1].y[1]");
    CHECK(cell_path(s, 1) == ".y[0]");
    CHECK(cell_path(m, 5) == "[2][1]");

    // Outside: the outermost index runs over; a non-array is one element.
    CHECK(name_of(m, 6, "m") == "m[3][0]");
    CHECK(name_of(m, -1, "m") == "m[-1][1]");
    CHECK(name_of(tt.array_of(kInt, 3), 5, "a") == "a[5]");
    CHECK(name_of(tt.array_of(kInt, 3), -1, "a") == "a[-1]");
    CHECK(name_of(kInt, 1, "x") == "x[1]");
    CHECK(name_of(s, 5, "s") == "s[1].y[0]");

    // Shapes given at run time (variable-length arrays, malloc'ed blocks).
    CHECK(cell_name("b", ObjectShape{{4, 5}, kInt}, 7) == "b[1][2]");
    CHECK(cell_name("b", ObjectShape{{4}, s}, 9) == "b[2].y[0]");
    CHECK(cell_count(ObjectShape{{4, 5}, s}) == 80u);
    CHECK_FALSE(shape_of(tt.array_of(kInt, std::nullopt)));
    auto sh = shape_of(m);
    REQUIRE(sh);
    CHECK(sh->dims == std::vector<std::uint64_t>{3, 2});
    CHECK(sh->element == kInt);
}

TEST_CASE("layout: union members have cells of their own; a write clears the others") {
    TypeTable tt(DataModel::ILP32);
    // union U { int a; struct { short b; short c; } s; }
    Type inner = tt.new_record("", false);
    tt.complete_record(inner, {{"b", kShort, 0}, {"c", kShort, 0}});
    Type u = tt.new_record("U", true);
    tt.complete_record(u, {{"a", kInt, 0}, {"s", inner, 0}});
    CHECK(cell_count(u) == 3u);
    CHECK(field_cell_offset(u, 1) == 1u);
    CHECK(cell_type(u, 2) == kShort);
    CHECK(name_of(u, 2, "u") == "u.s.c");
    CHECK(contains_union(tt.array_of(u, 2)));
    CHECK_FALSE(contains_union(make_s(tt)));

    std::vector<std::pair<std::uint64_t, std::uint64_t>> r;
    union_siblings(u, 0, r);
    CHECK(r == std::vector<std::pair<std::uint64_t, std::uint64_t>>{{1, 3}});
    r.clear();
    union_siblings(u, 2, r);
    CHECK(r == std::vector<std::pair<std::uint64_t, std::uint64_t>>{{0, 1}});
    // Inside an array of structs of unions: offsets relative to the whole type.
    Type holder = tt.new_record("H", false);
    tt.complete_record(holder, {{"k", kInt, 0}, {"u", u, 0}});
    r.clear();
    union_siblings(tt.array_of(holder, 2), 5, r);  // [1].u.a
    CHECK(r == std::vector<std::pair<std::uint64_t, std::uint64_t>>{{6, 8}});
    r.clear();
    union_siblings(holder, 0, r);
    CHECK(r.empty());
}

TEST_CASE("layout cache agrees with the pure functions") {
    TypeTable tt(DataModel::ILP32);
    const Type s = make_s(tt);
    Type e = tt.new_record("E", false);
    tt.complete_record(e, {});
    Type t = tt.new_record("T", false);
    tt.complete_record(t, {{"e", e, 0}, {"a", tt.array_of(s, 2), 0}, {"e2", e, 0}, {"z", kShort, 0}});
    memory::LayoutCache cache;
    REQUIRE(cache.cells(t) == cell_count(t));
    for (std::uint64_t c = 0; c < *cell_count(t); ++c) CHECK(cache.cell_type(t, c) == cell_type(t, c));
    for (std::size_t k = 0; k < 4; ++k) CHECK(cache.field_offset(t, k) == field_cell_offset(t, k));
    CHECK(cache.cells(tt.array_of(kInt, std::nullopt)) == std::nullopt);
}
