#include "smt/solver.hpp"

#include "base/interrupt.hpp"
#include "base/stopwatch.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "sat/sat_solver.hpp"
#include "smt/ackermann.hpp"
#include "smt/arith_definitions.hpp"
#include "smt/bv/bit_blaster.hpp"
#include "smt/cnf.hpp"
#include "smt/combination.hpp"
#include "smt/eager_bounds.hpp"
#include "smt/eager_euf.hpp"
#include "smt/eager_simplex.hpp"
#include "smt/euf_certificate.hpp"
#include "smt/euf_theory.hpp"
#include "smt/lra_certificate.hpp"
#include "smt/lra_theory.hpp"
#include "smt/terms/printer.hpp"
#include "smt/transitivity.hpp"

namespace craig::smt {

const char* sat_integration_name(SatIntegration s) { return s == SatIntegration::Online ? "online" : "offline"; }

std::optional<SatIntegration> parse_sat_integration(std::string_view name) {
    if (name == "online") return SatIntegration::Online;
    if (name == "offline") return SatIntegration::Offline;
    return std::nullopt;
}

const char* result_name(Result r) {
    switch (r) {
        case Result::Sat: return "sat";
        case Result::Unsat: return "unsat";
        case Result::Unknown: return "unknown";
    }
    return "unknown";
}

namespace {

struct Assertion {
    AssertionId id;
    Term formula;
    sat::Lit lit;
    sat::Lit tracker;  // 0 if untracked
    unsigned scope;
};

struct Stats {
    uint64_t checks = 0, rounds = 0, theory_conflicts = 0, conflict_clauses = 0, lemmas = 0;
    uint64_t transitivity_triangles = 0, ackermann_lemmas = 0;
    uint64_t online_refinements = 0;  // rounds inside the search that only added conflicts
    double theory_seconds = 0;
};

}  // namespace

struct Solver::Impl {
    Impl(TermManager& tm, const SolverOptions& o)
        : tm(tm),
          opts(o),
          sat(o.random_seed, o.produce_proofs),
          cnf(tm, sat),
          euf(tm),
          lra(tm),
          combination(tm, euf, lra) {
        theories.push_back(&euf);
        theories.push_back(&lra);
        euf.set_check_certificates(o.check_certificates);
        lra.set_check_certificates(o.check_certificates);
        lra.set_static_learning(o.lra_static_learning);
        eager.set_diseq_propagation(o.euf_diseq_propagation);
        eager_simplex.set_propagation(o.lra_row_propagation);
        lra.set_cuts(o.lia_cuts);
        lra.set_branch_budget(o.lia_branch_budget);
        lra.set_arithmetic(o.lra_arith);
        lra.set_record_proofs(o.produce_proofs);
        euf.set_arith_values([this](Term t) { return lra.model_value(t); });
        if (o.sat_integration == SatIntegration::Online) {
            online_checker = std::make_unique<OnlineChecker>(*this);
            sat.set_model_checker(online_checker.get());
        }
        scope_acts.push_back(new_activation());
    }

    TermManager& tm;
    const SolverOptions& opts;
    sat::SatSolver sat;
    CnfEncoder cnf;
    EufTheory euf;
    LraTheory lra;
    Combination combination;
    std::vector<Theory*> theories;
    Ackermann ackermann{tm};

    std::vector<Assertion> assertions;  // active, in order
    std::vector<sat::Lit> scope_acts;   // [0] for scope 0, then one per push
    AssertionId next_id = 0;
    size_t ites_defined = 0;
    size_t arith_ops_defined = 0;
    // Valid lemmas added for good (definitions of term-level ites, theory lemmas) and split
    // atoms the theories asked the SAT solver to decide: all are roots of the relevancy walk.
    std::vector<Term> lemma_roots;
    std::vector<std::pair<Term, Term>> implications;  // pending, see add_implications
    size_t transitivity_eqs = 0;                      // equality atoms the last chordal completion covered
    std::set<std::array<uint32_t, 3>> triangles_done;
    std::vector<Theory*> conflict_owner;  // per conflict of the current round

    // The current round (run_round): its atoms and the theories' requests.
    enum class RoundEnd { Agreed, Requests, Unknown };
    std::vector<std::pair<Term, bool>> round_atoms;
    std::vector<std::vector<sat::Lit>> conflicts;
    std::vector<Term> lemmas, splits;
    size_t theory_splits = 0;
    std::chrono::steady_clock::time_point round_start;
    // Online loop: the roots of the running check, the end of the round the checker ran last in
    // this solve (unset: none), the checker's view of the assignment (1 true, -1 false, by
    // variable), and how far the variables are observed.
    std::vector<Term>* round_roots = nullptr;
    size_t round_base_roots = 0;
    std::optional<RoundEnd> online_end;
    std::vector<int8_t> online_val;
    bool in_search = false;
    int observed_upto = 0;
    EagerEuf eager{tm};
    EagerBounds bounds{tm};
    EagerSimplex eager_simplex{tm};
    std::vector<LraCertificateEntry> bounds_certificate;
    std::vector<sat::Lit> eager_lits;
    std::vector<EufFact> eager_facts;
    std::unique_ptr<sat::ModelChecker> online_checker;  // declared last: it refers to the rest

    // Proof mode: what each SAT input clause is (by input id; definitions are filled from the
    // encoder when a proof is built), certificates, activation variables, the last check's
    // assumptions and active assertions.
    std::vector<LeafInfo> leaf_info;
    std::vector<std::vector<LraCertificateEntry>> farkas_store;
    std::vector<LiaLemma> lia_store;
    std::vector<uint8_t> is_activation;
    size_t definitions_seen = 0;
    size_t gate_clauses_seen = 0;
    std::vector<std::pair<Term, sat::Lit>> last_assumptions;
    std::vector<Assertion> last_active;
    std::vector<sat::Lit> last_assumed;

    void note(uint32_t id, LeafInfo info) {
        if (!opts.produce_proofs) return;
        if (leaf_info.size() <= id) leaf_info.resize(id + 1);
        if (leaf_info[id].kind == LeafKind::Unknown) leaf_info[id] = info;
    }

