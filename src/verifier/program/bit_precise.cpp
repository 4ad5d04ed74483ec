#include "verifier/program/bit_precise.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "frontend/errors.hpp"
#include "verifier/encoding/operator_refinement.hpp"

namespace craig::verifier {

namespace {

using smt::Kind;
using smt::Term;
using TermMap = std::unordered_map<Term, Term, smt::TermHash>;

struct Range {
    mpz_class lo, hi;
};

Range hull(const Range& a, const Range& b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }

Range times(const Range& a, const Range& b) {
    const mpz_class p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}

mpz_class magnitude(const Range& r) { return std::max(mpz_class(abs(r.lo)), mpz_class(abs(r.hi))); }

// Bits of the least signed word holding every value of r.
unsigned signed_bits(const Range& r) {
    unsigned n = 1;
    while (r.lo < -(mpz_class(1) << (n - 1)) || r.hi > (mpz_class(1) << (n - 1)) - 1) ++n;
    return n;
}

// Range of a bitwise operator's result: operands in [-2^k, 2^k) give a result there too.
Range bitwise(const Range& a, const Range& b) {
    const unsigned k = std::max(signed_bits(a), signed_bits(b));
    return {-(mpz_class(1) << (k - 1)), (mpz_class(1) << (k - 1)) - 1};
}

class Translator {
public:
    Translator(const Program& p, const OperatorPrecision& ops, unsigned max_width)
        : p_(p), tm_(p.terms()), ops_(ops), max_width_(max_width) {
        for (VarId v = 0; v < p.vars.size(); ++v) {
            const auto range = p.type_range(v);
            if (tm_.sort(p.vars[v].cur) != smt::SortTable::Int || !range)
                throw frontend::Unsupported(
                    frontend::SourceLocation{p.provenance.file, 0, 0},
                    "bit-precise encoding: variable " + p.vars[v].name + " is not of an integer type");
            ranges_[p.vars[v].cur] = ranges_[p.vars[v].next] = Range{range->first, range->second};
        }
        for (const auto& [a, r] : p.aux_ranges) ranges_[a] = Range{r.first, r.second};
    }

    BitPrecise run() {
        if (!p_.calls.empty())
            throw frontend::Unsupported(frontend::SourceLocation{p_.provenance.file, 0, 0},
                                        "bit-precise encoding of a program with calls kept");
        unsigned need = 2;
        for (const auto& [t, r] : ranges_) need = std::max(need, signed_bits(r));
        for (EdgeId e = 0; e < p_.edges.size(); ++e) need = std::max(need, bits_of_formula(e));
        width_ = need + 1;  // one spare bit: comparisons of values at the edges of a range
        if (width_ > max_width_)
            throw frontend::Unsupported(frontend::SourceLocation{p_.provenance.file, 0, 0},
                                        "bit-precise encoding needs " + std::to_string(width_) +
                                            "-bit words (more than " + std::to_string(max_width_) + ")");
        sort_ = tm_.sorts().bitvec(width_);

        BitPrecise out{Program(tm_), width_, {}};
        Program& q = out.program;
        q.locs = p_.locs;
        q.entry = p_.entry;
        q.error = p_.error;
        q.exit = p_.exit;
        q.truncated = p_.truncated;
        q.functions = p_.functions;
        q.approximations = p_.approximations;
        for (VarId v = 0; v < p_.vars.size(); ++v) {
            const VarProvenance& o = p_.var_origin(v);
            q.add_var(p_.vars[v].name, o.c_name, o.type, o.is_global, o.is_temp, o.decl, sort_);
            q.provenance.vars.back().c_path = o.c_path;
            map_[p_.vars[v].cur] = q.vars[v].cur;
            map_[p_.vars[v].next] = q.vars[v].next;
            const Range& r = ranges_.at(p_.vars[v].cur);
            var_range_[q.vars[v].cur] = var_range_[q.vars[v].next] = r;
        }
        q.provenance.data_model = p_.provenance.data_model;
        q.provenance.file = p_.provenance.file;
        q.provenance.locs = p_.provenance.locs;
        q.provenance.loops = p_.provenance.loops;
        q.provenance.summarized_calls = p_.provenance.summarized_calls;
        for (EdgeId e = 0; e < p_.edges.size(); ++e) {
            const Edge& pe = p_.edges[e];
            Edge qe;
            qe.src = pe.src;
            qe.dst = pe.dst;
            qe.writes = pe.writes;
            for (Term a : pe.aux) {
                Term b = a;
                if (tm_.sort(a) == smt::SortTable::Int)
                    b = tm_.mk_const(tm_.fresh_fun(tm_.func(tm_.func_of(a)).name.substr(1), {}, sort_));
                map_[a] = b;
                qe.aux.push_back(b);
            }
            for (Term in : pe.inputs) qe.inputs.push_back(map_.at(in));
            cache_.clear();
            apps_.clear();
            std::vector<Term> conj{word(pe.formula)};
            out.sites.emplace_back();
            for (const UfSite& a : apps_) {
                qe.aux.push_back(a.result);
                out.sites.back().push_back(a);
            }
            congruence(conj);
            // The ranges of the variables the edge reads and writes (see the header).
            std::unordered_set<Term, smt::TermHash> seen;
            std::vector<Term> stack{conj[0]};
            while (!stack.empty()) {
                Term t = stack.back();
                stack.pop_back();
                if (!seen.insert(t).second) continue;
                if (auto it = var_range_.find(t); it != var_range_.end()) {
                    conj.push_back(tm_.mk_bv(Kind::BvSle, constant(it->second.lo), t));
                    conj.push_back(tm_.mk_bv(Kind::BvSle, t, constant(it->second.hi)));
                }
                for (Term c : tm_.children(t)) stack.push_back(c);
            }
            for (VarId v : pe.writes)
                if (!seen.count(q.vars[v].next)) {
                    const Range& r = ranges_.at(p_.vars[v].cur);
                    conj.push_back(tm_.mk_bv(Kind::BvSle, constant(r.lo), q.vars[v].next));
                    conj.push_back(tm_.mk_bv(Kind::BvSle, q.vars[v].next, constant(r.hi)));
                }
            qe.formula = tm_.mk_and(conj);
            q.add_edge(std::move(qe), p_.edge_origin(e));
        }
        q.index();
        return out;
    }

private:
    [[noreturn]] void unsupported(EdgeId e, const std::string& what) const {
        throw frontend::Unsupported(p_.edge_origin(e).loc, "bit-precise encoding: " + what);
    }

