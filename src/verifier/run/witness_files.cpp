#include "verifier/run/witness_files.hpp"

#include <fstream>
#include <ostream>
#include <sstream>

#include "frontend/frontend.hpp"
#include "verifier/witness/violation_witness_yaml.hpp"
#include "verifier/witness/witness_contracts.hpp"
#include "verifier/witness/witness_invariants.hpp"

namespace craig::verifier {

// The violation witness of a FALSE verdict, in the format --witness-format or the file
// name asks for, and one line saying what it holds.
void write_violation(std::ostream& out, const VerifyOptions& o, const Job& job, const frontend::ReplayResult& replay) {
    if (witness_is_input(o, job)) throw frontend::InputError(o.witness, "is an input file; no witness written");
    const WitnessFormat format = o.witness_format.value_or(witness_format_for(o.witness));
    if (format == WitnessFormat::GraphML) {
        std::ofstream w(o.witness);
        if (w) write_violation_witness(w, witness_info(o, job), replay);
        if (!w) throw frontend::InputError(o.witness, "cannot write the witness file");
        out << "Witness: " << o.witness << " (violation, GraphML)\n";
        return;
    }
    std::ostringstream text;
    const YamlViolationWitness y = write_violation_witness_yaml(text, witness_info(o, job), replay, random_uuid());
    if (!y.written) {
        out << "Witness: none written to " << o.witness << ": " << y.reason << "\n";
        return;
    }
    std::ofstream w(o.witness);
    if (w) w << text.str();
    if (!w) throw frontend::InputError(o.witness, "cannot write the witness file");
    out << "Witness: " << o.witness << " (violation, YAML 2.0, " << y.waypoints << " waypoint"
        << (y.waypoints == 1 ? "" : "s") << ", " << y.left_out << " step" << (y.left_out == 1 ? "" : "s")
        << " left out)\n";
}

// The correctness witness of a TRUE verdict and one line saying what it holds: the loop
// invariants, and for an interprocedural verdict its contracts as location invariants.
void write_correctness(std::ostream& out, const VerifyOptions& o, const Job& job, const frontend::TranslationUnit& tu,
                       const Program& plain, const Program& blocks, const Verdict& v, const Procedures* procs,
                       const ReadableInvariants& readable) {
    if (witness_is_input(o, job)) throw frontend::InputError(o.witness, "is an input file; no witness written");
    WitnessInvariants inv =
        witness_invariants(readable, plain, blocks, !v.certificate.location_invariants().empty(), job.c_name);
    const bool contracts = procs && !v.certificate.contracts.empty();
    std::size_t stated = 0, not_stated = 0;  // of the contracts
    if (contracts) {
        WitnessInvariants c = witness_contracts(tu, *procs, v.certificate.contracts, job.c_name);
        stated = c.invariants.size();
        not_stated = c.left_out.size();
        inv.invariants.insert(inv.invariants.end(), c.invariants.begin(), c.invariants.end());
        inv.left_out.insert(inv.left_out.end(), c.left_out.begin(), c.left_out.end());
    }
    const WitnessFormat format = o.witness_format.value_or(witness_format_for(o.witness));
    std::ofstream w(o.witness);
    std::size_t written = 0;
    if (w)
        written = format == WitnessFormat::Yaml
                      ? write_correctness_witness_yaml(w, witness_info(o, job), inv.invariants, random_uuid())
                      : write_correctness_witness_graphml(w, witness_info(o, job), inv.invariants);
    if (!w) throw frontend::InputError(o.witness, "cannot write the witness file");
    const bool yaml = format == WitnessFormat::Yaml;
    const std::size_t loops_written = yaml ? written - stated : written;
    const std::size_t loops_left = inv.left_out.size() - not_stated + (inv.invariants.size() - stated) - loops_written;
    out << "Witness: " << o.witness << " (correctness, " << (yaml ? "YAML 2.0" : "GraphML") << ", " << loops_written
        << " loop invariant" << (loops_written == 1 ? "" : "s") << ", " << loops_left << " loop"
        << (loops_left == 1 ? "" : "s") << " left out";
    if (contracts) {
        const std::size_t shown = yaml ? stated : 0;
        out << ", " << shown << " contract invariant" << (shown == 1 ? "" : "s") << " at function entries and returns, "
            << (stated - shown + not_stated) << " left out";
    }
    out << ")\n";
    for (const LeftOutLoop& l : inv.left_out) out << "  left out " << l.loc.str() << ": " << l.reason << "\n";
    if (format == WitnessFormat::GraphML)
        for (const WitnessInvariant& i : inv.invariants) {
            if (i.location)
                out << "  left out " << i.loc.str() << ": GraphML witnesses carry no location invariants\n";
            else if (i.condition_line == 0)
                out << "  left out " << i.loc.str() << ": its condition's branches cannot be matched by line\n";
        }
}

}  // namespace craig::verifier
