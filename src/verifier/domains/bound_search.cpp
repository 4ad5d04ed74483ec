#include "verifier/domains/bound_search.hpp"

#include <algorithm>
#include <optional>

#include "smt/terms/rational.hpp"

namespace craig::verifier {

namespace {

// Beyond every C integer type: a value above it counts as unbounded.
const mpq_class kFar = mpq_class(mpz_class(1) << 64);
// Galloping steps (1, 4, 16, 64, 256 above best) before an objective with only the provisional
// bound is given up as unbounded: such bounds are C type limits (an input's range) or follow
// from other variables, which a box cannot use, and bracketing them costs dozens of queries.
constexpr unsigned kMaxGallops = 5;
// Probes of a Real objective once no integer is left between best and a strict ub: best itself
// (a model at a vertex), then the simplest rational between best and ub (a bound of a linear
// program over rational constants is usually a simple fraction).
constexpr unsigned kMaxProbes = 2;

// The rational with the smallest denominator in (a, b), for a < b (b infinite when nullopt): the
// first one the Stern–Brocot tree meets, through the continued fractions of a and b.
mpq_class simplest_between(const mpq_class& a, const std::optional<mpq_class>& b) {
    const mpq_class n = smt::floor_q(a) + 1;  // the least integer above a
    if (!b || n < *b) return n;
    // (a, b) lies within [n - 1, n]: n - 1 + 1/r for the simplest r in (1/(b - n + 1), 1/(a - n + 1)).
    const mpq_class lo = 1 / (*b - (n - 1));
    const std::optional<mpq_class> hi = a == n - 1 ? std::nullopt : std::optional<mpq_class>(1 / (a - (n - 1)));
    return n - 1 + 1 / simplest_between(lo, hi);
}

// The question "sign·term > c" (or ">= c" when `reaches`): an Unsat answer proves sign·term <= c
// (or < c, a strict bound: only asked of Real terms).
struct Threshold {
    mpq_class c;
    bool reaches = false;
};

// Maximise sign·term. Over an Int term every value below is an integer; over a Real term best
// is a model's exact value and ub a rational, possibly strict.
struct Objective {
    smt::Term term;
    int sign = 1;
    bool real = false;            // the term's sort is Real
    mpq_class best;               // some model has sign·term = best
    std::optional<mpq_class> ub;  // the assertions imply sign·term <= ub (< ub when ub_strict)
    bool ub_strict = false;
    bool ub_far = false;  // ub is the provisional kFar of the unboundedness query
    bool open = true;
    std::vector<mpq_class> candidates;  // in sign space, ascending
    mpq_class step = 1;                 // galloping
    unsigned gallops = 0;
    unsigned probes = 0;  // simplest-rational probes (reals)
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
        for (Objective& o : objectives) o.best = o.sign * value(o, s_.model());
    }

    // Candidates above best, smallest first; after one is confirmed as a bound, the value below
    // it (is the bound reached?).
    void candidates(Objective& o) {
        for (const mpq_class& c : o.candidates) {
            if (!o.active() || o.queries >= cap_) return;
            if (c <= o.best || (o.ub && c >= *o.ub)) continue;
            const smt::Result r = individual(o, {c});
            if (r == smt::Result::Sat) continue;
            if (r == smt::Result::Unsat && o.active() && o.queries < cap_) individual(o, reach(o));
            return;
        }
    }

    // Batched: "some objective exceeds ub - 1" (a Real one: "reaches ub") until Unsat (each Sat
    // closes at least one).
    void reach_bounds() {
        for (;;) {
            std::vector<Objective*> os = active([](const Objective& o) { return o.ub && !o.ub_strict; });
            if (os.empty()) return;
            const smt::Result r = batch(os, [](const Objective& o) { return reach(o); });
            if (r == smt::Result::Sat) continue;
            for (Objective* o : os) settle(*o, r, reach(*o));
            return;
        }
    }

