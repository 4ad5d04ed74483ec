#include "smt/euf_theory.hpp"

#include <unordered_map>

namespace craig::smt {

EufTheory::EufTheory(TermManager& tm) : tm_(tm), cc_(tm) {}

bool EufTheory::owns(Term atom) const {
  switch (tm_.kind(atom)) {
    case Kind::Eq: return !tm_.is_arith(tm_.child(atom, 0));  // Boolean Eq only as an argument
    case Kind::Leq:
    case Kind::Lt:
    case Kind::IsInt: return false;
    // Boolean-valued applications, and Boolean terms that are arguments of applications.
    default: return tm_.is_bool(atom);
  }
}

void EufTheory::begin_round() { cc_.push(); }
void EufTheory::end_round() { cc_.pop(); }

void EufTheory::assert_atom(Term atom, bool value, sat::Lit reason) {
  if (tm_.kind(atom) == Kind::Eq && !tm_.is_bool(tm_.child(atom, 0))) {
    if (value)
      cc_.assert_equal(tm_.child(atom, 0), tm_.child(atom, 1), reason);
    else
      cc_.assert_distinct(tm_.child(atom, 0), tm_.child(atom, 1), reason);
    return;
  }
  cc_.assert_equal(atom, tm_.mk_bool(value), reason);
}

bool EufTheory::check(std::vector<std::vector<sat::Lit>>& conflicts) {
  if (cc_.consistent()) return true;
  for (auto& c : cc_.all_conflicts()) conflicts.emplace_back(c.begin(), c.end());
  if (conflicts.empty()) {
    const auto& c = cc_.conflict();
    conflicts.emplace_back(c.begin(), c.end());
  }
  return false;
}

void EufTheory::extend_model(Model& model) {
  // One element per class and sort; Boolean classes take the value of true/false if they
  // contain it (every asserted Boolean term does).
  std::unordered_map<uint32_t, Value> class_value;
  std::unordered_map<uint32_t, uint32_t> next_elem;  // sort id -> count
  Term t_true = tm_.mk_true(), t_false = tm_.mk_false();
  auto value_of_class = [&](Term repr, Sort s) -> Value {
    auto it = class_value.find(repr.id);
    if (it != class_value.end()) return it->second;
    Value v;
    if (s == SortTable::Bool) {
      v = Value::of_bool(cc_.are_equal(repr, t_true));
    } else if (tm_.sorts().is_arith(s)) {
      v = Model::default_value(s);  // arithmetic classes are valued by the arithmetic theory
    } else {
      v = Value::of_element(s, next_elem[s.id]++);
    }
    class_value.emplace(repr.id, v);
    return v;
  };
  std::unordered_map<FuncId, FunctionTable> tables;
  cc_.for_each_term([&](Term t, Term repr) {
    Value v = value_of_class(repr, tm_.sort(t));
    Kind k = tm_.kind(t);
    if (k == Kind::Const) {
      model.set_const(tm_.func_of(t), v);
    } else if (k == Kind::App) {
      std::vector<Value> args;
      for (Term a : tm_.children(t)) args.push_back(value_of_class(cc_.representative(a), tm_.sort(a)));
      FunctionTable& tab = tables[tm_.func_of(t)];
      for (const auto& e : tab.entries)
        if (e.first == args) return;
      tab.entries.emplace_back(std::move(args), v);
    }
  });
  for (auto& [f, tab] : tables) {
    tab.otherwise = Model::default_value(tm_.func(f).range);
    model.set_table(f, std::move(tab));
  }
  for (auto& [sid, n] : next_elem) model.set_universe_size(Sort{sid}, n);
}

}  // namespace craig::smt
