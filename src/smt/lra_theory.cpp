#include "smt/lra_theory.hpp"

#include <algorithm>

#include "smt/arith_definitions.hpp"
#include "smt/lia_certificate.hpp"
#include "smt/lra_certificate.hpp"
#include "smt/solver.hpp"
#include "smt/terms/printer.hpp"
#include "smt/terms/rational.hpp"

namespace craig::smt {

namespace {

// Cuts are tried on every kCutPeriod-th check that finds a fractional integer variable, from
// at most kCutRows rows, adding at most kCutsPerRound cuts.
constexpr uint64_t kCutPeriod = 4;
constexpr size_t kCutRows = 32;
constexpr size_t kCutsPerRound = 2;
// Cuts whose coefficients (scaled to integers) need more bits are dropped: exact, but slow.
constexpr size_t kCutMaxBits = 128;

}  // namespace

LraTheory::LraTheory(TermManager& tm) : tm_(tm) {}

bool LraTheory::owns(Term atom) const {
    switch (tm_.kind(atom)) {
        case Kind::Leq:
        case Kind::Lt: return true;
        case Kind::Eq: return tm_.is_arith(tm_.child(atom, 0));
        default: return false;
    }
}

bool LraTheory::is_nonlinear(Term t) const {
    switch (tm_.kind(t)) {
        case Kind::Mul:
        case Kind::RealDiv: return true;
        case Kind::IntDiv:
        case Kind::Mod:
        case Kind::Abs:
        case Kind::ToInt: return !has_arith_definition(tm_, t);  // else defined by the solver
        default: return false;
    }
}

LraTheory::Var LraTheory::var_of_atom(Term t) {
    auto it = poly_var_.find(t.id);
    if (it != poly_var_.end()) return it->second;
    Var v = simplex_.new_var();
    poly_var_.emplace(t.id, v);
    if (structural_.size() <= v) structural_.resize(v + 1);
    structural_[v] = t;
    if (is_int_.size() <= v) is_int_.resize(v + 1, 0);
    is_int_[v] = tm_.sort(t) == SortTable::Int;
    return v;
}

LraTheory::Var LraTheory::var_of_poly(Term p) {
    if (tm_.kind(p) != Kind::Linear) return var_of_atom(p);
    auto it = poly_var_.find(p.id);
    if (it != poly_var_.end()) return it->second;
    std::vector<std::pair<Var, mpq_class>> row;
    bool ints = true;
    for (size_t i = 0; i < tm_.num_children(p); ++i) {
        Var a = var_of_atom(tm_.child(p, i));
        ints = ints && is_int_[a] && tm_.coeff(p, i).get_den() == 1;
        row.emplace_back(a, tm_.coeff(p, i));
    }
    Var v = simplex_.new_row(row);
    poly_var_.emplace(p.id, v);
    if (is_int_.size() <= v) is_int_.resize(v + 1, 0);
    is_int_[v] = ints;
    if (row_term_.size() <= v) row_term_.resize(v + 1);
    row_term_[v] = p;
    return v;
}

void LraTheory::ensure_term(Term t) {
    if (tm_.kind(t) == Kind::Numeral || poly_var_.count(t.id)) return;
    var_of_poly(t);
    model_valid_ = false;
}

std::optional<mpq_class> LraTheory::model_value(Term t) {
    if (tm_.kind(t) == Kind::Numeral) return tm_.numeral(t);
    auto it = poly_var_.find(t.id);
    if (it == poly_var_.end()) return std::nullopt;
    if (!model_valid_) {
        model_ = simplex_.concrete_model();
        model_valid_ = true;
    }
    mpq_class v = model_[it->second];
    if (tm_.kind(t) == Kind::Linear) v += tm_.constant(t);  // rows leave the constant out
    return v;
}

void LraTheory::begin_round() {
    model_valid_ = false;
    simplex_.push();
    conflict_ = false;
    asserted_.clear();
    asserted_by_reason_.clear();
}

void LraTheory::end_round() {
    model_valid_ = false;
    simplex_.pop();
}

// Static learning: atoms over the same polynomial p imply each other by their bounds
// (p <= 1 implies p <= 2 and p < 3; p = 1 implies p <= 2 and excludes p < 1). Each new atom is
// linked to its neighbours in the sorted chain of p's bounds, so the SAT solver gets every
// implication between them by propagation instead of a theory conflict per pair.
void LraTheory::learn_static(Term atom) {
    if (!seen_atoms_.insert(atom.id).second) return;
    Kind k = tm_.kind(atom);
    if (k != Kind::Leq && k != Kind::Lt && k != Kind::Eq) return;
    Term p = tm_.child(atom, 0), rhs = tm_.child(atom, 1);
    if (tm_.kind(rhs) != Kind::Numeral || !tm_.is_arith(p)) return;
    const mpq_class& c = tm_.numeral(rhs);
    std::vector<BoundAtom>& chain = chains_[p.id];
    auto implies = [&](Term a, Term b) {
        implications_.emplace_back(a, b);
        ++static_lemmas_;
    };
    if (k == Kind::Eq) {
        // Bounds >= (c, 0) follow from p = c; bounds < (c, 0) contradict it.
        lra::DeltaRational b(c, 0);
        auto hi = std::lower_bound(chain.begin(), chain.end(), b,
                                   [](const BoundAtom& x, const lra::DeltaRational& v) { return x.bound < v; });
        if (hi != chain.end()) implies(atom, hi->atom);
        if (hi != chain.begin()) implies(atom, tm_.mk_not(std::prev(hi)->atom));
        return;
    }
    lra::DeltaRational b(c, k == Kind::Lt ? -1 : 0);  // the atom says p <= b
    auto pos = std::lower_bound(chain.begin(), chain.end(), b,
                                [](const BoundAtom& x, const lra::DeltaRational& v) { return x.bound < v; });
    if (pos != chain.end()) implies(atom, pos->atom);               // p <= b  ==>  p <= next
    if (pos != chain.begin()) implies(std::prev(pos)->atom, atom);  // p <= prev  ==>  p <= b
    chain.insert(pos, {b, atom});
}

// The bound form of an atom, computed once: rebuilding p - q for every assertion of an
// interface equality (x = y) cost more than the simplex itself on QF_UFLIA.
const LraTheory::AtomForm* LraTheory::atom_form(Term atom) {
    if (atom_form_index_.size() <= atom.id) atom_form_index_.resize(atom.id + 1, 0);
    if (uint32_t i = atom_form_index_[atom.id]) return i == kNoForm ? nullptr : &atom_forms_[i - 1];
    Term p;
    mpq_class c;
    if (tm_.kind(atom) == Kind::Eq && tm_.kind(tm_.child(atom, 1)) != Kind::Numeral) {
        p = tm_.mk_sub(tm_.child(atom, 0), tm_.child(atom, 1));
        c = 0;
    } else {
        p = tm_.child(atom, 0);
        c = tm_.numeral(tm_.child(atom, 1));
    }
    // A polynomial atom has no constant, but be robust: move one to the bound.
    if (tm_.kind(p) == Kind::Linear && tm_.constant(p) != 0) {
        c -= tm_.constant(p);
        p = tm_.mk_sub(p, tm_.mk_numeral(tm_.constant(p), tm_.sort(p)));
    }
    if (tm_.kind(p) == Kind::Numeral) {
        atom_form_index_[atom.id] = kNoForm;
        return nullptr;
    }
    const bool is_int = tm_.sort(tm_.child(atom, 1)) == SortTable::Int && tm_.sort(p) == SortTable::Int;
    Var v = var_of_poly(p);
    using lra::DeltaRational;
    DeltaRational if_true(c, 0), if_false(c, 0);
    if (tm_.kind(atom) == Kind::Leq)  // not p <= c:  p >= c+1 over the integers, else p > c
        if_false = is_int ? DeltaRational(c + 1, 0) : DeltaRational(c, 1);
    else if (tm_.kind(atom) == Kind::Lt)  // p < c: p <= c - δ
        if_true = DeltaRational(c, -1);
    atom_forms_.push_back({p, std::move(c), v, std::move(if_true), std::move(if_false)});
    atom_form_index_[atom.id] = static_cast<uint32_t>(atom_forms_.size());
    return &atom_forms_.back();
}

void LraTheory::assert_atom(Term atom, bool value, sat::Lit reason) {
    if (static_learning_) learn_static(atom);
    asserted_.push_back({atom, value, reason});
    if (conflict_) return;
    const AtomForm* form = atom_form(atom);
    if (!form) return;  // a constant polynomial: cannot happen for normalised atoms
    const Kind k = tm_.kind(atom);
    const Term p = form->p;
    const mpq_class& c = form->c;
    const Var v = form->var;
    bool ok = true;
    switch (k) {
        case Kind::Leq:
        case Kind::Lt:
            ok = value ? simplex_.assert_upper(v, form->if_true, reason)
                       : simplex_.assert_lower(v, form->if_false, reason);
            break;
        case Kind::Eq:
            if (value) {
                ok = simplex_.assert_upper(v, form->if_true, reason) && simplex_.assert_lower(v, form->if_true, reason);
            } else if (diseq_lemma_done_.insert(atom.id).second) {
                // p != c  becomes the lemma  p = c  or  p < c  or  p > c.
                Term parts[3] = {atom, tm_.mk_lt(p, tm_.mk_numeral(c, tm_.sort(p))),
                                 tm_.mk_gt(p, tm_.mk_numeral(c, tm_.sort(p)))};
                lemmas_.push_back(tm_.mk_or(parts));
            }
            break;
        default: break;
    }
    if (!ok) conflict_ = true;
}

void LraTheory::record_conflict(std::vector<std::vector<sat::Lit>>& conflicts) {
    const lra::Simplex::Conflict& conflict = simplex_.conflict();
    std::vector<sat::Lit> c;
    for (const auto& [reason, coeff] : conflict.farkas) c.push_back(reason);
    if (check_certificates_) check_certificate(conflict);
    if (record_proofs_) conflict_records_.push_back({false, certificate_entries(conflict), {}});
    conflicts.push_back(std::move(c));
}

void LraTheory::check_certificate(const lra::Simplex::Conflict& conflict) const {
    std::vector<LraCertificateEntry> entries = certificate_entries(conflict);
    std::string why;
    if (!check_lra_certificate(tm_, entries, &why))
        throw CheckFailure("arithmetic conflict with an invalid Farkas certificate: " + why);
}

std::vector<LraCertificateEntry> LraTheory::certificate_entries(const lra::Simplex::Conflict& conflict) const {
    std::unordered_map<sat::Lit, const Asserted*> by_reason;
    for (const Asserted& a : asserted_) by_reason.emplace(a.reason, &a);
    std::vector<LraCertificateEntry> entries;
    for (size_t i = 0; i < conflict.farkas.size(); ++i) {
        auto it = by_reason.find(conflict.farkas[i].first);
        if (it == by_reason.end())
            throw CheckFailure("arithmetic conflict: a Farkas coefficient for a literal never asserted");
        entries.push_back({it->second->atom, it->second->value, conflict.bounds[i].upper, conflict.farkas[i].second});
    }
    return entries;
}

bool LraTheory::check(std::vector<std::vector<sat::Lit>>& conflicts) {
    incomplete_.clear();
    if (conflict_ || !simplex_.check()) {
        record_conflict(conflicts);
        return false;
    }
    for (const Asserted& a : asserted_) {
        Term atom = a.atom;
        auto kids = tm_.children(atom);
        std::vector<Term> stack(kids.begin(), kids.end());
        while (!stack.empty()) {
            Term t = stack.back();
            stack.pop_back();
            if (is_nonlinear(t)) {
                incomplete_ = "non-linear arithmetic: " + term_to_string(tm_, t, false).substr(0, 120);
                return true;
            }
            if (tm_.kind(t) == Kind::Linear)
                for (Term a : tm_.children(t)) stack.push_back(a);
        }
    }
    if (!lemmas_.empty()) return true;
    return integer_check(conflicts);
}

// ---------------------------------------------------------------------------------------------
// Integers

bool LraTheory::integer_check(std::vector<std::vector<sat::Lit>>& conflicts) {
    std::vector<mpq_class> values = simplex_.concrete_model();
    bool fractional = false;
    for (Var v = 0; v < structural_.size() && !fractional; ++v)
        fractional = structural_[v].valid() && is_int_[v] && values[v].get_den() != 1;
    if (!fractional) return true;
    // Rows of integer basic variables: GCD test on all of them, cut candidates among them.
    std::vector<Var> fractional_basics;
    for (Var v = 0; v < simplex_.num_vars(); ++v) {
        if (!is_int_[v] || !simplex_.is_basic(v)) continue;
        if (auto conflict = lra::gcd_conflict(simplex_, v, is_int_)) {
            std::vector<sat::Lit> clause;
            for (auto [x, upper] : conflict->bounds)
                clause.push_back(upper ? simplex_.upper_reason(x) : simplex_.lower_reason(x));
            if (check_certificates_) check_int_lemma(*conflict, tm_.mk_false());
            if (record_proofs_) conflict_records_.push_back({true, {}, int_lemma_record(*conflict, tm_.mk_false())});
            conflicts.push_back(std::move(clause));
            ++int_stats_.gcd_conflicts;
            return false;
        }
        if (values[v].get_den() != 1) fractional_basics.push_back(v);
    }
    if (cuts_ && ++fractional_checks_ % kCutPeriod == 0 && make_cuts(fractional_basics)) return true;
    return branch(values);
}

bool LraTheory::expand(std::span<const std::pair<Var, mpq_class>> sum, std::map<uint32_t, mpq_class>& out) const {
    for (const auto& [x, c] : sum) {
        if (x < structural_.size() && structural_[x].valid()) {
            out[structural_[x].id] += c;
        } else if (x < row_term_.size() && row_term_[x].valid()) {
            Term p = row_term_[x];
            for (size_t i = 0; i < tm_.num_children(p); ++i) out[tm_.child(p, i).id] += c * tm_.coeff(p, i);
        } else {
            return false;
        }
    }
    std::erase_if(out, [](const auto& e) { return sgn(e.second) == 0; });
    return true;
}

const LraTheory::Asserted* LraTheory::bound_literal(Var v, bool upper) {
    if (asserted_by_reason_.size() != asserted_.size()) {
        asserted_by_reason_.clear();
        for (size_t i = 0; i < asserted_.size(); ++i) asserted_by_reason_.emplace(asserted_[i].reason, i);
    }
    auto it = asserted_by_reason_.find(upper ? simplex_.upper_reason(v) : simplex_.lower_reason(v));
    return it == asserted_by_reason_.end() ? nullptr : &asserted_[it->second];
}

void LraTheory::check_int_lemma(const lra::IntLemma& lemma, Term conclusion) const {
    LiaLemma r = int_lemma_record(lemma, conclusion);
    std::string why;
    if (!check_lia_lemma(tm_, r.literals, r.split, r.split_bound, conclusion, &why))
        throw CheckFailure("integer lemma (" + std::string(tm_.kind(conclusion) == Kind::False ? "GCD test" : "cut") +
                           ") rejected: " + why);
}

LiaLemma LraTheory::int_lemma_record(const lra::IntLemma& lemma, Term conclusion) const {
    std::vector<LiaLiteral> lits;
    for (auto [x, upper] : lemma.bounds) {
        sat::Lit r = upper ? simplex_.upper_reason(x) : simplex_.lower_reason(x);
        auto it = std::find_if(asserted_.begin(), asserted_.end(), [&](const Asserted& a) { return a.reason == r; });
        if (it == asserted_.end()) throw CheckFailure("integer lemma: a bound of a literal never asserted");
        lits.push_back({it->atom, it->value});
    }
    std::map<uint32_t, mpq_class> split;
    if (!expand(lemma.split, split)) throw CheckFailure("integer lemma: a split over unknown variables");
    std::vector<Monomial> ms;
    for (const auto& [id, c] : split) ms.push_back({c, tm_.term(id)});
    Term s = tm_.mk_linear(std::move(ms), 0, SortTable::Int);
    return {std::move(lits), s, lemma.split_bound, conclusion};
}

// Gomory cuts from the rows of fractional integer basic variables (rotating through them),
// each as the lemma  (not b1 or ... or not bn or cut)  over the bound literals it used.
bool LraTheory::make_cuts(const std::vector<Var>& fractional_basics) {
    size_t made = 0;
    const size_t n = fractional_basics.size();
    for (size_t i = 0; i < n && i < kCutRows && made < kCutsPerRound; ++i) {
        Var b = fractional_basics[(cut_start_ + i) % n];
        auto lemma = lra::gomory_cut(simplex_, b, is_int_);
        if (!lemma) continue;
        // The split must be an integer combination of Int atoms: the cut's validity rests on it.
        std::map<uint32_t, mpq_class> split, cut;
        if (!expand(lemma->split, split) || !expand(lemma->cut, cut) || cut.empty()) continue;
        bool ok = true;
        for (const auto& [id, c] : split) ok = ok && c.get_den() == 1 && tm_.sort(tm_.term(id)) == SortTable::Int;
        if (!ok) continue;
        // The cut over the atoms; over Int atoms scaled to integer coefficients, the bound rounded up.
        bool ints = true;
        mpz_class lcm = 1;
        for (const auto& [id, c] : cut) {
            ints = ints && tm_.sort(tm_.term(id)) == SortTable::Int;
            mpz_lcm(lcm.get_mpz_t(), lcm.get_mpz_t(), c.get_den_mpz_t());
        }
        const mpq_class scale = ints ? mpq_class(lcm) : mpq_class(1);
        std::vector<Monomial> ms;
        for (const auto& [id, c] : cut) {
            ms.push_back({c * scale, tm_.term(id)});
            if (mpz_sizeinbase(ms.back().coeff.get_num_mpz_t(), 2) > kCutMaxBits ||
                mpz_sizeinbase(ms.back().coeff.get_den_mpz_t(), 2) > kCutMaxBits)
                ok = false;
        }
        if (!ok) continue;
        const Sort sort = ints ? SortTable::Int : SortTable::Real;
        mpq_class bound = lemma->cut_bound * scale;
        if (ints) bound = ceil_q(bound);
        Term cut_atom = tm_.mk_geq(tm_.mk_linear(std::move(ms), 0, sort), tm_.mk_numeral(bound, sort));
        if (tm_.kind(cut_atom) == Kind::True) continue;
        std::vector<Term> parts;
        for (auto [x, upper] : lemma->bounds) {
            const Asserted* a = bound_literal(x, upper);
            if (!a) {
                ok = false;
                break;
            }
            parts.push_back(a->value ? tm_.mk_not(a->atom) : a->atom);
        }
        if (!ok) continue;
        parts.push_back(cut_atom);
        Term clause = tm_.mk_or(parts);
        if (tm_.kind(clause) == Kind::True || !int_lemmas_done_.insert(clause.id).second) continue;
        if (check_certificates_) check_int_lemma(*lemma, cut_atom);
        if (record_proofs_) lemma_records_.emplace(clause.id, int_lemma_record(*lemma, cut_atom));
        lemmas_.push_back(clause);
        ++int_stats_.cuts;
        ++made;
    }
    if (n > 0) cut_start_ = static_cast<uint32_t>((cut_start_ + 1) % n);
    return made > 0;
}

// Branch and bound on the first fractional integer variable by id; the split atom comes in
// the polarity of the nearer integer, which the SAT solver tries first.
bool LraTheory::branch(const std::vector<mpq_class>& values) {
    for (Var v = 0; v < structural_.size(); ++v) {
        if (!structural_[v].valid() || !is_int_[v]) continue;
        if (values[v].get_den() == 1) continue;
        if (++branches_ > branch_budget_) {
            incomplete_ = "integer branch budget";
            return true;
        }
        ++int_stats_.branches;
        const mpq_class fl = floor_q(values[v]);
        Term atom = tm_.mk_leq(structural_[v], tm_.mk_numeral(fl, SortTable::Int));
        splits_.push_back(values[v] - fl <= mpq_class(1, 2) ? atom : tm_.mk_not(atom));
        return true;
    }
    return true;
}

void LraTheory::take_implications(std::vector<std::pair<Term, Term>>& out) {
    out.insert(out.end(), implications_.begin(), implications_.end());
    implications_.clear();
}

void LraTheory::take_requests(std::vector<Term>& lemmas, std::vector<Term>& splits) {
    lemmas.insert(lemmas.end(), lemmas_.begin(), lemmas_.end());
    splits.insert(splits.end(), splits_.begin(), splits_.end());
    lemmas_.clear();
    splits_.clear();
}

void LraTheory::extend_model(Model& model) {
    std::vector<mpq_class> values = simplex_.concrete_model();
    for (Var v = 0; v < structural_.size(); ++v) {
        Term t = structural_[v];
        if (!t.valid() || tm_.kind(t) != Kind::Const) continue;
        model.set_const(tm_.func_of(t), Value::of_number(values[v], tm_.sort(t)));
    }
}

}  // namespace craig::smt
