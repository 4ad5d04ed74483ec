// Test generation's output side (src/verifier/testgen): the ZIP writer (checked by reading the
// archive back field by field), the Test-Comp XML texts, and the goal program (edge goals become
// locations; paths and formulas are the plain program's).
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "lowered_program.hpp"
#include "smt/solver.hpp"
#include "verifier/lazy/lazy_search.hpp"
#include "verifier/testgen/goals.hpp"
#include "verifier/testgen/testcomp_suite.hpp"
#include "verifier/testgen/unreachable_claim.hpp"
#include "verifier/testgen/zip_archive.hpp"

using namespace craig;
using namespace craig::verifier;

namespace {

std::uint32_t le32(const std::string& s, std::size_t at) {
    std::uint32_t v = 0;
    for (int k = 3; k >= 0; --k) v = (v << 8) | static_cast<unsigned char>(s[at + static_cast<std::size_t>(k)]);
    return v;
}
std::uint32_t le16(const std::string& s, std::size_t at) {
    return static_cast<unsigned char>(s[at]) | (static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 1])) << 8);
}

}  // namespace

TEST_CASE("crc32 is the ISO-HDLC checksum of ZIP") {
    CHECK(crc32("") == 0u);
    CHECK(crc32("123456789") == 0xCBF43926u);
    CHECK(crc32("The quick brown fox jumps over the lazy dog") == 0x414FA339u);
}

TEST_CASE("a zip archive reads back: local headers, data, central directory, end record") {
    ZipArchive z;
    z.add("test-suite/metadata.xml", "<m/>");
    z.add("test-suite/test-1.xml", "abc\n");
    std::ostringstream out;
    REQUIRE(z.write(out));
    const std::string a = out.str();
    // The end record: the last 22 bytes (no comment).
    const std::size_t end = a.size() - 22;
    REQUIRE(le32(a, end) == 0x06054b50u);
    CHECK(le16(a, end + 8) == 2);
    CHECK(le16(a, end + 10) == 2);
    const std::uint32_t cd_size = le32(a, end + 12), cd_offset = le32(a, end + 16);
    CHECK(cd_offset + cd_size == end);
    // Walk the central directory and read each member through its local header.
    std::size_t at = cd_offset;
    const char* names[] = {"test-suite/metadata.xml", "test-suite/test-1.xml"};
    const char* bodies[] = {"<m/>", "abc\n"};
    for (int i = 0; i < 2; ++i) {
        REQUIRE(le32(a, at) == 0x02014b50u);
        CHECK(le16(a, at + 10) == 0);  // stored
        const std::uint32_t crc = le32(a, at + 16), size = le32(a, at + 20);
        const std::uint32_t name_len = le16(a, at + 28), local = le32(a, at + 42);
        CHECK(a.substr(at + 46, name_len) == names[i]);
        REQUIRE(le32(a, local) == 0x04034b50u);
        CHECK(le32(a, local + 14) == crc);
        const std::size_t data = local + 30 + le16(a, local + 26) + le16(a, local + 28);
        CHECK(a.substr(data, size) == bodies[i]);
        CHECK(crc32(a.substr(data, size)) == crc);
        at += 46 + name_len;
    }
    CHECK(at == end);
}

TEST_CASE("Test-Comp XML: metadata fields, typed inputs in order, goal comment, coversError") {
    SuiteMetadata m;
    m.specification = kCoverBranchesSpec;
    m.program_file = "a&b.c";
    m.program_hash = "00ff";
    m.data_model = frontend::DataModel::LP64;
    m.creation_time = "2026-11-26T12:00:00Z";
    const std::string meta = metadata_xml(m);
    CHECK(meta.find("test-metadata 1.1//EN") != std::string::npos);
    CHECK(meta.find("<specification>COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )</specification>") !=
          std::string::npos);
    CHECK(meta.find("<programfile>a&amp;b.c</programfile>") != std::string::npos);
    CHECK(meta.find("<architecture>64bit</architecture>") != std::string::npos);
    CHECK(meta.find("<entryfunction>main</entryfunction>") != std::string::npos);

    const std::string t = testcase_xml(TestCase{{{"-3", "int"}, {"4294967295", "unsigned int"}}, "a.c:3:5 x--", true});
    CHECK(t.find("testcase 1.1//EN") != std::string::npos);
    CHECK(t.find("<!-- craig goal: a.c:3:5 x- - -->") != std::string::npos);  // no "--" inside
    CHECK(t.find("<testcase coversError=\"true\">") != std::string::npos);
    const auto first = t.find("<input type=\"int\">-3</input>");
    const auto second = t.find("<input type=\"unsigned int\">4294967295</input>");
    CHECK(first != std::string::npos);
    CHECK(second != std::string::npos);
    CHECK(first < second);
}

