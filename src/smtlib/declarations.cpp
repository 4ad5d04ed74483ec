// declare-sort, define-sort, declare-fun, declare-const, define-fun, and :named terms.
#include <unordered_set>

#include "smtlib/interpreter_impl.hpp"
#include "smtlib/syntax/term_builder.hpp"

namespace craig::smtlib {

namespace {

constexpr uint64_t kMaxArity = 1u << 16;

}  // namespace

bool Interpreter::builtin_sort(const std::string& name) const {
    return name == "Bool" || (env_->arith_reserved && (name == "Int" || name == "Real"));
}

void Interpreter::check_new_function_name(uint32_t node, bool overload) const {
    const SNode& n = (*pool_)[node];
    if (!n.quoted && is_reserved_word(n.text)) fail(node, "reserved word '" + n.text + "' cannot be declared");
    if (is_theory_symbol(n.text, env_->arith_reserved))
        fail(node, "cannot redeclare the predefined symbol '" + n.text + "'");
    if (overload) {
        for (const FunctionSymbol& f : env_->overloads(n.text))
            if (f.kind != FunctionSymbol::Kind::Declared) fail(node, "symbol '" + n.text + "' is already declared");
        return;
    }
    if (env_->find_function(n.text)) fail(node, "symbol '" + n.text + "' is already declared");
}

// A declaration of a declared name with another signature overloads it (environment.hpp); the
// same signature again is an error.
void Interpreter::check_new_signature(uint32_t node, const FunctionSymbol& f) const {
    const std::string& name = (*pool_)[node].text;
    for (const FunctionSymbol& g : env_->overloads(name))
        if (g.domain == f.domain && g.range == f.range)
            fail(node, "symbol '" + name + "' is already declared with this signature");
}

void Interpreter::commit_names(const std::vector<PendingName>& names) {
    for (const PendingName& p : names) env_->add_named(p.name, p.term);
}

bool Interpreter::cmd_declare_sort(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 2, "(declare-sort SYMBOL NUMERAL)");
    const std::string& name = symbol_arg(args[0], "a sort symbol");
    uint32_t n = args.size() == 2 ? static_cast<uint32_t>(numeral_arg(args[1], kMaxArity)) : 0;
    enter_assert_mode();
    if (!(*pool_)[args[0]].quoted && is_reserved_word(name))
        fail(args[0], "reserved word '" + name + "' cannot be declared");
    if (env_->find_sort(name) || builtin_sort(name)) fail(args[0], "sort '" + name + "' is already declared");
    SortSymbol s;
    s.kind = SortSymbol::Kind::Declared;
    s.arity = n;
    env_->add_sort(name, std::move(s));
    success();
    return true;
}

bool Interpreter::cmd_define_sort(uint32_t cmd, Args args) {
    arity(cmd, args, 3, 3, "(define-sort SYMBOL (SYMBOL*) SORT)");
    const std::string& name = symbol_arg(args[0], "a sort symbol");
    enter_assert_mode();
    if (!(*pool_)[args[0]].quoted && is_reserved_word(name))
        fail(args[0], "reserved word '" + name + "' cannot be declared");
    if (env_->find_sort(name) || builtin_sort(name)) fail(args[0], "sort '" + name + "' is already declared");
    if (!pool_->is_list(args[1])) fail(args[1], "expected a list of sort parameters, got " + describe(*pool_, args[1]));
    TermBuilder b(*env_, *pool_);
    SortSymbol s;
    s.kind = SortSymbol::Kind::Defined;
    auto params = pool_->kids(args[1]);
    std::unordered_set<std::string_view> seen;
    for (size_t i = 0; i < params.size(); ++i) {
        const std::string& p = symbol_arg(params[i], "a sort parameter");
        if (!seen.insert(p).second) fail(params[i], "parameter '" + p + "' appears twice");
        s.params.push_back(env_->placeholder_sort());
        b.bind_sort(p, s.params.back());
    }
    try {
        s.body = b.sort(args[2]);
    } catch (const Unsupported& e) {
        SortSymbol u;
        u.kind = SortSymbol::Kind::Unsupported;
        u.reason = e.what();
        env_->add_sort(name, std::move(u));
        throw;
    }
    env_->add_sort(name, std::move(s));
    if (!b.contested().empty()) env_->contest_sort(name, b.contested());
    success();
    return true;
}

namespace {

FunctionSymbol unsupported_function(const std::string& reason) {
    FunctionSymbol f;
    f.kind = FunctionSymbol::Kind::Unsupported;
    f.reason = reason;
    return f;
}

}  // namespace

