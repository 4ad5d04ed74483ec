// SV-COMP task definition files (format_version 2.0) and property files.
//
//   Task t = read_task_file("c/loops/sum01-1.yml");
//   const TaskProperty* p = find_unreach_call(t);
//   if (p && p->expected_verdict) ...            // the verdict a verifier should give
//   TranslationUnit tu = parse_translation_unit(t.input_files[0], t.data_model);
//
// A task file is YAML:
//
//   format_version: '2.0'
//   input_files: 'sum01-1.c'                 # a string or a list of strings
//   properties:
//     - property_file: ../properties/unreach-call.prp
//       expected_verdict: false              # optional
//       subproperty: valid-deref             # optional
//   options:
//     language: C                            # required; only C is accepted
//     data_model: ILP32                      # optional: ILP32 (default) or LP64
//
// format_version 1.0 files have no options (C under ILP32 is implied); with
// options they are read as 2.0 files. Paths in a task file are relative to the
// directory of the .yml; read_task_file resolves them (lexically normalised, not
// checked for existence: property files other than the one of interest are
// often absent). Other keys (format_version, comments, ...) are ignored.
//
// options.language other than C raises Unsupported("language NAME"): a valid
// task that craig cannot verify, so the verdict is UNKNOWN.
//
// Errors (errors.hpp): InputError when a file cannot be read; ParseError with
// FILE:LINE:COL (1-based) for malformed YAML and for missing or ill-typed keys
// (the location is the offending node, or the enclosing map for a missing key).
// Nothing else escapes on any input (yaml-cpp's own exceptions are translated).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "frontend/errors.hpp"
#include "frontend/types.hpp"

namespace craig::frontend {

// UnreachCall: "CHECK( init(main()), LTL(G ! call(reach_error())) )" (or the
// older __VERIFIER_error) modulo whitespace; the entry function is main.
// Anything else (termination, memory safety, coverage, overflow) is Other.
enum class PropertyKind { UnreachCall, Other };

struct Property {
    PropertyKind kind = PropertyKind::Other;
    std::string text;  // the file's contents without leading and trailing whitespace
    std::string file;  // the path it was read from
};

// Reads and classifies a property file; InputError if it cannot be read.
Property read_property_file(const std::string& path);
// Classifies a property text (as read_property_file does with the file's contents).
PropertyKind classify_property(const std::string& text);

struct TaskProperty {
    std::string property_file;             // resolved path
    std::optional<bool> expected_verdict;  // absent when the task does not say
    std::string subproperty;               // "" when absent
};

struct Task {
    std::string yml_path;                  // as given to read_task_file
    std::vector<std::string> input_files;  // resolved paths, at least one
    std::vector<TaskProperty> properties;
    DataModel data_model = DataModel::ILP32;
    std::string language;  // always "C" (anything else is an error)
};

Task read_task_file(const std::string& path);

// The property of the task whose file reads as UnreachCall, or nullptr. A
// property file that cannot be read counts as UnreachCall iff its name is
// unreach-call.prp (the standard name), so a task stays usable when only its
// .yml and sources were copied.
const TaskProperty* find_unreach_call(const Task& task);

}  // namespace craig::frontend
