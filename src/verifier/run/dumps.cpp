#include "verifier/run/dumps.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "frontend/frontend.hpp"
#include "verifier/program/chc_writer.hpp"
#include "verifier/program/dot.hpp"
#include "verifier/lowering/lowering.hpp"
#include "verifier/program/procedures.hpp"
#include "smt/terms/term.hpp"

namespace craig::verifier {

void write_cfg(const VerifyOptions& o, const Program& plain, const Program& blocks) {
    std::ofstream f(o.dump_cfg);
    if (!f) throw frontend::InputError(o.dump_cfg, "cannot write the CFG file");
    write_dot_pair(f, plain, blocks, o.input);
    if (!f) throw frontend::InputError(o.dump_cfg, "cannot write the CFG file");
}

// --emit-chc: the large-block program as Horn clauses, never over an input of the job.
// With external functions the clauses have the lowering's over-approximation (a call may change
// every global), which craig verify's replay does not accept as a counterexample: said on `err`.
void emit_chc(const VerifyOptions& o, const Job& job, const Program& blocks, bool externals, std::ostream& err) {
    std::error_code ec;
    for (const std::string& input : {o.input, job.c_file, job.property_file})
        if (!input.empty() && std::filesystem::equivalent(o.emit_chc, input, ec) && !ec)
            throw frontend::InputError(o.emit_chc, "is an input file; no Horn clauses written");
    std::ostringstream text;
    std::string why;
    if (!write_chc(text, blocks, job.c_name, why)) {
        err << "craig: warning: --emit-chc: " << o.emit_chc << " not written: " << why << "\n";
        return;
    }
    std::ofstream f(o.emit_chc);
    if (f) f << text.str();
    if (!f) throw frontend::InputError(o.emit_chc, "cannot write the Horn clauses");
    if (externals)
        err << "craig: warning: --emit-chc: in " << o.emit_chc
            << " external functions may change every global variable; unsat there need not be a C "
               "counterexample craig verify confirms\n";
}

void write_procedures(const VerifyOptions& o, const frontend::TranslationUnit& tu) {
    smt::TermManager tm;
    LoweringOptions lo = o.lowering;
    lo.keep_calls = true;
    Program plain = lower(tu, tm, lo);
    const Procedures ps = build_procedures(plain);
    std::ofstream f(o.dump_procedures);
    if (!f) throw frontend::InputError(o.dump_procedures, "cannot write the procedures file");
    f << to_string(ps);
    if (!f) throw frontend::InputError(o.dump_procedures, "cannot write the procedures file");
}

}  // namespace craig::verifier
