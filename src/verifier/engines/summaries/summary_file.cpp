#include "verifier/engines/summaries/summary_file.hpp"

#include <set>
#include <sstream>
#include <unordered_set>

#include "frontend/errors.hpp"
#include "frontend/printer.hpp"
#include "smt/terms/printer.hpp"
#include "smtlib/syntax/environment.hpp"
#include "smtlib/syntax/errors.hpp"
#include "smtlib/syntax/lexer.hpp"
#include "smtlib/syntax/sexpr.hpp"
#include "smtlib/syntax/term_builder.hpp"
#include "verifier/encoding/operator_refinement.hpp"
#include "verifier/witness/sha256.hpp"

namespace craig::verifier {

namespace {

constexpr const char* kSource = "craig summaries";

std::string symbol(const std::string& name) {
    std::ostringstream os;
    os << "|" << name << "|";
    return os.str();
}

std::string sort_name(const smt::TermManager& tm, smt::Sort s) { return smtlib::sort_to_string(tm.sorts(), s); }

// The interface of procedure p as (name, constant) pairs: params' cur, returns' next constants.
std::vector<std::pair<std::string, smt::Term>> interface_of(const Procedures& ps, ProcId p) {
    const Program& prog = *ps.plain;
    const smt::TermManager& tm = prog.terms();
    std::vector<std::pair<std::string, smt::Term>> out;
    for (VarId v : ps.procs[p].params) out.emplace_back(tm.func(tm.func_of(prog.vars[v].cur)).name, prog.vars[v].cur);
    for (VarId v : ps.procs[p].returns)
        out.emplace_back(tm.func(tm.func_of(prog.vars[v].next)).name, prog.vars[v].next);
    return out;
}

// The C operator symbols (c.mul, ...) applied in t.
void operators_in(const smt::TermManager& tm, smt::Term t, std::set<smt::FuncId>& out) {
    std::unordered_set<smt::Term, smt::TermHash> seen;
    std::vector<smt::Term> stack{t};
    while (!stack.empty()) {
        const smt::Term u = stack.back();
        stack.pop_back();
        if (!seen.insert(u).second) continue;
        if (tm.kind(u) == smt::Kind::App) out.insert(tm.func_of(u));
        for (smt::Term c : tm.children(u)) stack.push_back(c);
    }
}

class Reader {
public:
    Reader(const Procedures& ps, std::string name, std::string program, bool revision)
        : ps_(ps),
          tm_(ps.plain->terms()),
          env_(tm_),
          name_(std::move(name)),
          program_(std::move(program)),
          revision_(revision) {}

    SummaryFile read(const std::string& text) {
        std::istringstream in(text);
        smtlib::Lexer lexer(in);
        smtlib::Reader reader(lexer);
        try {
            while (auto root = reader.read_command(pool_)) {
                if (auto bad = pool_.first_invalid()) fail(*bad, pool_[*bad].error);
                command(*root);
            }
        } catch (const smtlib::ScriptError& e) {
            throw frontend::ParseError(where(e.location()), e.what());
        } catch (const smtlib::Unsupported& e) {
            throw frontend::ParseError(where(e.location()), e.what());
        }
        if (!source_seen_)
            throw frontend::ParseError(frontend::SourceLocation{name_, 1, 1},
                                       "not a craig summary file: expected (set-info :source |craig summaries|) first");
        return std::move(out_);
    }

private:
    frontend::SourceLocation where(smtlib::Location l) const { return {name_, l.line, l.col}; }

    [[noreturn]] void fail(std::uint32_t node, const std::string& message) const {
        throw frontend::ParseError(where(pool_[node].loc), message);
    }

    std::string text_of(std::uint32_t node) const {
        const smtlib::SNode& n = pool_[node];
        if (n.kind == smtlib::SKind::String || n.kind == smtlib::SKind::Symbol || n.kind == smtlib::SKind::Numeral)
            return n.text;
        fail(node, "expected a string, a symbol or a numeral, got " + smtlib::describe(pool_, node));
    }

    void command(std::uint32_t cmd) {
        const auto kids = pool_.kids(cmd);
        if (kids.empty() || !pool_.is_symbol(kids[0])) fail(cmd, "a command must start with a symbol");
        const std::string& name = pool_[kids[0]].text;
        if (!source_seen_ && name != "set-info")
            fail(kids[0], "not a craig summary file: expected (set-info :source |craig summaries|) first");
        if (name == "set-info") {
            if (kids.size() != 3) fail(cmd, "expected (set-info KEYWORD VALUE)");
            info(pool_[kids[1]].text, kids[2]);
        } else if (name == "set-logic") {
            if (kids.size() != 2 || !(pool_.is_word(kids[1], "QF_LIA") || pool_.is_word(kids[1], "QF_UFLIA")))
                fail(cmd, "expected (set-logic QF_LIA) or (set-logic QF_UFLIA)");
        } else if (name == "declare-fun") {
            declare(cmd);
        } else if (name == "define-fun") {
            define(cmd);
        } else {
            fail(kids[0],
                 "unexpected command " + name + " in a summary file (set-info, set-logic, declare-fun, define-fun)");
        }
    }

