// Algorithm per length: which lengths one kernel computes, Rader or Bluestein for lengths with
// a prime factor above 13, Bluestein's convolution length, and the split of a long length into
// passes of one kernel each.
#include "internal.h"

#include "cost.h"
#include "factorize.h"
#include "stockham.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace clfft_ng::planning {

// Rader's convolution over p - 1 points costs about half of Bluestein's over M >= 2p - 1
// points (two rounds of passes each) and is more accurate; any other length runs Bluestein.
// p - 1 of factors 2..13 only: a prime radix in the convolution (103: 102 = 2 x 3 x 17) made the
// real rows, whose Rader has only the Stockham form, take it over the lanes' Bluestein (R2C 103 x
// 8192 2.4x slower) for an error within 1.15x of FFTW's either way.
bool useRader(const Context& ctx, std::size_t n)
{
    return n > static_cast<std::size_t>(kMaxPrimeRadix) && n - 1 <= ctx.tuning.maxConvolutionKernelLength &&
           primitiveRoot(n) != 0 && hasFactorsUpTo(n - 1, 13);
}

namespace {

// The cheapest multiple of `step` from `least` up to 5/4 of it of factors 2, 3, 5, 7 (by fftCost,
// so 2^k usually wins over an odd smooth number a few percent shorter); `longPowersOfTwo` false:
// none past 8192.
std::size_t cheapestSmooth(std::size_t least, std::size_t step, bool longPowersOfTwo)
{
    std::size_t best = 0;
    double bestCost = 1e300;
    for (std::size_t m = least; m <= least + least / 4 + step; m += step) {
        if (!longPowersOfTwo && m > 8192 && (m & (m - 1)) == 0)
            continue;
        std::size_t r = m;
        for (std::size_t p : {2, 3, 5, 7})
            while (r % p == 0)
                r /= p;
        if (r != 1)
            continue;
        const double cost = fftCost(m);
        if (cost < bestCost) {
            bestCost = cost;
            best = m;
        }
    }
    return best;
}

} // namespace

// The cheapest length >= 2n-1 our passes compute.
std::size_t bluesteinLength(std::size_t n)
{
    // Remembered per process: the planner asks for each length many times, and each answer
    // costs a scan of n/2 lengths (10007: 4 ms of a 35 ms warm bake before it was kept).
    static std::mutex mutex;
    static std::unordered_map<std::size_t, std::size_t> known;
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (auto it = known.find(n); it != known.end())
            return it->second;
    }
    const std::size_t best = cheapestSmooth(2 * n - 1, 1, true);
    std::lock_guard<std::mutex> lock(mutex);
    known.emplace(n, best);
    return best;
}

// The cheapest multiple of 64 (8 lanes of 8-point DFTs across them) >= 2n-1, not a power of
// two past 8192: 8191 over 16384 points ran at 0.95x of 17280 (0.58x before the row lanes'
// items took fresh indices).
std::size_t rowLaneBluesteinLength(std::size_t n)
{
    return cheapestSmooth((2 * n - 1 + 63) / 64 * 64, 64, false);
}

bool rowLaneBluesteinFits(const Context& ctx, std::size_t n)
{
    const std::size_t bytes = rowLaneSlotBytes(rowLaneBluesteinLength(n), 8, ctx.precision());
    return ctx.tuning.rowLaneBluesteinMinLength && n >= ctx.tuning.rowLaneBluesteinMinLength && ctx.cpuForms() &&
           ctx.limits.rowLaneKernels && ctx.limits.rowLaneBluestein && ctx.tuning.lanes == 8 &&
           !ctx.problem.inPieces.length &&
           bytes <= ctx.limits.localMemBytes;
}

// Split exchange (half the local memory) is a form of complex passes only (makePass).
bool fitsOneKernel(const Context& ctx, std::size_t n, bool complexPass)
{
    const TuningProfile& t = ctx.tuning;
    const bool direct = hasCodeletFactors(n);
    const std::size_t points = direct ? n : useRader(ctx, n) ? n - 1 : bluesteinLength(n);
    const std::size_t bytes = points * complexBytes(ctx.precision());
    if (points > (direct ? t.maxSingleKernelLength : t.maxConvolutionKernelLength))
        return false;
    if (points > t.maxConvolutionKernelLength && points % t.longRowMultiple != 0)
        return false;
    return bytes <= ctx.limits.localMemBytes || (direct && complexPass && bytes / 2 <= ctx.limits.localMemBytes);
}

// On CPUs a lane kernel holds the whole Bluestein convolution of 8 transforms when another
// dimension (`counts`, d excluded) gives it 8 transforms (what chooseCpuForm will find).
bool laneBluesteinFits(const Context& ctx, std::size_t n, std::size_t d, const std::vector<std::size_t>& counts,
                       bool overRader)
{
    if (!ctx.cpuForms() || hasCodeletFactors(n) || (useRader(ctx, n) && !overRader) ||
        !laneLocalFits(ctx, bluesteinLength(n), true))
        return false;
    for (std::size_t e = 0; e < counts.size(); ++e)
        if (e != d && counts[e] >= ctx.tuning.lanes)
            return true;
    return false;
}

