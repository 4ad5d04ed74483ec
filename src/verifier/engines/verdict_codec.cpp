#include "verifier/engines/verdict_codec.hpp"

#include <sstream>

#include "smt/terms/term_codec.hpp"

namespace craig::verifier {

namespace {

// Length-prefixed strings keep any bytes (reasons, names, encoded terms).
void put(std::ostream& out, const std::string& s) { out << s.size() << ":" << s << "\n"; }

bool get(std::istream& in, std::string& s) {
    std::size_t n = 0;
    char colon = 0;
    if (!(in >> n) || !in.get(colon) || colon != ':') return false;
    s.assign(n, '\0');
    if (!in.read(s.data(), static_cast<std::streamsize>(n))) return false;
    return true;
}

}  // namespace

std::string encode_verdict(const Program& p, const Verdict& v, const std::string& arg_dot, const Procedures* procs) {
    std::ostringstream out;
    out << "verdict " << static_cast<int>(v.kind) << "\n";
    put(out, v.reason);
    out << "bound " << (v.certificate.complete_bound ? static_cast<long long>(*v.certificate.complete_bound) : -1)
        << "\n";
    put(out, v.certificate.invariants.empty() ? std::string() : smt::encode_terms(p.terms(), v.certificate.invariants));
    // Contracts: guard and summary per procedure, as one list.
    std::vector<smt::Term> contracts;
    for (const Contract& c : v.certificate.contracts) {
        contracts.push_back(c.guard);
        contracts.push_back(c.summary);
    }
    put(out, contracts.empty() ? std::string() : smt::encode_terms(p.terms(), contracts));
    // The unwound call tree: unwinding, the codes of error and call edges, the refuted flags.
    if (const auto& u = v.certificate.unwound) {
        out << "unwound 1 " << u->unwinding << " " << u->codes.error_code.size() << " " << u->codes.call_code.size()
            << " " << u->refuted.size();
        for (const auto& [e, c] : u->codes.error_code) out << " " << e << " " << c;
        for (const auto& [e, c] : u->codes.call_code) out << " " << e << " " << c;
        for (std::int64_t c : u->refuted) out << " " << c;
        out << "\n";
    } else {
        out << "unwound 0\n";
    }
    // k-induction: k, simple paths, the auxiliary map.
    if (const auto& ki = v.certificate.kinduction) {
        out << "kind 1 " << ki->k << " " << (ki->simple_path ? 1 : 0) << "\n";
        put(out, ki->invariants.empty() ? std::string() : smt::encode_terms(p.terms(), ki->invariants));
    } else {
        out << "kind 0\n";
    }
    out << "model " << (procs ? 1 : 0) << "\n";
    out << "path " << v.cex.plain_path.size();
    for (EdgeId e : v.cex.plain_path) out << " " << e;
    out << "\ninputs " << v.cex.inputs.size() << "\n";
    for (const InputValue& in : v.cex.inputs) {
        out << in.bits << " ";
        put(out, in.text);
    }
    // Accelerated loops: the parent sizes its replay by the iterations and refuses an unexpanded path.
    out << "accel " << v.cex.accelerated_iterations << " " << (v.cex.unexpanded ? 1 : 0) << "\n";
    const auto entries = v.stats.entries();
    out << "stats " << entries.size() << "\n";
    for (const base::Statistics::Entry& e : entries) {
        out << static_cast<int>(e.kind) << " ";
        put(out, e.name);
        switch (e.kind) {
            case base::Statistics::Kind::Count: out << e.count << "\n"; break;
            case base::Statistics::Kind::Seconds: out << e.seconds << "\n"; break;
            case base::Statistics::Kind::Text: put(out, e.text); break;
        }
    }
    put(out, arg_dot);
    return out.str();
}

std::optional<Verdict> decode_verdict(const Program& p, const std::string& text, std::string* arg_dot,
                                      const Procedures* procs) {
    std::istringstream in(text);
    Verdict v;
    std::string tag, terms;
    int kind = 0;
    long long bound = -1;
    if (!(in >> tag >> kind) || tag != "verdict" || kind < 0 || kind > 2) return std::nullopt;
    v.kind = static_cast<VerdictKind>(kind);
    if (!get(in, v.reason) || !(in >> tag >> bound) || tag != "bound") return std::nullopt;
    if (bound >= 0) v.certificate.complete_bound = static_cast<unsigned>(bound);
    if (!get(in, terms)) return std::nullopt;
    if (!terms.empty()) {
        auto inv = smt::decode_terms(p.terms(), terms);
        if (!inv || inv->size() != p.locs.size()) return std::nullopt;
        v.certificate.invariants = std::move(*inv);
    }
    if (!get(in, terms)) return std::nullopt;
    if (!terms.empty()) {
        auto flat = smt::decode_terms(p.terms(), terms);
        if (!flat || !procs || flat->size() != 2 * procs->procs.size()) return std::nullopt;
        for (std::size_t i = 0; i < flat->size(); i += 2)
            v.certificate.contracts.push_back(Contract{(*flat)[i], (*flat)[i + 1]});
    }
    int unwound = 0;
    if (!(in >> tag >> unwound) || tag != "unwound") return std::nullopt;
    if (unwound == 1) {
        Certificate::Unwound u;
        std::size_t errors = 0, calls = 0, refuted = 0;
        if (!(in >> u.unwinding >> errors >> calls >> refuted)) return std::nullopt;
        u.codes.codes = true;
        for (std::size_t i = 0; i < errors + calls; ++i) {
            EdgeId e = 0;
            std::int64_t c = 0;
            if (!(in >> e >> c)) return std::nullopt;
            (i < errors ? u.codes.error_code : u.codes.call_code)[e] = c;
        }
        for (std::size_t i = 0; i < refuted; ++i) {
            std::int64_t c = 0;
            if (!(in >> c)) return std::nullopt;
            u.refuted.push_back(c);
        }
        v.certificate.unwound = std::move(u);
    }
    int kind_certificate = 0;
    if (!(in >> tag >> kind_certificate) || tag != "kind") return std::nullopt;
    if (kind_certificate == 1) {
        Certificate::KInduction ki;
        int simple = 0;
        if (!(in >> ki.k >> simple) || !get(in, terms)) return std::nullopt;
        ki.simple_path = simple == 1;
        if (!terms.empty()) {
            auto inv = smt::decode_terms(p.terms(), terms);
            if (!inv || inv->size() != p.locs.size()) return std::nullopt;
            ki.invariants = std::move(*inv);
        }
        v.certificate.kinduction = std::move(ki);
    }
    int model = 0;
    if (!(in >> tag >> model) || tag != "model" || (model == 1 && !procs)) return std::nullopt;
    std::size_t n = 0;
    if (!(in >> tag >> n) || tag != "path") return std::nullopt;
    const Program& plain = model == 1 ? *procs->plain : p.plain();
    std::vector<Input> inputs;  // the inputs along the path, in execution order
    for (std::size_t i = 0; i < n; ++i) {
        EdgeId e = 0;
        if (!(in >> e) || e >= plain.edges.size()) return std::nullopt;
        v.cex.plain_path.push_back(e);
        for (std::size_t j = 0; j < plain.edges[e].inputs.size(); ++j) inputs.push_back(plain.input_of(e, j));
    }
    if (!(in >> tag >> n) || tag != "inputs" || n != (v.cex.plain_path.empty() ? 0 : inputs.size()))
        return std::nullopt;
    for (std::size_t i = 0; i < n; ++i) {
        InputValue x;
        if (!(in >> x.bits) || !get(in, x.text)) return std::nullopt;
        x.input = inputs[i];
        v.cex.inputs.push_back(std::move(x));
    }
    int unexpanded = 0;
    if (!(in >> tag >> v.cex.accelerated_iterations >> unexpanded) || tag != "accel" || unexpanded < 0 ||
        unexpanded > 1)
        return std::nullopt;
    v.cex.unexpanded = unexpanded == 1;
    if (!(in >> tag >> n) || tag != "stats") return std::nullopt;
    for (std::size_t i = 0; i < n; ++i) {
        int k = 0;
        std::string name;
        if (!(in >> k) || !get(in, name)) return std::nullopt;
        if (k == static_cast<int>(base::Statistics::Kind::Count)) {
            std::uint64_t c = 0;
            if (!(in >> c)) return std::nullopt;
            v.stats.count(name, c);
        } else if (k == static_cast<int>(base::Statistics::Kind::Seconds)) {
            double s = 0;
            if (!(in >> s)) return std::nullopt;
            v.stats.seconds(name, s);
        } else {
            std::string t;
            if (!get(in, t)) return std::nullopt;
            v.stats.text(name, std::move(t));
        }
    }
    std::string arg;
    if (!get(in, arg)) return std::nullopt;
    if (arg_dot) *arg_dot = std::move(arg);
    return v;
}

}  // namespace craig::verifier
