#include "verifier/witness/witness_expression.hpp"

#include <gmpxx.h>

#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

namespace craig::verifier {

namespace {

using smt::Kind;
using smt::Term;

struct Refused {
    std::string why;
};

// The largest modulus of a printed congruence: an int literal, and x % g exact in every type.
constexpr unsigned long kMaxModulus = 1UL << 20;

struct Monomial {
    mpz_class coeff;  // > 0
    Term atom;        // a constant of variable var (its cur or next one)
    VarId var = 0;
};

// One side of a printed comparison: positive monomials plus a constant >= 0 (any constant
// when there are no monomials).
struct Side {
    std::vector<Monomial> terms;
    mpz_class constant = 0;
};

enum class CType { Int, LongLong, ULongLong };

struct Range {
    mpz_class lo, hi;
};

mpz_class power_of_two(unsigned k) {
    mpz_class r;
    mpz_ui_pow_ui(r.get_mpz_t(), 2, k);
    return r;
}

Range range_of(CType t) {
    switch (t) {
        case CType::Int: return {-power_of_two(31), power_of_two(31) - 1};
        case CType::LongLong: return {-power_of_two(63), power_of_two(63) - 1};
        case CType::ULongLong: return {0, power_of_two(64) - 1};
    }
    return {};
}

const char* cast_of(CType t) {
    return t == CType::LongLong ? "(long long)" : t == CType::ULongLong ? "(unsigned long long)" : "";
}
const char* suffix_of(CType t) { return t == CType::LongLong ? "LL" : t == CType::ULongLong ? "ULL" : ""; }

// The comparison operator after swapping its sides.
std::string flipped(const std::string& op) {
    if (op == "<=") return ">=";
    if (op == ">=") return "<=";
    if (op == "<") return ">";
    if (op == ">") return "<";
    return op;
}

class ExactPrinter {
public:
    ExactPrinter(const Program& p, const ConstantName& name, Arithmetic arithmetic)
        : p_(p), tm_(p.terms()), name_(name), mathematical_(arithmetic == Arithmetic::Mathematical) {}

    // The C text and whether it needs parentheses as an operand of && || ! ?:.
    std::pair<std::string, bool> formula(Term t) {
        if (Term lifted = lift_ite(t); lifted.valid()) return formula(lifted);
        switch (tm_.kind(t)) {
            case Kind::True: return {"1", false};
            case Kind::False: return {"0", false};
            case Kind::Not: return negation(tm_.child(t, 0));
            case Kind::And: return {join(t, " && "), true};
            case Kind::Or: return {join(t, " || "), true};
            case Kind::Xor: return {wrapped(tm_.child(t, 0)) + " != " + wrapped(tm_.child(t, 1)), true};
            case Kind::Implies: {
                auto [premise, compound] = negation(tm_.child(t, 0));
                return {(compound ? "(" + premise + ")" : premise) + " || " + operand(tm_.child(t, 1)), true};
            }
            case Kind::Ite:
                if (!tm_.is_bool(t)) throw Refused{"an integer if-then-else outside a comparison"};
                return {operand(tm_.child(t, 0)) + " ? " + operand(tm_.child(t, 1)) + " : " + operand(tm_.child(t, 2)),
                        true};
            case Kind::Eq:
                if (tm_.is_bool(tm_.child(t, 0)))
                    return {wrapped(tm_.child(t, 0)) + " == " + wrapped(tm_.child(t, 1)), true};
                if (auto c = congruence(tm_.child(t, 0), tm_.child(t, 1), false)) return *c;
                return {compare(tm_.child(t, 0), tm_.child(t, 1), "=="), false};
            case Kind::Distinct: {
                auto c = tm_.children(t);
                std::string r;
                for (std::size_t i = 0; i < c.size(); ++i)
                    for (std::size_t j = i + 1; j < c.size(); ++j) {
                        const std::string ne =
                            tm_.is_bool(c[i]) ? wrapped(c[i]) + " != " + wrapped(c[j]) : compare(c[i], c[j], "!=");
                        if (!r.empty()) r += " && ";
                        r += "(";
                        r += ne;
                        r += ")";
                    }
                return {r, true};
            }
            default:
                if (auto o = ordering(t, false)) return {*o, false};
                throw Refused{"a Boolean term of a kind C has no operator for"};
        }
    }

private:
    // A comparison over an integer if-then-else (interpolants of C's ?: and of Boolean
    // values used as integers) as a Boolean one: (c ? a : b) <= r is c ? a <= r : b <= r.
    // Invalid when t is not a comparison or has no such subterm.
    Term lift_ite(Term t) {
        const Kind k = tm_.kind(t);
        const bool comparison = k == Kind::Leq || k == Kind::Lt ||
                                ((k == Kind::Eq || k == Kind::Distinct) && !tm_.is_bool(tm_.child(t, 0)));
        if (!comparison) return Term{};
        const Term ite = int_ite(t);
        if (!ite.valid()) return Term{};
        auto branch = [&](std::size_t i) {
            return tm_.substitute(t, std::unordered_map<Term, Term, smt::TermHash>{{ite, tm_.child(ite, i)}});
        };
        return tm_.mk_ite(tm_.child(ite, 0), branch(1), branch(2));
    }
    Term int_ite(Term t) const {
        if (tm_.kind(t) == Kind::Ite && !tm_.is_bool(t)) return t;
        if (tm_.is_bool(t) && tm_.kind(t) != Kind::Leq && tm_.kind(t) != Kind::Lt && tm_.kind(t) != Kind::Eq &&
            tm_.kind(t) != Kind::Distinct)
            return Term{};
        for (Term c : tm_.children(t))
            if (Term r = int_ite(c); r.valid()) return r;
        return Term{};
    }

