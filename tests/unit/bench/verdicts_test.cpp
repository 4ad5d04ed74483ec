#include <doctest/doctest.h>

#include "bench/verdicts.hpp"

using namespace craig::bench;

TEST_CASE("categories after BenchExec: answers against the expected verdict, limits never correct") {
    CHECK(category_of("true", "true") == Category::Correct);
    CHECK(category_of("false", "false(unreach-call)") == Category::Correct);
    CHECK(category_of("true", "false(unreach-call)") == Category::Wrong);
    CHECK(category_of("false", "true") == Category::Wrong);
    CHECK(category_of("", "true") == Category::Missing);
    CHECK(category_of("true", "unknown") == Category::Unknown);
    CHECK(category_of("true", "TIMEOUT") == Category::Error);
    CHECK(category_of("false", "OUT OF MEMORY") == Category::Error);
    CHECK(category_of("true", "ERROR (signal 11)") == Category::Error);
    CHECK(category_of("sat", "sat") == Category::Correct);
    CHECK(category_of("unsat", "sat") == Category::Wrong);
}

TEST_CASE("SV-COMP scores: +2, +1, -16, -32, 0") {
    CHECK(svcomp_score(Category::Correct, "true") == 2);
    CHECK(svcomp_score(Category::Correct, "false(unreach-call)") == 1);
    CHECK(svcomp_score(Category::Wrong, "false(unreach-call)") == -16);
    CHECK(svcomp_score(Category::Wrong, "true") == -32);
    CHECK(svcomp_score(Category::Unknown, "unknown") == 0);
    CHECK(svcomp_score(Category::Error, "TIMEOUT") == 0);
    CHECK(svcomp_score(Category::Missing, "true") == 0);
    CHECK(task_score(Tool::Chc, Category::Correct, "unsat") == 1);
    CHECK(task_score(Tool::Solve, Category::Wrong, "sat") == 0);
}