namespace {

// Divisors of n (n has only small prime factors), ascending.
std::vector<std::size_t> divisors(std::size_t n)
{
    std::vector<std::size_t> result{1};
    std::size_t rest = n;
    for (std::size_t p = 2; p <= rest; ++p) {
        std::size_t e = 0;
        while (rest % p == 0) {
            rest /= p;
            ++e;
        }
        const std::size_t size = result.size();
        std::size_t power = 1;
        for (std::size_t k = 0; k < e; ++k) {
            power *= p;
            for (std::size_t i = 0; i < size; ++i)
                result.push_back(result[i] * power);
        }
    }
    std::sort(result.begin(), result.end());
    return result;
}

} // namespace

// Equal factors balance the work of the passes.
std::vector<std::size_t> splitLength(const Context& ctx, std::size_t n, std::size_t parts, double firstScale)
{
    if (parts == 1)
        return fitsOneKernel(ctx, n) ? std::vector<std::size_t>{n} : std::vector<std::size_t>{};
    std::vector<std::size_t> candidates = divisors(n);
    // f x (f / s)^(parts - 1) = n for a first factor f = s x the others
    const double p = static_cast<double>(parts);
    const double target = std::pow(static_cast<double>(n) * std::pow(firstScale, p - 1), 1.0 / p);
    std::stable_sort(candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) {
        return std::fabs(std::log(static_cast<double>(a) / target)) < std::fabs(std::log(static_cast<double>(b) / target));
    });
    // CPU lane passes of powers of two: among first factors within 2x of the target, the split of
    // fewest radix passes in all (each one a trip through local memory), the most balanced of
    // those. Not other lengths: Bluestein 65537 (133120 as 208 x 640, not 320 x 416) lost 0.86x.
    if (ctx.tuning.splitFewestRadixPasses && (n & (n - 1)) == 0) {
        // (the passes of a split go through local memory)
        const double radix16Cost = laneRadix16PassCost(ctx.tuning, ctx.tuning.laneRadix16OnlyInRegisters);
        std::vector<std::size_t> best;
        std::size_t bestPasses = SIZE_MAX;
        double bestDistance = 0;
        // Two splits as balanced and of as many passes (odd powers of two): the shorter first
        // where the profile says so.
        const bool shorterFirst = ctx.precision() == Precision::Single && n <= ctx.tuning.splitShorterFirstSingleMax;
        for (std::size_t f : candidates) {
            const double distance = std::fabs(std::log(static_cast<double>(f) / target));
            if (distance > std::log(2.0) + 1e-9)
                break;
            if (f < 2 || !fitsOneKernel(ctx, f))
                continue;
            std::vector<std::size_t> split = splitLength(ctx, n / f, parts - 1);
            if (split.empty())
                continue;
            split.insert(split.begin(), f);
            std::size_t passes = 0;
            for (std::size_t len : split)
                passes += hasCodeletFactors(len) ? chooseRadices(len, 16, radix16Cost).size() : 0;
            if (passes < bestPasses || (shorterFirst && passes == bestPasses && std::fabs(distance - bestDistance) < 1e-9 &&
                                        f < best.front())) {
                bestPasses = passes;
                bestDistance = distance;
                best = split;
            }
        }
        if (!best.empty())
            return best;
    }
    for (std::size_t f : candidates) {
        if (f < 2 || !fitsOneKernel(ctx, f))
            continue;
        std::vector<std::size_t> rest = splitLength(ctx, n / f, parts - 1);
        if (!rest.empty()) {
            rest.insert(rest.begin(), f);
            return rest;
        }
    }
    return {};
}

namespace {

// CPU lane passes, a length of two passes that is not a power of two: the first factor nearest
// the balance (within 2x) that is a multiple of the lanes, so that the second pass, over the
// first's columns, runs whole sets of lanes (5000 as 40 x 125, not 100 x 50).
std::vector<std::size_t> splitForFullLanes(const Context& ctx, std::size_t n)
{
    const std::size_t W = ctx.tuning.lanes;
    if (!ctx.tuning.splitForFullLanes || W < 2 || (n & (n - 1)) == 0)
        return {};
    std::vector<std::size_t> candidates = divisors(n);
    const double target = std::sqrt(static_cast<double>(n));
    std::stable_sort(candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) {
        return std::fabs(std::log(static_cast<double>(a) / target)) < std::fabs(std::log(static_cast<double>(b) / target));
    });
    for (std::size_t f : candidates) {
        if (std::fabs(std::log(static_cast<double>(f) / target)) > std::log(2.0) + 1e-9)
            break;
        if (f % W == 0 && fitsOneKernel(ctx, f) && fitsOneKernel(ctx, n / f))
            return {f, n / f};
    }
    return {};
}

} // namespace

// An odd count of passes cannot start and end in one buffer.
std::vector<std::size_t> splitIntoPasses(const Context& ctx, std::size_t n, bool sameBuffer)
{
    if (ctx.tuning.firstPassScale == 1)
        if (std::vector<std::size_t> f = splitForFullLanes(ctx, n); !f.empty())
            return f;
    std::vector<std::size_t> factors;
    for (std::size_t parts = 2; parts <= ctx.tuning.maxPassesPerLength && factors.empty(); ++parts)
        if (!(sameBuffer && parts % 2 == 1))
            factors = splitLength(ctx, n, parts, ctx.tuning.firstPassScale);
    return factors;
}

} // namespace clfft_ng::planning
