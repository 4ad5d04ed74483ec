#include "verifier/run/lowered_programs.hpp"

#include <sstream>

#include "base/stopwatch.hpp"
#include "frontend/frontend.hpp"
#include "verifier/encoding/operator_refinement.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/program/large_block.hpp"

namespace craig::verifier {

namespace {

// The engines that take a bit-precise program (EngineCapabilities::words): their reasoning is
// SMT over the program's formulas, with no domain over integers.
std::string word_engines(const EngineRegistry& registry) {
    return registry.names([](const EngineInfo& e) { return e.can.words; }) + ", a portfolio of them";
}

// An engine that combines others takes words when one of its members does; on words it runs
// those alone (verify.cpp's EngineRuns), so that members without words (value, vinta-box) do
// not refuse the program.
bool takes_words(const EngineRegistry& registry, const EngineInfo& info,
                 const std::map<std::string, std::string>& options) {
    if (!info.can.combines) return info.can.words;
    const auto given = options.find("portfolio");
    return !word_members(registry, given != options.end() ? given->second : info.defaults().get("portfolio")).empty();
}

// The applications of C's operators between variables in the program (the lowering's
// uninterpreted c.* functions): where there are none, words would only cost time.
std::size_t count_operator_sites(smt::TermManager& tm, const Program& p) {
    OperatorRefinement ops(tm);
    for (const Edge& e : p.edges) ops.scan(e.formula);
    return ops.size();
}

}  // namespace

std::string word_members(const EngineRegistry& registry, const std::string& spec) {
    std::istringstream members(spec);
    std::string out;
    for (std::string item; std::getline(members, item, ';');) {
        std::string name = item.substr(0, item.find_first_of(":@"));
        name.erase(0, name.find_first_not_of(" \t"));
        name.erase(name.find_last_not_of(" \t") + 1);
        const EngineInfo* member = name.empty() ? nullptr : registry.find(name);
        if (!member || !member->can.words) continue;
        if (!out.empty()) out += ';';
        out += item;
    }
    return out;
}

LoweredPrograms::LoweredPrograms(const VerifyOptions& o, const frontend::TranslationUnit& tu, smt::TermManager& tm,
                                 const EngineInfo& info, std::string_view c_name)
    : precision_(o.precision == "bv" ? OperatorPrecision{} : OperatorPrecision::uninterpreted()) {
    const auto start = base::Budget::Clock::now();
    const EngineRegistry& registry = registry_of(o);
    // "bv" and "uf" solve the bit-precise program from the start and are Unsupported where it
    // cannot be used. "refine" solves the integer program first and keeps the word stage for
    // later.
    const bool words_first = o.precision == "bv" || o.precision == "uf";
    if (o.precision != "lia" && (!takes_words(registry, info, o.engine_options) || o.use_summaries))
        words_refused_ = o.use_summaries ? "--use-summaries"
                                         : "engine " + std::string(info.name) +
                                               " (engines with words: " + word_engines(registry) + ")";
    if (!words_refused_.empty() && words_first)
        throw frontend::Unsupported(frontend::SourceLocation{std::string(c_name), 0, 0},
                                    "--precision " + o.precision + " with " + words_refused_);
    LoweringOptions lowering = o.lowering;
    if (words_first) {
        lowering.bit_precise = true;
        words_lowered_.emplace(lower(tu, tm, lowering));
        words_.emplace(to_bit_precise(*words_lowered_, precision_));
        lowering.bit_precise = false;
    } else {
        ints_.emplace(lower(tu, tm, lowering));
    }
    // "refine": the word program to escalate to is made now, so that the integer stage gets only
    // half the time where there is one (a program the translation refuses keeps all of it).
    // Without C operators between variables the integer program is exact and solved alone.
    operator_sites_ = o.precision == "refine" ? count_operator_sites(tm, *ints_) : 0;
    if (operator_sites_ == 0) words_refused_.clear();
    const auto t_words = base::Budget::Clock::now();
    if (operator_sites_ > 0 && words_refused_.empty()) {
        try {
            lowering.bit_precise = true;
            chain_lowered_.emplace(lower(tu, tm, lowering));
            chain_words_.emplace(to_bit_precise(*chain_lowered_, precision_));
        } catch (const frontend::Unsupported& u) {
            words_refused_ = u.what();
            chain_words_.reset();
        }
        lowering.bit_precise = false;
    }
    word_seconds_ = base::seconds_since(t_words);
    blocks_.emplace(large_block(plain()));
    // Interprocedural engines solve the procedural model (calls kept, in the same TermManager);
    // calls_plain() is the program their counterexamples are on.
    if (info.procedural() || info.can.combines) {
        try {
            LoweringOptions lo = o.lowering;
            lo.keep_calls = true;
            calls_plain_.emplace(lower(tu, tm, lo));
            procedures_.emplace(build_procedures(*calls_plain_));
        } catch (const frontend::Unsupported&) {
            if (!info.can.combines) throw;
            calls_plain_.reset();
            procedures_.reset();
        }
    }
    seconds_ = base::seconds_since(start);
}

bool LoweredPrograms::refine_words(const Counterexample& cex, RefinementHeuristic h, const base::Budget& budget,
                                   base::Statistics& stats) {
    const TheoryRefinementStep step = theory_refinement_step(*chain_words_, cex, precision_, h, budget);
    stats.count("precision.falsified", step.falsified);
    if (step.refine.empty()) return false;
    stats.count("precision.refinements", 1);
    stats.count("precision.refined-sites", step.refine.size());
    precision_.exact.insert(step.refine.begin(), step.refine.end());
    chain_words_.emplace(to_bit_precise(*chain_lowered_, precision_));
    return true;
}

}  // namespace craig::verifier
