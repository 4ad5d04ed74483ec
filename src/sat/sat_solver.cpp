#include "sat/sat_solver.hpp"

#include <cadical.hpp>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include "base/stopwatch.hpp"
#include "sat/drat_miner.hpp"

namespace craig::sat {

struct SatSolver::Terminator : CaDiCaL::Terminator {
    std::function<bool()> stop;
    bool terminate() override { return stop && stop(); }
};

// CaDiCaL's binary DRAT trace goes through a stdio stream whose write function appends to a
// byte vector (fopencookie). Unlike a pipe this needs no reader thread and cannot block; unlike
// open_memstream the buffer is ours, so its size is known after each flush.
struct SatSolver::ProofTrace {
    std::vector<uint8_t> bytes;
    FILE* file = nullptr;
    InputClauses inputs;
    DratMiner miner;  // keeps the chains of earlier proofs of this session

    static ssize_t write(void* cookie, const char* buf, size_t n) {
        auto& bytes = static_cast<ProofTrace*>(cookie)->bytes;
        bytes.insert(bytes.end(), reinterpret_cast<const uint8_t*>(buf), reinterpret_cast<const uint8_t*>(buf) + n);
        return static_cast<ssize_t>(n);
    }

    ProofTrace() {
        cookie_io_functions_t io{};
        io.write = &ProofTrace::write;
        file = fopencookie(this, "w", io);
        if (!file) throw ProofError("cannot open the in-memory proof trace");
        setvbuf(file, nullptr, _IOFBF, 1 << 16);
    }
    ~ProofTrace() {
        if (file) fclose(file);
    }
};

// The external propagator (IPASIR-UP) of the online loop: notifications go to the checker as
// they come; lemmas wait in `pending` (literals, each clause closed by 0) until CaDiCaL asks for
// them at its next propagation fixpoint or final check.
struct SatSolver::Propagator : CaDiCaL::ExternalPropagator {
    SatSolver& owner;
    ModelChecker* checker = nullptr;
    std::vector<Lit> pending;
    size_t next = 0;       // read position in pending (always at a clause boundary between calls)
    bool stop = false;     // the checker answered Stop in this solve()
    bool misused = false;  // the checker answered Refine without a lemma
    std::vector<int> reason_buf;
    size_t reason_next = 0;

    explicit Propagator(SatSolver& s) : owner(s) {}

    void notify_assignment(int lit, bool fixed) override {
        if (checker) checker->assigned(lit, fixed);
    }
    void notify_new_decision_level() override {
        if (checker) checker->new_level();
    }
    void notify_backtrack(size_t level) override {
        if (checker) checker->backtrack(level);
    }

