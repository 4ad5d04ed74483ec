#include "verifier/domains/box_domain_base.hpp"

namespace craig::verifier {

void write_statistics(const DomainCounters& d, const BoxPostCounters& p, base::Statistics& out) {
    out.count("domain.alpha.calls", d.alpha);
    out.count("domain.alpha.inexact", d.alpha_inexact);
    out.count("domain.post.calls", d.post);
    out.count("domain.post.box_posts", p.calls);
    out.count("domain.post.cache_hits", p.cache_hits);
    out.count("domain.post.queries", p.search.queries);
    out.count("domain.post.bottom", p.bottom);
    out.count("domain.post.unknown", p.search.unknown);
    out.count("domain.post.capped_bounds", p.search.capped);
    out.seconds("domain.post.seconds", d.post_seconds);
    out.seconds("domain.post.solver_seconds", p.seconds);
    out.count("domain.join.calls", d.join);
    out.count("domain.widen.calls", d.widen);
    out.count("domain.boxes.merges", d.merges);
}

}  // namespace craig::verifier
