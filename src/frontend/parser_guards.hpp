// RAII helpers of the Parser: they restore the parser's state when a parse
// function returns or throws, so that recovery after Unsupported (skipping a
// function body) leaves no stale scope, counter or function context behind.
// Internal to the parser implementation files.
#pragma once

#include <utility>

#include "frontend/errors.hpp"
#include "frontend/parser.hpp"

namespace craig::frontend {

class Parser::DepthGuard {
public:
    DepthGuard(Parser& p, int weight, const SourceLocation& loc) : p_(p), weight_(weight) {
        if (p_.depth_ + weight_ > p_.max_depth_) throw Unsupported(loc, "nesting too deep for the stack");
        p_.depth_ += weight_;
    }
    ~DepthGuard() { p_.depth_ -= weight_; }
    DepthGuard(const DepthGuard&) = delete;
    DepthGuard& operator=(const DepthGuard&) = delete;

private:
    Parser& p_;
    int weight_;
};

class Parser::ScopeGuard {
public:
    explicit ScopeGuard(Parser& p) : p_(p) {
        p_.scopes_.emplace_back();
        p_.tags_.emplace_back();
    }
    ~ScopeGuard() {
        p_.scopes_.pop_back();
        p_.tags_.pop_back();
    }
    ScopeGuard(const ScopeGuard&) = delete;
    ScopeGuard& operator=(const ScopeGuard&) = delete;

private:
    Parser& p_;
};

class Parser::CounterGuard {
public:
    explicit CounterGuard(int& counter) : counter_(counter) { ++counter_; }
    ~CounterGuard() { --counter_; }
    CounterGuard(const CounterGuard&) = delete;
    CounterGuard& operator=(const CounterGuard&) = delete;

private:
    int& counter_;
};

class Parser::FunctionContext {
public:
    FunctionContext(Parser& p, FunctionDecl* fn)
        : p_(p),
          fn_(std::exchange(p.current_fn_, fn)),
          labels_(std::move(p.labels_)),
          gotos_(std::move(p.gotos_)),
          switches_(std::move(p.switches_)),
          loops_(std::exchange(p.loops_, 0)),
          breakables_(std::exchange(p.breakables_, 0)) {
        p_.labels_.clear();
        p_.gotos_.clear();
        p_.switches_.clear();
    }
    ~FunctionContext() {
        p_.current_fn_ = fn_;
        p_.labels_ = std::move(labels_);
        p_.gotos_ = std::move(gotos_);
        p_.switches_ = std::move(switches_);
        p_.loops_ = loops_;
        p_.breakables_ = breakables_;
    }
    FunctionContext(const FunctionContext&) = delete;
    FunctionContext& operator=(const FunctionContext&) = delete;

private:
    Parser& p_;
    FunctionDecl* fn_;
    std::unordered_map<std::string, Stmt*> labels_;
    std::vector<Stmt*> gotos_;
    std::vector<Stmt*> switches_;
    int loops_;
    int breakables_;
};

}  // namespace craig::frontend
