// `craig testgen`: test generation by lazy annotation (McMillan, "Lazy Annotation for
// Program Testing and Verification"), in the Test-Comp test-suite format.
//
//   TestgenOptions o; o.input = "prog.c"; o.cover = Coverage::Branches; o.timeout = 60;
//   TestgenStatus s = run_testgen(o, std::cout, std::cerr);
//
// Pipeline: parse -> lower (plain program) -> goal program (goals.hpp: one location per
// goal) -> lazy annotation search for all goals at once (lazy/lazy_search.hpp; with
// `learning` false the DART baseline without learned labels) -> tests. A goal is
//   reached      the search found a feasible path to it: its inputs are a test, which craig's
//                concrete interpreter replays on the C program before it is written (the run
//                must pass the goal, goal_check.hpp, however it ends afterwards; a test that
//                does not is dropped and counted, never written);
//   unreachable  the labels prove that no run reaches it (printed, as the paper's
//                "goals proved unreachable");
//   undecided    the budget ended first.
// Tests that the replay shows reaching several goals are written once; an error test's comment
// names the error call its run reached. Output on `out`: one
// summary line per kind, the unreachable goals, and with `stats` the search statistics. Files:
// OUTPUT/metadata.xml and OUTPUT/test-N.xml, or OUTPUT.zip with `zip` (testcomp_suite.hpp).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "frontend/types.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/testgen/goals.hpp"

namespace craig::verifier {

struct TestgenOptions {
    std::string input;                  // C file or SV-COMP task file (.yml: its C file and data model)
    std::string output = "test-suite";  // folder (or, with zip, OUTPUT.zip)
    bool zip = false;
    Coverage cover = Coverage::Statements;
    bool learning = true;  // false: DART-style search without learned labels
    std::optional<frontend::DataModel> data_model;
    LoweringOptions lowering;
    double timeout = 0;           // seconds; 0: none
    std::uint64_t memory_mb = 0;  // the process's limit (main.cpp sets it)
    bool stats = false;
    std::string producer = "craig";
};

// Done: the summary was printed (all goals decided, or the search ended for another reason
// than the budget); ResourceLimit: --timeout/--memory ended the search (the tests found so
// far are written); InputError (syntax), Unsupported (construct), IoError (files): nothing
// written, the error on `err`.
enum class TestgenStatus : std::uint8_t { Done, InputError, Unsupported, ResourceLimit, IoError };

TestgenStatus run_testgen(const TestgenOptions& options, std::ostream& out, std::ostream& err);

}  // namespace craig::verifier