    Result last = Result::Unknown;
    std::optional<Model> model;
    std::vector<AssertionId> core;
    std::vector<Term> failed;
    std::string reason = "no check-sat yet";
    Stats stats;

    // Relevancy walk scratch space.
    std::vector<uint32_t> visit_stamp;
    std::vector<uint32_t> arg_stamp;  // Boolean arguments already reported this walk
    uint32_t stamp = 0;
    std::unordered_map<uint32_t, Term> distinct_expansion;  // relevant_atoms: distinct -> its diseqs

    sat::Lit new_activation() {
        int v = sat.new_var();
        sat.freeze(v);
        if (opts.produce_proofs) {
            if (is_activation.size() <= static_cast<size_t>(v)) is_activation.resize(v + 1, 0);
            is_activation[v] = 1;
        }
        return v;
    }

    // The deadline passed or the process was interrupted (SIGINT, SIGTERM).
    bool deadline_passed() const {
        return base::interrupted() || (opts.deadline && std::chrono::steady_clock::now() > *opts.deadline);
    }
    const char* stop_reason() const { return base::interrupted() ? "interrupted" : "timeout"; }

    // Term-level ites get their defining lemmas c => t = a, !c => t = b, and div/mod/abs/to_int
    // theirs (arith_definitions.hpp); valid, so global. A definition may bring new such terms
    // (mod's mentions div), hence the loop.
    void define_ites() {
        for (;;) {
            Term def, defined;
            LeafKind kind;
            if (ites_defined < cnf.term_ites().size()) {
                Term t = cnf.term_ites()[ites_defined++];
                def = tm.mk_ite(tm.child(t, 0), tm.mk_eq(t, tm.child(t, 1)), tm.mk_eq(t, tm.child(t, 2)));
                defined = t;
                kind = LeafKind::IteDefinition;
            } else if (arith_ops_defined < cnf.arith_ops().size()) {
                defined = cnf.arith_ops()[arith_ops_defined++];
                def = arith_definition(tm, defined);
                kind = LeafKind::ArithDefinition;
                if (!def.valid()) continue;  // e.g. division by a variable: stays opaque
            } else {
                return;
            }
            sat::Lit l = cnf.literal(def);
            sat::Lit unit[1] = {l};
            note(cnf.add_clause(unit), {kind, defined});
            lemma_roots.push_back(def);
        }
    }

    sat::Lit encode(Term f, uint32_t tag) {
        const std::vector<Term> congruence = ackermann.scan(f);
        cnf.set_tag(tag);
        size_t atoms_before = cnf.atoms().size();
        sat::Lit l = cnf.literal(f);
        define_ites();
        // Ackermann's lemmas for applications of functions over bit-vectors first seen in f
        // (smt/ackermann.hpp): valid, so global, as the ite definitions.
        for (Term lemma : congruence) {
            cnf.set_tag(kLemmaTag);
            sat::Lit unit[1] = {cnf.literal(lemma)};
            define_ites();
            note(cnf.add_clause(unit), {LeafKind::AckermannLemma, lemma});
            lemma_roots.push_back(lemma);
            ++stats.ackermann_lemmas;
        }
        if (!congruence.empty()) cnf.set_tag(tag);
        for (size_t i = atoms_before; i < cnf.atoms().size(); ++i) {
            Term a = cnf.atoms()[i];
            sat.freeze(cnf.var_of(a));
            // Equalities over uninterpreted sorts are tried false first: a true one merges two
            // classes and propagates through congruence, a false one adds one disequality. Measured
            // on the QF_UF dev set: 147/148 solved, PAR-2 1.86x z3, against 144/148 and 3.39x with
            // CaDiCaL's default phase (true). Arithmetic atoms keep the default (a global false phase
            // made one QF_LRA file 14x slower).
            if (tm.kind(a) == Kind::Eq && tm.sorts().is_uninterpreted(tm.sort(tm.child(a, 0))))
                sat.set_phase(-cnf.var_of(a));
        }
        return l;
    }

    // The value of a blasted bit-vector term in the SAT model.
    mpz_class bv_value(const bv::BitBlaster& bb, Term x) {
        const std::vector<sat::Lit>& bits = bb.blasted(x);
        mpz_class val = 0;
        for (size_t i = bits.size(); i-- > 0;) val = val * 2 + (sat.value(bits[i]) ? 1 : 0);
        return val;
    }

    // The tables of the functions Ackermann's reduction took from congruence closure: each
    // application's argument values (evaluated level by level, so that nested applications
    // find their tables) map to its value (its bits, or its SAT variable for a Boolean range).
    // The lemmas make equal arguments give equal values.
    void ackermann_tables(Model& m) {
        const bv::BitBlaster* bb = cnf.bit_blaster();
        std::unordered_map<FuncId, FunctionTable> tables;
        uint32_t top = 0;
        for (Term app : ackermann.applications()) top = std::max(top, ackermann.level(app));
        for (uint32_t level = 1; level <= top; ++level) {
            for (Term app : ackermann.applications()) {
                if (ackermann.level(app) != level) continue;
                std::vector<Value> args;
                for (Term a : tm.children(app)) args.push_back(m.evaluate(a));
                Value v = m.default_of(tm.sort(app));
                if (tm.is_bool(app)) {
                    if (const int var = cnf.var_of(app); var != 0) v = Value::of_bool(sat.value(var));
                } else if (bb && bb->is_blasted(app)) {
                    v = Value::of_number(mpq_class(bv_value(*bb, app)), tm.sort(app));
                }
                auto [it, fresh] = tables.try_emplace(tm.func_of(app));
                if (fresh) it->second.otherwise = m.default_of(tm.func(tm.func_of(app)).range);
                it->second.add(std::move(args), std::move(v));
            }
            for (const auto& [f, table] : tables) m.set_table(f, table);
        }
    }

    bool value(Term t) {
        bool neg = false;
        if (tm.kind(t) == Kind::Not) {
            t = tm.child(t, 0);
            neg = true;
        }
        int v = cnf.var_of(t);
        if (in_search) return (online_val[v] > 0) != neg;
        return sat.value(v) != neg;
    }

