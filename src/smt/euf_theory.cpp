#include "smt/euf_theory.hpp"

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "smt/euf_certificate.hpp"
#include "smt/solver.hpp"

namespace craig::smt {

EufTheory::EufTheory(TermManager& tm) : tm_(tm), cc_(tm) {}

bool EufTheory::owns(Term atom) const {
    switch (tm_.kind(atom)) {
        case Kind::Eq: {  // Boolean Eq reaches a theory only as an argument
            Term a = tm_.child(atom, 0), b = tm_.child(atom, 1);
            if (!tm_.is_arith(a)) return true;
            return tm_.kind(a) == Kind::App || tm_.kind(b) == Kind::App || interface_.count(atom.id);
        }
        case Kind::Leq:
        case Kind::Lt:
        case Kind::IsInt: return false;
        // Boolean-valued applications, and Boolean terms that are arguments of applications.
        default: return tm_.is_bool(atom);
    }
}

void EufTheory::begin_round() {
    cc_.push();
    round_atoms_.clear();
}

void EufTheory::mark_boolean_arguments(Term app) {
    if (tm_.kind(app) != Kind::App) return;
    std::vector<Term>& stack = mark_stack_;
    stack.assign(1, app);
    while (!stack.empty()) {
        Term t = stack.back();
        stack.pop_back();
        if (tm_.kind(t) != Kind::App) continue;
        for (Term c : tm_.children(t)) {
            if (tm_.is_bool(c)) {
                // The DPLL(T) loop passes the atom x of an argument (not x); remember both forms.
                uint8_t flag = kArgument;
                if (tm_.kind(c) == Kind::Not) {
                    c = tm_.child(c, 0);
                    flag = kNegatedArgument;
                }
                if (arg_flags_.size() <= c.id) arg_flags_.resize(c.id + 1, 0);
                arg_flags_[c.id] |= flag;
            } else {
                stack.push_back(c);
            }
        }
    }
}
void EufTheory::end_round() { cc_.pop(); }

void EufTheory::add_interface_equality(Term atom, Term s, Term t) {
    // Several pairs can share one atom: -f(a) = b and f(a) = -b have the same normal form.
    auto& pairs = interface_[atom.id];
    for (auto& [x, y] : pairs)
        if ((x == s && y == t) || (x == t && y == s)) return;
    pairs.emplace_back(s, t);
}

void EufTheory::equation_pairs(Term atom, std::vector<std::pair<Term, Term>>& out) const {
    out.clear();
    if (auto it = interface_.find(atom.id); it != interface_.end())
        out = it->second;
    else
        out.emplace_back(tm_.child(atom, 0), tm_.child(atom, 1));
}

void EufTheory::assert_atom(Term atom, bool value, sat::Lit reason) {
    if (tm_.kind(atom) == Kind::Eq && !tm_.is_bool(tm_.child(atom, 0))) {
        round_atoms_.push_back({atom, value, reason});
        equation_pairs(atom, pairs_);
        for (auto& [a, b] : pairs_) {
            mark_boolean_arguments(a);
            mark_boolean_arguments(b);
            if (value)
                cc_.assert_equal(a, b, reason);
            else
                cc_.assert_distinct(a, b, reason);
        }
        return;
    }
    mark_boolean_arguments(atom);
    round_atoms_.push_back({atom, value, reason});
    cc_.assert_equal(atom, tm_.mk_bool(value), reason);
}

bool EufTheory::check(std::vector<std::vector<sat::Lit>>& conflicts) {
    // Boolean arguments get their truth value: equality atoms (their own node differs from the
    // equation they assert) and negated atoms (not x) whose atom x was asserted.
    for (const RoundAtom& e : round_atoms_) {
        uint8_t flags = e.atom.id < arg_flags_.size() ? arg_flags_[e.atom.id] : 0;
        if ((flags & kArgument) && tm_.kind(e.atom) == Kind::Eq)
            cc_.assert_equal(e.atom, tm_.mk_bool(e.value), e.reason);
        if (flags & kNegatedArgument) cc_.assert_equal(tm_.mk_not(e.atom), tm_.mk_bool(!e.value), e.reason);
    }
    if (cc_.consistent()) return true;
    const size_t first = conflicts.size();
    // Every violated disequality gives a conflict; the shortest few are the useful ones, and
    // hundreds per round only bloat the clause database.
    std::vector<std::vector<euf::Reason>> all = cc_.all_conflicts();
    std::stable_sort(all.begin(), all.end(), [](const auto& x, const auto& y) { return x.size() < y.size(); });
    if (all.size() > kMaxConflictsPerRound) all.resize(kMaxConflictsPerRound);
    for (auto& c : all) conflicts.emplace_back(c.begin(), c.end());
    if (conflicts.size() == first) {
        const auto& c = cc_.conflict();
        conflicts.emplace_back(c.begin(), c.end());
    }
    if (check_certificates_) {
        by_reason_.clear();
        for (const RoundAtom& e : round_atoms_) by_reason_.emplace(e.reason, &e);
        for (size_t i = first; i < conflicts.size(); ++i) check_conflict(conflicts[i]);
    }
    if (transitivity_lemmas_on_)
        for (const auto& v : cc_.violations())
            if (v.has_reason && !tm_.is_bool(v.a)) add_transitivity_lemmas(v.a, v.b);
    return false;
}

// A conflict a = t1 = ... = b, a != b mentions only the atoms of its chain; a SAT solver that
// sees only those atoms needs exponentially many conflicts on diamond-shaped problems
// (eq_diamond). The lemmas  a = t(i-1) and t(i-1) = t(i) imply a = t(i)  give it the
// intermediate equalities as atoms to learn from.
void EufTheory::add_transitivity_lemmas(Term a, Term b) {
    if (transitivity_lemmas_ >= kMaxTransitivityLemmas) return;
    std::vector<euf::CongruenceClosure::Step> chain = cc_.explain_path(a, b);
    if (chain.size() < 2) return;
    Term prefix = tm_.mk_eq(a, chain[0].to);  // a = t1
    for (size_t i = 1; i < chain.size(); ++i) {
        Term to = chain[i].to;
        Term next = tm_.mk_eq(a, to);
        if (tm_.kind(next) == Kind::Eq && lemma_pairs_.insert(next.id).second) {
            Term step = tm_.mk_eq(chain[i].from, to);
            Term parts[3] = {tm_.mk_not(prefix), tm_.mk_not(step), next};
            lemmas_.push_back(tm_.mk_or(parts));
            ++transitivity_lemmas_;
        }
        prefix = next;
    }
}

void EufTheory::take_requests(std::vector<Term>& lemmas, std::vector<Term>& splits) {
    lemmas.insert(lemmas.end(), lemmas_.begin(), lemmas_.end());
    lemmas_.clear();
}

void EufTheory::check_conflict(std::span<const sat::Lit> conflict) {
    std::vector<EufFact> facts;
    for (sat::Lit l : conflict) {
        auto it = by_reason_.find(l);
        if (it == by_reason_.end()) throw CheckFailure("EUF conflict: a literal that was never asserted");
        const RoundAtom& e = *it->second;
        uint8_t flags = e.atom.id < arg_flags_.size() ? arg_flags_[e.atom.id] : 0;
        if (tm_.kind(e.atom) == Kind::Eq && !tm_.is_bool(tm_.child(e.atom, 0))) {
            equation_pairs(e.atom, pairs_);
            for (auto& [a, b] : pairs_) facts.push_back({a, b, e.value});
            if (flags & kArgument) facts.push_back({e.atom, tm_.mk_bool(e.value), true});
        } else {
            facts.push_back({e.atom, tm_.mk_bool(e.value), true});
        }
        if (flags & kNegatedArgument) facts.push_back({tm_.mk_not(e.atom), tm_.mk_bool(!e.value), true});
    }
    std::string why;
    if (!check_euf_conflict(tm_, facts, &why)) throw CheckFailure("invalid EUF conflict: " + why);
}

void EufTheory::extend_model(Model& model) {
    // One element per class and sort; Boolean classes take the value of true/false if they
    // contain it (every asserted Boolean term does).
    std::unordered_map<uint32_t, Value> class_value;
    std::unordered_map<uint32_t, uint32_t> next_elem;  // sort id -> count
    const Term t_true = tm_.mk_true();
    auto value_of_class = [&](Term repr, Sort s) -> Value {
        auto it = class_value.find(repr.id);
        if (it != class_value.end()) return it->second;
        Value v;
        if (s == SortTable::Bool) {
            v = Value::of_bool(cc_.are_equal(repr, t_true));
        } else if (tm_.sorts().is_arith(s)) {
            // Theory combination has made all members of the class equal in arithmetic too.
            std::optional<mpq_class> q = arith_value_ ? arith_value_(repr) : std::nullopt;
            v = q ? Value::of_number(*q, s) : Model::default_value(s);
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
            tables[tm_.func_of(t)].add(std::move(args), v);
        }
    });
    for (auto& [f, tab] : tables) {
        tab.otherwise = Model::default_value(tm_.func(f).range);
        model.set_table(f, std::move(tab));
    }
    for (auto& [sid, n] : next_elem) model.set_universe_size(Sort{sid}, n);
}

}  // namespace craig::smt
