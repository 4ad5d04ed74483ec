#pragma once
// ColoredProof: a congruence proof (euf_congruence_proof.hpp) made colorable for one cut, in
// the sense of Fuchs, Goel, Grundy, Krstić, Tinelli, "Ground interpolation for the theory of
// equality" (TACAS 2009; LMCS 8(1), 2012): every step of every path gets a side, A or B, such
// that both terms of an A step are A-colorable (A-local or shared) and both terms of a B step
// are B-colorable. So two consecutive steps of different sides meet at a shared term, which is
// where the interpolator (euf_interpolation.cpp) cuts a path into A- and B-segments.
//
// How steps are colored:
//  * an input equation takes the side of its literal (its terms must fit that side);
//  * a congruence f(ā) = f(b̄) with an A-local (B-local) application takes side A (B);
//  * a congruence between an A-local and a B-local application (f is then shared) is split
//    through a new shared term f(c̄): ci is a shared term on the colored proof of ai = bi (ai,
//    or bi, when it is shared; else the first term where that proof changes side, which exists
//    because the argument proof is colored first and leads from an A-local to a B-local term).
//    f(ā) = f(c̄) is then a step of f(ā)'s side with argument proofs ai..ci, and f(c̄) = f(b̄)
//    one of f(b̄)'s side with ci..bi. This is how mixed congruences are avoided: no term of a
//    colored proof is AB-mixed;
//  * a congruence between two shared applications takes the side of most of its argument
//    steps (A on a tie).
// The coloring depends only on the proof and on the literals' sides, never on which side an
// interpolator treats as A: weak interpolants (A and B swapped) read the same colored proof.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "itp/coloring.hpp"
#include "itp/euf_congruence_proof.hpp"
#include "itp/theory_interpolants.hpp"

namespace craig::itp {

class ColoredProof {
public:
    // Steps [begin, end) of colored path `path`: a proof of term_at(begin) = term_at(end).
    // An empty slice proves a term equal to itself.
    struct Slice {
        uint32_t path = 0, begin = 0, end = 0;
        bool empty() const { return begin == end; }
    };
    struct Step {
        Term from, to;
        Side side;
        bool congruence = false;
        std::vector<Slice> args;  // congruence: one proof of from.arg(i) = to.arg(i) per position
    };
    struct Path {
        Term from;
        std::vector<Step> steps;
        Term term_at(size_t k) const { return k == 0 ? from : steps[k - 1].to; }
    };

    // Colors every path of `proof` (path ids are kept). fact_side[tag] is the side of the input
    // equation with that tag. nullopt (with `why`) when the proof has an AB-mixed term or an
    // input equation whose terms do not fit its side (a literal on the wrong side of the cut).
    static std::optional<ColoredProof> build(TermManager& tm, const CongruenceProof& proof,
                                             std::span<const Side> fact_side, Coloring& coloring, std::string* why);

    const Path& path(uint32_t id) const { return paths_[id]; }
    Slice whole(uint32_t id) const { return {id, 0, static_cast<uint32_t>(paths_[id].steps.size())}; }
    Term first(Slice s) const { return paths_[s.path].term_at(s.begin); }
    Term last(Slice s) const { return paths_[s.path].term_at(s.end); }

private:
    std::vector<Path> paths_;
};

}  // namespace craig::itp