    // Minimise the SAT model to the theory atoms that justify the roots (through the Boolean
    // structure, choosing one true child of a true disjunction), and collect them with values.
    void relevant_atoms(const std::vector<Term>& roots, std::vector<std::pair<Term, bool>>& out) {
        if (visit_stamp.size() < tm.size()) visit_stamp.resize(tm.size() + tm.size() / 2, 0);
        ++stamp;
        std::vector<Term> stack(roots.rbegin(), roots.rend());
        std::vector<Term> theory_stack;
        auto first_with = [&](Term t, bool v) {
            for (Term c : tm.children(t))
                if (value(c) == v) return c;
            return tm.child(t, 0);
        };
        while (!stack.empty()) {
            Term t = stack.back();
            stack.pop_back();
            if (tm.kind(t) == Kind::Not) t = tm.child(t, 0);
            if (visit_stamp.size() <= t.id) visit_stamp.resize(tm.size() + 1, 0);
            if (visit_stamp[t.id] == stamp) continue;
            visit_stamp[t.id] = stamp;
            bool v = value(t);
            switch (tm.kind(t)) {
                case Kind::True:
                case Kind::False:
                case Kind::Const: break;
                case Kind::And:
                    if (v)
                        for (Term c : tm.children(t)) stack.push_back(c);
                    else
                        stack.push_back(first_with(t, false));
                    break;
                case Kind::Or:
                    if (v)
                        stack.push_back(first_with(t, true));
                    else
                        for (Term c : tm.children(t)) stack.push_back(c);
                    break;
                case Kind::Implies: {
                    Term a = tm.child(t, 0), b = tm.child(t, 1);
                    if (v) {
                        stack.push_back(value(a) ? b : a);
                    } else {
                        stack.push_back(a);
                        stack.push_back(b);
                    }
                    break;
                }
                case Kind::Ite:
                    if (tm.is_bool(t)) {
                        Term c = tm.child(t, 0);
                        stack.push_back(c);
                        stack.push_back(value(c) ? tm.child(t, 1) : tm.child(t, 2));
                    }
                    break;
                case Kind::Distinct: {
                    // Expanded once: building the pairwise (arithmetic) equations every round was a
                    // tenth of the time on QF_UFLIA scripts with many distincts.
                    auto [it, fresh] = distinct_expansion.try_emplace(t.id);
                    if (fresh) {
                        std::vector<Term> kids(tm.children(t).begin(), tm.children(t).end()), diseqs;
                        for (size_t i = 0; i < kids.size(); ++i)
                            for (size_t j = i + 1; j < kids.size(); ++j)
                                diseqs.push_back(tm.mk_not(tm.mk_eq(kids[i], kids[j])));
                        it->second = tm.mk_and(diseqs);
                    }
                    stack.push_back(it->second);
                    break;
                }
                default:
                    if (cnf.is_bv_atom(t)) break;  // decided by its circuit in the SAT solver
                    // A Boolean application of a function over bit-vectors: a SAT variable, tied
                    // to the others by Ackermann's lemmas (smt/ackermann.hpp), no theory's atom.
                    if (tm.kind(t) == Kind::App && is_ackermann_function(tm, tm.func_of(t))) break;
                    if (tm.kind(t) == Kind::Xor || (tm.kind(t) == Kind::Eq && tm.is_bool(tm.child(t, 0)))) {
                        stack.push_back(tm.child(t, 0));
                        stack.push_back(tm.child(t, 1));
                        break;
                    }
                    out.emplace_back(t, v);
                    // Boolean subterms inside the atom's terms (arguments of applications, ite
                    // conditions) are relevant too: their values reach the theories.
                    theory_stack.assign(tm.children(t).begin(), tm.children(t).end());
                    while (!theory_stack.empty()) {
                        Term s = theory_stack.back();
                        theory_stack.pop_back();
                        if (tm.is_bool(s)) {
                            if (tm.kind(s) == Kind::True || tm.kind(s) == Kind::False) continue;
                            stack.push_back(s);
                            Term base = tm.kind(s) == Kind::Not ? tm.child(s, 0) : s;
                            // e.g. f(p): p = true/false in EUF. Theory atoms are reported when visited;
                            // other Boolean terms (constants, connectives) once here.
                            if (!cnf.is_theory_atom(base)) {
                                if (arg_stamp.size() <= base.id) arg_stamp.resize(tm.size() + 1, 0);
                                if (arg_stamp[base.id] != stamp) {
                                    arg_stamp[base.id] = stamp;
                                    out.emplace_back(base, value(base));
                                }
                            }
                            continue;
                        }
                        if (visit_stamp.size() <= s.id) visit_stamp.resize(tm.size() + 1, 0);
                        if (visit_stamp[s.id] == stamp) continue;
                        visit_stamp[s.id] = stamp;
                        for (Term c : tm.children(s)) theory_stack.push_back(c);
                    }
            }
        }
    }

    Result check(std::span<const Term> assumptions) {
        ++stats.checks;
        model.reset();
        core.clear();
        failed.clear();
        reason.clear();
        std::vector<sat::Lit> assume(scope_acts.begin(), scope_acts.end());
        std::vector<Term> roots;
        for (const Assertion& a : assertions) {
            roots.push_back(a.formula);
            if (a.tracker) assume.push_back(a.tracker);
        }
        std::vector<std::pair<Term, sat::Lit>> assumption_lits;
        for (Term t : assumptions) {
            sat::Lit l = encode(t, kAssumptionTag);
            sat.freeze(l);
            assumption_lits.emplace_back(t, l);
            assume.push_back(l);
            roots.push_back(t);
        }
        const size_t base_roots = roots.size();
        add_transitivity_clauses();
        for (Theory* th : theories) th->begin_check();
        if (opts.deadline)
            sat.set_terminator(
                [d = *opts.deadline] { return base::interrupted() || std::chrono::steady_clock::now() > d; });
        else
            sat.set_terminator([] { return base::interrupted(); });
        const bool online = opts.sat_integration == SatIntegration::Online;
        for (;;) {
            if (deadline_passed()) return unknown(stop_reason());
            add_implications();
            if (online) observe_new_vars();
            round_roots = &roots;
            round_base_roots = base_roots;
            online_end.reset();
            sat::SatResult r = sat.solve(assume);
            if (r == sat::SatResult::Unknown) return unknown(deadline_passed() ? stop_reason() : "incomplete");
            if (r == sat::SatResult::Unsat) {
                for (const Assertion& a : assertions)
                    if (a.tracker && sat.failed(a.tracker)) core.push_back(a.id);
                for (auto& [t, l] : assumption_lits)
                    if (sat.failed(l)) failed.push_back(t);
                if (opts.produce_proofs) {
                    last_assumptions = assumption_lits;
                    last_assumed = assume;
                    last_active = assertions;
                }
                return last = Result::Unsat;
            }
            // Online, the checker ran the round on this very assignment inside the search; a
            // search that ended without one (no model check) gets its round here.
            const RoundEnd end = online_end ? *online_end : run_round(roots, base_roots);
            if (end == RoundEnd::Agreed) return finish_agreed(assumptions);
            if (end == RoundEnd::Unknown) return last = Result::Unknown;
            add_requests(false);
        }
    }

