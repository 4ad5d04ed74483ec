// Every SV-COMP task of the development set must be parsed or rejected as
// Unsupported, never as a syntax error or a crash; tasks that use no arrays
// and no pointers must parse.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "frontend/frontend.hpp"
#include "frontend_test_util.hpp"

using namespace craig::frontend;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream ss(line);
    std::string field;
    while (std::getline(ss, field, '\t')) out.push_back(field);
    return out;
}

DataModel task_data_model(const fs::path& yml) {
    std::ifstream in(yml);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find("data_model") != std::string::npos && line.find("LP64") != std::string::npos &&
            line.find("ILP32") == std::string::npos) {
            return DataModel::LP64;
        }
    }
    return DataModel::ILP32;
}

}  // namespace

// Needs the development set (suite "shared-bench", ctest unit.frontend.svcomp; see svcomp_dir).
TEST_CASE("svcomp tasks parse or are unsupported" * doctest::test_suite("shared-bench")) {
    const fs::path dir = craig::frontend::test::svcomp_dir();
    const fs::path index = dir / "INDEX.tsv";
    REQUIRE_MESSAGE(fs::exists(index), index.string() << " not found (set CRAIG_SVCOMP)");
    std::ifstream in(index);
    std::string line;
    std::getline(in, line);  // header
    std::map<std::string, int> outcomes;
    int tasks = 0;
    while (std::getline(in, line)) {
        auto f = split_tabs(line);
        if (f.size() < 5) continue;
        ++tasks;
        const fs::path yml = dir / f[0];
        const fs::path c_file = dir / f[1];
        const bool plain = f[3] == "0" && f[4] == "0";
        CAPTURE(c_file.string());
        std::string outcome;
        try {
            TranslationUnit tu = parse_translation_unit(c_file.string(), task_data_model(yml));
            CHECK(tu.main_function() != nullptr);
            outcome = "parsed";
        } catch (const Unsupported& u) {
            outcome = "unsupported: " + u.construct();
            if (plain) MESSAGE("plain task unsupported: " << u.what());
            CHECK_MESSAGE(!plain, u.what());
        } catch (const ParseError& e) {
            outcome = "parse error";
            FAIL_CHECK(e.what());
        } catch (const std::exception& e) {
            outcome = "other error";
            FAIL_CHECK(e.what());
        }
        ++outcomes[outcome];
    }
    std::ostringstream summary;
    summary << tasks << " tasks:";
    for (const auto& [outcome, n] : outcomes) summary << "\n  " << n << " " << outcome;
    MESSAGE(summary.str());
    CHECK(tasks > 0);
}
