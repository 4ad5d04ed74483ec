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

struct ValuesHash {
    size_t operator()(const std::vector<Value>& vs) const {
        size_t h = vs.size();
        for (const Value& v : vs) h = h * 1000003 ^ ValueHash {}(v);
        return h;
    }
};

// A function's interpretation: `entries` in the order they were added (printing keeps
// it), found by a hash index (a model of n applications is built and evaluated in O(n),
// where a scan of the entries made it quadratic).
struct FunctionTable {
    std::vector<std::pair<std::vector<Value>, Value>> entries;
    Value otherwise;

    // The value at `args`, nullptr when no entry has them.
    const Value* find(const std::vector<Value>& args) const {
        auto it = index_.find(args);
        return it == index_.end() ? nullptr : &entries[it->second].second;
    }
    // Adds the entry unless one with these arguments exists (the first one stays).
    bool add(std::vector<Value> args, Value v) {
        if (index_.count(args)) return false;
        index_.emplace(args, static_cast<uint32_t>(entries.size()));
        entries.emplace_back(std::move(args), std::move(v));
        return true;
    }

private:
    std::unordered_map<std::vector<Value>, uint32_t, ValuesHash> index_;
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

    // Evaluate a term (iteratively; memoised per call). And, Or, Implies and Ite evaluate only
    // the children that decide them. With a memo of the caller's, terms shared by several
    // calls are evaluated once (the memo must not outlive a change of the model).
    using EvalMemo = std::unordered_map<uint32_t, Value>;
    Value evaluate(Term t) const;
    Value evaluate(Term t, EvalMemo& memo) const;
    // The value as a term that SMT-LIB can print: true/false, a numeral, or an abstract
    // element printed as `@S_i`.
    std::string value_to_string(const Value& v) const;

    // SMT-LIB 2.6 `(get-model)` response for the given user symbols.
    void print(std::ostream& out, const std::vector<FuncId>& symbols) const;

    static Value default_value(Sort s);  // not for bit-vector sorts (default_of knows them)
    Value default_of(Sort s) const;

private:
    Value combine(Term t, const std::vector<Value>& args) const;

    const TermManager* tm_;
    std::unordered_map<FuncId, Value> consts_;
    std::unordered_map<FuncId, FunctionTable> tables_;
    std::unordered_map<uint32_t, uint32_t> universe_;
};

}  // namespace craig::smt