    // The theory side of one DPLL(T) round, on the current assignment (the SAT model, or inside
    // the search the checker's view of it): relevant atoms to the theories, their checks and
    // requests. Agreed leaves the theories in the round (finish_agreed reads their model);
    // otherwise the round is ended, and Unknown has set the reason.
    RoundEnd run_round(std::vector<Term>& roots, size_t base_roots) {
        ++stats.rounds;
        roots.resize(base_roots);
        roots.insert(roots.end(), lemma_roots.begin(), lemma_roots.end());
        round_atoms.clear();
        relevant_atoms(roots, round_atoms);
        auto start = std::chrono::steady_clock::now();
        for (auto& [atom, v] : round_atoms) {
            bool owned = false;
            for (Theory* th : theories) owned = owned || th->owns(atom);
            if (!owned) {
                unknown_unsupported(atom);
                return RoundEnd::Unknown;
            }
        }
        conflicts.clear();
        lemmas.clear();
        splits.clear();
        conflict_owner.clear();
        lra.conflict_records().clear();
        for (Theory* th : theories) {
            th->begin_round();
            for (auto& [atom, v] : round_atoms) {
                if (!th->owns(atom)) continue;
                int var = cnf.var_of(atom);
                th->assert_atom(atom, v, v ? var : -var);
            }
            th->check(conflicts);
            conflict_owner.resize(conflicts.size(), th);
            th->take_requests(lemmas, splits);
        }
        theory_splits = splits.size();        // the combination's come after them
        lra.take_implications(implications);  // added before the next SAT call
        std::string incomplete;
        for (Theory* th : theories)
            if (incomplete.empty()) incomplete = th->incomplete_reason();
        const bool theory_requests = !conflicts.empty() || !lemmas.empty() || !splits.empty();
        bool agreed = !theory_requests && incomplete.empty() && combination.propose(splits);
        // Every interface split proposed before: the theories disagree on atoms both have seen,
        // and the loop would not converge (a safeguard: an unknown beats a hang). Only the
        // combination's own splits count (branch-and-bound splits are the theory's progress).
        bool stuck =
            !agreed && !theory_requests && incomplete.empty() && !splits.empty() && !combination.made_progress();
        if (agreed) {
            round_start = start;
            return RoundEnd::Agreed;
        }
        for (Theory* th : theories) th->end_round();
        stats.theory_seconds += base::seconds_since(start);
        if (stuck) {
            unknown("theory combination did not converge");
            return RoundEnd::Unknown;
        }
        if (!agreed && !theory_requests && incomplete.empty() && splits.empty() && combination.unresolved()) {
            unknown("theory combination: congruent terms with different values and no atom to split on");
            return RoundEnd::Unknown;
        }
        if (conflicts.empty() && lemmas.empty() && splits.empty()) {
            unknown(incomplete);
            return RoundEnd::Unknown;
        }
        return RoundEnd::Requests;
    }

    // After an agreed round, with the SAT model readable: the model of the answer.
    Result finish_agreed(std::span<const Term> assumptions) {
        Model m(tm);
        for (int v = 1; v <= sat.num_vars(); ++v) {
            Term t = cnf.term_of_var(v);
            if (t.valid() && tm.kind(t) == Kind::Const && tm.is_bool(t))
                m.set_const(tm.func_of(t), Value::of_bool(sat.value(v)));
        }
        if (const bv::BitBlaster* bb = cnf.bit_blaster()) {
            for (Term x : bb->variables()) {
                if (tm.kind(x) != Kind::Const) continue;  // applications: tables below
                m.set_const(tm.func_of(x), Value::of_number(mpq_class(bv_value(*bb, x)), tm.sort(x)));
            }
        }
        for (Theory* th : theories) th->extend_model(m);
        if (!ackermann.empty()) ackermann_tables(m);
        for (Theory* th : theories) th->end_round();
        stats.theory_seconds += base::seconds_since(round_start);
        if (opts.check_models) check_model(m, assumptions);
        model = std::move(m);
        return last = Result::Sat;
    }

