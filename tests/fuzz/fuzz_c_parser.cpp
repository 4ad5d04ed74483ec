// libFuzzer entry point for the C front end: any input must either parse or
// raise one of the front end's own exceptions (ParseError, Unsupported);
// crashes, sanitizer reports, other exceptions and hangs are findings.
// Built and run by bench/fuzz-c.sh.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "frontend/frontend.hpp"
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
    } catch (const ParseError&) {
    } catch (const Unsupported&) {}
    return 0;
}
