// Zero-padded input and pruned output (issue 60, docs/zero-padding.md).
//  - the API: setters, getters, clearing, and the statuses of what is refused (at the call or at
//    bake);
//  - transforms against FFTW in double on the same input with the ranges set to zero: the input
//    buffer holds NaN in the zero ranges (a load of one would spoil the result), the output
//    buffer a pattern the skipped elements must keep (out of place), and the kept elements
//    must match within the precision's bound;
//  - each case on both tiers: the specialized kernels and the generic tier (docs/cache.md,
//    "Tiers"), whose passes take the ranges as kernel arguments; the generic tier also runs the
//    ranges the specialized planner refuses (docs/zero-padding.md, "Not yet").
#define BOOST_TEST_MODULE zero_padding
#include <boost/test/unit_test.hpp>

#include "cl_raii.h"
#include "test_env.h"

#include <clFFT-ng.h>
#include <clFFT.h>
#include <fftw3.h>

#include <cmath>
#include <complex>
#include <cstring>
#include <random>
#include <vector>

using namespace clfft_test;

namespace {

enum class Kind { C2C, R2C, C2R };

struct Range {
    std::size_t dim, begin, end;
};

struct Case {
    Kind kind;
    std::vector<std::size_t> lengths; // clFFT order, packed on both sides
    std::size_t batch;
    bool dbl;
    bool inPlace;
    std::vector<Range> zero, skip;
};

// Counts of a side (dimension 0 first): the hermitian side has N0/2+1 along dimension 0.
std::vector<std::size_t> counts(const Case& c, bool hermitian)
{
    std::vector<std::size_t> v = c.lengths;
    if (hermitian)
        v[0] = v[0] / 2 + 1;
    return v;
}

bool inRanges(std::size_t k, const std::vector<std::size_t>& n, const std::vector<Range>& ranges)
{
    std::size_t per = 1;
    for (std::size_t x : n)
        per *= x;
    k %= per;
    for (std::size_t d = 0; d < n.size(); ++d) {
        const std::size_t i = k % n[d];
        k /= n[d];
        for (const Range& r : ranges)
            if (r.dim == d && i >= r.begin && i < r.end)
                return true;
    }
    return false;
}

std::size_t product(const std::vector<std::size_t>& v)
{
    std::size_t p = 1;
    for (std::size_t x : v)
        p *= x;
    return p;
}

// FFTW in double: the logical input (complex values; the real parts alone for R2C) of every
// transform, forward for C2C and R2C, backward for C2R, unscaled but for C2R's 1/N.
std::vector<std::complex<double>> reference(const Case& c, const std::vector<std::complex<double>>& in)
{
    std::vector<int> n(c.lengths.rbegin(), c.lengths.rend()); // FFTW's order: the slowest first
    const int rank = int(n.size());
    const std::size_t N = product(c.lengths);
    const std::size_t inPer = product(counts(c, c.kind == Kind::C2R)), outPer = product(counts(c, c.kind == Kind::R2C));
    std::vector<std::complex<double>> out(c.batch * outPer);
    for (std::size_t b = 0; b < c.batch; ++b) {
        if (c.kind == Kind::C2C) {
            std::vector<std::complex<double>> x(in.begin() + b * inPer, in.begin() + (b + 1) * inPer), y(outPer);
            fftw_plan p = fftw_plan_dft(rank, n.data(), reinterpret_cast<fftw_complex*>(x.data()),
                                        reinterpret_cast<fftw_complex*>(y.data()), FFTW_FORWARD, FFTW_ESTIMATE);
            fftw_execute(p);
            fftw_destroy_plan(p);
            std::copy(y.begin(), y.end(), out.begin() + b * outPer);
        } else if (c.kind == Kind::R2C) {
            std::vector<double> x(inPer);
            for (std::size_t k = 0; k < inPer; ++k)
                x[k] = in[b * inPer + k].real();
            std::vector<std::complex<double>> y(outPer);
            fftw_plan p =
                fftw_plan_dft_r2c(rank, n.data(), x.data(), reinterpret_cast<fftw_complex*>(y.data()), FFTW_ESTIMATE);
            fftw_execute(p);
            fftw_destroy_plan(p);
            std::copy(y.begin(), y.end(), out.begin() + b * outPer);
        } else {
            std::vector<std::complex<double>> x(in.begin() + b * inPer, in.begin() + (b + 1) * inPer);
            std::vector<double> y(outPer);
            fftw_plan p =
                fftw_plan_dft_c2r(rank, n.data(), reinterpret_cast<fftw_complex*>(x.data()), y.data(), FFTW_ESTIMATE);
            fftw_execute(p);
            fftw_destroy_plan(p);
            for (std::size_t k = 0; k < outPer; ++k)
                out[b * outPer + k] = y[k] / double(N);
        }
    }
    return out;
}

template <class T> void runCase(const Case& c, bool generic)
{
    ClEnv& env = ClEnv::get();
    const bool realIn = c.kind == Kind::R2C, realOut = c.kind == Kind::C2R;
    const std::vector<std::size_t> inN = counts(c, c.kind == Kind::C2R), outN = counts(c, c.kind == Kind::R2C);
    const std::size_t inPer = product(inN), outPer = product(outN);
    const std::size_t inCount = c.batch * inPer, outCount = c.batch * outPer;

    // Input: random, the zero ranges NaN in the device's copy and zero in FFTW's. A C2R's input
    // is the spectrum of real data (hermitian), with its zero range cleared after.
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> u(-1, 1);
    std::vector<std::complex<double>> logical(inCount);
    if (c.kind == Kind::C2R) {
        Case r2c = c;
        r2c.kind = Kind::R2C;
        std::vector<std::complex<double>> realData(c.batch * product(c.lengths));
        for (auto& v : realData)
            v = u(rng);
        logical = reference(r2c, realData);
    } else
        for (auto& v : logical)
            v = {u(rng), realIn ? 0.0 : u(rng)};
    const std::size_t inReals = realIn ? 1 : 2, outReals = realOut ? 1 : 2;
    // In place, the buffer holds the larger side (a real side padded to 2(N0/2+1) along dim 0).
    const std::size_t padded0 = 2 * (c.lengths[0] / 2 + 1);
    auto realPitch = [&](std::size_t k) { // offset of real element k of a packed real side in place
        const std::size_t row = k / c.lengths[0], i = k % c.lengths[0];
        return c.inPlace ? row * padded0 + i : k;
    };
    const std::size_t inElems = realIn ? (c.inPlace ? inCount / c.lengths[0] * padded0 : inCount) : 2 * inCount;
    const std::size_t outElems = realOut ? (c.inPlace ? outCount / c.lengths[0] * padded0 : outCount) : 2 * outCount;
    std::vector<T> host(c.inPlace ? std::max(inElems, outElems) : inElems, T(0));
    for (std::size_t k = 0; k < inCount; ++k) {
        const bool zero = inRanges(k, inN, c.zero);
        if (zero)
            logical[k] = 0;
        const T re = zero ? T(NAN) : T(logical[k].real()), im = zero ? T(NAN) : T(logical[k].imag());
        if (realIn)
            host[realPitch(k)] = re;
        else {
            host[2 * k] = re;
            host[2 * k + 1] = im;
        }
    }
    const std::vector<std::complex<double>> expected = reference(c, logical);

    ScopedPlan plan;
    const clfftLayout inLayout = realIn                ? CLFFT_REAL
                                 : c.kind == Kind::C2R ? CLFFT_HERMITIAN_INTERLEAVED
                                                       : CLFFT_COMPLEX_INTERLEAVED;
    const clfftLayout outLayout = realOut               ? CLFFT_REAL
                                  : c.kind == Kind::R2C ? CLFFT_HERMITIAN_INTERLEAVED
                                                        : CLFFT_COMPLEX_INTERLEAVED;
    createPlanFor(plan, c.lengths, c.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE, inLayout, outLayout, c.inPlace, c.batch);
    if (c.inPlace && c.kind != Kind::C2C) { // real rows padded to the hermitian rows' bytes
        std::vector<std::size_t> rs(c.lengths.size()), hs(c.lengths.size());
        std::size_t r = 1, h = 1;
        for (std::size_t d = 0; d < c.lengths.size(); ++d) {
            rs[d] = r;
            hs[d] = h;
            r *= d == 0 ? padded0 : c.lengths[d];
            h *= d == 0 ? padded0 / 2 : c.lengths[d];
        }
        if (realIn)
            setPlanStrides(plan, rs, hs, r, h);
        else
            setPlanStrides(plan, hs, rs, h, r);
    }
    for (const Range& r : c.zero)
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanZeroInput(plan.h, r.dim, r.begin, r.end));
    for (const Range& r : c.skip)
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanSkipOutput(plan.h, r.dim, r.begin, r.end));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_FORWARD, 1.0f));
    REQUIRE_CLFFT_SUCCESS(
        clfftNgSetPlanTiering(plan.h, generic ? CLFFT_NG_TIER_GENERIC_ONLY : CLFFT_NG_TIER_SPECIALIZED_ONLY));
    cl_command_queue q = env.queue;
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &q, nullptr, nullptr));
    clfftNgTiering tier = CLFFT_NG_TIER_AUTO;
    REQUIRE_CLFFT_SUCCESS(clfftNgGetPlanTier(plan.h, &tier));
    BOOST_TEST(tier == (generic ? CLFFT_NG_TIER_GENERIC_ONLY : CLFFT_NG_TIER_SPECIALIZED_ONLY));

    const T sentinel = T(1234.5);
    ScopedBuffer in(host.size() * sizeof(T), host.data());
    std::vector<T> before(c.inPlace ? host.size() : outElems, sentinel);
    ScopedBuffer out = c.inPlace ? ScopedBuffer() : ScopedBuffer(before.size() * sizeof(T), before.data());
    cl_mem inMem = in.mem, outMem = out.mem;
    const clfftDirection dir = c.kind == Kind::C2R ? CLFFT_BACKWARD : CLFFT_FORWARD;
    REQUIRE_CLFFT_SUCCESS(
        clfftEnqueueTransform(plan.h, dir, 1, &q, 0, nullptr, nullptr, &inMem, c.inPlace ? nullptr : &outMem, nullptr));
    std::vector<T> got(c.inPlace ? host.size() : outElems);
    env.read(c.inPlace ? inMem : outMem, got.size() * sizeof(T), got.data());

    double diff2 = 0, ref2 = 0;
    std::size_t overwritten = 0;
    for (std::size_t k = 0; k < outCount; ++k) {
        const std::size_t at = realOut ? realPitch(k) : 2 * k;
        if (inRanges(k, outN, c.skip)) {
            if (!c.inPlace && (got[at] != sentinel || (!realOut && got[at + 1] != sentinel)))
                ++overwritten;
            continue;
        }
        const std::complex<double> g(double(got[at]), realOut ? expected[k].imag() : double(got[at + 1]));
        diff2 += std::norm(g - expected[k]);
        ref2 += std::norm(expected[k]);
    }
    (void)outReals;
    (void)inReals;
    const double err = std::sqrt(diff2 / std::max(ref2, 1e-300));
    const double bound = (c.dbl ? 1e-13 : 2e-6) * std::max(1.0, std::log2(double(product(c.lengths))) / 12.0);
    BOOST_TEST_MESSAGE("relative L2 error " << err << " (bound " << bound << ")");
    BOOST_TEST(err <= bound); // false for NaN: a zero-range element was read
    BOOST_TEST(overwritten == 0u);
}

