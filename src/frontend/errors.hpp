// Exceptions of the C front end. Everything the front end rejects is reported
// by throwing one of these; nothing else escapes (except std::bad_alloc).
//   ParseError   the input is not C we can read (syntax or constraint error);
//                what() = "FILE:LINE:COL: message saying what was expected".
//   Unsupported  valid C that uses a construct outside the supported subset;
//                the verdict becomes UNKNOWN. construct() is a short stable
//                name ("array", "pointer", "struct", "float", ...);
//                what() = "unsupported: FILE:LINE:COL: construct".
//   InputError   the file cannot be read or preprocessed; what() = "FILE: message".
#pragma once

#include <exception>
#include <string>
#include <utility>

#include "frontend/source_location.hpp"

namespace craig::frontend {

class FrontendError : public std::exception {
public:
    const SourceLocation& location() const noexcept { return loc_; }
    // The message without the location prefix.
    const std::string& message() const noexcept { return message_; }
    const char* what() const noexcept override { return formatted_.c_str(); }

protected:
    FrontendError(SourceLocation loc, std::string message, std::string formatted)
        : loc_(std::move(loc)), message_(std::move(message)), formatted_(std::move(formatted)) {}

private:
    SourceLocation loc_;
    std::string message_;
    std::string formatted_;
};

class ParseError : public FrontendError {
public:
    ParseError(SourceLocation loc, std::string message) : FrontendError(loc, message, loc.str() + ": " + message) {}
};

class Unsupported : public FrontendError {
public:
    Unsupported(SourceLocation loc, std::string construct)
        : FrontendError(loc, construct, "unsupported: " + loc.str() + ": " + construct) {}
    const std::string& construct() const noexcept { return message(); }
};

class InputError : public FrontendError {
public:
    InputError(std::string file, std::string message)
        : FrontendError(SourceLocation{file, 0, 0}, message, file + ": " + message) {}
};

}  // namespace craig::frontend
