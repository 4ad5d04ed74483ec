// Colorable congruence proofs (euf_colored_proof.hpp).
#include "itp/euf_colored_proof.hpp"

namespace craig::itp {

namespace {

bool fits(Color c, Side s) { return c == Color::Shared || (s == Side::A ? c == Color::A : c == Color::B); }

const char* side_name(Side s) { return s == Side::A ? "A" : "B"; }

}  // namespace

std::optional<ColoredProof> ColoredProof::build(TermManager& tm, const CongruenceProof& proof,
                                                std::span<const Side> fact_side, Coloring& coloring, std::string* why) {
    auto fail = [&](std::string msg) -> std::optional<ColoredProof> {
        if (why) *why = std::move(msg);
        return std::nullopt;
    };
    ColoredProof out;
    out.paths_.reserve(proof.num_paths());
    std::vector<Term> middle_args;
    // Argument paths have smaller ids than the paths using them, so one pass in id order
    // colors every argument proof before the congruences that need it.
    for (uint32_t id = 0; id < proof.num_paths(); ++id) {
        const CongruenceProof::Path& raw = proof.path(id);
        Path colored{raw.from, {}};
        colored.steps.reserve(raw.steps.size());
        for (const CongruenceProof::Step& s : raw.steps) {
            const Color cf = coloring.color(s.from), ct = coloring.color(s.to);
            if (cf == Color::Mixed || ct == Color::Mixed)
                return fail("EUF conflict: an AB-mixed term occurs in its congruence proof");
            if (!s.congruence) {
                const Side side = fact_side[s.tag];
                if (!fits(cf, side) || !fits(ct, side))
                    return fail(std::string("EUF conflict: a literal on side ") + side_name(side) +
                                " mentions a term local to the other side");
                colored.steps.push_back({s.from, s.to, side, false, {}});
                continue;
            }
            std::vector<Slice> args;
            args.reserve(s.args.size());
            for (uint32_t a : s.args) args.push_back(a == CongruenceProof::kNoPath ? Slice{} : out.whole(a));
            const bool split = (cf == Color::A && ct == Color::B) || (cf == Color::B && ct == Color::A);
            if (!split) {
                Side side;
                if (cf == Color::A || ct == Color::A) {
                    side = Side::A;
                } else if (cf == Color::B || ct == Color::B) {
                    side = Side::B;
                } else {
                    // Both shared: either side is sound; follow the argument proofs, so that fewer
                    // segment boundaries (and so fewer premises and clauses) arise.
                    size_t in_a = 0, in_b = 0;
                    for (const Slice& sl : args)
                        for (uint32_t k = sl.begin; k < sl.end; ++k)
                            (out.paths_[sl.path].steps[k].side == Side::A ? in_a : in_b)++;
                    side = in_b > in_a ? Side::B : Side::A;
                }
                colored.steps.push_back({s.from, s.to, side, true, std::move(args)});
                continue;
            }
            // A congruence between an A-local and a B-local application: go through f(c̄).
            middle_args.clear();
            std::vector<Slice> left, right;
            for (size_t i = 0; i < args.size(); ++i) {
                const Slice& sl = args[i];
                Term ai = tm.child(s.from, i), bi = tm.child(s.to, i);
                if (sl.empty()) {  // ai == bi, a shared term (it fits both applications)
                    middle_args.push_back(ai);
                    left.push_back({});
                    right.push_back({});
                    continue;
                }
                const Path& p = out.paths_[sl.path];
                uint32_t k;
                if (coloring.color(ai) == Color::Shared) {
                    k = sl.begin;
                } else if (coloring.color(bi) == Color::Shared) {
                    k = sl.end;
                } else {
                    k = sl.end;
                    for (uint32_t j = sl.begin + 1; j < sl.end; ++j)
                        if (p.steps[j - 1].side != p.steps[j].side) {
                            k = j;
                            break;
                        }
                    if (k == sl.end)
                        return fail(
                            "EUF interpolation: an argument proof between an A-local and a "
                            "B-local term has no shared term");
                }
                middle_args.push_back(p.term_at(k));
                left.push_back({sl.path, sl.begin, k});
                right.push_back({sl.path, k, sl.end});
            }
            Term middle = tm.mk_app(tm.func_of(s.from), middle_args);
            if (coloring.color(middle) != Color::Shared)
                return fail("EUF interpolation: the intermediate term of a split congruence is not shared");
            const Side sf = cf == Color::A ? Side::A : Side::B;
            const Side st = ct == Color::A ? Side::A : Side::B;
            colored.steps.push_back({s.from, middle, sf, true, std::move(left)});
            colored.steps.push_back({middle, s.to, st, true, std::move(right)});
        }
        out.paths_.push_back(std::move(colored));
    }
    return out;
}

}  // namespace craig::itp
