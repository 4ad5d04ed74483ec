// sprintf and snprintf (LibcModel::Format) into a char buffer of the memory model.
//
// The text is exact or the call is unsupported, never a guess: the format must be a string
// literal with the conversions of printf_text (libc_replay.hpp), every converted argument a
// constant of the program text or a string literal, and snprintf's size a constant. The
// characters and the terminating zero are then stores through the buffer pointer, each checked
// like any store, so writing past the buffer's end is the error edge `invalid write` (undefined
// behaviour: the replay reports it). The result is the text's length (C11 7.21.6.5p3, 7.21.6.6p3).
#include "frontend/constant_eval.hpp"
#include "frontend/libc.hpp"
#include "frontend/libc_format.hpp"
#include "frontend/libc_sscanf.hpp"
#include "verifier/lowering/lowering_context.hpp"

namespace craig::verifier::detail {

using frontend::ExprKind;
using frontend::TypeKind;

Val Lowerer::format_call(const Expr& e, const std::vector<Val>& args) {
    const frontend::FunctionDecl& f = *e.callee;
    const auto dm = prog_.provenance.data_model;
    const std::size_t fi = frontend::format_operand(*f.libc);
    if (args.size() <= fi) throw frontend::Unsupported(e.loc, "call of " + f.name + " without its format");
    if (e.operand(0).kind == ExprKind::StringLiteral)
        throw frontend::Unsupported(e.loc, f.name + " into a string literal");
    const Expr& format = e.operand(fi);
    if (format.kind != ExprKind::StringLiteral)
        throw frontend::Unsupported(format.loc, f.name + " with a format that is not a string literal");
    std::vector<frontend::LibcArg> values;
    for (std::size_t i = fi + 1; i < e.operands.size(); ++i) {
        const Expr& a = e.operand(i);
        frontend::LibcArg v{0, a.type, std::nullopt};
        if (a.kind == ExprKind::StringLiteral) {
            v.literal = std::string_view(a.text);
        } else if (auto c = frontend::evaluate_constant(a, dm)) {
            v.bits = *c;
        } else {
            throw frontend::Unsupported(a.loc, f.name + " of a value known only at run time (its text is not modelled)");
        }
        values.push_back(v);
    }
    const auto text = frontend::printf_text(format.text, values, dm);
    if (!text) throw frontend::Unsupported(format.loc, f.name + " with a format or arguments whose text is not modelled");
    std::optional<std::uint64_t> limit;
    if (fi == 2) {
        limit = frontend::evaluate_constant(e.operand(1), dm);
        if (!limit) throw frontend::Unsupported(e.operand(1).loc, f.name + " with a size that is not a constant");
    }
    const std::string written = frontend::written_text(*text, limit);
    const Type char_t = Type::of(TypeKind::Char);
    for (std::size_t i = 0; i < written.size(); ++i) {
        Place at = pointee_place(args[0], char_t);
        at.off = tm_.mk_add(std::vector<smt::Term>{at.off, num(static_cast<i128>(i))});
        const i128 ch = static_cast<signed char>(written[i]);  // plain char is signed
        store(at, Val{num(ch), false, Interval::of(ch, ch)}, e.loc);
    }
    const i128 n = static_cast<i128>(text->size());
    return Val{num(n), false, Interval::of(n, n)};
}

// sscanf: an over-approximation (docs/libc.md): any result in {EOF, 0..n} and any values for
// the first r targets, which the replay confirms or refutes with glibc's sscanf. The format
// must be a literal that the replay accepts (libc_sscanf.hpp).
Val Lowerer::scan_string_call(const Expr& e, const std::vector<Val>& args) {
    const frontend::FunctionDecl& f = *e.callee;
    if (args.size() < 2 || e.operand(1).kind != ExprKind::StringLiteral)
        throw frontend::Unsupported(e.loc, f.name + " with a format that is not a string literal");
    std::string why;
    if (!frontend::parse_scan_format(e.operand(1).text, why))
        throw frontend::Unsupported(e.operand(1).loc, f.name + " with " + why);
    return scan_targets(e, args, 2, false);
}

}  // namespace craig::verifier::detail
