#include "verifier/encoding/operator_refinement.hpp"

#include <gmpxx.h>

#include <optional>
#include <string>
#include <string_view>

namespace craig::verifier {

std::optional<mpz_class> apply_operator(std::string_view name, const mpz_class& a, const mpz_class& b) {
    mpz_class r;
    if (name == "mul") return mpz_class(a * b);
    if (name == "div" || name == "rem") {
        if (b == 0) return std::nullopt;
        mpz_tdiv_qr(mpz_class().get_mpz_t(), r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
        if (name == "rem") return r;
        mpz_tdiv_q(r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
        return r;
    }
    if (name == "shl" || name == "shr") {
        if (b < 0 || b >= 64) return std::nullopt;
        const auto k = static_cast<mp_bitcnt_t>(b.get_ui());
        if (name == "shl")
            mpz_mul_2exp(r.get_mpz_t(), a.get_mpz_t(), k);
        else
            mpz_fdiv_q_2exp(r.get_mpz_t(), a.get_mpz_t(), k);  // arithmetic shift, as GCC
        return r;
    }
    // The bit-precise lowering's unsigned products and left shifts, reduced modulo 2^w:
    // "mulu32", "shlu64", ... (their mathematical values would not have a bounded range).
    if (name.size() > 4 && (name.substr(0, 4) == "mulu" || name.substr(0, 4) == "shlu")) {
        const unsigned w = static_cast<unsigned>(std::stoul(std::string(name.substr(4))));
        if (name[0] == 'm') {
            r = a * b;
        } else {
            if (b < 0 || b >= w) return std::nullopt;
            mpz_mul_2exp(r.get_mpz_t(), a.get_mpz_t(), static_cast<mp_bitcnt_t>(b.get_ui()));
        }
        mpz_fdiv_r_2exp(r.get_mpz_t(), r.get_mpz_t(), w);
        return r;
    }
    if (name == "bvand") {
        mpz_and(r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
        return r;
    }
    if (name == "bvor") {
        mpz_ior(r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
        return r;
    }
    if (name == "bvxor") {
        mpz_xor(r.get_mpz_t(), a.get_mpz_t(), b.get_mpz_t());
        return r;
    }
    return std::nullopt;
}

std::string_view operator_name(const smt::TermManager& tm, smt::Term t) {
    if (tm.kind(t) != smt::Kind::App || tm.num_children(t) != 2) return {};
    std::string_view n = tm.func(tm.func_of(t)).name;
    if (n.size() < 3 || n.substr(0, 2) != "c.") return {};
    return n.substr(2);
}

void OperatorRefinement::scan(smt::Term f) {
    std::vector<smt::Term> stack{f};
    while (!stack.empty()) {
        smt::Term t = stack.back();
        stack.pop_back();
        if (!seen_.insert(t).second) continue;
        if (!operator_name(tm_, t).empty()) apps_.push_back(t);
        for (smt::Term c : tm_.children(t)) stack.push_back(c);
    }
}

std::vector<smt::Term> OperatorRefinement::lemmas(const smt::Model& m) {
    std::vector<smt::Term> out;
    for (smt::Term app : apps_) {
        const smt::Term a = tm_.child(app, 0), b = tm_.child(app, 1);
        const smt::Value va = m.evaluate(a), vb = m.evaluate(b), vr = m.evaluate(app);
        if (va.type != smt::Value::Type::Number || vb.type != smt::Value::Type::Number ||
            vr.type != smt::Value::Type::Number)
            continue;
        if (va.q.get_den() != 1 || vb.q.get_den() != 1) continue;
        std::optional<mpz_class> r = apply_operator(operator_name(tm_, app), va.q.get_num(), vb.q.get_num());
        if (!r || vr.q == mpq_class(*r)) continue;
        const smt::Sort i = smt::SortTable::Int;
        smt::Term at_point = tm_.mk_and(tm_.mk_eq(a, tm_.mk_numeral(va.q, i)), tm_.mk_eq(b, tm_.mk_numeral(vb.q, i)));
        out.push_back(tm_.mk_implies(at_point, tm_.mk_eq(app, tm_.mk_numeral(mpq_class(*r), i))));
    }
    return out;
}

}  // namespace craig::verifier
