#include "chc/reader.hpp"

#include <unordered_map>

#include "chc/clause_shape.hpp"
#include "smtlib/syntax/environment.hpp"
#include "smtlib/syntax/errors.hpp"
#include "smtlib/syntax/sexpr.hpp"
#include "smtlib/syntax/term_builder.hpp"

namespace craig::chc {

namespace {

using smtlib::SExprPool;

class ChcReader {
public:
    ChcReader(smt::TermManager& tm, std::string file) : tm_(tm), env_(tm) { sys_.file = std::move(file); }

    ChcSystem read(std::istream& in) {
        smtlib::Lexer lexer(in);
        smtlib::Reader reader(lexer);
        while (auto root = reader.read_command(pool_)) {
            if (auto bad = pool_.first_invalid()) throw smtlib::SyntaxError(pool_[*bad].loc, pool_[*bad].error);
            if (!command(*root)) break;
        }
        return std::move(sys_);
    }

private:
    // One command; false at (exit).
    bool command(uint32_t cmd) {
        const auto kids = pool_.kids(cmd);
        if (kids.empty() || !pool_.is_symbol(kids[0])) fail(cmd, "a command must start with a symbol");
        const std::string& name = pool_[kids[0]].text;
        if (name == "set-logic") {
            arity(cmd, 2, "(set-logic SYMBOL)");
            if (!pool_.is_word(kids[1], "HORN"))
                unsupported(kids[1], "logic " + pool_.to_string(kids[1]) + " (craig chc reads HORN)");
        } else if (name == "declare-fun") {
            declare(cmd);
        } else if (name == "assert") {
            arity(cmd, 2, "(assert TERM)");
            clause(kids[1], pool_[cmd].loc);
        } else if (name == "check-sat") {
            sys_.check_sat = true;
        } else if (name == "exit") {
            return false;
        } else if (name == "set-info" || name == "set-option" || name == "get-info" || name == "get-model" ||
                   name == "get-proof" || name == "echo") {
            // no effect on the answer
        } else if (name == "declare-const" || name == "define-fun" || name == "declare-sort" || name == "define-sort" ||
                   name == "push" || name == "pop" || name == "check-sat-assuming" || name == "declare-datatypes" ||
                   name == "define-fun-rec") {
            unsupported(kids[0], "command " + name + " in a Horn problem");
        } else {
            fail(kids[0], "unknown command " + name);
        }
        return true;
    }

    void declare(uint32_t cmd) {
        arity(cmd, 4, "(declare-fun SYMBOL (SORT*) SORT)");
        const auto kids = pool_.kids(cmd);
        if (!pool_.is_symbol(kids[1])) fail(kids[1], "expected a symbol, got " + smtlib::describe(pool_, kids[1]));
        const std::string& name = pool_[kids[1]].text;
        if (smtlib::is_theory_symbol(name) || env_.find_function(name))
            fail(kids[1], "symbol " + name + " is already declared");
        if (!pool_.is_list(kids[2])) fail(kids[2], "expected a list of sorts");
        smtlib::TermBuilder b(env_, pool_);
        Predicate p;
        p.name = name;
        p.loc = pool_[cmd].loc;
        for (uint32_t s : pool_.kids(kids[2])) {
            const smt::Sort sort = b.sort(s);
            if (sort != smt::SortTable::Int && sort != smt::SortTable::Real && sort != smt::SortTable::Bool)
                unsupported(s, "predicate argument of sort " + pool_.to_string(s) + " (Int, Real and Bool are read)");
            p.sorts.push_back(sort);
        }
        if (b.sort(kids[3]) != smt::SortTable::Bool)
            unsupported(kids[3], "function " + name + " with range " + pool_.to_string(kids[3]) +
                                     ": uninterpreted functions are not read, only predicates (range Bool)");
        p.func = tm_.declare_fun(name, p.sorts, smt::SortTable::Bool);
        smtlib::FunctionSymbol f;
        f.func = p.func;
        f.domain = p.sorts;
        f.range = smt::SortTable::Bool;
        env_.add_function(name, std::move(f));
        preds_[p.func] = static_cast<PredId>(sys_.preds.size());
        sys_.preds.push_back(std::move(p));
    }

    void clause(uint32_t t, smtlib::Location loc) {
        smtlib::TermBuilder b(env_, pool_);
        std::vector<smt::Term> vars;
        bool negate = false;
        for (;;) {
            if (is_binder(t, "forall") && !negate) {
                bind(b, t, vars);
                t = pool_.kids(t)[2];
            } else if (!negate && pool_.is_list(t) && pool_.kids(t).size() == 2 &&
                       pool_.is_word(pool_.kids(t)[0], "not") && is_binder(pool_.kids(t)[1], "exists")) {
                const uint32_t ex = pool_.kids(t)[1];
                bind(b, ex, vars);
                t = pool_.kids(ex)[2];
                negate = true;
            } else {
                break;
            }
        }
        if (is_binder(t, "forall") || is_binder(t, "exists"))
            unsupported(t, "quantifier alternation or a quantifier inside a clause");
        smt::Term f = b.term_of_sort(t, smt::SortTable::Bool);
        if (negate) f = tm_.mk_not(f);
        Clause c = clause_shape(tm_, f, preds_, loc);
        c.vars = std::move(vars);
        sys_.clauses.push_back(std::move(c));
    }

    bool is_binder(uint32_t t, const char* word) const {
        return pool_.is_list(t) && !pool_.kids(t).empty() && pool_.is_word(pool_.kids(t)[0], word);
    }

    // Binds the sorted variables of a forall/exists node to fresh constants.
    void bind(smtlib::TermBuilder& b, uint32_t q, std::vector<smt::Term>& vars) {
        const auto kids = pool_.kids(q);
        if (kids.size() != 3 || !pool_.is_list(kids[1]) || pool_.kids(kids[1]).empty())
            fail(q, "expected (" + pool_[kids[0]].text + " ((SYMBOL SORT)+) TERM)");
        for (uint32_t v : pool_.kids(kids[1])) {
            const auto vk = pool_.kids(v);
            if (!pool_.is_list(v) || vk.size() != 2 || !pool_.is_symbol(vk[0]))
                fail(v, "expected a sorted variable (SYMBOL SORT)");
            const smt::Sort sort = b.sort(vk[1]);
            if (sort != smt::SortTable::Int && sort != smt::SortTable::Real && sort != smt::SortTable::Bool)
                unsupported(vk[1],
                            "quantified variable of sort " + pool_.to_string(vk[1]) + " (Int, Real and Bool are read)");
            const smt::Term c = tm_.mk_const(tm_.fresh_fun(pool_[vk[0]].text, {}, sort));
            b.bind(pool_[vk[0]].text, c);
            vars.push_back(c);
        }
    }

    void arity(uint32_t cmd, size_t n, const char* usage) const {
        if (pool_.kids(cmd).size() != n) fail(cmd, std::string("expected ") + usage);
    }
    [[noreturn]] void fail(uint32_t node, const std::string& message) const {
        throw smtlib::ScriptError(pool_[node].loc, message);
    }
    [[noreturn]] void unsupported(uint32_t node, const std::string& message) const {
        throw smtlib::Unsupported(pool_[node].loc, message);
    }

    smt::TermManager& tm_;
    smtlib::Environment env_;
    SExprPool pool_;
    ChcSystem sys_;
    std::unordered_map<smt::FuncId, PredId> preds_;
};

}  // namespace

ChcSystem read_chc(std::istream& in, const std::string& file, smt::TermManager& tm) {
    return ChcReader(tm, file).read(in);
}

}  // namespace craig::chc
