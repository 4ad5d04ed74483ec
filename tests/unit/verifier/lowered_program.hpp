// Test helper: a C program (after the SV-COMP prelude below) lowered into a Program and its
// large-block encoding, sharing one TermManager.
#pragma once

#include <cstdlib>
#include <memory>
#include <string>

#include "base/budget.hpp"
#include "frontend/frontend.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/large_block.hpp"
#include "verifier/program/procedures.hpp"

namespace craig::test {

inline const char* kSvPrelude =
    "extern void reach_error(void);\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern unsigned int __VERIFIER_nondet_uint(void);\n"
    "extern void __VERIFIER_assume(int);\n"
    "void __VERIFIER_assert(int c) { if (!c) { ERROR: reach_error(); } }\n";

// The budget of an engine run in a unit test: `seconds` times $CRAIG_TEST_TIME_SCALE when set (the
// sanitizer build sets 3, as for the C verdict tests; its code runs 3 to 12 times slower).
inline base::Budget test_budget(double seconds) {
    const char* scale = std::getenv("CRAIG_TEST_TIME_SCALE");
    const double k = scale ? std::atof(scale) : 1.0;
    return base::Budget::seconds(seconds * (k >= 1.0 ? k : 1.0));
}

struct LoweredProgram {
    smt::TermManager tm;
    std::unique_ptr<verifier::Program> plain, blocks;
    explicit LoweredProgram(const std::string& code) {
        auto tu = frontend::parse_string(std::string(kSvPrelude) + code, "t.c", frontend::DataModel::ILP32);
        plain = std::make_unique<verifier::Program>(verifier::lower(tu, tm));
        blocks = std::make_unique<verifier::Program>(verifier::large_block(*plain));
    }
};

// The same with the translation unit kept (the certification gate replays counterexamples on it).
struct LoweredTask {
    smt::TermManager tm;
    frontend::TranslationUnit tu;
    std::unique_ptr<verifier::Program> plain, blocks;
    explicit LoweredTask(const std::string& code)
        : tu(frontend::parse_string(std::string(kSvPrelude) + code, "t.c", frontend::DataModel::ILP32)) {
        plain = std::make_unique<verifier::Program>(verifier::lower(tu, tm));
        blocks = std::make_unique<verifier::Program>(verifier::large_block(*plain));
    }
};

// A C program lowered with its calls kept, and its procedural model (what run_verify hands the
// interprocedural engines).
struct ProceduralProgram {
    smt::TermManager tm;
    frontend::TranslationUnit tu;
    std::unique_ptr<verifier::Program> plain;
    verifier::Procedures ps;
    explicit ProceduralProgram(const std::string& code)
        : tu(frontend::parse_string(std::string(kSvPrelude) + code, "t.c", frontend::DataModel::ILP32)) {
        verifier::LoweringOptions lo;
        lo.keep_calls = true;
        plain = std::make_unique<verifier::Program>(verifier::lower(tu, tm, lo));
        ps = verifier::build_procedures(*plain);
    }
};

}  // namespace craig::test
