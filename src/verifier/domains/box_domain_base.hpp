// What the box and boxes domains (domain.hpp) share: the program, the abstraction function of
// their lattice (memoised), the Box post with its cache, and the figures of stats().
#pragma once

#include <chrono>

#include "base/stopwatch.hpp"
#include "verifier/domains/abstraction.hpp"
#include "verifier/domains/box_post.hpp"
#include "verifier/domains/domain.hpp"

namespace craig::verifier {

// Counts of the formula-level operations (the post's own are BoxPostCounters).
struct DomainCounters {
    std::uint64_t alpha = 0, alpha_inexact = 0, post = 0, join = 0, widen = 0, merges = 0;
    double post_seconds = 0;
};

// Writes the figures named in domain.hpp.
void write_statistics(const DomainCounters& d, const BoxPostCounters& p, base::Statistics& out);

template <class Lattice>
class BoxDomainBase : public AbstractDomain {
public:
    using Element = typename Lattice::Element;

    smt::Term abstract(smt::Term f) override { return gamma(alpha(f).value, p_); }
    const base::Statistics& stats() const override {
        write_statistics(counters_, post_.counters(), stats_);
        return stats_;
    }

protected:
    BoxDomainBase(const Program& p, const base::Budget& budget, const DomainOptions& o, Lattice lattice)
        : p_(p),
          o_(o),
          alpha_(p, lattice),
          post_(p, budget, BoxPostOptions{o.max_queries_per_bound, o.lia_branch_budget}) {}

    const Abstract<Element>& alpha(smt::Term f) {
        ++counters_.alpha;
        const Abstract<Element>& a = alpha_(f);
        if (!a.exact) ++counters_.alpha_inexact;
        return a;
    }
    // gamma(post(pre-element, e)) timed as domain.post.seconds.
    template <class PostOfElement>
    smt::Term timed_post(smt::Term pre, PostOfElement f) {
        ++counters_.post;
        const auto t0 = std::chrono::steady_clock::now();
        const smt::Term r = gamma(f(alpha(pre).value), p_);
        counters_.post_seconds += base::seconds_since(t0);
        return r;
    }

    const Program& p_;
    DomainOptions o_;
    Abstraction<Lattice> alpha_;
    BoxPost post_;
    DomainCounters counters_;
    mutable base::Statistics stats_;
};

}  // namespace craig::verifier
