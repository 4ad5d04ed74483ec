#include "verifier/engines/tpa/transition_system.hpp"

#include <string>

namespace craig::verifier::tpa {

using smt::Term;

TransitionSystem::TransitionSystem(const Program& blocks) : blocks_(blocks), tm_(blocks.terms()) {
    unsigned nbits = 1;
    while ((std::size_t{1} << nbits) < blocks.locs.size()) ++nbits;
    for (unsigned k = 0; k < kStates; ++k) {
        const std::string tag = "@tpa" + std::to_string(k);
        for (const ProgramVar& v : blocks.vars)
            states_[k].vars.push_back(tm_.mk_const(tm_.fresh_fun(v.name + tag, {}, var_sort(tm_, v))));
        for (unsigned i = 0; i < nbits; ++i)
            states_[k].bits.push_back(
                tm_.mk_const(tm_.fresh_fun(".loc" + std::to_string(i) + tag, {}, smt::SortTable::Bool)));
        constants_[k].insert(states_[k].vars.begin(), states_[k].vars.end());
        constants_[k].insert(states_[k].bits.begin(), states_[k].bits.end());
    }
}

Term TransitionSystem::at(const State& s, LocId l) {
    std::vector<Term> lits;
    for (std::size_t i = 0; i < s.bits.size(); ++i) lits.push_back((l >> i) & 1 ? s.bits[i] : tm_.mk_not(s.bits[i]));
    return tm_.mk_and(lits);
}

Term TransitionSystem::bad(const State& s) {
    std::vector<Term> at_bad;
    if (blocks_.error != kNoLoc) at_bad.push_back(at(s, blocks_.error));
    if (blocks_.truncated != kNoLoc) at_bad.push_back(at(s, blocks_.truncated));
    return tm_.mk_or(at_bad);
}

Term TransitionSystem::identity(const State& a, const State& b) {
    std::vector<Term> eqs;
    for (std::size_t v = 0; v < a.vars.size(); ++v) eqs.push_back(tm_.mk_eq(a.vars[v], b.vars[v]));
    for (std::size_t i = 0; i < a.bits.size(); ++i) eqs.push_back(tm_.mk_eq(a.bits[i], b.bits[i]));
    return tm_.mk_and(eqs);
}

Step TransitionSystem::step(const State& a, const State& b) {
    Step s;
    const std::string tag = "#tpa" + std::to_string(instances_++);
    std::vector<Term> parts;
    for (EdgeId e = 0; e < blocks_.edges.size(); ++e) {
        const Edge& edge = blocks_.edges[e];
        const Term t = tm_.mk_const(tm_.fresh_fun(".taken" + std::to_string(e) + tag, {}, smt::SortTable::Bool));
        s.taken.push_back(t);
        const Term body[3] = {at(a, edge.src), at(b, edge.dst),
                              instantiate(blocks_, edge, a.vars, b.vars, tag, true, nullptr)};
        parts.push_back(tm_.mk_implies(t, tm_.mk_and(body)));
    }
    parts.push_back(tm_.mk_or(s.taken));
    s.formula = tm_.mk_and(parts);
    return s;
}

Term TransitionSystem::shift(Term f, unsigned a, unsigned b) {
    if (a == 0 && b == 1) return f;
    auto [it, made] = shifts_.try_emplace(a * kStates + b);
    if (made) {
        for (unsigned k = 0; k < 2; ++k) {
            const State& from = states_[k];
            const State& to = states_[k == 0 ? a : b];
            for (std::size_t v = 0; v < from.vars.size(); ++v) it->second.emplace(from.vars[v], to.vars[v]);
            for (std::size_t i = 0; i < from.bits.size(); ++i) it->second.emplace(from.bits[i], to.bits[i]);
        }
    }
    return tm_.substitute(f, it->second);
}

Term TransitionSystem::shift_state(Term f, unsigned from, unsigned to) {
    auto [it, made] = shifts_.try_emplace(100 + from * kStates + to);
    if (made) {
        for (std::size_t v = 0; v < states_[from].vars.size(); ++v)
            it->second.emplace(states_[from].vars[v], states_[to].vars[v]);
        for (std::size_t i = 0; i < states_[from].bits.size(); ++i)
            it->second.emplace(states_[from].bits[i], states_[to].bits[i]);
    }
    return tm_.substitute(f, it->second);
}

bool TransitionSystem::over(Term f, std::initializer_list<unsigned> allowed) const {
    std::vector<Term> todo{f};
    TermSet seen;
    while (!todo.empty()) {
        const Term t = todo.back();
        todo.pop_back();
        if (!seen.insert(t).second) continue;
        if (tm_.kind(t) == smt::Kind::Const) {
            bool ok = false;
            for (unsigned k : allowed) ok = ok || constants_[k].count(t) != 0;
            if (!ok) return false;
        }
        for (Term c : tm_.children(t)) todo.push_back(c);
    }
    return true;
}

Term TransitionSystem::location_formula(Term f, unsigned k, LocId l) {
    TermMap subst;
    for (std::size_t v = 0; v < blocks_.vars.size(); ++v) subst.emplace(states_[k].vars[v], blocks_.vars[v].cur);
    for (std::size_t i = 0; i < states_[k].bits.size(); ++i)
        subst.emplace(states_[k].bits[i], tm_.mk_bool((l >> i) & 1));
    return tm_.substitute(f, subst);
}

Term TransitionSystem::valuation(const smt::Model& m, unsigned k, unsigned over) {
    const State& a = states_[k];
    const State& b = states_[over];
    std::vector<Term> eqs;
    for (std::size_t v = 0; v < a.vars.size(); ++v) {
        const smt::Value x = m.evaluate(a.vars[v]);
        eqs.push_back(x.type == smt::Value::Type::Bool ? (x.b ? b.vars[v] : tm_.mk_not(b.vars[v]))
                                                       : tm_.mk_eq(b.vars[v], tm_.mk_numeral(x.q, tm_.sort(a.vars[v]))));
    }
    for (std::size_t i = 0; i < a.bits.size(); ++i) eqs.push_back(m.evaluate(a.bits[i]).b ? b.bits[i] : tm_.mk_not(b.bits[i]));
    return tm_.mk_and(eqs);
}

}  // namespace craig::verifier::tpa