    // Batched: "some objective exceeds its best"; a Sat answer sets aside the objectives its
    // model raised and asks again for the others, until Unsat proves the rest exact.
    void exactness() {
        for (;;) {
            std::vector<Objective*> os = active([](const Objective& o) { return !o.exceeded; });
            if (os.empty()) return;
            std::vector<mpq_class> before;
            for (const Objective* o : os) before.push_back(o->best);
            const smt::Result r = batch(os, [](const Objective& o) { return Threshold{o.best}; });
            if (r != smt::Result::Sat) {
                for (std::size_t i = 0; i < os.size(); ++i) settle(*os[i], r, {before[i]});
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
            const smt::Result r = batch(os, [](const Objective&) { return Threshold{kFar}; });
            if (r == smt::Result::Sat) continue;
            for (Objective* o : os) {
                settle(*o, r, {kFar});
                o->ub_far = o->ub.has_value();
            }
            return;
        }
    }

    // Best first when a model raised it, else galloping above best while only the provisional
    // bound is known, then bisection at integers. A Real objective left with no integer in
    // [best, ub) asks whether ub is reached (Unsat: ub is strict) and then probes best and the
    // simplest rational between best and ub (5/2 in (2.1, 3)), kMaxProbes in all: bisecting
    // further over the rationals rarely finds a bound a program uses.
    void refine(Objective& o) {
        while (o.active()) {
            if (o.queries >= cap_) {
                ++stats_.capped;
                return;
            }
            mpq_class c;
            if (o.fresh) {
                individual(o, {o.best});
                continue;
            }
            if (o.ub_far && o.gallops == kMaxGallops) {
                ++stats_.capped;
                return;
            }
            if (o.ub_far) {
                ++o.gallops;
                c = std::min(mpq_class(o.best + o.step), mpq_class(*o.ub - 1));
                o.step *= 4;
            } else {
                // The integer nearest the middle of [best, ub) (over the integers floor of the
                // middle, always in [best, ub)).
                c = std::max(smt::floor_q((o.best + *o.ub) / 2), smt::ceil_q(o.best));
                if (c >= *o.ub) {  // only over the reals: no integer left in [best, ub)
                    if (!o.ub_strict) {
                        individual(o, reach(o));
                        continue;
                    }
                    if (o.probes == kMaxProbes) {
                        ++stats_.capped;
                        return;
                    }
                    // Is best the maximum (models often sit at a vertex)? Then the simplest
                    // rational above it.
                    c = o.probes++ % 2 == 0 ? o.best : simplest_between(o.best, o.ub);
                }
            }
            individual(o, {c});
        }
    }

private:
    // The value of the term in m: exact for a Real term, an integer for an Int one.
    static mpq_class value(const Objective& o, const smt::Model& m) {
        const mpq_class v = m.evaluate(o.term).q;
        return o.real ? v : smt::floor_q(v);
    }
    // Is ub attained? Over the integers "exceeds ub - 1" (Unsat lowers ub by one), over the
    // reals "reaches ub" (Unsat makes ub strict).
    static Threshold reach(const Objective& o) { return o.real ? Threshold{*o.ub, true} : Threshold{*o.ub - 1}; }
    // sign·term > c (>= c when th.reaches), with a numeral of the term's sort.
    smt::Term exceeds(const Objective& o, const Threshold& th) {
        auto num = [&](const mpq_class& v) { return tm_.mk_numeral(v, tm_.sort(o.term)); };
        if (th.reaches) return o.sign > 0 ? tm_.mk_geq(o.term, num(th.c)) : tm_.mk_leq(o.term, num(-th.c));
        return o.sign > 0 ? tm_.mk_gt(o.term, num(th.c)) : tm_.mk_lt(o.term, num(-th.c));
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
            const mpq_class v = o.sign * value(o, m);
            if (v <= o.best) continue;
            o.best = v;
            o.fresh = true;
        }
    }
    // After "o exceeds c" (or reaches c): Unsat proves ub = c (strict), Unknown ends the
    // objective.
    void settle(Objective& o, smt::Result r, const Threshold& th) {
        if (r == smt::Result::Unsat) {
            o.ub = th.c;
            o.ub_strict = th.reaches;
            o.ub_far = false;
        } else if (r == smt::Result::Unknown) {
            o.open = false;
        }
    }
    smt::Result individual(Objective& o, const Threshold& th) {
        ++o.queries;
        const smt::Result r = check(exceeds(o, th));
        settle(o, r, th);
        o.fresh = r == smt::Result::Sat && o.best > th.c + 1;  // the model went further than asked
        return r;
    }
    template <class Select>
    std::vector<Objective*> active(Select select) {
        std::vector<Objective*> r;
        for (Objective& o : objectives)
            if (o.active() && select(o)) r.push_back(&o);
        return r;
    }
    template <class ThresholdOf>
    smt::Result batch(const std::vector<Objective*>& os, ThresholdOf threshold) {
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
            o.real = s.terms().sort(t.term) == smt::SortTable::Real;
            const auto& known = sign > 0 ? t.known.hi : t.known.lo;
            if (known) o.ub = sign * *known;
            o.ub_strict = known && (sign > 0 ? t.known.hi_open : t.known.lo_open);
            for (const mpq_class& c : t.candidates) o.candidates.push_back(sign * c);
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
        if (up.ub && !up.ub_far && !up.real) {
            down.candidates = {mpq_class(0), *up.ub, *up.ub + 1};  // sign space of -M - 1, -M, 0
            search.candidates(down);
        }
        search.refine(down);
    }
    std::vector<Interval> out;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        const Objective& up = search.objectives[2 * i];
        const Objective& down = search.objectives[2 * i + 1];
        Interval r;
        r.real = up.real;
        if (up.ub && !up.ub_far) {
            r.hi = *up.ub;
            r.hi_open = up.ub_strict;
        }
        if (down.ub && !down.ub_far) {
            r.lo = -*down.ub;
            r.lo_open = down.ub_strict;
        }
        out.push_back(meet(r, targets[i].known));
    }
    return out;
}

}  // namespace craig::verifier
