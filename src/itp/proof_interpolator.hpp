#pragma once
// ProofInterpolator: labeled interpolation over one SmtProof, one cut (A | B) at a time.
//
// Labeled interpolation systems: D'Silva, Kroening, Purandare, Weissenbacher, "Interpolant
// Strength", VMCAI 2010 (DKPW). Every variable gets one label per cut: A-local a, B-local b,
// shared b (McMillan), ab (Pudlák), a (McMillan′) or one chosen per variable from the proof
// (proof-sensitive, below). Partial interpolants:
//   A-clause C: C↾b                 B-clause C: ¬(C↾a)
//   resolution on p (C1 ∋ p, C2 ∋ ¬p): a: I1 ∨ I2,  b: I1 ∧ I2,  ab: (p ∨ I1) ∧ (¬p ∨ I2)
// with the invariant, for every clause C: A ∧ ¬C↾{a,ab} ⊨ I and B ∧ ¬C↾{b,ab} ⊨ ¬I.
// DKPW's order (their Thm. on labelings): with b ⪯ ab ⪯ a, a labeling L ⪯ L' pointwise gives
// I(L) ⊨ I(L') over the same proof (by induction, I_L(C) ⊨ I_L'(C) ∨ the literals of C whose
// label differs), provided every leaf gets the partial interpolant of one rule whatever the
// labels: partition clauses by their side, valid clauses as below.
//
// Proof-sensitive labelings (Alt, Fedyukovich, Hyvärinen, Sharygina, "A proof-sensitive
// approach for small propositional interpolants", VSTTE 2015; OpenSMT's itp_alg_ps/psw/pss,
// codes 3/4/5, used by HiFrog). Per cut, f_A(v) and f_B(v) count the used partition leaves of A
// and of B (assertion and Tseitin-definition clauses of the proof actually used, each leaf node
// once; valid leaves such as theory lemmas and bit-blaster gates do not count) containing the
// shared variable v. Then
//   PS  (proof-sensitive):        a if f_A(v) > f_B(v), else b
//   PSw (proof-sensitive-weak):   a if f_A(v) > f_B(v), else ab
//   PSs (proof-sensitive-strong): ab if f_A(v) > f_B(v), else b
// Ties, 0 = 0 included, go the B way: OpenSMT's computePSFunction gives A only for a strict
// majority (the paper's text was not available to us; these definitions follow OpenSMT's code
// and its page verify.inf.usi.ch/proof-sensitive-interpolation). Rationale: an a literal is left
// out of A-leaf interpolants (C↾b), a b literal out of B-leaf ones (¬(C↾a)), so labeling v after
// the side where it occurs more often keeps it out of most leaf interpolants; PSw and PSs trade
// the minority side's b (a) for ab. Pointwise McMillan ⪯ PSs ⪯ PS ⪯ PSw ⪯ McMillan′ and
// PSs ⪯ Pudlák ⪯ PSw (PS and Pudlák are incomparable), so by DKPW on proofs whose leaves are
// partition clauses: I(McMillan) ⊨ I(PSs) ⊨ I(PS) ⊨ I(PSw) ⊨ I(McMillan′) and
// I(PSs) ⊨ I(Pudlák) ⊨ I(PSw). Theory leaves put ab and b on B and a on A, so PSs has McMillan's
// and Pudlák's theory leaves and PSw has PS's: McMillan ⊨ PSs ⊨ Pudlák and PS ⊨ PSw still hold
// with theory leaves, the others are expected only. Labels change from cut to cut, so the tree
// interpolation property is not known for them: sequences and trees are verified node by node
// (interpolation.hpp). A variable labeled a is treated as under McMillan′, b as under McMillan,
// ab as under Pudlák: every rule below reads the variable's label, not the system, except the
// side of internal bit-blaster wires (B for every system but McMillan′) and the constant leaf of
// a shared Tseitin definition (taken only when all its labels are b, or all a, where it equals
// the partition rule).
//
// Leaves (by the clause tag contract of smt/proof.hpp):
//   - Assertion leaves: the partition of LeafInfo::assertion;
//   - Definition leaves: the partition of their tag (the assertion that first needed them) when
//     that assertion is active; otherwise (kLemmaTag, check-sat-assuming, popped) they are valid
//     clauses (a Tseitin definition is valid once its variable is read as its term);
//   - every other kind (theory lemmas and conflicts, transitivity, ite/arith definitions, bound
//     implications) is a valid clause C. Its negated literals go on sides by label (a → A,
//     b → B, ab → B: Pudlák's theory leaves are McMillan's, the stronger choice); all on A gives
//     I = false, all on B gives I = true; a split conflict asks theory_interpolants.hpp
//     (LRA/EUF), a GCD conflict is split into the two sides of its split
//     (MixedLiterals::integer_split_leaf), and a Gomory cut lemma split by the cut is not
//     interpolated. A split valid clause of no theory (a Tseitin definition, a gate) gets C↾b
//     when it has an A-local literal and no B-local one, else ¬(C↾a) when it has no A-local
//     literal: both satisfy the invariant because C is valid, and the rule depends on the
//     localities only, never on the labels (DKPW's order; the constants above agree with it).
// Bit-blasted proofs (issue 22, item 2): a bit-blaster variable (smt/bv/gate.hpp, Wire) stands
// for bit i of its owner term t, read as the bit atom (= ((_ extract i i) t) #b1) and coloured
// like t, or for an internal wire of t's circuit (no term). A BvGate leaf is a definition of
// fresh variables, valid once each reads as its meaning, and goes through the valid-clause rule
// above; its variables belong to the gate's owner or to the owner's subterms, so a clause of an
// A-coloured owner has no B-local literal (its leaf is C↾b, as an A-clause's) and dually for B.
// The internal wires of an A (B) owner are A-local (B-local); those of a shared owner go to the
// side where the owner's gate clauses get a constant leaf: B under McMillan and Pudlák (true),
// A under McMillan′ (false), B under the proof-sensitive systems (where a gate clause with an
// a-labeled bit gets ¬(C↾a), B's partition rule). Every gate leaf is then the leaf of a
// partition clause of that split, one split for every system but McMillan′ (DKPW's orders
// McMillan ⇒ PSs ⇒ Pudlák ⇒ PSw and PSs ⇒ PS ⇒ PSw hold). So an internal
// wire occurs only in its owner's clauses and never in an interpolant, and every variable an
// interpolant mentions is an output bit or atom of a shared term. Gate leaves count as valid
// leaves (purely_partitioned() is false): trees and sequences are verified (interpolation.hpp).
// A foreign owner (a term with a symbol of no active assertion, blasted for a popped one: its
// gate clauses stay valid) has its output bits placed like a shared owner's internal wires, so
// that no interpolant mentions its symbols. In pure QF_BV no term is AB-mixed (each comes from
// one assertion); a mixed owner is refused. The interpolant's bit atoms are then lifted to
// words (itp/bv_lift.hpp).
// AB-mixed atoms (label "mixed") are projected to both sides by MixedLiterals
// (mixed_literals.hpp): their leaves and their resolution steps (EQ / LA rules) go there; the
// variable of a valid mixed lemma (a disequality split) is labeled a and dropped as a true
// literal of the negated clauses it defines.
// Activation variables are true by assumption and are dropped; the root becomes empty.
// Work is linear in the proof (node order is topological; flat arrays, no recursion), except
// for the term rewriting of mixed pivots.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "itp/coloring.hpp"
#include "itp/interpolation.hpp"
#include "itp/options.hpp"
#include "smt/proof.hpp"