    std::string operand(Term t) {
        auto [text, compound] = formula(t);
        return compound ? "(" + text + ")" : text;
    }

    // Always parenthesised: for operators that bind tighter than a comparison (!) or
    // that would chain with one (== and != between truth values).
    std::string wrapped(Term t) {
        std::string r = "(";
        r += formula(t).first;
        r += ")";
        return r;
    }

    std::string join(Term t, const char* sep) {
        std::string r;
        for (Term c : tm_.children(t)) r += (r.empty() ? "" : sep) + operand(c);
        return r;
    }

    // An ordering atom (<=, < over Int, or over words signed or unsigned) or its negation as a
    // C comparison; nothing for other kinds.
    std::optional<std::string> ordering(Term t, bool negate) {
        const Kind k = tm_.kind(t);
        const bool strict = k == Kind::Lt || k == Kind::BvSlt || k == Kind::BvUlt;
        if (!strict && k != Kind::Leq && k != Kind::BvSle && k != Kind::BvUle) return std::nullopt;
        const char* op = negate ? (strict ? ">=" : ">") : (strict ? "<" : "<=");
        return compare(tm_.child(t, 0), tm_.child(t, 1), op, k == Kind::BvUle || k == Kind::BvUlt);
    }

    std::pair<std::string, bool> negation(Term a) {
        if (lift_ite(a).valid()) return {negated(a), false};
        if (auto o = ordering(a, true)) return {*o, false};
        switch (tm_.kind(a)) {
            case Kind::Eq:
                if (tm_.is_bool(tm_.child(a, 0))) break;
                if (auto c = congruence(tm_.child(a, 0), tm_.child(a, 1), true)) return *c;
                return {compare(tm_.child(a, 0), tm_.child(a, 1), "!="), false};
            default: break;
        }
        return {negated(a), false};
    }

    // (mod x g) = r for a program variable x and numerals g >= 2, r (impact's congruence
    // candidates) in C, whose % truncates: x % g is r, or r - g when x is negative and r != 0
    // (never for an unsigned x). Nothing for other equalities.
    std::optional<std::pair<std::string, bool>> congruence(Term a, Term b, bool negate) const {
        if (tm_.kind(a) != Kind::Mod) std::swap(a, b);
        if (tm_.kind(a) != Kind::Mod || tm_.kind(b) != Kind::Numeral) return std::nullopt;
        const Term x = tm_.child(a, 0), m = tm_.child(a, 1);
        if (tm_.kind(x) != Kind::Const || tm_.kind(m) != Kind::Numeral) return std::nullopt;
        const VarId v = tm_.kind(x) == Kind::Const ? p_.var_of(x) : UINT32_MAX;
        const mpq_class& g = tm_.numeral(m);
        const mpq_class& r = tm_.numeral(b);
        if (v == UINT32_MAX) throw Refused{"a constant that is not a program variable"};
        if (g.get_den() != 1 || r.get_den() != 1 || g < 2 || g > kMaxModulus)
            throw Refused{"a congruence modulo a number that is not a small integer"};
        if (r < 0 || r >= g) return std::pair<std::string, bool>{negate ? "1" : "0", false};
        std::optional<std::string> n = name_(x);
        if (!n) throw Refused{"variable " + p_.vars[v].name + " is not visible in C there"};
        const std::string rem = "(" + *n + " % " + g.get_str() + ")", op = negate ? " != " : " == ";
        const bool may_be_negative = frontend::is_signed(p_.var_origin(v).type.kind);
        if (r == 0 || !may_be_negative) return std::pair<std::string, bool>{rem + op + r.get_str(), false};
        const std::string both =
            rem + op + r.get_str() + (negate ? " && " : " || ") + rem + op + mpq_class(r - g).get_str();
        return std::pair<std::string, bool>{both, true};
    }

