#include "smt/proof_check.hpp"

#include <algorithm>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "sat/proof_checker.hpp"
#include "smt/ackermann.hpp"
#include "smt/euf_certificate.hpp"
#include "smt/terms/printer.hpp"

namespace craig::smt {

const char* leaf_kind_name(LeafKind k) {
    switch (k) {
        case LeafKind::Unknown: return "unknown";
        case LeafKind::Definition: return "definition";
        case LeafKind::Assertion: return "assertion";
        case LeafKind::Deactivation: return "deactivation";
        case LeafKind::IteDefinition: return "ite-definition";
        case LeafKind::ArithDefinition: return "arith-definition";
        case LeafKind::TheoryLemma: return "theory-lemma";
        case LeafKind::Transitivity: return "transitivity";
        case LeafKind::EufConflict: return "euf-conflict";
        case LeafKind::LraConflict: return "lra-conflict";
        case LeafKind::LiaConflict: return "lia-conflict";
        case LeafKind::LraImplication: return "lra-implication";
        case LeafKind::BvGate: return "bv-gate";
        case LeafKind::AckermannLemma: return "ackermann-lemma";
    }
    return "unknown";
}

std::vector<uint32_t> SmtProof::used_assertions() const {
    std::vector<uint32_t> ids;
    for (uint32_t n = 0; n < resolution.num_nodes(); ++n)
        if (resolution.is_leaf(n) && leaves[n].kind == LeafKind::Assertion) ids.push_back(leaves[n].assertion);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

namespace {

using sat::Lit;

class Checker {
public:
    Checker(TermManager& tm, const SmtProof& p) : tm_(tm), p_(p) {
        for (size_t v = 1; v < p.var_terms.size(); ++v)
            if (p.var_terms[v].valid()) var_of_.emplace(p.var_terms[v].id, static_cast<int>(v));
        assumed_.insert(p.assumed.begin(), p.assumed.end());
        gates_error_ = check_gates();
    }

    // The literal of Boolean term t (0 if t has no variable).
    Lit lit_of(Term t) const {
        bool neg = false;
        if (tm_.kind(t) == Kind::Not) {
            t = tm_.child(t, 0);
            neg = true;
        }
        auto it = var_of_.find(t.id);
        if (it == var_of_.end()) return 0;
        return neg ? -it->second : it->second;
    }
    Term term_of(Lit l) const {
        size_t v = static_cast<size_t>(l < 0 ? -l : l);
        return v < p_.var_terms.size() ? p_.var_terms[v] : Term{};
    }
    bool is_activation(Lit l) const {
        size_t v = static_cast<size_t>(l < 0 ? -l : l);
        return v < p_.activation.size() && p_.activation[v];
    }

    // "" if the leaf checks, else why not.
    std::string leaf(uint32_t n) {
        const LeafInfo& info = p_.leaves[n];
        std::span<const Lit> c = p_.resolution.clause(n);
        switch (info.kind) {
            case LeafKind::Definition: return definition(info.term, c);
            case LeafKind::Assertion: return assertion(info, c);
            case LeafKind::Deactivation:
                if (c.size() == 1 && c[0] < 0 && is_activation(c[0]) && !assumed_.count(-c[0])) return "";
                return "a deactivation that is not the negation of an unassumed activation";
            case LeafKind::IteDefinition: {
                Term t = info.term;
                if (!t.valid() || tm_.kind(t) != Kind::Ite || tm_.is_bool(t)) return "ite definition of a non-ite";
                Term def = tm_.mk_ite(tm_.child(t, 0), tm_.mk_eq(t, tm_.child(t, 1)), tm_.mk_eq(t, tm_.child(t, 2)));
                return unit_of(def, c) ? "" : "ite definition clause is not the definition";
            }
            case LeafKind::ArithDefinition: {
                Term def = standard_definition(info.term);
                return def.valid() && unit_of(def, c) ? "" : "arith definition clause is not the definition";
            }
            case LeafKind::AckermannLemma:
                if (!info.term.valid() || !is_ackermann_lemma(tm_, info.term))
                    return "ackermann lemma that is not a congruence instance";
                return unit_of(info.term, c) ? "" : "ackermann lemma clause is not the lemma";
            case LeafKind::TheoryLemma: return theory_lemma(info, c);
            case LeafKind::Transitivity:
            case LeafKind::EufConflict: return euf_clause(c);
            case LeafKind::LraConflict: return lra_conflict(info, c);
            case LeafKind::LiaConflict: return lia_conflict(info, c);
            case LeafKind::LraImplication: return implication(info, c);
            case LeafKind::BvGate:
                if (!gates_error_.empty()) return gates_error_;
                if (info.cert >= p_.bv_gates.size()) return "bv-gate leaf without a gate";
                return bv::gate_implies(p_.bv_gates[info.cert], c) ? "" : "bv-gate clause is not implied by its gate";
            default: return std::string("proof contains an unchecked ") + leaf_kind_name(info.kind) + " lemma";
        }
    }

private:
    // The gates must be a definitional extension: each output variable defined by one gate, from
    // older variables only (no cycles), and no output is a variable with another meaning (a term
    // other than a bit-vector atom, or an activation).
    std::string check_gates() const {
        std::unordered_set<int> outs;
        for (const bv::Gate& g : p_.bv_gates) {
            if (g.out <= 0 || !outs.insert(g.out).second) return "a bit-blasting wire is defined twice";
            for (Lit l : g.in)
                if (std::abs(l) >= g.out) return "a bit-blasting gate reads a younger variable";
            if (is_activation(g.out)) return "a bit-blasting gate defines an activation variable";
            Term t = term_of(g.out);
            if (t.valid()) {
                Kind k = tm_.kind(t);
                bool bv_atom = is_bv_predicate_kind(k) || (k == Kind::Eq && tm_.is_bv(tm_.child(t, 0)));
                if (!bv_atom) return "a bit-blasting gate defines the variable of a non-bit-vector term";
            }
        }
        return "";
    }

    // The definitions of div and mod by a non-zero numeral, abs and to_int, stated from the
    // SMT-LIB Ints and Reals theories here rather than taken from arith_definitions.cpp (the
    // producer): x = k·(div x k) + (mod x k) with 0 <= mod < |k|; abs by cases; to_int as the
    // floor. Term construction normalises, so equal formulas are the same term; a spelling that
    // differs from the producer's fails the check (never passes it wrongly).
    Term standard_definition(Term t) {
        Kind k = tm_.kind(t);
        if (k == Kind::IntDiv || k == Kind::Mod) {
            Term x = tm_.child(t, 0), d = tm_.child(t, 1);
            if (tm_.kind(d) != Kind::Numeral || tm_.numeral(d) == 0) return Term{};
            const mpq_class kv = tm_.numeral(d);
            const Term abs_k = tm_.mk_numeral(abs(kv), SortTable::Int);
            const Term zero = tm_.mk_numeral(0, SortTable::Int);
            Term quotient = k == Kind::IntDiv ? t : tm_.mk_int_div(x, d);
            Term k_times_q = tm_.mk_mul(std::vector<Term>{d, quotient});
            if (k == Kind::IntDiv) {  // 0 <= x - k·q < |k|
                Term rest = tm_.mk_sub(x, k_times_q);
                return tm_.mk_and(tm_.mk_geq(rest, zero), tm_.mk_lt(rest, abs_k));
            }
            Term parts[3] = {tm_.mk_eq(x, tm_.mk_add(std::vector<Term>{k_times_q, t})), tm_.mk_geq(t, zero),
                             tm_.mk_lt(t, abs_k)};
            return tm_.mk_and(parts);
        }
        if (k == Kind::Abs) {
            Term x = tm_.child(t, 0);
            Term zero = tm_.mk_numeral(0, tm_.sort(x));
            return tm_.mk_ite(tm_.mk_leq(zero, x), tm_.mk_eq(t, x), tm_.mk_eq(t, tm_.mk_sub(zero, x)));
        }
        if (k == Kind::ToInt) {  // the floor: to_real(t) <= x < to_real(t) + 1
            Term x = tm_.child(t, 0);
            Term gap = tm_.mk_sub(x, tm_.mk_to_real(t));
            return tm_.mk_and(tm_.mk_geq(gap, tm_.mk_numeral(0, SortTable::Real)),
                              tm_.mk_lt(gap, tm_.mk_numeral(1, SortTable::Real)));
        }
        return Term{};
    }

    bool unit_of(Term t, std::span<const Lit> c) const { return c.size() == 1 && lit_of(t) == c[0] && c[0] != 0; }

    // The clause must hold in every assignment with v(t) <=> op(kids): no assignment falsifying
    // all its literals satisfies the definition.
    std::string definition(Term t, std::span<const Lit> c) {
        if (!t.valid()) return "definition of no term";
        const Lit v = lit_of(t);
        if (v <= 0) return "definition of a term without a variable";
        Kind k = tm_.kind(t);
        std::vector<Lit> kids;
        if (k == Kind::Distinct) {
            std::vector<Term> ks(tm_.children(t).begin(), tm_.children(t).end()), diseqs;
            for (size_t i = 0; i < ks.size(); ++i)
                for (size_t j = i + 1; j < ks.size(); ++j) diseqs.push_back(tm_.mk_not(tm_.mk_eq(ks[i], ks[j])));
            kids.push_back(lit_of(tm_.mk_and(diseqs)));
        } else if (k != Kind::True && k != Kind::False) {
            for (Term ch : tm_.children(t)) kids.push_back(lit_of(ch));
        }
        for (Lit l : kids)
            if (l == 0) return "definition over a child without a variable";
        // The falsifying assignment: var -> value.
        std::unordered_map<int, bool> val;
        for (Lit l : c) {
            int x = l < 0 ? -l : l;
            if (x != v && std::none_of(kids.begin(), kids.end(), [&](Lit q) { return q == x || q == -x; }))
                return "definition clause mentions a variable outside the definition";
            auto [it, fresh] = val.emplace(x, l < 0);
            if (!fresh && it->second != (l < 0)) return "";  // tautology
        }
        auto value = [&](Lit l, std::unordered_map<int, bool>& a) -> int {  // -1 unassigned
            auto it = a.find(l < 0 ? -l : l);
            if (it == a.end()) return -1;
            return it->second != (l < 0);
        };
        if (k == Kind::And || k == Kind::Or) {
            // Exact when the children's variables are distinct, otherwise it may reject a valid
            // clause (never accept an invalid one).
            const bool is_and = k == Kind::And;
            int tv = value(v, val);
            if (tv < 0) return "and/or definition clause without the defined variable";
            bool some_blocking = false, all_forced = true;  // and: blocking = a false kid
            for (Lit q : kids) {
                int kv = value(q, val);
                if (kv == (is_and ? 0 : 1)) some_blocking = true;
                if (kv != (is_and ? 1 : 0)) all_forced = false;
            }
            // op value is forced to !neutral if some blocking kid, to neutral if all kids forced.
            bool holds_possible;
            if (some_blocking)
                holds_possible = (tv == (is_and ? 0 : 1));
            else if (all_forced)
                holds_possible = (tv == (is_and ? 1 : 0));
            else
                holds_possible = true;
            return holds_possible ? "and/or definition clause is not valid" : "";
        }
        std::vector<int> free;
        auto consider = [&](Lit l) {
            int x = l < 0 ? -l : l;
            if (!val.count(x) && std::find(free.begin(), free.end(), x) == free.end()) free.push_back(x);
        };
        consider(v);
        for (Lit q : kids) consider(q);
        if (free.size() > 8) return "definition with too many free variables";
        for (uint32_t m = 0; m < (1u << free.size()); ++m) {
            std::unordered_map<int, bool> a = val;
            for (size_t i = 0; i < free.size(); ++i) a[free[i]] = (m >> i) & 1;
            auto b = [&](Lit l) { return value(l, a) == 1; };
            bool op;
            switch (k) {
                case Kind::True: op = true; break;
                case Kind::False: op = false; break;
                case Kind::Implies: op = !b(kids[0]) || b(kids[1]); break;
                case Kind::Xor: op = b(kids[0]) != b(kids[1]); break;
                case Kind::Eq: op = b(kids[0]) == b(kids[1]); break;
                case Kind::Ite: op = b(kids[0]) ? b(kids[1]) : b(kids[2]); break;
                case Kind::Distinct: op = b(kids[0]); break;
                default: return std::string("definition of an unexpected connective");
            }
            if ((k == Kind::Eq || k == Kind::Xor) && kids.size() != 2) return "n-ary iff/xor definition";
            if (b(v) == op) return "definition clause is not valid";
        }
        return "";
    }

    std::string assertion(const LeafInfo& info, std::span<const Lit> c) {
        auto it = std::find_if(p_.active.begin(), p_.active.end(),
                               [&](const SmtProof::Active& a) { return a.id == info.assertion; });
        if (it == p_.active.end()) return "clause of an assertion that is not active";
        if (it->formula != info.term) return "assertion clause of another formula";
        Lit f = lit_of(info.term);
        if (f == 0) return "assertion formula without a variable";
        if (c.size() == 1 && c[0] == f) return "";
        if (c.size() == 2) {
            Lit other = c[0] == f ? c[1] : c[1] == f ? c[0] : 0;
            if (other < 0 && is_activation(other)) return "";
        }
        return "assertion clause is not (not act) or lit(formula)";
    }

    // Facts of the negation of the clause.
    void facts_of(std::span<const Lit> c, std::vector<EufFact>& facts) {
        for (Lit l : c) {
            Term a = term_of(l);
            bool value = l < 0;  // the literal the clause negates
            if (tm_.kind(a) == Kind::Eq && !tm_.is_bool(tm_.child(a, 0)))
                facts.push_back({tm_.child(a, 0), tm_.child(a, 1), value});
            facts.push_back({a, tm_.mk_bool(value), true});
            facts.push_back({tm_.mk_not(a), tm_.mk_bool(!value), true});
        }
    }

    std::string euf_clause(std::span<const Lit> c) {
        std::vector<EufFact> facts;
        for (Lit l : c)
            if (!term_of(l).valid()) return "EUF clause over a variable without a term";
        facts_of(c, facts);
        std::string why;
        return check_euf_conflict(tm_, facts, &why) ? "" : "EUF clause not derived: " + why;
    }

    // The clause must be exactly the negation of the certificate's literals.
    bool negates(std::span<const Lit> c, const std::vector<std::pair<Term, bool>>& lits) const {
        std::vector<Lit> want;
        for (auto& [atom, value] : lits) {
            Lit x = lit_of(atom);
            if (x == 0) return false;
            want.push_back(value ? -x : x);
        }
        std::sort(want.begin(), want.end());
        want.erase(std::unique(want.begin(), want.end()), want.end());
        return std::equal(want.begin(), want.end(), c.begin(), c.end());
    }

    std::string lra_conflict(const LeafInfo& info, std::span<const Lit> c) {
        if (info.cert >= p_.farkas.size()) return "LRA conflict without Farkas coefficients";
        const auto& entries = p_.farkas[info.cert];
        std::vector<std::pair<Term, bool>> lits;
        for (const auto& e : entries) lits.emplace_back(e.atom, e.value);
        if (!negates(c, lits)) return "LRA conflict clause does not match its certificate";
        std::string why;
        return check_lra_certificate(tm_, entries, &why) ? "" : "invalid Farkas certificate: " + why;
    }

    std::string lia_conflict(const LeafInfo& info, std::span<const Lit> c) {
        if (info.cert >= p_.lia.size()) return "GCD conflict without its record";
        const LiaLemma& r = p_.lia[info.cert];
        std::vector<std::pair<Term, bool>> lits;
        for (const auto& l : r.literals) lits.emplace_back(l.atom, l.value);
        if (tm_.kind(r.conclusion) != Kind::False || !negates(c, lits))
            return "GCD conflict clause does not match its record";
        std::string why;
        return check_lia_lemma(tm_, r.literals, r.split, r.split_bound, r.conclusion, &why)
                   ? ""
                   : "GCD conflict rejected: " + why;
    }

    // a => b between bound atoms over one polynomial: a and not b must be refuted by the Farkas
    // certificate with both weights 1 (for an equation, either side).
    std::string implication(const LeafInfo& info, std::span<const Lit> c) {
        Term t = info.term;
        if (!t.valid() || tm_.kind(t) != Kind::Implies) return "proof contains an unchecked lra-implication lemma";
        Term a = tm_.child(t, 0), b = tm_.child(t, 1);
        Lit la = lit_of(a), lb = lit_of(b);
        std::vector<Lit> want = {-la, lb};
        std::sort(want.begin(), want.end());
        if (la == 0 || lb == 0 || !std::equal(want.begin(), want.end(), c.begin(), c.end()))
            return "implication clause is not (not a) or b";
        auto atom = [&](Term x, bool& v) {
            v = tm_.kind(x) != Kind::Not;
            return v ? x : tm_.child(x, 0);
        };
        bool va, vb;
        Term aa = atom(a, va), ab = atom(b, vb);
        for (int sides = 0; sides < 4; ++sides) {
            LraCertificateEntry e[2] = {{aa, va, (sides & 1) != 0, 1}, {ab, !vb, (sides & 2) != 0, 1}};
            if (check_lra_certificate(tm_, e, nullptr)) return "";
        }
        return "proof contains an unchecked lra-implication lemma (no unit Farkas certificate)";
    }

    std::string theory_lemma(const LeafInfo& info, std::span<const Lit> c) {
        Term l = info.term;
        if (!l.valid() || !unit_of(l, c)) return "theory lemma clause is not the unit of its lemma";
        if (info.cert != UINT32_MAX) {  // a cut
            if (info.cert >= p_.lia.size()) return "cut without its record";
            const LiaLemma& r = p_.lia[info.cert];
            std::vector<Term> parts;
            for (const auto& x : r.literals) parts.push_back(x.value ? tm_.mk_not(x.atom) : x.atom);
            parts.push_back(r.conclusion);
            if (tm_.mk_or(parts) != l) return "cut lemma does not match its record";
            std::string why;
            return check_lia_lemma(tm_, r.literals, r.split, r.split_bound, r.conclusion, &why)
                       ? ""
                       : "cut rejected: " + why;
        }
        if (tm_.kind(l) == Kind::Or && tm_.num_children(l) == 3 && diseq_split(l)) return "";
        // Otherwise an EUF lemma (transitivity): its negation must be EUF-inconsistent.
        if (tm_.kind(l) != Kind::Or) return "proof contains an unchecked theory lemma";
        std::vector<EufFact> facts;
        for (Term d : tm_.children(l)) {
            bool neg = tm_.kind(d) == Kind::Not;
            Term a = neg ? tm_.child(d, 0) : d;
            if (tm_.kind(a) != Kind::Eq || tm_.is_bool(tm_.child(a, 0)))
                return "proof contains an unchecked theory lemma";
            facts.push_back({tm_.child(a, 0), tm_.child(a, 1), neg});
        }
        std::string why;
        return check_euf_conflict(tm_, facts, &why) ? "" : "EUF lemma not derived: " + why;
    }

    // p = c or p < c or p > c (trichotomy), built from the equation as LraTheory does.
    bool diseq_split(Term l) {
        Term e = tm_.child(l, 0);
        for (Term d : tm_.children(l))
            if (tm_.kind(d) == Kind::Eq && !tm_.is_bool(tm_.child(d, 0))) e = d;
        if (tm_.kind(e) != Kind::Eq || !tm_.sorts().is_arith(tm_.sort(tm_.child(e, 0)))) return false;
        Term p;
        mpq_class c;
        if (tm_.kind(tm_.child(e, 1)) != Kind::Numeral) {
            p = tm_.mk_sub(tm_.child(e, 0), tm_.child(e, 1));
            c = 0;
        } else {
            p = tm_.child(e, 0);
            c = tm_.numeral(tm_.child(e, 1));
        }
        if (tm_.kind(p) == Kind::Linear && tm_.constant(p) != 0) {
            c -= tm_.constant(p);
            p = tm_.mk_sub(p, tm_.mk_numeral(tm_.constant(p), tm_.sort(p)));
        }
        Term parts[3] = {e, tm_.mk_lt(p, tm_.mk_numeral(c, tm_.sort(p))), tm_.mk_gt(p, tm_.mk_numeral(c, tm_.sort(p)))};
        return tm_.mk_or(parts) == l;
    }

    TermManager& tm_;
    const SmtProof& p_;
    std::string gates_error_;
    std::unordered_map<uint32_t, int> var_of_;
    std::unordered_set<Lit> assumed_;
};

}  // namespace

SmtProofCheck check_smt_proof(TermManager& tm, const SmtProof& p) {
    SmtProofCheck r;
    auto fail = [&](uint32_t n, std::string e) {
        r.ok = false;
        r.node = n;
        r.error = std::move(e);
        return r;
    };
    if (!p.inputs) return fail(UINT32_MAX, "proof without the SAT input log");
    if (p.complementary) {
        bool pos = std::find(p.assumed.begin(), p.assumed.end(), p.complementary) != p.assumed.end();
        bool neg = std::find(p.assumed.begin(), p.assumed.end(), -p.complementary) != p.assumed.end();
        if (pos && neg) return r;
        return fail(UINT32_MAX, "the complementary assumptions were not both assumed");
    }
    if (p.leaves.size() != p.resolution.num_nodes()) return fail(UINT32_MAX, "proof without leaf records");
    sat::ProofCheck sc = sat::check_resolution_proof(p.resolution, *p.inputs, p.root_clause);
    if (!sc) return fail(sc.node, "resolution: " + sc.error);
    Checker ck(tm, p);
    std::unordered_set<Lit> assumed(p.assumed.begin(), p.assumed.end());
    for (Lit l : p.resolution.clause(p.resolution.root()))
        if (!assumed.count(-l))
            return fail(p.resolution.root(), "the root clause has a literal that negates no assumption");
    for (uint32_t n = 0; n < p.resolution.num_nodes(); ++n) {
        if (!p.resolution.is_leaf(n)) continue;
        ++r.leaves[static_cast<size_t>(p.leaves[n].kind)];
        std::string e = ck.leaf(n);
        if (!e.empty())
            return fail(n, "leaf " + std::to_string(n) + " (" + leaf_kind_name(p.leaves[n].kind) + "): " + e);
    }
    return r;
}

std::string proof_to_string(const TermManager& tm, const SmtProof& p) {
    std::ostringstream out;
    const sat::ResolutionProof& r = p.resolution;
    // Variables the proof mentions, with their terms.
    std::vector<uint8_t> used(p.var_terms.size(), 0);
    for (uint32_t n = 0; n < r.num_nodes(); ++n)
        for (Lit l : r.clause(n)) used[static_cast<size_t>(l < 0 ? -l : l)] = 1;
    out << "(proof\n";
    if (p.complementary) {
        Term t = static_cast<size_t>(p.complementary) < p.var_terms.size() ? p.var_terms[p.complementary] : Term{};
        out << "(complementary-assumptions " << p.complementary;
        if (t.valid()) out << ' ' << term_to_string(tm, t, false);
        out << "))\n";
        return out.str();
    }
    for (size_t v = 1; v < used.size(); ++v) {
        if (!used[v]) continue;
        out << "(var " << v << ' ';
        if (p.var_terms[v].valid())
            out << term_to_string(tm, p.var_terms[v], false);
        else
            out << (v < p.activation.size() && p.activation[v] ? ":activation" : ":fresh");
        out << ")\n";
    }
    auto clause = [&](uint32_t n) {
        out << " :clause (";
        bool first = true;
        for (Lit l : r.clause(n)) {
            out << (first ? "" : " ") << l;
            first = false;
        }
        out << ')';
    };
    for (uint32_t n = 0; n < r.num_nodes(); ++n) {
        if (r.is_leaf(n)) {
            const LeafInfo& info = p.leaves[n];
            switch (info.kind) {
                case LeafKind::Assertion:
                    out << "(assume " << n << " :assertion " << info.assertion;
                    for (const auto& a : p.active)
                        if (a.id == info.assertion && !a.name.empty()) out << " :named " << a.name;
                    break;
                case LeafKind::Definition:
                    out << "(define " << n << " :term " << term_to_string(tm, info.term, false);
                    break;
                case LeafKind::LraConflict:
                    out << "(lemma " << n << " :theory lra :farkas (";
                    for (size_t i = 0; i < p.farkas[info.cert].size(); ++i) {
                        const auto& e = p.farkas[info.cert][i];
                        out << (i ? " " : "") << '(' << e.lambda.get_str() << ' ' << (e.value ? "" : "not ")
                            << (e.upper ? "upper" : "lower") << ')';
                    }
                    out << ')';
                    break;
                case LeafKind::LiaConflict:
                case LeafKind::TheoryLemma:
                    out << "(lemma " << n << " :theory " << (info.cert != UINT32_MAX ? "lia" : "lemma") << " :kind "
                        << leaf_kind_name(info.kind);
                    if (info.cert != UINT32_MAX) {
                        const LiaLemma& l = p.lia[info.cert];
                        out << " :split (" << term_to_string(tm, l.split, false) << ' ' << l.split_bound.get_str()
                            << ')';
                    }
                    if (info.term.valid()) out << " :lemma " << term_to_string(tm, info.term, false);
                    break;
                case LeafKind::EufConflict:
                case LeafKind::Transitivity:
                    out << "(lemma " << n << " :theory euf :kind " << leaf_kind_name(info.kind);
                    break;
                default:
                    out << "(lemma " << n << " :kind " << leaf_kind_name(info.kind);
                    if (info.term.valid()) out << " :term " << term_to_string(tm, info.term, false);
            }
            clause(n);
            out << ")\n";
            continue;
        }
        out << "(step " << n << " :rule resolution :premises (";
        for (uint32_t i = 0; i < r.num_antecedents(n); ++i) out << (i ? " " : "") << r.antecedent(n, i);
        out << ") :pivots (";
        for (uint32_t i = 1; i < r.num_antecedents(n); ++i) out << (i > 1 ? " " : "") << r.pivot(n, i);
        out << ')';
        clause(n);
        out << ")\n";
    }
    out << "(root " << r.root() << "))\n";
    return out.str();
}

}  // namespace craig::smt
