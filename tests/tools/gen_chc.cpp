// gen_chc: random nonlinear Horn clause systems (logic HORN, LIA) for differential testing of
// `craig chc --engine whale` against z3.
//
//   gen_chc SEED
//
// prints one CHC-COMP style problem on standard output; the same SEED always gives the same
// problem (own PRNG, tests/tools/rng.hpp). Shape: 1 to 3 predicates of arity 1 or 2 over Int;
// per predicate one or two facts (each argument in a small interval, sometimes tied to another
// argument) and one to three rules whose bodies apply 1 to 3 predicates (at least one rule of
// the system has two or more: the system is nonlinear), whose heads are small linear
// combinations of the body arguments plus a constant, under guards that bound growth (x < c)
// or none; one or two queries: a predicate applied with a bound or an equality on a linear
// combination of its arguments. Recursion through nonlinear rules (p(x) ∧ p(y) → p(x + y),
// Fibonacci shapes) is common, so both answers occur, and invariants need relations between
// arguments or bounds.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "rng.hpp"

namespace {

using craig::testgen::Rng;

std::string num(int v) { return v < 0 ? "(- " + std::to_string(-v) + ")" : std::to_string(v); }

// c0 + Σ k_i v_i over the given variables (each used with probability p), as SMT-LIB.
std::string linear(Rng& r, const std::vector<std::string>& vars, double p, int max_coef, int max_const) {
    std::vector<std::string> parts;
    for (const std::string& v : vars) {
        if (!r.chance(p)) continue;
        int k = r.range(-max_coef, max_coef);
        if (k == 0) k = 1;
        parts.push_back(k == 1 ? v : "(* " + num(k) + " " + v + ")");
    }
    const int c = r.range(-max_const, max_const);
    if (c != 0 || parts.empty()) parts.push_back(num(c));
    if (parts.size() == 1) return parts[0];
    std::string s = "(+";
    for (const std::string& x : parts) s += " " + x;
    return s + ")";
}

struct Pred {
    std::string name;
    int arity = 1;
};

class Generator {
public:
    explicit Generator(std::uint64_t seed) : r_(seed, 0xC4C) {}

    std::string run() {
        const int n = r_.range(1, 3);
        for (int i = 0; i < n; ++i) preds_.push_back({"p" + std::to_string(i), r_.range(1, 2)});
        out_ << "(set-logic HORN)\n";
        for (const Pred& p : preds_) {
            out_ << "(declare-fun " << p.name << " (";
            for (int i = 0; i < p.arity; ++i) out_ << (i ? " " : "") << "Int";
            out_ << ") Bool)\n";
        }
        bool nonlinear = false;
        for (std::size_t p = 0; p < preds_.size(); ++p) {
            for (int k = r_.range(1, 2); k > 0; --k) fact(p);
            for (int k = r_.range(1, 3); k > 0; --k) nonlinear |= rule(p, false);
        }
        if (!nonlinear) rule(r_.below(static_cast<int>(preds_.size())), true);
        for (int k = r_.range(1, 2); k > 0; --k) query();
        out_ << "(check-sat)\n(exit)\n";
        return out_.str();
    }

private:
    std::vector<std::string> args(const std::string& prefix, int arity) {
        std::vector<std::string> v;
        for (int i = 0; i < arity; ++i) v.push_back(prefix + std::to_string(i));
        return v;
    }

    std::string app(const Pred& p, const std::vector<std::string>& a) {
        std::string s = "(" + p.name;
        for (const std::string& x : a) s += " " + x;
        return s + ")";
    }

    std::string binders(const std::vector<std::string>& vars) {
        std::string s = "(";
        for (std::size_t i = 0; i < vars.size(); ++i) s += (i ? " (" : "(") + vars[i] + " Int)";
        return s + ")";
    }

    void fact(std::size_t p) {
        const std::vector<std::string> x = args("x", preds_[p].arity);
        std::vector<std::string> conj;
        for (std::size_t i = 0; i < x.size(); ++i) {
            if (i > 0 && r_.chance(0.3)) {
                conj.push_back("(= " + x[i] + " " + linear(r_, {x[0]}, 1.0, 2, 3) + ")");
                continue;
            }
            const int lo = r_.range(-3, 3);
            conj.push_back("(>= " + x[i] + " " + num(lo) + ")");
            conj.push_back("(<= " + x[i] + " " + num(lo + r_.range(0, 3)) + ")");
        }
        clause(x, conj, app(preds_[p], x));
    }

    // A rule with head p; true when its body has two or more applications.
    bool rule(std::size_t p, bool force_nonlinear) {
        const int m = force_nonlinear ? r_.range(2, 3) : (r_.chance(0.5) ? 1 : r_.range(2, 3));
        std::vector<std::string> vars, body_vars, conj;
        for (int b = 0; b < m; ++b) {
            const Pred& q = preds_[r_.below(static_cast<int>(preds_.size()))];
            const std::vector<std::string> a = args("y" + std::to_string(b) + "_", q.arity);
            vars.insert(vars.end(), a.begin(), a.end());
            body_vars.insert(body_vars.end(), a.begin(), a.end());
            conj.push_back(app(q, a));
        }
        if (r_.chance(0.8)) {
            const std::string g = linear(r_, body_vars, 0.5, 1, 0);
            conj.push_back("(" + std::string(r_.chance(0.5) ? "<" : "<=") + " " + g + " " + num(r_.range(-2, 12)) +
                           ")");
        }
        std::vector<std::string> head;
        for (int i = 0; i < preds_[p].arity; ++i) {
            const std::string h = "z" + std::to_string(i);
            vars.push_back(h);
            conj.push_back("(= " + h + " " + linear(r_, body_vars, 0.4, 2, 2) + ")");
            head.push_back(h);
        }
        clause(vars, conj, app(preds_[p], head));
        return m >= 2;
    }

    void query() {
        const Pred& p = preds_[r_.below(static_cast<int>(preds_.size()))];
        const std::vector<std::string> x = args("x", p.arity);
        const std::string t = linear(r_, x, 0.7, 2, 0);
        const int c = r_.range(-10, 40);
        const char* rel = r_.chance(0.3) ? "=" : r_.chance(0.5) ? "<" : ">";
        clause(x, {app(p, x), "(" + std::string(rel) + " " + t + " " + num(c) + ")"}, "false");
    }

    void clause(const std::vector<std::string>& vars, const std::vector<std::string>& conj, const std::string& head) {
        std::string body = conj.size() == 1 ? conj[0] : "(and";
        if (conj.size() > 1) {
            for (const std::string& c : conj) body += " " + c;
            body += ")";
        }
        out_ << "(assert (forall " << binders(vars) << " (=> " << body << " " << head << ")))\n";
    }

    Rng r_;
    std::vector<Pred> preds_;
    std::ostringstream out_;
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: gen_chc SEED\n";
        return 2;
    }
    std::cout << Generator(std::strtoull(argv[1], nullptr, 10)).run();
    return 0;
}
