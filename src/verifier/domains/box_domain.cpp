// The "box" domain of domain.hpp.
#include "verifier/domains/box_domain_base.hpp"

namespace craig::verifier {

namespace {

class BoxDomain final : public BoxDomainBase<BoxLattice> {
public:
    BoxDomain(const Program& p, const base::Budget& budget, const DomainOptions& o)
        : BoxDomainBase(p, budget, o, BoxLattice{}) {}

    std::string_view name() const override { return "box"; }

    smt::Term post(smt::Term pre, EdgeId e) override {
        return timed_post(pre, [&](const Box& b) { return post_(b, e); });
    }

    smt::Term join(std::span<const smt::Term> fs) override {
        ++counters_.join;
        Box r = Box::bottom();
        for (smt::Term f : fs) r = verifier::join(r, alpha(f).value);
        return gamma(r, p_);
    }

    // WIDENWITH_⊔ (eqs. 5.1, 5.3): y itself for an empty X, else x ∇ (x ⊔ y) with x the most
    // recent label. Termination: every bound of x ∇ (x ⊔ y) is a bound of x or infinite, so
    // all labels the chain adds have bounds from the first x's and finitely many exist.
    smt::Term widen_with(std::span<const smt::Term> visited, smt::Term y) override {
        ++counters_.widen;
        const Box yb = alpha(y).value;
        if (visited.empty()) return gamma(yb, p_);
        const Box x = alpha(visited.back()).value;
        return gamma(widen(x, verifier::join(x, yb)), p_);
    }
};

}  // namespace

std::unique_ptr<AbstractDomain> make_box_domain(const Program& p, const base::Budget& budget, const DomainOptions& o) {
    return std::make_unique<BoxDomain>(p, budget, o);
}

}  // namespace craig::verifier
