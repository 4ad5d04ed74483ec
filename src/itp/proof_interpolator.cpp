#include "itp/proof_interpolator.hpp"

#include <algorithm>
#include <stdexcept>

#include "itp/bv_lift.hpp"
#include "itp/formula_dag.hpp"
#include "itp/mixed_literals.hpp"
#include "itp/theory_interpolants.hpp"
#include "smt/terms/printer.hpp"

namespace craig::itp {

using sat::Lit;
using smt::LeafKind;

namespace {

// Per-variable label of the current cut (DKPW): the side a literal of the variable goes to;
// kLabelMixed: an AB-mixed atom, projected to both sides by MixedLiterals.
enum Label : uint8_t { kUnset = 0, kLabelA = 1, kLabelB = 2, kLabelAB = 3, kLabelMixed = 4 };
// Per-variable locality of the current cut. kMixedLemma: the variable of a valid theory lemma
// whose formula is AB-mixed (a disequality split); it is labeled a and occurs only in valid
// clauses.
enum Locality : uint8_t { kLocalA = 1, kLocalB = 2, kShared = 3, kMixed = 4, kMixedLemma = 5 };

bool is_mixed_atom(const TermManager& tm, Term t) {
    smt::Kind k = tm.kind(t);
    return (k == smt::Kind::Eq && !tm.is_bool(tm.child(t, 0))) || smt::is_arith_atom_kind(k);
}

int var_of(Lit l) { return l < 0 ? -l : l; }

bool contains(std::span<const Lit> clause, Lit l) { return std::binary_search(clause.begin(), clause.end(), l); }

std::string short_term(const TermManager& tm, Term t) {
    std::string s = smt::term_to_string(tm, t, false);
    if (s.size() > 160) s = s.substr(0, 160) + "...";
    return s;
}

}  // namespace

SharedLabel shared_label(BoolSystem system, uint32_t a_leaves, uint32_t b_leaves) {
    const bool a_side = a_leaves > b_leaves;  // ties go the B way (OpenSMT's computePSFunction)
    switch (system) {
        case BoolSystem::McMillan: return SharedLabel::B;
        case BoolSystem::Pudlak: return SharedLabel::AB;
        case BoolSystem::McMillanPrime: return SharedLabel::A;
        case BoolSystem::ProofSensitive: return a_side ? SharedLabel::A : SharedLabel::B;
        case BoolSystem::ProofSensitiveWeak: return a_side ? SharedLabel::A : SharedLabel::AB;
        case BoolSystem::ProofSensitiveStrong: return a_side ? SharedLabel::AB : SharedLabel::B;
    }
    return SharedLabel::B;
}

const char* name(SharedLabel l) {
    switch (l) {
        case SharedLabel::B: return "b";
        case SharedLabel::AB: return "ab";
        case SharedLabel::A: return "a";
    }
    return "?";
}

namespace {

bool proof_sensitive(BoolSystem s) {
    return s == BoolSystem::ProofSensitive || s == BoolSystem::ProofSensitiveWeak ||
           s == BoolSystem::ProofSensitiveStrong;
}

uint8_t label_of(SharedLabel l) { return l == SharedLabel::B ? kLabelB : l == SharedLabel::AB ? kLabelAB : kLabelA; }

}  // namespace

ProofInterpolator::ProofInterpolator(TermManager& tm, const smt::SmtProof& proof,
                                     std::span<const uint32_t> partition_of_assertion, uint32_t num_partitions)
    : tm_(tm), proof_(proof), num_partitions_(num_partitions) {
    if (num_partitions == 0) throw std::invalid_argument("interpolation needs at least one partition");
    prepare(partition_of_assertion);
}

Term ProofInterpolator::lit_term(Lit l) const {
    Term t = terms_[var_of(l)];
    return l > 0 ? t : tm_.mk_not(t);
}

void ProofInterpolator::prepare(std::span<const uint32_t> partition_of_assertion) {
    // Partitions of the active assertions, and their formulas.
    std::unordered_map<uint32_t, uint32_t> partition_of;  // active assertion id -> partition
    std::vector<std::vector<Term>> parts(num_partitions_);
    for (const auto& a : proof_.active) {
        uint32_t p = a.id < partition_of_assertion.size() ? partition_of_assertion[a.id] : kNoPartition;
        if (p == kNoPartition) p = num_partitions_ - 1;
        if (p >= num_partitions_)
            throw std::invalid_argument("assertion " + std::to_string(a.id) + " has partition " + std::to_string(p) +
                                        " of " + std::to_string(num_partitions_));
        partition_of[a.id] = p;
        parts[p].push_back(a.formula);
    }
    for (auto& f : parts) formulas_.push_back(tm_.mk_and(f));
    // Symbols per partition, in one pass over the terms per partition (a cut's coloring is
    // then a union of these lists, not a new traversal).
    symbols_.assign(num_partitions_, {});
    std::vector<uint32_t> seen(tm_.size(), 0), have(tm_.num_funcs(), 0);
    std::vector<Term> stack;
    for (uint32_t p = 0; p < num_partitions_; ++p) {
        const uint32_t stamp = p + 1;
        stack.assign(parts[p].begin(), parts[p].end());
        while (!stack.empty()) {
            Term t = stack.back();
            stack.pop_back();
            if (seen[t.id] == stamp) continue;
            seen[t.id] = stamp;
            smt::Kind k = tm_.kind(t);
            if ((k == smt::Kind::Const || k == smt::Kind::App) && have[tm_.func_of(t)] != stamp) {
                have[tm_.func_of(t)] = stamp;
                symbols_[p].push_back(tm_.func_of(t));
            }
            for (Term c : tm_.children(t)) stack.push_back(c);
        }
    }

    if (proof_.complementary != 0) {
        unsupported_ = "the check assumed a literal and its negation (no resolution proof)";
        return;
    }
    const sat::ResolutionProof& r = proof_.resolution;
    if (r.root() == sat::ResolutionProof::kNone || r.num_nodes() == 0) {
        unsupported_ = "the proof has no root";
        return;
    }
    const size_t num_vars = proof_.var_terms.size();
    // Variable meanings: the term of a Tseitin variable; the bit atom of a bit-blaster output bit.
    terms_ = proof_.var_terms;
    for (size_t v = 1; v < num_vars && v < proof_.bv_wires.size(); ++v) {
        const smt::bv::Wire& w = proof_.bv_wires[v];
        if (terms_[v].valid() || !w.owner.valid() || w.index == smt::bv::Wire::kInternal) continue;
        Term bit = tm_.mk_eq(tm_.mk_bv_extract(w.index, w.index, w.owner), tm_.mk_bv_const(1, 1));
        terms_[v] = w.negated ? tm_.mk_not(bit) : bit;
    }
    mark_foreign_wires();
    std::vector<uint8_t> assumed(num_vars, 0);
    for (Lit l : proof_.assumed)
        if (l > 0 && static_cast<size_t>(l) < num_vars) assumed[l] = 1;
    // An activation literal is harmless only as the negation of an assumed activation.
    auto check_literals = [&](std::span<const Lit> clause, const char* what) {
        for (Lit l : clause) {
            int v = var_of(l);
            if (static_cast<size_t>(v) >= num_vars) {
                unsupported_ = std::string("a ") + what + " has a variable without a term";
                return false;
            }
            if (is_activation(v)) {
                if (l > 0 || !assumed[v]) {
                    unsupported_ = std::string("a ") + what +
                                   " depends on an activation literal that was not assumed (popped scope)";
                    return false;
                }
            } else if (!terms_[v].valid() && !internal_wire(v)) {
                unsupported_ = std::string("a ") + what + " has a variable without a term";
                return false;
            }
        }
        return true;
    };

    const uint32_t root = r.root();
    used_.assign(r.num_nodes(), 0);
    used_[root] = 1;
    for (uint32_t n = root + 1; n-- > 0;) {
        if (!used_[n] || r.is_leaf(n)) continue;
        for (uint32_t i = 0; i < r.num_antecedents(n); ++i) used_[r.antecedent(n, i)] = 1;
    }
    // Root: only negated activations may remain (anything else is a check-sat-assuming literal).
    for (Lit l : r.clause(root)) {
        int v = var_of(l);
        if (!is_activation(v)) {
            unsupported_ = "the proof uses check-sat-assuming literals";
            return;
        }
    }
    if (!check_literals(r.clause(root), "root clause")) return;

    leaf_partition_.assign(r.num_nodes(), kValid);
    lemma_var_.assign(num_vars, 0);
    for (uint32_t n = 0; n <= root; ++n) {
        if (!used_[n]) continue;
        ++used_nodes_;
        if (!r.is_leaf(n)) {
            for (uint32_t i = 1; i < r.num_antecedents(n); ++i)
                if (is_activation(static_cast<int>(r.pivot(n, i)))) {
                    unsupported_ = "a resolution step is on an activation variable";
                    return;
                }
            continue;
        }
        const smt::LeafInfo& info = proof_.leaves[n];
        if (!check_literals(r.clause(n), smt::leaf_kind_name(info.kind))) return;
        switch (info.kind) {
            case LeafKind::Assertion: {
                auto it = partition_of.find(info.assertion);
                if (it == partition_of.end()) {
                    unsupported_ = "an assertion leaf of an inactive assertion";
                    return;
                }
                leaf_partition_[n] = it->second;
                break;
            }
            case LeafKind::Definition: {
                uint32_t tag = r.tag(n);
                auto it =
                    tag == smt::kLemmaTag || tag == smt::kAssumptionTag ? partition_of.end() : partition_of.find(tag);
                if (it != partition_of.end()) {
                    leaf_partition_[n] = it->second;
                } else {
                    ++valid_leaves_;
                }
                break;
            }
            case LeafKind::BvGate: ++valid_leaves_; break;  // a definition: placed by its owner (header)
            case LeafKind::Unknown:
            case LeafKind::Deactivation:
                unsupported_ = std::string("a ") + smt::leaf_kind_name(info.kind) + " leaf in the proof";
                return;
            default:
                ++valid_leaves_;
                if (info.kind == LeafKind::TheoryLemma && r.clause(n).size() == 1 && r.clause(n)[0] > 0)
                    lemma_var_[r.clause(n)[0]] = 1;
                if (info.kind == LeafKind::LraConflict && var_of_term_.empty())
                    for (size_t v = 1; v < num_vars; ++v)
                        if (proof_.var_terms[v].valid())
                            var_of_term_.emplace(proof_.var_terms[v].id, static_cast<int>(v));
                break;
        }
    }
}

void ProofInterpolator::mark_foreign_wires() {
    // A term is foreign when it has a symbol of no active assertion (it was blasted for a popped
    // one): a coloring with the active symbols shared and every other one A-only tells.
    foreign_wire_.assign(terms_.size(), 0);
    if (proof_.bv_wires.empty()) return;
    std::vector<uint8_t> sides(tm_.num_funcs(), kInA);
    for (const auto& syms : symbols_)
        for (FuncId f : syms) sides[f] = kInA | kInB;
    Coloring active(tm_, std::move(sides));
    for (size_t v = 1; v < foreign_wire_.size() && v < proof_.bv_wires.size(); ++v)
        if (proof_.bv_wires[v].owner.valid() && !proof_.var_terms[v].valid())
            foreign_wire_[v] = active.color(proof_.bv_wires[v].owner) != Color::Shared;
}

Coloring ProofInterpolator::cut_coloring(std::span<const uint8_t> in_a) const {
    std::vector<uint8_t> symbol_sides(tm_.num_funcs(), 0);
    for (uint32_t p = 0; p < num_partitions_; ++p)
        for (FuncId f : symbols_[p]) symbol_sides[f] |= p < in_a.size() && in_a[p] ? kInA : kInB;
    return Coloring(tm_, std::move(symbol_sides));
}

void ProofInterpolator::count_leaf_occurrences(std::span<const uint8_t> in_a, std::vector<uint32_t>& a_leaves,
                                               std::vector<uint32_t>& b_leaves) const {
    const sat::ResolutionProof& r = proof_.resolution;
    a_leaves.assign(terms_.size(), 0);
    b_leaves.assign(terms_.size(), 0);
    for (uint32_t n = 0; n <= r.root(); ++n) {
        if (!used_[n] || !r.is_leaf(n) || leaf_partition_[n] == kValid) continue;
        const uint32_t p = leaf_partition_[n];
        std::vector<uint32_t>& count = p < in_a.size() && in_a[p] ? a_leaves : b_leaves;
        for (Lit l : r.clause(n))
            if (!is_activation(var_of(l))) ++count[var_of(l)];
    }
}

std::vector<ProofInterpolator::LabeledVariable> ProofInterpolator::shared_labels(std::span<const uint8_t> in_a,
                                                                                 BoolSystem system) const {
    std::vector<LabeledVariable> out;
    if (!unsupported_.empty()) return out;
    Coloring coloring = cut_coloring(in_a);
    std::vector<uint32_t> a_leaves, b_leaves;
    count_leaf_occurrences(in_a, a_leaves, b_leaves);
    const sat::ResolutionProof& r = proof_.resolution;
    std::vector<uint8_t> in_leaf(terms_.size(), 0);
    for (uint32_t n = 0; n <= r.root(); ++n)
        if (used_[n] && r.is_leaf(n))
            for (Lit l : r.clause(n)) in_leaf[var_of(l)] = 1;
    for (size_t v = 1; v < terms_.size(); ++v)
        if (in_leaf[v] && !is_activation(static_cast<int>(v)) && terms_[v].valid() && !foreign_wire_[v] &&
            coloring.color(terms_[v]) == Color::Shared)
            out.push_back({terms_[v], a_leaves[v], b_leaves[v], shared_label(system, a_leaves[v], b_leaves[v])});
    return out;
}

ProofInterpolator::Cut ProofInterpolator::interpolate(std::span<const uint8_t> in_a, const ItpOptions& options) {
    Cut cut;
    if (!unsupported_.empty()) {
        cut.why = unsupported_;
        return cut;
    }
    Coloring coloring = cut_coloring(in_a);
    MixedLiterals mixed(tm_, coloring);

    const sat::ResolutionProof& r = proof_.resolution;
    const size_t num_vars = proof_.var_terms.size();
    std::vector<uint8_t> locality(num_vars, 0), label(num_vars, kUnset);
    // Shared variables: one label for the cut, or (proof-sensitive) one per variable from its
    // occurrences in the A and B leaves (header).
    const uint8_t uniform_label = label_of(shared_label(options.boolean, 0, 0));
    std::vector<uint32_t> a_leaves, b_leaves;
    const bool per_variable = proof_sensitive(options.boolean);
    if (per_variable) count_leaf_occurrences(in_a, a_leaves, b_leaves);
    // A shared owner's gate clauses go where their leaf is a constant: B under McMillan (shared
    // b: true) and Pudlák (ab: true), A under McMillan′ (shared a: false); B under the
    // proof-sensitive systems too. All but McMillan′ thus see one clause partition, which keeps
    // DKPW's orders between them (header).
    const Color shared_wire_side = options.boolean == BoolSystem::McMillanPrime ? Color::A : Color::B;
    // Labels every non-activation variable of the clause; false (and why) on a Mixed atom.
    auto label_clause = [&](std::span<const Lit> clause) {
        for (Lit l : clause) {
            int v = var_of(l);
            if (label[v] != kUnset || is_activation(v)) continue;
            if (internal_wire(v) || foreign_wire_[v]) {
                // An internal wire: on the side of its owner's clauses (header), a shared owner's
                // on the side where those clauses' leaf interpolants are true / false; a foreign
                // owner's wires and bits likewise (its symbols count as shared, but no
                // interpolant may mention them).
                Color c = foreign_wire_[v] ? Color::Shared : coloring.color(proof_.bv_wires[v].owner);
                if (c == Color::Shared) c = shared_wire_side;
                if (c == Color::Mixed) {
                    cut.why = "a bit-blasted AB-mixed term " + short_term(tm_, proof_.bv_wires[v].owner);
                    return false;
                }
                locality[v] = c == Color::A ? kLocalA : kLocalB;
                label[v] = c == Color::A ? kLabelA : kLabelB;
                continue;
            }
            switch (coloring.color(terms_[v])) {
                case Color::A:
                    locality[v] = kLocalA;
                    label[v] = kLabelA;
                    break;
                case Color::B:
                    locality[v] = kLocalB;
                    label[v] = kLabelB;
                    break;
                case Color::Shared:
                    locality[v] = kShared;
                    label[v] = per_variable ? label_of(shared_label(options.boolean, a_leaves[v], b_leaves[v]))
                                            : uniform_label;
                    break;
                case Color::Mixed: {
                    Term t = terms_[v];
                    std::string why;
                    if (is_mixed_atom(tm_, t) && mixed.supported(t, &why)) {
                        locality[v] = kMixed;
                        label[v] = kLabelMixed;
                    } else if (!is_mixed_atom(tm_, t) && lemma_var_[v]) {
                        locality[v] = kMixedLemma;
                        label[v] = kLabelA;
                    } else {
                        cut.why = "AB-mixed atom " + short_term(tm_, t) + (why.empty() ? "" : ": " + why);
                        return false;
                    }
                    break;
                }
            }
        }
        return true;
    };

    // Partial interpolants per node, as a FormulaDag (terms are built once, at the end).
    FormulaDag dag(tm_);
    std::vector<FormulaDag::Id> itp(r.num_nodes(), FormulaDag::kFalse);
    std::vector<FormulaDag::Id> run;
    std::vector<Term> buf;
    std::vector<Side> sides;
    std::vector<SidedLiteral> sided;
    const uint32_t root = r.root();
    for (uint32_t n = 0; n <= root; ++n) {
        if (!used_[n]) continue;
        if (!r.is_leaf(n)) {
            // Consecutive steps with the same a or b label are one n-ary disjunction / conjunction.
            FormulaDag::Id acc = itp[r.antecedent(n, 0)];
            run.clear();
            uint8_t run_label = kUnset;
            auto flush = [&] {
                if (run.empty()) return;
                run.push_back(acc);
                acc = dag.mk(run_label == kLabelB, run);
                run.clear();
            };
            for (uint32_t i = 1; i < r.num_antecedents(n); ++i) {
                uint32_t ant = r.antecedent(n, i);
                int p = static_cast<int>(r.pivot(n, i));
                FormulaDag::Id other = itp[ant];
                if (label[p] == kUnset && !label_clause(r.clause(ant))) return cut;
                if (label[p] == kUnset) {
                    cut.why = "a pivot that is not in its antecedent";
                    return cut;
                }
                if (label[p] == kLabelMixed) {
                    // The EQ / LA rule of proof-tree-preserving interpolation (mixed_literals.hpp).
                    flush();
                    bool ant_positive = contains(r.clause(ant), p);
                    Term ti = dag.to_term(other), ta = dag.to_term(acc);
                    std::string why;
                    auto res = mixed.resolve(terms_[p], ant_positive ? ti : ta, ant_positive ? ta : ti, &why);
                    if (!res) {
                        cut.why = "resolution on the AB-mixed atom " + short_term(tm_, terms_[p]) + ": " + why;
                        return cut;
                    }
                    acc = dag.leaf(*res);
                    continue;
                }
                if (label[p] == kLabelA || label[p] == kLabelB) {
                    if (label[p] != run_label) flush();
                    run_label = label[p];
                    run.push_back(other);
                    continue;
                }
                flush();
                // ab: (p ∨ I+) ∧ (¬p ∨ I-), I+ the interpolant of the premise containing p.
                Term pos = terms_[p];
                bool ant_positive = contains(r.clause(ant), p);
                FormulaDag::Id ip = ant_positive ? other : acc, in = ant_positive ? acc : other;
                acc = dag.mk2(true, dag.mk2(false, dag.leaf(pos), ip), dag.mk2(false, dag.leaf(tm_.mk_not(pos)), in));
            }
            flush();
            itp[n] = acc;
            continue;
        }
        std::span<const Lit> clause = r.clause(n);
        if (!label_clause(clause)) return cut;
        // A Tseitin definition over shared atoms only, all labeled b (McMillan) or all a
        // (McMillan′), is a valid clause whose partition rule gives a tautology (b: the clause
        // itself; a: its negation is false): the valid rule below gives the same formula as
        // true/false, not as a copy of the definition. Any other labeling (Pudlák's ab, a
        // proof-sensitive mix) keeps the partition rule: there the two rules differ, and the tree
        // property and DKPW's order are only trusted for partition clauses.
        bool shared_definition = false;
        if (leaf_partition_[n] != kValid && proof_.leaves[n].kind == LeafKind::Definition) {
            uint8_t common = kUnset;
            shared_definition = true;
            for (Lit l : clause) {
                int v = var_of(l);
                if (is_activation(v)) continue;
                if (locality[v] != kShared || (label[v] != kLabelA && label[v] != kLabelB) ||
                    (common != kUnset && label[v] != common))
                    shared_definition = false;
                common = label[v];
            }
        }
        if (leaf_partition_[n] != kValid)
            for (Lit l : clause)
                if (!is_activation(var_of(l)) && locality[var_of(l)] >= kMixed) {
                    cut.why = "an AB-mixed atom in a clause of a partition: " + short_term(tm_, terms_[var_of(l)]);
                    return cut;
                }
        if (leaf_partition_[n] != kValid && !shared_definition) {
            const bool a_clause = in_a[leaf_partition_[n]] != 0;
            buf.clear();
            for (Lit l : clause) {
                int v = var_of(l);
                if (is_activation(v)) continue;
                if (a_clause && label[v] == kLabelB) {
                    if (locality[v] == kLocalB) {
                        cut.why = "a B-local atom in a clause of A: " + short_term(tm_, terms_[v]);
                        return cut;
                    }
                    buf.push_back(lit_term(l));
                } else if (!a_clause && label[v] == kLabelA) {
                    if (locality[v] == kLocalA) {
                        cut.why = "an A-local atom in a clause of B: " + short_term(tm_, terms_[v]);
                        return cut;
                    }
                    buf.push_back(lit_term(-l));
                }
            }
            itp[n] = dag.leaf(a_clause ? tm_.mk_or(buf) : tm_.mk_and(buf));
            continue;
        }
        // A valid clause with AB-mixed literals (mixed_literals.hpp). A true mixed lemma in the
        // negated clause is dropped (it holds); a false one makes the A side false: I = false.
        if (std::any_of(clause.begin(), clause.end(),
                        [&](Lit l) { return !is_activation(var_of(l)) && locality[var_of(l)] >= kMixed; })) {
            if (std::any_of(clause.begin(), clause.end(),
                            [&](Lit l) { return l > 0 && !is_activation(l) && locality[l] == kMixedLemma; })) {
                itp[n] = FormulaDag::kFalse;
                continue;
            }
            ++cut.split_valid_leaves;
            ++cut.theory_leaves;
            const smt::LeafInfo& info = proof_.leaves[n];
            auto side_of = [&](int v) { return label[v] == kLabelA ? Side::A : Side::B; };
            std::vector<MixedLiterals::Literal> lits;
            std::string why;
            std::optional<Term> leaf;
            if (info.kind == LeafKind::LraConflict) {
                const auto& cert = proof_.farkas.at(info.cert);
                for (const auto& e : cert) {
                    auto it = var_of_term_.find(e.atom.id);
                    if (it == var_of_term_.end() || label[it->second] == kUnset) {
                        cut.why = "a Farkas certificate entry is not a literal of its conflict clause";
                        return cut;
                    }
                    lits.push_back({e.atom, e.value, label[it->second] == kLabelMixed, side_of(it->second)});
                }
                leaf = mixed.farkas_leaf(cert, lits, &why);
            } else {
                for (Lit l : clause) {
                    int v = var_of(l);
                    if (is_activation(v) || locality[v] == kMixedLemma) continue;
                    lits.push_back({terms_[v], l < 0, label[v] == kLabelMixed, side_of(v)});
                }
                if (info.kind == LeafKind::EufConflict || info.kind == LeafKind::Transitivity)
                    leaf = mixed.euf_leaf(lits, options, &why);
                else if (info.kind == LeafKind::LiaConflict)
                    leaf = mixed.integer_split_leaf(proof_.lia.at(info.cert), lits, &why);
                else if (info.kind == LeafKind::Definition || info.kind == LeafKind::TheoryLemma)
                    leaf = mixed.split_leaf(lits, &why);
                else
                    why = "no interpolation rule for AB-mixed literals in this kind of clause";
            }
            if (!leaf) {
                cut.why = std::string(smt::leaf_kind_name(info.kind)) + " leaf with AB-mixed literals: " + why;
                return cut;
            }
            itp[n] = dag.leaf(*leaf);
            continue;
        }
        // A valid clause: the negated literals on sides by label.
        bool any_a = false, any_b = false, local_a = false, local_b = false;
        for (Lit l : clause) {
            int v = var_of(l);
            if (is_activation(v)) continue;
            if (label[v] == kLabelA)
                any_a = true;
            else
                any_b = true;
            local_a = local_a || locality[v] == kLocalA;
            local_b = local_b || locality[v] == kLocalB;
        }
        if (!any_b) {
            itp[n] = FormulaDag::kFalse;
            continue;
        }
        if (!any_a) {
            itp[n] = FormulaDag::kTrue;
            continue;
        }
        ++cut.split_valid_leaves;
        const smt::LeafInfo& info = proof_.leaves[n];
        auto side_of = [&](int v) { return label[v] == kLabelA ? Side::A : Side::B; };
        std::string why;
        std::optional<Term> leaf;
        switch (info.kind) {
            case LeafKind::LraConflict: {
                ++cut.theory_leaves;
                const auto& cert = proof_.farkas.at(info.cert);
                sides.clear();
                for (const auto& e : cert) {
                    auto it = var_of_term_.find(e.atom.id);
                    if (it == var_of_term_.end() || label[it->second] == kUnset) {
                        cut.why = "a Farkas certificate entry is not a literal of its conflict clause";
                        return cut;
                    }
                    sides.push_back(side_of(it->second));
                }
                leaf = lra_interpolant(tm_, cert, sides, coloring, options, &why);
                break;
            }
            case LeafKind::EufConflict:
            case LeafKind::Transitivity: {
                ++cut.theory_leaves;
                sided.clear();
                for (Lit l : clause) {
                    int v = var_of(l);
                    if (is_activation(v)) continue;
                    // The conflict is the negated clause: literal l false.
                    sided.push_back(SidedLiteral{terms_[v], l < 0, side_of(v)});
                }
                leaf = euf_interpolant(tm_, sided, coloring, options, &why);
                break;
            }
            case LeafKind::LiaConflict: {
                ++cut.theory_leaves;
                std::vector<MixedLiterals::Literal> lits;
                for (Lit l : clause) {
                    int v = var_of(l);
                    if (!is_activation(v)) lits.push_back({terms_[v], l < 0, false, side_of(v)});
                }
                leaf = mixed.integer_split_leaf(proof_.lia.at(info.cert), lits, &why);
                if (!leaf) why = "integer lemma split by the cut (GCD conflict): " + why;
                break;
            }
            case LeafKind::TheoryLemma:
                if (info.cert != UINT32_MAX) {
                    why = "integer lemma split by the cut (Gomory cut)";
                    break;
                }
                [[fallthrough]];
            default:
                // A valid clause of no theory system: C↾b with an A-local literal, else ¬(C↾a)
                // (header comment: the rule does not depend on the labels).
                buf.clear();
                if (local_a && local_b) {
                    why = std::string("a ") + smt::leaf_kind_name(info.kind) +
                          " clause with A-local and B-local literals";
                } else if (local_a) {
                    for (Lit l : clause)
                        if (!is_activation(var_of(l)) && label[var_of(l)] == kLabelB) buf.push_back(lit_term(l));
                    leaf = tm_.mk_or(buf);
                } else {
                    for (Lit l : clause)
                        if (!is_activation(var_of(l)) && label[var_of(l)] == kLabelA) buf.push_back(lit_term(-l));
                    leaf = tm_.mk_and(buf);
                }
        }
        if (!leaf) {
            cut.why = std::string(smt::leaf_kind_name(info.kind)) + " leaf: " + why;
            return cut;
        }
        itp[n] = dag.leaf(*leaf);
    }
    Term result = dag.to_term(itp[root]);
    if (!proof_.bv_wires.empty()) result = lift_bit_atoms(tm_, result);  // bit atoms to words
    if (mixed.mentions_aux(result)) {
        cut.why = "an auxiliary symbol of an AB-mixed literal is left at the root";
        return cut;
    }
    cut.interpolant = result;
    return cut;
}

}  // namespace craig::itp
