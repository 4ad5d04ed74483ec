// Farkas certificate checker: a plain sum over a map, deliberately unlike the simplex code.
#include "smt/lra/farkas_check.hpp"

#include <map>

namespace craig::lra {

bool check_farkas(const Definitions& defs, std::span<const FarkasTerm> terms, std::string* why) {
    auto fail = [why](std::string msg) {
        if (why) *why = std::move(msg);
        return false;
    };
    if (terms.empty()) return fail("empty certificate");
    std::map<uint32_t, mpq_class> poly;  // structural variable -> summed coefficient
    DeltaRational constant;
    for (size_t i = 0; i < terms.size(); ++i) {
        const FarkasTerm& t = terms[i];
        if (sgn(t.coeff) <= 0)
            return fail(std::string("coefficient ")
                            .append(std::to_string(i))
                            .append(" is not positive: ")
                            .append(t.coeff.get_str()));
        // upper: λ·v <= λ·u;  lower: -λ·v <= -λ·l.
        mpq_class sign_coeff = t.upper ? mpq_class(t.coeff) : mpq_class(-t.coeff);
        if (defs.is_slack(t.var)) {
            for (const auto& [w, c] : defs.definition(t.var)) {
                if (defs.is_slack(w)) return fail("definition of a slack mentions a slack");
                poly[w] += sign_coeff * c;
            }
        } else {
            poly[t.var] += sign_coeff;
        }
        constant += t.bound * sign_coeff;
    }
    for (const auto& [v, c] : poly)
        if (sgn(c) != 0)
            return fail(
                std::string("variable v").append(std::to_string(v)).append(" keeps coefficient ").append(c.get_str()));
    if (constant >= DeltaRational(0, 0))
        return fail(std::string("bound sum ").append(constant.to_string()).append(" is not negative"));
    return true;
}

bool check_farkas(const Simplex& s, const Simplex::Conflict& c, std::string* why) {
    if (c.farkas.size() != c.bounds.size()) {
        if (why) *why = "farkas and bounds differ in length";
        return false;
    }
    std::vector<FarkasTerm> terms;
    for (size_t i = 0; i < c.farkas.size(); ++i) {
        if (c.bounds[i].var >= s.num_vars()) {
            if (why) *why = "unknown variable in certificate";
            return false;
        }
        terms.push_back(FarkasTerm{c.farkas[i].second, c.bounds[i].var, c.bounds[i].upper, c.bounds[i].bound});
    }
    Definitions defs{[&s](uint32_t v) { return s.is_slack(v); }, [&s](uint32_t v) { return s.row_definition(v); }};
    return check_farkas(defs, terms, why);
}

}  // namespace craig::lra
