#include "smtlib/interpreter.hpp"

#include "base/interrupt.hpp"

#include <iostream>

#include "smtlib/interpreter_impl.hpp"
#include "smtlib/syntax/lexer.hpp"
#include "smtlib/syntax/term_builder.hpp"

namespace craig::smtlib {

namespace {

// push may not create more levels than this in total (each level costs a SAT variable).
constexpr uint64_t kMaxLevels = 1'000'000;

// Logics with real and without integer arithmetic read numerals as Real (standard logics
// QF_LRA, QF_RDL, QF_UFLRA, QF_NRA, ...).
bool real_only_logic(const std::string& l) {
    auto has = [&](const char* s) { return l.find(s) != std::string::npos; };
    bool ints = has("IA") || has("IDL") || has("IRA");
    bool reals = has("RA") || has("RDL");
    return reals && !ints;
}

// Logics with integer or real arithmetic (and ALL); arithmetic symbols are reserved in them.
bool arithmetic_logic(const std::string& l) {
    auto has = [&](const char* s) { return l.find(s) != std::string::npos; };
    return l == "ALL" || has("IA") || has("RA") || has("IDL") || has("RDL");
}

}  // namespace

Interpreter::Interpreter(std::ostream& out, std::string filename, const ScriptOptions& opts)
    : stdout_(out), filename_(std::move(filename)), script_opts_(opts) {
    reset_state();
}

Interpreter::~Interpreter() = default;

void Interpreter::reset_state() {
    solver_.reset();  // before the terms it refers to
    env_.reset();
    tm_ = std::make_unique<smt::TermManager>();
    env_ = std::make_unique<Environment>(*tm_);
    options_ = OptionValues();
    options_.set_bool("print-success", script_opts_.print_success);
    // The command line's values of table options (checked there with check_value).
    for (const auto& [name, value] : script_opts_.initial)
        if (const OptionSpec* spec = find_option(name)) options_.set_text(*spec, value);
    regular_ = &stdout_;
    diagnostic_ = script_opts_.diagnostics ? &std::cerr : &null_;
    regular_file_.reset();
    diagnostic_file_.reset();
    logic_.clear();
    assert_mode_ = false;
    assertion_texts_.clear();
    assertion_marks_.clear();
    tracked_.clear();
    dropped_.clear();
    failed_push_.clear();
    last_ = LastCheck();
    checked_ = false;
}

void Interpreter::enter_assert_mode() {
    if (assert_mode_) return;
    assert_mode_ = true;
    smt::SolverOptions so;
    so.produce_models = options_.get_bool("produce-models");
    so.produce_unsat_cores = options_.get_bool("produce-unsat-cores");
    so.produce_interpolants = options_.get_bool("produce-interpolants");
    so.produce_proofs = options_.get_bool("produce-proofs") || script_opts_.check_proofs || so.produce_interpolants;
    so.check_models = script_opts_.check_models;
    so.check_certificates = script_opts_.check_certificates;
    so.lra_static_learning = options_.get_bool("lra-static-learning");
    so.euf_diseq_propagation = options_.get_bool("euf-diseq-propagation");
    so.lra_row_propagation = options_.get_bool("lra-row-propagation");
    so.lia_cuts = options_.get_bool("lia-cuts");
    so.lia_branch_budget = options_.get_numeral("lia-branch-budget");
    so.lra_arith = *lra::parse_arith(options_.get_string("lra-arith"));
    so.sat_integration = *smt::parse_sat_integration(options_.get_string("sat-integration"));
    so.random_seed = static_cast<uint32_t>(options_.get_numeral("random-seed"));
    so.deadline = script_opts_.deadline;
    solver_ = std::make_unique<smt::Solver>(*tm_, so);
    env_->set_global_declarations(options_.get_bool("global-declarations"));
}

int Interpreter::status() const {
    if (saw_error_) return kScriptError;
    if (saw_timeout_) return kScriptTimeout;
    if (saw_unsupported_) return kScriptUnsupported;
    return kScriptOk;
}

// ---------------------------------------------------------------- responses

void Interpreter::success() {
    if (options_.get_bool("print-success")) *regular_ << "success\n";
}

void Interpreter::report_error(Location loc, const std::string& message) {
    saw_error_ = true;
    std::string text = filename_ + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col) + ": " + message;
    *regular_ << "(error " << quote_string(text) << ")\n";
}

void Interpreter::report_unsupported(Location loc, const std::string& message, bool harmless) {
    if (!harmless) saw_unsupported_ = true;
    *regular_ << "unsupported\n";
    *diagnostic_ << "; " << filename_ << ":" << loc.line << ":" << loc.col << ": unsupported: " << message << "\n";
}

