#include "verifier/accelerate/iteration.hpp"

#include <unordered_map>
#include <unordered_set>

namespace craig::verifier {

namespace {

using smt::Kind;
using smt::Term;
using TermSet = std::unordered_set<Term, smt::TermHash>;
using TermMap = std::unordered_map<Term, Term, smt::TermHash>;

void flatten(const smt::TermManager& tm, Term t, std::vector<Term>& out) {
    if (tm.kind(t) == Kind::And) {
        for (Term c : tm.children(t)) flatten(tm, c, out);
        return;
    }
    if (tm.kind(t) != Kind::True) out.push_back(t);
}

// The constants (0-ary symbols) of t.
void constants_of(const smt::TermManager& tm, Term t, TermSet& out, TermSet& seen) {
    if (!seen.insert(t).second) return;
    if (tm.kind(t) == Kind::Const) {
        out.insert(t);
        return;
    }
    for (Term c : tm.children(t)) constants_of(tm, c, out, seen);
}

TermSet constants_of(const smt::TermManager& tm, Term t) {
    TermSet out, seen;
    constants_of(tm, t, out, seen);
    return out;
}

// Whether t is built from numerals, constants and linear combinations only.
bool is_linear_term(const smt::TermManager& tm, Term t) {
    switch (tm.kind(t)) {
        case Kind::Numeral:
        case Kind::Const: return tm.is_arith(t);
        case Kind::Linear:
            for (Term c : tm.children(t))
                if (!is_linear_term(tm, c)) return false;
            return true;
        default: return false;
    }
}

// A convex linear atom: (in)equality between linear terms, or a negated inequality.
bool is_convex_atom(const smt::TermManager& tm, Term a) {
    Term t = a;
    if (tm.kind(t) == Kind::Not) {
        t = tm.child(t, 0);
        if (tm.kind(t) != Kind::Leq && tm.kind(t) != Kind::Lt) return false;
    }
    if (tm.kind(t) != Kind::Leq && tm.kind(t) != Kind::Lt && tm.kind(t) != Kind::Eq) return false;
    for (Term c : tm.children(t))
        if (!is_linear_term(tm, c)) return false;
    return true;
}

// An equation sum c_i t_i + k = 0 with an eliminable constant of unit coefficient, solved for it.
std::optional<std::pair<Term, Term>> solvable(smt::TermManager& tm, Term atom, const TermSet& eliminable) {
    if (tm.kind(atom) != Kind::Eq || !tm.is_arith(tm.child(atom, 0))) return std::nullopt;
    const Term diff = tm.mk_sub(tm.child(atom, 0), tm.child(atom, 1));
    if (!is_linear_term(tm, diff)) return std::nullopt;
    std::vector<smt::Monomial> mono;
    mpq_class k;
    tm.as_polynomial(diff, mono, k);
    for (std::size_t i = 0; i < mono.size(); ++i) {
        const Term t = mono[i].atom;
        if (!eliminable.count(t) || tm.kind(t) != Kind::Const) continue;
        const mpq_class c = mono[i].coeff;
        if (tm.sort(t) == smt::SortTable::Int && abs(c) != 1) continue;
        // t = -(k + sum_{j != i} c_j t_j) / c
        std::vector<smt::Monomial> rest;
        for (std::size_t j = 0; j < mono.size(); ++j)
            if (j != i) rest.push_back({-mono[j].coeff / c, mono[j].atom});
        return std::pair{t, tm.mk_linear(std::move(rest), -k / c, tm.sort(t))};
    }
    return std::nullopt;
}

// The linear form of rel's updates (IterationRelation::linear): A and b, the index p at which A's
// powers settle, and the constant step A^p·b; false with `why` where there is none.
bool linear_form(const Program& plain, IterationRelation& rel, std::string& why) {
    smt::TermManager& tm = plain.terms();
    const std::size_t m = rel.updates.size();
    std::unordered_map<Term, std::size_t, smt::TermHash> pos;  // cur constant of a written variable
    for (std::size_t i = 0; i < m; ++i) pos[plain.vars[rel.updates[i].var].cur] = i;
    using Matrix = std::vector<std::vector<mpz_class>>;
    Matrix a(m, std::vector<mpz_class>(m, 0));
    rel.offset.assign(m, Term{});
    for (std::size_t i = 0; i < m; ++i) {
        const IterationUpdate& u = rel.updates[i];
        if (!u.reset) {
            a[i][i] = 1;
            rel.offset[i] = tm.mk_numeral(mpq_class(u.step), smt::SortTable::Int);
            continue;
        }
        std::vector<smt::Monomial> mono, rest;
        mpq_class k;
        tm.as_polynomial(u.value, mono, k);
        for (const smt::Monomial& mo : mono) {
            const auto p = pos.find(mo.atom);
            if (p == pos.end()) {
                rest.push_back(mo);
                continue;
            }
            if (mo.coeff.get_den() != 1) {
                why = "the update of " + plain.vars[u.var].name + " has a fractional coefficient";
                return false;
            }
            a[i][p->second] = mo.coeff.get_num();
        }
        if (k.get_den() != 1) {
            why = "the update of " + plain.vars[u.var].name + " has a fractional constant";
            return false;
        }
        rel.offset[i] = tm.mk_linear(std::move(rest), k, smt::SortTable::Int);
    }
    auto times = [&](const Matrix& x, const Matrix& y) {
        Matrix z(m, std::vector<mpz_class>(m, 0));
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t k = 0; k < m; ++k)
                if (x[i][k] != 0)
                    for (std::size_t j = 0; j < m; ++j) z[i][j] += x[i][k] * y[k][j];
        return z;
    };
    Matrix power(m, std::vector<mpz_class>(m, 0));  // A^p
    for (std::size_t i = 0; i < m; ++i) power[i][i] = 1;
    std::size_t p = 0;
    for (;; ++p) {
        const Matrix next = times(a, power);
        if (next == power) break;
        if (p == kMaxLinearIndex) {
            why = "the updates are linear in changing values, but their powers do not settle within " +
                  std::to_string(kMaxLinearIndex) + " iterations";
            return false;
        }
        power = next;
    }
    // step = A^p·b must be a vector of integers.
    rel.step.assign(m, 0);
    for (std::size_t i = 0; i < m; ++i) {
        std::vector<Term> parts;
        for (std::size_t j = 0; j < m; ++j)
            if (power[i][j] != 0) parts.push_back(tm.mk_scale(mpq_class(power[i][j]), rel.offset[j]));
        const Term s = parts.empty() ? tm.mk_numeral(0, smt::SortTable::Int) : tm.mk_add(parts);
        if (tm.kind(s) != Kind::Numeral) {
            why = "the updates are linear in changing values, but the step they settle at is not a constant";
            return false;
        }
        rel.step[i] = tm.numeral(s).get_num();
    }
    rel.matrix = std::move(a);
    rel.index = p;
    return true;
}

}  // namespace

