#include <algorithm>
#include <stdexcept>

#include "smt/terms/term.hpp"

namespace craig::smt {

namespace {

size_t mix(size_t h, size_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
}

size_t hash_mpz(mpz_srcptr z) {
    size_t h = static_cast<size_t>(mpz_sgn(z) + 1);
    size_t n = mpz_size(z);
    h = mix(h, n);
    if (n > 0) h = mix(h, mpz_getlimbn(z, 0));
    if (n > 1) h = mix(h, mpz_getlimbn(z, n - 1));
    return h;
}

size_t hash_mpq(const mpq_class& q) { return mix(hash_mpz(q.get_num_mpz_t()), hash_mpz(q.get_den_mpz_t())); }

}  // namespace

std::string_view kind_name(Kind k) {
    switch (k) {
        case Kind::True: return "true";
        case Kind::False: return "false";
        case Kind::Not: return "not";
        case Kind::And: return "and";
        case Kind::Or: return "or";
        case Kind::Xor: return "xor";
        case Kind::Implies: return "=>";
        case Kind::Ite: return "ite";
        case Kind::Eq: return "=";
        case Kind::Distinct: return "distinct";
        case Kind::Const: return "const";
        case Kind::App: return "app";
        case Kind::Numeral: return "numeral";
        case Kind::Linear: return "+";
        case Kind::Leq: return "<=";
        case Kind::Lt: return "<";
        case Kind::Mul: return "*";
        case Kind::RealDiv: return "/";
        case Kind::IntDiv: return "div";
        case Kind::Mod: return "mod";
        case Kind::Abs: return "abs";
        case Kind::ToInt: return "to_int";
        case Kind::IsInt: return "is_int";
        case Kind::BvConst: return "bv";
        case Kind::BvConcat: return "concat";
        case Kind::BvExtract: return "extract";
        case Kind::BvSignExt: return "sign_extend";
        case Kind::BvNot: return "bvnot";
        case Kind::BvAnd: return "bvand";
        case Kind::BvOr: return "bvor";
        case Kind::BvXor: return "bvxor";
        case Kind::BvNeg: return "bvneg";
        case Kind::BvAdd: return "bvadd";
        case Kind::BvMul: return "bvmul";
        case Kind::BvUdiv: return "bvudiv";
        case Kind::BvUrem: return "bvurem";
        case Kind::BvSdiv: return "bvsdiv";
        case Kind::BvSrem: return "bvsrem";
        case Kind::BvSmod: return "bvsmod";
        case Kind::BvShl: return "bvshl";
        case Kind::BvLshr: return "bvlshr";
        case Kind::BvAshr: return "bvashr";
        case Kind::BvUlt: return "bvult";
        case Kind::BvUle: return "bvule";
        case Kind::BvSlt: return "bvslt";
        case Kind::BvSle: return "bvsle";
    }
    return "?";
}

TermManager::TermManager() {
    table_.assign(1024, 0);
    true_ = intern(Kind::True, SortTable::Bool, 0, {}, {});
    false_ = intern(Kind::False, SortTable::Bool, 0, {}, {});
}

// ---------------------------------------------------------------- symbols

FuncId TermManager::declare_fun(const std::string& name, std::vector<Sort> domain, Sort range) {
    funcs_.push_back({name, std::move(domain), range, false});
    return static_cast<FuncId>(funcs_.size() - 1);
}

FuncId TermManager::fresh_fun(const std::string& prefix, std::vector<Sort> domain, Sort range) {
    // SMT-LIB reserves symbols starting with '.' for solvers, so these never clash with user names.
    uint32_t n = fresh_counters_[prefix]++;
    funcs_.push_back({"." + prefix + "!" + std::to_string(n), std::move(domain), range, true});
    return static_cast<FuncId>(funcs_.size() - 1);
}

// ---------------------------------------------------------------- hash-consing

size_t TermManager::hash_node(Kind k, uint32_t sort, uint32_t symbol, std::span<const Term> kids,
                              std::span<const mpq_class> rats) const {
    size_t h = mix(static_cast<size_t>(k), sort);
    h = mix(h, symbol);
    for (Term c : kids) h = mix(h, c.id);
    for (const mpq_class& q : rats) h = mix(h, hash_mpq(q));
    // The table is indexed by the low bits under linear probing: mix() alone leaves them
    // clustered for terms that differ only in consecutive child ids (long probe runs made
    // interning most of the lowering's time). A 64-bit finaliser (MurmurHash3's) spreads them.
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

bool TermManager::node_equals(uint32_t id, Kind k, uint32_t sort, uint32_t symbol, std::span<const Term> kids,
                              std::span<const mpq_class> rats) const {
    const Node& n = nodes_[id];
    if (n.kind != k || n.sort != sort || n.count != kids.size()) return false;
    if (!has_rationals(k) && n.payload != symbol) return false;
    for (size_t i = 0; i < kids.size(); ++i)
        if (n.kids[i] != kids[i]) return false;
    if (has_rationals(k)) {
        for (size_t i = 0; i < rats.size(); ++i)
            if (n.rats[i] != rats[i]) return false;
    }
    return true;
}

void TermManager::grow_table() {
    std::vector<uint32_t> old = std::move(table_);
    table_.assign(old.size() * 2, 0);
    size_t mask = table_.size() - 1;
    for (uint32_t slot : old) {
        if (!slot) continue;
        const Node& n = nodes_[slot - 1];
        std::span<const Term> kids{n.kids, n.count};
        std::span<const mpq_class> rats;
        if (has_rationals(n.kind)) rats = {n.rats, n.kind == Kind::Linear ? n.count + 1 : size_t{1}};
        size_t h = hash_node(n.kind, n.sort, has_rationals(n.kind) ? 0 : n.payload, kids, rats) & mask;
        while (table_[h]) h = (h + 1) & mask;
        table_[h] = slot;
    }
}

Term TermManager::intern(Kind k, Sort s, uint32_t symbol, std::span<const Term> kids, std::span<const mpq_class> rats) {
    if ((table_used_ + 1) * 2 > table_.size()) grow_table();
    size_t mask = table_.size() - 1;
    size_t h = hash_node(k, s.id, has_rationals(k) ? 0 : symbol, kids, rats) & mask;
    while (uint32_t slot = table_[h]) {
        if (node_equals(slot - 1, k, s.id, symbol, kids, rats)) return Term{slot - 1};
        h = (h + 1) & mask;
    }
    if (nodes_.size() >= UINT32_MAX - 1) throw std::length_error("term table full");
    // `kids` and `rats` may point into the stores themselves: they never move, so copying
    // from them while appending is safe.
    Node n{k, s.id, has_rationals(k) ? 0 : symbol, static_cast<uint32_t>(kids.size()), nullptr, nullptr};
    if (has_rationals(k)) n.rats = rationals_.append(rats);
    n.kids = children_.append(kids);
    nodes_.push_back(n);
    uint32_t id = static_cast<uint32_t>(nodes_.size() - 1);
    table_[h] = id + 1;
    ++table_used_;
    return Term{id};
}

// ---------------------------------------------------------------- Boolean and UF

Term TermManager::mk_const(FuncId f) { return intern(Kind::Const, funcs_[f].range, f, {}, {}); }

Term TermManager::mk_app(FuncId f, std::span<const Term> args) {
    if (args.empty()) return mk_const(f);
    return intern(Kind::App, funcs_[f].range, f, args, {});
}

Term TermManager::mk_not(Term a) {
    switch (kind(a)) {
        case Kind::True: return false_;
        case Kind::False: return true_;
        case Kind::Not: return child(a, 0);
        default: return intern(Kind::Not, SortTable::Bool, 0, std::span<const Term>(&a, 1), {});
    }
}

Term TermManager::mk_nary_bool(Kind k, std::span<const Term> args) {
    // k is And or Or: flatten, drop the neutral element, stop at the absorbing one,
    // drop duplicates and detect complementary pairs.
    const Term neutral = k == Kind::And ? true_ : false_;
    const Term absorbing = k == Kind::And ? false_ : true_;
    std::vector<Term> flat;
    flat.reserve(args.size());
    std::vector<Term> stack(args.rbegin(), args.rend());
    while (!stack.empty()) {
        Term t = stack.back();
        stack.pop_back();
        if (t == neutral) continue;
        if (t == absorbing) return absorbing;
        if (kind(t) == k) {
            auto kids = children(t);
            for (size_t i = kids.size(); i-- > 0;) stack.push_back(kids[i]);
            continue;
        }
        flat.push_back(t);
    }
    std::vector<Term> sorted = flat;
    std::sort(sorted.begin(), sorted.end());
    for (size_t i = 0; i < sorted.size(); ++i) {
        if (kind(sorted[i]) == Kind::Not && std::binary_search(sorted.begin(), sorted.end(), child(sorted[i], 0)))
            return absorbing;
    }
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
        // Keep the first occurrence of each child, in the input order.
        std::vector<Term> uniq;
        std::vector<Term> seen;
        for (Term t : flat) {
            auto it = std::lower_bound(seen.begin(), seen.end(), t);
            if (it != seen.end() && *it == t) continue;
            seen.insert(it, t);
            uniq.push_back(t);
        }
        flat.swap(uniq);
    }
    if (flat.empty()) return neutral;
    if (flat.size() == 1) return flat[0];
    return intern(k, SortTable::Bool, 0, flat, {});
}

Term TermManager::mk_and(std::span<const Term> args) { return mk_nary_bool(Kind::And, args); }
Term TermManager::mk_or(std::span<const Term> args) { return mk_nary_bool(Kind::Or, args); }

Term TermManager::mk_xor(Term a, Term b) {
    if (a == b) return false_;
    if (a == false_) return b;
    if (b == false_) return a;
    if (a == true_) return mk_not(b);
    if (b == true_) return mk_not(a);
    if (a.id > b.id) std::swap(a, b);
    Term kids[2] = {a, b};
    return intern(Kind::Xor, SortTable::Bool, 0, kids, {});
}

Term TermManager::mk_implies(Term a, Term b) {
    if (a == true_) return b;
    if (a == false_ || b == true_ || a == b) return true_;
    if (b == false_) return mk_not(a);
    Term kids[2] = {a, b};
    return intern(Kind::Implies, SortTable::Bool, 0, kids, {});
}

Term TermManager::mk_ite(Term c, Term a, Term b) {
    if (c == true_) return a;
    if (c == false_) return b;
    if (a == b) return a;
    if (kind(c) == Kind::Not) {
        c = child(c, 0);
        std::swap(a, b);
    }
    if (sort(a) == SortTable::Bool) {
        if (a == true_ && b == false_) return c;
        if (a == false_ && b == true_) return mk_not(c);
        if (a == true_) return mk_or(c, b);
        if (b == false_) return mk_and(c, a);
        if (a == false_) return mk_and(mk_not(c), b);
        if (b == true_) return mk_or(mk_not(c), a);
    }
    Sort s = sort(a);
    if (s != sort(b)) s = SortTable::Real;  // Int/Real mix: the result is Real
    Term kids[3] = {c, a, b};
    return intern(Kind::Ite, s, 0, kids, {});
}

Term TermManager::mk_eq(Term a, Term b) {
    if (a == b) return true_;
    if (is_arith(a) && is_arith(b)) return mk_arith_eq(a, b);
    if (kind(a) == Kind::BvConst && kind(b) == Kind::BvConst) return false_;  // distinct ids: distinct values
    if (sort(a) == SortTable::Bool) {
        if (a == true_) return b;
        if (b == true_) return a;
        if (a == false_) return mk_not(b);
        if (b == false_) return mk_not(a);
        if (kind(a) == Kind::Not && child(a, 0) == b) return false_;
        if (kind(b) == Kind::Not && child(b, 0) == a) return false_;
    }
    if (a.id > b.id) std::swap(a, b);
    Term kids[2] = {a, b};
    return intern(Kind::Eq, SortTable::Bool, 0, kids, {});
}

Term TermManager::mk_distinct(std::span<const Term> args) {
    if (args.size() < 2) return true_;
    if (args.size() == 2) return mk_not(mk_eq(args[0], args[1]));
    std::vector<Term> sorted(args.begin(), args.end());
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return false_;
    if (sort(args[0]) == SortTable::Bool) return false_;  // three Booleans cannot be distinct
    return intern(Kind::Distinct, SortTable::Bool, 0, sorted, {});
}

// ---------------------------------------------------------------- substitution

Term TermManager::rebuild(Term t, std::span<const Term> k) {
    switch (kind(t)) {
        case Kind::True:
        case Kind::False:
        case Kind::Const:
        case Kind::Numeral:
        case Kind::BvConst: return t;
        case Kind::Not: return mk_not(k[0]);
        case Kind::And: return mk_and(k);
        case Kind::Or: return mk_or(k);
        case Kind::Xor: return mk_xor(k[0], k[1]);
        case Kind::Implies: return mk_implies(k[0], k[1]);
        case Kind::Ite: return mk_ite(k[0], k[1], k[2]);
        case Kind::Eq: return mk_eq(k[0], k[1]);
        case Kind::Distinct: return mk_distinct(k);
        case Kind::App: return mk_app(func_of(t), k);
        case Kind::Linear: {
            // A child may have become a numeral or a polynomial: expand before normalising.
            std::vector<Monomial> ms, sub;
            mpq_class k0 = constant(t);
            for (size_t i = 0; i < k.size(); ++i) {
                sub.clear();
                mpq_class kc = 0;
                as_polynomial(k[i], sub, kc);
                for (Monomial& m : sub) ms.push_back({m.coeff * coeff(t, i), m.atom});
                k0 += kc * coeff(t, i);
            }
            return mk_linear(std::move(ms), k0, sort(t));
        }
        case Kind::Leq: return mk_leq(k[0], k[1]);
        case Kind::Lt: return mk_lt(k[0], k[1]);
        case Kind::Mul: return mk_mul(k);
        case Kind::RealDiv: return mk_real_div(k[0], k[1]);
        case Kind::IntDiv: return mk_int_div(k[0], k[1]);
        case Kind::Mod: return mk_mod(k[0], k[1]);
        case Kind::Abs: return mk_abs(k[0]);
        case Kind::ToInt: return mk_to_int(k[0]);
        case Kind::IsInt: return mk_is_int(k[0]);
        case Kind::BvExtract: return mk_bv_extract(bv_index(t) + bv_width(t) - 1, bv_index(t), k[0]);
        case Kind::BvSignExt: return mk_bv_sign_extend(bv_width(t) - bv_width(k[0]), k[0]);
        case Kind::BvNot:
        case Kind::BvNeg: return mk_bv(kind(t), k[0]);
        default: return mk_bv(kind(t), k[0], k[1]);  // the binary bit-vector kinds
    }
}

Term TermManager::substitute(Term root, const std::unordered_map<Term, Term, TermHash>& subst) {
    if (subst.empty()) return root;
    std::unordered_map<Term, Term, TermHash> done;
    std::vector<std::pair<Term, bool>> stack{{root, false}};
    std::vector<Term> kids;
    while (!stack.empty()) {
        auto [t, expanded] = stack.back();
        stack.pop_back();
        if (done.count(t)) continue;
        if (auto it = subst.find(t); it != subst.end()) {
            done.emplace(t, it->second);
            continue;
        }
        if (!expanded) {
            stack.push_back({t, true});
            for (Term c : children(t))
                if (!done.count(c)) stack.push_back({c, false});
            continue;
        }
        kids.clear();
        bool changed = false;
        for (Term c : children(t)) {
            Term r = done.at(c);
            changed |= r != c;
            kids.push_back(r);
        }
        done.emplace(t, changed ? rebuild(t, kids) : t);
    }
    return done.at(root);
}

}  // namespace craig::smt