std::string Interpreter::where(Location loc, const std::string& message) const {
    return filename_ + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.col) + ": " + message;
}

void Interpreter::drop(unsigned level, bool blocks_unsat, const std::string& reason) {
    dropped_.push_back({level, blocks_unsat, reason});
}

void Interpreter::contest(uint32_t node, bool sort, const std::string& why) {
    if (!pool_->is_symbol(node)) return;
    const std::string& name = (*pool_)[node].text;
    std::string text = "'" + name + "', contested by " + why;
    if (sort)
        env_->contest_sort(name, text);
    else
        env_->contest_function(name, text);
}

void Interpreter::fatal(const SyntaxError& e) {
    report_error(e.location(), e.what());
    regular_->flush();
}

void Interpreter::fail(uint32_t node, const std::string& message) const {
    throw ScriptError((*pool_)[node].loc, message);
}

void Interpreter::arity(uint32_t cmd, Args args, size_t lo, size_t hi, const char* usage) const {
    if (args.size() > hi) fail(args[hi], "expected ')', got " + describe(*pool_, args[hi]) + " (usage: " + usage + ")");
    if (args.size() < lo) fail(cmd, std::string("missing arguments (usage: ") + usage + ")");
}

const std::string& Interpreter::symbol_arg(uint32_t node, const char* what) const {
    if (!pool_->is_symbol(node)) fail(node, std::string("expected ") + what + ", got " + describe(*pool_, node));
    return (*pool_)[node].text;
}

uint64_t Interpreter::numeral_arg(uint32_t node, uint64_t max) const {
    const SNode& n = (*pool_)[node];
    if (n.kind != SKind::Numeral) fail(node, "expected a numeral, got " + describe(*pool_, node));
    if (n.text.size() > 19 || std::stoull(n.text) > max)
        fail(node, "numeral too large (at most " + std::to_string(max) + ")");
    return std::stoull(n.text);
}

// ---------------------------------------------------------------- dispatch

const std::unordered_map<std::string, Interpreter::Handler>& Interpreter::handlers() {
    static const std::unordered_map<std::string, Handler> table = {
        {"set-logic", &Interpreter::cmd_set_logic},
        {"set-option", &Interpreter::cmd_set_option},
        {"get-option", &Interpreter::cmd_get_option},
        {"set-info", &Interpreter::cmd_set_info},
        {"get-info", &Interpreter::cmd_get_info},
        {"declare-sort", &Interpreter::cmd_declare_sort},
        {"define-sort", &Interpreter::cmd_define_sort},
        {"declare-fun", &Interpreter::cmd_declare_fun},
        {"declare-const", &Interpreter::cmd_declare_const},
        {"define-fun", &Interpreter::cmd_define_fun},
        {"assert", &Interpreter::cmd_assert},
        {"push", &Interpreter::cmd_push},
        {"pop", &Interpreter::cmd_pop},
        {"check-sat", &Interpreter::cmd_check_sat},
        {"check-sat-assuming", &Interpreter::cmd_check_sat_assuming},
        {"get-model", &Interpreter::cmd_get_model},
        {"get-value", &Interpreter::cmd_get_value},
        {"get-assignment", &Interpreter::cmd_get_assignment},
        {"get-unsat-core", &Interpreter::cmd_get_unsat_core},
        {"get-unsat-assumptions", &Interpreter::cmd_get_unsat_assumptions},
        {"get-assertions", &Interpreter::cmd_get_assertions},
        {"echo", &Interpreter::cmd_echo},
        {"reset", &Interpreter::cmd_reset},
        {"reset-assertions", &Interpreter::cmd_reset_assertions},
        {"exit", &Interpreter::cmd_exit},
        // Standard or common commands craig does not implement.
        // (their symbols are registered as unsupported: an assertion using one is dropped)
        {"define-fun-rec", &Interpreter::cmd_unsupported_definitions},
        {"define-funs-rec", &Interpreter::cmd_unsupported_definitions},
        {"declare-datatype", &Interpreter::cmd_unsupported_definitions},
        {"declare-datatypes", &Interpreter::cmd_unsupported_definitions},
        {"declare-codatatypes", &Interpreter::cmd_unsupported_definitions},
        {"get-proof", &Interpreter::cmd_get_proof},
        {"get-interpolants", &Interpreter::cmd_get_interpolants},
        {"get-dag-interpolants", &Interpreter::cmd_get_dag_interpolants},
        {"get-state-transition-interpolants", &Interpreter::cmd_get_state_transition_interpolants},
        {"get-interpolant", &Interpreter::cmd_unsupported},
        {"simplify", &Interpreter::cmd_unsupported},
        {"eval", &Interpreter::cmd_unsupported},
        {"check-sat-using", &Interpreter::cmd_unsupported},
        {"minimize", &Interpreter::cmd_unsupported},
        {"maximize", &Interpreter::cmd_unsupported},
        {"get-difficulty", &Interpreter::cmd_unsupported},
        {"get-learned-literals", &Interpreter::cmd_unsupported},
    };
    return table;
}