    // The requests of a round as clauses: lemmas (units) and splits, which may need new atoms,
    // and conflicts over atoms the SAT solver has. `during_search`: only conflicts, given to
    // the SAT solver inside its search (SatSolver::add_lemma), for the online loop.
    void add_requests(bool during_search) {
        stats.theory_conflicts += conflicts.size();
        stats.lemmas += lemmas.size();
        for (Term l : lemmas) {
            sat::Lit unit[1] = {encode(l, kLemmaTag)};
            cnf.set_tag(kLemmaTag);
            LeafInfo info{LeafKind::TheoryLemma, l};
            if (opts.produce_proofs) {
                if (const LiaLemma* r = lra.lemma_record(l)) {
                    info.cert = static_cast<uint32_t>(lia_store.size());
                    lia_store.push_back(*r);
                }
            }
            note(cnf.add_clause(unit), info);
            lemma_roots.push_back(l);
        }
        for (size_t i = 0; i < splits.size(); ++i) {
            sat::Lit l = encode(splits[i], kLemmaTag);
            // A theory's split comes in the polarity to try first (e.g. the nearer integer of a
            // branch); the combination's equalities keep CaDiCaL's phase.
            if (i < theory_splits) sat.set_phase(l);
            lemma_roots.push_back(splits[i]);
        }
        cnf.set_tag(kLemmaTag);
        size_t lra_record = 0;
        for (size_t ci = 0; ci < conflicts.size(); ++ci) {
            auto& c = conflicts[ci];
            for (sat::Lit& l : c) l = -l;
            std::sort(c.begin(), c.end());
            c.erase(std::unique(c.begin(), c.end()), c.end());
            uint32_t id = during_search ? cnf.add_lemma(c) : cnf.add_clause(c);
            if (opts.produce_proofs) {
                LeafInfo info{LeafKind::EufConflict, Term{}};
                if (conflict_owner[ci] == &lra) {
                    auto& rec = lra.conflict_records().at(lra_record++);
                    if (rec.gcd) {
                        info = {LeafKind::LiaConflict, {}, 0, static_cast<uint32_t>(lia_store.size())};
                        lia_store.push_back(std::move(rec.lia));
                    } else {
                        info = {LeafKind::LraConflict, {}, 0, static_cast<uint32_t>(farkas_store.size())};
                        farkas_store.push_back(std::move(rec.farkas));
                    }
                }
                note(id, info);
            }
            ++stats.conflict_clauses;
        }
    }

    // Online loop (SolverOptions::sat_integration): every variable of a term is observed, so
    // that the checker can read the whole Boolean structure and put any atom into a conflict.
    // Observed before the first solve that sees them (CaDiCaL may not observe an eliminated one).
    static constexpr uint64_t kWakeEagerSimplex = 8;  // refinement rounds (measured: docs/results)
    void observe_new_vars() {
        for (int v = observed_upto + 1; v <= sat.num_vars(); ++v) {
            const Term t = cnf.term_of_var(v);
            if (!t.valid()) continue;
            sat.observe(v);
            if (EagerEuf::watchable(tm, t)) eager.watch(v, t);
            if (EagerBounds::watchable(tm, t)) bounds.watch(v, t);
            if (EagerSimplex::watchable(tm, t)) eager_simplex.watch(v, t);
        }
        observed_upto = sat.num_vars();
    }

    // The online loop's round inside CaDiCaL's search (sat/model_checker.hpp): a round whose only
    // requests are conflicts refines the search in place; anything that needs new atoms or
    // clauses of the encoder (lemmas, splits, implications), an agreement, or an unknown ends
    // the search, and check() goes on from the recorded end as the offline loop would.
    struct OnlineChecker : sat::ModelChecker {
        Impl& impl;
        explicit OnlineChecker(Impl& i) : impl(i) {}
        Verdict check_model(std::span<const int> model) override { return impl.check_online(model); }
        void assigned(int lit, bool fixed) override {
            impl.eager.assigned(lit, fixed);
            impl.bounds.assigned(lit, fixed);
            impl.eager_simplex.assigned(lit, fixed);
        }
        void new_level() override {
            impl.eager.new_level();
            impl.bounds.new_level();
            impl.eager_simplex.new_level();
        }
        void backtrack(size_t level) override {
            impl.eager.backtrack(level);
            impl.bounds.backtrack(level);
            impl.eager_simplex.backtrack(level);
        }
        // The cheap checks first: the simplex runs only when the pairs of bounds agree.
        void fixpoint() override {
            if (!impl.bounds_fixpoint()) impl.simplex_fixpoint();
            impl.eager_fixpoint();
        }
        // Which checker propagated each variable last (1 bounds, 2 EUF, 3 the simplex's rows):
        // CaDiCaL asks for the reason of a literal it holds, which is the last propagation of
        // its variable.
        std::vector<uint8_t> owner;
        int propagate() override {
            uint8_t who = 1;
            int lit = impl.bounds.propagate();
            if (!lit) lit = impl.eager.propagate(), who = 2;
            if (!lit) lit = impl.eager_simplex.propagate(), who = 3;
            if (lit) {
                const size_t v = sat::var_of(lit);
                if (owner.size() <= v) owner.resize(v + 1, 0);
                owner[v] = who;
            }
            return lit;
        }
        void reason(int lit, std::vector<int>& clause) override {
            switch (owner[sat::var_of(lit)]) {
                case 2: impl.euf_reason(lit, clause); break;
                case 3: impl.row_reason(lit, clause); break;
                default: impl.bounds_reason(lit, clause);
            }
        }
    };

    // The reason clause of a bound propagation. CaDiCaL has assigned the literal already, so a
    // certificate that does not check cannot be taken back: it is a self-check failure (exit 10),
    // never a clause.
    void bounds_reason(sat::Lit lit, std::vector<sat::Lit>& clause) {
        sat::Lit because = 0;
        bounds.reason(lit, because, bounds_certificate);
        eager_lits.assign(1, because);
        give_farkas_reason("eager bound propagation", lit, clause);
    }

    // The reason clause of a propagation over a simplex row (eager_simplex.hpp), checked as bound
    // reasons are.
    void row_reason(sat::Lit lit, std::vector<sat::Lit>& clause) {
        eager_simplex.reason(lit, eager_lits, bounds_certificate);
        give_farkas_reason("eager row propagation", lit, clause);
    }

    // The reason clause {lit, not eager_lits...} of an arithmetic propagation, justified by
    // bounds_certificate (checked: a failure is a self-check failure), logged as an input clause.
    void give_farkas_reason(const char* what, sat::Lit lit, std::vector<sat::Lit>& clause) {
        std::string why;
        if (!check_lra_certificate(tm, bounds_certificate, &why))
            throw CheckFailure(std::string(what) + " without a valid reason: " + why);
        clause.assign(1, lit);
        for (sat::Lit b : eager_lits) clause.push_back(-b);
        cnf.set_tag(kLemmaTag);
        const uint32_t id = cnf.log_reason(clause);
        if (opts.produce_proofs) {
            note(id, {LeafKind::LraConflict, {}, 0, static_cast<uint32_t>(farkas_store.size())});
            farkas_store.push_back(bounds_certificate);
        }
    }

