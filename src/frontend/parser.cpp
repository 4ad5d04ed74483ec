#include "frontend/parser.hpp"

#include <algorithm>
#include <deque>
#include <unordered_set>
#include <utility>

#include "base/large_stack.hpp"
#include "frontend/builtins.hpp"
#include "frontend/libc.hpp"
#include "frontend/errors.hpp"
#include "frontend/parser_guards.hpp"

namespace craig::frontend {

namespace {

TypeTable& make_type_table(TranslationUnit& tu, DataModel dm) {
    tu.types = std::make_unique<TypeTable>(dm);
    return *tu.types;
}

}  // namespace

int Parser::depth_budget(std::size_t stack_bytes) {
    return static_cast<int>(std::min<std::size_t>(stack_bytes / kStackBytesPerDepth, 1u << 30));
}

Parser::Parser(std::vector<Token> tokens, std::string file, DataModel dm)
    : toks_(std::move(tokens)),
      table_(make_type_table(tu_, dm)),
      tc_(dm, table_, TypeChecker::height_budget(base::stack_bytes_left())),
      dm_(dm),
      max_depth_(depth_budget(base::stack_bytes_left())) {
    if (toks_.empty() || toks_.back().kind != TokenKind::Eof) {
        Token eof;
        eof.kind = TokenKind::Eof;
        eof.loc = SourceLocation{file, 1, 1};
        toks_.push_back(std::move(eof));
    }
    tu_.file = std::move(file);
    tu_.data_model = dm;
}

TranslationUnit Parser::parse() {
    ScopeGuard file_scope(*this);
    while (kind() != TokenKind::Eof) parse_external_declaration();
    finalize();
    return std::move(tu_);
}

// ---------------------------------------------------------------- tokens

const Token& Parser::peek(std::size_t k) const {
    std::size_t i = pos_ + k;
    return i < toks_.size() ? toks_[i] : toks_.back();
}

const Token& Parser::advance() {
    const Token& t = peek();
    if (pos_ < toks_.size() - 1) ++pos_;
    return t;
}

bool Parser::accept(TokenKind k) {
    if (kind() != k) return false;
    advance();
    return true;
}

const Token& Parser::expect(TokenKind k, const char* what) {
    if (kind() != k) error_expected(what ? std::string(what) : std::string(describe(k)));
    return advance();
}

void Parser::error_expected(const std::string& what) const {
    throw ParseError(peek().loc, "expected " + what + " but found " + describe(peek()));
}

std::size_t Parser::matching_close(std::size_t open) const {
    // All bracket kinds share one depth: mismatched kinds are syntax errors the
    // real parse reports; here only termination and the extent matter.
    int depth = 0;
    for (std::size_t i = open; i < toks_.size(); ++i) {
        switch (toks_[i].kind) {
            case TokenKind::LParen:
            case TokenKind::LBracket:
            case TokenKind::LBrace: ++depth; break;
            case TokenKind::RParen:
            case TokenKind::RBracket:
            case TokenKind::RBrace:
                if (--depth == 0) return i;
                break;
            case TokenKind::Eof: {
                TokenKind open_kind = toks_[open].kind;
                const char* want = open_kind == TokenKind::LParen     ? "')'"
                                   : open_kind == TokenKind::LBracket ? "']'"
                                                                      : "'}'";
                throw ParseError(toks_[i].loc, std::string("expected ") + want + " but found end of file");
            }
            default: break;
        }
    }
    throw ParseError(toks_.back().loc, "unexpected end of file");
}

void Parser::skip_group() {
    pos_ = matching_close(pos_);
    advance();
}

void Parser::skip_attributes() {
    for (;;) {
        if (kind() == TokenKind::KwAttribute || kind() == TokenKind::KwAsm) {
            advance();
            while (kind() == TokenKind::KwVolatile || kind() == TokenKind::KwInline || kind() == TokenKind::KwGoto) {
                advance();
            }
            if (kind() != TokenKind::LParen) error_expected("'('");
            note_layout_attributes();
            skip_group();
        } else if (kind() == TokenKind::KwExtension) {
            advance();
        } else {
            return;
        }
    }
}

void Parser::note_layout_attributes() {
    // packed and aligned change how GCC lays out a struct (sizeof, offsets): struct
    // definitions check the count (see struct_definition).
    const std::size_t close = matching_close(pos_);
    for (std::size_t i = pos_; i < close; ++i) {
        const Token& t = toks_[i];
        if (t.kind != TokenKind::Identifier) continue;
        if (t.text == "packed" || t.text == "__packed__" || t.text == "aligned" || t.text == "__aligned__") {
            ++layout_attributes_;
            return;
        }
    }
}

// ---------------------------------------------------------------- scopes

Parser::Symbol* Parser::lookup(const std::string& name) {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
        auto f = it->find(name);
        if (f != it->end()) return &f->second;
    }
    return nullptr;
}

Parser::Symbol* Parser::lookup_local(const std::string& name) {
    auto f = scopes_.back().find(name);
    return f == scopes_.back().end() ? nullptr : &f->second;
}

bool Parser::is_typedef_name(const Token& t) {
    if (t.kind != TokenKind::Identifier) return false;
    const Symbol* s = lookup(t.text);
    return s && s->kind == Symbol::Kind::Typedef;
}

void Parser::bind(const std::string& name, Symbol s) { scopes_.back()[name] = s; }

void Parser::poison(const std::string& name, Unsupported u) {
    Symbol s;
    s.kind = Symbol::Kind::Poisoned;
    s.index = poisons_.size();
    poisons_.push_back(std::move(u));
    bind(name, s);
}

