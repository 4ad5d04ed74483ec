#include "chc/evaluate.hpp"

#include "smt/terms/rational.hpp"

namespace craig::chc {

namespace {

using smt::Kind;
using smt::Term;
using smt::Value;

class Evaluator {
public:
    Evaluator(const smt::TermManager& tm, const Assignment& values) : tm_(tm), values_(values) {}

    std::optional<Value> eval(Term t) {
        if (auto it = memo_.find(t); it != memo_.end()) return it->second;
        std::optional<Value> v = compute(t);
        memo_.emplace(t, v);
        return v;
    }

private:
    std::optional<Value> compute(Term t) {
        const auto kids = tm_.children(t);
        // Arguments first; any undefined argument makes the term undefined (also Boolean
        // connectives: an undefined derivation is not checked, whatever short-cuts exist).
        std::vector<Value> a;
        for (Term k : kids) {
            std::optional<Value> v = eval(k);
            if (!v) return std::nullopt;
            a.push_back(std::move(*v));
        }
        auto num = [&](const mpq_class& q) { return Value::of_number(q, tm_.sort(t)); };
        auto boolean = [](bool b) { return Value::of_bool(b); };
        switch (tm_.kind(t)) {
            case Kind::True: return boolean(true);
            case Kind::False: return boolean(false);
            case Kind::Not: return boolean(!a[0].b);
            case Kind::And: {
                bool r = true;
                for (const Value& v : a) r = r && v.b;
                return boolean(r);
            }
            case Kind::Or: {
                bool r = false;
                for (const Value& v : a) r = r || v.b;
                return boolean(r);
            }
            case Kind::Xor: return boolean(a[0].b != a[1].b);
            case Kind::Implies: return boolean(!a[0].b || a[1].b);
            case Kind::Ite: return a[0].b ? a[1] : a[2];
            case Kind::Eq: return boolean(same(a[0], a[1]));
            case Kind::Distinct:
                for (std::size_t i = 0; i < a.size(); ++i)
                    for (std::size_t j = i + 1; j < a.size(); ++j)
                        if (same(a[i], a[j])) return boolean(false);
                return boolean(true);
            case Kind::Const: {
                auto it = values_.find(t);
                if (it == values_.end()) return std::nullopt;
                return it->second;
            }
            case Kind::App: return std::nullopt;
            case Kind::Numeral: return num(tm_.numeral(t));
            case Kind::Linear: {
                mpq_class s = tm_.constant(t);
                for (std::size_t i = 0; i < a.size(); ++i) s += tm_.coeff(t, i) * a[i].q;
                return num(s);
            }
            case Kind::Leq: return boolean(a[0].q <= a[1].q);
            case Kind::Lt: return boolean(a[0].q < a[1].q);
            case Kind::Mul: {
                mpq_class p = 1;
                for (const Value& v : a) p *= v.q;
                return num(p);
            }
            case Kind::RealDiv:
                if (a[1].q == 0) return std::nullopt;
                return num(a[0].q / a[1].q);
            case Kind::IntDiv:
            case Kind::Mod: {
                if (a[1].q == 0) return std::nullopt;
                // Euclidean: x = d·q + r with 0 <= r < |d|.
                const mpq_class x = a[0].q, d = a[1].q;
                const mpq_class q = d > 0 ? mpq_class(smt::floor_q(x / d)) : mpq_class(-smt::floor_q(x / -d));
                return num(tm_.kind(t) == Kind::IntDiv ? q : mpq_class(x - d * q));
            }
            case Kind::Abs: return num(abs(a[0].q));
            case Kind::ToInt: return num(mpq_class(smt::floor_q(a[0].q)));
            case Kind::IsInt: return boolean(a[0].q.get_den() == 1);
            default: return std::nullopt;  // bit-vectors: not in CHC's logics
        }
        return std::nullopt;
    }

    static bool same(const Value& x, const Value& y) {
        if (x.type != y.type) return false;
        return x.type == Value::Type::Bool ? x.b == y.b : x.q == y.q;
    }

    const smt::TermManager& tm_;
    const Assignment& values_;
    std::unordered_map<Term, std::optional<Value>, smt::TermHash> memo_;
};

}  // namespace

std::optional<smt::Value> evaluate(const smt::TermManager& tm, smt::Term t, const Assignment& values) {
    return Evaluator(tm, values).eval(t);
}

}  // namespace craig::chc