bool Interpreter::cmd_declare_fun(uint32_t cmd, Args args) {
    arity(cmd, args, 3, 3, "(declare-fun SYMBOL (SORT*) SORT)");
    const std::string& name = symbol_arg(args[0], "a function symbol");
    enter_assert_mode();
    check_new_function_name(args[0], true);
    if (!pool_->is_list(args[1])) fail(args[1], "expected a list of argument sorts, got " + describe(*pool_, args[1]));
    TermBuilder b(*env_, *pool_);
    FunctionSymbol f;
    try {
        for (uint32_t s : pool_->kids(args[1])) f.domain.push_back(b.sort(s));
        f.range = b.sort(args[2]);
    } catch (const Unsupported& e) {
        env_->add_function(name, unsupported_function(e.what()));
        throw;
    }
    check_new_signature(args[0], f);
    f.kind = FunctionSymbol::Kind::Declared;
    f.func = tm_->declare_fun(name, f.domain, f.range);
    env_->add_function(name, std::move(f));
    if (!b.contested().empty()) env_->contest_function(name, b.contested());
    success();
    return true;
}

bool Interpreter::cmd_declare_const(uint32_t cmd, Args args) {
    arity(cmd, args, 2, 2, "(declare-const SYMBOL SORT)");
    const std::string& name = symbol_arg(args[0], "a constant symbol");
    enter_assert_mode();
    check_new_function_name(args[0], true);
    TermBuilder b(*env_, *pool_);
    FunctionSymbol f;
    try {
        f.range = b.sort(args[1]);
    } catch (const Unsupported& e) {
        env_->add_function(name, unsupported_function(e.what()));
        throw;
    }
    check_new_signature(args[0], f);
    f.kind = FunctionSymbol::Kind::Declared;
    f.func = tm_->declare_fun(name, {}, f.range);
    env_->add_function(name, std::move(f));
    if (!b.contested().empty()) env_->contest_function(name, b.contested());
    success();
    return true;
}

bool Interpreter::cmd_define_fun(uint32_t cmd, Args args) {
    arity(cmd, args, 4, 4, "(define-fun SYMBOL ((SYMBOL SORT)*) SORT TERM)");
    const std::string& name = symbol_arg(args[0], "a function symbol");
    enter_assert_mode();
    check_new_function_name(args[0]);
    if (!pool_->is_list(args[1])) fail(args[1], "expected a list of parameters, got " + describe(*pool_, args[1]));
    TermBuilder b(*env_, *pool_);
    b.allow_names(false);  // a named term would mention the parameters
    FunctionSymbol f;
    f.kind = FunctionSymbol::Kind::Defined;
    try {
        auto params = pool_->kids(args[1]);
        std::unordered_set<std::string_view> seen;
        for (size_t i = 0; i < params.size(); ++i) {
            uint32_t p = params[i];
            if (!pool_->is_list(p) || (*pool_)[p].count != 2 || !pool_->is_symbol(pool_->kids(p)[0]))
                fail(p, "expected a parameter (SYMBOL SORT), got " + describe(*pool_, p));
            uint32_t pname = pool_->kids(p)[0];
            const SNode& pn = (*pool_)[pname];
            if (!pn.quoted && is_reserved_word(pn.text))
                fail(pname, "reserved word '" + pn.text + "' cannot be a parameter");
            if (!seen.insert(pn.text).second) fail(pname, "parameter '" + pn.text + "' appears twice");
            smt::Sort s = b.sort(pool_->kids(p)[1]);
            // The parameter is a fresh constant; applications substitute the arguments for it.
            smt::Term placeholder = tm_->mk_const(tm_->fresh_fun("param", {}, s));
            f.domain.push_back(s);
            f.params.push_back(placeholder);
            b.bind(pn.text, placeholder);
        }
        f.range = b.sort(args[2]);
        f.body = b.term_of_sort(args[3], f.range);
    } catch (const Unsupported& e) {
        env_->add_function(name, unsupported_function(e.what()));
        throw;
    }
    env_->add_function(name, std::move(f));
    if (!b.contested().empty()) env_->contest_function(name, b.contested());
    success();
    return true;
}