std::unique_ptr<VarDecl> Parser::make_var(std::string name, SourceLocation loc, Type type, Storage storage) {
    auto v = std::make_unique<VarDecl>();
    v->name = std::move(name);
    v->loc = std::move(loc);
    v->type = type;
    v->storage = storage;
    v->id = next_var_id_++;
    v->function = storage == Storage::Global ? nullptr : current_fn_;
    return v;
}

// ---------------------------------------------------------------- after parsing

void Parser::finalize() {
    for (auto& f : tu_.functions) {
        f->builtin = classify_builtin(f->name, f->is_defined);
        if (f->builtin == Builtin::Libc) f->libc = find_libc(f->name);
    }
    convert_stream_arguments();
    std::erase_if(tu_.globals, [&](const std::unique_ptr<VarDecl>& v) {
        auto it = used_globals_.find(v.get());
        return v->is_extern && (it == used_globals_.end() || it->second == 0);
    });
    for (auto& v : tu_.globals) {
        if (!v->is_extern && !v->init) v->init = zero_initializer(v->type, v->loc);
    }
    convert_pending_calls();
    drop_unused_main_parameters();
    check_reachable();
    create_string_objects();
}

void Parser::drop_unused_main_parameters() {
    // `int main(int argc, char **argv)`: nothing models the strings behind argv, and a
    // parameter the body never uses may be Unsupported (ast.hpp); used ones stay.
    auto it = functions_.find("main");
    if (it == functions_.end() || !it->second->is_defined) return;
    for (auto& p : it->second->params) {
        if (!p->type.is_integer() && !p->type.is_unsupported() && !used_params_.count(p.get())) {
            p->type = Type::unsupported("pointer");
        }
    }
}

void Parser::convert_pending_calls() {
    for (const PendingCall& pc : pending_calls_) {
        FunctionDecl* caller = pc.caller;
        if (caller->unsupported) continue;
        Expr& call = *pc.call;
        const FunctionDecl& callee = *call.callee;
        if (!callee.has_prototype && !callee.is_defined) continue;  // builtin or undefined
        bool strings_ok = accepts_string_arguments(callee.name);
        std::size_t n = callee.params.size();
        try {
            if (call.operands.size() < n || (call.operands.size() > n && !callee.variadic)) {
                throw Unsupported(call.loc, "call with mismatched arguments");
            }
            for (std::size_t i = 0; i < n; ++i) {
                call.operands[i] = convert_argument(std::move(call.operands[i]), callee.params[i]->type, strings_ok);
            }
        } catch (const Unsupported& u) {
            // Reported only if the caller turns out to be reachable.
            caller->unsupported = u;
        }
    }
    for (auto& f : tu_.functions) {
        if (f->unsupported) f->body.reset();
    }
    pending_calls_.clear();
}

void Parser::check_reachable() {
    std::deque<FunctionDecl*> queue;
    std::unordered_set<const FunctionDecl*> seen;
    auto enqueue = [&](FunctionDecl* f) {
        if (seen.insert(f).second) queue.push_back(f);
    };
    auto main_it = functions_.find("main");
    if (main_it != functions_.end() && main_it->second->is_defined) {
        enqueue(main_it->second);
    } else {
        for (auto& f : tu_.functions) {
            if (f->is_defined && f->builtin == Builtin::None) enqueue(f.get());
        }
    }
    // A function whose address is taken may be called through a pointer: it must be
    // defined here and is reachable when the code taking its address is.
    auto take_addresses = [&](const FunctionDecl* from) {
        auto it = address_refs_.find(from);
        if (it == address_refs_.end()) return;
        for (const CallSite& c : it->second) {
            FunctionDecl* target = functions_.at(c.callee->name);
            if (target->builtin != Builtin::None) throw Unsupported(c.loc, "address of a built-in function");
            if (!target->is_defined) throw Unsupported(c.loc, "address of an undefined function");
            enqueue(target);
        }
    };
    take_addresses(nullptr);
    while (!queue.empty()) {
        FunctionDecl* f = queue.front();
        queue.pop_front();
        f->reachable = true;
        if (f->unsupported) throw *f->unsupported;
        if (is_allocation_function(f->name)) {
            // Its void * result converts to other pointer types only as the builtin's does.
            throw Unsupported(f->loc, "definition of an allocation function");
        }
        take_addresses(f);
        for (const CallSite& c : f->calls) {
            FunctionDecl* callee = functions_.at(c.callee->name);
            if (callee->builtin != Builtin::None) {
                callee->reachable = true;
                continue;
            }
            if (!callee->is_defined) {
                check_external_call(*f, *callee, c.loc);
                callee->external = true;
                callee->reachable = true;
                continue;
            }
            enqueue(callee);
        }
    }
}

void Parser::check_external_call(const FunctionDecl& caller, const FunctionDecl& callee, const SourceLocation& loc) {
    // External code could write through a pointer it is given or return a pointer to
    // memory nobody allocated: not modelled.
    bool pointers = callee.return_type.is_pointer();
    for (const auto& p : callee.params) pointers = pointers || p->type.is_pointer();
    if (pointers) throw Unsupported(loc, "external function with pointer arguments");
    auto it = pointer_argument_calls_.find({&caller, &callee});
    if (it != pointer_argument_calls_.end()) throw Unsupported(it->second, "external function with pointer arguments");
    if (!callee.return_type.is_integer() && !callee.return_type.is_void()) {
        throw Unsupported(loc, "call to undefined function " + callee.name + " of a non-integer type");
    }
}

}  // namespace craig::frontend