    // The widest integer term of edge e's formula (signed bits).
    unsigned bits_of_formula(EdgeId e) {
        unsigned need = 1;
        std::vector<Term> stack{p_.edges[e].formula};
        std::unordered_set<Term, smt::TermHash> seen;
        while (!stack.empty()) {
            Term t = stack.back();
            stack.pop_back();
            if (!seen.insert(t).second) continue;
            if (tm_.sort(t) == smt::SortTable::Int)
                need = std::max(need, signed_bits(range(t, e)));
            else if (tm_.is_arith(t) || tm_.is_bv(t))
                unsupported(e, "a term of sort " + tm_.sorts().to_string(tm_.sort(t)));
            for (Term c : tm_.children(t)) stack.push_back(c);
        }
        return need;
    }

    const Range& range(Term t, EdgeId e) {
        if (auto it = ranges_.find(t); it != ranges_.end()) return it->second;
        Range r;
        switch (tm_.kind(t)) {
            case Kind::Numeral: r = {tm_.numeral(t).get_num(), tm_.numeral(t).get_num()}; break;
            case Kind::Linear: {
                r = {tm_.constant(t).get_num(), tm_.constant(t).get_num()};
                for (std::size_t i = 0; i < tm_.num_children(t); ++i) {
                    const mpz_class c = tm_.coeff(t, i).get_num();
                    const Range& x = range(tm_.child(t, i), e);
                    const Range s = times(x, Range{c, c});
                    r = {r.lo + s.lo, r.hi + s.hi};
                }
                break;
            }
            case Kind::Ite: r = hull(range(tm_.child(t, 1), e), range(tm_.child(t, 2), e)); break;
            case Kind::App: {
                // A copy: the name lives in the term manager's symbol table, which making words grows.
                const std::string op(operator_name(tm_, t));
                const Range a = range(tm_.child(t, 0), e), b = range(tm_.child(t, 1), e);
                // A shift amount below the width of the shift's result type (the lowering checks
                // it), which may be wider than every variable's ((long long)x << y): 64 at most.
                const mpz_class top = mpz_class(1) << 63;
                if (op.size() > 4 && (op.substr(0, 4) == "mulu" || op.substr(0, 4) == "shlu")) {
                    r = {0, (mpz_class(1) << std::stoul(std::string(op.substr(4)))) - 1};
                } else if (op == "mul") {
                    r = times(a, b);
                } else if (op == "div") {
                    r = {-magnitude(a), magnitude(a)};
                } else if (op == "rem") {
                    r = {-magnitude(b), magnitude(b)};
                } else if (op == "shl") {
                    r = times(hull(a, Range{0, 0}), Range{1, top});
                } else if (op == "shr") {
                    r = hull(a, Range{0, 0});
                } else if (op == "bvand" || op == "bvor" || op == "bvxor") {
                    r = bitwise(a, b);
                } else {
                    unsupported(e, "the function " + tm_.func(tm_.func_of(t)).name);
                }
                break;
            }
            case Kind::Const: unsupported(e, "a value of unknown range (" + tm_.func(tm_.func_of(t)).name + ")");
            default: unsupported(e, "an integer term of this kind");
        }
        return ranges_[t] = r;
    }

