#include "verifier/witness/readable_invariants.hpp"

#include <chrono>
#include <unordered_set>

#include "verifier/certify/invariant_check.hpp"
#include "verifier/witness/readable_formula.hpp"

namespace craig::verifier {

namespace {

using smt::Term;

// The re-checks of projected invariants together get this long; a check still open then is
// inconclusive and its locations have no readable formula.
constexpr std::chrono::seconds kRecheckTime{10};

bool in_instance(const Program& p, VarId v, const std::string& instance) {
    return p.var_origin(v).is_global || p.vars[v].name.compare(0, instance.size() + 2, instance + "::") == 0;
}

std::string c_name_of(const VarProvenance& o) { return o.c_name + o.c_path; }

void constants_of(const smt::TermManager& tm, Term t, std::unordered_set<Term, smt::TermHash>& seen,
                  std::vector<Term>& out) {
    if (!seen.insert(t).second) return;
    if (tm.kind(t) == smt::Kind::Const) out.push_back(t);
    for (Term c : tm.children(t)) constants_of(tm, c, seen, out);
}

// "n (main)", "x (f#2)", "a temporary": a projected variable as the reader knows it.
std::string described(const Program& p, VarId v) {
    if (v == UINT32_MAX) return "a constant";
    const VarProvenance& o = p.var_origin(v);
    if (o.is_temp || o.c_name.empty()) return "a temporary";
    const std::string& name = p.vars[v].name;
    const std::size_t colons = name.find("::");
    return c_name_of(o) + (o.is_global || colons == std::string::npos ? "" : " (" + name.substr(0, colons) + ")");
}

mpz_class power_of_two(unsigned k) {
    mpz_class r;
    mpz_ui_pow_ui(r.get_mpz_t(), 2, k);
    return r;
}

}  // namespace

ReadableInvariants::ReadableInvariants(const frontend::TranslationUnit& tu, const Program& plain,
                                       const Program& blocks, const std::vector<Term>& invariants)
    : plain_(plain), scan_(tu), at_(invariants.size()) {
    smt::TermManager& tm = blocks.terms();
    std::map<LocId, LocId> block_of;  // plain location -> large-block location
    for (LocId b = 0; b < blocks.locs.size(); ++b) block_of[blocks.locs[b].plain] = b;
    // Which locations are checked again together: the instances of one C loop, else one each.
    std::map<LocId, std::size_t> group;
    std::map<SourceKey, std::size_t> loop_group;
    for (const LoopStatement& l : plain.provenance.loops) {
        auto b = block_of.find(l.head);
        auto info = scan_.loops.find(source_key(l.loc));
        if (b == block_of.end() || b->second >= at_.size() || info == scan_.loops.end()) continue;
        at_[b->second].loop = &info->second;
        group[b->second] = loop_group.emplace(source_key(l.loc), loop_group.size()).first->second;
    }
    for (LocId b = 0; b < at_.size(); ++b) {
        at_[b].instance = blocks.loc_origin(b).function;
        if (!group.count(b)) group[b] = loop_group.size() + b;
        if (uses_.count(at_[b].instance)) continue;
        auto& uses = uses_[at_[b].instance];
        for (VarId v = 0; v < plain.vars.size(); ++v) {
            const VarProvenance& o = plain.var_origin(v);
            if (!o.c_name.empty() && !o.is_temp && in_instance(plain, v, at_[b].instance)) ++uses[c_name_of(o)];
        }
    }

    // Project out what has no name; collect the groups that need a new check.
    std::vector<Term> replaced(invariants);
    std::map<std::size_t, std::vector<LocId>> to_check;
    for (LocId b = 0; b < at_.size(); ++b) {
        std::vector<Term> consts, hidden;
        std::unordered_set<Term, smt::TermHash> seen;
        constants_of(tm, invariants[b], seen, consts);
        for (Term c : consts) {
            const VarId v = plain.var_of(c);
            if (v == UINT32_MAX || plain.vars[v].cur != c || !name(b, v)) {
                hidden.push_back(c);
                at_[b].projected.push_back(described(plain, v));
            }
        }
        replaced[b] = project_out(tm, invariants[b], hidden);
        if (!hidden.empty()) to_check[group[b]].push_back(b);
    }
    smt::SolverOptions so;
    so.deadline = std::chrono::steady_clock::now() + kRecheckTime;
    for (LocId b = 0; b < at_.size(); ++b) at_[b].formula = replaced[b];
    for (const auto& [g, locs] : to_check) {
        std::vector<Term> map(invariants);
        for (LocId b : locs) map[b] = replaced[b];
        const InvariantCheck c = check_invariants(blocks, map, so);
        if (c.outcome == InvariantOutcome::Valid) {
            for (LocId b : locs) at_[b].inductive = true;
            continue;
        }
        // Not inductive with the others: it still holds where the proved invariant does, as
        // the proved map is inductive; that implication is checked instead.
        for (LocId b : locs) {
            InvariantCheck implied;
            if (discharge(implied, tm, tm.mk_and(invariants[b], tm.mk_not(replaced[b])), "the implication", so, 100))
                continue;
            at_[b].formula = Term{};
            at_[b].why = "the invariant without the variables not visible there is not inductive (" + c.why +
                         ") nor checked implied (" + implied.why + ")";
        }
    }

    const AtomRange range = c_type_range(plain);
    for (At& a : at_)
        if (a.formula.valid()) a.formula = simplify_for_reading(tm, a.formula, range);
}

AtomRange c_type_range(const Program& p) {
    const smt::TermManager& tm = p.terms();
    const bool words = !p.vars.empty() && tm.is_bv(p.vars.front().cur);
    return [&p, &tm, words](Term t) -> std::optional<std::pair<mpz_class, mpz_class>> {
        const VarId v = tm.kind(t) == smt::Kind::Const ? p.var_of(t) : UINT32_MAX;
        if (words || v == UINT32_MAX) return std::nullopt;
        const frontend::Type& type = p.var_origin(v).type;
        if (!type.is_integer()) return std::nullopt;
        if (type.kind == frontend::TypeKind::Bool) return std::pair<mpz_class, mpz_class>{0, 1};
        const unsigned w = frontend::bit_width(type.kind, p.provenance.data_model);
        if (frontend::is_signed(type.kind)) return std::pair{mpz_class(-power_of_two(w - 1)), power_of_two(w - 1) - 1};
        return std::pair{mpz_class(0), mpz_class(power_of_two(w) - 1)};
    };
}

const std::string& ReadableInvariants::why(LocId b) const {
    static const std::string kNone = "the engine gives no invariant there";
    return b < at_.size() ? at_[b].why : kNone;
}

const std::vector<std::string>& ReadableInvariants::projected(LocId b) const {
    static const std::vector<std::string> kNone;
    return b < at_.size() ? at_[b].projected : kNone;
}

std::optional<std::string> ReadableInvariants::name(LocId b, VarId v) const {
    const At& a = at_[b];
    if (a.loop) return c_name_in_scope(plain_, v, *a.loop, a.instance);
    const VarProvenance& o = plain_.var_origin(v);
    if (o.c_name.empty() || o.is_temp || !in_instance(plain_, v, a.instance)) return std::nullopt;
    auto uses = uses_.find(a.instance);
    if (uses == uses_.end() || uses->second.at(c_name_of(o)) != 1) return std::nullopt;
    return c_name_of(o);
}

std::optional<std::string> ReadableInvariants::c_text(LocId b, std::string* why) const {
    if (b >= at_.size() || !at_[b].formula.valid()) {
        if (why) *why = this->why(b);
        return std::nullopt;
    }
    return exact_c_expression(
        plain_, at_[b].formula, [&](VarId v) { return name(b, v); }, why);
}

}  // namespace craig::verifier
