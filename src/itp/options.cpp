#include "itp/options.hpp"

namespace craig::itp {

const char* name(BoolSystem s) {
  switch (s) {
    case BoolSystem::McMillan: return "mcmillan";
    case BoolSystem::Pudlak: return "pudlak";
    case BoolSystem::McMillanPrime: return "mcmillan-prime";
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

std::optional<BoolSystem> parse_bool_system(std::string_view s) {
  if (s == "mcmillan" || s == "0") return BoolSystem::McMillan;
  if (s == "pudlak" || s == "1") return BoolSystem::Pudlak;
  if (s == "mcmillan-prime" || s == "mcmillanp" || s == "mcmillan'" || s == "2")
    return BoolSystem::McMillanPrime;
  return std::nullopt;
}

std::optional<LraSystem> parse_lra_system(std::string_view s) {
  if (s == "farkas" || s == "strong" || s == "0") return LraSystem::Farkas;
  if (s == "dual-farkas" || s == "weak" || s == "2") return LraSystem::DualFarkas;
  if (s == "flexible" || s == "factor" || s == "3") return LraSystem::Flexible;
  if (s == "decomposed-farkas" || s == "decomposed" || s == "4") return LraSystem::DecomposedFarkas;
  if (s == "dual-decomposed-farkas" || s == "dual-decomposed" || s == "5")
    return LraSystem::DualDecomposedFarkas;
  return std::nullopt;
}

std::optional<EufSystem> parse_euf_system(std::string_view s) {
  if (s == "strong" || s == "0") return EufSystem::Strong;
  if (s == "weak" || s == "2") return EufSystem::Weak;
  return std::nullopt;
}

}  // namespace craig::itp