    // The reason clause of an EUF propagation (eager_euf.hpp), checked as bound reasons are.
    void euf_reason(sat::Lit lit, std::vector<sat::Lit>& clause) {
        eager.reason(lit, clause);
        eager_lits.clear();
        for (sat::Lit l : clause) eager_lits.push_back(-l);
        eager.facts(eager_lits, eager_facts);
        std::string why;
        if (!check_euf_conflict(tm, eager_facts, &why))
            throw CheckFailure("eager EUF propagation without a valid reason: " + why);
        cnf.set_tag(kLemmaTag);
        const uint32_t id = cnf.log_reason(clause);
        if (opts.produce_proofs) note(id, {LeafKind::EufConflict, Term{}});
    }

    // Two contradicting bounds on one polynomial, as a lemma of the search (eager_bounds.hpp).
    // The certificate is checked before the clause is used, whatever the options: a pair the
    // check refuses is dropped (the round at the complete assignment still decides).
    bool bounds_fixpoint() {
        if (!bounds.conflict(eager_lits, bounds_certificate)) return false;
        return add_farkas_lemma("eager bound conflict", true);
    }

    // Bounds infeasible over the reals on the partial assignment (eager_simplex.hpp), as a lemma
    // of the search; its certificate is checked with check_certificates, as the round's simplex
    // conflicts are (proofs record it either way).
    bool simplex_fixpoint() {
        if (!eager_simplex.conflict(eager_lits, bounds_certificate)) return false;
        return add_farkas_lemma("eager simplex conflict", opts.check_certificates);
    }

    // The clause of the negations of eager_lits, justified by bounds_certificate (checked first
    // when `check`; a refused one is dropped, or a self-check failure with check_certificates).
    bool add_farkas_lemma(const char* what, bool check) {
        std::string why;
        if (check && !check_lra_certificate(tm, bounds_certificate, &why)) {
            if (opts.check_certificates) throw CheckFailure(std::string(what) + ": " + why);
            return false;
        }
        for (sat::Lit& l : eager_lits) l = -l;
        cnf.set_tag(kLemmaTag);
        const uint32_t id = cnf.add_lemma(eager_lits);
        if (opts.produce_proofs) {
            note(id, {LeafKind::LraConflict, {}, 0, static_cast<uint32_t>(farkas_store.size())});
            farkas_store.push_back(bounds_certificate);
        }
        ++stats.conflict_clauses;
        return true;
    }

    // An EUF conflict on the partial assignment, as a lemma of the search (eager_euf.hpp).
    void eager_fixpoint() {
        if (!eager.conflict(eager_lits)) return;
        if (opts.check_certificates) {
            eager.facts(eager_lits, eager_facts);
            std::string why;
            if (!check_euf_conflict(tm, eager_facts, &why)) throw CheckFailure("eager EUF conflict: " + why);
        }
        for (sat::Lit& l : eager_lits) l = -l;
        std::sort(eager_lits.begin(), eager_lits.end());
        eager_lits.erase(std::unique(eager_lits.begin(), eager_lits.end()), eager_lits.end());
        cnf.set_tag(kLemmaTag);
        note(cnf.add_lemma(eager_lits), {LeafKind::EufConflict, Term{}});
        ++stats.conflict_clauses;
    }
    sat::ModelChecker::Verdict check_online(std::span<const int> assignment) {
        using Verdict = sat::ModelChecker::Verdict;
        if (online_val.size() <= static_cast<size_t>(sat.num_vars())) online_val.resize(sat.num_vars() + 1, 0);
        for (int l : assignment) online_val[sat::var_of(l)] = l > 0 ? 1 : -1;
        in_search = true;
        const RoundEnd end = run_round(*round_roots, round_base_roots);
        in_search = false;
        if (end == RoundEnd::Requests && lemmas.empty() && splits.empty() && implications.empty()) {
            add_requests(true);
            // The simplex on partial assignments pays where the complete ones keep failing;
            // a query decided in a round or two would only pay for its rows (eager_simplex.hpp).
            if (++stats.online_refinements >= kWakeEagerSimplex) eager_simplex.wake();
            return Verdict::Refine;
        }
        online_end = end;
        return end == RoundEnd::Agreed ? Verdict::Accept : Verdict::Stop;
    }

    // Eager transitivity over the equality atoms of uninterpreted sorts (transitivity.hpp),
    // recomputed when new such atoms appeared; every triangle's clauses are added once.
    void add_transitivity_clauses() {
        constexpr size_t kMaxTriangles = 200000;
        std::vector<Term> eqs;
        for (Term a : cnf.atoms())
            if (tm.kind(a) == Kind::Eq && tm.sorts().is_uninterpreted(tm.sort(tm.child(a, 0)))) eqs.push_back(a);
        if (eqs.size() == transitivity_eqs || triangles_done.size() >= kMaxTriangles) return;
        transitivity_eqs = eqs.size();
        // On dense graphs the completion is cubic; past a budget proportional to the number of
        // atoms the lazy loop does better.
        const size_t budget = std::min(kMaxTriangles, 10 * eqs.size() + 1000);
        for (const auto& tri : chordal_triangles(tm, eqs, budget)) {
            std::array<uint32_t, 3> key = {tri[0].id, tri[1].id, tri[2].id};
            std::sort(key.begin(), key.end());
            if (opts.produce_interpolants &&
                !(cnf.var_of(tm.mk_eq(tri[0], tri[1])) && cnf.var_of(tm.mk_eq(tri[1], tri[2])) &&
                  cnf.var_of(tm.mk_eq(tri[0], tri[2]))))
                continue;  // a fill edge could relate an A-local and a B-local term
            if (!triangles_done.insert(key).second) continue;
            sat::Lit e[3] = {encode(tm.mk_eq(tri[0], tri[1]), kLemmaTag), encode(tm.mk_eq(tri[1], tri[2]), kLemmaTag),
                             encode(tm.mk_eq(tri[0], tri[2]), kLemmaTag)};
            cnf.set_tag(kLemmaTag);
            for (int i = 0; i < 3; ++i) {
                sat::Lit c[3] = {-e[i], -e[(i + 1) % 3], e[(i + 2) % 3]};
                note(cnf.add_clause(c), {LeafKind::Transitivity, Term{}});
            }
            ++stats.transitivity_triangles;
        }
        transitivity_eqs = 0;
        for (Term a : cnf.atoms())  // fill edges are atoms too: count them as seen
            if (tm.kind(a) == Kind::Eq && tm.sorts().is_uninterpreted(tm.sort(tm.child(a, 0)))) ++transitivity_eqs;
    }

