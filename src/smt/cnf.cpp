#include "smt/cnf.hpp"

#include "smt/ackermann.hpp"
#include "smt/bv/bit_blaster.hpp"

namespace craig::smt {

CnfEncoder::CnfEncoder(TermManager& tm, sat::SatSolver& sat) : tm_(tm), sat_(sat) {}
CnfEncoder::~CnfEncoder() = default;

bool CnfEncoder::is_bv_atom(Term t) const {
    Kind k = tm_.kind(t);
    return is_bv_predicate_kind(k) || (k == Kind::Eq && tm_.is_bv(tm_.child(t, 0)));
}

bool CnfEncoder::is_theory_atom(Term t) const {
    switch (tm_.kind(t)) {
        case Kind::Eq: return !tm_.is_bool(tm_.child(t, 0)) && !tm_.is_bv(tm_.child(t, 0));
        case Kind::App: return !is_ackermann_function(tm_, tm_.func_of(t));  // else a SAT variable
        case Kind::Leq:
        case Kind::Lt:
        case Kind::IsInt: return true;
        default: return false;
    }
}

uint32_t CnfEncoder::add_clause(std::span<const sat::Lit> lits) {
    clause_tags_.push_back(tag_);
    return sat_.add_clause(lits, tag_);
}

uint32_t CnfEncoder::add_lemma(std::span<const sat::Lit> lits) {
    clause_tags_.push_back(tag_);
    return sat_.add_lemma(lits, tag_);
}

uint32_t CnfEncoder::log_reason(std::span<const sat::Lit> lits) {
    clause_tags_.push_back(tag_);
    return sat_.log_reason(lits, tag_);
}

int CnfEncoder::make_var(Term t) {
    int v = sat_.new_var();
    if (term_var_.size() <= t.id) term_var_.resize(t.id + 1, 0);
    term_var_[t.id] = v;
    if (var_term_.size() <= static_cast<size_t>(v)) var_term_.resize(v + 1);
    var_term_[v] = t;
    return v;
}

// Walks the non-Boolean subterms of a theory atom (iteratively): Boolean arguments of
// applications become literals, non-Boolean ites are recorded.
void CnfEncoder::scan_theory_term(Term root) {
    std::vector<Term> stack{root};
    while (!stack.empty()) {
        Term t = stack.back();
        stack.pop_back();
        if (scanned_.size() <= t.id) scanned_.resize(t.id + 1, 0);
        if (scanned_[t.id]) continue;
        scanned_[t.id] = 1;
        Kind k = tm_.kind(t);
        if (k == Kind::Ite && !tm_.is_bool(t)) term_ites_.push_back(t);
        if (k == Kind::IntDiv || k == Kind::Mod || k == Kind::Abs || k == Kind::ToInt) arith_ops_.push_back(t);
        // A copy: literal() below may create terms, which can move the children's storage (and it
        // may come back here, so no shared scratch buffer either).
        const std::vector<Term> kids(tm_.children(t).begin(), tm_.children(t).end());
        for (Term c : kids) {
            if (tm_.is_bool(c) && k != Kind::Ite) {
                literal(c);  // e.g. f(p) or f(x = y): the argument's truth value is a SAT literal
            } else if (tm_.is_bool(c)) {
                literal(c);  // the condition of a term-ite
            } else {
                stack.push_back(c);
            }
        }
    }
}

sat::Lit CnfEncoder::literal(Term root) {
    // Iterative post-order so that deep formulas cannot overflow the stack.
    auto lit_of = [&](Term t) -> sat::Lit {
        if (tm_.kind(t) == Kind::Not) {
            Term c = tm_.child(t, 0);
            return -term_var_[c.id];
        }
        return term_var_[t.id];
    };
    auto done = [&](Term t) {
        if (tm_.kind(t) == Kind::Not) t = tm_.child(t, 0);
        return t.id < term_var_.size() && term_var_[t.id] != 0;
    };
    if (done(root)) return lit_of(root);
    std::vector<std::pair<Term, bool>> stack{{root, false}};
    while (!stack.empty()) {
        auto [t, expanded] = stack.back();
        stack.pop_back();
        if (tm_.kind(t) == Kind::Not) t = tm_.child(t, 0);
        if (done(t)) continue;
        Kind k = tm_.kind(t);
        bool connective = k == Kind::And || k == Kind::Or || k == Kind::Xor || k == Kind::Implies ||
                          k == Kind::Distinct || (k == Kind::Ite && tm_.is_bool(t)) ||
                          (k == Kind::Eq && tm_.is_bool(tm_.child(t, 0)));
        if (connective && k != Kind::Distinct && !expanded) {
            stack.push_back({t, true});
            for (Term c : tm_.children(t))
                if (!done(c)) stack.push_back({c, false});
            continue;
        }
        if (is_bv_atom(t)) {
            // The circuit first, then the atom's variable as its output (gates define their
            // outputs from older variables only, which the proof checker relies on).
            if (!bv_) bv_ = std::make_unique<bv::BitBlaster>(tm_, *this, sat_);
            sat::Lit out = bv_->predicate(t);
            if (done(t)) continue;  // the circuit's ite conditions may have encoded t (not usual)
            int v = make_var(t);
            bv_->define_buffer(v, out);
            continue;
        }
        int v = make_var(t);
        define(t, v);
    }
    return lit_of(root);
}

void CnfEncoder::define(Term t, int v) {
    Kind k = tm_.kind(t);
    auto L = [&](Term c) -> sat::Lit {
        if (tm_.kind(c) == Kind::Not) return -term_var_[tm_.child(c, 0).id];
        return term_var_[c.id];
    };
    const bool proofs = sat_.proof_mode();
    auto add = [&](std::span<const sat::Lit> ls) {
        uint32_t id = add_clause(ls);
        if (proofs) definitions_.emplace_back(id, t);
    };
    auto clause = [&](std::initializer_list<sat::Lit> ls) { add(std::span<const sat::Lit>(ls.begin(), ls.size())); };
    switch (k) {
        case Kind::True: clause({v}); return;
        case Kind::False: clause({-v}); return;
        case Kind::And: {
            buf_.clear();
            buf_.push_back(v);
            for (Term c : tm_.children(t)) {
                clause({-v, L(c)});
                buf_.push_back(-L(c));
            }
            std::vector<sat::Lit> big = buf_;
            add(big);
            return;
        }
        case Kind::Or: {
            buf_.clear();
            buf_.push_back(-v);
            for (Term c : tm_.children(t)) {
                clause({v, -L(c)});
                buf_.push_back(L(c));
            }
            std::vector<sat::Lit> big = buf_;
            add(big);
            return;
        }
        case Kind::Implies: {
            sat::Lit a = L(tm_.child(t, 0)), b = L(tm_.child(t, 1));
            clause({-v, -a, b});
            clause({v, a});
            clause({v, -b});
            return;
        }
        case Kind::Xor:
        case Kind::Eq: {  // Boolean Eq is iff; Eq over other sorts is a theory atom (below)
            if (k == Kind::Eq && !tm_.is_bool(tm_.child(t, 0))) {
                atoms_.push_back(t);
                scan_theory_term(t);
                return;
            }
            sat::Lit a = L(tm_.child(t, 0)), b = L(tm_.child(t, 1));
            if (k == Kind::Xor) b = -b;
            clause({-v, -a, b});
            clause({-v, a, -b});
            clause({v, a, b});
            clause({v, -a, -b});
            return;
        }
        case Kind::Ite: {
            sat::Lit c = L(tm_.child(t, 0)), a = L(tm_.child(t, 1)), b = L(tm_.child(t, 2));
            clause({-v, -c, a});
            clause({-v, c, b});
            clause({v, -c, -a});
            clause({v, c, -b});
            clause({-v, a, b});  // redundant, helps propagation
            clause({v, -a, -b});
            return;
        }
        case Kind::Distinct: {
            // (distinct x1..xn) with n >= 3 over a non-Boolean sort: all pairwise disequalities.
            auto kids = tm_.children(t);
            std::vector<Term> kid_vec(kids.begin(), kids.end());
            std::vector<Term> diseqs;
            for (size_t i = 0; i < kid_vec.size(); ++i)
                for (size_t j = i + 1; j < kid_vec.size(); ++j)
                    diseqs.push_back(tm_.mk_not(tm_.mk_eq(kid_vec[i], kid_vec[j])));
            Term conj = tm_.mk_and(diseqs);
            sat::Lit c = literal(conj);
            clause({-v, c});
            clause({v, -c});
            return;
        }
        default:
            // Propositional constant or theory atom: a free variable for the SAT solver.
            if (is_theory_atom(t)) {
                atoms_.push_back(t);
                scan_theory_term(t);
            }
            return;
    }
}

}  // namespace craig::smt
