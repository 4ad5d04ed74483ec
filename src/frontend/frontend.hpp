// Public entry points of the C front end: C source -> typed AST (ast.hpp).
//
//   TranslationUnit tu = parse_translation_unit("task.c", DataModel::ILP32);
//   for (const auto& f : tu.functions) if (f->reachable && f->body) ...
//   std::cout << print(tu);   // printer.hpp
//
// parse_translation_unit reads the file; if it contains preprocessor
// directives (#include, #define, ...) it is first run through the system C
// preprocessor (preprocess.hpp); line markers are honoured in any case, so
// locations refer to the original files. parse_string parses text as it is
// (no preprocessing; directives other than line markers are a ParseError);
// `name` is the file name used in locations. parse_translation_unit's `name` (default: the
// path) is the name of the file in locations and errors: `craig verify -` parses a temporary
// copy of standard input and names it `<stdin>`, as gcc and cpp do.
//
// Errors (errors.hpp): ParseError for syntax and constraint errors,
// Unsupported when code reachable from main uses a construct outside the
// subset, InputError when the file cannot be read or preprocessed. The
// functions never crash or hang on any input, and keep no global state.
#pragma once

#include <string>
#include <string_view>

#include "frontend/ast.hpp"
#include "frontend/errors.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

TranslationUnit parse_translation_unit(const std::string& path, DataModel dm, const std::string& name = {});
TranslationUnit parse_string(std::string_view text, const std::string& name, DataModel dm);

}  // namespace craig::frontend
