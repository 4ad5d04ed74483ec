// The malformed scripts of tests/smt/errors: each NAME.smt2 must print exactly NAME.expected
// (its `(error "NAME.smt2:LINE:COL: ...")` line) and end with exit status 3.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "smtlib/interpreter.hpp"

namespace fs = std::filesystem;
using namespace craig::smtlib;

namespace {

fs::path errors_dir() {
    // This file is tests/unit/smtlib/test_error_scripts.cpp; the scripts are in tests/smt/errors.
    return fs::path(__FILE__).parent_path().parent_path().parent_path() / "smt" / "errors";
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("malformed scripts report the exact location of their error") {
    std::vector<fs::path> scripts;
    for (const auto& e : fs::directory_iterator(errors_dir()))
        if (e.path().extension() == ".smt2") scripts.push_back(e.path());
    std::sort(scripts.begin(), scripts.end());
    CHECK(scripts.size() == 20);
    for (const fs::path& script : scripts) {
        CAPTURE(script.filename().string());
        fs::path expected = script;
        expected.replace_extension(".expected");
        REQUIRE(fs::exists(expected));
        std::ifstream in(script, std::ios::binary);
        std::ostringstream out;
        ScriptOptions opts;
        opts.diagnostics = false;
        int status = run_script(in, script.filename().string(), out, opts);
        CHECK(out.str() == slurp(expected));
        CHECK(status == kScriptError);
    }
}
