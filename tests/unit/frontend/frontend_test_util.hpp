// Helpers shared by the front-end unit tests.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "frontend/frontend.hpp"
#include "frontend/printer.hpp"

namespace craig::frontend::test {

// The SV-COMP tasks of the development set: $CRAIG_SVCOMP (as for bench/svcomp.sh), else
// ../shared/bench/svcomp beside the repository. The test cases that read them are in the doctest
// suite "shared-bench": the ctest entry unit.frontend leaves that suite out, and
// unit.frontend.svcomp runs it or reports SKIPPED (exit 77) when the folder is absent
// (tests/unit/needs_dir.sh), so a missing folder is never a pass. Run directly, those test cases
// fail when the folder is absent.
inline std::filesystem::path svcomp_dir() {
    if (const char* env = std::getenv("CRAIG_SVCOMP"); env && *env) return env;
    // tests/unit/frontend/<this file> -> repository root -> ../shared/bench/svcomp
    std::filesystem::path root =
        std::filesystem::path(__FILE__).parent_path().parent_path().parent_path().parent_path();
    return root.parent_path() / "shared" / "bench" / "svcomp";
}

// Globals of every integer type, visible to the snippets of body().
inline const char* kGlobals =
    "int a, b, c, d; unsigned u, v; long l; unsigned long ul; long long ll; "
    "unsigned long long ull; char ch; signed char sc; unsigned char uc; short s; "
    "unsigned short us; _Bool bo;\n";

// Parses `code` as the body of main (after kGlobals) and prints the body's
// statements (without the enclosing braces).
inline std::string body(const std::string& code, DataModel dm = DataModel::ILP32) {
    TranslationUnit tu = parse_string(std::string(kGlobals) + "int main(void) {\n" + code + "\n}\n", "t.c", dm);
    const FunctionDecl* f = tu.main_function();
    REQUIRE(f);
    REQUIRE(f->body);
    std::string out;
    for (const auto& s : f->body->stmts) out += print(*s, 0);
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
}

// The printed expression of `code` as an expression statement in main.
inline std::string expr(const std::string& code, DataModel dm = DataModel::ILP32) {
    std::string s = body(code + ";", dm);
    if (!s.empty() && s.back() == ';') s.pop_back();
    return s;
}

// "line:col" of the front-end error raised by text (or "ok").
inline std::string error_location(const std::string& text, std::string* message = nullptr) {
    try {
        parse_string(text, "t.c", DataModel::ILP32);
    } catch (const FrontendError& e) {
        if (message) *message = e.what();
        return std::to_string(e.location().line) + ":" + std::to_string(e.location().col);
    }
    return "ok";
}

// The construct of the Unsupported error raised by text ("" if none, "parse
// error: ..." for a ParseError).
inline std::string unsupported(const std::string& text) {
    try {
        parse_string(text, "t.c", DataModel::ILP32);
    } catch (const Unsupported& u) {
        return u.construct();
    } catch (const ParseError& e) {
        return std::string("parse error: ") + e.what();
    }
    return "";
}

}  // namespace craig::frontend::test
