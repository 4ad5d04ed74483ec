// VINTA (Albarghouthi, Gurfinkel, Chechik, SAS 2012; Albarghouthi's thesis, Ch. 5): UFO's DAG
// unrolling (ufo.hpp) with the posts of an abstract domain (domains/domain.hpp), widening by
// WIDENWITH, covering against every labelled node of a location, and refinement by restricted
// DAG interpolants that keep the abstract interpretation's facts. Engines `vinta-box` (Box,
// WIDENWITH_⊔; the thesis' vBox) and `vinta-boxes` (Boxes, WIDENWITH_∨; vBoxes);
// `--vinta-refine dag` refines with plain DAG interpolants instead (uBox, uBoxes).
#include <memory>
#include <ostream>

#include "verifier/domains/domain.hpp"
#include "verifier/engines/engine.hpp"
#include "verifier/engines/itp_options.hpp"
#include "verifier/engines/ufo/ufo.hpp"

namespace craig::verifier {

namespace {

std::string check_refine(const std::string& v) {
    return v == "restricted" || v == "dag" ? std::string() : "unknown value '" + v + "' (restricted, dag)";
}

constexpr EngineOption kVintaOptions[] = {
    kItpBoolOption,
    kItpLraOption,
    kItpEufOption,
    kDagRouteOption,
    kCoreRoundsOption,
    {"vinta-widen-delay", OptionKind::Unsigned, "3",
     "widen at a loop head on every N-th node of it in one unrolling (0: never; the thesis widens every 3rd)"},
    {"vinta-refine", OptionKind::Choice, "restricted",
     "refinement: restricted DAG interpolants that keep the domain's facts (VINTAREF) or plain DAG interpolants "
     "(dag, UFOREF)",
     check_refine},
};

using DomainFactory = std::unique_ptr<AbstractDomain> (*)(const Program&, const base::Budget&, const DomainOptions&);

std::unique_ptr<Engine> make_vinta(const EngineSettings& s, DomainFactory make_domain) {
    // The domain lives as long as the adapter (its configure function holds it).
    auto domain = std::make_shared<std::unique_ptr<AbstractDomain>>();
    return std::make_unique<UfoAdapter>(
        s, [s, make_domain, domain](UfoOptions& o, const Program& blocks, const base::Budget& budget) {
            *domain = make_domain(blocks, budget, DomainOptions{});
            o.domain = domain->get();
            o.cover_visited = true;
            o.restricted = s.get("vinta-refine") == "restricted";
            o.widen_delay = s.number("vinta-widen-delay");
        });
}

}  // namespace

const EngineInfo& vinta_box_engine() {
    static const EngineInfo info{
        "vinta-box",
        "VINTA with the Box domain (intervals, WIDENWITH_⊔; Albarghouthi, SAS 2012): abstract interpretation on UFO's "
        "DAG unrolling, refined by restricted DAG interpolants",
        kVintaOptions, [](const EngineSettings& s) {
            return make_vinta(s, [](const Program& p, const base::Budget& b, const DomainOptions& o) {
                return make_box_domain(p, b, o);
            });
        },
        nullptr,
        {}};
    return info;
}

const EngineInfo& vinta_boxes_engine() {
    static const EngineInfo info{
        "vinta-boxes",
        "VINTA with the Boxes domain (finite unions of boxes, WIDENWITH_∨): abstract interpretation on UFO's DAG "
        "unrolling, refined by restricted DAG interpolants",
        kVintaOptions, [](const EngineSettings& s) {
            return make_vinta(s, [](const Program& p, const base::Budget& b, const DomainOptions& o) {
                return make_boxes_domain(p, b, o);
            });
        },
        nullptr,
        {}};
    return info;
}

}  // namespace craig::verifier