    void info(const std::string& key, std::uint32_t value) {
        if (key == ":craig-function-hash") {
            const auto kv = pool_.kids(value);
            if (!pool_.is_list(value) || kv.size() != 2 || !pool_.is_symbol(kv[0]) ||
                pool_[kv[1]].kind != smtlib::SKind::String)
                fail(value, "expected (FUNCTION \"HASH\")");
            out_.function_hashes[pool_[kv[0]].text] = pool_[kv[1]].text;
            return;
        }
        const std::string v = text_of(value);
        if (key == ":source") {
            if (v != kSource)
                fail(value, "not a craig summary file: :source is '" + v + "', expected '" + kSource + "'");
            source_seen_ = true;
        } else if (key == ":craig-version") {
            out_.version = v;
        } else if (key == ":craig-program") {
            out_.program = v;
        } else if (key == ":craig-program-hash") {
            out_.program_hash = v;
            if (!program_.empty() && v != program_)
                fail(value, std::string(revision_ ? "summaries not made from the old version"
                                                  : "summaries of another program") +
                                " (made from '" + out_.program + "', a program with another text)");
        } else if (key == ":craig-unwinding") {
            if (pool_[value].kind != smtlib::SKind::Numeral || v.size() > 9 || std::stoul(v) == 0)
                fail(value, "expected the unwinding as a positive numeral");
            out_.unwinding = static_cast<unsigned>(std::stoul(v));
        } else if (key == ":craig-interpolation") {
            out_.interpolation = v;
        }
    }

    // A C operator: an existing symbol of the term manager with that name and signature, or a
    // new one (its meaning is its name: operator_refinement.hpp).
    void declare(std::uint32_t cmd) {
        const auto kids = pool_.kids(cmd);
        if (kids.size() != 4 || !pool_.is_symbol(kids[1]) || !pool_.is_list(kids[2]))
            fail(cmd, "expected (declare-fun SYMBOL (SORT*) SORT)");
        const std::string& name = pool_[kids[1]].text;
        smtlib::TermBuilder b(env_, pool_);
        std::vector<smt::Sort> domain;
        for (std::uint32_t s : pool_.kids(kids[2])) domain.push_back(b.sort(s));
        const smt::Sort range = b.sort(kids[3]);
        if (name.rfind("c.", 0) != 0 || domain.size() != 2 || !apply_operator(name.substr(2), 1, 1))
            fail(kids[1], "unknown function " + name +
                              ": a summary file declares only craig's C operators (c.mul, "
                              "c.div, c.rem, c.shl, c.shr, c.bvand, c.bvor, c.bvxor) over Int");
        if (env_.find_function(name)) fail(kids[1], "symbol " + name + " is declared twice");
        smt::FuncId f = UINT32_MAX;
        for (smt::FuncId i = 0; i < tm_.num_funcs() && f == UINT32_MAX; ++i) {
            const smt::FuncDecl& d = tm_.func(i);
            if (d.name == name && d.domain == domain && d.range == range) f = i;
        }
        if (f == UINT32_MAX) f = tm_.declare_fun(name, domain, range);
        smtlib::FunctionSymbol sym;
        sym.func = f;
        sym.domain = domain;
        sym.range = range;
        env_.add_function(name, std::move(sym));
    }