namespace craig::itp {

// The label of a shared variable under `system` (DKPW's b ⪯ ab ⪯ a), from its occurrences in
// the A- and B-partition leaves of the proof (read by the proof-sensitive systems only).
enum class SharedLabel : uint8_t { B, AB, A };
SharedLabel shared_label(BoolSystem system, uint32_t a_leaves, uint32_t b_leaves);
const char* name(SharedLabel l);  // "b", "ab", "a"

class ProofInterpolator {
public:
    // partition_of_assertion as in interpolation.hpp (missing / kNoPartition: the last partition).
    // Throws std::invalid_argument for a partition >= num_partitions. `proof` and `tm` must
    // outlive this object.
    ProofInterpolator(TermManager& tm, const smt::SmtProof& proof, std::span<const uint32_t> partition_of_assertion,
                      uint32_t num_partitions);

    // Why this proof cannot be interpolated whatever the cut (empty if it can): check-sat-assuming
    // literals, complementary assumptions, a popped scope's activation, an unknown leaf.
    const std::string& unsupported() const { return unsupported_; }
    // The conjunction of the active assertions of each partition.
    const std::vector<Term>& partition_formulas() const { return formulas_; }
    uint64_t used_nodes() const { return used_nodes_; }
    // True when every used leaf is a clause of a partition (no valid theory/definition leaf).
    bool purely_partitioned() const { return valid_leaves_ == 0; }

