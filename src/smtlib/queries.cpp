// check-sat, check-sat-assuming and the get-* commands that read the solver's answers.
#include <algorithm>
#include <new>

#include "base/stopwatch.hpp"
#include "smtlib/interpreter_impl.hpp"
#include "smt/proof_check.hpp"
#include "smt/proof_reduction.hpp"
#include "smtlib/syntax/term_builder.hpp"

namespace craig::smtlib {

bool Interpreter::cmd_check_sat(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(check-sat)");
    enter_assert_mode();
    last_.assumptions.clear();
    last_.assuming = false;
    run_check(cmd, {});
    return true;
}

bool Interpreter::cmd_check_sat_assuming(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 1, "(check-sat-assuming (TERM*))");
    if (!pool_->is_list(args[0])) fail(args[0], "expected a list of assumptions, got " + describe(*pool_, args[0]));
    enter_assert_mode();
    TermBuilder b(*env_, *pool_);
    b.allow_names(false);
    std::vector<smt::Term> terms;
    std::vector<std::pair<smt::Term, std::string>> texts;
    for (uint32_t a : pool_->kids(args[0])) {
        terms.push_back(b.term_of_sort(a, smt::SortTable::Bool));
        texts.emplace_back(terms.back(), pool_->to_string(a));
    }
    last_.assumptions = std::move(texts);
    last_.assuming = true;
    run_check(cmd, terms, b.contested().empty() ? "" : "an assumption uses " + b.contested());
    return true;
}

void Interpreter::run_check(uint32_t cmd, const std::vector<smt::Term>& assumptions, const std::string& doubt) {
    smt::Result r;
    std::string reason;
    const auto t0 = std::chrono::steady_clock::now();
    try {
        r = solver_->check(assumptions);
        if (r == smt::Result::Unknown) reason = solver_->reason_unknown();
        if (script_opts_.itp_stats) *diagnostic_ << "; check-sat seconds " << base::seconds_since(t0) << "\n";
    } catch (const smt::UnsupportedError& e) {
        r = smt::Result::Unknown;
        reason = std::string("unsupported: ") + e.what();
    } catch (const std::bad_alloc&) {
        // Out of memory (--memory) in the middle of the check: the answer is unknown, and the
        // script ends here (main reports the limit, exit 5); the solver's state is not trusted.
        last_.valid = true;
        last_.result = smt::Result::Unknown;
        last_.reason = "memory limit";
        *regular_ << "unknown\n";
        regular_->flush();
        throw;
    }
    // A sat answer ignores the assertions that were dropped (see dropped_); an unsat answer
    // stays, as the solver's assertions are a subset of the script's, unless an entry says
    // they may not be.
    bool from_drop = false;
    if (!doubt.empty() && r != smt::Result::Unknown) {
        r = smt::Result::Unknown;
        reason = doubt;
        from_drop = true;
    }
    for (const Dropped& d : dropped_)
        if (r == smt::Result::Sat || (r == smt::Result::Unsat && d.blocks_unsat)) {
            r = smt::Result::Unknown;
            reason = d.reason;
            from_drop = true;
            break;
        }
    if (r == smt::Result::Unknown) {
        bool late = script_opts_.deadline && std::chrono::steady_clock::now() >= *script_opts_.deadline;
        if (!from_drop && (reason == "timeout" || reason == "interrupted" || late)) {
            saw_timeout_ = true;
        } else if (from_drop || reason.rfind("unsupported", 0) == 0) {
            if (reason.rfind("unsupported", 0) == 0) saw_unsupported_ = true;
            *diagnostic_ << "; " << filename_ << ":" << (*pool_)[cmd].loc.line << ":" << (*pool_)[cmd].loc.col
                         << ": unknown: " << reason << "\n";
        }
    }
    checked_ = true;
    last_.valid = true;
    last_.result = r;
    last_.reason = reason;
    *regular_ << smt::result_name(r) << "\n";
    if (r == smt::Result::Unsat && script_opts_.check_proofs) check_proof();
}

// --check-proofs: mine and check the proof of the unsat answer just given; any failure is a
// self-check failure (exit code 10), never a silent pass.
void Interpreter::check_proof() {
    regular_->flush();
    auto start = std::chrono::steady_clock::now();
    auto since = [&start] { return base::seconds_since(start); };
    smt::SmtProof proof;
    try {
        proof = solver_->proof();
    } catch (const smt::ProofError& e) {
        throw smt::CheckFailure(std::string("proof check failed: no proof could be mined: ") + e.what());
    }
    const double mined = since();
    const uint32_t nodes = proof.resolution.num_nodes();
    const uint64_t resolutions = proof.resolution.num_resolutions();
    sat::ReductionStats reduction;
    if (script_opts_.reduce_proofs) proof = smt::reduce_smt_proof(proof, &reduction);
    const double reduced = since();
    smt::SmtProofCheck c = smt::check_smt_proof(*tm_, proof);
    if (!c) throw smt::CheckFailure("proof check failed: " + c.error);
    if (script_opts_.proof_stats) {
        *diagnostic_ << "; proof: nodes " << nodes << " leaves " << proof.resolution.num_leaves() << " resolutions "
                     << resolutions;
        for (int k = 1; k < 12; ++k)
            if (c.leaves[k])
                *diagnostic_ << ' ' << smt::leaf_kind_name(static_cast<smt::LeafKind>(k)) << ' ' << c.leaves[k];
        if (script_opts_.reduce_proofs)
            *diagnostic_ << " reduced-nodes " << proof.resolution.num_nodes() << " reduced-resolutions "
                         << proof.resolution.num_resolutions() << " reduce-seconds " << (reduced - mined);
        *diagnostic_ << " mine-seconds " << mined << " check-seconds " << (since() - reduced) << "\n";
    }
}

