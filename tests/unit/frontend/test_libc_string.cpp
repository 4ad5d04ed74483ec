// The replay's <string.h> (libc_string_replay.hpp) on the interpreter's memory: glibc's results,
// the checks that make a call undefined, the bytes of partly written cells.
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "frontend/libc.hpp"
#include "frontend/libc_string_replay.hpp"

using namespace craig::frontend;
using memory::Memory;
using memory::ObjectKind;
using memory::Value;

namespace {

constexpr DataModel kDm = DataModel::LP64;

// An array object of `n` cells of type t in `mem`; the first values.size() cells set.
Value array(Memory& mem, TypeKind t, std::uint64_t n, const std::vector<std::int64_t>& values,
            ObjectKind kind = ObjectKind::Global) {
    const std::uint32_t slot = mem.create(kind, ObjectShape{{n}, Type::of(t)}, n, nullptr, nullptr);
    REQUIRE(slot != 0);
    for (std::size_t i = 0; i < values.size(); ++i)
        mem.cells(slot)[i] = Value::integer(normalize(static_cast<std::uint64_t>(values[i]), t, kDm));
    return mem.address(slot);
}

Value chars(Memory& mem, const std::string& s, std::uint64_t n, ObjectKind kind = ObjectKind::Global) {
    std::vector<std::int64_t> v(s.begin(), s.end());
    v.push_back(0);
    return array(mem, TypeKind::Char, n, v, kind);
}

StringCallOutcome call(Memory& mem, const char* name, std::vector<Value> args, std::vector<TypeKind> access) {
    std::vector<Type> types;
    for (TypeKind k : access) types.push_back(Type::of(k));
    return replay_string_call(*find_libc(name), mem, args, types, kDm);
}

Value at(Value p, std::int64_t off) {
    p.bits = static_cast<std::uint64_t>(off);
    return p;
}

std::int64_t as_int(const Value& v) { return static_cast<std::int32_t>(v.bits); }

// glibc's strcmp at run time (a compiler folds strcmp of literals to -1, 0 or 1).
int host_strcmp(std::string a, std::string b) {
    auto* volatile f = &std::strcmp;
    return f(a.c_str(), b.c_str());
}

}  // namespace

TEST_CASE("libc string: strcmp and strncmp return glibc's value") {
    Memory mem(1000);
    const Value a = chars(mem, "abc", 4), b = chars(mem, "abd", 4);
    StringCallOutcome r = call(mem, "strcmp", {a, b}, {TypeKind::Char, TypeKind::Char});
    REQUIRE_FALSE(r.undefined);
    CHECK(as_int(r.value) == host_strcmp("abc", "abd"));
    CHECK(as_int(r.value) < 0);
    r = call(mem, "strncmp", {a, b, Value::integer(2)}, {TypeKind::Char, TypeKind::Char, TypeKind::Void});
    REQUIRE_FALSE(r.undefined);
    CHECK(as_int(r.value) == 0);
    // An unterminated array is fine as long as the comparison stops inside it.
    const Value c = array(mem, TypeKind::Char, 2, {'a', 'x'});
    r = call(mem, "strcmp", {a, c}, {TypeKind::Char, TypeKind::Char});
    REQUIRE_FALSE(r.undefined);
    CHECK(as_int(r.value) == host_strcmp("ab", "ax"));
    CHECK(as_int(r.value) < 0);
}

