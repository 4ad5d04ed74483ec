// decompose_farkas_weights: the linear algebra of decomposed Farkas interpolants.
#include <doctest/doctest.h>

#include "itp/farkas_decomposition.hpp"

using namespace craig::itp;

namespace {

DecompositionColumn col(std::vector<std::pair<uint32_t, mpq_class>> locals, mpq_class lambda, bool sign_free = false) {
    return DecompositionColumn{std::move(locals), std::move(lambda), sign_free};
}

// The contract of a decomposition, checked independently of the implementation.
void check_parts(const std::vector<DecompositionColumn>& cols, uint32_t rows,
                 const std::vector<DecompositionPart>& parts) {
    std::vector<mpq_class> sum(cols.size());
    for (const DecompositionPart& part : parts) {
        std::vector<mpq_class> local(rows);
        for (const auto& [c, w] : part) {
            REQUIRE(c < cols.size());
            CHECK(w != 0);
            if (!cols[c].sign_free) CHECK(w > 0);
            sum[c] += w;
            for (const auto& [r, v] : cols[c].locals) local[r] += w * v;
        }
        for (const mpq_class& v : local) CHECK(v == 0);
    }
    for (size_t c = 0; c < cols.size(); ++c) CHECK(sum[c] == cols[c].lambda);
}

}  // namespace

TEST_CASE("decomposition: the TACAS 2019 example splits into two parts") {
    // A: -x <= 0 (1), -y <= 0 (2), x + y - x' <= 0 (1), y + 1 - y' <= 0 (1); locals x (row 0),
    // y (row 1). Parts: {1,2,3} gives x' >= 0 and {2,4} gives y' >= 1.
    std::vector<DecompositionColumn> cols = {col({{0, -1}}, 1), col({{1, -1}}, 2), col({{0, 1}, {1, 1}}, 1),
                                             col({{1, 1}}, 1)};
    std::string why;
    auto parts = decompose_farkas_weights(cols, 2, &why);
    REQUIRE_MESSAGE(parts, why);
    REQUIRE(parts->size() == 2);
    check_parts(cols, 2, *parts);
    CHECK((*parts)[0] == DecompositionPart{{0, 1}, {1, 1}, {2, 1}});
    CHECK((*parts)[1] == DecompositionPart{{1, 1}, {3, 1}});
}

TEST_CASE("decomposition: negative basis vectors are repaired with the weights") {
    // One local variable with coefficients 1, -1, -1, 1: kernel of dimension 3; the RREF basis
    // vector of the last free column is (-1, 0, 0, 1) and needs the repair.
    std::vector<DecompositionColumn> cols = {col({{0, 1}}, 1), col({{0, -1}}, 1), col({{0, -1}}, 1), col({{0, 1}}, 1)};
    auto parts = decompose_farkas_weights(cols, 1, nullptr);
    REQUIRE(parts);
    CHECK(parts->size() == 3);
    check_parts(cols, 1, *parts);
    SUBCASE("an equation may keep a negative weight instead") {
        cols[0].sign_free = true;
        auto free_parts = decompose_farkas_weights(cols, 1, nullptr);
        REQUIRE(free_parts);
        CHECK(free_parts->size() == 3);
        check_parts(cols, 1, *free_parts);
        bool negative = false;
        for (const auto& part : *free_parts)
            for (const auto& [c, w] : part) negative = negative || w < 0;
        CHECK(negative);  // (-1, 0, 0, 1) is kept as it is: stronger parts
    }
}

TEST_CASE("decomposition: components, stand-alone columns, and no decomposition") {
    SUBCASE("two independent eliminations and a column without locals") {
        std::vector<DecompositionColumn> cols = {col({{0, 2}}, 1), col({}, 3), col({{1, 1}}, 5), col({{0, -1}}, 2),
                                                 col({{1, -1}}, 5)};
        auto parts = decompose_farkas_weights(cols, 2, nullptr);
        REQUIRE(parts);
        CHECK(parts->size() == 3);
        check_parts(cols, 2, *parts);
    }
    SUBCASE("a chain that eliminates one variable through another: one part") {
        std::vector<DecompositionColumn> cols = {col({{0, 1}}, 1), col({{0, -1}, {1, 1}}, 1), col({{1, -1}}, 1)};
        auto parts = decompose_farkas_weights(cols, 2, nullptr);
        REQUIRE(parts);
        REQUIRE(parts->size() == 1);
        CHECK((*parts)[0] == DecompositionPart{{0, 1}, {1, 1}, {2, 1}});
    }
    SUBCASE("no columns") {
        auto parts = decompose_farkas_weights({}, 0, nullptr);
        REQUIRE(parts);
        CHECK(parts->empty());
    }
}

TEST_CASE("decomposition: invalid input is refused with a reason") {
    std::string why;
    std::vector<DecompositionColumn> no_cancel = {col({{0, 1}}, 1), col({{0, 1}}, 1)};
    CHECK(!decompose_farkas_weights(no_cancel, 1, &why));
    CHECK(why.find("cancel") != std::string::npos);
    std::vector<DecompositionColumn> zero = {col({}, 0)};
    CHECK(!decompose_farkas_weights(zero, 0, &why));
    std::vector<DecompositionColumn> range = {col({{3, 1}}, 1)};
    CHECK(!decompose_farkas_weights(range, 1, &why));
}