    bool cb_check_found_model(const std::vector<int>& model) override {
        if (next < pending.size()) return false;  // lemmas of an earlier check are still unread
        if (!checker) return true;
        ++owner.stats_.model_checks;
        auto start = std::chrono::steady_clock::now();
        ModelChecker::Verdict v = checker->check_model(model);
        owner.stats_.checker_seconds += base::seconds_since(start);
        if (v == ModelChecker::Verdict::Refine && next == pending.size()) {
            misused = true;  // CaDiCaL requires a clause after a rejection: stop instead
            v = ModelChecker::Verdict::Stop;
        }
        if (v == ModelChecker::Verdict::Stop) stop = true;
        return v != ModelChecker::Verdict::Refine;
    }
    int cb_propagate() override {
        if (!checker) return 0;
        for (;;) {
            const int lit = checker->propagate();
            if (!lit) return 0;
            ++owner.stats_.propagations;
            // CaDiCaL 1.7.4 does not ask for the reason of every propagated literal its trace
            // depends on (measured: a derived unit "not RUP" in the pigeonhole test, also with
            // root propagations turned into clauses). In proof mode every propagation therefore
            // goes in as its reason clause at once, an external clause that is unit here.
            if (!owner.proof_) return lit;
            reason_buf.clear();
            checker->reason(lit, reason_buf);
            ++owner.stats_.reasons;
            pending.insert(pending.end(), reason_buf.begin(), reason_buf.end());
            pending.push_back(0);
        }
    }
    // CaDiCaL reads a reason literal by literal: the clause is fetched at the first call.
    int cb_add_reason_clause_lit(int propagated) override {
        if (reason_next == 0) {
            reason_buf.clear();
            if (checker) checker->reason(propagated, reason_buf);
            ++owner.stats_.reasons;
            if (reason_buf.empty()) misused = true;  // a propagation without a reason
            reason_buf.push_back(0);
        }
        const int l = reason_buf[reason_next++];
        if (l == 0) reason_next = 0;
        return l;
    }
    bool cb_has_external_clause() override {
        if (next == pending.size() && checker) checker->fixpoint();
        return next < pending.size();
    }
    int cb_add_external_clause_lit() override {
        const Lit l = pending[next++];
        if (next == pending.size()) pending.clear(), next = 0;
        return l;
    }
};

// CaDiCaL options proof mode sets (see docs/architecture.md, "Proofs (SAT level)"). Every
// default technique of CaDiCaL 1.5.3 and 1.7.4 traces RUP additions; elimination's untraced
// restoring of clauses is handled by the miner. The techniques below only delete clauses (blocked, covered,
// globally blocked) or were never seen in a trace (instantiation); they are off by default and
// stay off so that proofs never depend on untested steps.
static constexpr std::pair<const char*, int> kProofModeOptions[] = {
    {"binary", 1}, {"quiet", 1},  // flushing the trace would print a line each time
    {"block", 0},  {"cover", 0}, {"condition", 0}, {"instantiate", 0},
};

SatSolver::SatSolver(uint32_t seed, bool proof)
    : solver_(std::make_unique<CaDiCaL::Solver>()), terminator_(std::make_unique<Terminator>()) {
    if (seed) solver_->set("seed", static_cast<int>(seed & 0x7fffffff));
    solver_->set("profile", 0);  // profiling reads the process time (getrusage) around every phase
    if (proof) {
        proof_ = std::make_unique<ProofTrace>();
        for (auto [name, value] : kProofModeOptions) solver_->set(name, value);
        if (!solver_->trace_proof(proof_->file, "<memory>")) throw ProofError("CaDiCaL refused to trace a proof");
    }
    solver_->connect_terminator(terminator_.get());
}

SatSolver::~SatSolver() {
    solver_->disconnect_terminator();
    if (propagator_) {
        propagator_->checker = nullptr;  // disconnecting backtracks; the checker may be gone
        solver_->disconnect_external_propagator();
    }
    solver_.reset();  // may still write to the trace
}

int SatSolver::new_var() {
    ++stats_.vars;
    return ++num_vars_;
}

uint32_t SatSolver::add_clause(std::span<const Lit> lits, uint32_t tag) {
    uint32_t id = static_cast<uint32_t>(stats_.clauses++);
    if (proof_) {
        solver_->flush_proof_trace();
        proof_->inputs.add(lits, tag, proof_->bytes.size());
    }
    for (Lit l : lits) solver_->add(l);
    solver_->add(0);
    return id;
}

void SatSolver::set_model_checker(ModelChecker* checker) {
    if (!propagator_) {
        propagator_ = std::make_unique<Propagator>(*this);
        solver_->connect_external_propagator(propagator_.get());
    }
    propagator_->checker = checker;
}

void SatSolver::observe(int var) {
    if (!propagator_) throw std::logic_error("SatSolver::observe needs a model checker");
    solver_->add_observed_var(var);
}

uint32_t SatSolver::add_lemma(std::span<const Lit> lits, uint32_t tag) {
    if (!propagator_) throw std::logic_error("SatSolver::add_lemma needs a model checker");
    uint32_t id = static_cast<uint32_t>(stats_.clauses++);
    ++stats_.lemmas;
    if (proof_) {
        // CaDiCaL is inside solve(): its trace is flushed through the stream directly. External
        // clauses are not written to a DRAT trace (they are inputs), so the miner knows this one
        // from the log, from this offset on, exactly as a clause given by add_clause.
        fflush(proof_->file);
        proof_->inputs.add(lits, tag, proof_->bytes.size());
    }
    propagator_->pending.insert(propagator_->pending.end(), lits.begin(), lits.end());
    propagator_->pending.push_back(0);
    return id;
}

uint32_t SatSolver::log_reason(std::span<const Lit> lits, uint32_t tag) {
    uint32_t id = static_cast<uint32_t>(stats_.clauses++);
    if (proof_) {
        fflush(proof_->file);
        proof_->inputs.add(lits, tag, proof_->bytes.size());
    }
    return id;
}


bool SatSolver::set_option(const char* name, int value) { return solver_->set(name, value); }

void SatSolver::freeze(Lit l) { solver_->freeze(var_of(l)); }

void SatSolver::set_phase(Lit l) { solver_->phase(l); }

void SatSolver::set_terminator(std::function<bool()> stop) { terminator_->stop = std::move(stop); }

SatResult SatSolver::solve(std::span<const Lit> assumptions) {
    auto start = std::chrono::steady_clock::now();
    if (proof_) assumptions_.assign(assumptions.begin(), assumptions.end());
    stopped_ = false;
    if (propagator_) {  // lemmas CaDiCaL did not take in the last solve (already logged)
        auto& p = *propagator_;
        for (size_t i = p.next; i < p.pending.size(); ++i) solver_->add(p.pending[i]);
        p.pending.clear();
        p.next = 0;
        p.stop = false;
        if (p.checker) p.checker->backtrack(0);  // the search starts at the root
    }
    for (Lit a : assumptions) solver_->assume(a);
    int r = solver_->solve();
    ++stats_.solves;
    if (propagator_) {
        if (propagator_->misused) throw std::logic_error("a model checker rejected an assignment without a lemma");
        stopped_ = r == 10 && propagator_->stop;
    }
    stats_.seconds += base::seconds_since(start);
    if (r == 10) return SatResult::Sat;
    if (r == 20) return SatResult::Unsat;
    return SatResult::Unknown;
}

bool SatSolver::value(Lit l) const {
    // Variables CaDiCaL never saw are unconstrained; val() reports them as their own
    // literal (true), which is a valid choice.
    return solver_->val(l) > 0;
}

bool SatSolver::failed(Lit l) const { return solver_->failed(l); }

std::vector<Lit> SatSolver::failed_clause() const {
    std::vector<Lit> c;
    for (Lit a : assumptions_)
        if (solver_->failed(a)) c.push_back(-a);
    return c;
}

const InputClauses& SatSolver::input_clauses() const {
    if (!proof_) throw ProofError("input clauses are logged in proof mode only");
    return proof_->inputs;
}

std::span<const uint8_t> SatSolver::drat_trace() {
    if (!proof_) throw ProofError("no proof trace outside proof mode");
    solver_->flush_proof_trace();
    return proof_->bytes;
}

ResolutionProof SatSolver::proof(MinerStats* stats) {
    if (!proof_) throw ProofError("proofs need a SatSolver in proof mode");
    if (solver_->state() != CaDiCaL::UNSATISFIED) throw ProofError("proof() needs an Unsat answer");
    std::vector<Lit> root = failed_clause();
    return proof_->miner.mine(drat_trace(), proof_->inputs, root, stats);
}

}  // namespace craig::sat
