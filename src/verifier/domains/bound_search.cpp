#include "verifier/domains/bound_search.hpp"

#include <algorithm>
#include <optional>

namespace craig::verifier {

namespace {

// Beyond every C integer type: a value above it counts as unbounded.
const mpz_class kFar = mpz_class(1) << 64;
// Galloping steps (1, 4, 16, 64, 256 above best) before an objective with only the provisional
// bound is given up as unbounded: such bounds are C type limits (an input's range) or follow
// from other variables, which a box cannot use, and bracketing them costs dozens of queries.
constexpr unsigned kMaxGallops = 5;

// Maximise sign·term.
struct Objective {
    smt::Term term;
    int sign = 1;
    mpz_class best;               // some model has sign·term = best
    std::optional<mpz_class> ub;  // the assertions imply sign·term <= ub
    bool ub_far = false;          // ub is the provisional kFar of the unboundedness query
    bool open = true;
    std::vector<mpz_class> candidates;  // in sign space, ascending
    mpz_class step = 1;                 // galloping
    unsigned gallops = 0;
    // best was raised by a model beyond what a query of this objective asked for (a batch, or a
    // model that jumped): refine asks whether best is the maximum first.
    bool fresh = false;
    bool exceeded = false;  // a batched exactness query's model raised best
    unsigned queries = 0;   // individual queries (the cap counts these)

    bool active() const { return open && !(ub && best >= *ub); }
};

class Search {
public:
    Search(smt::Solver& s, unsigned cap, BoundSearchStats& stats) : s_(s), tm_(s.terms()), cap_(cap), stats_(stats) {}

    std::vector<Objective> objectives;

    // The caller's Sat check is the first witness.
    void start() {
        for (Objective& o : objectives) o.best = o.sign * floor_z(s_.model().evaluate(o.term).q);
    }

    // Candidates above best, smallest first; after one is confirmed as a bound, the value below
    // it (is the bound reached?).
    void candidates(Objective& o) {
        for (const mpz_class& c : o.candidates) {
            if (!o.active() || o.queries >= cap_) return;
            if (c <= o.best || (o.ub && c >= *o.ub)) continue;
            const smt::Result r = individual(o, c);
            if (r == smt::Result::Sat) continue;
            if (r == smt::Result::Unsat && o.active() && o.queries < cap_) individual(o, *o.ub - 1);
            return;
        }
    }

    // Batched: "some objective exceeds ub - 1" until Unsat (each Sat closes at least one).
    void reach_bounds() {
        for (;;) {
            std::vector<Objective*> os = active([](const Objective& o) { return o.ub.has_value(); });
            if (os.empty()) return;
            const smt::Result r = batch(os, [](const Objective& o) { return mpz_class(*o.ub - 1); });
            if (r == smt::Result::Sat) continue;
            for (Objective* o : os) settle(*o, r, *o->ub - 1);
            return;
        }
    }

    // Batched: "some objective exceeds its best"; a Sat answer sets aside the objectives its
    // model raised and asks again for the others, until Unsat proves the rest exact.
    void exactness() {
        for (;;) {
            std::vector<Objective*> os = active([](const Objective& o) { return !o.exceeded; });
            if (os.empty()) return;
            std::vector<mpz_class> before;
            for (const Objective* o : os) before.push_back(o->best);
            const smt::Result r = batch(os, [](const Objective& o) { return o.best; });
            if (r != smt::Result::Sat) {
                for (std::size_t i = 0; i < os.size(); ++i) settle(*os[i], r, before[i]);
                return;
            }
            for (std::size_t i = 0; i < os.size(); ++i) os[i]->exceeded = os[i]->best > before[i];
        }
    }

    // Batched: "some objective without a bound exceeds 2^64" until Unsat; a Sat closes those
    // the model takes that far (no finite bound is kept for them).
    void unboundedness() {
        for (;;) {
            for (Objective& o : objectives)
                if (o.active() && !o.ub && o.best > kFar) o.open = false;
            std::vector<Objective*> os = active([](const Objective& o) { return !o.ub.has_value(); });
            if (os.empty()) return;
            const smt::Result r = batch(os, [](const Objective&) { return kFar; });
            if (r == smt::Result::Sat) continue;
            for (Objective* o : os) {
                settle(*o, r, kFar);
                o->ub_far = o->ub.has_value();
            }
            return;
        }
    }