    struct Cut {
        std::optional<Term> interpolant;  // nullopt: see why
        std::string why;
        uint64_t theory_leaves = 0;       // valid leaves split by the cut that needed a theory interpolant
        uint64_t split_valid_leaves = 0;  // split valid leaves of any kind (theory or definition)
    };
    // in_a[p] != 0: partition p is on side A.
    Cut interpolate(std::span<const uint8_t> in_a, const ItpOptions& options);

    // The labels `interpolate` gives the shared variables of the used leaves for this cut (tests,
    // diagnostics), in variable order, with their occurrences in A- and B-partition leaves.
    struct LabeledVariable {
        Term atom;
        uint32_t a_leaves = 0, b_leaves = 0;
        SharedLabel label = SharedLabel::B;
    };
    std::vector<LabeledVariable> shared_labels(std::span<const uint8_t> in_a, BoolSystem system) const;

private:
    static constexpr uint32_t kValid = UINT32_MAX;  // leaf_partition_ of a valid leaf

    void prepare(std::span<const uint32_t> partition_of_assertion);
    Coloring cut_coloring(std::span<const uint8_t> in_a) const;
    // f_A, f_B of the proof-sensitive labelings: per variable, the used partition leaves of A
    // (of B) that contain it. Flat arrays indexed by variable, one pass over the used leaves.
    void count_leaf_occurrences(std::span<const uint8_t> in_a, std::vector<uint32_t>& a_leaves,
                                std::vector<uint32_t>& b_leaves) const;
    bool is_activation(int v) const {
        return static_cast<size_t>(v) < proof_.activation.size() && proof_.activation[v];
    }
    Term lit_term(sat::Lit l) const;
    void mark_foreign_wires();
    // A bit-blaster variable that is no bit of its owner (smt/bv/gate.hpp, Wire): it has no term.
    bool internal_wire(int v) const {
        return static_cast<size_t>(v) < proof_.bv_wires.size() && proof_.bv_wires[v].owner.valid() &&
               proof_.bv_wires[v].index == smt::bv::Wire::kInternal && !proof_.var_terms[v].valid();
    }

    TermManager& tm_;
    const smt::SmtProof& proof_;
    uint32_t num_partitions_;
    std::string unsupported_;
    std::vector<Term> formulas_;
    // The uninterpreted symbols of each partition's active assertions, read from the assertions
    // themselves (a conjunction can simplify symbols away: p ∧ ¬p ∧ q becomes false).
    std::vector<std::vector<FuncId>> symbols_;
    std::vector<Term> terms_;               // per variable: its term (invalid: internal wire, activation)
    std::vector<uint8_t> foreign_wire_;     // per variable: a bit-blaster variable of a foreign owner
    std::vector<uint8_t> used_;             // per node: reachable from the root
    std::vector<uint32_t> leaf_partition_;  // per used leaf: partition or kValid
    uint64_t used_nodes_ = 0;
    uint64_t valid_leaves_ = 0;
    std::vector<uint8_t> lemma_var_;                 // per variable: a TheoryLemma unit asserts it
    std::unordered_map<uint32_t, int> var_of_term_;  // for Farkas entries (term id -> variable)
};

}  // namespace craig::itp
