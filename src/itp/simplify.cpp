#include "itp/simplify.hpp"

#include <optional>
#include <unordered_map>
#include <vector>

#include "itp/interpolant_size.hpp"
#include "smt/solver.hpp"

namespace craig::itp {

using smt::Kind;
using smt::Term;
using smt::TermManager;

namespace {

// Contextual simplification gets expensive on huge DAGs (memoisation is per context).
constexpr uint64_t kMaxContextualNodes = 5000;  // recursion depth stays small
// Contextual simplification walks a shared subterm once per context it occurs in, which can be
// exponential in the nesting of and/or (measured: seconds on interpolants of a few hundred
// nodes, in impact and ufo). Past `max_steps` steps (simplify.hpp) the input is returned unchanged.
// Solver-based redundancy removal looks at this many top-level children at most.
constexpr size_t kMaxRedundancyChildren = 40;

bool is_connective(const TermManager& tm, Term t) {
    Kind k = tm.kind(t);
    return k == Kind::Not || k == Kind::And || k == Kind::Or || k == Kind::Xor || k == Kind::Implies ||
           k == Kind::True || k == Kind::False || (k == Kind::Ite && tm.is_bool(t)) ||
           (k == Kind::Eq && tm.is_bool(tm.child(t, 0)));
}

// A literal: an atom or the negation of one.
std::optional<std::pair<Term, bool>> as_literal(const TermManager& tm, Term t) {
    bool value = true;
    if (tm.kind(t) == Kind::Not) {
        t = tm.child(t, 0);
        value = false;
    }
    if (is_connective(tm, t)) return std::nullopt;
    return std::make_pair(t, value);
}

// A bound p ⋈ c read off a literal over Leq/Lt.
struct Bound {
    Term poly;
    mpq_class c;
    bool upper;  // p <= c / p < c, else p >= c / p > c
    bool strict;
};

std::optional<Bound> as_bound(const TermManager& tm, Term lit) {
    auto l = as_literal(tm, lit);
    if (!l) return std::nullopt;
    auto [atom, value] = *l;
    Kind k = tm.kind(atom);
    if (k != Kind::Leq && k != Kind::Lt) return std::nullopt;
    const mpq_class& c = tm.numeral(tm.child(atom, 1));
    if (value) return Bound{tm.child(atom, 0), c, true, k == Kind::Lt};
    return Bound{tm.child(atom, 0), c, false, k == Kind::Leq};  // not(p <= c): p > c
}

// Is a tighter than b (both upper or both lower bounds on the same polynomial)?
bool tighter(const Bound& a, const Bound& b) {
    if (a.c != b.c) return a.upper ? a.c < b.c : a.c > b.c;
    return a.strict && !b.strict;
}

class Simplifier {
public:
    Simplifier(TermManager& tm, bool bounds, uint64_t max_steps) : tm_(tm), bounds_(bounds), max_steps_(max_steps) {}

    struct OutOfSteps {};

    Term run(Term t) {
        if (!tm_.is_bool(t)) return t;
        if (++steps_ > max_steps_) throw OutOfSteps{};
        const uint64_t key = (static_cast<uint64_t>(t.id) << 32) | context_;
        if (auto it = memo_.find(key); it != memo_.end()) return it->second;
        Term r = step(t);
        memo_.emplace(key, r);
        return r;
    }

private:
    Term step(Term t) {
        if (auto l = as_literal(tm_, t)) {
            auto it = assumed_.find(l->first.id);
            if (it == assumed_.end()) return t;
            return tm_.mk_bool(it->second == l->second);
        }
        Kind k = tm_.kind(t);
        switch (k) {
            case Kind::Not: return tm_.mk_not(run(tm_.child(t, 0)));
            case Kind::And:
            case Kind::Or: return junction(t, k == Kind::And);
            case Kind::Ite: {
                Term c = run(tm_.child(t, 0));
                Term a = under(c, true, tm_.child(t, 1));
                Term b = under(c, false, tm_.child(t, 2));
                return tm_.mk_ite(c, a, b);
            }
            default: {
                std::vector<Term> kids;
                for (Term c : tm_.children(t)) kids.push_back(run(c));
                return tm_.rebuild(t, kids);
            }
        }
    }

    // f simplified where the literal `cond` has the value `value` (when cond is a literal).
    Term under(Term cond, bool value, Term f) {
        auto l = as_literal(tm_, cond);
        if (!l || assumed_.count(l->first.id)) return run(f);
        std::pair<Term, bool> lit{l->first, l->second == value};
        return with_context({&lit, 1}, [&] { return run(f); });
    }

