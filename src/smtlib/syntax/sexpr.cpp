#include "smtlib/syntax/sexpr.hpp"

#include "smtlib/syntax/errors.hpp"

namespace craig::smtlib {

namespace {

SKind atom_kind(TokenKind k) {
    switch (k) {
        case TokenKind::Numeral: return SKind::Numeral;
        case TokenKind::Decimal: return SKind::Decimal;
        case TokenKind::Hexadecimal: return SKind::Hexadecimal;
        case TokenKind::Binary: return SKind::Binary;
        case TokenKind::String: return SKind::String;
        case TokenKind::Symbol: return SKind::Symbol;
        case TokenKind::Keyword: return SKind::Keyword;
        default: return SKind::Invalid;
    }
}

// An unquoted symbol prints as written (it may be a reserved word used as such, like let);
// a quoted one keeps its bars only where they are needed.
std::string print_symbol(const SNode& n) { return n.quoted ? symbol_to_string(n.text) : n.text; }

}  // namespace

std::string quote_string(std::string_view content) {
    std::string s = "\"";
    for (char c : content) {
        if (c == '"') s.push_back('"');
        s.push_back(c);
    }
    s.push_back('"');
    return s;
}

uint32_t SExprPool::add_atom(const Token& t) {
    SNode n;
    n.kind = atom_kind(t.kind);
    n.quoted = t.quoted;
    n.loc = t.loc;
    n.text = t.text;
    n.error = t.error;
    nodes_.push_back(std::move(n));
    uint32_t id = static_cast<uint32_t>(nodes_.size() - 1);
    if (nodes_[id].kind == SKind::Invalid && !first_invalid_) first_invalid_ = id;
    return id;
}

uint32_t SExprPool::add_list(Location loc, std::span<const uint32_t> children) {
    SNode n;
    n.kind = SKind::List;
    n.loc = loc;
    n.first = static_cast<uint32_t>(kids_.size());
    n.count = static_cast<uint32_t>(children.size());
    kids_.insert(kids_.end(), children.begin(), children.end());
    nodes_.push_back(std::move(n));
    return static_cast<uint32_t>(nodes_.size() - 1);
}

void SExprPool::clear() {
    nodes_.clear();
    kids_.clear();
    first_invalid_.reset();
}

std::string SExprPool::to_string(uint32_t root) const {
    std::string out;
    // (node, index of the next child to print)
    std::vector<std::pair<uint32_t, uint32_t>> stack{{root, 0}};
    while (!stack.empty()) {
        auto& [id, next] = stack.back();
        const SNode& n = nodes_[id];
        if (n.kind != SKind::List) {
            switch (n.kind) {
                case SKind::Symbol: out += print_symbol(n); break;
                case SKind::String: out += quote_string(n.text); break;
                default: out += n.text; break;
            }
            stack.pop_back();
            continue;
        }
        if (next == 0) out.push_back('(');
        if (next == n.count) {
            out.push_back(')');
            stack.pop_back();
            continue;
        }
        if (next > 0) out.push_back(' ');
        uint32_t child = kids_[n.first + next];
        ++next;
        stack.emplace_back(child, 0);
    }
    return out;
}

uint32_t SExprPool::copy_from(const SExprPool& from, uint32_t root) {
    // Post-order copy with an explicit stack; children of a list are contiguous in the source,
    // and their copies are gathered in `done` before the list itself is added.
    std::vector<std::pair<uint32_t, bool>> stack{{root, false}};
    std::vector<uint32_t> done;
    while (!stack.empty()) {
        auto [id, expanded] = stack.back();
        stack.pop_back();
        const SNode& n = from.nodes_[id];
        if (n.kind != SKind::List) {
            nodes_.push_back(n);
            done.push_back(static_cast<uint32_t>(nodes_.size() - 1));
            continue;
        }
        if (!expanded) {
            stack.emplace_back(id, true);
            auto ks = from.kids(id);
            for (size_t i = ks.size(); i-- > 0;) stack.emplace_back(ks[i], false);
            continue;
        }
        std::vector<uint32_t> mine(done.end() - n.count, done.end());
        done.resize(done.size() - n.count);
        done.push_back(add_list(n.loc, mine));
    }
    return done.back();
}

std::string describe(const SExprPool& pool, uint32_t id) {
    const SNode& n = pool[id];
    const char* what = "";
    switch (n.kind) {
        case SKind::List: return n.count == 0 ? "'()'" : "a list";
        case SKind::Numeral: what = "numeral "; break;
        case SKind::Decimal: what = "decimal "; break;
        case SKind::Hexadecimal: what = "hexadecimal "; break;
        case SKind::Binary: what = "binary "; break;
        case SKind::String: what = "string "; break;
        case SKind::Symbol: what = "symbol "; break;
        case SKind::Keyword: what = "keyword "; break;
        case SKind::Invalid: break;
    }
    std::string text = n.kind == SKind::String ? quote_string(n.text) : n.text;
    if (text.size() > 40) text = text.substr(0, 37) + "...";
    std::string r = what;
    if (n.kind != SKind::String) r += '\'';
    r += text;
    if (n.kind != SKind::String) r += '\'';
    return r;
}

std::optional<uint32_t> Reader::read_command(SExprPool& pool) {
    pool.clear();
    pending_.clear();
    open_.clear();
    Token t = lexer_.next();
    if (t.kind == TokenKind::End) return std::nullopt;
    if (t.kind == TokenKind::RParen) throw SyntaxError(t.loc, "unexpected ')'");
    if (t.kind != TokenKind::LParen) {
        std::string what = t.kind == TokenKind::Invalid
                               ? t.error
                               : std::string(token_kind_name(t.kind)) + " '" + t.text.substr(0, 40) + "'";
        throw SyntaxError(t.loc, "expected '(' at the start of a command, got " + what);
    }
    open_.push_back({t.loc, 0});
    for (;;) {
        t = lexer_.next();
        switch (t.kind) {
            case TokenKind::LParen: open_.push_back({t.loc, pending_.size()}); break;
            case TokenKind::RParen: {
                Open o = open_.back();
                open_.pop_back();
                uint32_t id = pool.add_list(
                    o.loc, std::span<const uint32_t>(pending_.data() + o.first, pending_.size() - o.first));
                pending_.resize(o.first);
                if (open_.empty()) return id;
                pending_.push_back(id);
                break;
            }
            case TokenKind::End: throw SyntaxError(open_.back().loc, "unexpected end of input: this '(' is not closed");
            default: pending_.push_back(pool.add_atom(t)); break;
        }
    }
}

}  // namespace craig::smtlib
