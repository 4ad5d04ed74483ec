#pragma once
// A model: values for user constants and finite tables (with a default) for user functions.
// Terms are evaluated under the model with SMT-LIB semantics; division by zero and the other
// partial operators get the total interpretation recorded in the model (see evaluate()).
#include <iosfwd>
#include <optional>
#include <unordered_map>
#include <vector>

#include "smt/terms/term.hpp"
#include "smt/value.hpp"

namespace craig::smt {

struct FunctionTable {
  std::vector<std::pair<std::vector<Value>, Value>> entries;
  Value otherwise;
};

class Model {
 public:
  explicit Model(const TermManager& tm) : tm_(&tm) {}

  void set_const(FuncId f, Value v) { consts_[f] = std::move(v); }
  void set_table(FuncId f, FunctionTable t) { tables_[f] = std::move(t); }
  void set_universe_size(Sort s, uint32_t n) { universe_[s.id] = n; }

  // Value of a symbol; a symbol the model does not mention gets a default of its sort.
  Value const_value(FuncId f) const;
  Value apply(FuncId f, const std::vector<Value>& args) const;
  const FunctionTable* table(FuncId f) const;
  uint32_t universe_size(Sort s) const;  // at least 1

  // Evaluate a term (iteratively; memoised per call).
  Value evaluate(Term t) const;
  // The value as a term that SMT-LIB can print: true/false, a numeral, or an abstract
  // element printed as `@S_i`.
  std::string value_to_string(const Value& v) const;

  // SMT-LIB 2.6 `(get-model)` response for the given user symbols.
  void print(std::ostream& out, const std::vector<FuncId>& symbols) const;

  static Value default_value(Sort s);

 private:
  const TermManager* tm_;
  std::unordered_map<FuncId, Value> consts_;
  std::unordered_map<FuncId, FunctionTable> tables_;
  std::unordered_map<uint32_t, uint32_t> universe_;
};

}  // namespace craig::smt
