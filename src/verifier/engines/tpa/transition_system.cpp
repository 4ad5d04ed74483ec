#include "verifier/engines/tpa/transition_system.hpp"

#include <stdexcept>
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
    // Init and Bad over state 0, each block behind a flag; the other side of each block is a
    // fresh state (the pre-state of an entry block, the post-state of an error block).
    auto fresh_state = [&](const std::string& tag) {
        std::vector<Term> st;
        for (const ProgramVar& v : blocks.vars) st.push_back(tm_.mk_const(tm_.fresh_fun(v.name + tag, {}, var_sort(tm_, v))));
        return st;
    };
    auto border = [&](Border& b, const std::string& name, bool from_entry) {
        std::vector<Term> parts;
        for (EdgeId e = 0; e < blocks.edges.size(); ++e) {
            const Edge& edge = blocks.edges[e];
            const bool bad_dst = edge.dst == blocks.error || edge.dst == blocks.truncated;
            if (from_entry ? edge.src != blocks.entry : !bad_dst) continue;
            const std::string tag = "#tpa." + name + std::to_string(e);
            const Term flag = tm_.mk_const(tm_.fresh_fun(".tpa." + name + std::to_string(e), {}, smt::SortTable::Bool));
            const std::vector<Term> other = fresh_state("@" + tag);
            const Term f = from_entry ? instantiate(blocks, edge, other, states_[0].vars, tag, true, nullptr)
                                      : instantiate(blocks, edge, states_[0].vars, other, tag, true, nullptr);
            const Term parts_e[3] = {flag, at(states_[0], from_entry ? edge.dst : edge.src), f};
            parts.push_back(tm_.mk_and(parts_e));
            b.blocks.emplace_back(e, parts.back());
        }
        if (!from_entry) {
            if (blocks.error != kNoLoc) parts.push_back(at(states_[0], blocks.error));
            if (blocks.truncated != kNoLoc) parts.push_back(at(states_[0], blocks.truncated));
        }
        b.formula = tm_.mk_or(parts);
    };
    border(init_, "init", true);
    border(bad_, "bad", false);
}

Term TransitionSystem::at(const State& s, LocId l) {
    std::vector<Term> lits;
    for (std::size_t i = 0; i < s.bits.size(); ++i) lits.push_back((l >> i) & 1 ? s.bits[i] : tm_.mk_not(s.bits[i]));
    return tm_.mk_and(lits);
}

EdgeId TransitionSystem::init_block(const smt::Model& m) const {
    for (const auto& [e, disjunct] : init_.blocks)
        if (m.evaluate(disjunct).b) return e;
    throw std::logic_error("tpa: an initial state without its block");
}

std::optional<EdgeId> TransitionSystem::bad_block(const smt::Model& m) const {
    const LocId l = location(m, 0);
    if (l == blocks_.error || l == blocks_.truncated) return std::nullopt;
    for (const auto& [e, disjunct] : bad_.blocks)
        if (m.evaluate(disjunct).b) return e;
    throw std::logic_error("tpa: a bad state without its block");
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
