#include "smt/lia_certificate.hpp"

#include <map>
#include <unordered_map>
#include <vector>

#include "smt/lra/simplex.hpp"
#include "smt/lra_certificate.hpp"

namespace craig::smt {

namespace {

// A literal with the negation moved into `value`.
LiaLiteral literal(const TermManager& tm, Term t, bool value) {
    while (tm.kind(t) == Kind::Not) {
        t = tm.child(t, 0);
        value = !value;
    }
    return {t, value};
}

}  // namespace

std::optional<std::vector<LraCertificateEntry>> refute_over_reals(const TermManager& tm,
                                                                  std::span<const LiaLiteral> lits, std::string* why) {
    using lra::DeltaRational;
    lra::Simplex sx;
    std::unordered_map<uint32_t, lra::Simplex::Var> atom_var;
    auto var_of_atom = [&](Term a) {
        auto [it, fresh] = atom_var.emplace(a.id, 0);
        if (fresh) it->second = sx.new_var();
        return it->second;
    };
    bool clash = false;
    for (size_t i = 0; i < lits.size() && !clash; ++i) {
        const auto [atom, value] = lits[i];
        const Kind k = tm.kind(atom);
        if ((k != Kind::Leq && k != Kind::Lt && k != Kind::Eq) || !tm.is_arith(tm.child(atom, 0))) {
            if (why) *why = "a literal that is not an arithmetic bound";
            return std::nullopt;
        }
        if (k == Kind::Eq && !value) {
            if (why) *why = "a disequality among the literals";
            return std::nullopt;
        }
        // lhs - rhs as Σ coeff·atom + constant; the literal bounds Σ coeff·atom by -constant.
        std::vector<Monomial> ms, rs;
        mpq_class kl = 0, kr = 0;
        tm.as_polynomial(tm.child(atom, 0), ms, kl);
        tm.as_polynomial(tm.child(atom, 1), rs, kr);
        std::map<uint32_t, mpq_class> poly;
        for (const Monomial& m : ms) poly[m.atom.id] += m.coeff;
        for (const Monomial& m : rs) poly[m.atom.id] -= m.coeff;
        std::vector<std::pair<lra::Simplex::Var, mpq_class>> row;
        for (const auto& [id, c] : poly)
            if (c != 0) row.emplace_back(var_of_atom(tm.term(id)), c);
        const mpq_class bound = kr - kl;
        if (row.empty()) {
            if (why) *why = "a literal without variables";
            return std::nullopt;
        }
        const lra::Simplex::Var v = row.size() == 1 && row[0].second == 1 ? row[0].first : sx.new_row(row);
        const auto reason = static_cast<lra::Simplex::Reason>(i + 1);
        const bool ints = tm.sort(tm.child(atom, 0)) == SortTable::Int && tm.sort(tm.child(atom, 1)) == SortTable::Int;
        bool ok = true;
        if (k == Kind::Eq) {
            ok = sx.assert_upper(v, DeltaRational(bound, 0), reason) &&
                 sx.assert_lower(v, DeltaRational(bound, 0), reason);
        } else if (k == Kind::Leq) {
            ok = value ? sx.assert_upper(v, DeltaRational(bound, 0), reason)
                       : sx.assert_lower(v, ints ? DeltaRational(bound + 1, 0) : DeltaRational(bound, 1), reason);
        } else {
            ok = value ? sx.assert_upper(v, DeltaRational(bound, -1), reason)
                       : sx.assert_lower(v, DeltaRational(bound, 0), reason);
        }
        clash = !ok;
    }
    if (!clash && sx.check()) {
        if (why) *why = "a side of the split is satisfiable over the reals";
        return std::nullopt;
    }
    const lra::Simplex::Conflict& conflict = sx.conflict();
    std::vector<LraCertificateEntry> entries;
    for (size_t i = 0; i < conflict.farkas.size(); ++i) {
        const LiaLiteral& l = lits[static_cast<size_t>(conflict.farkas[i].first - 1)];
        entries.push_back({l.atom, l.value, conflict.bounds[i].upper, conflict.farkas[i].second});
    }
    std::string inner;
    if (check_lra_certificate(tm, entries, &inner)) return entries;
    if (why) *why = "Farkas certificate of a side rejected: " + inner;
    return std::nullopt;
}

bool check_lia_lemma(TermManager& tm, std::span<const LiaLiteral> literals, Term split, const mpq_class& split_bound,
                     Term conclusion, std::string* why) {
    auto fail = [&](const std::string& m) {
        if (why) *why = m;
        return false;
    };
    if (tm.kind(conclusion) == Kind::True) return true;
    // 1. The split covers every integer point.
    if (!tm.is_arith(split) || tm.sort(split) != SortTable::Int) return fail("the split is not an Int term");
    if (split_bound.get_den() != 1) return fail("the split bound is not an integer");
    std::vector<Monomial> ms;
    mpq_class constant = 0;
    tm.as_polynomial(split, ms, constant);
    if (ms.empty()) return fail("the split has no variables");
    if (constant.get_den() != 1) return fail("the split has a fractional constant");
    for (const Monomial& m : ms)
        if (m.coeff.get_den() != 1 || tm.sort(m.atom) != SortTable::Int)
            return fail("the split is not an integer combination of Int atoms");
    // 2. Each side, with the literals and the negated conclusion, is infeasible.
    Term side = tm.mk_leq(split, tm.mk_numeral(split_bound, SortTable::Int));
    std::vector<LiaLiteral> lits(literals.begin(), literals.end());
    if (tm.kind(conclusion) != Kind::False) lits.push_back(literal(tm, conclusion, false));
    for (bool below : {true, false}) {
        std::vector<LiaLiteral> all = lits;
        if (tm.kind(side) == Kind::True || tm.kind(side) == Kind::False) {
            if ((tm.kind(side) == Kind::True) != below) continue;  // this side is empty
        } else {
            all.push_back(literal(tm, side, below));
        }
        std::string inner;
        if (!refute_over_reals(tm, all, &inner))
            return fail(std::string(below ? "side S <= k: " : "side S >= k+1: ") + inner);
    }
    return true;
}

}  // namespace craig::smt