std::optional<IterationRelation> iteration_relation(const Program& plain, std::span<const EdgeId> body,
                                                    std::span<const VarId> writes, const smt::SolverOptions& so,
                                                    std::string& why, bool under) {
    smt::TermManager& tm = plain.terms();
    for (const ProgramVar& v : plain.vars)
        if (tm.sort(v.cur) != smt::SortTable::Int) {
            why = "a variable is not an integer";
            return std::nullopt;
        }
    // Compose the path: fresh versions of the written variables after each edge.
    std::vector<Term> state;
    for (const ProgramVar& v : plain.vars) state.push_back(v.cur);
    std::vector<Term> atoms, inputs;
    TermSet eliminable, input_set;
    for (const EdgeId e : body) {
        const Edge& edge = plain.edges[e];
        std::vector<Term> post = state;
        for (const VarId v : edge.writes) {
            post[v] = tm.mk_const(tm.fresh_fun("acc." + plain.vars[v].name, {}, smt::SortTable::Int));
            eliminable.insert(post[v]);
        }
        TermMap renamed;
        flatten(tm, instantiate(plain, edge, state, post, "#acc", false, &renamed), atoms);
        TermSet edge_inputs(edge.inputs.begin(), edge.inputs.end());
        for (const Term a : edge.aux) {
            const Term r = renamed.at(a);
            if (edge_inputs.count(a))
                input_set.insert(r);
            else
                eliminable.insert(r);
        }
        for (const Term in : edge.inputs) inputs.push_back(renamed.at(in));
        state = std::move(post);
    }
    for (const VarId v : writes) {
        atoms.push_back(tm.mk_eq(plain.vars[v].next, state[v]));
        eliminable.insert(plain.vars[v].next);
    }
    // Gaussian elimination of the eliminable constants by unit-coefficient equations.
    TermMap defs;  // eliminated constant -> its value over what is left
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t i = 0; i < atoms.size(); ++i) {
            const auto solved = solvable(tm, atoms[i], eliminable);
            if (!solved) continue;
            const TermMap one{{solved->first, solved->second}};
            atoms.erase(atoms.begin() + static_cast<std::ptrdiff_t>(i));
            std::vector<Term> kept;
            for (const Term a : atoms) {
                const Term s = tm.substitute(a, one);
                if (tm.kind(s) == Kind::False) {
                    why.clear();
                    return std::nullopt;
                }
                flatten(tm, s, kept);
            }
            atoms = std::move(kept);
            for (auto& [c, value] : defs) value = tm.substitute(value, one);
            defs[solved->first] = solved->second;
            eliminable.erase(solved->first);
            changed = true;
            break;
        }
    }
    // What the path forces: eliminable constants left (quotients of wrap-arounds) fixed by the path.
    auto conjunction = [&] { return tm.mk_and(atoms); };
    bool fixed_at_zero = false;  // `under`: some aux set to 0
    {
        smt::Solver s(tm, so);
        s.assert_formula(conjunction());
        const smt::Result r = s.check();
        if (r == smt::Result::Unsat) {
            why.clear();
            return std::nullopt;
        }
        if (r != smt::Result::Sat) {
            why = "the path's feasibility is undecided";
            return std::nullopt;
        }
        TermSet left;
        for (const Term a : atoms)
            for (const Term c : constants_of(tm, a))
                if (eliminable.count(c)) left.insert(c);
        for (const auto& [c, value] : defs)
            for (const Term d : constants_of(tm, value))
                if (eliminable.count(d)) left.insert(d);
        TermMap fixed;
        for (auto it = left.begin(); it != left.end(); ++it) {
            const Term c = *it;
            if (tm.sort(c) != smt::SortTable::Int) {
                why = "a Boolean on the path is not fixed";
                return std::nullopt;
            }
            const Term v = tm.mk_numeral(s.model().evaluate(c).q, smt::SortTable::Int);
            smt::Solver other(tm, so);
            other.assert_formula(conjunction());
            other.assert_formula(tm.mk_not(tm.mk_eq(c, v)));
            if (other.check() == smt::Result::Unsat) {
                fixed[c] = v;
                continue;
            }
            if (!under) {
                why = "an auxiliary value of the path (" + tm.func(tm.func_of(c)).name + ") is not fixed";
                return std::nullopt;
            }
            // This one and those not looked at yet all 0 at once (one query: a path over many
            // array cells has many): the iterations without a wrap-around, where the path has any.
            std::vector<Term> with_zero{conjunction()};
            for (const auto& [d, value] : fixed) with_zero.push_back(tm.mk_eq(d, value));
            for (auto jt = it; jt != left.end(); ++jt) {
                if (tm.sort(*jt) != smt::SortTable::Int) {
                    why = "a Boolean on the path is not fixed";
                    return std::nullopt;
                }
                fixed[*jt] = tm.mk_numeral(0, smt::SortTable::Int);
                with_zero.push_back(tm.mk_eq(*jt, fixed[*jt]));
            }
            smt::Solver at_zero(tm, so);
            at_zero.assert_formula(tm.mk_and(with_zero));
            if (at_zero.check() != smt::Result::Sat) {
                why = "the path has no iteration without a wrap-around";
                return std::nullopt;
            }
            fixed_at_zero = true;
            break;
        }
        if (!fixed.empty()) {
            std::vector<Term> kept;
            for (const Term a : atoms) flatten(tm, tm.substitute(a, fixed), kept);
            atoms = std::move(kept);
            for (auto& [c, value] : defs) value = tm.substitute(value, fixed);
        }
    }
    IterationRelation rel;
    rel.under = fixed_at_zero;
    rel.body.assign(body.begin(), body.end());
    // Updates: translations first, then resets over the variables the path keeps.
    std::unordered_map<Term, VarId, smt::TermHash> var_of_cur;
    for (VarId v = 0; v < plain.vars.size(); ++v) var_of_cur[plain.vars[v].cur] = v;
    std::vector<bool> kept_var(plain.vars.size(), true);
    for (const VarId v : writes) {
        const auto d = defs.find(plain.vars[v].next);
        if (d == defs.end()) {
            why = "the next value of " + plain.vars[v].name + " is not determined by an equation";
            return std::nullopt;
        }
        IterationUpdate u;
        u.var = v;
        u.value = d->second;
        const Term diff = tm.mk_sub(d->second, plain.vars[v].cur);
        if (tm.kind(diff) == Kind::Numeral) {
            u.step = tm.numeral(diff).get_num();
            if (u.step != 0) kept_var[v] = false;
        } else {
            u.reset = true;
            kept_var[v] = false;
        }
        rel.updates.push_back(std::move(u));
    }
    for (const IterationUpdate& u : rel.updates) {
        if (!u.reset) continue;
        if (!is_linear_term(tm, u.value)) {
            why = "the update of " + plain.vars[u.var].name + " is not affine";
            return std::nullopt;
        }
        for (const Term c : constants_of(tm, u.value)) {
            const auto w = var_of_cur.find(c);
            if (w != var_of_cur.end() && !kept_var[w->second]) rel.linear = true;
        }
    }
    if (rel.linear && !linear_form(plain, rel, why)) return std::nullopt;
    // Atoms: a convex guard over the state, or constraints on the inputs alone.
    std::vector<Term> on_inputs;
    for (const Term a : atoms) {
        bool state_part = false, input_part = false;
        for (const Term c : constants_of(tm, a)) {
            if (input_set.count(c))
                input_part = true;
            else if (var_of_cur.count(c))
                state_part = true;
            else {
                why = "the path keeps a value that is not a state variable (" + tm.func(tm.func_of(c)).name + ")";
                return std::nullopt;
            }
        }
        if (input_part && state_part) {
            why = "a condition relates an input to the state";
            return std::nullopt;
        }
        if (input_part) {
            on_inputs.push_back(a);
            continue;
        }
        if (!is_convex_atom(tm, a)) {
            why = "the loop condition is not a conjunction of linear inequalities";
            return std::nullopt;
        }
        rel.guard.push_back(a);
    }
    for (const IterationUpdate& u : rel.updates)
        for (const Term c : constants_of(tm, u.value))
            if (input_set.count(c)) {
                why = "an update reads an input";
                return std::nullopt;
            }
    if (!inputs.empty()) {
        smt::Solver s(tm, so);
        s.assert_formula(tm.mk_and(on_inputs));
        if (s.check() != smt::Result::Sat) {
            why = on_inputs.empty() ? "the inputs are undecided" : "the path's inputs have no value";
            return std::nullopt;
        }
        for (const Term in : inputs) rel.input_values.push_back(s.model().evaluate(in).q.get_num());
    }
    std::vector<Term> parts = rel.guard;
    for (const IterationUpdate& u : rel.updates) parts.push_back(tm.mk_eq(plain.vars[u.var].next, u.value));
    rel.formula = tm.mk_and(parts);
    return rel;
}

}  // namespace craig::verifier
