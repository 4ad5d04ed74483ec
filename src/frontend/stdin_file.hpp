// Standard input as a file: `craig verify -` reads the program from standard input.
//
//   StdinFile in;                 // reads all of std::cin now
//   verify(in.path());            // a regular file (…/stdin.c), removed with `in`
//
// The verifier needs a file, not a stream: the preprocessor reads it, the replay and the
// witnesses hash it. The copy lives in a fresh private directory so that locations read
// "…/stdin.c:LINE:COL".
#pragma once

#include <string>

namespace craig::frontend {

class StdinFile {
public:
    StdinFile();  // throws InputError when the copy cannot be made
    ~StdinFile();
    StdinFile(const StdinFile&) = delete;
    StdinFile& operator=(const StdinFile&) = delete;
    const std::string& path() const { return path_; }

private:
    std::string dir_, path_;
};

}  // namespace craig::frontend
