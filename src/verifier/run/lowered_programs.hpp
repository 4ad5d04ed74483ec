// LoweredPrograms: the programs one `craig verify` run may solve, lowered from one translation
// unit into one TermManager, as --precision (verify.hpp) and the engine's capabilities ask.
//
//   LoweredPrograms lowered(o, tu, tm, info, job.c_name);
//   engine.run(lowered.blocks(), lowered.procedures(), budget);  // the first program
//   if (lowered.has_word_stage()) ... lowered.word_stage() ... lowered.refine_words(cex, h, budget, stats);
//
//  * plain()/blocks(): the program solved first, the integer one ("lia", "refine") or the
//    bit-precise one ("bv", "uf"), and its large-block form.
//  * The word stage of "refine": where the integer program applies C operators to variables
//    (operator_sites() > 0), the bit-precise program with those operators uninterpreted word
//    functions; refine_words() makes exact the sites a refuted counterexample falsifies
//    (encoding/theory_refinement.hpp). Where the engine, --use-summaries or the translation
//    refuses words there is none and words_refused() says why.
//  * procedures(): the procedural model (calls kept) for an engine that solves it, and for one
//    that combines others (which hands it to such members; there a program the model cannot
//    express only leaves it null).
// Not copyable or movable: the programs point into each other.
// Throws frontend::Unsupported for "bv"/"uf" where words are refused, for a program the
// bit-precise translation refuses there, and for a procedural engine on a program the
// procedural model cannot express.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "base/budget.hpp"
#include "base/statistics.hpp"
#include "frontend/ast.hpp"
#include "verifier/encoding/theory_refinement.hpp"
#include "verifier/program/bit_precise.hpp"
#include "verifier/program/procedures.hpp"
#include "verifier/program/program.hpp"
#include "verifier/run/verify.hpp"

namespace craig::verifier {

struct EngineInfo;

class LoweredPrograms {
public:
    LoweredPrograms(const VerifyOptions& o, const frontend::TranslationUnit& tu, smt::TermManager& tm,
                    const EngineInfo& info, std::string_view c_name);
    LoweredPrograms(const LoweredPrograms&) = delete;
    LoweredPrograms& operator=(const LoweredPrograms&) = delete;

    const Program& plain() const { return words_ ? words_->program : *ints_; }
    const Program& blocks() const { return *blocks_; }
    bool words() const { return words_.has_value(); }  // the first program is bit-precise
    const Procedures* procedures() const { return procedures_ ? &*procedures_ : nullptr; }
    const Program* calls_plain() const { return calls_plain_ ? &*calls_plain_ : nullptr; }

    std::size_t operator_sites() const { return operator_sites_; }  // of the integer program ("refine")
    bool has_word_stage() const { return chain_words_.has_value(); }
    const std::string& words_refused() const { return words_refused_; }  // empty: none
    // Requires has_word_stage().
    const BitPrecise& word_stage() const { return *chain_words_; }
    // Requires has_word_stage(). The sites `cex` (a path of word_stage()) falsifies are made exact
    // and the word stage rebuilt; false when there is none to refine. Counts precision.* in `stats`.
    bool refine_words(const Counterexample& cex, RefinementHeuristic h, const base::Budget& budget,
                      base::Statistics& stats);

    double seconds() const { return seconds_; }            // all of the lowering
    double word_seconds() const { return word_seconds_; }  // the word stage's part of it

private:
    std::optional<Program> ints_, words_lowered_, chain_lowered_, calls_plain_;
    std::optional<BitPrecise> words_, chain_words_;
    OperatorPrecision precision_;
    std::size_t operator_sites_ = 0;
    std::string words_refused_;
    std::optional<Program> blocks_;
    std::optional<Procedures> procedures_;
    double seconds_ = 0, word_seconds_ = 0;
};

// The members of a portfolio list (ENGINE[:OPTION=VALUE,...][@SECONDS];...) whose engine takes
// words, in the same syntax: what a combining engine runs on a bit-precise program.
std::string word_members(const EngineRegistry& registry, const std::string& spec);

}  // namespace craig::verifier
