#include "smtlib/options.hpp"

#include <array>
#include <stdexcept>

#include "itp/option_rows.hpp"
#include "itp/options.hpp"
#include "smt/lra/arithmetic.hpp"
#include "smt/solver.hpp"
#include "smtlib/syntax/sexpr.hpp"

namespace craig::smtlib {

namespace {

constexpr std::array<OptionSpec, 28> kOptions = {{
    {"print-success", OptionType::Bool, "false", false, "Answer `success` to every command that has no other response"},
    {"produce-models", OptionType::Bool, "true", true,
     "Enable get-model and get-value after a sat answer (on by default in craig)"},
    {"produce-unsat-cores", OptionType::Bool, "false", true,
     "Track :named assertions and enable get-unsat-core after an unsat answer"},
    {"produce-unsat-assumptions", OptionType::Bool, "false", true,
     "Enable get-unsat-assumptions after check-sat-assuming answered unsat"},
    {"produce-assignments", OptionType::Bool, "false", true,
     "Enable get-assignment (values of the :named Boolean terms) after a sat answer"},
    {"produce-assertions", OptionType::Bool, "false", true, "Enable get-assertions"},
    {"produce-proofs", OptionType::Bool, "false", true, "Record proofs (get-proof)"},
    {"produce-interpolants", OptionType::Bool, "false", true,
     "Record proofs for get-interpolants (names of :named assertions are kept)"},
    // The interpolation layer's rows (itp/option_rows.hpp): one name, default and help for the
    // command line (--itp-*), set-option and the engines.
    {"interpolation-bool-algorithm", OptionType::Symbol, itp::kItpBoolRow.default_value, false, itp::kItpBoolRow.help,
     itp::kItpBoolRow.name},
    {"interpolation-lra-algorithm", OptionType::Symbol, itp::kItpLraRow.default_value, false, itp::kItpLraRow.help,
     itp::kItpLraRow.name},
    {"interpolation-euf-algorithm", OptionType::Symbol, itp::kItpEufRow.default_value, false, itp::kItpEufRow.help,
     itp::kItpEufRow.name},
    {"interpolation-dag-route", OptionType::Symbol, itp::kItpDagRouteRow.default_value, false,
     itp::kItpDagRouteRow.help, itp::kItpDagRouteRow.name},
    {"interpolation-lra-factor", OptionType::String, "\"1/2\"", false, itp::kItpLraFactorRow.help,
     itp::kItpLraFactorRow.name},
    {"certify-interpolants", OptionType::Bool, "false", false,
     "Check every computed interpolant (A implies I, I and B unsat, shared symbols); a failure exits with code 10",
     "check-interpolants"},
    {"interpolant-check-mode", OptionType::Bool, "false", false,
     "SMTInterpol's name of :certify-interpolants (either one turns the checks on)"},
    {"random-seed", OptionType::Numeral, "0", true, "Seed of the solver's random choices", "seed"},
    // craig's solver options (smt::SolverOptions), extensions of the standard's list.
    {"lia-cuts", OptionType::Bool, "true", true, "Gomory cuts for integer arithmetic, each checked before use",
     "lia-cuts"},
    {"lia-branch-budget", OptionType::Numeral, "20000", true,
     "Branch-and-bound splits per check-sat before answering unknown", "lia-branch-budget"},
    {"lra-arith", OptionType::Symbol, "fast", true,
     "Simplex numbers: fast (machine words, GMP on overflow) or gmp (GMP only); same answers", "lra-arith"},
    {"lra-static-learning", OptionType::Bool, "false", true,
     "Add bound implications between arithmetic atoms over the same term", "lra-static-learning"},
    {"euf-diseq-propagation", OptionType::Bool, "false", true,
     "Online loop: propagate a = b false once a disequality separates the classes of a and b "
     "(equalities are always propagated)",
     "euf-diseq-propagation"},
    {"lra-row-propagation", OptionType::Bool, "false", true,
     "Online loop: propagate arithmetic atoms that the bounds of the other variables of a current "
     "simplex (tableau) row decide (bounds on the same polynomial are always propagated)",
     "lra-row-propagation"},
    {"sat-integration", OptionType::Symbol, smt::kDefaultSatIntegrationName, true,
     "How the theories meet the SAT search: offline (CaDiCaL returns each complete assignment and "
     "searches again from the root after the theories' conflicts) or online (the theories check each "
     "complete assignment inside CaDiCaL's search, through its external-propagator interface)",
     "sat-integration"},
    {"global-declarations", OptionType::Bool, "false", true,
     "Keep declarations and definitions when their assertion level is popped"},
    {"regular-output-channel", OptionType::String, "\"stdout\"", false,
     "Where responses go: \"stdout\", \"stderr\" or a file name"},
    {"diagnostic-output-channel", OptionType::String, "\"stderr\"", false,
     "Where diagnostics go: \"stdout\", \"stderr\" or a file name"},
    {"verbosity", OptionType::Numeral, "0", false, "Amount of diagnostic output"},
    {"reproducible-resource-limit", OptionType::Numeral, "0", false,
     "Accepted for compatibility; craig's limits are wall-clock only (0 = none)"},
}};

size_t index_of(std::string_view name) {
    for (size_t i = 0; i < kOptions.size(); ++i)
        if (kOptions[i].name == name) return i;
    throw std::invalid_argument("unknown option " + std::string(name));
}

}  // namespace

std::span<const OptionSpec> option_table() { return kOptions; }

std::string check_value(const OptionSpec& spec, const std::string& v, std::string* canonical) {
    std::string c = v;
    switch (spec.type) {
        case OptionType::Bool:
            if (v != "true" && v != "false" && v != "1" && v != "0") return "expected true or false, got " + v;
            c = v == "true" || v == "1" ? "true" : "false";
            break;
        case OptionType::Numeral: {
            const std::uint64_t max = spec.name == "random-seed" ? UINT32_MAX : UINT64_MAX;
            if (v.empty() || v.size() > 20 || v.find_first_not_of("0123456789") != std::string::npos ||
                (v.size() > 1 && v[0] == '0') || std::stoull(v) > max || (v.size() == 20 && v > "18446744073709551615"))
                return "expected a numeral up to " + std::to_string(max) + ", got " + v;
            break;
        }
        case OptionType::String:
            if (spec.name == "interpolation-lra-factor" && !itp::parse_strength_factor(v))
                return "expected a rational between 0 and 1 such as 1/3, got " + v;
            break;
        case OptionType::Symbol: {
            // Stored under its canonical name, so that get-option prints what craig uses.
            const std::string_view n = spec.name;
            std::optional<std::string> known;
            if (n == "interpolation-bool-algorithm") {
                if (auto x = itp::parse_bool_system(v)) known = itp::name(*x);
            } else if (n == "interpolation-lra-algorithm") {
                if (auto x = itp::parse_lra_system(v)) known = itp::name(*x);
            } else if (n == "interpolation-euf-algorithm") {
                if (auto x = itp::parse_euf_system(v)) known = itp::name(*x);
            } else if (n == "interpolation-dag-route") {
                if (auto x = itp::parse_dag_route(v)) known = itp::name(*x);
            } else if (n == "lra-arith") {
                if (lra::parse_arith(v)) known = v;
            } else if (n == "sat-integration") {
                if (auto x = smt::parse_sat_integration(v)) known = smt::sat_integration_name(*x);
            }
            if (!known) return "unknown value " + v + " of :" + std::string(n);
            c = *known;
            break;
        }
    }
    if (canonical) *canonical = c;
    return "";
}

const OptionSpec* find_option(std::string_view name) {
    for (const OptionSpec& o : kOptions)
        if (o.name == name) return &o;
    return nullptr;
}

void OptionValues::set_text(const OptionSpec& spec, const std::string& canonical) {
    switch (spec.type) {
        case OptionType::Bool: set_bool(spec.name, canonical == "true"); break;
        case OptionType::Numeral: set_numeral(spec.name, std::stoull(canonical)); break;
        case OptionType::String:
        case OptionType::Symbol: set_string(spec.name, canonical); break;
    }
}

OptionValues::OptionValues() {
    for (const OptionSpec& o : kOptions) {
        Value v;
        switch (o.type) {
            case OptionType::Bool: v.b = o.default_value == "true"; break;
            case OptionType::Numeral: v.n = std::stoull(std::string(o.default_value)); break;
            case OptionType::String: v.s = std::string(o.default_value.substr(1, o.default_value.size() - 2)); break;
            case OptionType::Symbol: v.s = std::string(o.default_value); break;
        }
        values_.push_back(std::move(v));
    }
}

OptionValues::Value& OptionValues::at(std::string_view name) { return values_[index_of(name)]; }
const OptionValues::Value& OptionValues::at(std::string_view name) const { return values_[index_of(name)]; }

bool OptionValues::get_bool(std::string_view name) const { return at(name).b; }
uint64_t OptionValues::get_numeral(std::string_view name) const { return at(name).n; }
const std::string& OptionValues::get_string(std::string_view name) const { return at(name).s; }
void OptionValues::set_bool(std::string_view name, bool v) { at(name).b = v; }
void OptionValues::set_numeral(std::string_view name, uint64_t v) { at(name).n = v; }
void OptionValues::set_string(std::string_view name, std::string v) { at(name).s = std::move(v); }

std::string OptionValues::printed(std::string_view name) const {
    const Value& v = at(name);
    switch (kOptions[index_of(name)].type) {
        case OptionType::Bool: return v.b ? "true" : "false";
        case OptionType::Numeral: return std::to_string(v.n);
        case OptionType::String: return quote_string(v.s);
        case OptionType::Symbol: return v.s;
    }
    return "";
}

}  // namespace craig::smtlib
