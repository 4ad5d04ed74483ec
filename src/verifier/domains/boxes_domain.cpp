// The "boxes" domain of domain.hpp.
#include "verifier/domains/box_domain_base.hpp"

namespace craig::verifier {

namespace {

class BoxesDomain final : public BoxDomainBase<BoxesLattice> {
public:
    BoxesDomain(const Program& p, const base::Budget& budget, const DomainOptions& o)
        : BoxDomainBase(p, budget, o, BoxesLattice{o.max_boxes}) {}

    std::string_view name() const override { return "boxes"; }

    // The Box post of every disjunct, united.
    smt::Term post(smt::Term pre, EdgeId e) override {
        return timed_post(pre, [&](const Boxes& pres) {
            Boxes r;
            for (const Box& b : pres.boxes()) r = unite(r, Boxes(post_(b, e)));
            return capped(std::move(r));
        });
    }

    smt::Term join(std::span<const smt::Term> fs) override {
        ++counters_.join;
        Boxes r;
        for (smt::Term f : fs) r = unite(r, alpha(f).value);
        return gamma(capped(std::move(r)), p_);
    }

    // WIDENWITH_∨ (eqs. 5.2, 5.4): y itself for an empty X, else ((∨X) ∇ (∨X ∨ y)) \ ∨X where
    // only the exactly represented labels of X are subtracted (domain.hpp). Termination: the
    // widening keeps only endpoints of ∨X and difference and merging add none (boxes.hpp), so
    // every label the chain adds lies on the grid of the endpoints of alpha(X); the union of
    // those labels grows on a finite grid and stops growing.
    smt::Term widen_with(std::span<const smt::Term> visited, smt::Term y) override {
        ++counters_.widen;
        const Boxes yb = alpha(y).value;
        if (visited.empty()) return gamma(yb, p_);
        Boxes all, exact;
        for (smt::Term f : visited) {
            const Abstract<Boxes>& a = alpha(f);
            all = unite(all, a.value);
            if (a.exact) exact = unite(exact, a.value);
        }
        all = capped(std::move(all));
        return gamma(capped(subtract(widen(all, unite(all, yb)), exact)), p_);
    }

private:
    Boxes capped(Boxes b) {
        if (b.merge_to(o_.max_boxes)) ++counters_.merges;
        return b;
    }
};

}  // namespace

std::unique_ptr<AbstractDomain> make_boxes_domain(const Program& p, const base::Budget& budget,
                                                  const DomainOptions& o) {
    return std::make_unique<BoxesDomain>(p, budget, o);
}

}  // namespace craig::verifier
