// Which share of a suite's cases a run takes (tests/README.md, "Tiers").
//
//   CLFFT_TEST_TIER   quick (default): the cases that cover each code path once, for the
//                     README's test command; sweep: the other cases (CTest entries *_sweep,
//                     label sweep); all: both.
//   CLFFT_TEST_SHARE  k/n (0 <= k < n): of the sweep cases, only those whose index i has
//                     i % n == k. .ci/run derives k from the commit hash, so every sweep case runs
//                     within n landings; unset: all of them.
//
// A suite lists its cases in two vectors and passes them through tiered(); the quick vector is
// never thinned by the share, so a run's fixed part is the quick tier.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace clfft_test {

enum class Tier { Quick, Sweep, All };

inline Tier testTier()
{
    const char* v = std::getenv("CLFFT_TEST_TIER");
    if (!v || !*v || std::strcmp(v, "quick") == 0)
        return Tier::Quick;
    if (std::strcmp(v, "sweep") == 0)
        return Tier::Sweep;
    if (std::strcmp(v, "all") == 0)
        return Tier::All;
    // A typo must not silently shrink a run: take everything and say so.
    std::fprintf(stderr, "CLFFT_TEST_TIER=%s: expected quick, sweep or all; running all\n", v);
    return Tier::All;
}

// CLFFT_TEST_SHARE as (k, n); (0, 1) when unset or malformed (then every sweep case runs).
inline std::pair<unsigned long, unsigned long> testShare()
{
    const char* v = std::getenv("CLFFT_TEST_SHARE");
    unsigned long k = 0, n = 0;
    if (!v || std::sscanf(v, "%lu/%lu", &k, &n) != 2 || n == 0 || k >= n) {
        if (v && *v)
            std::fprintf(stderr, "CLFFT_TEST_SHARE=%s: expected k/n with k < n; running every case\n", v);
        return {0, 1};
    }
    return {k, n};
}

template <class T> std::vector<T> tiered(std::vector<T> quick, const std::vector<T>& sweep)
{
    const Tier t = testTier();
    if (t == Tier::Quick)
        return quick;
    const auto [k, n] = testShare();
    std::vector<T> out;
    if (t == Tier::All)
        out = std::move(quick);
    for (std::size_t i = 0; i < sweep.size(); ++i)
        if (i % n == k)
            out.push_back(sweep[i]);
    return out;
}

// For a test that loops over its own cases: whether a case marked quick (or not) runs in this
// tier. The share does not thin these loops; such tests carry the Boost label "tiered" so that
// their sweep entry runs them alone (--run_test=@tiered).
inline bool inTier(bool quickCase)
{
    const Tier t = testTier();
    return t == Tier::All || (t == Tier::Quick) == quickCase;
}

} // namespace clfft_test