    std::string negated(Term t) {
        std::string r = "!";
        r += wrapped(t);
        return r;
    }

    // Adds factor * t to the linear form (coefficients per variable, constant).
    void linear(Term t, const mpq_class& factor, std::map<Term, mpq_class>& coeffs, mpq_class& constant) {
        switch (tm_.kind(t)) {
            case Kind::Numeral: constant += factor * tm_.numeral(t); return;
            case Kind::Linear:
                for (std::size_t i = 0; i < tm_.num_children(t); ++i)
                    linear(tm_.child(t, i), factor * tm_.coeff(t, i), coeffs, constant);
                constant += factor * tm_.constant(t);
                return;
            case Kind::Const: {
                if (p_.var_of(t) == UINT32_MAX) throw Refused{"a constant that is not a program variable"};
                coeffs[t] += factor;
                return;
            }
            case Kind::App: throw Refused{"an uninterpreted C operator or function application"};
            default: throw Refused{"non-linear or non-integer arithmetic"};
        }
    }

    // The signed value of a word of width w.
    static mpz_class signed_value(const mpz_class& bits, unsigned w) {
        return bits >= power_of_two(w - 1) ? mpz_class(bits - power_of_two(w)) : bits;
    }

    // Adds factor * t to the linear form for a word term of the bit-precise program
    // (program/bit_precise.hpp) whose signed value is the integer it denotes: a program
    // variable (its word read as signed is its C value), a constant, +, -, negation, a product
    // by a constant, a sign extension, provided no operation can wrap when every variable holds
    // a value of its C type (checked over intervals). Returns the interval of t's value.
    Range word_linear(Term t, const mpz_class& factor, std::map<Term, mpq_class>& coeffs, mpq_class& constant) {
        const unsigned w = tm_.bv_width(t);
        Range r;
        switch (tm_.kind(t)) {
            case Kind::BvConst: {
                const mpz_class v = signed_value(tm_.bv_value(t), w);
                constant += mpq_class(factor * v);
                r = {v, v};
                break;
            }
            case Kind::Const: {
                const VarId v = p_.var_of(t);
                if (v == UINT32_MAX) throw Refused{"a constant that is not a program variable"};
                coeffs[t] += mpq_class(factor);
                r = var_range(v);
                break;
            }
            case Kind::BvAdd: {
                const Range a = word_linear(tm_.child(t, 0), factor, coeffs, constant);
                const Range b = word_linear(tm_.child(t, 1), factor, coeffs, constant);
                r = {a.lo + b.lo, a.hi + b.hi};
                break;
            }
            case Kind::BvNeg: {
                const Range a = word_linear(tm_.child(t, 0), -factor, coeffs, constant);
                r = {-a.hi, -a.lo};
                break;
            }
            case Kind::BvMul: {
                const bool first = tm_.kind(tm_.child(t, 0)) == Kind::BvConst;
                const Term c = tm_.child(t, first ? 0 : 1), x = tm_.child(t, first ? 1 : 0);
                if (tm_.kind(c) != Kind::BvConst) throw Refused{"a product of two words"};
                const mpz_class k = signed_value(tm_.bv_value(c), w);
                const Range a = word_linear(x, factor * k, coeffs, constant);
                r = k >= 0 ? Range{k * a.lo, k * a.hi} : Range{k * a.hi, k * a.lo};
                break;
            }
            case Kind::BvSignExt: r = word_linear(tm_.child(t, 0), factor, coeffs, constant); break;
            default: throw Refused{"a word operation without a C counterpart here"};
        }
        if (r.lo < -power_of_two(w - 1) || r.hi >= power_of_two(w - 1)) throw Refused{"a word operation that may wrap"};
        return r;
    }