bool Interpreter::cmd_get_proof(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(get-proof)");
    if (!options_.get_bool("produce-proofs")) fail(cmd, "this command needs :produce-proofs to be true");
    if (!last_.valid || last_.result != smt::Result::Unsat)
        fail(cmd, "no proof: the last check-sat did not answer unsat");
    smt::SmtProof proof;
    try {
        proof = solver_->proof();
    } catch (const smt::ProofError& e) {
        fail(cmd, std::string("no proof could be mined: ") + e.what());
    }
    if (script_opts_.reduce_proofs) proof = smt::reduce_smt_proof(proof);
    for (auto& a : proof.active)
        if (auto it = tracked_.find(a.id); it != tracked_.end()) a.name = symbol_to_string(it->second);
    *regular_ << smt::proof_to_string(*tm_, proof);
    return true;
}

void Interpreter::require_model(uint32_t cmd, const char* option) {
    if (!options_.get_bool(option)) fail(cmd, std::string("this command needs :") + option + " to be true");
    if (!last_.valid || last_.result != smt::Result::Sat)
        fail(cmd, checked_ && !last_.valid ? "no model: the assertions changed since the last check-sat"
                                           : "no model: the last check-sat did not answer sat");
}

bool Interpreter::cmd_get_model(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(get-model)");
    require_model(cmd, "produce-models");
    solver_->model().print(*regular_, env_->declared());
    return true;
}

bool Interpreter::cmd_get_value(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 1, "(get-value (TERM+))");
    if (!pool_->is_list(args[0]) || (*pool_)[args[0]].count == 0)
        fail(args[0], "expected a non-empty list of terms, got " + describe(*pool_, args[0]));
    require_model(cmd, "produce-models");
    // A term may be named, as in an assertion (z3 and OpenSMT accept it; the name is defined
    // from here on and printed by get-assignment when Boolean).
    TermBuilder b(*env_, *pool_);
    const smt::Model& m = solver_->model();
    std::string response = "(";
    for (uint32_t t : pool_->kids(args[0])) {
        smt::Term term = b.term(t);
        if (response.size() > 1) response += " ";
        response += '(';
        response += pool_->to_string(t);
        response += ' ';
        response += m.value_to_string(m.evaluate(term));
        response += ')';
    }
    commit_names(b.names());
    *regular_ << response << ")\n";
    return true;
}

bool Interpreter::cmd_get_assignment(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(get-assignment)");
    require_model(cmd, "produce-assignments");
    const smt::Model& m = solver_->model();
    std::string response = "(";
    for (const NamedTerm& n : env_->named()) {
        if (!tm_->is_bool(n.term)) continue;
        if (response.size() > 1) response += " ";
        response += '(';
        response += symbol_to_string(n.name);
        response += m.evaluate(n.term).b ? " true)" : " false)";
    }
    *regular_ << response << ")\n";
    return true;
}

bool Interpreter::cmd_get_unsat_core(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(get-unsat-core)");
    if (!options_.get_bool("produce-unsat-cores") && !options_.get_bool("produce-proofs"))
        fail(cmd, "this command needs :produce-unsat-cores (or :produce-proofs) to be true");
    if (!last_.valid || last_.result != smt::Result::Unsat)
        fail(cmd, "no unsat core: the last check-sat did not answer unsat");
    std::vector<smt::AssertionId> core;
    if (options_.get_bool("produce-proofs")) {
        // Read off the proof: the assertions whose clauses are leaves (a subset of the SAT core).
        try {
            core = solver_->proof().used_assertions();
        } catch (const smt::ProofError&) {
            core = solver_->unsat_core();
        }
    } else {
        core = solver_->unsat_core();
    }
    std::sort(core.begin(), core.end());
    std::string response = "(";
    for (smt::AssertionId id : core) {
        auto it = tracked_.find(id);
        if (it == tracked_.end()) continue;
        if (response.size() > 1) response += " ";
        response += symbol_to_string(it->second);
    }
    *regular_ << response << ")\n";
    return true;
}

bool Interpreter::cmd_get_unsat_assumptions(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(get-unsat-assumptions)");
    if (!options_.get_bool("produce-unsat-assumptions"))
        fail(cmd, "this command needs :produce-unsat-assumptions to be true");
    if (!last_.valid || last_.result != smt::Result::Unsat)
        fail(cmd, "no unsat assumptions: the last check-sat did not answer unsat");
    std::vector<smt::Term> failed = solver_->unsat_assumptions();
    std::string response = "(";
    std::vector<smt::Term> printed;
    for (const auto& [t, text] : last_.assumptions) {
        if (std::find(failed.begin(), failed.end(), t) == failed.end()) continue;
        if (std::find(printed.begin(), printed.end(), t) != printed.end()) continue;
        printed.push_back(t);
        if (response.size() > 1) response += " ";
        response += text;
    }
    *regular_ << response << ")\n";
    return true;
}

bool Interpreter::cmd_get_assertions(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(get-assertions)");
    if (!options_.get_bool("produce-assertions")) fail(cmd, "this command needs :produce-assertions to be true");
    std::string response = "(";
    for (const std::string& a : assertion_texts_) {
        if (response.size() > 1) response += "\n ";
        response += a;
    }
    *regular_ << response << ")\n";
    return true;
}

}  // namespace craig::smtlib
