// SV-COMP correctness witnesses for TRUE verdicts, from the loop invariants of
// witness_invariants.hpp, in either exchange format (https://gitlab.com/sosy-lab/benchmarking/sv-witnesses):
//
//   YAML, format 2.0: one entry `entry_type: invariant_set` with metadata (format_version
//   "2.0", uuid, creation_time, producer name/version, task: input_files,
//   input_file_hashes (SHA-256), specification, data_model ILP32/LP64, language C) and
//   content: one `loop_invariant` per loop, located at the loop keyword (file_name, line,
//   column (1-based, as C tools count), function), value a C expression, format
//   c_expression; a `location_invariant` (function contracts, witness_contracts.hpp) likewise
//   at the first character of its statement. No invariants gives `content: []` (a valid
//   witness that says nothing).
//
//   GraphML 1.0, witness-type correctness_witness (README-GraphML.md): graph data as for
//   violation witnesses; an entry node N0 and, per loop with a condition_line, two nodes
//   carrying the invariant (and invariant.scope = the function), entered from N0 by the
//   condition's edges (startline = condition line, control condition-true / -false) and
//   left by an unguarded edge back to N0. The condition is side-effect free, so the
//   invariant, which holds before it is evaluated, still holds after either branch; the
//   automaton leaves the node on the next program edge, so nothing is claimed elsewhere.
//   Loops without a condition_line are left out (their branches could be confused with
//   others on the same line), and so are location invariants.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "verifier/witness/witness.hpp"
#include "verifier/witness/witness_invariants.hpp"

namespace craig::verifier {

enum class WitnessFormat { GraphML, Yaml };

// "graphml" or "yaml" (nothing for anything else).
std::optional<WitnessFormat> parse_witness_format(std::string_view name);
// The format a witness file name asks for: yaml for .yml and .yaml, else graphml.
WitnessFormat witness_format_for(const std::string& path);

// Both throw frontend::InputError when the program file cannot be read (for its hash).
// Return the number of invariants written.
std::size_t write_correctness_witness_graphml(std::ostream& out, const WitnessInfo& info,
                                              const std::vector<WitnessInvariant>& invariants);
// `uuid` identifies the entry (random_uuid() unless a test needs a fixed one).
std::size_t write_correctness_witness_yaml(std::ostream& out, const WitnessInfo& info,
                                           const std::vector<WitnessInvariant>& invariants, const std::string& uuid);

// The start of a YAML 2.0 witness entry, shared by correctness and violation witnesses:
// `- entry_type: TYPE` and the metadata block described above (format_version "2.0",
// uuid, creation_time, producer, task); the caller writes `  content:` next. Throws
// frontend::InputError when the program file cannot be read (for its hash).
void write_yaml_entry_start(std::ostream& out, std::string_view entry_type, const WitnessInfo& info,
                            const std::string& uuid);

// A random (version 4) UUID, "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".
std::string random_uuid();

// A YAML double-quoted scalar: `"` and `\` escaped, control characters as \xHH.
std::string yaml_quote(std::string_view text);

}  // namespace craig::verifier
