#include "verifier/lazy/learning_query.hpp"
#include "itp/partition_map.hpp"

#include <vector>

#include "itp/interpolation.hpp"
#include "itp/simplify.hpp"
#include "smt/solver.hpp"
#include "verifier/encoding/checked_solver.hpp"
#include "verifier/encoding/exact_check.hpp"

namespace craig::verifier {

namespace {
constexpr int kSimplifyLevel = 2;  // as impact's labels
}  // namespace

LearningQuery learning_query(smt::TermManager& tm, std::span<const smt::Term> a, std::span<const smt::Term> b,
                             bool learn, const LazyOptions& o, const base::Budget& budget) {
    LearningQuery r;
    for (const bool cuts : {true, false}) {
        smt::SolverOptions so = checked_solver_options(o, budget);
        so.produce_proofs = learn;
        so.produce_interpolants = learn;
        so.lia_cuts = cuts;
        smt::Solver s(tm, so);
        itp::PartitionMap part;
        std::vector<OperatorRefinement> ops;
        ops.emplace_back(tm);
        ops.emplace_back(tm);
        auto add = [&](smt::Term f, std::uint32_t p) {
            ops[p].scan(f);
            part.assert_in(s, f, p);
        };
        for (smt::Term f : a) add(f, 0);
        for (smt::Term f : b) add(f, 1);
        const ExactCheck c =
            exact_check(s, ops, {}, o.operator_rounds, [&](std::size_t g, smt::AssertionId id, smt::Term) {
                part.set(id, static_cast<std::uint32_t>(g));
            });
        r.instances += c.instances;
        r.result = c.result;
        if (c.result == smt::Result::Unknown) {
            r.why = c.out_of_rounds ? "operator refinement budget on a path" : c.why(s);
            return r;
        }
        if (c.result == smt::Result::Sat) {
            r.model = s.model();
            return r;
        }
        if (!learn) return r;
        smt::SmtProof proof;
        try {
            proof = s.proof();
        } catch (const smt::ProofError& err) {
            r.result = smt::Result::Unknown;
            r.why = std::string("no proof of a blocked edge: ") + err.what();
            continue;
        }
        itp::ItpOptions io = o.itp;
        io.deadline = budget.deadline();
        const itp::InterpolationResult ir = itp::binary_interpolant(tm, proof, part, io);
        if (!ir.ok()) {
            r.result = smt::Result::Unknown;
            r.why = "interpolation: " + ir.unknown_reason;
            continue;
        }
        r.interpolant = itp::simplify_interpolant(tm, ir.interpolants.at(0), kSimplifyLevel);
        return r;
    }
    return r;
}

}  // namespace craig::verifier
