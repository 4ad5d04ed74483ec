// Verifier and C library functions recognised by name (SV-COMP conventions).
//
// A function is a builtin when it is not defined in the translation unit and
// its name is known (verifier functions, assert, abort, exit, malloc, calloc, realloc, alloca, free); reach_error and __VERIFIER_error are builtins even when
// defined (calling them is the property violation, whatever their body does).
#pragma once

#include <optional>
#include <string_view>

#include "frontend/ast.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

// The builtin a function with this name is (None for ordinary functions).
Builtin classify_builtin(std::string_view name, bool is_defined);

// Return type of __VERIFIER_nondet_<suffix> by its suffix (int, uint, ulong,
// char, bool, size_t, ...); Unsupported for pointer/float suffixes; nullopt
// when the name is not a nondet function or the suffix is unknown.
std::optional<Type> nondet_type(std::string_view name, DataModel dm);

// malloc, calloc, realloc, alloca and __builtin_alloca: the functions whose `void *` result may
// be converted to other pointer types (Builtin::Malloc, Calloc, Realloc when not defined).
bool is_allocation_function(std::string_view name);

// Signature assumed for a builtin that is called without a declaration
// (C89 implicit declaration, but with the builtin's real return type; `void *` and the
// like are created in `types`).
struct ImplicitSignature {
    Type return_type;
    bool has_prototype = false;  // false: arguments get default promotions only
    std::vector<Type> params;
    bool variadic = false;
};
std::optional<ImplicitSignature> implicit_builtin_signature(std::string_view name, DataModel dm, TypeTable& types);

// Whether calls of this function may take string literals (kept in the AST):
// the assert-failure functions that report the failed expression.
bool accepts_string_arguments(std::string_view name);

}  // namespace craig::frontend
