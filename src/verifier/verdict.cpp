#include "verifier/verdict.hpp"

namespace craig::verifier {

const char* verdict_name(VerdictKind k) {
    switch (k) {
        case VerdictKind::True: return "TRUE";
        case VerdictKind::False: return "FALSE";
        default: return "UNKNOWN";
    }
}

}  // namespace craig::verifier
