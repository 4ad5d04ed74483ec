// The random number generator of the test generators (gen_qf_uf, gen_arith, gen_c).
//
// splitmix64: small, fast, and the same sequence with every standard library, so a seed
// names the same script or program everywhere. `salt` keeps each generator's historic
// sequences (the seeds quoted in notes and results reproduce their files).
#pragma once

#include <cstdint>
#include <vector>

namespace craig::testgen {

class Rng {
public:
    Rng(uint64_t seed, uint64_t salt) : state_(seed * 0x9E3779B97F4A7C15ull + salt) {}
    uint64_t next() {
        uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // uniform in [0, n)
    int below(int n) { return n <= 1 ? 0 : static_cast<int>(next() % static_cast<uint64_t>(n)); }
    // uniform in [lo, hi]
    int range(int lo, int hi) { return lo + below(hi - lo + 1); }
    bool chance(double p) { return static_cast<double>(next() >> 11) * 0x1.0p-53 < p; }
    template <class T>
    const T& pick(const std::vector<T>& v) {
        return v[below(static_cast<int>(v.size()))];
    }

private:
    uint64_t state_;
};

}  // namespace craig::testgen
