#pragma once

// Seeded random numbers for the synthetic store (recollector-cli generate, recollector-bench). Not
// QRandomGenerator: the output must be identical for a seed on every machine and Qt version,
// so the generators and distributions are spelled out here (std:: distributions are not
// portable across standard libraries).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace recollector::core::synth {

/// SplitMix64: seeds the main generator and derives independent per-item streams.
inline std::uint64_t splitMix64(std::uint64_t &state)
{
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/// A stream key for item `index` of a kind `salt` under `seed`, so each memory's text can be
/// regenerated on its own without replaying the whole sequence.
inline std::uint64_t streamSeed(std::uint64_t seed, std::uint64_t salt, std::uint64_t index)
{
    std::uint64_t s = seed ^ (salt * 0xD1B54A32D192ED03ULL) ^ (index * 0x9E3779B97F4A7C15ULL);
    return splitMix64(s);
}

/// xoshiro256**: fast, good quality, tiny state.
class Rng final
{
public:
    explicit Rng(std::uint64_t seed)
    {
        for (auto &word : m_s)
            word = splitMix64(seed);
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }
    /// Uniform in [0, 1).
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    /// Uniform in [0, n); n > 0.
    std::uint64_t below(std::uint64_t n) { return std::uint64_t(uniform() * double(n)); }
    /// Uniform integer in [lo, hi].
    std::int64_t between(std::int64_t lo, std::int64_t hi) { return lo + std::int64_t(below(std::uint64_t(hi - lo + 1))); }
    bool chance(double p) { return uniform() < p; }
    /// Exponential with the given mean.
    double exponential(double mean) { return -std::log(1.0 - uniform()) * mean; }
    /// Number of failures before a success, mean `mean` (geometric on {0,1,2,…}).
    int geometric(double mean)
    {
        if (mean <= 0)
            return 0;
        const double p = 1.0 / (1.0 + mean);
        return int(std::floor(std::log(1.0 - uniform()) / std::log(1.0 - p)));
    }
    /// Standard normal (Box–Muller, one value per call).
    double normal()
    {
        const double u1 = 1.0 - uniform();
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4];
};

/// Zipf over ranks 0..n-1: P(rank r) ∝ 1/(r+1)^s. Inverse-CDF table, O(log n) per draw.
class ZipfSampler final
{
public:
    ZipfSampler() = default;
    ZipfSampler(std::size_t n, double s)
    {
        m_cdf.resize(n);
        double sum = 0;
        for (std::size_t r = 0; r < n; ++r) {
            sum += 1.0 / std::pow(double(r + 1), s);
            m_cdf[r] = sum;
        }
        for (double &c : m_cdf)
            c /= sum;
    }
    std::size_t size() const { return m_cdf.size(); }
    std::size_t sample(Rng &rng) const
    {
        const double u = rng.uniform();
        const auto it = std::lower_bound(m_cdf.begin(), m_cdf.end(), u);
        return it == m_cdf.end() ? m_cdf.size() - 1 : std::size_t(it - m_cdf.begin());
    }
    /// Probability of rank r (for tests).
    double probability(std::size_t r) const { return r == 0 ? m_cdf[0] : m_cdf[r] - m_cdf[r - 1]; }

private:
    std::vector<double> m_cdf;
};

/// Picks an index by fixed weights (a handful of categories or source types).
class WeightedChoice final
{
public:
    explicit WeightedChoice(std::vector<double> weights)
    {
        double sum = 0;
        for (double w : weights)
            m_cdf.push_back(sum += w);
        for (double &c : m_cdf)
            c /= sum;
    }
    std::size_t sample(Rng &rng) const
    {
        const double u = rng.uniform();
        for (std::size_t i = 0; i < m_cdf.size(); ++i) {
            if (u < m_cdf[i])
                return i;
        }
        return m_cdf.size() - 1;
    }

private:
    std::vector<double> m_cdf;
};

} // namespace recollector::core::synth
