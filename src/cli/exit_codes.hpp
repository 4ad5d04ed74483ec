#pragma once
// Process exit codes of the craig command line. Stable: scripts depend on them (docs/manual.md).
namespace craig::cli {

enum ExitCode : int {
    kOk = 0,             // ran to the end; answers are on standard output
    kInternalError = 1,  // a bug in craig (an unexpected exception)
    kUsage = 2,          // bad command line
    kInputError = 3,     // the input has a syntax, sort or semantic error
    kUnsupported = 4,    // the input uses something craig does not support
    kResourceLimit = 5,  // --timeout or --memory reached
    kIoError = 6,        // a file could not be read or written
    kCheckFailure = 10,  // a self-check (model, proof, interpolant, invariant) failed
};

}  // namespace craig::cli
