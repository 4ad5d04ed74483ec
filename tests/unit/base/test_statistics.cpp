// Statistics: typed entries in the order added, one entry per name (the last value), merge,
// and the two printed forms (--stats lines, --json).
#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "base/statistics.hpp"

using craig::base::Statistics;

TEST_CASE("statistics: order, kinds, and a name added twice keeps one entry") {
    Statistics s;
    CHECK(s.empty());
    s.count("impact.vertices", 120);
    s.seconds("impact.time.solving", 0.4126);
    s.text("impact.reason", "done");
    s.count("impact.vertices", 121);  // updated in place
    REQUIRE(s.entries().size() == 3);
    CHECK(s.entries()[0].name == "impact.vertices");
    CHECK(s.entries()[0].count == 121);
    CHECK(s.find("impact.time.solving")->kind == Statistics::Kind::Seconds);
    CHECK(s.find("nothing") == nullptr);
    std::ostringstream lines;
    s.print(lines);
    CHECK(lines.str() == "  impact.vertices: 121\n  impact.time.solving: 0.413 s\n  impact.reason: done\n");
    std::ostringstream json;
    s.print_json(json);
    CHECK(json.str() == R"({"impact.vertices":121,"impact.time.solving":0.413,"impact.reason":"done"})");
}

TEST_CASE("statistics: merge keeps the order of first appearance and takes later values") {
    Statistics a, b;
    a.count("x", 1);
    a.count("y", 2);
    b.count("y", 5);
    b.seconds("z", 1.5);
    a.merge(b);
    REQUIRE(a.entries().size() == 3);
    CHECK(a.entries()[1].name == "y");
    CHECK(a.entries()[1].count == 5);
    CHECK(a.entries()[2].name == "z");
    CHECK(a.entries()[2].seconds == 1.5);
}

TEST_CASE("statistics: a kind can change, and text is escaped for JSON") {
    Statistics s;
    s.count("k", 3);
    s.text("k", "a \"quoted\" \\ line\n");
    CHECK(s.entries().size() == 1);
    std::ostringstream json;
    s.print_json(json);
    CHECK(json.str() == R"({"k":"a \"quoted\" \\ line\u000a"})");
    CHECK(craig::base::json_escape(std::string(1, '\x01')) == "\\u0001");
}
