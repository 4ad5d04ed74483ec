#include "sat/sat_solver.hpp"

#include <cadical.hpp>
#include <chrono>
#include <cstring>

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

// CaDiCaL options proof mode sets (see docs/architecture.md, "Proofs (SAT level)"). Every
// default technique of CaDiCaL 1.5.3 traces RUP additions; elimination's untraced restoring of
// clauses is handled by the miner. The techniques below only delete clauses (blocked, covered,
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

bool SatSolver::set_option(const char* name, int value) { return solver_->set(name, value); }

void SatSolver::freeze(Lit l) { solver_->freeze(var_of(l)); }

void SatSolver::set_phase(Lit l) { solver_->phase(l); }

void SatSolver::set_terminator(std::function<bool()> stop) { terminator_->stop = std::move(stop); }

SatResult SatSolver::solve(std::span<const Lit> assumptions) {
    auto start = std::chrono::steady_clock::now();
    if (proof_) assumptions_.assign(assumptions.begin(), assumptions.end());
    for (Lit a : assumptions) solver_->assume(a);
    int r = solver_->solve();
    ++stats_.solves;
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
