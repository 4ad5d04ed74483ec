// EUF interpolants of congruence-closure conflicts (theory_interpolants.hpp), after Fuchs,
// Goel, Grundy, Krstić, Tinelli, "Ground interpolation for the theory of equality" (TACAS 2009;
// LMCS 8(1), 2012).
//
// The conflict's literals are read as equations and disequalities (facts), a small congruence
// closure (euf_congruence_proof.hpp) derives a violated disequality u != v and explains u = v
// as a path, and the proof is made colorable (euf_colored_proof.hpp). Along any colored path,
// maximal runs of steps of one side (segments) meet at shared terms.
//
// Strong system (the paper's interpolant: a conjunction of Horn clauses over shared terms).
// Two contexts, both walked with explicit work lists:
//  * A-context (A must derive the equality): A-segments are derived by A, congruence by
//    congruence, their argument proofs in A-context again; each B-segment s..t is a premise
//    s = t (its ends are shared) that B must derive, so it is queued in B-context.
//  * B-context (B must derive the equality, with the help of I): B-segments are derived by B,
//    their congruences' argument proofs queued in B-context; each A-segment s..t becomes the
//    clause (premises of s..t in A-context) -> s = t of I.
// The violated disequality decides the top: on side A, I gets the clause ¬(premises of u..v);
// on side B (and for true != false or two distinct numerals, which hold in the theory) the
// path u..v is put in B-context. Each clause follows from A (A derives its conclusion from
// the premises), and B with the clauses re-derives every premise and then u = v: so A ⊨ I and
// I ∧ B is unsatisfiable. Every term of I is a segment end or a premise end: shared.
//
// Weak system: the strong interpolant of the swapped problem (B as A), negated. The colored
// proof is the same for both (it does not depend on which side is called A), so Strong ⊨ Weak:
// the clauses of both systems together re-derive u = v on shared terms.
#include <set>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "itp/euf_colored_proof.hpp"
#include "itp/euf_congruence_proof.hpp"
#include "itp/theory_interpolants.hpp"

namespace craig::itp {

using smt::Kind;

namespace {

struct Fact {
    Term a, b;
    bool equal;
    Side side;
};

Side other(Side s) { return s == Side::A ? Side::B : Side::A; }

// The facts EufTheory asserts for these literals (see EufTheory::assert_atom / check and the
// certificate check): an equality over a non-Boolean sort is an equation or a disequality of
// its sides; every other atom (Boolean applications and constants, Boolean equalities) is
// equal to its value; an equality atom that is itself the argument of an application is also
// equal to its value, and (not x) as an argument is equal to the negated value of x.
// Arithmetic equalities are read as the proof checker (smt/proof_check.cpp) reads them: as the
// equation of the atom's two children, Eq(x, y) of two arithmetic atoms or Eq(p, c) of a
// polynomial and a numeral, with p an opaque leaf when it is Linear. That reading is valid (it
// is what the atom says); when EUF asserted an interface equation s = t whose normal form p = c
// names neither s nor t, the closure below finds no conflict and the caller gets nullopt.
// `saw_linear` tells whether some literal had a Linear side (for that message).
bool read_facts(TermManager& tm, std::span<const SidedLiteral> conflict, std::vector<Fact>& out, bool& saw_linear,
                std::string* why) {
    // Boolean arguments of the applications in the conflict.
    std::unordered_set<uint32_t> bool_args;
    std::unordered_map<uint32_t, Term> negated_arg;  // atom id -> (not atom) used as an argument
    {
        std::vector<Term> stack;
        std::unordered_set<uint32_t> seen;
        for (const SidedLiteral& l : conflict) stack.push_back(l.atom);
        while (!stack.empty()) {
            Term t = stack.back();
            stack.pop_back();
            if (!seen.insert(t.id).second) continue;
            Kind k = tm.kind(t);
            if (k == Kind::Eq && !tm.is_bool(tm.child(t, 0))) {
                stack.push_back(tm.child(t, 0));
                stack.push_back(tm.child(t, 1));
            } else if (k == Kind::App) {
                for (Term c : tm.children(t)) {
                    if (tm.is_bool(c)) {
                        bool_args.insert(c.id);
                        if (tm.kind(c) == Kind::Not) negated_arg.emplace(tm.child(c, 0).id, c);
                    }
                    stack.push_back(c);
                }
            }
        }
    }
    for (const SidedLiteral& l : conflict) {
        Term atom = l.atom;
        if (!tm.is_bool(atom)) {
            if (why) *why = "EUF conflict: a literal whose atom is not Boolean";
            return false;
        }
        if (tm.kind(atom) == Kind::Eq && !tm.is_bool(tm.child(atom, 0))) {
            Term x = tm.child(atom, 0), y = tm.child(atom, 1);
            if (tm.kind(x) == Kind::Linear || tm.kind(y) == Kind::Linear) saw_linear = true;
            out.push_back({x, y, l.value, l.side});
            if (bool_args.count(atom.id)) out.push_back({atom, tm.mk_bool(l.value), true, l.side});
        } else {
            out.push_back({atom, tm.mk_bool(l.value), true, l.side});
        }
        if (auto it = negated_arg.find(atom.id); it != negated_arg.end())
            out.push_back({it->second, tm.mk_bool(!l.value), true, l.side});
    }
    return true;
}

// The equality the closure violates: a disequality fact, or one that holds in the theory and
// has no side: true != false, or two distinct numerals (the solver's closure never needs the
// latter, arithmetic decides those, but they are valid and cost nothing to recognise).
struct Violation {
    Term u, v;
    std::optional<Side> side;
};

std::optional<Violation> find_violation(const TermManager& tm, const CongruenceProof& cc, std::span<const Fact> facts) {
    for (const Fact& f : facts)
        if (!f.equal && cc.are_equal(f.a, f.b)) return Violation{f.a, f.b, f.side};
    if (cc.are_equal(tm.mk_true(), tm.mk_false())) return Violation{tm.mk_true(), tm.mk_false(), std::nullopt};
    std::unordered_map<uint32_t, Term> numeral_of_class;  // representative id -> a numeral
    std::optional<Violation> found;
    cc.for_each_term([&](Term t, Term rep) {
        if (found || tm.kind(t) != Kind::Numeral) return;
        auto [it, fresh] = numeral_of_class.emplace(rep.id, t);
        if (!fresh && it->second != t) found = Violation{it->second, t, std::nullopt};
    });
    return found;
}

// The strong system on a colored proof; `swap` reads every side as the other one (for the
// weak system). Holds the clauses found so far.
class StrongExtractor {
public:
    using Slice = ColoredProof::Slice;

