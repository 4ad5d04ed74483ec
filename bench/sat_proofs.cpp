// Micro benchmark of SAT-level proofs: solve time without and with proof mode, mining time,
// checking time and proof size, on generated or DIMACS CNFs. Built by bench/sat_proofs.sh
// (target sat_proofs, not part of the default build).
//
//   sat_proofs [--set NAME=VALUE]... [--plain-set NAME=VALUE]... [--reduce] INSTANCE...
//
// INSTANCE: php:N (N+1 pigeons, N holes), mult:N (miter of N-bit multipliers a·b = b·a), rand:VARS:CLAUSES:SEED (uniform random 3-SAT),
// inc:VARS:CLAUSES:SEED:ROUNDS (an incremental session: random 3-SAT under random assumptions,
// a few clauses added per round; every Unsat answer is mined and checked), or a DIMACS file.
// --set applies a CaDiCaL option to the proof-mode solver (after proof mode's own settings),
// --plain-set to the plain solver (e.g. the options proof mode switches off, to measure them).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "base/stopwatch.hpp"
#include "sat/drat_miner.hpp"
#include "sat/proof_checker.hpp"
#include "sat/proof_reduction.hpp"
#include "sat/sat_solver.hpp"

using namespace craig::sat;
using Cnf = std::vector<std::vector<Lit>>;
using Clock = std::chrono::steady_clock;

namespace {

Cnf pigeonhole(int h) {
    int p = h + 1;
    Cnf f;
    auto v = [&](int i, int j) { return i * h + j + 1; };
    for (int i = 0; i < p; ++i) {
        f.emplace_back();
        for (int j = 0; j < h; ++j) f.back().push_back(v(i, j));
    }
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < p; ++i)
            for (int k = i + 1; k < p; ++k) f.push_back({-v(i, j), -v(k, j)});
    return f;
}

Cnf random_3sat(int vars, int clauses, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> var(1, vars);
    Cnf f;
    for (int i = 0; i < clauses; ++i) {
        std::vector<Lit> c;
        while (c.size() < 3) {
            int v = var(rng);
            bool dup = false;
            for (Lit l : c) dup |= var_of(l) == v;
            if (!dup) c.push_back(rng() & 1 ? v : -v);
        }
        f.push_back(c);
    }
    return f;
}

// Tseitin encoding of a miter of two n-bit array multipliers, a·b against b·a: unsatisfiable,
// and structured (gates, equivalences) so that elimination, decomposition and probing work.
struct Circuit {
    Cnf f;
    int vars = 0;
    int fresh() { return ++vars; }
    int and2(int x, int y) {
        int z = fresh();
        f.push_back({-z, x});
        f.push_back({-z, y});
        f.push_back({z, -x, -y});
        return z;
    }
    int xor2(int x, int y) {
        int z = fresh();
        f.push_back({-z, x, y});
        f.push_back({-z, -x, -y});
        f.push_back({z, -x, y});
        f.push_back({z, x, -y});
        return z;
    }
    int or2(int x, int y) { return -and2(-x, -y); }
    std::pair<int, int> full_adder(int x, int y, int c) {
        int s1 = xor2(x, y);
        return {xor2(s1, c), or2(and2(x, y), and2(s1, c))};
    }
    std::vector<int> multiply(const std::vector<int>& a, const std::vector<int>& b) {
        size_t n = a.size();
        std::vector<int> acc(2 * n, 0);  // 0: constant false
        for (size_t i = 0; i < n; ++i) {
            int carry = 0;
            for (size_t j = 0; j < n; ++j) {
                int pp = and2(a[j], b[i]);
                int& bit = acc[i + j];
                if (!bit && !carry)
                    bit = pp;
                else if (!bit)
                    std::tie(bit, carry) = std::pair{xor2(pp, carry), and2(pp, carry)};
                else if (!carry)
                    std::tie(bit, carry) = std::pair{xor2(pp, bit), and2(pp, bit)};
                else
                    std::tie(bit, carry) = full_adder(pp, bit, carry);
            }
            acc[i + n] = carry;
        }
        return acc;
    }
};

