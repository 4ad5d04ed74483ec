// EUF interpolants of congruence-closure conflicts (theory_interpolants.hpp).
#include "itp/theory_interpolants.hpp"

namespace craig::itp {

std::optional<Term> euf_interpolant(TermManager& tm, std::span<const SidedLiteral> conflict,
                                    Coloring& coloring, const ItpOptions& options,
                                    std::string* why) {
  // Conflicts whose literals all lie on one side are interpolated by the proof interpolator
  // (false or true); a conflict split by the cut needs the congruence-graph algorithm.
  if (why) *why = "EUF conflicts split by the cut are not interpolated yet";
  return std::nullopt;
}

}  // namespace craig::itp
