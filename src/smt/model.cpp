#include "smt/model.hpp"

#include <functional>
#include <optional>

#include <ostream>
#include <unordered_map>

#include "smt/terms/bv_eval.hpp"
#include "smt/terms/printer.hpp"
#include "smt/terms/rational.hpp"

namespace craig::smt {

Value Model::default_value(Sort s) {
    if (s == SortTable::Bool) return Value::of_bool(false);
    if (s == SortTable::Int || s == SortTable::Real) return Value::of_number(0, s);
    return Value::of_element(s, 0);
}

Value Model::default_of(Sort s) const {
    if (tm_->sorts().is_bv(s)) return Value::of_number(0, s);  // a bit-vector value is its unsigned reading
    return default_value(s);
}

Value Model::const_value(FuncId f) const {
    auto it = consts_.find(f);
    if (it != consts_.end()) return it->second;
    return default_of(tm_->func(f).range);
}

const FunctionTable* Model::table(FuncId f) const {
    auto it = tables_.find(f);
    return it == tables_.end() ? nullptr : &it->second;
}

Value Model::apply(FuncId f, const std::vector<Value>& args) const {
    const FunctionTable* t = table(f);
    if (!t) return default_of(tm_->func(f).range);
    const Value* v = t->find(args);
    return v ? *v : t->otherwise;
}

uint32_t Model::universe_size(Sort s) const {
    auto it = universe_.find(s.id);
    return it == universe_.end() || it->second == 0 ? 1 : it->second;
}

// The value of t from its children's values (every kind but the ones evaluate() short-circuits).
Value Model::combine(Term t, const std::vector<Value>& args) const {
    const TermManager& tm = *tm_;
    Sort s = tm.sort(t);
    Value v;
    switch (tm.kind(t)) {
        case Kind::True: v = Value::of_bool(true); break;
        case Kind::False: v = Value::of_bool(false); break;
        case Kind::Not: v = Value::of_bool(!args[0].b); break;
        case Kind::And: {
            bool r = true;
            for (auto& a : args) r = r && a.b;
            v = Value::of_bool(r);
            break;
        }
        case Kind::Or: {
            bool r = false;
            for (auto& a : args) r = r || a.b;
            v = Value::of_bool(r);
            break;
        }
        case Kind::Xor: v = Value::of_bool(args[0].b != args[1].b); break;
        case Kind::Implies: v = Value::of_bool(!args[0].b || args[1].b); break;
        case Kind::Ite: v = args[0].b ? args[1] : args[2]; break;
        case Kind::Eq: v = Value::of_bool(args[0] == args[1]); break;
        case Kind::Distinct: {
            bool r = true;
            for (size_t i = 0; i < args.size() && r; ++i)
                for (size_t j = i + 1; j < args.size() && r; ++j) r = args[i] != args[j];
            v = Value::of_bool(r);
            break;
        }
        case Kind::Const: v = const_value(tm.func_of(t)); break;
        case Kind::App: v = apply(tm.func_of(t), args); break;
        case Kind::Numeral: v = Value::of_number(tm.numeral(t), s); break;
        case Kind::Linear: {
            mpq_class r = tm.constant(t);
            for (size_t i = 0; i < args.size(); ++i) r += tm.coeff(t, i) * args[i].q;
            v = Value::of_number(r, s);
            break;
        }
        case Kind::Leq: v = Value::of_bool(args[0].q <= args[1].q); break;
        case Kind::Lt: v = Value::of_bool(args[0].q < args[1].q); break;
        case Kind::Mul: {
            mpq_class r = 1;
            for (auto& a : args) r *= a.q;
            v = Value::of_number(r, s);
            break;
        }
        // Division by zero is unspecified in SMT-LIB; craig's models interpret it as 0.
        case Kind::RealDiv:
            v = Value::of_number(args[1].q == 0 ? mpq_class(0) : mpq_class(args[0].q / args[1].q), s);
            break;
        case Kind::IntDiv:
        case Kind::Mod: {
            if (args[1].q == 0) {
                v = Value::of_number(0, s);
                break;
            }
            mpz_class x = args[0].q.get_num(), y = args[1].q.get_num(), q, r;
            mpz_class ay = abs(y);
            mpz_fdiv_r(r.get_mpz_t(), x.get_mpz_t(), ay.get_mpz_t());  // 0 <= r < |y|
            q = (x - r) / y;
            v = Value::of_number(mpq_class(tm.kind(t) == Kind::Mod ? r : q), s);
            break;
        }
        case Kind::Abs: v = Value::of_number(abs(args[0].q), s); break;
        case Kind::ToInt: v = Value::of_number(floor_q(args[0].q), s); break;
        case Kind::IsInt: v = Value::of_bool(args[0].q.get_den() == 1); break;
        case Kind::BvConst: v = Value::of_number(tm.bv_value(t), s); break;
        default: {  // the bit-vector operators
            std::vector<mpz_class> xs;
            std::vector<uint32_t> ws;
            for (size_t i = 0; i < args.size(); ++i) {
                xs.push_back(args[i].q.get_num());
                ws.push_back(tm.bv_width(tm.child(t, i)));
            }
            uint32_t w = is_bv_predicate_kind(tm.kind(t)) ? ws[0] : tm.bv_width(t);
            mpz_class r = bv_evaluate(tm.kind(t), w, tm.bv_index(t), xs, ws);
            v = is_bv_predicate_kind(tm.kind(t)) ? Value::of_bool(r != 0) : Value::of_number(mpq_class(r), s);
            break;
        }
    }
    return v;
}

Value Model::evaluate(Term root) const {
    EvalMemo memo;
    return evaluate(root, memo);
}

// Iterative, one frame per term being evaluated. And, Or, Implies and Ite look at their
// children one at a time and stop as soon as the value is known, so a guarded assertion
// (or (not act) F) whose guard is off costs one lookup instead of an evaluation of F: the model
// check after every satisfiable query of an incremental solver that holds thousands of guarded
// lemmas spent 65 % of a pdr run in full evaluations (docs/results/chc-speed-2026-12-06).
Value Model::evaluate(Term root, EvalMemo& memo) const {
    const TermManager& tm = *tm_;
    if (auto it = memo.find(root.id); it != memo.end()) return it->second;
    struct Frame {
        Term t;
        uint32_t next = 0;  // the child to look at next
    };
    std::vector<Frame> stack{{root, 0}};
    std::vector<Value> args;
    auto known = [&](Term c) -> const Value* {
        auto it = memo.find(c.id);
        return it == memo.end() ? nullptr : &it->second;
    };
    while (!stack.empty()) {
        const Term t = stack.back().t;
        uint32_t i = stack.back().next;
        const auto kids = tm.children(t);
        std::optional<Value> v;
        Term wait;  // a child to evaluate first
        switch (tm.kind(t)) {
            case Kind::And:
            case Kind::Or: {
                const bool stop_at = tm.kind(t) == Kind::Or;  // the value that decides
                for (; i < kids.size(); ++i) {
                    const Value* c = known(kids[i]);
                    if (!c) {
                        wait = kids[i];
                        break;
                    }
                    if (c->b == stop_at) break;
                }
                if (!wait.valid()) v = Value::of_bool(i < kids.size() ? stop_at : !stop_at);
                break;
            }
            case Kind::Implies:
            case Kind::Ite: {
                const Value* c = known(kids[0]);
                if (!c) {
                    wait = kids[0];
                    break;
                }
                if (tm.kind(t) == Kind::Implies && !c->b) {
                    v = Value::of_bool(true);
                    break;
                }
                const Term branch = tm.kind(t) == Kind::Implies || c->b ? kids[1] : kids[2];
                const Value* b = known(branch);
                if (!b)
                    wait = branch;
                else
                    v = *b;
                break;
            }
            default:
                for (; i < kids.size(); ++i)
                    if (!known(kids[i])) {
                        wait = kids[i];
                        break;
                    }
                if (!wait.valid()) {
                    args.clear();
                    for (Term c : kids) args.push_back(*known(c));
                    v = combine(t, args);
                }
        }
        if (wait.valid()) {
            stack.back().next = i;
            stack.push_back({wait, 0});
            continue;
        }
        stack.pop_back();
        memo.emplace(t.id, std::move(*v));
    }
    return memo.at(root.id);
}

std::string Model::value_to_string(const Value& v) const {
    switch (v.type) {
        case Value::Type::Bool: return v.b ? "true" : "false";
        case Value::Type::Number:
            if (tm_->sorts().is_bv(v.sort)) return bv_to_string(v.q.get_num(), tm_->sorts().bv_width(v.sort));
            return numeral_to_string(v.q, v.sort);
        case Value::Type::Element: {
            const SortTable& st = tm_->sorts();
            // The element's name spells the sort unquoted: @U_0, @|U u|_0 becomes |@U u_0|.
            std::function<std::string(Sort)> plain = [&](Sort s) {
                if (st.params(s).empty()) return st.name(s);
                // Appended piecewise: GCC 12 warns (-Wrestrict, a false positive) on "(" + name.
                std::string r = "(";
                r += st.name(s);
                for (Sort p : st.params(s)) {
                    r += ' ';
                    r += plain(p);
                }
                r += ')';
                return r;
            };
            std::string name = "@";
            name += plain(v.sort);
            name += '_';
            name += std::to_string(v.elem);
            return "(as " + quote_symbol(name) + " " + st.to_string(v.sort) + ")";
        }
    }
    return "";
}

void Model::print(std::ostream& out, const std::vector<FuncId>& symbols) const {
    const SortTable& st = tm_->sorts();
    out << "(\n";
    for (FuncId f : symbols) {
        const FuncDecl& d = tm_->func(f);
        out << "  (define-fun " << quote_symbol(d.name) << " (";
        for (size_t i = 0; i < d.domain.size(); ++i)
            out << (i ? " " : "") << "(x!" << i << " " << st.to_string(d.domain[i]) << ")";
        out << ") " << st.to_string(d.range) << " ";
        if (d.domain.empty()) {
            out << value_to_string(const_value(f));
        } else {
            const FunctionTable* t = table(f);
            std::string body = value_to_string(t ? t->otherwise : default_of(d.range));
            if (t) {
                for (size_t e = t->entries.size(); e-- > 0;) {
                    const auto& [in, res] = t->entries[e];
                    std::string cond;
                    for (size_t i = 0; i < in.size(); ++i) {
                        std::string eq = "(= x!" + std::to_string(i) + " " + value_to_string(in[i]) + ")";
                        cond += (i ? " " : "") + eq;
                    }
                    if (in.size() > 1) cond = "(and " + cond + ")";
                    body = "(ite " + cond + " " + value_to_string(res) + " " + body + ")";
                }
            }
            out << body;
        }
        out << ")\n";
    }
    out << ")\n";
}

}  // namespace craig::smt