    Term constant(const mpz_class& v) {
        mpz_class m = v;
        if (m < 0) m += mpz_class(1) << width_;
        return tm_.mk_bv_const(m, width_);
    }

    // C's operator on words a and b (exact: see the header). It runs at the least width that holds
    // both operands and the result (their ranges), and the result is sign-extended to W: a 33-bit
    // divider instead of a W-bit one when a product elsewhere sets W to 64.
    Term exact_operator(std::string_view op, Term app, Term a, Term b) {
        if (op.size() > 4 && (op.substr(0, 4) == "mulu" || op.substr(0, 4) == "shlu")) {
            // Unsigned, reduced mod 2^w: the operation at w bits (operands are in [0, 2^w), a shift
            // amount below w), zero-extended.
            const auto w = static_cast<unsigned>(std::stoul(std::string(op.substr(4))));
            const Term r = tm_.mk_bv(op[0] == 'm' ? Kind::BvMul : Kind::BvShl, tm_.mk_bv_extract(w - 1, 0, a),
                                     tm_.mk_bv_extract(w - 1, 0, b));
            return w < width_ ? tm_.mk_bv_zero_extend(width_ - w, r) : r;
        }
        const unsigned k = std::max({signed_bits(ranges_.at(tm_.child(app, 0))),
                                     signed_bits(ranges_.at(tm_.child(app, 1))), signed_bits(ranges_.at(app))});
        if (k < width_) {
            a = tm_.mk_bv_extract(k - 1, 0, a);
            b = tm_.mk_bv_extract(k - 1, 0, b);
        }
        Kind kind = Kind::BvXor;
        if (op == "mul")
            kind = Kind::BvMul;
        else if (op == "div")
            kind = Kind::BvSdiv;  // truncates toward zero, as C
        else if (op == "rem")
            kind = Kind::BvSrem;  // the sign of the dividend, as C
        else if (op == "shl")
            kind = Kind::BvShl;
        else if (op == "shr")
            kind = Kind::BvAshr;  // floor(a / 2^b), as the lowering's c.shr
        else if (op == "bvand")
            kind = Kind::BvAnd;
        else if (op == "bvor")
            kind = Kind::BvOr;
        const Term r = tm_.mk_bv(kind, a, b);
        return k < width_ ? tm_.mk_bv_sign_extend(width_ - k, r) : r;
    }

    // Functional consistency of the edge's uninterpreted applications (Ackermann's reduction),
    // with the commutativity of *, &, |, ^ (the thesis' UFP).
    void congruence(std::vector<Term>& conj) {
        for (std::size_t i = 0; i < apps_.size(); ++i)
            for (std::size_t j = i + 1; j < apps_.size(); ++j) {
                const UfSite &x = apps_[i], &y = apps_[j];
                if (x.op != y.op) continue;
                const Term same = tm_.mk_eq(x.result, y.result);
                conj.push_back(tm_.mk_implies(tm_.mk_and(tm_.mk_eq(x.a, y.a), tm_.mk_eq(x.b, y.b)), same));
                if (x.op == "mul" || x.op.rfind("mulu", 0) == 0 || x.op == "bvand" || x.op == "bvor" || x.op == "bvxor")
                    conj.push_back(tm_.mk_implies(tm_.mk_and(tm_.mk_eq(x.a, y.b), tm_.mk_eq(x.b, y.a)), same));
            }
    }

