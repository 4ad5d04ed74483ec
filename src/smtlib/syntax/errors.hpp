#pragma once
// Errors of the SMT-LIB front end. Each carries the location of the offending token; the
// interpreter turns them into responses:
//  * ScriptError: the command is wrong (unknown symbol, sort error, bad arguments...). It prints
//    `(error "FILE:LINE:COL: message")`, the command has no effect, the script goes on.
//  * SyntaxError: the input cannot be read any further (unterminated literal, unbalanced
//    parentheses at the end of the input, a top-level token that does not start a command).
//    It prints the same kind of error and the script stops.
//  * Unsupported: well-formed input that craig does not handle (bit-vectors, quantifiers,
//    unknown options...). It prints `unsupported`; the reason goes to the diagnostic channel.
#include <stdexcept>
#include <string>

#include "smtlib/syntax/token.hpp"

namespace craig::smtlib {

class ScriptError : public std::runtime_error {
public:
    ScriptError(Location loc, const std::string& message) : std::runtime_error(message), loc_(loc) {}
    Location location() const { return loc_; }

private:
    Location loc_;
};

class SyntaxError : public ScriptError {
public:
    using ScriptError::ScriptError;
};

// `harmless`: an unknown option or info flag, which changes no answer; it does not make the
// exit status kScriptUnsupported.
class Unsupported : public std::runtime_error {
public:
    Unsupported(Location loc, const std::string& message, bool harmless = false)
        : std::runtime_error(message), loc_(loc), harmless_(harmless) {}
    Location location() const { return loc_; }
    bool harmless() const { return harmless_; }

private:
    Location loc_;
    bool harmless_;
};

}  // namespace craig::smtlib