    // Static implications a => b of the theories, as clauses. Adding clauses invalidates the
    // SAT model, so they wait until just before the next SAT call.
    void add_implications() {
        for (auto& [a, b] : implications) {
            sat::Lit c[2] = {-encode(a, kLemmaTag), encode(b, kLemmaTag)};
            cnf.set_tag(kLemmaTag);
            uint32_t id = cnf.add_clause(c);
            if (opts.produce_proofs) note(id, {LeafKind::LraImplication, tm.mk_implies(a, b)});
        }
        implications.clear();
    }

    Result unknown(std::string why) {
        reason = std::move(why);
        return last = Result::Unknown;
    }

    Result unknown_unsupported(Term atom) {
        return unknown("unsupported atom " + term_to_string(tm, atom, false).substr(0, 200));
    }

    void check_model(const Model& m, std::span<const Term> assumptions) {
        Model::EvalMemo memo;  // one for all: the assertions share their terms
        for (const Assertion& a : assertions)
            if (!m.evaluate(a.formula, memo).b)
                throw CheckFailure("model check failed: assertion " + std::to_string(a.id) + " is false in the model");
        for (Term t : assumptions)
            if (!m.evaluate(t, memo).b) throw CheckFailure("model check failed: an assumption is false");
    }
};

Solver::Solver(TermManager& tm, SolverOptions options) : tm_(tm), options_(options) {}
Solver::~Solver() = default;

// The implementation (and with it CaDiCaL) is created on first use, so that options such as
// the random seed can still be set after construction.
Solver::Impl& Solver::impl() {
    if (!impl_) {
        try {
            impl_ = std::make_unique<Impl>(tm_, options_);
        } catch (const sat::ProofError& e) {  // proof mode could not trace
            throw ProofError(e.what());
        }
    }
    return *impl_;
}

AssertionId Solver::assert_formula(Term f, bool tracked) {
    Impl& s = impl();
    Assertion a{s.next_id++, f, 0, 0, static_cast<unsigned>(s.scope_acts.size() - 1)};
    a.lit = s.encode(f, a.id);
    s.cnf.set_tag(a.id);
    const LeafInfo info{LeafKind::Assertion, f, a.id};
    if (tracked) {
        a.tracker = s.new_activation();
        sat::Lit c[2] = {-a.tracker, a.lit};
        s.note(s.cnf.add_clause(c), info);
    } else {
        sat::Lit c[2] = {-s.scope_acts.back(), a.lit};
        s.note(s.cnf.add_clause(c), info);
    }
    s.assertions.push_back(a);
    return a.id;
}

void Solver::push() {
    Impl& s = impl();
    s.scope_acts.push_back(s.new_activation());
}

void Solver::pop(unsigned n) {
    Impl& s = impl();
    if (n > scope_level()) throw std::invalid_argument("pop below scope 0");
    for (unsigned i = 0; i < n; ++i) {
        sat::Lit act = s.scope_acts.back();
        s.scope_acts.pop_back();
        sat::Lit unit[1] = {-act};
        s.note(s.cnf.add_clause(unit), {LeafKind::Deactivation, Term{}});  // the scope's assertions are gone for good
    }
    unsigned level = scope_level();
    std::erase_if(s.assertions, [&](const Assertion& a) { return a.scope > level; });
}

unsigned Solver::scope_level() const { return impl_ ? static_cast<unsigned>(impl_->scope_acts.size() - 1) : 0; }

void Solver::reset_assertions() {
    if (!impl_) return;
    pop(scope_level());
    Impl& s = *impl_;
    sat::Lit unit[1] = {-s.scope_acts[0]};
    s.note(s.cnf.add_clause(unit), {LeafKind::Deactivation, Term{}});
    s.scope_acts[0] = s.new_activation();
    s.assertions.clear();
}

Result Solver::check(std::span<const Term> assumptions) {
    Impl& s = impl();
    if (!options_.times) return s.check(assumptions);
    // The SAT solver's seconds include the online rounds inside its search (theory time).
    auto sat_only = [&] { return s.sat.stats().seconds - s.sat.stats().checker_seconds; };
    const double sat0 = sat_only(), theory0 = s.stats.theory_seconds;
    const Result r = s.check(assumptions);
    options_.times->sat += sat_only() - sat0;
    options_.times->theory += s.stats.theory_seconds - theory0;
    return r;
}

SmtProof Solver::proof() {
    if (!options_.produce_proofs) throw std::logic_error("proofs are off (produce_proofs)");
    if (!impl_ || impl_->last != Result::Unsat) throw std::logic_error("no proof: the last check was not unsat");
    Impl& s = *impl_;
    SmtProof p;
    try {  // the SAT layer's errors (no proof mode, an unminable trace) leave as smt::ProofError
        p.inputs = &s.sat.input_clauses();
        p.root_clause = s.sat.failed_clause();
        std::set<sat::Lit> failed(p.root_clause.begin(), p.root_clause.end());
        for (sat::Lit l : failed)
            if (l > 0 && failed.count(-l)) p.complementary = l;
        if (!p.complementary) p.resolution = s.sat.proof();
    } catch (const sat::ProofError& e) {
        throw ProofError(e.what());
    }
    const auto& defs = s.cnf.definitions();
    for (; s.definitions_seen < defs.size(); ++s.definitions_seen)
        s.note(defs[s.definitions_seen].first, {LeafKind::Definition, defs[s.definitions_seen].second});
    if (const bv::BitBlaster* bb = s.cnf.bit_blaster()) {
        const auto& gate_clauses = bb->gate_clauses();
        for (; s.gate_clauses_seen < gate_clauses.size(); ++s.gate_clauses_seen) {
            const auto& [id, gate] = gate_clauses[s.gate_clauses_seen];
            s.note(id, {LeafKind::BvGate, {}, 0, gate});
        }
        p.bv_gates = bb->gates();
        p.bv_wires = bb->wires(static_cast<size_t>(s.sat.num_vars()));
    }
    const sat::ResolutionProof& r = p.resolution;
    p.leaves.resize(r.num_nodes());
    for (uint32_t n = 0; n < r.num_nodes(); ++n) {
        if (!r.is_leaf(n)) continue;
        uint32_t id = r.input_id(n);
        LeafInfo info = id < s.leaf_info.size() ? s.leaf_info[id] : LeafInfo{};
        if (info.cert != UINT32_MAX && info.kind != LeafKind::BvGate) {  // a gate's cert indexes bv_gates
            if (info.kind == LeafKind::LraConflict) {
                p.farkas.push_back(s.farkas_store[info.cert]);
                info.cert = static_cast<uint32_t>(p.farkas.size() - 1);
            } else {
                p.lia.push_back(s.lia_store[info.cert]);
                info.cert = static_cast<uint32_t>(p.lia.size() - 1);
            }
        }
        p.leaves[n] = info;
    }
    p.var_terms.resize(s.sat.num_vars() + 1);
    for (int v = 1; v <= s.sat.num_vars(); ++v) p.var_terms[v] = s.cnf.term_of_var(v);
    p.activation = s.is_activation;
    p.activation.resize(s.sat.num_vars() + 1, 0);
    for (const Assertion& a : s.last_active) p.active.push_back({a.id, a.formula, {}});
    p.assumptions = s.last_assumptions;
    p.assumed = s.last_assumed;
    return p;
}

const Model& Solver::model() const {
    if (!impl_ || !impl_->model) throw std::logic_error("no model available");
    return *impl_->model;
}

std::vector<AssertionId> Solver::unsat_core() const { return impl_ ? impl_->core : std::vector<AssertionId>{}; }
std::vector<Term> Solver::unsat_assumptions() const { return impl_ ? impl_->failed : std::vector<Term>{}; }

const std::string& Solver::reason_unknown() const {
    static const std::string none = "no check-sat yet";
    return impl_ ? impl_->reason : none;
}

std::vector<std::pair<std::string, std::string>> Solver::statistics() const {
    std::vector<std::pair<std::string, std::string>> r;
    if (!impl_) return r;
    const Impl& s = *impl_;
    auto num = [](auto v) { return std::to_string(v); };
    r.emplace_back("checks", num(s.stats.checks));
    r.emplace_back("rounds", num(s.stats.rounds));
    r.emplace_back("theory-conflicts", num(s.stats.theory_conflicts));
    r.emplace_back("conflict-clauses", num(s.stats.conflict_clauses));
    r.emplace_back("theory-lemmas", num(s.stats.lemmas));
    r.emplace_back("ackermann-lemmas", num(s.stats.ackermann_lemmas));
    r.emplace_back("transitivity-triangles", num(s.stats.transitivity_triangles));
    r.emplace_back("lra-static-lemmas", num(s.lra.static_lemmas()));
    r.emplace_back("simplex-checks", num(s.lra.simplex_stats().checks));
    r.emplace_back("simplex-pivots", num(s.lra.simplex_stats().pivots));
    r.emplace_back("simplex-bland-switches", num(s.lra.simplex_stats().bland_switches));
    r.emplace_back("lia-branches", num(s.lra.int_stats().branches));
    r.emplace_back("lia-cuts", num(s.lra.int_stats().cuts));
    r.emplace_back("lia-gcd-conflicts", num(s.lra.int_stats().gcd_conflicts));
    r.emplace_back("sat-solves", num(s.sat.stats().solves));
    r.emplace_back("sat-vars", num(s.sat.num_vars()));
    r.emplace_back("sat-clauses", num(s.sat.stats().clauses));
    r.emplace_back("sat-time", num(s.sat.stats().seconds - s.sat.stats().checker_seconds));
    r.emplace_back("theory-time", num(s.stats.theory_seconds));
    r.emplace_back("sat-integration", sat_integration_name(s.opts.sat_integration));
    r.emplace_back("online-model-checks", num(s.sat.stats().model_checks));
    r.emplace_back("online-refinements", num(s.stats.online_refinements));
    r.emplace_back("online-lemmas", num(s.sat.stats().lemmas));
    r.emplace_back("online-check-time", num(s.sat.stats().checker_seconds));
    r.emplace_back("online-eager-euf-conflicts", num(s.eager.stats().conflicts));
    r.emplace_back("online-eager-bound-conflicts", num(s.bounds.stats().conflicts));
    r.emplace_back("online-eager-euf-propagations", num(s.eager.stats().propagations));
    r.emplace_back("online-eager-euf-diseq-propagations", num(s.eager.stats().diseq_propagations));
    r.emplace_back("online-eager-simplex-checks", num(s.eager_simplex.stats().checks));
    r.emplace_back("online-eager-simplex-conflicts", num(s.eager_simplex.stats().conflicts));
    r.emplace_back("online-eager-simplex-skipped", num(s.eager_simplex.stats().skipped));
    r.emplace_back("online-eager-simplex-pivots", num(s.eager_simplex.pivots()));
    r.emplace_back("online-eager-simplex-work", num(s.eager_simplex.work()));
    r.emplace_back("online-eager-simplex-assigned", num(s.eager_simplex.stats().assigned));
    r.emplace_back("online-eager-simplex-period", num(s.eager_simplex.period()));
    r.emplace_back("online-eager-simplex-time", num(s.eager_simplex.stats().seconds));
    r.emplace_back("online-eager-row-propagations", num(s.eager_simplex.stats().propagations));
    r.emplace_back("online-eager-rows-scanned", num(s.eager_simplex.stats().rows_scanned));
    r.emplace_back("online-propagations", num(s.sat.stats().propagations));
    r.emplace_back("online-reasons", num(s.sat.stats().reasons));
    r.emplace_back("terms", num(s.tm.size()));
    return r;
}

}  // namespace craig::smt