// define-fun-rec, define-funs-rec, declare-datatype, declare-datatypes, declare-codatatypes:
// craig implements none of them. The command answers `unsupported`, and the symbols it would
// define (functions; datatype sorts, constructors, selectors and is-C testers) are registered
// as unsupported where the syntax is as expected (SMT-LIB 2.6, or the 2.5 form of
// declare-datatypes), so that an assertion using one is dropped as unsupported rather than
// failing on an unknown symbol. Names that are already bound are left alone.
bool Interpreter::cmd_unsupported_definitions(uint32_t cmd, Args args) {
    const std::string& command = (*pool_)[cmd].text;
    enter_assert_mode();
    std::vector<uint32_t> functions, sorts;
    auto kids = [&](uint32_t node) { return pool_->is_list(node) ? pool_->kids(node) : std::span<const uint32_t>(); };
    // One constructor declaration: C, or (C (selector SORT)*).
    auto constructor = [&](uint32_t c) {
        if (pool_->is_symbol(c)) {
            functions.push_back(c);
            return;
        }
        auto ks = kids(c);
        if (ks.empty() || !pool_->is_symbol(ks[0])) return;
        functions.push_back(ks[0]);
        for (uint32_t sel : ks.subspan(1))
            if (auto sk = kids(sel); !sk.empty() && pool_->is_symbol(sk[0])) functions.push_back(sk[0]);
    };
    // A datatype declaration: (C_decl+) or (par (T+) (C_decl+)).
    auto datatype = [&](uint32_t d) {
        auto ks = kids(d);
        if (ks.size() == 3 && pool_->is_word(ks[0], "par")) ks = kids(ks[2]);
        for (uint32_t c : ks) constructor(c);
    };
    if (command == "define-fun-rec") {
        if (!args.empty() && pool_->is_symbol(args[0])) functions.push_back(args[0]);
    } else if (command == "define-funs-rec") {
        if (!args.empty())
            for (uint32_t decl : kids(args[0]))
                if (auto ks = kids(decl); !ks.empty() && pool_->is_symbol(ks[0])) functions.push_back(ks[0]);
    } else if (command == "declare-datatype") {
        if (args.size() == 2 && pool_->is_symbol(args[0])) {
            sorts.push_back(args[0]);
            datatype(args[1]);
        }
    } else if (args.size() == 2) {  // declare-datatypes, declare-codatatypes
        auto decls = kids(args[0]);
        auto bodies = kids(args[1]);
        bool v26 = !decls.empty() && decls.size() == bodies.size() && pool_->is_list(decls[0]);
        if (v26) {
            // ((S n)+) ((C_decl+)+)
            for (uint32_t d : decls)
                if (auto ks = kids(d); !ks.empty() && pool_->is_symbol(ks[0])) sorts.push_back(ks[0]);
            for (uint32_t b : bodies) datatype(b);
        } else {
            // 2.5: (T*) ((S C_decl+)+)
            for (uint32_t b : bodies) {
                auto ks = kids(b);
                if (ks.empty() || !pool_->is_symbol(ks[0])) continue;
                sorts.push_back(ks[0]);
                for (uint32_t c : ks.subspan(1)) constructor(c);
            }
        }
    }
    const std::string why = "' is defined by " + command + ", which is not supported";
    auto reserved = [&](uint32_t node) { return !(*pool_)[node].quoted && is_reserved_word((*pool_)[node].text); };
    for (uint32_t s : sorts) {
        const std::string& name = (*pool_)[s].text;
        if (reserved(s)) continue;
        if (env_->find_sort(name) || builtin_sort(name)) {
            // The script means a sort craig does not define: uses of the name are in doubt.
            contest(
                s, true,
                "a failed " + command + " (" + where((*pool_)[s].loc, "sort '" + name + "' is already declared") + ")");
            continue;
        }
        SortSymbol u;
        u.kind = SortSymbol::Kind::Unsupported;
        u.reason = "sort '" + name + why;
        env_->add_sort(name, std::move(u));
    }
    auto add = [&](const std::string& name, Location loc) {
        if (is_theory_symbol(name, env_->arith_reserved) || env_->find_function(name)) {
            env_->contest_function(name, "'" + name + "', contested by a failed " + command + " (" +
                                             where(loc, "symbol '" + name + "' is already declared") + ")");
            return;
        }
        env_->add_function(name, unsupported_function("'" + name + why));
    };
    const bool datatypes = command != "define-fun-rec" && command != "define-funs-rec";
    for (uint32_t f : functions) {
        if (reserved(f)) continue;
        add((*pool_)[f].text, (*pool_)[f].loc);
        if (datatypes) add("is-" + (*pool_)[f].text, (*pool_)[f].loc);  // z3's and cvc5's testers
    }
    throw Unsupported((*pool_)[cmd].loc, "the command '" + command + "'");
}

}  // namespace craig::smtlib