    StrongExtractor(TermManager& tm, const ColoredProof& proof, bool swap) : tm_(tm), proof_(proof), swap_(swap) {}

    Term interpolate(const Violation& conflict, Slice path) {
        if (conflict.side && side(*conflict.side) == Side::A) {
            std::vector<Term> premises;
            collect_premises(path, premises);
            add_clause(premises, tm_.mk_false());
        } else {
            queue_b(path);
        }
        while (!b_queue_.empty()) {
            Slice s = b_queue_.back();
            b_queue_.pop_back();
            derive_in_b(s);
        }
        return tm_.mk_and(clauses_);
    }

private:
    Side side(Side s) const { return swap_ ? other(s) : s; }
    Side side(const ColoredProof::Step& s) const { return side(s.side); }

    // Calls f(segment side, segment) for the maximal one-sided runs of s, in order.
    template <class F>
    void for_each_segment(Slice s, F&& f) const {
        const ColoredProof::Path& p = proof_.path(s.path);
        for (uint32_t i = s.begin; i < s.end;) {
            uint32_t j = i + 1;
            while (j < s.end && p.steps[j].side == p.steps[i].side) ++j;
            f(side(p.steps[i]), Slice{s.path, i, j});
            i = j;
        }
    }

    static std::tuple<uint32_t, uint32_t, uint32_t> key(Slice s) { return {s.path, s.begin, s.end}; }

    void queue_b(Slice s) {
        if (!s.empty() && b_seen_.insert(key(s)).second) b_queue_.push_back(s);
    }

    // A-context: the B-segment equalities A needs to derive first(root) = last(root); the
    // B-segments are queued for B.
    void collect_premises(Slice root, std::vector<Term>& premises) {
        std::vector<Slice> stack{root};
        std::set<std::tuple<uint32_t, uint32_t, uint32_t>> seen;
        std::unordered_set<uint32_t> have;
        while (!stack.empty()) {
            Slice s = stack.back();
            stack.pop_back();
            if (s.empty() || !seen.insert(key(s)).second) continue;
            for_each_segment(s, [&](Side sd, Slice seg) {
                if (sd == Side::B) {
                    Term e = tm_.mk_eq(proof_.first(seg), proof_.last(seg));
                    if (have.insert(e.id).second) premises.push_back(e);
                    queue_b(seg);
                    return;
                }
                const ColoredProof::Path& p = proof_.path(seg.path);
                for (uint32_t k = seg.begin; k < seg.end; ++k)
                    for (const Slice& arg : p.steps[k].args) stack.push_back(arg);
            });
        }
    }

