// Test helper: a C program (after the SV-COMP prelude below) lowered into a Program and its
// large-block encoding, sharing one TermManager.
#pragma once

#include <memory>
#include <string>

#include "frontend/frontend.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/large_block.hpp"

namespace craig::test {

inline const char* kSvPrelude =
    "extern void reach_error(void);\n"
    "extern int __VERIFIER_nondet_int(void);\n"
    "extern unsigned int __VERIFIER_nondet_uint(void);\n"
    "extern void __VERIFIER_assume(int);\n"
    "void __VERIFIER_assert(int c) { if (!c) { ERROR: reach_error(); } }\n";

struct LoweredProgram {
    smt::TermManager tm;
    std::unique_ptr<verifier::Program> plain, blocks;
    explicit LoweredProgram(const std::string& code) {
        auto tu = frontend::parse_string(std::string(kSvPrelude) + code, "t.c", frontend::DataModel::ILP32);
        plain = std::make_unique<verifier::Program>(verifier::lower(tu, tm));
        blocks = std::make_unique<verifier::Program>(verifier::large_block(*plain));
    }
};

}  // namespace craig::test