    Term word(Term t) {
        if (auto it = map_.find(t); it != map_.end()) return it->second;
        if (auto it = cache_.find(t); it != cache_.end()) return it->second;
        Term r;
        const auto kids = tm_.children(t);
        switch (tm_.kind(t)) {
            case Kind::Numeral: r = constant(tm_.numeral(t).get_num()); break;
            case Kind::Linear: {
                r = constant(tm_.constant(t).get_num());
                for (std::size_t i = 0; i < kids.size(); ++i) {
                    const mpz_class c = tm_.coeff(t, i).get_num();
                    Term x = word(kids[i]);
                    Term s = c == 1 ? x : c == -1 ? tm_.mk_bv(Kind::BvNeg, x) : tm_.mk_bv(Kind::BvMul, constant(c), x);
                    r = tm_.mk_bv(Kind::BvAdd, r, s);
                }
                break;
            }
            case Kind::Leq:
            case Kind::Lt: {
                Term a = word(kids[0]), b = word(kids[1]);
                r = tm_.mk_bv(tm_.kind(t) == Kind::Leq ? Kind::BvSle : Kind::BvSlt, a, b);
                break;
            }
            case Kind::App: {
                // A copy: the name lives in the term manager's symbol table, which making words grows.
                const std::string op(operator_name(tm_, t));
                Term a = word(kids[0]), b = word(kids[1]);
                if (!ops_.all_exact && !ops_.exact.count(t)) {
                    // A fresh word per application of the edge, with congruence among them
                    // (congruence()): functions over words (the solver's Ackermann reduction)
                    // would relate applications of different steps of a path, and such lemmas
                    // between the partitions of an interpolation query cannot be interpolated.
                    r = tm_.mk_const(tm_.fresh_fun("cbv." + std::string(op), {}, sort_));
                    apps_.push_back(UfSite{t, std::string(op), a, b, r});
                } else {
                    r = exact_operator(op, t, a, b);
                }
                break;
            }
            case Kind::True:
            case Kind::False:
            case Kind::Const: r = t; break;  // Booleans (Int constants are all in map_)
            case Kind::Ite: r = tm_.mk_ite(word(kids[0]), word(kids[1]), word(kids[2])); break;
            case Kind::Eq: r = tm_.mk_eq(word(kids[0]), word(kids[1])); break;
            case Kind::Not: r = tm_.mk_not(word(kids[0])); break;
            case Kind::Xor: r = tm_.mk_xor(word(kids[0]), word(kids[1])); break;
            case Kind::Implies: r = tm_.mk_implies(word(kids[0]), word(kids[1])); break;
            case Kind::And:
            case Kind::Or:
            case Kind::Distinct: {
                std::vector<Term> w;
                w.reserve(kids.size());
                for (Term k : kids) w.push_back(word(k));
                r = tm_.kind(t) == Kind::And  ? tm_.mk_and(w)
                    : tm_.kind(t) == Kind::Or ? tm_.mk_or(w)
                                              : tm_.mk_distinct(w);
                break;
            }
            default:
                throw frontend::Unsupported(frontend::SourceLocation{p_.provenance.file, 0, 0},
                                            "bit-precise encoding: a formula of this kind");
        }
        return cache_[t] = r;
    }

    const Program& p_;
    smt::TermManager& tm_;
    const OperatorPrecision& ops_;
    unsigned max_width_;
    unsigned width_ = 0;
    smt::Sort sort_;
    std::unordered_map<Term, Range, smt::TermHash> ranges_;     // integer terms of p_
    std::unordered_map<Term, Range, smt::TermHash> var_range_;  // word constants of variables
    TermMap map_;                                               // p_'s constants -> words
    TermMap cache_;                                             // composite terms of the current edge -> words
    std::vector<UfSite> apps_;  // OperatorPrecision::Uninterpreted: the current edge's applications
};

}  // namespace

BitPrecise to_bit_precise(const Program& plain, const OperatorPrecision& ops, unsigned max_width) {
    return Translator(plain, ops, max_width).run();
}

mpz_class program_integer(const smt::TermManager& tm, smt::Term t, const mpq_class& value) {
    mpz_class z = value.get_num();
    const unsigned w = tm.bv_width(t);
    if (w > 0 && z >= (mpz_class(1) << (w - 1))) z -= mpz_class(1) << w;
    return z;
}

}  // namespace craig::verifier