    // B-context: B derives first(s) = last(s) from its own steps and the clauses added here for
    // the A-segments of s.
    void derive_in_b(Slice s) {
        for_each_segment(s, [&](Side sd, Slice seg) {
            if (sd == Side::A) {
                std::vector<Term> premises;
                collect_premises(seg, premises);
                add_clause(premises, tm_.mk_eq(proof_.first(seg), proof_.last(seg)));
                return;
            }
            const ColoredProof::Path& p = proof_.path(seg.path);
            for (uint32_t k = seg.begin; k < seg.end; ++k)
                for (const Slice& arg : p.steps[k].args) queue_b(arg);
        });
    }

    // premises -> conclusion, as a clause, unless it is valid by its shape.
    void add_clause(const std::vector<Term>& premises, Term conclusion) {
        if (conclusion == tm_.mk_true()) return;
        std::vector<Term> lits;
        for (Term p : premises) {
            if (p == tm_.mk_true()) continue;
            if (p == tm_.mk_false() || p == conclusion) return;
            lits.push_back(tm_.mk_not(p));
        }
        if (conclusion != tm_.mk_false()) lits.push_back(conclusion);
        Term c = tm_.mk_or(lits);
        if (clause_ids_.insert(c.id).second) clauses_.push_back(c);
    }

    TermManager& tm_;
    const ColoredProof& proof_;
    const bool swap_;
    std::vector<Slice> b_queue_;
    std::set<std::tuple<uint32_t, uint32_t, uint32_t>> b_seen_;
    std::vector<Term> clauses_;
    std::unordered_set<uint32_t> clause_ids_;
};

}  // namespace

std::optional<Term> euf_interpolant(TermManager& tm, std::span<const SidedLiteral> conflict, Coloring& coloring,
                                    const ItpOptions& options, std::string* why) {
    auto fail = [&](const char* msg) -> std::optional<Term> {
        if (why) *why = msg;
        return std::nullopt;
    };
    bool any_a = false, any_b = false;
    for (const SidedLiteral& l : conflict) {
        const Color c = coloring.color(l.atom);
        if (c == Color::Mixed) return fail("EUF conflict: a literal has an AB-mixed atom");
        if ((l.side == Side::A && c == Color::B) || (l.side == Side::B && c == Color::A))
            return fail("EUF conflict: a literal local to one side is on the other side of the cut");
        (l.side == Side::A ? any_a : any_b) = true;
    }
    std::vector<Fact> facts;
    bool saw_linear = false;
    if (!read_facts(tm, conflict, facts, saw_linear, why)) return std::nullopt;
    CongruenceProof cc(tm);
    std::vector<Side> fact_side;
    for (uint32_t i = 0; i < facts.size(); ++i) {
        fact_side.push_back(facts[i].side);
        if (facts[i].equal)
            cc.add_equation(facts[i].a, facts[i].b, i);
        else {
            cc.add_term(facts[i].a);
            cc.add_term(facts[i].b);
        }
    }
    cc.close();
    std::optional<Violation> conflict_eq = find_violation(tm, cc, facts);
    if (!conflict_eq)
        return fail(saw_linear ? "EUF conflict: the literals are consistent under congruence closure "
                                 "(an arithmetic equality in linear normal form is read as an "
                                 "equation of a polynomial, not of the terms EUF equated)"
                               : "EUF conflict: the literals are consistent under congruence closure");
    // One-sided conflicts: the side itself is contradictory (checked above: callers that build
    // conflicts, like mixed_literals.cpp, rely on it).
    if (!any_b) return tm.mk_false();
    if (!any_a) return tm.mk_true();
    const uint32_t top = cc.explain(conflict_eq->u, conflict_eq->v);
    std::optional<ColoredProof> proof = ColoredProof::build(tm, cc, fact_side, coloring, why);
    if (!proof) return std::nullopt;

    if (options.euf == EufSystem::Strong) {
        StrongExtractor strong(tm, *proof, /*swap=*/false);
        return strong.interpolate(*conflict_eq, proof->whole(top));
    }
    StrongExtractor dual(tm, *proof, /*swap=*/true);
    return tm.mk_not(dual.interpolate(*conflict_eq, proof->whole(top)));
}

}  // namespace craig::itp
