// The C library table (frontend/libc.hpp) and the replay's concrete meaning (libc_replay.hpp).
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/libc.hpp"
#include "frontend/libc_convert.hpp"
#include "frontend/libc_format.hpp"
#include "frontend/libc_replay.hpp"
#include "frontend/libc_sscanf.hpp"

using namespace craig::frontend;
namespace fs = std::filesystem;

namespace {

LibcArg int_arg(std::int64_t v, TypeKind k = TypeKind::Int) {
    return LibcArg{static_cast<std::uint64_t>(v), Type::of(k), std::nullopt};
}

}  // namespace

TEST_CASE("libc: docs/libc.md lists every row of the table") {
    const fs::path doc = fs::path(__FILE__).parent_path().parent_path().parent_path().parent_path() / "docs" / "libc.md";
    std::ifstream in(doc);
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    for (const LibcEntry& e : libc_table()) {
        INFO(e.name);
        CHECK(text.str().find("| `" + std::string(e.name) + "` |") != std::string::npos);
        CHECK(find_libc(e.name) == &e);
    }
    CHECK(find_libc("memcpy_not_a_function") == nullptr);
}

TEST_CASE("libc: the lowering's character classes agree with the replay's C library (C locale)") {
    for (const LibcEntry& e : libc_table()) {
        if (e.model != LibcModel::CharClass && e.model != LibcModel::CharMap) continue;
        for (int c = -1; c <= 255; ++c) {
            INFO(e.name << " " << c);
            const LibcArg arg[] = {int_arg(c)};
            REQUIRE(!libc_undefined_use(e, arg, DataModel::LP64));
            const std::int64_t r = libc_result(e, arg, 0, DataModel::LP64);
            if (e.model == LibcModel::CharClass)
                CHECK(in_char_set(e.set, c) == (r != 0));
            else
                CHECK(map_char(e.set, c) == r);
        }
    }
}

TEST_CASE("libc: undefined uses") {
    const LibcEntry& abs_e = *find_libc("abs");
    const LibcArg min_int[] = {int_arg(INT32_MIN)};
    CHECK(libc_undefined_use(abs_e, min_int, DataModel::ILP32).has_value());
    const LibcArg one[] = {int_arg(-1)};
    CHECK(!libc_undefined_use(abs_e, one, DataModel::ILP32));
    CHECK(libc_result(abs_e, one, 0, DataModel::ILP32) == 1);
    const LibcEntry& labs_e = *find_libc("labs");
    const LibcArg min_long[] = {int_arg(INT64_MIN, TypeKind::Long)};
    CHECK(libc_undefined_use(labs_e, min_long, DataModel::LP64).has_value());
    const LibcArg min_int_long[] = {int_arg(INT32_MIN, TypeKind::Long)};
    CHECK(libc_undefined_use(labs_e, min_int_long, DataModel::ILP32).has_value());  // long is 32 bits
    CHECK(!libc_undefined_use(labs_e, min_int_long, DataModel::LP64));
    const LibcEntry& digit = *find_libc("isdigit");
    const LibcArg eof[] = {int_arg(-1)}, big[] = {int_arg(256)}, neg[] = {int_arg(-2)};
    CHECK(!libc_undefined_use(digit, eof, DataModel::ILP32));
    CHECK(libc_undefined_use(digit, big, DataModel::ILP32).has_value());
    CHECK(libc_undefined_use(digit, neg, DataModel::ILP32).has_value());
}

TEST_CASE("libc: the <ctype.h> classes return glibc's nonzero values, as a compiled program sees them") {
    // GCC expands a direct isdigit() in C++ to 0/1; a C program calls glibc's function, whose
    // result is the class bit of its table (x86: _ISdigit = 2048, _ISalpha = 1024).
    const LibcArg five[] = {int_arg('5')}, a[] = {int_arg('a')}, space[] = {int_arg(' ')};
    CHECK(libc_result(*find_libc("isdigit"), five, 0, DataModel::ILP32) == 2048);
    CHECK(libc_result(*find_libc("isalpha"), a, 0, DataModel::ILP32) == 1024);
    CHECK(libc_result(*find_libc("isdigit"), a, 0, DataModel::ILP32) == 0);
    CHECK(libc_result(*find_libc("isspace"), space, 0, DataModel::ILP32) == 8192);
    CHECK(libc_result(*find_libc("toupper"), a, 0, DataModel::ILP32) == 'A');
}

