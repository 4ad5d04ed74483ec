#include "verifier/witness/witness_invariants.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "verifier/witness/scope_scan.hpp"
#include "verifier/witness/witness_expression.hpp"

namespace craig::verifier {

WitnessInvariants witness_invariants(const ReadableInvariants& readable, const Program& plain, const Program& blocks,
                                     bool have_invariants, const std::string& program_file) {
    const ScopeScan& scan = readable.scan();
    std::unordered_map<LocId, LocId> block_of;  // plain location -> large-block location
    for (LocId b = 0; b < blocks.locs.size(); ++b) block_of[blocks.locs[b].plain] = b;

    // The instances of each loop statement, in source order.
    std::map<SourceKey, std::vector<const LoopStatement*>> instances;
    for (const LoopStatement& l : plain.provenance.loops) instances[source_key(l.loc)].push_back(&l);

    WitnessInvariants out;
    const smt::TermManager& tm = plain.terms();
    for (const auto& [k, loops] : instances) {
        const frontend::SourceLocation& loc = loops.front()->loc;
        auto leave = [&](std::string reason) { out.left_out.push_back({loc, std::move(reason)}); };
        auto info = scan.loops.find(k);
        if (loc.file != program_file) continue;  // not in the witness's program file
        if (info == scan.loops.end()) {
            leave("the loop statement is not found in the program");
            continue;
        }
        if (loops.front()->do_while) {
            leave("do-while loop");
            continue;
        }
        if (!have_invariants) {
            leave("the engine gives no invariants");
            continue;
        }
        std::vector<std::string> disjuncts;
        std::string problem;
        bool is_true = false;
        for (const LoopStatement* l : loops) {
            auto b = block_of.find(l->head);
            if (b == block_of.end()) {
                problem = "the loop head is not a location of the large-block program";
                break;
            }
            const smt::Term inv = readable.formula(b->second);
            if (inv == tm.mk_false()) continue;  // this instance never reaches the loop
            if (inv == tm.mk_true()) {
                is_true = true;
                break;
            }
            std::string why;
            auto c = readable.c_text(b->second, &why);
            if (!c) {
                problem = why;
                break;
            }
            if (std::find(disjuncts.begin(), disjuncts.end(), *c) == disjuncts.end()) disjuncts.push_back(*c);
        }
        if (!problem.empty()) {
            leave(problem);
            continue;
        }
        if (is_true) {
            leave("the invariant is true");
            continue;
        }
        WitnessInvariant w;
        w.loc = loc;
        w.function = info->second.function->name;
        w.condition_line = info->second.condition_line;
        if (disjuncts.empty())
            w.value.push_back('0');  // no instance reaches the loop
        else if (disjuncts.size() == 1)
            w.value = disjuncts.front();
        else
            for (const std::string& d : disjuncts) {
                w.value += w.value.empty() ? "(" : " || (";
                w.value += d;
                w.value += ")";
            }
        out.invariants.push_back(std::move(w));
    }
    return out;
}

WitnessInvariants witness_invariants(const frontend::TranslationUnit& tu, const Program& plain, const Program& blocks,
                                     const std::vector<smt::Term>& invariants, const std::string& program_file) {
    const ReadableInvariants readable(tu, plain, blocks, invariants);
    return witness_invariants(readable, plain, blocks, !invariants.empty(), program_file);
}

}  // namespace craig::verifier
