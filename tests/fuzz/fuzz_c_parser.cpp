// libFuzzer entry point for the C front end: any input must either parse or
// raise one of the front end's own exceptions (ParseError, Unsupported);
// a program that parses is printed and run by the interpreter (a bounded replay on a
// fixed input pattern, which exercises its memory checks: out-of-bounds, null, dead
// objects); crashes, sanitizer reports, other exceptions and hangs are findings.
// Built and run by bench/fuzz-c.sh.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <vector>

#include "frontend/frontend.hpp"
#include "frontend/replay.hpp"
#include "frontend/printer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace craig::frontend;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    // The first byte picks the data model, so both get exercised.
    DataModel dm = (size > 0 && (data[0] & 1)) ? DataModel::LP64 : DataModel::ILP32;
    try {
        TranslationUnit tu = parse_string(text, "fuzz.c", dm);
        std::string out = print(tu);  // walks every node of the tree
        (void)out;
        // Inputs 0, 1, -1, 2, -2, ... so that branches on nondet values go both ways.
        std::vector<std::uint64_t> inputs;
        for (std::uint64_t i = 0; i < 64; ++i) inputs.push_back(i % 2 ? (i + 1) / 2 : -(i / 2));
        ReplayLimits limits;
        limits.max_steps = 20000;
        limits.max_call_depth = 200;
        ReplayResult r = replay(tu, inputs, limits);
        (void)r;
    } catch (const ParseError&) {
    } catch (const Unsupported&) {}
    return 0;
}
