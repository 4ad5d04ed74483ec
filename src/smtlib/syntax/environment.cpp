#include "smtlib/syntax/environment.hpp"

namespace craig::smtlib {

using smt::Sort;

void Environment::record(Undo what, const std::string& name) {
    if (!global_) trail_.push_back({what, name});
}

void Environment::undo_to(size_t mark) {
    while (trail_.size() > mark) {
        TrailEntry& e = trail_.back();
        switch (e.what) {
            case Undo::Sort: {
                auto it = sorts_.find(e.name);
                it->second.pop_back();
                if (it->second.empty()) sorts_.erase(it);
                break;
            }
            case Undo::Function: {
                auto it = functions_.find(e.name);
                it->second.pop_back();
                if (it->second.empty()) functions_.erase(it);
                break;
            }
            case Undo::Declared: declared_.pop_back(); break;
            case Undo::Named: named_.pop_back(); break;
            case Undo::ContestedFunction:
            case Undo::ContestedSort: {
                auto& m = e.what == Undo::ContestedSort ? contested_sorts_ : contested_functions_;
                auto it = m.find(e.name);
                it->second.pop_back();
                if (it->second.empty()) m.erase(it);
                break;
            }
        }
        trail_.pop_back();
    }
}

void Environment::pop(unsigned n) {
    for (unsigned i = 0; i < n && !marks_.empty(); ++i) {
        undo_to(marks_.back());
        marks_.pop_back();
    }
}

void Environment::reset_assertions() {
    marks_.clear();
    undo_to(0);  // with global declarations the trail is empty: everything stays
}

const SortSymbol* Environment::find_sort(const std::string& name) const {
    auto it = sorts_.find(name);
    return it == sorts_.end() ? nullptr : &it->second.back();
}

void Environment::add_sort(const std::string& name, SortSymbol s) {
    sorts_[name].push_back(std::move(s));
    record(Undo::Sort, name);
    if (sort_contested(name)) contest_sort(name, "");  // the name means this sort now
}

Sort Environment::placeholder_sort() {
    // Names starting with '.' are reserved for solvers, so no user sort has this name.
    return tm_.sorts().uninterpreted(".sort-param!" + std::to_string(next_placeholder_++));
}

uint32_t Environment::sort_size(Sort s) {
    auto it = sort_sizes_.find(s.id);
    if (it != sort_sizes_.end()) return it->second;
    uint32_t n = 1;
    for (Sort p : tm_.sorts().params(s)) n += sort_size(p);
    sort_sizes_.emplace(s.id, n);
    return n;
}

Sort Environment::instantiate(Sort body, const std::vector<Sort>& params, const std::vector<Sort>& args) {
    for (size_t i = 0; i < params.size(); ++i)
        if (body == params[i]) return args[i];
    smt::SortTable& st = tm_.sorts();
    if (st.params(body).empty()) return body;
    std::vector<Sort> ps;
    ps.reserve(st.params(body).size());
    for (size_t i = 0; i < st.params(body).size(); ++i) ps.push_back(instantiate(st.params(body)[i], params, args));
    return st.uninterpreted(st.name(body), ps);
}

const FunctionSymbol* Environment::find_function(const std::string& name) const {
    auto it = functions_.find(name);
    return it == functions_.end() ? nullptr : &it->second.back();
}

std::span<const FunctionSymbol> Environment::overloads(const std::string& name) const {
    auto it = functions_.find(name);
    if (it == functions_.end()) return {};
    return it->second;
}

void Environment::add_function(const std::string& name, FunctionSymbol f) {
    bool declared = f.kind == FunctionSymbol::Kind::Declared;
    smt::FuncId id = f.func;
    functions_[name].push_back(std::move(f));
    record(Undo::Function, name);
    if (function_contested(name)) contest_function(name, "");  // the name means this now
    if (declared) {
        declared_.push_back(id);
        record(Undo::Declared, name);
    }
}

void Environment::add_named(const std::string& name, smt::Term t) {
    FunctionSymbol f;
    f.kind = FunctionSymbol::Kind::Defined;
    f.range = tm_.sort(t);
    f.body = t;
    add_function(name, std::move(f));
    named_.push_back({name, t});
    record(Undo::Named, name);
}

void Environment::contest_function(const std::string& name, const std::string& why) {
    contested_functions_[name].push_back(why);
    record(Undo::ContestedFunction, name);
}

void Environment::contest_sort(const std::string& name, const std::string& why) {
    contested_sorts_[name].push_back(why);
    record(Undo::ContestedSort, name);
}

const std::string* Environment::function_contested(const std::string& name) const {
    auto it = contested_functions_.find(name);
    return it == contested_functions_.end() || it->second.back().empty() ? nullptr : &it->second.back();
}

const std::string* Environment::sort_contested(const std::string& name) const {
    auto it = contested_sorts_.find(name);
    return it == contested_sorts_.end() || it->second.back().empty() ? nullptr : &it->second.back();
}

}  // namespace craig::smtlib