    void define(std::uint32_t cmd) {
        const auto kids = pool_.kids(cmd);
        if (kids.size() != 5 || !pool_.is_symbol(kids[1]) || !pool_.is_list(kids[2]))
            fail(cmd, "expected (define-fun FUNCTION ((NAME SORT)*) Bool BODY)");
        const std::string& function = pool_[kids[1]].text;
        const std::optional<ProcId> p = entry_procedure(ps_, function);
        if (!program_.empty() && out_.program_hash.empty())
            fail(cmd, "expected (set-info :craig-program-hash HASH) before the summaries");
        if (!p || *p == 0) {
            if (revision_) {
                out_.dropped.push_back(function);
                return;
            }
            fail(kids[1], "no function " + function + " (other than main) in the program");
        }
        for (const StoredSummary& s : out_.summaries)
            if (s.function == function) fail(kids[1], "a second summary of " + function);
        const auto expected = interface_of(ps_, *p);
        std::string want;
        for (const auto& [n, c] : expected) want += " (" + symbol(n) + " " + sort_name(tm_, tm_.sort(c)) + ")";
        const auto params = pool_.kids(kids[2]);
        smtlib::TermBuilder b(env_, pool_);
        bool ok = params.size() == expected.size();
        for (std::size_t i = 0; ok && i < params.size(); ++i) {
            const auto pk = pool_.kids(params[i]);
            ok = pool_.is_list(params[i]) && pk.size() == 2 && pool_.is_symbol(pk[0]) &&
                 pool_[pk[0]].text == expected[i].first && b.sort(pk[1]) == tm_.sort(expected[i].second);
        }
        if (!ok && revision_) {
            out_.dropped.push_back(function);
            return;
        }
        if (!ok)
            fail(kids[2], "the interface of " + function + " in this program is (" + want.substr(want.empty() ? 0 : 1) +
                              "), not " + pool_.to_string(kids[2]));
        if (b.sort(kids[3]) != smt::SortTable::Bool) fail(kids[3], "expected Bool");
        for (const auto& [n, c] : expected) b.bind(n, c);
        const smt::Term body = b.term_of_sort(kids[4], smt::SortTable::Bool);
        out_.summaries.push_back(StoredSummary{function, body, where(pool_[cmd].loc)});
    }

    const Procedures& ps_;
    smt::TermManager& tm_;
    smtlib::Environment env_;
    smtlib::SExprPool pool_;
    std::string name_;
    std::string program_;
    bool revision_ = false;
    SummaryFile out_;
    bool source_seen_ = false;
};

}  // namespace

std::string program_hash(const frontend::TranslationUnit& tu) { return sha256_hex(frontend::print(tu)); }

std::map<std::string, std::string> function_hashes(const frontend::TranslationUnit& tu) {
    std::map<std::string, std::string> out;
    for (const auto& f : tu.functions)
        if (f->is_defined) out[f->name] = sha256_hex(frontend::print(*f));
    return out;
}

std::optional<ProcId> entry_procedure(const Procedures& ps, const std::string& name) {
    const Program& p = *ps.plain;
    for (std::size_t f = 0; f < p.functions.size(); ++f)
        if (p.functions[f].name == name) return ps.of_function[f];
    return std::nullopt;
}

std::string write_summary_file(const Procedures& ps, const SummaryFile& file) {
    const smt::TermManager& tm = ps.plain->terms();
    std::set<smt::FuncId> ops;
    for (const StoredSummary& s : file.summaries) operators_in(tm, s.formula, ops);
    std::ostringstream out;
    out << "; craig function summaries: one define-fun per C function over its interface (params, then\n"
           "; returns primed), true of every execution within the unwinding\n";
    out << "(set-info :source |" << kSource << "|)\n";
    out << "(set-info :craig-version " << smtlib::quote_string(file.version) << ")\n";
    out << "(set-info :craig-program " << smtlib::quote_string(file.program) << ")\n";
    out << "(set-info :craig-program-hash " << smtlib::quote_string(file.program_hash) << ")\n";
    for (const auto& [f, h] : file.function_hashes)
        out << "(set-info :craig-function-hash (" << symbol(f) << " " << smtlib::quote_string(h) << "))\n";
    out << "(set-info :craig-unwinding " << file.unwinding << ")\n";
    out << "(set-info :craig-interpolation " << smtlib::quote_string(file.interpolation) << ")\n";
    out << "(set-logic " << (ops.empty() ? "QF_LIA" : "QF_UFLIA") << ")\n";
    for (smt::FuncId f : ops) {
        const smt::FuncDecl& d = tm.func(f);
        out << "(declare-fun " << symbol(d.name) << " (";
        for (std::size_t i = 0; i < d.domain.size(); ++i) out << (i ? " " : "") << sort_name(tm, d.domain[i]);
        out << ") " << sort_name(tm, d.range) << ")\n";
    }
    for (const StoredSummary& s : file.summaries) {
        const std::optional<ProcId> p = entry_procedure(ps, s.function);
        if (!p) continue;
        out << "(define-fun " << symbol(s.function) << " (";
        bool first = true;
        for (const auto& [n, c] : interface_of(ps, *p)) {
            out << (first ? "" : " ") << "(" << symbol(n) << " " << sort_name(tm, tm.sort(c)) << ")";
            first = false;
        }
        out << ") Bool\n  ";
        smt::print_term(out, tm, s.formula);
        out << ")\n";
    }
    return out.str();
}

SummaryFile read_summary_file(const Procedures& ps, const std::string& text, const std::string& name,
                              const std::string& program, bool revision) {
    return Reader(ps, name, program, revision).read(text);
}

}  // namespace craig::verifier