bool Interpreter::execute(const SExprPool& pool, uint32_t root) {
    pool_ = &pool;
    bool go_on = true;
    // Which command this is, even when it cannot be executed: a failed assert drops an
    // assertion, a failed push or pop leaves the assertion stack out of step with the script.
    std::string name;
    if (auto ks = pool.kids(root); !ks.empty() && pool.is_symbol(ks[0])) name = pool[ks[0]].text;
    const unsigned level = env_->level();
    auto dropped = [&](Location loc, const std::string& message, bool unsupported) {
        if (name == "assert")
            drop(level, false,
                 std::string(unsupported ? "unsupported: an assertion was dropped ("
                                         : "an assertion was dropped after an error (") +
                     where(loc, message) + ")");
        else if (!unsupported && pool.kids(root).size() > 1 &&
                 (name == "declare-fun" || name == "declare-const" || name == "define-fun" || name == "declare-sort" ||
                  name == "define-sort"))
            // The script may mean a symbol that the name does not denote now (an older one, a
            // theory symbol, a numeral such as -2): uses of the name are in doubt.
            contest(pool.kids(root)[1], name == "declare-sort" || name == "define-sort",
                    "a failed " + name + " (" + where(loc, message) + ")");
        else if (name == "pop")
            // Persistent until reset or reset-assertions: the assertions the script removed stay,
            // later assertions land on other levels than the script's, later pops remove too much
            // or too little.
            drop(0, true,
                 "the assertion stack does not match the script after a failed pop (" + where(loc, message) + ")");
        else if (name == "push" && failed_push_.empty())
            // Harmless until a pop removes the level below the one the script meant (cmd_pop).
            failed_push_ =
                "the assertion stack does not match the script after a failed push (" + where(loc, message) + ")";
    };
    try {
        if (auto bad = pool.first_invalid()) throw ScriptError(pool[*bad].loc, pool[*bad].error);
        auto ks = pool.kids(root);
        if (ks.empty()) fail(root, "expected a command, got '()'");
        if (!pool.is_symbol(ks[0])) fail(ks[0], "expected a command name, got " + describe(pool, ks[0]));
        auto it = handlers().find(pool[ks[0]].text);
        if (it == handlers().end()) fail(ks[0], "unknown command '" + pool[ks[0]].text + "'");
        go_on = (this->*(it->second))(ks[0], ks.subspan(1));
    } catch (const Unsupported& e) {
        report_unsupported(e.location(), e.what(), e.harmless());
        dropped(e.location(), e.what(), true);
    } catch (const smt::UnsupportedError& e) {
        report_unsupported(pool[root].loc, e.what());
        dropped(pool[root].loc, e.what(), true);
    } catch (const ScriptError& e) {
        report_error(e.location(), e.what());
        dropped(e.location(), e.what(), false);
    }
    regular_->flush();
    pool_ = nullptr;
    return go_on;
}

// ---------------------------------------------------------------- commands

bool Interpreter::cmd_unsupported(uint32_t cmd, Args) {
    throw Unsupported((*pool_)[cmd].loc, "the command '" + (*pool_)[cmd].text + "'");
}

bool Interpreter::cmd_set_logic(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 1, "(set-logic SYMBOL)");
    const std::string& name = symbol_arg(args[0], "a logic name");
    if (!logic_.empty()) fail(cmd, "the logic is already set (to " + logic_ + ")");
    if (assert_mode_) fail(cmd, "set-logic must come before declarations and assertions");
    logic_ = name;
    env_->real_numerals = real_only_logic(name);
    env_->arith_reserved = arithmetic_logic(name);
    env_->bit_vectors = name == "ALL" || name.find("BV") != std::string::npos;
    success();
    return true;
}