    // ((_ extract hi lo) x) of a program variable x, or a word constant, as an unsigned long
    // long C expression of the same bits: (unsigned long long)x has the two's complement bits
    // of x's value (C converts modulo 2^64), and the word of x is that value sign-extended.
    std::string bits(Term t) {
        if (tm_.kind(t) == Kind::BvConst) {
            if (tm_.bv_width(t) > 64) throw Refused{"a bit pattern wider than 64 bits"};
            return tm_.bv_value(t).get_str() + "ULL";
        }
        if (tm_.kind(t) != Kind::BvExtract) throw Refused{"bits of a word that is not a variable"};
        const unsigned lo = tm_.bv_index(t), width = tm_.bv_width(t), hi = lo + width - 1;
        const Term x = tm_.child(t, 0);
        const VarId v = tm_.kind(x) == Kind::Const ? p_.var_of(x) : UINT32_MAX;
        if (v == UINT32_MAX) throw Refused{"bits of a word that is not a variable"};
        if (hi >= 64) throw Refused{"bits above the 64th"};
        std::string r = "(";
        r += lo > 0 ? "(" : "";
        r += variable(x, CType::ULongLong, true);
        if (lo > 0) r += " >> " + std::to_string(lo) + ")";
        if (width < 64) r += " & " + mpz_class(power_of_two(width) - 1).get_str() + "ULL";
        r += ")";
        return r;
    }

    // lhs op rhs over the integers (Int terms, or words read as signed; `unsigned_words`: as
    // unsigned, printed only where both sides are never negative) as a C comparison.
    std::string compare(Term lhs, Term rhs, std::string op, bool unsigned_words = false) {
        std::map<Term, mpq_class> q;
        mpq_class k = 0;
        if (tm_.is_bv(lhs)) {
            const bool extract = tm_.kind(lhs) == Kind::BvExtract || tm_.kind(rhs) == Kind::BvExtract;
            if (extract && (op == "==" || op == "!=")) return bits(lhs) + " " + op + " " + bits(rhs);
            if (extract) throw Refused{"an ordering between bit fields"};
            const Range a = word_linear(lhs, 1, q, k), b = word_linear(rhs, -1, q, k);
            if (unsigned_words && (a.lo < 0 || b.lo < 0)) throw Refused{"an unsigned comparison of words"};
        } else {
            if (tm_.sort(lhs) != smt::SortTable::Int || tm_.sort(rhs) != smt::SortTable::Int)
                throw Refused{"arithmetic over a sort other than Int or words"};
            linear(lhs, 1, q, k);
            linear(rhs, -1, q, k);
        }
        // Scale by the common denominator (positive, so op is unchanged).
        mpz_class den = k.get_den();
        for (const auto& [v, c] : q) den = lcm(den, mpz_class(c.get_den()));
        Side left, right;
        for (const auto& [v, c] : q) {
            const mpq_class s = c * den;
            if (s > 0) left.terms.push_back({s.get_num(), v, p_.var_of(v)});
            if (s < 0) right.terms.push_back({-s.get_num(), v, p_.var_of(v)});
        }
        mpz_class kc = mpq_class(k * den).get_num();
        // Over the integers a strict comparison is a non-strict one with the constant moved
        // by one: fewer symbols, and the constant often vanishes (x + 1 > n is x >= n).
        if (op == ">") op = ">=", kc -= 1;
        if (op == "<") op = "<=", kc += 1;
        (kc > 0 ? left : right).constant = abs(kc);
        if (left.terms.empty() && right.terms.empty()) return truth(left.constant - right.constant, op) ? "1" : "0";
        if (left.terms.empty()) {
            std::swap(left, right);
            op = flipped(op);
        }
        // A side that is a constant alone may be negative: `x <= -5`, not `x + 5 <= 0`.
        if (right.terms.empty() && left.constant > 0) {
            right.constant = -left.constant;
            left.constant = 0;
        }
        if (mathematical_) return side(left, CType::Int) + " " + op + " " + side(right, CType::Int);
        for (CType t : {CType::Int, CType::LongLong, CType::ULongLong})
            if (fits(left, t) && fits(right, t)) return side(left, t) + " " + op + " " + side(right, t);
        throw Refused{"a comparison whose values exceed every C integer type"};
    }