enum class Tiers { Both, GenericOnly };

void run(const Case& c, Tiers tiers = Tiers::Both)
{
    if (c.dbl && !ClEnv::get().hasDouble) {
        notRunOnThisDevice("double-precision zero-padding case", "the device has no fp64");
        return;
    }
    for (const bool generic : {false, true}) {
        if (!generic && tiers == Tiers::GenericOnly)
            continue;
        const char* tierName = generic ? "generic tier" : "specialized kernels";
        BOOST_TEST_CONTEXT(tierName)
        {
            if (c.dbl)
                runCase<double>(c, generic);
            else
                runCase<float>(c, generic);
        }
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(setters_getters_and_refusals)
{
    ScopedPlan plan;
    createPlanFor(plan, {16, 8}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 1);
    std::size_t b = 9, e = 9;
    BOOST_TEST(clfftNgGetPlanZeroInput(plan.h, 0, &b, &e) == CLFFT_SUCCESS);
    BOOST_TEST((b == 0 && e == 0));
    BOOST_TEST(clfftNgSetPlanZeroInput(plan.h, 0, 8, 16) == CLFFT_SUCCESS);
    BOOST_TEST(clfftNgSetPlanSkipOutput(plan.h, 1, 4, 8) == CLFFT_SUCCESS);
    BOOST_TEST(clfftNgGetPlanZeroInput(plan.h, 0, &b, &e) == CLFFT_SUCCESS);
    BOOST_TEST((b == 8 && e == 16));
    BOOST_TEST(clfftNgGetPlanSkipOutput(plan.h, 1, &b, &e) == CLFFT_SUCCESS);
    BOOST_TEST((b == 4 && e == 8));
    // refused at the call
    BOOST_TEST(clfftNgSetPlanZeroInput(plan.h, 3, 0, 1) == CLFFT_INVALID_ARG_VALUE);
    BOOST_TEST(clfftNgSetPlanZeroInput(plan.h, 0, 5, 4) == CLFFT_INVALID_ARG_VALUE);
    BOOST_TEST(clfftNgSetPlanSkipOutput(plan.h, 0, 0, 17) == CLFFT_INVALID_ARG_VALUE);
    BOOST_TEST(clfftNgGetPlanZeroInput(plan.h, 0, nullptr, &e) == CLFFT_INVALID_HOST_PTR);
    BOOST_TEST(clfftNgSetPlanZeroInput(clfftPlanHandle(987654), 0, 0, 1) == CLFFT_INVALID_PLAN);
    cl_command_queue q = ClEnv::get().queue;
    // refused at bake: a dimension the plan lacks, the whole dimension, a range short of the end
    // on a dimension the plan must skip by rows (docs/zero-padding.md)
    BOOST_TEST(clfftNgSetPlanZeroInput(plan.h, 2, 0, 1) == CLFFT_SUCCESS);
    BOOST_TEST(clfftBakePlan(plan.h, 1, &q, nullptr, nullptr) == CLFFT_INVALID_ARG_VALUE);
    BOOST_TEST(clfftNgSetPlanZeroInput(plan.h, 2, 0, 0) == CLFFT_SUCCESS); // cleared
    BOOST_TEST(clfftNgSetPlanZeroInput(plan.h, 0, 0, 16) == CLFFT_SUCCESS);
    BOOST_TEST(clfftBakePlan(plan.h, 1, &q, nullptr, nullptr) == CLFFT_INVALID_ARG_VALUE);
    BOOST_TEST(clfftNgSetPlanZeroInput(plan.h, 0, 0, 0) == CLFFT_SUCCESS);
    BOOST_TEST(clfftNgSetPlanZeroInput(plan.h, 1, 2, 4) == CLFFT_SUCCESS);
    BOOST_TEST(clfftBakePlan(plan.h, 1, &q, nullptr, nullptr) == CLFFT_NOTIMPLEMENTED);
    BOOST_TEST(clfftNgSetPlanZeroInput(plan.h, 1, 4, 8) == CLFFT_SUCCESS);
    BOOST_TEST(clfftBakePlan(plan.h, 1, &q, nullptr, nullptr) == CLFFT_SUCCESS);
    // r2r plans do not take ranges yet
    ScopedPlan r2r;
    createPlanFor(r2r, {16}, CLFFT_SINGLE, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED, false, 1);
    const clfftNgR2RKind k = CLFFT_NG_REDFT10;
    BOOST_TEST(clfftNgSetPlanR2R(r2r.h, 1, &k) == CLFFT_SUCCESS);
    BOOST_TEST(clfftNgSetPlanZeroInput(r2r.h, 0, 8, 16) == CLFFT_SUCCESS);
    BOOST_TEST(clfftBakePlan(r2r.h, 1, &q, nullptr, nullptr) == CLFFT_NOTIMPLEMENTED);
}

BOOST_AUTO_TEST_CASE(c2c_1d_middle_and_low_ranges)
{
    run({Kind::C2C, {60}, 3, false, false, {{0, 20, 45}}, {{0, 0, 12}}});
}

BOOST_AUTO_TEST_CASE(c2c_2d_linear_padding)
{
    run({Kind::C2C, {48, 20}, 2, false, false, {{0, 24, 48}, {1, 10, 20}}, {{0, 30, 48}, {1, 12, 20}}});
}

BOOST_AUTO_TEST_CASE(c2c_3d_every_dimension)
{
    run({Kind::C2C, {16, 12, 10}, 2, false, false, {{0, 4, 12}, {1, 6, 12}, {2, 5, 10}}, {{1, 9, 12}, {2, 7, 10}}});
}

BOOST_AUTO_TEST_CASE(c2c_2d_in_place_double)
{
    run({Kind::C2C, {32, 18}, 1, true, true, {{0, 16, 32}, {1, 9, 18}}, {{1, 12, 18}}});
}

BOOST_AUTO_TEST_CASE(r2c_2d_padded_and_pruned)
{
    run({Kind::R2C, {40, 24}, 2, false, false, {{0, 20, 40}, {1, 12, 24}}, {{0, 15, 21}, {1, 18, 24}}});
}

BOOST_AUTO_TEST_CASE(c2r_2d_padded_and_pruned)
{
    run({Kind::C2R, {36, 14}, 1, false, false, {{0, 10, 19}, {1, 7, 14}}, {{0, 18, 36}, {1, 7, 14}}});
}

BOOST_AUTO_TEST_CASE(r2c_3d_in_place)
{
    run({Kind::R2C, {16, 8, 6}, 1, false, true, {{0, 8, 16}, {1, 4, 8}, {2, 3, 6}}, {}});
}

// A C2R row whose zero range covers hermitian elements the mirrored half reads.
BOOST_AUTO_TEST_CASE(c2r_1d_hermitian_mirror)
{
    run({Kind::C2R, {50}, 3, false, false, {{0, 17, 26}}, {{0, 40, 50}}});
}

// What the specialized planner refuses (a zero range short of the end on a dimension it skips by
// rows; ranges on rows of several passes: 4096 points, and 262 = 2 x 131, Bluestein on the
// generic tier) runs on the generic tier.
BOOST_AUTO_TEST_CASE(generic_tier_takes_every_range)
{
    run({Kind::C2C, {16, 8}, 2, false, false, {{1, 2, 4}}, {{1, 5, 7}}}, Tiers::GenericOnly);
    run({Kind::C2C, {262, 6}, 2, false, true, {{0, 200, 262}, {1, 4, 6}}, {{0, 0, 31}, {1, 5, 6}}},
        Tiers::GenericOnly);
    run({Kind::R2C, {4096, 3}, 1, false, true, {{0, 1000, 3000}}, {{0, 100, 1900}, {1, 1, 2}}}, Tiers::GenericOnly);
}
