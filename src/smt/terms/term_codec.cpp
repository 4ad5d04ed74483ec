#include "smt/terms/term_codec.hpp"

#include <sstream>
#include <unordered_map>

namespace craig::smt {

// Format: "N <nodes>" then per node "kind sort payload... count child-indices...", then
// "R <roots>" and the root indices. Payload: Const/App "f <id> <name-length> <name>",
// Numeral "q <rational>", Linear "l <c1> .. <cn> <c0>", BvConst "v <value> <width>", BvExtract
// "x <lo> <width>", BvSignExt "w <width>", other kinds nothing. Bit-vector sorts are rebuilt
// from their widths (a sort id of the encoding side may not exist on the decoding side).
std::string encode_terms(const TermManager& tm, std::span<const Term> roots) {
    std::unordered_map<Term, std::size_t, TermHash> index;
    std::vector<Term> order;
    std::vector<std::pair<Term, bool>> stack;
    for (Term r : roots) stack.push_back({r, false});
    while (!stack.empty()) {
        auto [t, expanded] = stack.back();
        stack.pop_back();
        if (index.count(t)) continue;
        if (!expanded) {
            stack.push_back({t, true});
            for (Term c : tm.children(t))
                if (!index.count(c)) stack.push_back({c, false});
            continue;
        }
        index.emplace(t, order.size());
        order.push_back(t);
    }
    std::ostringstream out;
    out << "N " << order.size() << "\n";
    for (Term t : order) {
        const Kind k = tm.kind(t);
        out << static_cast<int>(k) << " " << tm.sort(t).id;
        if (k == Kind::Const || k == Kind::App) {
            const std::string& name = tm.func(tm.func_of(t)).name;
            out << " f " << tm.func_of(t) << " " << name.size() << " " << name;
        } else if (k == Kind::Numeral) {
            out << " q " << tm.numeral(t).get_str();
        } else if (k == Kind::Linear) {
            out << " l";
            for (std::size_t i = 0; i < tm.num_children(t); ++i) out << " " << tm.coeff(t, i).get_str();
            out << " " << tm.constant(t).get_str();
        } else if (k == Kind::BvConst) {
            out << " v " << tm.bv_value(t).get_str() << " " << tm.bv_width(t);
        } else if (k == Kind::BvExtract) {
            out << " x " << tm.bv_index(t) << " " << tm.bv_width(t);
        } else if (k == Kind::BvSignExt) {
            out << " w " << tm.bv_width(t);
        }
        out << " c " << tm.num_children(t);
        for (Term c : tm.children(t)) out << " " << index.at(c);
        out << "\n";
    }
    out << "R " << roots.size();
    for (Term r : roots) out << " " << index.at(r);
    out << "\n";
    return out.str();
}

namespace {

// One node from its kind, sort, symbol or rationals and its rebuilt children.
std::optional<Term> build(TermManager& tm, Kind k, Sort sort, FuncId f, std::vector<mpq_class>& rats,
                          std::span<const Term> kids) {
    auto need = [&](std::size_t n) { return kids.size() == n; };
    auto is_bv = [&](std::size_t n) {
        if (!need(n)) return false;
        for (Term c : kids)
            if (!tm.is_bv(c)) return false;
        return true;
    };
    // BvConst: value, width; BvExtract: lo, width; BvSignExt: width (from the payload).
    auto small = [&](std::size_t i) { return i < rats.size() && rats[i] >= 0 && rats[i] <= (1u << 24); };
    switch (k) {
        case Kind::BvConst:
            if (rats.size() != 2 || !small(1) || rats[1] < 1) return std::nullopt;
            return tm.mk_bv_const(rats[0].get_num(), static_cast<uint32_t>(rats[1].get_num().get_ui()));
        case Kind::BvExtract: {
            if (rats.size() != 2 || !small(0) || !small(1) || !is_bv(1)) return std::nullopt;
            const uint32_t lo = rats[0].get_num().get_ui(), w = rats[1].get_num().get_ui();
            if (w < 1 || lo + w > tm.bv_width(kids[0])) return std::nullopt;
            return tm.mk_bv_extract(lo + w - 1, lo, kids[0]);
        }
        case Kind::BvSignExt: {
            if (rats.size() != 1 || !small(0) || !is_bv(1)) return std::nullopt;
            const uint32_t w = rats[0].get_num().get_ui();
            if (w <= tm.bv_width(kids[0])) return std::nullopt;
            return tm.mk_bv_sign_extend(w - tm.bv_width(kids[0]), kids[0]);
        }
        case Kind::BvNot:
        case Kind::BvNeg: return is_bv(1) ? std::optional(tm.mk_bv(k, kids[0])) : std::nullopt;
        case Kind::BvConcat:
        case Kind::BvAnd:
        case Kind::BvOr:
        case Kind::BvXor:
        case Kind::BvAdd:
        case Kind::BvMul:
        case Kind::BvUdiv:
        case Kind::BvUrem:
        case Kind::BvSdiv:
        case Kind::BvSrem:
        case Kind::BvSmod:
        case Kind::BvShl:
        case Kind::BvLshr:
        case Kind::BvAshr:
        case Kind::BvUlt:
        case Kind::BvUle:
        case Kind::BvSlt:
        case Kind::BvSle:
            if (!is_bv(2) || (k != Kind::BvConcat && tm.bv_width(kids[0]) != tm.bv_width(kids[1]))) return std::nullopt;
            return tm.mk_bv(k, kids[0], kids[1]);
        case Kind::True: return tm.mk_true();
        case Kind::False: return tm.mk_false();
        case Kind::Not: return need(1) ? std::optional(tm.mk_not(kids[0])) : std::nullopt;
        case Kind::And: return tm.mk_and(kids);
        case Kind::Or: return tm.mk_or(kids);
        case Kind::Xor: return need(2) ? std::optional(tm.mk_xor(kids[0], kids[1])) : std::nullopt;
        case Kind::Implies: return need(2) ? std::optional(tm.mk_implies(kids[0], kids[1])) : std::nullopt;
        case Kind::Ite: return need(3) ? std::optional(tm.mk_ite(kids[0], kids[1], kids[2])) : std::nullopt;
        case Kind::Eq: return need(2) ? std::optional(tm.mk_eq(kids[0], kids[1])) : std::nullopt;
        case Kind::Distinct: return tm.mk_distinct(kids);
        case Kind::Const: return tm.mk_const(f);
        case Kind::App: return tm.mk_app(f, kids);
        case Kind::Numeral: return rats.size() == 1 ? std::optional(tm.mk_numeral(rats[0], sort)) : std::nullopt;
        case Kind::Linear: {
            if (rats.size() != kids.size() + 1) return std::nullopt;
            std::vector<Monomial> ms;
            for (std::size_t i = 0; i < kids.size(); ++i) ms.push_back(Monomial{rats[i], kids[i]});
            return tm.mk_linear(std::move(ms), rats.back(), sort);
        }
        case Kind::Leq: return need(2) ? std::optional(tm.mk_leq(kids[0], kids[1])) : std::nullopt;
        case Kind::Lt: return need(2) ? std::optional(tm.mk_lt(kids[0], kids[1])) : std::nullopt;
        case Kind::Mul: return tm.mk_mul(kids);
        case Kind::RealDiv: return need(2) ? std::optional(tm.mk_real_div(kids[0], kids[1])) : std::nullopt;
        case Kind::IntDiv: return need(2) ? std::optional(tm.mk_int_div(kids[0], kids[1])) : std::nullopt;
        case Kind::Mod: return need(2) ? std::optional(tm.mk_mod(kids[0], kids[1])) : std::nullopt;
        case Kind::Abs: return need(1) ? std::optional(tm.mk_abs(kids[0])) : std::nullopt;
        case Kind::ToInt: return need(1) ? std::optional(tm.mk_to_int(kids[0])) : std::nullopt;
        case Kind::IsInt: return need(1) ? std::optional(tm.mk_is_int(kids[0])) : std::nullopt;
        default: return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::vector<Term>> decode_terms(TermManager& tm, const std::string& text) {
    std::istringstream in(text);
    std::string tag;
    std::size_t n = 0;
    if (!(in >> tag >> n) || tag != "N") return std::nullopt;
    std::vector<Term> built;
    built.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        int kind = 0;
        std::uint32_t sort_id = 0;
        if (!(in >> kind >> sort_id) || kind < 0 || kind > static_cast<int>(Kind::BvSle)) return std::nullopt;
        const Kind k = static_cast<Kind>(kind);
        FuncId f = 0;
        std::vector<mpq_class> rats;
        if (!(in >> tag)) return std::nullopt;
        if (tag == "f") {
            std::size_t len = 0;
            if (!(in >> f >> len) || f >= tm.num_funcs()) return std::nullopt;
            in.get();  // the space before the name
            std::string name(len, '\0');
            if (!in.read(name.data(), static_cast<std::streamsize>(len)) || tm.func(f).name != name)
                return std::nullopt;
            if (!(in >> tag)) return std::nullopt;
        } else if (tag == "q" || tag == "l" || tag == "v" || tag == "x" || tag == "w") {
            for (std::string word; in >> word && word != "c";) rats.emplace_back(word);
            tag = "c";
        }
        std::size_t count = 0;
        if (tag != "c" || !(in >> count)) return std::nullopt;
        std::vector<Term> kids(count);
        for (Term& c : kids) {
            std::size_t j = 0;
            if (!(in >> j) || j >= built.size()) return std::nullopt;
            c = built[j];
        }
        for (mpq_class& q : rats) q.canonicalize();
        const std::optional<Term> t = build(tm, k, Sort{sort_id}, f, rats, kids);
        if (!t) return std::nullopt;
        built.push_back(*t);
    }
    std::size_t r = 0;
    if (!(in >> tag >> r) || tag != "R") return std::nullopt;
    std::vector<Term> roots(r);
    for (Term& t : roots) {
        std::size_t j = 0;
        if (!(in >> j) || j >= built.size()) return std::nullopt;
        t = built[j];
    }
    return roots;
}

}  // namespace craig::smt
