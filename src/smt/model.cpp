#include "smt/model.hpp"

#include <functional>

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

Value Model::evaluate(Term root) const {
    const TermManager& tm = *tm_;
    std::unordered_map<uint32_t, Value> memo;
    std::vector<std::pair<Term, bool>> stack{{root, false}};
    std::vector<Value> args;
    while (!stack.empty()) {
        auto [t, expanded] = stack.back();
        stack.pop_back();
        if (memo.count(t.id)) continue;
        if (!expanded) {
            stack.push_back({t, true});
            for (Term c : tm.children(t))
                if (!memo.count(c.id)) stack.push_back({c, false});
            continue;
        }
        args.clear();
        for (Term c : tm.children(t)) args.push_back(memo.at(c.id));
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
        memo.emplace(t.id, std::move(v));
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
                std::string r = "(" + st.name(s);
                for (Sort p : st.params(s)) r += " " + plain(p);
                return r + ")";
            };
            std::string name = "@" + plain(v.sort) + "_" + std::to_string(v.elem);
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
