#include "chc/clause_shape.hpp"

#include "smtlib/syntax/errors.hpp"

namespace craig::chc {

namespace {

using smt::Kind;
using smt::Term;

class Shaper {
public:
    Shaper(smt::TermManager& tm, const std::unordered_map<smt::FuncId, PredId>& preds, smtlib::Location loc)
        : tm_(tm), preds_(preds), loc_(loc) {}

    // `t` is a disjunct of the clause (the clause holds iff one of them does).
    void disjunct(Term t) {
        switch (tm_.kind(t)) {
            case Kind::False: return;
            case Kind::Or:
                for (Term c : tm_.children(t)) disjunct(c);
                return;
            case Kind::Implies:
                conjunct(tm_.child(t, 0));
                disjunct(tm_.child(t, 1));
                return;
            case Kind::Not: conjunct(tm_.child(t, 0)); return;
            default: break;
        }
        if (auto p = application(t)) {
            const std::string& name = tm_.func(tm_.func_of(t)).name;
            if (clause_.head)
                fail("two positive predicate applications (" + head_name_ + " and " + name + "): not a Horn clause");
            clause_.head = std::move(*p);
            head_name_ = name;
            return;
        }
        plain(t, "in the head");
        constraint_.push_back(tm_.mk_not(t));
    }

    // `t` is a conjunct of the body (the clause holds iff the body implies the disjuncts).
    void conjunct(Term t) {
        switch (tm_.kind(t)) {
            case Kind::True: return;
            case Kind::And:
                for (Term c : tm_.children(t)) conjunct(c);
                return;
            case Kind::Not: disjunct(tm_.child(t, 0)); return;
            default: break;
        }
        if (auto p = application(t)) {
            clause_.body.push_back(std::move(*p));
            return;
        }
        plain(t, "in the body");
        constraint_.push_back(t);
    }

    Clause finish() {
        clause_.constraint = tm_.mk_and(constraint_);
        clause_.loc = loc_;
        return std::move(clause_);
    }

private:
    std::optional<PredApp> application(Term t) {
        if (tm_.kind(t) != Kind::App && tm_.kind(t) != Kind::Const) return std::nullopt;
        auto it = preds_.find(tm_.func_of(t));
        if (it == preds_.end()) return std::nullopt;
        PredApp a{it->second, {}};
        for (Term arg : tm_.children(t)) {
            if (has_pred(arg)) fail("a predicate application inside an argument of a predicate");
            a.args.push_back(arg);
        }
        return a;
    }

    // A constraint part: it must not mention a predicate.
    void plain(Term t, const char* where) {
        if (has_pred(t))
            fail(std::string("a predicate application under ") + std::string(smt::kind_name(tm_.kind(t))) + " " +
                 where + ": not a Horn clause craig reads");
    }

    bool has_pred(Term t) {
        auto it = memo_.find(t);
        if (it != memo_.end()) return it->second;
        bool r = false;
        if ((tm_.kind(t) == Kind::App || tm_.kind(t) == Kind::Const) && preds_.count(tm_.func_of(t))) r = true;
        for (Term c : tm_.children(t))
            if (!r && has_pred(c)) r = true;
        memo_[t] = r;
        return r;
    }

    [[noreturn]] void fail(const std::string& why) const { throw smtlib::Unsupported(loc_, why); }

    smt::TermManager& tm_;
    const std::unordered_map<smt::FuncId, PredId>& preds_;
    smtlib::Location loc_;
    Clause clause_;
    std::string head_name_;
    std::vector<Term> constraint_;
    std::unordered_map<Term, bool, smt::TermHash> memo_;
};

}  // namespace

Clause clause_shape(smt::TermManager& tm, smt::Term formula, const std::unordered_map<smt::FuncId, PredId>& preds,
                    smtlib::Location loc) {
    Shaper s(tm, preds, loc);
    s.disjunct(formula);
    return s.finish();
}

}  // namespace craig::chc
