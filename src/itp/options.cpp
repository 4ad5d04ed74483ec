#include "itp/options.hpp"

#include <string>

namespace craig::itp {

const char* name(BoolSystem s) {
    switch (s) {
        case BoolSystem::McMillan: return "mcmillan";
        case BoolSystem::Pudlak: return "pudlak";
        case BoolSystem::McMillanPrime: return "mcmillan-prime";
        case BoolSystem::ProofSensitive: return "proof-sensitive";
        case BoolSystem::ProofSensitiveWeak: return "proof-sensitive-weak";
        case BoolSystem::ProofSensitiveStrong: return "proof-sensitive-strong";
    }
    return "?";
}

const char* name(LraSystem s) {
    switch (s) {
        case LraSystem::Farkas: return "farkas";
        case LraSystem::DualFarkas: return "dual-farkas";
        case LraSystem::Flexible: return "flexible";
        case LraSystem::DecomposedFarkas: return "decomposed-farkas";
        case LraSystem::DualDecomposedFarkas: return "dual-decomposed-farkas";
    }
    return "?";
}

const char* name(EufSystem s) {
    switch (s) {
        case EufSystem::Strong: return "strong";
        case EufSystem::Weak: return "weak";
    }
    return "?";
}

const char* name(DagRoute r) {
    switch (r) {
        case DagRoute::OneProof: return "one-proof";
        case DagRoute::PerVertex: return "per-vertex";
    }
    return "?";
}

std::optional<BoolSystem> parse_bool_system(std::string_view s) {
    if (s == "mcmillan" || s == "0") return BoolSystem::McMillan;
    if (s == "pudlak" || s == "1") return BoolSystem::Pudlak;
    if (s == "mcmillan-prime" || s == "mcmillanp" || s == "mcmillan'" || s == "2") return BoolSystem::McMillanPrime;
    if (s == "proof-sensitive" || s == "ps" || s == "3") return BoolSystem::ProofSensitive;
    if (s == "proof-sensitive-weak" || s == "psw" || s == "4") return BoolSystem::ProofSensitiveWeak;
    if (s == "proof-sensitive-strong" || s == "pss" || s == "5") return BoolSystem::ProofSensitiveStrong;
    return std::nullopt;
}

std::optional<LraSystem> parse_lra_system(std::string_view s) {
    if (s == "farkas" || s == "strong" || s == "0") return LraSystem::Farkas;
    if (s == "dual-farkas" || s == "weak" || s == "2") return LraSystem::DualFarkas;
    if (s == "flexible" || s == "factor" || s == "3") return LraSystem::Flexible;
    if (s == "decomposed-farkas" || s == "decomposed" || s == "4") return LraSystem::DecomposedFarkas;
    if (s == "dual-decomposed-farkas" || s == "dual-decomposed" || s == "5") return LraSystem::DualDecomposedFarkas;
    return std::nullopt;
}

std::optional<EufSystem> parse_euf_system(std::string_view s) {
    if (s == "strong" || s == "0") return EufSystem::Strong;
    if (s == "weak" || s == "2") return EufSystem::Weak;
    return std::nullopt;
}

std::optional<DagRoute> parse_dag_route(std::string_view s) {
    if (s == "one-proof") return DagRoute::OneProof;
    if (s == "per-vertex") return DagRoute::PerVertex;
    return std::nullopt;
}

std::optional<mpq_class> parse_strength_factor(std::string_view s) {
    std::string text(s);
    mpq_class v;
    auto digits = [](std::string_view d) {
        return !d.empty() && d.find_first_not_of("0123456789") == std::string_view::npos;
    };
    if (auto slash = s.find('/'); slash != std::string_view::npos) {
        if (!digits(s.substr(0, slash)) || !digits(s.substr(slash + 1))) return std::nullopt;
        mpz_class den(std::string(s.substr(slash + 1)));
        if (den == 0) return std::nullopt;
        v = mpq_class(mpz_class(std::string(s.substr(0, slash))), den);
    } else if (auto dot = s.find('.'); dot != std::string_view::npos) {
        std::string_view ip = s.substr(0, dot), fp = s.substr(dot + 1);
        if (!digits(ip) || !digits(fp)) return std::nullopt;
        mpz_class scale = 1;
        for (size_t i = 0; i < fp.size(); ++i) scale *= 10;
        v = mpq_class(mpz_class(std::string(ip) + std::string(fp)), scale);
    } else {
        if (!digits(s)) return std::nullopt;
        v = mpq_class(mpz_class(text));
    }
    v.canonicalize();
    if (v < 0 || v > 1) return std::nullopt;
    return v;
}

}  // namespace craig::itp
