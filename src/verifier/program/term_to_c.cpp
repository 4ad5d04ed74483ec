#include "verifier/program/term_to_c.hpp"

#include <string_view>
#include <unordered_map>

#include "smt/terms/printer.hpp"

namespace craig::verifier {

namespace {

class CPrinter {
public:
    // Without a scope: the C name where no other variable has it. With the function
    // instance of a location ("main", "f#2"): the C name for the globals and that instance's
    // variables where no other of them has it (C's view at that location).
    CPrinter(const Program& p, const std::string* scope) : tm_(p.terms()) {
        auto in_scope = [&](VarId v) {
            const VarProvenance& o = p.var_origin(v);
            if (o.c_name.empty() || o.is_temp) return false;
            return !scope || o.is_global || p.vars[v].name.compare(0, scope->size() + 2, *scope + "::") == 0;
        };
        std::unordered_map<std::string, unsigned> uses;
        for (VarId v = 0; v < p.vars.size(); ++v)
            if (!scope || in_scope(v)) ++uses[p.var_origin(v).c_name + p.var_origin(v).c_path];
        for (VarId v = 0; v < p.vars.size(); ++v) {
            const std::string c = p.var_origin(v).c_name + p.var_origin(v).c_path;
            names_[p.vars[v].cur] = (!scope || in_scope(v)) && uses[c] == 1 ? c : p.vars[v].name;
        }
    }

    std::string print(smt::Term t) {
        using smt::Kind;
        switch (tm_.kind(t)) {
            case Kind::True: return "1";
            case Kind::False: return "0";
            case Kind::Not: return negation(tm_.child(t, 0));
            case Kind::And: return join(t, " && ");
            case Kind::Or: return join(t, " || ");
            case Kind::Xor: return binary(t, " != ");
            case Kind::Implies: return "!" + paren(tm_.child(t, 0)) + " || " + paren(tm_.child(t, 1));
            case Kind::Ite:
                return paren(tm_.child(t, 0)) + " ? " + paren(tm_.child(t, 1)) + " : " + paren(tm_.child(t, 2));
            case Kind::Eq: return binary(t, " == ");
            case Kind::Distinct: {
                std::string r;
                auto c = tm_.children(t);
                for (std::size_t i = 0; i < c.size(); ++i)
                    for (std::size_t j = i + 1; j < c.size(); ++j)
                        r += (r.empty() ? "" : " && ") + paren(c[i]) + " != " + paren(c[j]);
                return r;
            }
            case Kind::Const: {
                auto it = names_.find(t);
                if (it != names_.end()) return it->second;
                return fallback(t);
            }
            case Kind::App: return application(t);
            case Kind::Numeral: return number(tm_.numeral(t));
            case Kind::Linear: return linear(t);
            case Kind::Leq: return print(tm_.child(t, 0)) + " <= " + print(tm_.child(t, 1));
            case Kind::Lt: return print(tm_.child(t, 0)) + " < " + print(tm_.child(t, 1));
            default: return fallback(t);
        }
    }

private:
    static std::string number(const mpq_class& q) {
        return q.get_den() == 1 ? q.get_num().get_str()
                                : "(" + q.get_num().get_str() + ".0 / " + q.get_den().get_str() + ")";
    }

    // Atoms and constants need no parentheses.
    bool is_simple(smt::Term t) const {
        const smt::Kind k = tm_.kind(t);
        return k == smt::Kind::Const || k == smt::Kind::True || k == smt::Kind::False ||
               (k == smt::Kind::Numeral && tm_.numeral(t) >= 0) || (k == smt::Kind::App && !op(t).empty());
    }
    std::string paren(smt::Term t) { return is_simple(t) ? print(t) : "(" + print(t) + ")"; }

    std::string join(smt::Term t, const char* sep) {
        std::string r;
        for (smt::Term c : tm_.children(t)) r += (r.empty() ? "" : sep) + paren(c);
        return r;
    }
    std::string binary(smt::Term t, const char* sep) { return paren(tm_.child(t, 0)) + sep + paren(tm_.child(t, 1)); }

    std::string linear(smt::Term t) {
        std::string r;
        for (std::size_t i = 0; i < tm_.num_children(t); ++i) {
            const mpq_class& c = tm_.coeff(t, i);
            const std::string atom = paren(tm_.child(t, i));
            const mpq_class a = abs(c);
            std::string m = a == 1 ? atom : number(a) + "*" + atom;
            if (r.empty())
                r = c < 0 ? "-" + m : m;
            else
                r += (c < 0 ? " - " : " + ") + m;
        }
        const mpq_class& k = tm_.constant(t);
        if (k != 0) r += (k < 0 ? " - " : " + ") + number(abs(k));
        return r;
    }

    // The C operator of an application of the lowering's uninterpreted functions.
    std::string_view op(smt::Term t) const {
        static constexpr std::pair<std::string_view, std::string_view> kOps[] = {
            {"c.mul", " * "},  {"c.div", " / "},   {"c.rem", " % "},  {"c.shl", " << "},
            {"c.shr", " >> "}, {"c.bvand", " & "}, {"c.bvor", " | "}, {"c.bvxor", " ^ "}};
        if (tm_.num_children(t) != 2) return {};
        const std::string& name = tm_.func(tm_.func_of(t)).name;
        for (const auto& [n, o] : kOps)
            if (name == n) return o;
        return {};
    }
    std::string application(smt::Term t) {
        const std::string_view o = op(t);
        if (o.empty()) return fallback(t);
        return "(" + paren(tm_.child(t, 0)) + std::string(o) + paren(tm_.child(t, 1)) + ")";
    }

    // ¬(p <= c) is printed p > c, and over Int p >= c + 1; ¬(p < c) is p >= c.
    std::string negation(smt::Term a) {
        const smt::Kind k = tm_.kind(a);
        if (k != smt::Kind::Leq && k != smt::Kind::Lt) return "!" + paren(a);
        const smt::Term p = tm_.child(a, 0);
        const mpq_class& c = tm_.numeral(tm_.child(a, 1));
        if (k == smt::Kind::Lt) return print(p) + " >= " + number(c);
        if (tm_.sort(p) == smt::SortTable::Int && c.get_den() == 1) return print(p) + " >= " + number(c + 1);
        return print(p) + " > " + number(c);
    }

    std::string fallback(smt::Term t) { return "/* " + smt::term_to_string(tm_, t, false) + " */"; }

    const smt::TermManager& tm_;
    std::unordered_map<smt::Term, std::string, smt::TermHash> names_;
};

}  // namespace

std::string term_to_c(const Program& p, smt::Term t) { return CPrinter(p, nullptr).print(t); }

std::string term_to_c_at(const Program& p, LocId l, smt::Term t) {
    const std::string& scope = p.loc_origin(l).function;
    return CPrinter(p, scope.empty() ? nullptr : &scope).print(t);
}

}  // namespace craig::verifier
