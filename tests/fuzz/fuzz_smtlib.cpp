// libFuzzer entry point for the SMT-LIB front end and everything behind it: the input bytes
// are run as a script (1-second deadline, check_models on, responses discarded, no output
// files). A crash, a sanitizer report, an escaping exception (including smt::CheckFailure, a
// wrong model) or a hang is a finding. Built and run by bench/fuzz-smtlib.sh.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>

#include "smtlib/interpreter.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::ostream discard(nullptr);  // no buffer: every write is dropped
    craig::smtlib::ScriptOptions opts;
    opts.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    opts.check_models = true;
    opts.allow_output_files = false;
    opts.diagnostics = false;
    craig::smtlib::run_script(in, "fuzz.smt2", discard, opts);
    return 0;
}
