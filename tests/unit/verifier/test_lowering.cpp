// Structure of the lowered program and of its large-block encoding.
#include <doctest/doctest.h>

#include <string>

#include "frontend/frontend.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/lowering/lowering.hpp"

using namespace craig;
using verifier::Program;

namespace {

frontend::TranslationUnit parse(const std::string& code) {
    return frontend::parse_string("extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n" + code,
                                  "t.c", frontend::DataModel::ILP32);
}

// The sources of all inputs of all edges, in edge order.
std::vector<std::string> input_sources(const Program& p) {
    std::vector<std::string> out;
    for (verifier::EdgeId e = 0; e < p.edges.size(); ++e)
        for (const auto& in : p.edge_origin(e).inputs) out.push_back(in.source);
    return out;
}

}  // namespace

TEST_CASE("inputs are recorded with their source, in evaluation order within an edge") {
    auto tu = parse(
        "extern int g; int f(int a, int b) { return a - b; }\n"
        "int main() { int u; int r = f(__VERIFIER_nondet_int(), 2 * __VERIFIER_nondet_int());"
        " if (r == u + g) reach_error(); }");
    smt::TermManager tm;
    Program p = verifier::lower(tu, tm);
    auto src = input_sources(p);
    REQUIRE(src.size() == 4);
    CHECK(src[0] == "extern g");
    CHECK(src[1] == "uninitialised u");
    CHECK(src[2] == "__VERIFIER_nondet_int");
    CHECK(src[3] == "__VERIFIER_nondet_int");
    for (verifier::EdgeId e = 0; e < p.edges.size(); ++e)
        for (const auto& in : p.edge_origin(e).inputs) CHECK(in.loc.line >= 3);
}

TEST_CASE("error, exit and entry locations; error has no successors") {
    auto tu = parse("int main() { int x = __VERIFIER_nondet_int(); if (x > 3) reach_error(); return x; }");
    smt::TermManager tm;
    Program p = verifier::lower(tu, tm);
    REQUIRE(p.entry != verifier::kNoLoc);
    REQUIRE(p.error != verifier::kNoLoc);
    REQUIRE(p.exit != verifier::kNoLoc);
    CHECK(p.out(p.error).empty());
    CHECK(p.out(p.exit).empty());
    CHECK(!p.in(p.error).empty());
    CHECK(p.truncated == verifier::kNoLoc);
}

TEST_CASE("recursion beyond the inlining depth leads to the truncated location") {
    auto tu = parse(
        "int f(int n) { if (n <= 0) return 0; return f(n - 1) + 1; }\n"
        "int main() { if (f(__VERIFIER_nondet_int()) == 5) reach_error(); }");
    smt::TermManager tm;
    verifier::LoweringOptions o;
    o.recursion_depth = 2;
    Program p = verifier::lower(tu, tm, o);
    REQUIRE(p.truncated != verifier::kNoLoc);
    CHECK(!p.approximations.empty());
    bool self_loop = false;
    for (const auto& e : p.edges) self_loop |= e.src == p.truncated && e.dst == p.truncated;
    CHECK(self_loop);
}

TEST_CASE("a program larger than max_edges is unsupported") {
    auto tu = parse(
        "void g(void) { int x = 0; x++; x++; x++; x++; }\n"
        "void f(void) { g(); g(); g(); g(); g(); g(); g(); g(); }\n"
        "int main() { f(); f(); f(); f(); f(); f(); f(); f(); }");
    smt::TermManager tm;
    verifier::LoweringOptions o;
    o.max_edges = 50;
    CHECK_THROWS_AS(verifier::lower(tu, tm, o), frontend::Unsupported);
}

TEST_CASE("large blocks: cut points are entry, error, exit and loop heads") {
    auto tu = parse(
        "int main() { int i = 0; int n = __VERIFIER_nondet_int();"
        " while (i < n) { if (i == 10) reach_error(); i++; } return 0; }");
    smt::TermManager tm;
    Program plain = verifier::lower(tu, tm);
    Program blocks = verifier::large_block(plain);
    unsigned heads = 0;
    for (const auto& l : blocks.locs) heads += l.loop_head;
    CHECK(heads == 1);
    // entry, loop head, error, exit
    CHECK(blocks.locs.size() == 4);
    // entry->head, head->head, head->error, head->exit
    CHECK(blocks.edges.size() == 4);
    for (const auto& e : blocks.edges) {
        CHECK(!e.steps.empty());
        for (const auto& s : e.steps) CHECK(s.plain < plain.edges.size());
    }
    // Inputs of the plain edges survive in the block steps.
    std::size_t block_inputs = 0;
    for (const auto& e : blocks.edges)
        for (const auto& s : e.steps) block_inputs += s.inputs.size();
    CHECK(block_inputs == 1);
}