    template <typename F>
    Term with_context(std::span<const std::pair<Term, bool>> lits, F f) {
        std::vector<uint32_t> added;
        for (auto [atom, value] : lits)
            if (assumed_.emplace(atom.id, value).second) added.push_back(atom.id);
        const uint32_t saved = context_;
        context_ = ++next_context_;
        Term r = f();
        context_ = saved;
        for (uint32_t a : added) assumed_.erase(a);
        return r;
    }

    // and/or: literal children hold (and) or fail (or) while the other children are simplified.
    Term junction(Term t, bool is_and) {
        std::vector<Term> lits, others;
        for (Term c : tm_.children(t)) (as_literal(tm_, c) ? lits : others).push_back(c);
        for (Term& l : lits) l = run(l);
        if (bounds_) lits = subsume(lits, is_and);
        std::vector<std::pair<Term, bool>> ctx;
        for (Term l : lits)
            if (auto x = as_literal(tm_, l)) ctx.emplace_back(x->first, x->second == is_and);
        std::vector<Term> kids = lits;
        if (!others.empty())
            with_context(ctx, [&] {
                for (Term o : others) kids.push_back(run(o));
                return Term{};
            });
        return is_and ? tm_.mk_and(kids) : tm_.mk_or(kids);
    }

    // Keeps, per polynomial, the tightest (and) or loosest (or) upper and lower bound.
    std::vector<Term> subsume(const std::vector<Term>& lits, bool is_and) {
        std::vector<std::optional<Bound>> bs;
        for (Term l : lits) bs.push_back(as_bound(tm_, l));
        std::vector<Term> out;
        for (size_t i = 0; i < lits.size(); ++i) {
            bool dominated = false;
            for (size_t j = 0; j < lits.size() && !dominated && bs[i]; ++j) {
                if (i == j || !bs[j] || bs[j]->poly != bs[i]->poly || bs[j]->upper != bs[i]->upper) continue;
                // j makes i redundant: in an and when j is tighter, in an or when j is looser; equal
                // bounds are distinct terms only if they differ, so ties cannot drop both.
                dominated = is_and ? tighter(*bs[j], *bs[i]) : tighter(*bs[i], *bs[j]);
            }
            if (!dominated) out.push_back(lits[i]);
        }
        return out;
    }

    TermManager& tm_;
    const bool bounds_;
    std::unordered_map<uint32_t, bool> assumed_;  // atom id -> value in the current context
    uint32_t context_ = 0, next_context_ = 0;
    const uint64_t max_steps_;
    uint64_t steps_ = 0;
    std::unordered_map<uint64_t, Term> memo_;  // (term, context) -> result
};

// Is `premise ∧ ¬conclusion` unsat? (false also when the solver cannot tell)
bool entails(TermManager& tm, Term premise, Term conclusion) {
    smt::SolverOptions o;
    o.produce_models = false;
    smt::Solver s(tm, o);
    s.assert_formula(premise);
    s.assert_formula(tm.mk_not(conclusion));
    return s.check() == smt::Result::Unsat;
}

Term drop_redundant(TermManager& tm, Term t) {
    Kind k = tm.kind(t);
    if ((k != Kind::And && k != Kind::Or) || tm.num_children(t) > kMaxRedundancyChildren) return t;
    const bool is_and = k == Kind::And;
    std::vector<Term> kept(tm.children(t).begin(), tm.children(t).end());
    for (size_t i = 0; i < kept.size();) {
        std::vector<Term> rest(kept);
        rest.erase(rest.begin() + static_cast<long>(i));
        bool redundant = is_and ? entails(tm, tm.mk_and(rest), kept[i]) : entails(tm, kept[i], tm.mk_or(rest));
        if (redundant)
            kept.swap(rest);
        else
            ++i;
    }
    return is_and ? tm.mk_and(kept) : tm.mk_or(kept);
}

}  // namespace

Term simplify_interpolant(TermManager& tm, Term t, int level, uint64_t max_steps) {
    if (level <= 0) return t;
    if (term_size(tm, t).dag_nodes <= kMaxContextualNodes) {
        try {
            t = Simplifier(tm, level >= 2, max_steps).run(t);
        } catch (const Simplifier::OutOfSteps&) {
            // t stays as it was: equivalent, only not simplified
        }
    }
    if (level >= 3) t = drop_redundant(tm, t);
    return t;
}

}  // namespace craig::itp