    // Best first when a model raised it, else galloping above best while only the provisional
    // bound is known, then bisection.
    void refine(Objective& o) {
        while (o.active()) {
            if (o.queries >= cap_) {
                ++stats_.capped;
                return;
            }
            mpz_class c;
            if (o.fresh) {
                individual(o, o.best);
                continue;
            }
            if (o.ub_far && o.gallops == kMaxGallops) {
                ++stats_.capped;
                return;
            }
            if (o.ub_far) {
                ++o.gallops;
                c = std::min(mpz_class(o.best + o.step), mpz_class(*o.ub - 1));
                o.step *= 4;
            } else {
                mpz_fdiv_q_2exp(c.get_mpz_t(), mpz_class(o.best + *o.ub).get_mpz_t(), 1);  // in [best, ub)
            }
            individual(o, c);
        }
    }

private:
    // sign·term > c
    smt::Term exceeds(const Objective& o, const mpz_class& c) {
        auto num = [&](const mpz_class& v) { return tm_.mk_numeral(mpq_class(v), smt::SortTable::Int); };
        return o.sign > 0 ? tm_.mk_gt(o.term, num(c)) : tm_.mk_lt(o.term, num(-c));
    }
    smt::Result check(smt::Term q) {
        ++stats_.queries;
        const smt::Term a[1] = {q};
        const smt::Result r = s_.check(a);
        if (r == smt::Result::Unknown) ++stats_.unknown;
        if (r == smt::Result::Sat) observe();
        return r;
    }
    // Raises best of every objective to the model's value.
    void observe() {
        const smt::Model& m = s_.model();
        for (Objective& o : objectives) {
            const mpz_class v = o.sign * floor_z(m.evaluate(o.term).q);
            if (v <= o.best) continue;
            o.best = v;
            o.fresh = true;
        }
    }
    // After "o exceeds c": Unsat proves ub = c, Unknown ends the objective.
    void settle(Objective& o, smt::Result r, const mpz_class& c) {
        if (r == smt::Result::Unsat) {
            o.ub = c;
            o.ub_far = false;
        } else if (r == smt::Result::Unknown) {
            o.open = false;
        }
    }
    smt::Result individual(Objective& o, const mpz_class& c) {
        ++o.queries;
        const smt::Result r = check(exceeds(o, c));
        settle(o, r, c);
        o.fresh = r == smt::Result::Sat && o.best > c + 1;  // the model went further than asked
        return r;
    }
    template <class Select>
    std::vector<Objective*> active(Select select) {
        std::vector<Objective*> r;
        for (Objective& o : objectives)
            if (o.active() && select(o)) r.push_back(&o);
        return r;
    }
    template <class Threshold>
    smt::Result batch(const std::vector<Objective*>& os, Threshold threshold) {
        std::vector<smt::Term> disj;
        for (const Objective* o : os) disj.push_back(exceeds(*o, threshold(*o)));
        return check(tm_.mk_or(disj));
    }

    smt::Solver& s_;
    smt::TermManager& tm_;
    unsigned cap_;
    BoundSearchStats& stats_;
};

}  // namespace

std::vector<Interval> search_bounds(smt::Solver& s, std::span<const BoundTarget> targets,
                                    unsigned max_queries_per_bound, BoundSearchStats& stats) {
    Search search(s, max_queries_per_bound, stats);
    for (const BoundTarget& t : targets)
        for (int sign : {1, -1}) {
            Objective o;
            o.term = t.term;
            o.sign = sign;
            const auto& known = sign > 0 ? t.known.hi : t.known.lo;
            if (known) o.ub = sign * *known;
            for (const mpz_class& c : t.candidates) o.candidates.push_back(sign * c);
            std::sort(o.candidates.begin(), o.candidates.end());
            search.objectives.push_back(std::move(o));
        }
    search.start();
    for (Objective& o : search.objectives) search.candidates(o);
    search.reach_bounds();
    search.exactness();
    search.unboundedness();
    for (std::size_t i = 0; i < targets.size(); ++i) {
        Objective& up = search.objectives[2 * i];
        Objective& down = search.objectives[2 * i + 1];
        search.refine(up);
        // C ranges are [-2^(w-1), 2^(w-1) - 1] or [0, 2^w - 1]: a proved maximum M suggests the
        // minima -M - 1, -M and 0 (an input's range costs two queries instead of a long search).
        if (up.ub && !up.ub_far) {
            down.candidates = {mpz_class(0), *up.ub, *up.ub + 1};  // sign space of -M - 1, -M, 0
            search.candidates(down);
        }
        search.refine(down);
    }
    std::vector<Interval> out;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const Objective& up = search.objectives[2 * i];
        const Objective& down = search.objectives[2 * i + 1];
        Interval r;
        if (up.ub && !up.ub_far) r.hi = *up.ub;
        if (down.ub && !down.ub_far) r.lo = -*down.ub;
        out.push_back(meet(r, targets[i].known));
    }
    return out;
}

}  // namespace craig::verifier
