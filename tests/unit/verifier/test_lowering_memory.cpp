// The memory model of the lowering (lower_memory.cpp, docs/memory-model.md): cells as program
// variables with their C lvalues, pointers as pairs, invalid writes to the error location,
// untracked objects, uninitialised cells as inputs, and what stays unsupported.
#include <doctest/doctest.h>

#include <string>

#include "frontend/errors.hpp"
#include "frontend/frontend.hpp"
#include "verifier/lowering/lowering.hpp"

using namespace craig;
using verifier::Program;

namespace {

frontend::TranslationUnit parse(const std::string& code) {
    return frontend::parse_string("extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n" + code,
                                  "t.c", frontend::DataModel::ILP32);
}

// C lvalues (c_name + c_path) of the program's variables.
std::vector<std::string> c_lvalues(const Program& p) {
    std::vector<std::string> out;
    for (verifier::VarId v = 0; v < p.vars.size(); ++v) {
        const auto& o = p.var_origin(v);
        if (!o.c_name.empty()) out.push_back(o.c_name + o.c_path);
    }
    return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

// Edges into the error location whose label mentions `what`.
int error_edges(const Program& p, const std::string& what) {
    int n = 0;
    for (verifier::EdgeId e : p.in(p.error))
        if (p.edge_origin(e).label.find(what) != std::string::npos) ++n;
    return n;
}

}  // namespace

TEST_CASE("cells of arrays and structs are program variables named by their C lvalues") {
    auto tu = parse(
        "struct pt { int x; int y[2]; };\n"
        "int g[2][2];\n"
        "int main() { struct pt s; s.y[1] = 3; g[1][0] = s.y[1]; if (g[1][0] != 3) reach_error(); }");
    smt::TermManager tm;
    Program p = verifier::lower(tu, tm);
    auto names = c_lvalues(p);
    for (const char* n : {"g[0][0]", "g[0][1]", "g[1][0]", "g[1][1]", "s.x", "s.y[0]", "s.y[1]"})
        CHECK_MESSAGE(has(names, n), n);
}

TEST_CASE("uninitialised local aggregates read one input per integer cell, in cell order") {
    auto tu = parse("int main() { int a[3]; int *p; if (a[1] == 4) reach_error(); }");
    smt::TermManager tm;
    Program p = verifier::lower(tu, tm);
    std::vector<std::string> src;
    for (verifier::EdgeId e = 0; e < p.edges.size(); ++e)
        for (const auto& in : p.edge_origin(e).inputs) src.push_back(in.source);
    REQUIRE(src.size() == 3);  // the pointer reads none
    CHECK(src[0].find("[0]") != std::string::npos);
    CHECK(src[2].find("[2]") != std::string::npos);
}

TEST_CASE("a write that may be invalid leads to the error location; a constant in-bounds one does not") {
    {
        auto tu = parse("int main() { int a[2]; int i = __VERIFIER_nondet_int(); a[i] = 1; return 0; }");
        smt::TermManager tm;
        Program p = verifier::lower(tu, tm);
        CHECK(error_edges(p, "invalid write") == 1);
    }
    {
        auto tu = parse("int main() { int a[2]; a[1] = 1; int *q = &a[0]; q[1] = 2; return a[1]; }");
        smt::TermManager tm;
        Program p = verifier::lower(tu, tm);
        CHECK(error_edges(p, "invalid write") <= 1);  // only the write through q may be checked
        CHECK(error_edges(p, "reach_error") == 0);
    }
    {
        auto tu = parse("int main() { int *p = 0; *p = 1; return 0; }");
        smt::TermManager tm;
        Program p = verifier::lower(tu, tm);
        CHECK(error_edges(p, "invalid write") == 1);
    }
}

TEST_CASE("objects beyond max_cells and variable-length arrays have no cell variables") {
    auto tu = parse(
        "int big[300]; int main() { int n = __VERIFIER_nondet_int(); if (n < 1) return 0;"
        " int v[n]; v[0] = 1; big[5] = 2; return 0; }");
    smt::TermManager tm;
    Program p = verifier::lower(tu, tm);
    auto names = c_lvalues(p);
    CHECK_FALSE(has(names, "big[5]"));
    CHECK_FALSE(has(names, "v[0]"));
    verifier::LoweringOptions wide;
    wide.max_cells = 512;
    smt::TermManager tm2;
    Program q = verifier::lower(tu, tm2, wide);
    CHECK(has(c_lvalues(q), "big[299]"));
}

TEST_CASE("objects of variable size track a prefix of cells, without C names") {
    auto tu = parse(
        "extern void *calloc(unsigned, unsigned); int main() { int n = __VERIFIER_nondet_int();"
        " if (n < 1) return 0; int v[n]; v[0] = 1; int *p = calloc(n, sizeof(int)); p[1] = 2; return 0; }");
    auto prefix_cells = [](const Program& p, const std::string& tag) {
        int n = 0;
        for (verifier::VarId v = 0; v < p.vars.size(); ++v)
            if (p.vars[v].name.find(tag) != std::string::npos && p.vars[v].name.back() == ']') ++n;
        return n;
    };
    {
        smt::TermManager tm;
        Program p = verifier::lower(tu, tm);
        CHECK(prefix_cells(p, "main::v#") == 16);
        CHECK(prefix_cells(p, "malloc@") == 16);
        CHECK_FALSE(has(c_lvalues(p), "v[0]"));       // may not exist: never in a witness
        CHECK(error_edges(p, "invalid write") == 2);  // each write is checked against the length
    }
    {
        verifier::LoweringOptions none;
        none.prefix_elements = 0;
        smt::TermManager tm;
        Program p = verifier::lower(tu, tm, none);
        CHECK(prefix_cells(p, "main::v#") == 0);
        CHECK(prefix_cells(p, "malloc@") == 0);
    }
}

TEST_CASE("with calls kept, pointers in parameters are unsupported but arrays are not") {
    verifier::LoweringOptions keep;
    keep.keep_calls = true;
    {
        auto tu = parse("void set(int *p) { *p = 1; } int main() { int x; set(&x); return x; }");
        smt::TermManager tm;
        CHECK_THROWS_AS(verifier::lower(tu, tm, keep), frontend::Unsupported);
    }
    {
        auto tu = parse("int a[3]; int get(int i) { return a[i]; } int main() { a[2] = 5; return get(2); }");
        smt::TermManager tm;
        CHECK_NOTHROW(verifier::lower(tu, tm, keep));
    }
}

TEST_CASE("malloc in a loop: one summary object per site, untracked, its inputs still read") {
    auto tu = parse(
        "extern void *malloc(unsigned); int main() { for (int i = 0; i < 2; i++) {"
        " int *p = malloc(2 * sizeof(int)); p[1] = i; } return 0; }");
    smt::TermManager tm;
    Program p = verifier::lower(tu, tm);
    int inputs = 0;
    for (verifier::EdgeId e = 0; e < p.edges.size(); ++e) inputs += static_cast<int>(p.edge_origin(e).inputs.size());
    CHECK(inputs == 2);  // one per cell of the block, as the replay reads them
    for (verifier::VarId v = 0; v < p.vars.size(); ++v) CHECK(p.vars[v].name.find("malloc@") == std::string::npos);
}