bool Interpreter::cmd_assert(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 1, "(assert TERM)");
    enter_assert_mode();
    last_.valid = false;
    TermBuilder b(*env_, *pool_);
    // Any exception out of this command drops the assertion (execute records it).
    smt::Term t = b.term(args[0]);
    if (!tm_->is_bool(t))
        fail(args[0], "expected a term of sort Bool, got " + sort_to_string(tm_->sorts(), tm_->sort(t)));
    // A top-level (! t :named n) is a tracked assertion: it can be part of an unsat core. With
    // :produce-proofs or :produce-interpolants alone the name is kept (cores are read off proofs,
    // interpolation partitions name assertions) but not tracked.
    std::string track;
    const bool cores = options_.get_bool("produce-unsat-cores");
    if ((cores || options_.get_bool("produce-proofs") || options_.get_bool("produce-interpolants")) &&
        pool_->is_list(args[0])) {
        auto ks = pool_->kids(args[0]);
        if (!ks.empty() && pool_->is_word(ks[0], "!"))
            for (size_t i = 2; i + 1 < ks.size() && track.empty(); ++i)
                if ((*pool_)[ks[i]].kind == SKind::Keyword && (*pool_)[ks[i]].text == ":named")
                    track = (*pool_)[ks[i + 1]].text;
    }
    smt::AssertionId id = solver_->assert_formula(t, cores && !track.empty());
    if (!track.empty()) tracked_[id] = track;
    commit_names(b.names());
    if (!b.contested().empty()) {
        // The assertion may not be the script's: neither sat nor unsat can be trusted.
        drop(env_->level(), true, "an assertion uses " + b.contested());
        for (const PendingName& p : b.names()) env_->contest_function(p.name, b.contested());
    }
    // The text is kept for get-assertions only (:produce-assertions cannot change any more).
    if (options_.get_bool("produce-assertions")) assertion_texts_.push_back(pool_->to_string(args[0]));
    success();
    return true;
}

bool Interpreter::cmd_push(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 1, "(push NUMERAL)");
    uint64_t n = args.empty() ? 1 : numeral_arg(args[0], kMaxLevels);
    enter_assert_mode();
    if (env_->level() + n > kMaxLevels)
        fail(cmd, "too many assertion levels (at most " + std::to_string(kMaxLevels) + ")");
    last_.valid = false;
    for (uint64_t i = 0; i < n; ++i) {
        solver_->push();
        env_->push();
        assertion_marks_.push_back(assertion_texts_.size());
    }
    success();
    return true;
}

bool Interpreter::cmd_pop(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 1, "(pop NUMERAL)");
    uint64_t n = args.empty() ? 1 : numeral_arg(args[0], kMaxLevels);
    enter_assert_mode();
    if (n > env_->level())
        fail(args.empty() ? cmd : args[0], "cannot pop " + std::to_string(n) + " level" + (n == 1 ? "" : "s") +
                                               ": the assertion stack has only " + std::to_string(env_->level()));
    if (n == 0) {
        success();
        return true;
    }
    last_.valid = false;
    solver_->pop(static_cast<unsigned>(n));
    env_->pop(static_cast<unsigned>(n));
    assertion_texts_.resize(assertion_marks_[assertion_marks_.size() - n]);
    assertion_marks_.resize(assertion_marks_.size() - n);
    std::erase_if(dropped_, [&](const Dropped& d) { return d.level > env_->level(); });
    // After a failed push this pop removes assertions of a level the script keeps.
    if (!failed_push_.empty()) drop(0, true, failed_push_);
    success();
    return true;
}

bool Interpreter::cmd_reset(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(reset)");
    reset_state();
    success();
    return true;
}

bool Interpreter::cmd_reset_assertions(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(reset-assertions)");
    enter_assert_mode();
    last_.valid = false;
    solver_->reset_assertions();
    env_->reset_assertions();
    assertion_texts_.clear();
    assertion_marks_.clear();
    dropped_.clear();
    failed_push_.clear();
    success();
    return true;
}

bool Interpreter::cmd_echo(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 1, "(echo STRING)");
    if ((*pool_)[args[0]].kind != SKind::String) fail(args[0], "expected a string, got " + describe(*pool_, args[0]));
    *regular_ << quote_string((*pool_)[args[0]].text) << "\n";
    return true;
}

bool Interpreter::cmd_exit(uint32_t cmd, Args args) {
    arity(cmd, args, 0, 0, "(exit)");
    success();
    return false;
}

// ---------------------------------------------------------------- the script

int run_script(std::istream& in, const std::string& filename, std::ostream& out, const ScriptOptions& opts) {
    Lexer lexer(in);
    Reader reader(lexer);
    SExprPool pool;
    Interpreter interpreter(out, filename, opts);
    for (;;) {
        if (base::interrupted()) break;  // SIGINT/SIGTERM: the check-sat in progress said unknown
        std::optional<uint32_t> command;
        try {
            command = reader.read_command(pool);
        } catch (const SyntaxError& e) {
            interpreter.fatal(e);
            break;
        }
        if (!command || !interpreter.execute(pool, *command)) break;
    }
    out.flush();
    if (opts.stats) {
        interpreter.write_statistics(std::cerr, "\n ");
        std::cerr << std::endl;
    }
    // An interrupted script ends like one at its time limit (exit 5).
    return base::interrupted() ? static_cast<int>(kScriptTimeout) : interpreter.status();
}

}  // namespace craig::smtlib