TEST_CASE("libc: printf's character count is the C library's") {
    auto count = [](std::string_view fmt, std::vector<LibcArg> args) {
        return printf_count(fmt, args, DataModel::LP64);
    };
    char buf[256];
    CHECK(count("x=%d\n", {int_arg(42)}) == std::snprintf(buf, sizeof buf, "x=%d\n", 42));
    CHECK(count("%5d|%-3u|%x|%X|%o", {int_arg(-7), int_arg(3, TypeKind::UInt), int_arg(255), int_arg(255), int_arg(8)}) ==
          std::snprintf(buf, sizeof buf, "%5d|%-3u|%x|%X|%o", -7, 3u, 255, 255, 8));
    CHECK(count("%ld %lld %hhd %hu %zu", {int_arg(-1234567890123, TypeKind::Long), int_arg(5, TypeKind::LongLong),
                                         int_arg(300), int_arg(70000), int_arg(9, TypeKind::ULong)}) ==
          std::snprintf(buf, sizeof buf, "%ld %lld %hhd %hu %zu", -1234567890123L, 5LL,
                        static_cast<signed char>(300), static_cast<unsigned short>(70000), std::size_t{9}));
    CHECK(count("%c%%%+.3d", {int_arg('a'), int_arg(4)}) == std::snprintf(buf, sizeof buf, "%c%%%+.3d", 'a', 4));
    LibcArg s{0, Type::of(TypeKind::Int), std::string_view("hello")};
    CHECK(count("[%8s]", {s}) == std::snprintf(buf, sizeof buf, "[%8s]", "hello"));
    CHECK(!count("%f", {int_arg(1)}));  // floats: not counted
    CHECK(!count("%d %d", {int_arg(1)}));  // fewer arguments than conversions
    CHECK(!count("%*d", {int_arg(1), int_arg(2)}));
    // The result the replay uses: the count, or the failure the input selects.
    const LibcEntry& printf_e = *find_libc("printf");
    const LibcArg fmt_args[] = {LibcArg{0, Type::of(TypeKind::Int), std::string_view("ab%dc")}, int_arg(12)};
    CHECK(libc_result(printf_e, fmt_args, 0, DataModel::LP64) == 5);
    CHECK(libc_result(printf_e, fmt_args, -3, DataModel::LP64) == -3);
    const LibcEntry& putchar_e = *find_libc("putchar");
    const LibcArg ch[] = {int_arg(0x141)};
    CHECK(libc_result(putchar_e, ch, 7, DataModel::LP64) == 0x41);
    CHECK(libc_result(putchar_e, ch, -1, DataModel::LP64) == kEof);
}

TEST_CASE("libc: string conversions have the data model's long (strtol, strtoul, atoi)") {
    const LibcEntry& strtol_e = *find_libc("strtol");
    const LibcEntry& strtoul_e = *find_libc("strtoul");
    const LibcEntry& atoi_e = *find_libc("atoi");
    auto r = string_to_int(strtol_e, "  99999999999x", 10, DataModel::ILP32);
    CHECK(r.value == 2147483647u);
    CHECK(r.out_of_range);
    CHECK(r.consumed == 13);
    r = string_to_int(strtol_e, "-99999999999", 10, DataModel::ILP32);
    CHECK(static_cast<std::int32_t>(r.value) == INT32_MIN);
    r = string_to_int(strtol_e, "-99999999999", 10, DataModel::LP64);
    CHECK(static_cast<std::int64_t>(r.value) == -99999999999);
    CHECK(!r.out_of_range);
    // strtoul: '-' negates in unsigned long; the magnitude must fit (C11 7.22.1.4p5, p8).
    r = string_to_int(strtoul_e, "-5", 10, DataModel::ILP32);
    CHECK(r.value == 4294967291u);
    r = string_to_int(strtoul_e, "-4294967296", 10, DataModel::ILP32);
    CHECK(r.value == 4294967295u);
    CHECK(r.out_of_range);
    r = string_to_int(strtoul_e, "0x", 16, DataModel::LP64);
    CHECK(r.value == 0);
    CHECK(r.consumed == 1);
    r = string_to_int(atoi_e, "2147483648", 10, DataModel::LP64);
    CHECK(r.out_of_range);
    r = string_to_int(atoi_e, " -2147483648", 10, DataModel::LP64);
    CHECK(!r.out_of_range);
    CHECK(static_cast<std::int32_t>(r.value) == INT32_MIN);
    r = string_to_int(atoi_e, "abc", 10, DataModel::LP64);
    CHECK(r.value == 0);
    CHECK(r.consumed == 0);
}

TEST_CASE("libc: sscanf formats and glibc's results, one conversion at a time") {
    std::string why;
    CHECK(!parse_scan_format("%s", why));
    CHECK(!parse_scan_format("%5c", why));
    CHECK(!parse_scan_format("%f", why));
    auto convs = parse_scan_format(" %d,%*x %hhu%c%%", why);
    REQUIRE(convs);
    REQUIRE(convs->size() == 4);
    CHECK(scan_target_kind((*convs)[0]) == TypeKind::Int);
    CHECK(scan_target_kind((*convs)[2]) == TypeKind::UChar);
    CHECK(scan_target_kind((*convs)[3]) == TypeKind::Char);
    auto r = run_sscanf(" -12,ff 200z", *convs);
    CHECK(r.result == 3);
    REQUIRE(r.values.size() == 3);
    CHECK(r.values[0] == -12);
    CHECK(r.values[1] == 200);
    CHECK(r.values[2] == 'z');
    convs = parse_scan_format("%d %d", why);
    REQUIRE(convs);
    CHECK(run_sscanf("   ", *convs).result == kEof);
    CHECK(run_sscanf("x", *convs).result == 0);
    CHECK(run_sscanf("4 y", *convs).result == 1);
}

TEST_CASE("libc: printf_text is glibc's text; snprintf keeps n - 1 characters and a zero") {
    const LibcArg args[] = {int_arg(-42), LibcArg{0, Type::of(TypeKind::Int), std::string_view("ab")}, int_arg('Z')};
    CHECK(printf_text("x=%d,%s%c", args, DataModel::LP64) == std::optional<std::string>("x=-42,abZ"));
    CHECK(printf_text("%05u|%-3x|", std::vector<LibcArg>{int_arg(7, TypeKind::UInt), int_arg(255)}, DataModel::ILP32) ==
          std::optional<std::string>("00007|ff |"));
    CHECK(!printf_text("%f", std::vector<LibcArg>{int_arg(1)}, DataModel::LP64));
    CHECK(written_text("hello", 3) == std::string("he\0", 3));
    CHECK(written_text("hello", 0).empty());
    CHECK(written_text("hi", std::nullopt) == std::string("hi\0", 3));
    CHECK(written_text("hi", 10) == std::string("hi\0", 3));
}