TEST_CASE("libc string: undefined uses are reported before anything changes") {
    Memory mem(1000);
    const Value s = array(mem, TypeKind::Char, 3, {'a', 'b', 'c'});
    StringCallOutcome r = call(mem, "strlen", {s}, {TypeKind::Char});
    REQUIRE(r.undefined);
    CHECK(r.undefined->find("unterminated") != std::string::npos);

    const Value small = chars(mem, "", 4);
    const Value hello = chars(mem, "hello", 6);
    r = call(mem, "strcpy", {small, hello}, {TypeKind::Char, TypeKind::Char});
    REQUIRE(r.undefined);
    CHECK(r.undefined->find("outside the object") != std::string::npos);
    CHECK(mem.cells(small.obj)[1].bits == 0);  // nothing written

    const Value lit = chars(mem, "abc", 4, ObjectKind::StringLiteral);
    r = call(mem, "strcpy", {lit, chars(mem, "x", 2)}, {TypeKind::Char, TypeKind::Char});
    REQUIRE(r.undefined);
    CHECK(r.undefined->find("string literal") != std::string::npos);

    r = call(mem, "strlen", {Value::integer(0)}, {TypeKind::Char});
    REQUIRE(r.undefined);
    CHECK(r.undefined->find("null") != std::string::npos);
}

TEST_CASE("libc string: memcpy of overlapping ranges is undefined, memmove is not") {
    Memory mem(1000);
    const Value a = array(mem, TypeKind::Int, 4, {1, 2, 3, 4});
    const Value n = Value::integer(2 * sizeof(int));
    StringCallOutcome r = call(mem, "memcpy", {at(a, 1), a, n}, {TypeKind::Int, TypeKind::Int, TypeKind::Void});
    REQUIRE(r.undefined);
    CHECK(r.undefined->find("overlapping") != std::string::npos);
    r = call(mem, "memmove", {at(a, 1), a, n}, {TypeKind::Int, TypeKind::Int, TypeKind::Void});
    REQUIRE_FALSE(r.undefined);
    CHECK(mem.cells(a.obj)[1].bits == 1);
    CHECK(mem.cells(a.obj)[2].bits == 2);
    CHECK(mem.cells(a.obj)[3].bits == 4);
    CHECK(r.written.size() == 2);
}

TEST_CASE("libc string: memset writes bytes, also of part of a cell") {
    Memory mem(1000);
    const Value a = array(mem, TypeKind::Int, 2, {0x01010101, 0x01010101});
    StringCallOutcome r = call(mem, "memset", {a, Value::integer(0), Value::integer(5)},
                               {TypeKind::Int, TypeKind::Void, TypeKind::Void});
    REQUIRE_FALSE(r.undefined);
    CHECK(mem.cells(a.obj)[0].bits == 0);
    CHECK(mem.cells(a.obj)[1].bits == 0x01010100);  // little-endian: the first byte is the low one
    r = call(mem, "memset", {a, Value::integer(normalize(static_cast<std::uint64_t>(-1), TypeKind::Int, kDm)),
                             Value::integer(8)},
             {TypeKind::Int, TypeKind::Void, TypeKind::Void});
    REQUIRE_FALSE(r.undefined);
    CHECK(as_int(mem.cells(a.obj)[1]) == -1);
}

TEST_CASE("libc string: strncpy pads, strcat appends, strchr finds") {
    Memory mem(1000);
    const Value d = chars(mem, "zzzzz", 6);
    StringCallOutcome r = call(mem, "strncpy", {d, chars(mem, "ab", 3), Value::integer(4)},
                               {TypeKind::Char, TypeKind::Char, TypeKind::Void});
    REQUIRE_FALSE(r.undefined);
    CHECK(mem.cells(d.obj)[1].bits == 'b');
    CHECK(mem.cells(d.obj)[3].bits == 0);
    CHECK(mem.cells(d.obj)[4].bits == 'z');
    r = call(mem, "strcat", {d, chars(mem, "cd", 3)}, {TypeKind::Char, TypeKind::Char});
    REQUIRE_FALSE(r.undefined);
    CHECK(mem.cells(d.obj)[2].bits == 'c');
    CHECK(mem.cells(d.obj)[4].bits == 0);
    r = call(mem, "strchr", {d, Value::integer('c')}, {TypeKind::Char, TypeKind::Void});
    REQUIRE_FALSE(r.undefined);
    CHECK(r.value == at(d, 2));
    r = call(mem, "strchr", {d, Value::integer('q')}, {TypeKind::Char, TypeKind::Void});
    REQUIRE_FALSE(r.undefined);
    CHECK(r.value.obj == 0);
}
