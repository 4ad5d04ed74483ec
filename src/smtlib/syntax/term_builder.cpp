#include "smtlib/syntax/term_builder.hpp"

#include <algorithm>
#include <array>
#include <sstream>
#include <unordered_set>

#include "smtlib/syntax/errors.hpp"
#include "smtlib/syntax/theory_symbols.hpp"

namespace craig::smtlib {

using smt::Sort;
using smt::SortTable;
using smt::Term;

namespace {

// Limits that keep hostile input from exhausting the stack or the memory.
constexpr unsigned kMaxSortDepth = 256;
constexpr uint32_t kMaxSortSize = 1024;

}  // namespace

void TermBuilder::fail(uint32_t node, const std::string& message) const { throw ScriptError(pool_[node].loc, message); }

void TermBuilder::unsupported(uint32_t node, const std::string& message) const {
    throw Unsupported(pool_[node].loc, message);
}

std::string sort_to_string(const smt::SortTable& st, Sort s) {
    // SortTable::to_string does not quote names; messages should show |W w| as written.
    if (st.is_bv(s)) return st.to_string(s);
    std::string r = symbol_to_string(st.name(s));
    if (st.params(s).empty()) return r;
    r.insert(r.begin(), '(');
    for (Sort p : st.params(s)) {
        r += ' ';
        r += sort_to_string(st, p);
        if (r.size() > 200) break;  // enough for a message
    }
    return r + ")";
}

std::string TermBuilder::sort_name(Sort s) const {
    std::string n = sort_to_string(env_.terms().sorts(), s);
    return n.size() > 60 ? n.substr(0, 57) + "..." : n;
}

// ---------------------------------------------------------------- sorts

Sort TermBuilder::sort(uint32_t node) { return sort_rec(node, 0); }

Sort TermBuilder::sort_rec(uint32_t node, unsigned depth) {
    if (depth > kMaxSortDepth) fail(node, "sort is nested too deeply");
    const SNode& n = pool_[node];
    SortTable& st = env_.terms().sorts();
    uint32_t head = node;
    std::span<const uint32_t> args;
    if (n.kind == SKind::List) {
        auto ks = pool_.kids(node);
        if (ks.empty()) fail(node, "expected a sort, got '()'");
        head = ks[0];
        args = ks.subspan(1);
        if (pool_.is_word(head, "_")) {
            if (env_.bit_vectors && args.size() == 2 && pool_.is_word(args[0], "BitVec"))
                return bv_sort(node, args.subspan(1));
            unsupported(node, "indexed sorts such as (_ BitVec n) are not supported");
        }
        if (!pool_.is_symbol(head)) fail(head, "expected a sort symbol, got " + describe(pool_, head));
        if (args.empty()) fail(node, "expected a sort, got a list without parameters");
    } else if (n.kind != SKind::Symbol) {
        fail(node, "expected a sort, got " + describe(pool_, node));
    }
    const std::string& name = pool_[head].text;
    Sort result;
    if (!sort_vars_.count(name)) note_sort(name);
    if (auto v = sort_vars_.find(name); v != sort_vars_.end()) {
        if (!args.empty()) fail(head, "sort parameter '" + name + "' has no parameters");
        result = v->second;
    } else if (const SortSymbol* s = env_.find_sort(name)) {
        if (s->kind == SortSymbol::Kind::Unsupported) unsupported(head, s->reason);
        size_t want = s->kind == SortSymbol::Kind::Declared ? s->arity : s->params.size();
        if (args.size() != want)
            fail(head,
                 "sort '" + name + "' expects " + plural(want, "parameter") + ", got " + std::to_string(args.size()));
        std::vector<Sort> ps;
        for (uint32_t a : args) ps.push_back(sort_rec(a, depth + 1));
        result = s->kind == SortSymbol::Kind::Declared ? st.uninterpreted(name, ps)
                                                       : env_.instantiate(s->body, s->params, ps);
    } else if (name == "Bool" || name == "Int" || name == "Real") {
        if (!args.empty()) fail(head, "sort '" + name + "' has no parameters");
        result = name == "Bool" ? SortTable::Bool : name == "Int" ? SortTable::Int : SortTable::Real;
    } else if (const char* why = unsupported_sort_reason(name)) {
        unsupported(head, why);
    } else {
        fail(head, "unknown sort '" + name + "'");
    }
    if (env_.sort_size(result) > kMaxSortSize) fail(node, "sort is too large");
    return result;
}

// ---------------------------------------------------------------- sort checks

void TermBuilder::expect_bool(const Item& i) const {
    if (sort_of(i) != SortTable::Bool) fail(i.node, "expected a term of sort Bool, got " + sort_name(sort_of(i)));
}

void TermBuilder::expect_arith(const Item& i) const {
    if (!env_.terms().sorts().is_arith(sort_of(i)))
        fail(i.node, "expected a term of sort Int or Real, got " + sort_name(sort_of(i)));
}

void TermBuilder::expect_int(const Item& i) const {
    if (sort_of(i) != SortTable::Int) fail(i.node, "expected a term of sort Int, got " + sort_name(sort_of(i)));
}

Term TermBuilder::coerce(const Item& i, Sort target) const {
    Sort s = sort_of(i);
    if (s == target) return i.t;
    if (s == SortTable::Int && target == SortTable::Real) return env_.terms().mk_to_real(i.t);
    fail(i.node, "expected a term of sort " + sort_name(target) + ", got " + sort_name(s));
}

// The sort all of `args` must share (= distinct ite): Real if they mix Int and Real.
Sort TermBuilder::common_sort(std::span<const Item> args) const {
    Sort s = sort_of(args[0]);
    for (const Item& a : args) {
        Sort t = sort_of(a);
        if (t == s) continue;
        const SortTable& st = env_.terms().sorts();
        if (st.is_arith(s) && st.is_arith(t)) {
            s = SortTable::Real;
            continue;
        }
        fail(a.node, "expected a term of sort " + sort_name(s) + ", got " + sort_name(t));
    }
    return s;
}

Sort TermBuilder::arith_sort(std::span<const Item> args) const {
    Sort s = SortTable::Int;
    for (const Item& a : args) {
        expect_arith(a);
        if (sort_of(a) == SortTable::Real) s = SortTable::Real;
    }
    return s;
}

// ---------------------------------------------------------------- terms

void TermBuilder::note_function(const std::string& name) {
    if (!contested_.empty()) return;
    if (const std::string* why = env_.function_contested(name)) contested_ = *why;
}

void TermBuilder::note_sort(const std::string& name) {
    if (!contested_.empty()) return;
    if (const std::string* why = env_.sort_contested(name)) contested_ = *why;
}

const Term* TermBuilder::lookup_var(const std::string& name) const {
    auto it = vars_.find(name);
    return it == vars_.end() || it->second.empty() ? nullptr : &it->second.back();
}

void TermBuilder::bind(const std::string& name, Term value) {
    vars_[name].push_back(value);
    var_trail_.push_back(name);
}

Term TermBuilder::term_of_sort(uint32_t node, Sort expected) {
    Term t = term(node);
    return coerce(Item{t, node}, expected);
}

Term TermBuilder::term(uint32_t root) {
    results_.clear();
    std::vector<Task> tasks{{Step::Visit, root}};
    while (!tasks.empty()) {
        Task task = tasks.back();
        tasks.pop_back();
        switch (task.step) {
            case Step::Visit: visit(task.node, tasks); break;
            case Step::Apply: {
                Term r = apply(task);
                results_.resize(task.base);
                results_.push_back({r, task.node});
                break;
            }
            case Step::Bind: {
                // All values were built in the outer scope (let is parallel); now bind them.
                auto bindings = pool_.kids(pool_.kids(task.node)[1]);
                for (size_t i = 0; i < bindings.size(); ++i)
                    bind(pool_[pool_.kids(bindings[i])[0]].text, results_[task.base + i].t);
                results_.resize(task.base);
                tasks.push_back({Step::Unbind, task.node});
                tasks.push_back({Step::Visit, pool_.kids(task.node)[2]});
                break;
            }
            case Step::Unbind: {
                size_t n = pool_[pool_.kids(task.node)[1]].count;
                for (size_t i = 0; i < n; ++i) {
                    vars_[var_trail_.back()].pop_back();
                    var_trail_.pop_back();
                }
                results_.back().node = task.node;
                break;
            }
            case Step::Annotate: {
                auto ks = pool_.kids(task.node);
                for (size_t i = 2; i < ks.size(); ++i)
                    if (pool_[ks[i]].text == ":named" && pool_[ks[i]].kind == SKind::Keyword) {
                        // (! (! t :named n) :named n): the inner one was defined after the outer check
                        const std::string& name = pool_[ks[i + 1]].text;
                        if (pending_.count(name)) fail(ks[i + 1], "symbol '" + name + "' is already declared");
                        names_.push_back({name, results_.back().t, pool_[ks[i + 1]].loc});
                        pending_.emplace(name, names_.back().term);
                    }
                results_.back().node = task.node;
                break;
            }
            case Step::CheckAs: {
                Sort s = sort(pool_.kids(task.node)[2]);
                Item& top = results_.back();
                top.t = coerce(top, s);
                top.node = task.node;
                break;
            }
        }
    }
    return results_.back().t;
}

void TermBuilder::visit(uint32_t node, std::vector<Task>& tasks) {
    if (pool_.is_list(node))
        visit_list(node, tasks);
    else
        results_.push_back({atom(node), node});
}

Term TermBuilder::atom(uint32_t node) {
    const SNode& n = pool_[node];
    smt::TermManager& tm = env_.terms();
    switch (n.kind) {
        case SKind::Numeral:
            return tm.mk_numeral(mpq_class(mpz_class(n.text, 10)),
                                 env_.real_numerals ? SortTable::Real : SortTable::Int);
        case SKind::Decimal: {
            size_t dot = n.text.find('.');
            std::string digits = n.text.substr(0, dot) + n.text.substr(dot + 1);
            mpz_class den;
            mpz_ui_pow_ui(den.get_mpz_t(), 10, n.text.size() - dot - 1);
            return tm.mk_numeral(mpq_class(mpz_class(digits, 10), den), SortTable::Real);
        }
        case SKind::Hexadecimal:
        case SKind::Binary:
            if (env_.bit_vectors) return bv_literal(node);
            unsupported(node, "bit-vector literals are not supported");
        case SKind::String: unsupported(node, "string literals are not supported");
        case SKind::Keyword: fail(node, "expected a term, got " + describe(pool_, node));
        case SKind::Invalid: fail(node, n.error);
        case SKind::Symbol: return symbol_term(node);
        case SKind::List: break;
    }
    fail(node, "expected a term");
}

Term TermBuilder::symbol_term(uint32_t node) {
    const SNode& n = pool_[node];
    const std::string& name = n.text;
    if (!n.quoted && is_reserved_word(name)) fail(node, "unexpected reserved word '" + name + "'");
    if (const Term* v = lookup_var(name)) return *v;
    note_function(name);
    if (auto p = pending_.find(name); p != pending_.end()) return p->second;
    if (env_.overloads(name).size() > 1) return env_.terms().mk_const(pick_overload(node, name, nullptr, {}).func);
    if (const FunctionSymbol* f = env_.find_function(name)) {
        switch (f->kind) {
            case FunctionSymbol::Kind::Unsupported: unsupported(node, f->reason);
            case FunctionSymbol::Kind::Declared:
                if (f->domain.empty()) return env_.terms().mk_const(f->func);
                break;
            case FunctionSymbol::Kind::Defined:
                if (f->params.empty()) return f->body;
                break;
        }
        size_t n_args = f->kind == FunctionSymbol::Kind::Declared ? f->domain.size() : f->params.size();
        fail(node, "'" + name + "' expects " + plural(n_args, "argument"));
    }
    if (name == "true") return env_.terms().mk_true();
    if (name == "false") return env_.terms().mk_false();
    if (theory_op(name) != Op::None) fail(node, "'" + name + "' expects arguments");
    if (name.size() > 1 && name[0] == '-') {
        // -2 or -2.5: OpenSMT's negative numerals (see the header)
        std::istringstream digits(name.substr(1));
        Lexer lx(digits);
        Token t = lx.next();
        if ((t.kind == TokenKind::Numeral || t.kind == TokenKind::Decimal) && lx.next().kind == TokenKind::End) {
            SExprPool one;
            uint32_t id = one.add_atom(t);
            return env_.terms().mk_neg(TermBuilder(env_, one).atom(id));
        }
    }
    if (const char* why = unsupported_function_reason(name)) unsupported(node, why);
    fail(node, "unknown symbol '" + name + "'");
}

const FunctionSymbol& TermBuilder::pick_overload(uint32_t node, const std::string& name,
                                                const std::vector<Sort>* args, std::optional<Sort> range) const {
    const FunctionSymbol* found = nullptr;
    std::string candidates;
    size_t fitting = 0;
    for (const FunctionSymbol& f : env_.overloads(name)) {
        if (f.kind != FunctionSymbol::Kind::Declared) continue;
        candidates += candidates.empty() ? "" : ", ";
        candidates += "(";
        for (size_t i = 0; i < f.domain.size(); ++i) candidates += (i ? " " : "") + sort_name(f.domain[i]);
        candidates += ") " + sort_name(f.range);
        const bool domain = args ? f.domain == *args : f.domain.empty();
        if (domain && (!range || f.range == *range)) {
            found = &f;
            ++fitting;
        }
    }
    if (fitting == 1) return *found;
    const std::string what = fitting == 0 ? "no declaration of '" + name + "' fits here"
                                          : "'" + name + "' is ambiguous here; qualify it with (as " + name + " SORT)";
    fail(node, what + " (declared: " + candidates + ")");
}

TermBuilder::Head TermBuilder::resolve_head(uint32_t symbol) {
    const SNode& n = pool_[symbol];
    const std::string& name = n.text;
    Head h{symbol};
    if (!n.quoted && is_reserved_word(name)) fail(symbol, "unexpected reserved word '" + name + "'");
    if (lookup_var(name)) fail(symbol, "'" + name + "' is a variable, not a function");
    note_function(name);
    if (pending_.count(name)) fail(symbol, "'" + name + "' is a constant, not a function");
    if (const FunctionSymbol* f = env_.find_function(name)) {
        if (f->kind == FunctionSymbol::Kind::Unsupported) unsupported(symbol, f->reason);
        size_t arity = f->kind == FunctionSymbol::Kind::Declared ? f->domain.size() : f->params.size();
        if (arity == 0) fail(symbol, "'" + name + "' is a constant, not a function");
        h.fn = f;
        return h;
    }
    h.op = theory_op(name);
    if (h.op != Op::None) return h;
    if (env_.bit_vectors && is_bv_op(name)) {
        h.op = Op::Bv;
        return h;
    }
    if (name == "true" || name == "false") fail(symbol, "'" + name + "' is a constant, not a function");
    if (const char* why = unsupported_function_reason(name)) unsupported(symbol, why);
    fail(symbol, "unknown function symbol '" + name + "'");
}

void TermBuilder::visit_list(uint32_t node, std::vector<Task>& tasks) {
    auto ks = pool_.kids(node);
    if (ks.empty()) fail(node, "expected a term, got '()'");
    uint32_t h = ks[0];
    if (pool_.is_symbol(h) && !pool_[h].quoted) {
        const std::string& w = pool_[h].text;
        if (w == "let") return visit_let(node, tasks);
        if (w == "!") return visit_annotation(node, tasks);
        if (w == "as") {
            if (ks.size() != 3 || !pool_.is_symbol(ks[1])) fail(node, "expected (as SYMBOL SORT)");
            const Sort s = sort(ks[2]);  // check the sort before the symbol: an unsupported sort wins
            const std::string& name = pool_[ks[1]].text;
            if (!lookup_var(name) && !pending_.count(name) && env_.overloads(name).size() > 1) {
                note_function(name);
                const FunctionSymbol& f = pick_overload(ks[1], name, nullptr, s);
                return results_.push_back({env_.terms().mk_const(f.func), node});
            }
            tasks.push_back({Step::CheckAs, node});
            tasks.push_back({Step::Visit, ks[1]});
            return;
        }
        if (w == "_") {
            if (env_.bit_vectors) return results_.push_back({bv_indexed_constant(node), node});
            unsupported(node, "indexed identifiers such as (_ bv0 8) are not supported");
        }
        if (w == "forall" || w == "exists") unsupported(node, "quantifiers are not supported");
        if (w == "match") unsupported(node, "match (datatypes) is not supported");
    }
    uint32_t symbol = h;
    if (pool_.is_list(h)) {
        // ((as f S) args...) or ((_ f i...) args...)
        auto hk = pool_.kids(h);
        if (!hk.empty() && pool_.is_word(hk[0], "_")) {
            if (!env_.bit_vectors) unsupported(h, "indexed function symbols such as (_ extract i j) are not supported");
            if (hk.size() < 2 || !pool_.is_symbol(hk[1])) fail(h, "expected an indexed function symbol");
            if (ks.size() == 1) fail(node, "'" + pool_[hk[1]].text + "' applied to no arguments");
            tasks.push_back({Step::Apply, node, static_cast<uint32_t>(results_.size()), nullptr, Op::Indexed});
            for (size_t i = ks.size(); i-- > 1;) tasks.push_back({Step::Visit, ks[i]});
            return;
        }
        if (hk.size() != 3 || !pool_.is_word(hk[0], "as") || !pool_.is_symbol(hk[1]))
            fail(h, "expected a function symbol, got a list");
        sort(hk[2]);
        symbol = hk[1];
    } else if (!pool_.is_symbol(h)) {
        fail(h, "expected a function symbol, got " + describe(pool_, h));
    }
    Head head = resolve_head(symbol);
    if (ks.size() == 1) fail(node, "'" + pool_[symbol].text + "' applied to no arguments");
    tasks.push_back({Step::Apply, node, static_cast<uint32_t>(results_.size()), head.fn, head.op});
    for (size_t i = ks.size(); i-- > 1;) tasks.push_back({Step::Visit, ks[i]});
}

void TermBuilder::visit_let(uint32_t node, std::vector<Task>& tasks) {
    auto ks = pool_.kids(node);
    if (ks.size() != 3) fail(node, "expected (let ((SYMBOL TERM)+) TERM)");
    if (!pool_.is_list(ks[1]) || pool_[ks[1]].count == 0)
        fail(ks[1], "expected a non-empty list of bindings, got " + describe(pool_, ks[1]));
    auto bindings = pool_.kids(ks[1]);
    std::unordered_set<std::string_view> seen;
    for (uint32_t b : bindings) {
        if (!pool_.is_list(b) || pool_[b].count != 2 || !pool_.is_symbol(pool_.kids(b)[0]))
            fail(b, "expected a binding (SYMBOL TERM), got " + describe(pool_, b));
        const SNode& name = pool_[pool_.kids(b)[0]];
        if (!name.quoted && is_reserved_word(name.text))
            fail(pool_.kids(b)[0], "reserved word '" + name.text + "' cannot be bound");
        if (!seen.insert(name.text).second)
            fail(pool_.kids(b)[0], "symbol '" + name.text + "' is bound twice in one let");
    }
    tasks.push_back({Step::Bind, node, static_cast<uint32_t>(results_.size())});
    for (size_t i = bindings.size(); i-- > 0;) tasks.push_back({Step::Visit, pool_.kids(bindings[i])[1]});
}

void TermBuilder::visit_annotation(uint32_t node, std::vector<Task>& tasks) {
    auto ks = pool_.kids(node);
    if (ks.size() < 3) fail(node, "expected (! TERM ATTRIBUTE+)");
    for (size_t i = 2; i < ks.size(); ++i) {
        if (pool_[ks[i]].kind != SKind::Keyword)
            fail(ks[i], "expected an attribute keyword, got " + describe(pool_, ks[i]));
        bool has_value = i + 1 < ks.size() && pool_[ks[i + 1]].kind != SKind::Keyword;
        if (pool_[ks[i]].text == ":named") {
            if (!has_value || !pool_.is_symbol(ks[i + 1])) fail(ks[i], "expected a symbol after :named");
            if (!allow_names_) fail(ks[i], ":named is not allowed here");
            const SNode& name = pool_[ks[i + 1]];
            if ((!name.quoted && is_reserved_word(name.text)) || is_theory_symbol(name.text, env_.arith_reserved) ||
                env_.find_function(name.text))
                fail(ks[i + 1], "symbol '" + name.text + "' is already declared");
            if (pending_.count(name.text)) fail(ks[i + 1], "symbol '" + name.text + "' is already declared");
        }
        if (has_value) ++i;
    }
    tasks.push_back({Step::Annotate, node});
    tasks.push_back({Step::Visit, ks[1]});
}

Term TermBuilder::apply(const Task& task) {
    auto ks = pool_.kids(task.node);
    uint32_t head = ks[0];
    std::optional<uint32_t> as_sort;
    if (task.op == Op::Indexed) {
        std::span<const Item> args(results_.data() + task.base, results_.size() - task.base);
        return apply_indexed(head, args);
    }
    if (pool_.is_list(head)) {
        as_sort = pool_.kids(head)[2];
        head = pool_.kids(head)[1];
    }
    std::span<const Item> args(results_.data() + task.base, results_.size() - task.base);
    const FunctionSymbol* fn = task.fn;
    if (fn && env_.overloads(pool_[head].text).size() > 1) {
        std::vector<Sort> sorts;
        for (const Item& a : args) sorts.push_back(sort_of(a));
        std::optional<Sort> range;
        if (as_sort) range = sort(*as_sort);
        fn = &pick_overload(head, pool_[head].text, &sorts, range);
    }
    Term r = fn ? apply_user(*fn, head, args) : apply_theory(task.op, head, args);
    if (as_sort) r = coerce(Item{r, task.node}, sort(*as_sort));
    return r;
}

Term TermBuilder::apply_user(const FunctionSymbol& f, uint32_t head, std::span<const Item> args) {
    smt::TermManager& tm = env_.terms();
    const std::string& name = pool_[head].text;
    if (args.size() != f.domain.size())
        fail(head,
             "'" + name + "' expects " + plural(f.domain.size(), "argument") + ", got " + std::to_string(args.size()));
    std::vector<Term> xs;
    xs.reserve(args.size());
    for (size_t i = 0; i < args.size(); ++i) xs.push_back(coerce(args[i], f.domain[i]));
    if (f.kind == FunctionSymbol::Kind::Declared) {
        // Functions over bit-vectors go through Ackermann's reduction (smt/ackermann.hpp), which
        // needs every sort of the signature to be a bit-vector or Bool sort.
        const Sort range = tm.func(f.func).range;
        bool bv = tm.sorts().is_bv(range), other = !bv && range != smt::SortTable::Bool;
        for (Sort s : f.domain) {
            bv = bv || tm.sorts().is_bv(s);
            other = other || (!tm.sorts().is_bv(s) && s != smt::SortTable::Bool);
        }
        if (bv && other)
            unsupported(head, "functions that mix bit-vector sorts with sorts other than Bool are not supported");
        return tm.mk_app(f.func, xs);
    }
    std::unordered_map<Term, Term, smt::TermHash> subst;
    for (size_t i = 0; i < xs.size(); ++i) subst.emplace(f.params[i], xs[i]);
    return tm.substitute(f.body, subst);
}

}  // namespace craig::smtlib
