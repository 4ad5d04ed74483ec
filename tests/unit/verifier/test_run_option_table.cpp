// The run layer's option table (verifier/run/run_option_table.hpp): well-formed rows whose
// defaults are the defaults of the option structs the command line binds them to.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "chc/run_chc.hpp"
#include "verifier/run/run_option_table.hpp"
#include "verifier/run/verify.hpp"
#include "verifier/testgen/testgen.hpp"

using namespace craig;
using verifier::Command;

TEST_CASE("run option table: names unique and kebab-case, help given, every row offered somewhere") {
    std::set<std::string> names;
    for (const verifier::RunOption& o : verifier::run_option_table()) {
        const std::string name(o.row.name);
        CHECK_MESSAGE(names.insert(name).second, name);
        CHECK_MESSAGE(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos, name);
        CHECK_MESSAGE(!o.row.help.empty(), name);
        CHECK_MESSAGE(o.commands != 0, name);
        CHECK(verifier::find_run_option(name) == &o);
    }
    CHECK(verifier::find_run_option("no-such-option") == nullptr);
}

TEST_CASE("run option table: each default is a valid value (empty: the option's absence)") {
    for (const verifier::RunOption& o : verifier::run_option_table()) {
        if (o.row.default_value.empty()) continue;
        CHECK_MESSAGE(base::check_option_value(o.row, std::string(o.row.default_value)).empty(), o.row.name);
    }
}

TEST_CASE("run option table: values are checked by kind, range and choice") {
    const base::OptionRow& timeout = verifier::find_run_option("timeout")->row;
    CHECK(base::check_option_value(timeout, "2.5").empty());
    CHECK(!base::check_option_value(timeout, "-1").empty());
    CHECK(!base::check_option_value(timeout, "inf").empty());
    CHECK(!base::check_option_value(timeout, "5s").empty());
    const base::OptionRow& simplify = verifier::find_run_option("simplify")->row;
    CHECK(base::check_option_value(simplify, "3").empty());
    CHECK(!base::check_option_value(simplify, "4").empty());
    const base::OptionRow& engine = verifier::find_run_option("engine")->row;
    CHECK(base::check_option_value(engine, "pdr").empty());
    CHECK(!base::check_option_value(engine, "ic3").empty());
    CHECK(!base::check_option_value(verifier::find_run_option("precision")->row, "exact").empty());
}

TEST_CASE("run option table: shared settings are one row offered by each command that has them") {
    for (const char* name : {"timeout", "memory"})
        for (Command c : {Command::Solve, Command::Itp, Command::Verify, Command::Chc, Command::Testgen})
            CHECK(verifier::offers(*verifier::find_run_option(name), c));
    for (Command c : {Command::Verify, Command::Chc}) {
        CHECK(verifier::offers(*verifier::find_run_option("engine"), c));
        CHECK(verifier::offers(*verifier::find_run_option("bound"), c));
    }
    for (Command c : {Command::Verify, Command::Testgen}) {
        CHECK(verifier::offers(*verifier::find_run_option("data-model"), c));
        CHECK(verifier::offers(*verifier::find_run_option("recursion-depth"), c));
    }
    // testgen runs no engine queries of its own to self-check: it offers no --check-models.
    CHECK(!verifier::offers(*verifier::find_run_option("check-models"), Command::Testgen));
}

TEST_CASE("run option table: the defaults are those of the option structs") {
    const verifier::VerifyOptions vo;
    const chc::ChcOptions co;
    const verifier::TestgenOptions to;
    const auto def = [](const char* name) { return std::string(verifier::find_run_option(name)->row.default_value); };
    CHECK(def("engine") == vo.engine);
    CHECK(def("engine") == co.engine);
    CHECK(def("precision") == vo.precision);
    CHECK(def("precision-heuristic") == vo.precision_heuristic);
    CHECK(def("recursion-depth") == std::to_string(vo.lowering.recursion_depth));
    CHECK(def("recursion-depth") == std::to_string(to.lowering.recursion_depth));
    CHECK(def("output") == to.output);
    CHECK(def("learning") == (to.learning ? "true" : "false"));
    CHECK(def("bound") == std::to_string(vo.bound));
}
