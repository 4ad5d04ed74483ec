// Byte offsets of cells for pointer <-> integer conversions (address_layout.hpp) and the replay's
// addresses (memory.hpp).
#include <doctest/doctest.h>

#include <string>

#include "frontend/address_layout.hpp"
#include "frontend/memory.hpp"
#include "frontend/types.hpp"

using namespace craig::frontend;

namespace {

const Type kInt = Type::of(TypeKind::Int);
const Type kChar = Type::of(TypeKind::Char);
const Type kLong = Type::of(TypeKind::Long);

// struct N { char c; int x; long y[2]; } (offsets computed by complete_record)
Type make_n(TypeTable& tt) {
    Type s = tt.new_record("N", false);
    tt.complete_record(s, {{"c", kChar, 0}, {"x", kInt, 0}, {"y", tt.array_of(kLong, 2), 0}});
    return s;
}

}  // namespace

TEST_CASE("address layout: byte offsets of cells under both data models") {
    for (DataModel dm : {DataModel::ILP32, DataModel::LP64}) {
        TypeTable tt(dm);
        const Type n = make_n(tt);
        auto l = byte_layout(n, dm);
        REQUIRE(l);
        const std::uint64_t ls = dm == DataModel::LP64 ? 8 : 4;
        CHECK(l->cells == 4u);
        CHECK(l->size == 8 + 2 * ls);
        CHECK(l->align == ls);
        CHECK(!l->uniform());
        CHECK(cell_byte_offset(*l, 0) == 0u);
        CHECK(cell_byte_offset(*l, 1) == 4u);
        CHECK(cell_byte_offset(*l, 3) == 8 + ls);
        CHECK(cell_byte_offset(*l, 4) == l->size);  // the next element (one past one N)
        CHECK(cell_at_byte(*l, 4) == std::optional<std::uint64_t>(1));
        CHECK(!cell_at_byte(*l, 2));  // padding
        CHECK(cell_at_byte(*l, l->size + 8) == std::optional<std::uint64_t>(6));
        auto li = byte_layout(kInt, dm);
        REQUIRE(li);
        CHECK(li->uniform());
        CHECK(cell_byte_offset(*li, 3) == 12u);
        CHECK(!byte_layout(tt.array_of(kInt, 2), dm));  // arrays: their innermost element
        CHECK(innermost_element(tt.array_of(tt.array_of(n, 2), 3)) == n);
        Type u = tt.new_record("U", true);
        tt.complete_record(u, {{"i", kInt, 0}, {"c", kChar, 0}});
        CHECK(!byte_layout(u, dm));  // unions share bytes between cells
    }
}

TEST_CASE("address layout: the replay's addresses are aligned, apart, and convert back") {
    TypeTable tt(DataModel::LP64);
    const Type n = make_n(tt);
    memory::Memory mem(1 << 20);
    mem.enable_addresses(DataModel::LP64);
    const auto a = mem.create(memory::ObjectKind::Global, ObjectShape{{3}, kInt}, 3, nullptr, nullptr);
    const auto s = mem.create(memory::ObjectKind::Global, ObjectShape{{}, n}, 4, nullptr, nullptr);
    REQUIRE(a != 0);
    REQUIRE(s != 0);
    std::string why;
    auto pa = mem.to_address(mem.address(a, 2), why);
    auto ps = mem.to_address(mem.address(s, 3), why);
    REQUIRE(pa);
    REQUIRE(ps);
    CHECK(*pa % 4 == 0);
    CHECK(*pa - mem.object(a).address == 8u);
    CHECK(mem.object(s).address % 8 == 0);
    CHECK(mem.object(s).address > mem.object(a).address + 12);  // a gap after each object
    CHECK(*ps == mem.object(s).address + 16);
    auto back = mem.from_address(*ps, why);
    REQUIRE(back);
    CHECK(*back == mem.address(s, 3));
    auto end = mem.from_address(mem.object(a).address + 12, why);  // one past a
    REQUIRE(end);
    CHECK(*end == mem.address(a, 3));
    auto inside = mem.from_address(mem.object(s).address + 2, why);  // padding: no cell
    REQUIRE(inside);
    CHECK(inside->obj == memory::kWild);
    CHECK(mem.check(*inside, kInt, 1, false).find("no object's address") != std::string::npos);
    CHECK(mem.from_address(0, why) == std::optional<memory::Value>(memory::Value{}));
    mem.kill(a);
    CHECK(!mem.to_address(mem.address(a, 0), why));  // the generation is gone: dangling
}