Cnf multiplier_miter(int n) {
    Circuit c;
    std::vector<int> a, b;
    for (int i = 0; i < n; ++i) a.push_back(c.fresh()), b.push_back(c.fresh());
    auto p = c.multiply(a, b), q = c.multiply(b, a);
    std::vector<Lit> differs;
    for (size_t i = 0; i < p.size(); ++i) {
        if (!p[i] && !q[i]) continue;
        if (!p[i] || !q[i])
            differs.push_back(p[i] ? p[i] : q[i]);
        else
            differs.push_back(c.xor2(p[i], q[i]));
    }
    c.f.push_back(differs);
    return c.f;
}

Cnf read_dimacs(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    Cnf f;
    std::vector<Lit> c;
    std::string tok;
    while (in >> tok) {
        if (tok == "c" || tok == "p") {
            std::getline(in, tok);
            continue;
        }
        int l = std::stoi(tok);
        if (l)
            c.push_back(l);
        else
            f.push_back(std::move(c)), c.clear();
    }
    return f;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string part;
    while (std::getline(ss, part, sep)) out.push_back(part);
    return out;
}

using Options = std::vector<std::pair<std::string, int>>;

void configure(SatSolver& s, const Options& opts) {
    for (auto& [name, value] : opts)
        if (!s.set_option(name.c_str(), value)) throw std::runtime_error("bad option " + name);
}

void load(SatSolver& s, const Cnf& f) {
    int m = 0;
    for (auto& c : f)
        for (Lit l : c) m = std::max(m, var_of(l));
    while (s.num_vars() < m) s.new_var();
    for (auto& c : f) s.add_clause(c);
}

struct Row {
    std::string name, answer;
    double plain = 0, proof = 0, mine = 0, check = 0, reduce = 0;
    uint64_t bytes = 0, core_lemmas = 0, checked = 0, resurrected = 0;
    uint64_t units_lowered = 0, recycled = 0;
    uint64_t nodes = 0, leaves = 0, resolutions = 0, reduced_nodes = 0, reduced_resolutions = 0;
    int proofs = 0;
    bool ok = true;
    std::string error;
};

void mine_and_check(SatSolver& s, Row& row, bool reduce) {
    MinerStats ms;
    auto t = Clock::now();
    ResolutionProof p = s.proof(&ms);
    row.mine += craig::base::seconds_since(t);
    row.core_lemmas += ms.core_lemmas;
    row.checked += ms.checked;
    row.resurrected += ms.resurrected;
    row.nodes += p.num_nodes();
    row.leaves += p.num_leaves();
    row.resolutions += p.num_resolutions();
    auto root = s.failed_clause();
    t = Clock::now();
    ProofCheck c = check_resolution_proof(p, s.input_clauses(), root);
    row.check += craig::base::seconds_since(t);
    if (!c.ok) row.ok = false, row.error = c.error;
    if (reduce) {
        t = Clock::now();
        ReductionStats rs;
        ResolutionProof r = reduce_proof(p, {}, &rs);
        row.units_lowered += rs.units_lowered;
        row.recycled += rs.steps_recycled;
        row.reduce += craig::base::seconds_since(t);
        row.reduced_nodes += r.num_nodes();
        row.reduced_resolutions += r.num_resolutions();
        ProofCheck rc = check_resolution_proof(r, s.input_clauses(), root);
        if (!rc.ok) row.ok = false, row.error = "reduced: " + rc.error;
    }
    ++row.proofs;
}

const char* answer(SatResult r) { return r == SatResult::Sat ? "sat" : r == SatResult::Unsat ? "unsat" : "unknown"; }

