#pragma once
// Interpolation systems: the strength choices of craig's interpolator, with the names used on
// the command line (--itp-bool, --itp-lra, --itp-euf, --itp-dag-route) and in SMT-LIB set-option
// (:interpolation-bool-algorithm, :interpolation-lra-algorithm, :interpolation-euf-algorithm,
// :interpolation-dag-route).
// OpenSMT's numeric codes are accepted as aliases (parse_* below).
#include <gmpxx.h>

#include <chrono>

#include <optional>
#include <string_view>

namespace craig::itp {

// Labeled interpolation systems for the Boolean part (D'Silva, Kroening, Purandare, Weissenbacher,
// VMCAI 2010): shared variables labeled b (McMillan, strongest), ab (Pudlák), a (McMillan′, weakest),
// or by the proof (Alt, Fedyukovich, Hyvärinen, Sharygina, VSTTE 2015): a shared variable that
// occurs in more A-leaves than B-leaves of the proof is labeled a (proof-sensitive and its weak
// variant) or ab (strong variant), any other b (proof-sensitive, strong) or ab (weak);
// proof_interpolator.hpp has the definitions and the strength order
// McMillan ⇒ PS-strong ⇒ PS ⇒ PS-weak ⇒ McMillan′ (and PS-strong ⇒ Pudlák ⇒ PS-weak).
enum class BoolSystem : uint8_t {
    McMillan,
    Pudlak,
    McMillanPrime,
    ProofSensitive,
    ProofSensitiveWeak,
    ProofSensitiveStrong
};
// Every Boolean system, in the order above (craig itp --all-systems).
inline constexpr BoolSystem kAllBoolSystems[] = {BoolSystem::McMillan,           BoolSystem::Pudlak,
                                                 BoolSystem::McMillanPrime,      BoolSystem::ProofSensitive,
                                                 BoolSystem::ProofSensitiveWeak, BoolSystem::ProofSensitiveStrong};
// Linear real arithmetic: Farkas (strong, McMillan's), dual Farkas (weak), the flexible
// interpolant between them with a strength factor, decomposed Farkas and its dual
// (Blicha, Hyvärinen, Kofroň, Sharygina, TACAS 2019).
enum class LraSystem : uint8_t { Farkas, DualFarkas, Flexible, DecomposedFarkas, DualDecomposedFarkas };
// Equality with uninterpreted functions: strong or weak.
enum class EufSystem : uint8_t { Strong, Weak };
// DAG interpolants (dag_interpolation.hpp): sequence interpolants of one proof cleaned by
// quantifier elimination, or one proof per inner vertex.
enum class DagRoute : uint8_t { OneProof, PerVertex };

struct ItpOptions {
    BoolSystem boolean = BoolSystem::McMillan;
    LraSystem lra = LraSystem::Farkas;
    EufSystem euf = EufSystem::Strong;
    // Flexible LRA system: 0 gives Farkas, 1 dual Farkas (Alt, Hyvärinen, Sharygina, HVC 2017).
    mpq_class lra_strength_factor{1, 2};
    DagRoute dag_route = DagRoute::OneProof;
    // Interpolation of a sequence or tree stops with "timeout" past this time (checked between
    // cuts; a cut of a large proof with many partitions takes a while).
    std::optional<std::chrono::steady_clock::time_point> deadline;
};

// "mcmillan", "pudlak", "mcmillan-prime", "proof-sensitive", "proof-sensitive-weak", "proof-sensitive-strong"
const char* name(BoolSystem s);
const char* name(LraSystem s);  // "farkas", "dual-farkas", "flexible", "decomposed-farkas", "dual-decomposed-farkas"
const char* name(EufSystem s);  // "strong", "weak"
const char* name(DagRoute r);   // "one-proof", "per-vertex"

// Names above, plus aliases: bool "mcmillanp"/"mcmillan'", "ps"/"psw"/"pss", OpenSMT codes
// 0 McMillan, 1 Pudlák, 2 McMillan′, 3 proof-sensitive, 4 its weak and 5 its strong variant; lra "strong"/"weak"/"factor"/"decomposed"/"dual-decomposed", codes 0 Farkas,
// 2 dual Farkas, 3 flexible, 4 decomposed, 5 dual decomposed; euf codes 0 strong, 2 weak.
std::optional<BoolSystem> parse_bool_system(std::string_view s);
std::optional<LraSystem> parse_lra_system(std::string_view s);
std::optional<EufSystem> parse_euf_system(std::string_view s);
std::optional<DagRoute> parse_dag_route(std::string_view s);  // the names above only
// A strength factor in [0, 1]: "p/q", an integer or a decimal ("0.25").
std::optional<mpq_class> parse_strength_factor(std::string_view s);

}  // namespace craig::itp
