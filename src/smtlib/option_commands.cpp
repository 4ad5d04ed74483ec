// set-option, get-option, set-info, get-info, and the output channels.
#include <iostream>

#include "itp/options.hpp"
#include "smtlib/interpreter_impl.hpp"

namespace craig::smtlib {

namespace {

#ifdef CRAIG_VERSION
constexpr const char* kVersion = CRAIG_VERSION;
#else
constexpr const char* kVersion = "0.1.0";  // keep in step with project() in CMakeLists.txt
#endif

}  // namespace

std::ostream* Interpreter::open_channel(uint32_t node, const std::string& name, std::unique_ptr<std::ofstream>& file,
                                        bool diagnostic) {
    if (name == "stdout") return &stdout_;
    if (name == "stderr") return diagnostic && !script_opts_.diagnostics ? &null_ : &std::cerr;
    if (!script_opts_.allow_output_files)
        throw Unsupported((*pool_)[node].loc, "output channels other than stdout and stderr");
    auto f = std::make_unique<std::ofstream>(name, std::ios::out | std::ios::trunc);
    if (!*f) fail(node, "cannot open '" + name + "' for writing");
    file = std::move(f);
    return file.get();
}

bool Interpreter::cmd_set_option(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 2, "(set-option KEYWORD VALUE)");
    if ((*pool_)[args[0]].kind != SKind::Keyword)
        fail(args[0], "expected an option keyword, got " + describe(*pool_, args[0]));
    const std::string name = (*pool_)[args[0]].text.substr(1);
    const OptionSpec* spec = find_option(name);
    if (!spec) throw Unsupported((*pool_)[args[0]].loc, "the option :" + name, true);
    if (args.size() < 2) fail(args[0], "expected a value after :" + name);
    uint32_t v = args[1];
    OptionValues next = options_;
    switch (spec->type) {
        case OptionType::Bool: {
            // 0 and 1 are accepted too (OpenSMT's benchmarks use them)
            const SNode& n = (*pool_)[v];
            bool one = n.kind == SKind::Numeral && n.text == "1";
            bool zero = n.kind == SKind::Numeral && n.text == "0";
            if (!pool_->is_word(v, "true") && !pool_->is_word(v, "false") && !one && !zero)
                fail(v, "expected true or false, got " + describe(*pool_, v));
            next.set_bool(name, pool_->is_word(v, "true") || one);
            break;
        }
        case OptionType::Numeral:
            next.set_numeral(name, numeral_arg(v, name == "random-seed" ? UINT32_MAX : UINT64_MAX));
            break;
        case OptionType::String:
        case OptionType::Symbol: {
            const SNode& n = (*pool_)[v];
            if (spec->type == OptionType::String && n.kind != SKind::String)
                fail(v, "expected a string, got " + describe(*pool_, v));
            if (spec->type == OptionType::Symbol && !pool_->is_symbol(v) && n.kind != SKind::Numeral &&
                n.kind != SKind::String)
                fail(v, "expected a symbol, got " + describe(*pool_, v));
            // The table's own check (the command line uses the same), stored in canonical form.
            std::string canonical;
            const std::string why = check_value(*spec, n.text, &canonical);
            if (!why.empty()) {
                // A known value this build cannot honour says why (the table's reason).
                const bool unavailable = why.rfind("unknown value", 0) != 0 && spec->type == OptionType::Symbol;
                fail(v, unavailable                        ? why
                        : spec->type == OptionType::Symbol ? "unknown value " + describe(*pool_, v) + " of :" + name
                                                           : "expected a rational between 0 and 1 such as \"1/3\", got " +
                                                                 describe(*pool_, v));
            }
            next.set_text(*spec, canonical);
            break;
        }
    }
    if (spec->start_mode_only && assert_mode_ && next.printed(name) != options_.printed(name))
        fail(args[0], ":" + name + " can only be set before the first declaration or assertion");
    if (name == "regular-output-channel")
        regular_ = open_channel(v, (*pool_)[v].text, regular_file_, false);
    else if (name == "diagnostic-output-channel")
        diagnostic_ = open_channel(v, (*pool_)[v].text, diagnostic_file_, true);
    options_ = std::move(next);
    success();
    return true;
}

bool Interpreter::cmd_get_option(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 1, "(get-option KEYWORD)");
    if ((*pool_)[args[0]].kind != SKind::Keyword)
        fail(args[0], "expected an option keyword, got " + describe(*pool_, args[0]));
    const std::string name = (*pool_)[args[0]].text.substr(1);
    if (!find_option(name)) throw Unsupported((*pool_)[args[0]].loc, "the option :" + name, true);
    *regular_ << options_.printed(name) << "\n";
    return true;
}

bool Interpreter::cmd_set_info(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 2, "(set-info KEYWORD VALUE)");
    if ((*pool_)[args[0]].kind != SKind::Keyword)
        fail(args[0], "expected an info keyword, got " + describe(*pool_, args[0]));
    if ((*pool_)[args[0]].text == ":status") {
        if (args.size() < 2 ||
            !(pool_->is_word(args[1], "sat") || pool_->is_word(args[1], "unsat") || pool_->is_word(args[1], "unknown")))
            fail(args.size() < 2 ? args[0] : args[1], "expected sat, unsat or unknown after :status");
    }
    success();
    return true;
}

void Interpreter::write_statistics(std::ostream& os, const char* separator) const {
    os << "(";
    bool first = true;
    if (solver_) {
        for (const auto& [k, v] : solver_->statistics()) {
            bool number = !v.empty() && v.find_first_not_of("0123456789.") == std::string::npos && v.front() != '.' &&
                          v.back() != '.';
            os << (first ? "" : separator) << ":" << k << " " << (number ? v : quote_string(v));
            first = false;
        }
    }
    os << ")";
}

bool Interpreter::cmd_get_info(uint32_t cmd, Args args) {
    arity(cmd, args, 1, 1, "(get-info KEYWORD)");
    if ((*pool_)[args[0]].kind != SKind::Keyword)
        fail(args[0], "expected an info keyword, got " + describe(*pool_, args[0]));
    const std::string& key = (*pool_)[args[0]].text;
    std::ostream& out = *regular_;
    if (key == ":name") {
        out << "(:name \"craig\")\n";
    } else if (key == ":version") {
        out << "(:version " << quote_string(kVersion) << ")\n";
    } else if (key == ":authors") {
        out << "(:authors \"the craig developers\")\n";
    } else if (key == ":error-behavior") {
        out << "(:error-behavior continued-execution)\n";
    } else if (key == ":assertion-stack-levels") {
        out << "(:assertion-stack-levels " << env_->level() << ")\n";
    } else if (key == ":reason-unknown") {
        if (!checked_ || last_.result != smt::Result::Unknown)
            fail(args[0], "no reason: the last check-sat did not answer unknown");
        const std::string& r = last_.reason;
        out << "(:reason-unknown " << (is_simple_symbol(r) ? r : quote_string(r)) << ")\n";
    } else if (key == ":all-statistics") {
        out << "(:all-statistics ";
        write_statistics(out, " ");
        out << ")\n";
    } else {
        throw Unsupported((*pool_)[args[0]].loc, "the info flag " + key, true);
    }
    return true;
}

}  // namespace craig::smtlib