TEST_CASE("goal programs: one fresh location per edge goal, the edge split in two") {
    test::LoweredProgram lp(
        "int main(void) { int x = __VERIFIER_nondet_int(); if (x > 10) { x = 1; } else { x = 2; }"
        " while (x < 5) x++; __VERIFIER_assert(x != 3); return 0; }");
    const Program& plain = *lp.plain;
    std::size_t with_statement = 0, branches = 0;
    for (EdgeId e = 0; e < plain.edges.size(); ++e) {
        const EdgeProvenance& o = plain.edge_origin(e);
        if (o.loc.line == 0 || o.label.empty()) continue;
        ++with_statement;
        if (o.label.front() == '[' || o.label.find("; [") != std::string::npos) ++branches;  // none constant here
    }
    REQUIRE(branches >= 4);  // x > 10 both ways, the loop condition both ways
    for (Coverage c : {Coverage::Statements, Coverage::Branches}) {
        const GoalProgram g = goal_program(plain, c);
        const std::size_t n = c == Coverage::Branches ? branches : with_statement;
        REQUIRE(g.goals.size() == n);
        CHECK(g.program.locs.size() == plain.locs.size() + n);
        CHECK(g.program.edges.size() == plain.edges.size() + n);
        CHECK(g.original.size() == g.program.edges.size());
        for (const Goal& goal : g.goals) {
            REQUIRE(goal.edge < plain.edges.size());
            const Edge& split = g.program.edges[goal.edge];
            CHECK(split.src == plain.edges[goal.edge].src);
            CHECK(split.dst == goal.target);
            CHECK(split.formula == plain.edges[goal.edge].formula);
            REQUIRE(g.program.out(goal.target).size() == 1);
            const Edge& rest = g.program.edges[g.program.out(goal.target)[0]];
            CHECK(rest.dst == plain.edges[goal.edge].dst);
            CHECK(rest.writes.empty());
            CHECK(g.original[g.program.out(goal.target)[0]] == kNoEdge);
        }
    }
    const GoalProgram err = goal_program(plain, Coverage::Error);
    REQUIRE(err.goals.size() == 1);
    CHECK(err.goals[0].target == plain.error);
    CHECK(err.program.edges.size() == plain.edges.size());
}

TEST_CASE("unreachable claims of test generation pass the certification gate, wrong ones throw") {
    test::LoweredProgram lp(
        "int main(void) { int x = __VERIFIER_nondet_int(); int y = 0;"
        " if (x > 5) { y = 1; if (x < 3) { y = 2; } } return y; }");
    const GoalProgram g = goal_program(*lp.plain, Coverage::Statements);
    std::vector<LocId> targets;
    for (const Goal& goal : g.goals) targets.push_back(goal.target);
    LazyOptions lo;
    lo.stop_at_goal = false;
    for (bool learning : {true, false}) {
        lo.learning = learning;
        const LazyOutcome found = lazy_annotation(g.program, targets, lo, base::Budget::seconds(30));
        REQUIRE(found.complete);
        REQUIRE(found.unreachable.size() == 1);  // y = 2
        base::Statistics stats;
        CHECK(certify_unreachable(g.program, found, std::nullopt, stats).empty());
    }
    // A reachable goal claimed unreachable with labels `true` everywhere: the gate refuses.
    LazyOutcome wrong;
    wrong.complete = true;
    wrong.unreachable = {g.goals.front().target};
    wrong.labels.assign(g.program.locs.size(), lp.tm.mk_true());
    base::Statistics stats;
    CHECK_THROWS_AS(certify_unreachable(g.program, wrong, std::nullopt, stats), smt::CheckFailure);
    wrong.labels.clear();
    wrong.complete_bound = 1;  // too short: executions go on
    CHECK_THROWS_AS(certify_unreachable(g.program, wrong, std::nullopt, stats), smt::CheckFailure);
    // No claim from an incomplete search.
    wrong.complete = false;
    CHECK(certify_unreachable(g.program, wrong, std::nullopt, stats) == "the search did not end");
}

TEST_CASE("constant conditions are no goals: the interpreter and gcov see no branch there") {
    CHECK(constant_outcome("[1]"));
    CHECK(constant_outcome("[!(1)]"));
    CHECK(constant_outcome("[(0)]"));
    CHECK(constant_outcome("[-1L]"));
    CHECK_FALSE(constant_outcome("[x]"));
    CHECK_FALSE(constant_outcome("[!(x == 1)]"));
    CHECK_FALSE(constant_outcome("[]"));
    CHECK_FALSE(constant_outcome("x = 1"));
    test::LoweredProgram lp(
        "int main(void) { int k = 0; while (1) { int x = __VERIFIER_nondet_int(); if (x == 7) break; k++; }"
        " return k; }");
    for (Coverage c : {Coverage::Statements, Coverage::Branches}) {
        const GoalProgram g = goal_program(*lp.plain, c);
        for (const Goal& goal : g.goals) {
            CHECK(goal.label != "[1]");
            if (c == Coverage::Branches) CHECK(goal.label.find("[1]") != 0);  // "[1]; x = ..." is no branch
        }
        CHECK(std::any_of(g.goals.begin(), g.goals.end(),
                          [](const Goal& goal) { return goal.label.find("[x == 7]") == 0; }));
    }
}