    static bool truth(const mpz_class& d, const std::string& op) {
        if (op == "<=") return d <= 0;
        if (op == "<") return d < 0;
        if (op == ">=") return d >= 0;
        if (op == ">") return d > 0;
        if (op == "==") return d == 0;
        return d != 0;
    }

    Range var_range(VarId v) const {
        const frontend::TypeKind k = p_.var_origin(v).type.kind;
        const unsigned w = frontend::bit_width(k, p_.provenance.data_model);
        if (k == frontend::TypeKind::Bool) return {0, 1};
        if (frontend::is_signed(k)) return {-power_of_two(w - 1), power_of_two(w - 1) - 1};
        return {0, power_of_two(w) - 1};
    }

    // Whether a variable of kind k may be operand of arithmetic evaluated in t without
    // changing its value (int: C promotes it to int).
    bool admits(VarId v, CType t) const {
        const frontend::TypeKind k = p_.var_origin(v).type.kind;
        const unsigned w = frontend::bit_width(k, p_.provenance.data_model);
        switch (t) {
            case CType::Int: return frontend::is_signed(k) ? w <= 32 : w < 32;
            case CType::LongLong: return frontend::is_signed(k) || w < 64;
            case CType::ULongLong: return !frontend::is_signed(k);
        }
        return false;
    }

    // Every product, partial sum and the constant of s are values of t.
    bool fits(const Side& s, CType t) const {
        const Range r = range_of(t);
        auto within = [&](const Range& x) { return x.lo >= r.lo && x.hi <= r.hi; };
        Range sum{0, 0};
        for (const Monomial& m : s.terms) {
            if (!admits(m.var, t)) return false;
            const Range v = var_range(m.var);
            const Range prod{m.coeff * v.lo, m.coeff * v.hi};
            if (!within(prod)) return false;
            sum = {sum.lo + prod.lo, sum.hi + prod.hi};
            if (!within(sum)) return false;
        }
        const Range c{s.constant, s.constant};
        sum = {sum.lo + s.constant, sum.hi + s.constant};
        return within(c) && within(sum);
    }

    // `convert`: any variable may be converted to t (the caller wants its bits modulo 2^64).
    std::string variable(Term atom, CType t, bool convert = false) const {
        const VarId v = p_.var_of(atom);
        std::optional<std::string> n = name_(atom);
        if (!n) throw Refused{"variable " + p_.vars[v].name + " is not visible in C there"};
        if (mathematical_) return *n;
        if (!convert && !admits(v, t)) throw Refused{"a variable whose type does not convert exactly"};
        const frontend::TypeKind k = p_.var_origin(v).type.kind;
        const bool native = (t == CType::LongLong && k == frontend::TypeKind::LongLong) ||
                            (t == CType::ULongLong && k == frontend::TypeKind::ULongLong);
        return native ? *n : cast_of(t) + *n;
    }

    std::string side(const Side& s, CType t) const {
        std::string r;
        for (const Monomial& m : s.terms) {
            if (!r.empty()) r += " + ";
            if (m.coeff != 1) r += m.coeff.get_str() + suffix_of(t) + " * ";
            r += variable(m.atom, t);
        }
        if (s.constant != 0 || r.empty()) r += (r.empty() ? "" : " + ") + s.constant.get_str() + suffix_of(t);
        return r;
    }

    const Program& p_;
    smt::TermManager& tm_;
    const ConstantName& name_;
    const bool mathematical_;
};

}  // namespace

std::optional<std::string> exact_c_expression_over(const Program& p, smt::Term formula, const ConstantName& name,
                                                   std::string* why, Arithmetic arithmetic) {
    try {
        return ExactPrinter(p, name, arithmetic).formula(formula).first;
    } catch (const Refused& r) {
        if (why) *why = r.why;
        return std::nullopt;
    }
}

std::optional<std::string> exact_c_expression(const Program& p, smt::Term formula, const VariableName& name,
                                              std::string* why) {
    return exact_c_expression_over(
        p, formula,
        [&](smt::Term c) -> std::optional<std::string> {
            const VarId v = p.var_of(c);
            if (v == UINT32_MAX || p.vars[v].cur != c) return std::nullopt;
            return name(v);
        },
        why);
}

}  // namespace craig::verifier
