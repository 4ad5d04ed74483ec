#include "smt/terms/printer.hpp"

#include <algorithm>
#include <array>
#include <ostream>
#include <sstream>
#include <unordered_map>

namespace craig::smt {

namespace {

bool is_simple_symbol_char(char c) {
    static constexpr std::string_view extra = "~!@$%^&*_-+=<>.?/";
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           extra.find(c) != std::string_view::npos;
}

bool is_reserved_word(const std::string& s) {
    static constexpr std::array<std::string_view, 26> words = {
        "!",         "_",           "as",           "BINARY",     "DECIMAL",     "exists", "HEXADECIMAL",
        "forall",    "let",         "match",        "NUMERAL",    "par",         "STRING", "assert",
        "check-sat", "declare-fun", "declare-sort", "define-fun", "define-sort", "exit",   "get-model",
        "get-value", "pop",         "push",         "set-logic",  "set-option"};
    return std::find(words.begin(), words.end(), s) != words.end();
}

class Printer {
public:
    Printer(std::ostream& out, const TermManager& tm) : out_(out), tm_(tm) {}

    void print(Term root, bool use_lets) {
        if (use_lets) collect_shared(root);
        for (Term s : shared_order_) {
            out_ << "(let ((" << name_of(s) << " ";
            print_node(s, /*top=*/true);
            out_ << ")) ";
            named_.emplace(s.id, true);
        }
        print_node(root, true);
        for (size_t i = 0; i < shared_order_.size(); ++i) out_ << ")";
    }

private:
    static std::string name_of(Term t) { return ".cl" + std::to_string(t.id); }

    void collect_shared(Term root) {
        std::unordered_map<uint32_t, uint32_t> refs;
        std::vector<Term> stack{root};
        refs[root.id] = 1;
        std::vector<Term> order;  // preorder of first visits
        while (!stack.empty()) {
            Term t = stack.back();
            stack.pop_back();
            order.push_back(t);
            for (Term c : tm_.children(t))
                if (refs[c.id]++ == 0) stack.push_back(c);
        }
        // A post-order of the DAG: children before parents.
        std::unordered_map<uint32_t, bool> emitted;
        std::vector<std::pair<Term, bool>> st{{root, false}};
        while (!st.empty()) {
            auto [t, expanded] = st.back();
            st.pop_back();
            if (emitted.count(t.id)) continue;
            if (!expanded) {
                st.push_back({t, true});
                for (Term c : tm_.children(t))
                    if (!emitted.count(c.id)) st.push_back({c, false});
                continue;
            }
            emitted[t.id] = true;
            if (t != root && refs[t.id] > 1 && tm_.num_children(t) > 0 && tm_.kind(t) != Kind::Numeral)
                shared_order_.push_back(t);
        }
    }

    void print_numeral(const mpq_class& v, Sort s) { out_ << numeral_to_string(v, s); }

    void print_monomial(const mpq_class& c, Term atom, Sort s) {
        auto atom_out = [&] {
            if (s == SortTable::Real && tm_.sort(atom) == SortTable::Int) {
                out_ << "(to_real ";
                print_node(atom, false);
                out_ << ")";
            } else {
                print_node(atom, false);
            }
        };
        if (c == 1) {
            atom_out();
        } else if (c == -1) {
            out_ << "(- ";
            atom_out();
            out_ << ")";
        } else {
            out_ << "(* ";
            print_numeral(c, s);
            out_ << " ";
            atom_out();
            out_ << ")";
        }
    }

    void print_app(std::string_view op, Term t) {
        out_ << "(" << op;
        for (Term c : tm_.children(t)) {
            out_ << " ";
            print_node(c, false);
        }
        out_ << ")";
    }