Row run_one(const std::string& spec, const Options& proof_opts, const Options& plain_opts, bool reduce) {
    Row row;
    row.name = spec;
    auto parts = split(spec, ':');
    if (parts[0] == "inc") {
        // Incremental session: the same calls once without and once with proof mode.
        int vars = std::stoi(parts[1]), clauses = std::stoi(parts[2]), rounds = std::stoi(parts[4]);
        uint32_t seed = static_cast<uint32_t>(std::stoul(parts[3]));
        int unsat = 0;
        for (int mode = 0; mode < 2; ++mode) {
            SatSolver s(0, mode == 1);
            configure(s, mode ? proof_opts : plain_opts);
            load(s, random_3sat(vars, clauses, seed));
            std::mt19937 rng(seed);
            double solve_time = 0;
            for (int r = 0; r < rounds; ++r) {
                std::vector<Lit> assume;
                while (assume.size() < 4) {
                    int v = std::uniform_int_distribution<int>(1, vars)(rng);
                    bool dup = false;
                    for (Lit l : assume) dup |= var_of(l) == v;
                    if (!dup) assume.push_back(rng() & 1 ? v : -v);
                }
                auto t = Clock::now();
                SatResult res = s.solve(assume);
                solve_time += craig::base::seconds_since(t);
                if (res == SatResult::Unsat && mode == 1) {
                    ++unsat;
                    try {
                        mine_and_check(s, row, reduce);
                    } catch (const std::exception& e) {
                        row.ok = false, row.error = e.what();
                    }
                }
                for (auto& c : random_3sat(vars, clauses / 50 + 1, seed * 7919 + r)) s.add_clause(c);
            }
            (mode ? row.proof : row.plain) = solve_time;
            if (mode) row.bytes = s.drat_trace().size();
        }
        row.answer = std::to_string(unsat) + " unsat";
        return row;
    }
    Cnf f = parts[0] == "php"    ? pigeonhole(std::stoi(parts[1]))
            : parts[0] == "mult" ? multiplier_miter(std::stoi(parts[1]))
            : parts[0] == "rand"
                ? random_3sat(std::stoi(parts[1]), std::stoi(parts[2]), static_cast<uint32_t>(std::stoul(parts[3])))
                : read_dimacs(spec);
    {
        SatSolver s;
        configure(s, plain_opts);
        load(s, f);
        auto t = Clock::now();
        row.answer = answer(s.solve());
        row.plain = craig::base::seconds_since(t);
    }
    SatSolver s(0, true);
    configure(s, proof_opts);
    load(s, f);
    auto t = Clock::now();
    SatResult r = s.solve();
    row.proof = craig::base::seconds_since(t);
    row.bytes = s.drat_trace().size();
    if (answer(r) != row.answer) row.ok = false, row.error = "answers differ";
    if (r == SatResult::Unsat) {
        try {
            mine_and_check(s, row, reduce);
        } catch (const std::exception& e) {
            row.ok = false, row.error = e.what();
        }
    }
    return row;
}

Options parse_option(const char* arg, Options& into) {
    std::string a = arg;
    auto eq = a.find('=');
    if (eq == std::string::npos) throw std::runtime_error("expected NAME=VALUE: " + a);
    into.emplace_back(a.substr(0, eq), std::stoi(a.substr(eq + 1)));
    return into;
}

}  // namespace

int main(int argc, char** argv) {
    Options proof_opts, plain_opts;
    bool reduce = false;
    std::vector<std::string> specs;
    try {
        for (int i = 1; i < argc; ++i) {
            if (!std::strcmp(argv[i], "--set") && i + 1 < argc)
                parse_option(argv[++i], proof_opts);
            else if (!std::strcmp(argv[i], "--plain-set") && i + 1 < argc)
                parse_option(argv[++i], plain_opts);
            else if (!std::strcmp(argv[i], "--reduce"))
                reduce = true;
            else
                specs.push_back(argv[i]);
        }
        std::printf("%-22s %-9s %8s %8s %6s %8s %8s %9s %7s %8s %10s", "instance", "answer", "plain_s", "proof_s",
                    "ratio", "mine_s", "check_s", "trace_KB", "checked", "nodes", "resolution");
        if (reduce) std::printf(" %8s %10s %8s", "red_node", "red_resol", "red_s");
        std::printf(" %6s  status\n", "resurr");
        bool all_ok = true;
        for (auto& spec : specs) {
            Row r = run_one(spec, proof_opts, plain_opts, reduce);
            std::printf("%-22s %-9s %8.3f %8.3f %6.2f %8.3f %8.3f %9.1f %7llu %8llu %10llu", r.name.c_str(),
                        r.answer.c_str(), r.plain, r.proof, r.plain > 0 ? r.proof / r.plain : 0.0, r.mine, r.check,
                        r.bytes / 1024.0, (unsigned long long)r.checked, (unsigned long long)r.nodes,
                        (unsigned long long)r.resolutions);
            if (reduce)
                std::printf(" %8llu %10llu %8.3f", (unsigned long long)r.reduced_nodes,
                            (unsigned long long)r.reduced_resolutions, r.reduce);
            std::printf(" %6llu  %s\n", (unsigned long long)r.resurrected, r.ok ? "ok" : ("FAIL: " + r.error).c_str());
            std::fflush(stdout);
            all_ok &= r.ok;
        }
        return all_ok ? 0 : 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sat_proofs: %s\n", e.what());
        return 2;
    }
}