    void print_node(Term t, bool top) {
        if (!top && named_.count(t.id)) {
            out_ << name_of(t);
            return;
        }
        switch (tm_.kind(t)) {
            case Kind::True: out_ << "true"; return;
            case Kind::False: out_ << "false"; return;
            case Kind::Const: out_ << quote_symbol(tm_.func(tm_.func_of(t)).name); return;
            case Kind::App: print_app(quote_symbol(tm_.func(tm_.func_of(t)).name), t); return;
            case Kind::Numeral: print_numeral(tm_.numeral(t), tm_.sort(t)); return;
            case Kind::Linear: {
                Sort s = tm_.sort(t);
                size_t n = tm_.num_children(t);
                bool has_const = tm_.constant(t) != 0;
                if (n == 1 && !has_const) {
                    print_monomial(tm_.coeff(t, 0), tm_.child(t, 0), s);
                    return;
                }
                out_ << "(+";
                for (size_t i = 0; i < n; ++i) {
                    out_ << " ";
                    print_monomial(tm_.coeff(t, i), tm_.child(t, i), s);
                }
                if (has_const) {
                    out_ << " ";
                    print_numeral(tm_.constant(t), s);
                }
                out_ << ")";
                return;
            }
            case Kind::Leq: print_app("<=", t); return;
            case Kind::Lt: print_app("<", t); return;
            case Kind::Mul: print_app("*", t); return;
            case Kind::RealDiv: print_app("/", t); return;
            case Kind::IntDiv: print_app("div", t); return;
            case Kind::Mod: print_app("mod", t); return;
            case Kind::Abs: print_app("abs", t); return;
            case Kind::ToInt: print_app("to_int", t); return;
            case Kind::IsInt: print_app("is_int", t); return;
            case Kind::Not: print_app("not", t); return;
            case Kind::And: print_app("and", t); return;
            case Kind::Or: print_app("or", t); return;
            case Kind::Xor: print_app("xor", t); return;
            case Kind::Implies: print_app("=>", t); return;
            case Kind::Ite: {
                // An Int branch of a Real ite is printed with to_real so that the sorts agree.
                Sort s = tm_.sort(t);
                out_ << "(ite ";
                print_node(tm_.child(t, 0), false);
                for (int i = 1; i <= 2; ++i) {
                    Term b = tm_.child(t, i);
                    out_ << " ";
                    if (s == SortTable::Real && tm_.sort(b) == SortTable::Int) {
                        out_ << "(to_real ";
                        print_node(b, false);
                        out_ << ")";
                    } else {
                        print_node(b, false);
                    }
                }
                out_ << ")";
                return;
            }
            case Kind::Eq: print_app("=", t); return;
            case Kind::Distinct: print_app("distinct", t); return;
            case Kind::BvConst: out_ << bv_to_string(tm_.bv_value(t), tm_.bv_width(t)); return;
            case Kind::BvExtract: {
                uint32_t lo = tm_.bv_index(t), hi = lo + tm_.bv_width(t) - 1;
                print_app("(_ extract " + std::to_string(hi) + " " + std::to_string(lo) + ")", t);
                return;
            }
            case Kind::BvSignExt:
                print_app("(_ sign_extend " + std::to_string(tm_.bv_width(t) - tm_.bv_width(tm_.child(t, 0))) + ")", t);
                return;
            default: print_app(kind_name(tm_.kind(t)), t); return;  // the other bit-vector operators
        }
    }

    std::ostream& out_;
    const TermManager& tm_;
    std::vector<Term> shared_order_;
    std::unordered_map<uint32_t, bool> named_;
};

}  // namespace

std::string quote_symbol(const std::string& name) {
    bool simple = !name.empty() && !(name[0] >= '0' && name[0] <= '9') && !is_reserved_word(name);
    for (char c : name) simple = simple && is_simple_symbol_char(c);
    if (simple) return name;
    return "|" + name + "|";
}

std::string numeral_to_string(const mpq_class& v, Sort s) {
    bool neg = v < 0;
    mpq_class a = abs(v);
    std::string body;
    if (s == SortTable::Int) {
        body = a.get_num().get_str();
    } else if (a.get_den() == 1) {
        body = a.get_num().get_str() + ".0";
    } else {
        body = "(/ " + a.get_num().get_str() + " " + a.get_den().get_str() + ")";
    }
    return neg ? "(- " + body + ")" : body;
}

std::string bv_to_string(const mpz_class& v, uint32_t width) {
    const std::string bits = v.get_str(2);
    std::string r = "#b";
    r.append(width - bits.size(), '0');
    r += bits;
    return r;
}

void print_term(std::ostream& out, const TermManager& tm, Term t, bool use_lets) {
    Printer(out, tm).print(t, use_lets);
}

std::string term_to_string(const TermManager& tm, Term t, bool use_lets) {
    std::ostringstream s;
    print_term(s, tm, t, use_lets);
    return s.str();
}

}  // namespace craig::smt
