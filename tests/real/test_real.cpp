// Numerical tests of real-data transforms (R2C and C2R) through the public clFFT API.
//
// Reference: FFTW's guru r2c / c2r (tests/support/fftw_reference.h), never our own code.
// Single-precision results are compared with FFTW in double, double-precision results with
// FFTW in long double. Metric: relative L2 error over the logical elements, accumulated in long
// double. Bounds: 1e-6 (single), 1e-14 (double). Inputs: values in [-1, 1) from a fixed-seed
// generator seeded from the case description; padding positions hold random values too, so a
// kernel that reads them is caught.
//
// A real transform needs two plans: REAL -> HERMITIAN_* (forward; the direction comes from the
// layouts) and HERMITIAN_* -> REAL (backward). A "case" describes the real side (lengths,
// strides, distance) and the hermitian side (N0/2+1 points along dimension 0); the forward plan
// reads the real side and writes the hermitian side, the backward plan the reverse. Most cases
// are round trips: R2C of random x (checked against FFTW), then C2R of our R2C output (checked
// against FFTW's c2r of that same input, times the backward scale), then the C2R result against
// x * (forward scale * backward scale * N). Backward-only cases feed C2R with the exact
// hermitian spectrum of a random real signal (computed by FFTW).
//
// Every out-of-place run also checks that the input buffer(s) were not modified (bitwise;
// FFTW's own c2r destroys its input, the library must not) and that no output padding
// position was written. C2R plans also check clfftGetTmpBufSize: > 0 for multi-dimensional
// out-of-place plans (the library keeps the client's input intact through a temporary buffer),
// 0 for 1-D plans; R2C 1-D plans need no temporary either.
//
// Coverage (suite / what). Each suite's cases come in two tiers (tests/support/test_tier.h): the
// quick tier (default; the README's test command and the CTest variants that filter on these
// suites) covers each real strategy, layout, placement, precision and stride kind once; the rest
// run in the sweep tier (CLFFT_TEST_TIER=sweep, or =all for both). Each case list says which
// cases are quick.
//  real_sweep_1d    1-D lengths 1..4096 with prime factors 2..13 (1..9, 11, 13, 15, 16, 22, 60,
//                   100, 243, 1000, 1001, 2187, 4095, 4096: even lengths take the half-length
//                   path, odd ones the direct path), hermitian interleaved, out of place,
//                   batch 2, single and double (11, 13, 22 single only). Quick: 1, 15, 16, 60,
//                   4096, single 1001.
//  real_layouts     hermitian interleaved/planar out of place, interleaved in place (padded real
//                   rows), single and double; C2R 4096 on the CPU device (clFFT issue 171).
//                   Quick: 15 and 16 planar and in place, double 15 in place, the single C2R
//                   4096 cases and double batch 1, 4096 planar.
//  real_row_lanes   the 16-lane row kernels: even lengths 128..8192 that are multiples of 128
//                   (pairs of rows up to 4096 with batch 3, half-length rows above, first
//                   radices 2, 3, 4), hermitian planar, in place, and 2048 in double (8 lanes);
//                   short rows (16, double 7) in batches of 4003, several sets of lanes per group;
//                   65536 (its half-length FFT in tight row-lane buffers on a 512 KiB CPU device).
//                   Quick: 384, 2048 in place, 8192, double 2048, the 65536 cases, double 32768,
//                   131072, 122472, double 7 in batches.
//  real_strides     input stride 2, gaps between rows and transforms, column-major batches
//                   (distance 1, even and odd lengths),
//                   transposed hermitian output, padded 2-D/3-D layouts, strided planar,
//                   explicit in-place padding and distances. Quick: the 1-D cases (in-place
//                   hermitian distances that differ from the real side's among them), the 2-D
//                   transposed hermitian side and in-place padding, single 3-D padding.
//  real_multidim    2-D and 3-D shapes in clFFT order (64x32, 2048x7 = long rows, 45x60 = odd
//                   first dimension, 1x16, 16x1, 45x60x28, 16x16x16, 12x10 and 4x5x6 batch 3),
//                   in place with padded rows (even and odd N0), hermitian planar, double.
//                   Quick: 1x16, 16x1, 12x10 (and in place) and 4x5x6 batch 3, double 45x60 (and
//                   in place), double 16x16x16 hermitian planar.
//  real_scales      custom forward/backward scales (both set on both plans: R2C must use the
//                   forward one and C2R the backward one), backward-only plans, enqueue with
//                   the "wrong" direction (ignored: the layouts decide). Quick: the 1-D ones
//                   but single backward-only 100.
//  real_rules       in place with hermitian planar is rejected at bake and at the implicit bake
//                   of enqueue (CLFFT_INVALID_ARG_VALUE, plan left un-baked); a client-provided
//                   temporary buffer for out-of-place multi-dimensional C2R (quick: 12x10
//                   batch 3 hermitian planar).
//
// Cost: every distinct (length, precision, layouts, batch shape) is a PoCL compile (0.2-1 s,
// more for long lengths); strides, distances, scales and placement are kernel arguments, so the
// stride, scale and in-place cases reuse the sweep's lengths and batch 2 where they can. The quick
// tier: about 30 s cold on 2 shared cores (fresh POCL_CACHE_DIR and CLFFT_CACHE_PATH=off), both
// tiers about 140 s; about 1 s warm.
#define BOOST_TEST_MODULE real
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "fftw_reference.h"
#include "cl_raii.h"
#include "device_buffers.h"
#include "host_sides.h"
#include "test_env.h"
#include "test_tier.h"
#include "transform_case.h"

#include <clFFT.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace bdata = boost::unit_test::data;
using namespace clfft_test;
using namespace clfft_test::fftw_ref;

namespace real {

// Nonhermitian: C2R of random complex input whose DC and Nyquist imaginary parts are nonzero,
// checked against FFTW's c2r alone (FFTW and clFFT 2.12 take those parts as zero).
enum class Mode { RoundTrip, Forward, Backward, Nonhermitian };

struct Case : RealCaseBase<Case> {
    Mode mode = Mode::RoundTrip;
    float fwdScale = 0, bwdScale = 0; // 0: plan defaults (1 and 1/N); set on both plans
    bool oppositeDirection = false;    // enqueue R2C as BACKWARD and C2R as FORWARD
    bool clientTmp = false;            // pass a tmpBuffer of clfftGetTmpBufSize bytes to C2R

    Case& scales(float f, float b) { fwdScale = f; bwdScale = b; return *this; }
    Case& only(Mode m) { mode = m; return *this; }
    Case& opposite() { oppositeDirection = true; return *this; }
    Case& withTmp() { clientTmp = true; return *this; }
};

Case make(std::vector<std::size_t> lengths, std::size_t batch = 1, clfftPrecision p = CLFFT_SINGLE)
{
    return makeCase<Case>(std::move(lengths), batch, p);
}

std::string describe(const Case& c)
{
    std::ostringstream s;
    s << c.headText() << c.stridesText();
    s << (c.mode == Mode::RoundTrip      ? " r2c+c2r"
          : c.mode == Mode::Forward      ? " r2c"
          : c.mode == Mode::Nonhermitian ? " c2r-nonhermitian"
                                         : " c2r");
    if (c.fwdScale != 0)
        s << " fwdscale " << c.fwdScale;
    if (c.bwdScale != 0)
        s << " bwdscale " << c.bwdScale;
    if (c.oppositeDirection)
        s << " opposite-direction-argument";
    if (c.clientTmp)
        s << " client-tmp-buffer";
    return s.str();
}

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << describe(c); }

// Makes and bakes one plan of the case: forward (REAL -> hermitian) or backward.
void makePlan(ScopedPlan& plan, const Case& c, bool forward, const SideDesc& realD, const SideDesc& hermD)
{
    c.createPlan(plan, forward, realD, hermD);
    if (c.fwdScale != 0)
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_FORWARD, c.fwdScale));
    if (c.bwdScale != 0)
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_BACKWARD, c.bwdScale));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
}

template <class T, class R> void checkError(const HostSide<T>& ours, const HostSide<R>& ref, long double refScale,
                                            const std::string& what)
{
    checkRelativeError(compare(ours, ref, refScale), relativeTolerance<T>(), what);
}

void checkTmpSize(const Case& c, const ScopedPlan& plan, bool forward)
{
    std::size_t tmp = 12345;
    REQUIRE_CLFFT_SUCCESS(clfftGetTmpBufSize(plan.h, &tmp));
    bool outer = false;
    for (std::size_t k = 1; k < c.lengths.size(); ++k)
        outer = outer || c.lengths[k] > 1;
    // A 1-D real row done in one kernel needs no temporary: expected where the row, as complex
    // points of the precision, fits the device's local memory (CL_DEVICE_LOCAL_MEM_SIZE). On a
    // smaller device the row may take several passes through a temporary.
    const std::size_t rowBytes = c.lengths[0] * 2 * (c.precision == CLFFT_DOUBLE ? sizeof(double) : sizeof(float));
    // Longer rows (a half-length FFT beyond 4096 points) take one kernel or passes depending on
    // the form the device's local memory allows (on 1 MiB, passes): reported, not asserted.
    const bool oneKernelFits = rowBytes <= ClEnv::get().limits.localMem && c.lengths[0] <= 8192;
    if (c.lengths.size() == 1 && oneKernelFits)
        BOOST_CHECK_MESSAGE(tmp == 0, (forward ? "R2C" : "C2R") << " 1-D plan: clfftGetTmpBufSize = " << tmp
                                                                  << ", expected 0");
    else if (c.lengths.size() == 1)
        BOOST_TEST_MESSAGE((forward ? "R2C" : "C2R") << " 1-D plan on a device with " << ClEnv::get().limits.localMem
                                                     << " bytes of local memory: temporary " << tmp << " bytes");
    else if (!forward && !c.inPlace && outer)
        BOOST_CHECK_MESSAGE(tmp > 0, "out-of-place multi-dimensional C2R: clfftGetTmpBufSize = 0, expected > 0 "
                                     "(the input must survive the outer passes)");
}

template <class T, class R> void runCase(const Case& c)
{
    ClEnv& env = ClEnv::get();
    if (clfft_test::checkDoubleRefused(c.precision, c.lengths, describe(c), CLFFT_REAL, c.herm, c.inPlace))
        return;
    BOOST_TEST_MESSAGE("case: " << describe(c));
    if (c.inPlace)
        BOOST_REQUIRE(c.herm == HI);

    long double n = 1;
    for (std::size_t l : c.lengths)
        n *= (long double)l;
    const SideDesc realD = c.realSide(), hermD = c.hermSide();
    const R fwdScale = c.fwdScale != 0 ? R(c.fwdScale) : R(1);
    const R bwdScale = c.bwdScale != 0 ? R(c.bwdScale) : R(1) / R(n);
    const std::uint64_t seed = seedFrom(describe(c));

    HostSide<T> x(realD);
    fillRandom(x, seed);

    HostSide<T> spectrum(hermD); // input of the C2R plan
    fillRandom(spectrum, seed ^ 0x5555);
    if (c.mode == Mode::Nonhermitian) {
        // fillRandom above left every imaginary part nonzero, X[0]'s and X[N/2]'s included
    } else if (c.mode != Mode::Backward) {
        ScopedPlan fwd;
        makePlan(fwd, c, true, realD, hermD);
        checkTmpSize(c, fwd, true);
        const HostSide<T> y =
            transformOnce(fwd.h, c.inPlace, c.oppositeDirection ? CLFFT_BACKWARD : CLFFT_FORWARD, x, hermD, nullptr, "r2c");
        checkError(y, reference_r2c<R>(c.lengths, fwdScale, x, hermD), 1.0L, "r2c");
        copyLogical(spectrum, y);
    } else {
        // The exact hermitian spectrum of the random real signal x.
        copyLogical(spectrum, reference_r2c<R>(c.lengths, R(1), x, hermD));
    }
    if (c.mode == Mode::Forward)
        return;

    ScopedPlan bwd;
    makePlan(bwd, c, false, realD, hermD);
    checkTmpSize(c, bwd, false);
    ScopedBuffer tmp;
    if (c.clientTmp) {
        std::size_t bytes = 0;
        REQUIRE_CLFFT_SUCCESS(clfftGetTmpBufSize(bwd.h, &bytes));
        BOOST_REQUIRE(bytes > 0);
        tmp.mem = env.buffer(bytes);
    }
    const HostSide<T> z = transformOnce(bwd.h, c.inPlace, c.oppositeDirection ? CLFFT_FORWARD : CLFFT_BACKWARD,
                                        spectrum, realD, tmp.mem, "c2r");
    checkError(z, reference_c2r<R>(c.lengths, bwdScale, spectrum, realD), 1.0L, "c2r");
    if (c.mode == Mode::Nonhermitian)
        return; // no real signal behind the input
    const long double factor =
        c.mode == Mode::Backward ? (long double)bwdScale * n : (long double)fwdScale * (long double)bwdScale * n;
    checkError(z, x, factor, c.mode == Mode::Backward ? "c2r(spectrum of x) vs x" : "round trip c2r(r2c(x)) vs x");
}

void run(const Case& c)
{
    if (c.precision == CLFFT_DOUBLE)
        runCase<double, long double>(c);
    else
        runCase<float, double>(c);
}

// ---- Case lists ----------------------------------------------------------------------------------

// Even and odd lengths, every radix, prime factors 2..13 only.
// 11, 13 (odd, direct) and 22 (even, half-length 11) are single only; 1001 and 4095 carry the
// factors 7, 11, 13 in both precisions.
const std::vector<std::size_t> kSweepSingle = {1,  2,  3,   4,   5,   7,    8,    9,    11,   13,   15,
                                               16, 22, 60, 100, 243, 1000, 1001, 2187, 4095, 4096};
const std::vector<std::size_t> kSweepDouble = {1,  2,   3,   4,    5,    7,    8,    9,    15,
                                               16, 60, 100, 243, 1000, 1001, 2187, 4095, 4096};

// Quick tier of the sweep: 1, 15 (odd, direct), 16 and 60 (even, half-length), 4096 (row lanes),
// and single 1001 (factors 7, 11, 13, one transform per block). The others: sweep tier.
std::vector<std::size_t> sweepLengths(const std::vector<std::size_t>& all, clfftPrecision p)
{
    std::vector<std::size_t> quick = {1, 15, 16, 60, 4096};
    if (p == CLFFT_SINGLE)
        quick.push_back(1001);
    std::vector<std::size_t> q, s;
    for (std::size_t n : all)
        (std::find(quick.begin(), quick.end(), n) != quick.end() ? q : s).push_back(n);
    return tiered(q, s);
}

// Quick: hermitian planar and in place at 15 and 16 (in place also in double), C2R 4096 (single:
// batch 1, planar batch 3, in place; double batch 1), 4096 planar round trip. The others (1000,
// 4095, the rest of double): sweep.
std::vector<Case> layoutCases()
{
    std::vector<Case> q, s;
    for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE})
        for (std::size_t n : {15, 16, 1000}) {
            const bool quick = n != 1000;
            if (n != 1000 || p == CLFFT_SINGLE)
                (quick && p == CLFFT_SINGLE ? q : s).push_back(make({n}, 2, p).layout(HP));
            (quick && (p == CLFFT_SINGLE || n == 15) ? q : s).push_back(make({n}, 2, p).inplace());
        }
    // clFFT issue 171: C2R of length 4096 failed on CPU devices. Backward alone, batch 1 and 3,
    // interleaved and planar, out of place and in place.
    for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE}) {
        const bool single = p == CLFFT_SINGLE;
        q.push_back(make({4096}, 1, p).only(Mode::Backward));
        (single ? q : s).push_back(make({4096}, 3, p).only(Mode::Backward).layout(HP));
        (single ? q : s).push_back(make({4096}, 1, p).only(Mode::Backward).inplace());
    }
    q.push_back(make({4096}, 2).layout(HP));
    s.push_back(make({4095}, 2).inplace());
    return tiered(q, s);
}

// Quick: the 1-D cases (strided, column-major, planar, explicit in-place padding), the transposed
// 2-D hermitian side, single 3-D padding, 2-D in place with explicit padding. The others (1-D
// transposed hermitian batches, 2-D gaps and column-major batches, strided planar 2-D, double
// 3-D): sweep.
std::vector<Case> strideCases()
{
    // Batch 2 and lengths of the sweep where possible: strides and distances are kernel
    // arguments, so these reuse the sweep's kernels and cost no compile.
    std::vector<Case> q, s;
    for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE}) {
        // Input stride 2 with gaps between transforms; packed hermitian output set explicitly.
        q.push_back(make({60}, 2, p).rstrides({2}, 125).hstrides({1}, 31));
        // Both sides strided, distances larger than the data.
        q.push_back(make({60}, 2, p).rstrides({3}, 200).hstrides({2}, 70));
        // Column-major batches: distance 1, stride = batch count (even and odd lengths).
        q.push_back(make({16}, 5, p).rstrides({5}, 1).hstrides({5}, 1));
    }
    q.push_back(make({15}, 5).rstrides({5}, 1).hstrides({5}, 1));
    // Row-major real batches, hermitian batches column-major (transposed batch output).
    s.push_back(make({64}, 17).rstrides({1}, 64).hstrides({17}, 1));
    // 2-D with gaps between rows and between transforms.
    s.push_back(make({30, 20}, 2).rstrides({1, 32}, 645).hstrides({1, 17}, 350));
    // 2-D column-major batches.
    s.push_back(make({16, 12}, 3).rstrides({3, 48}, 1).hstrides({3, 27}, 1));
    // 2-D hermitian side stored transposed.
    q.push_back(make({16, 12}, 1).rstrides({1, 16}, 192).hstrides({12, 1}, 108));
    // 3-D padded on both sides.
    q.push_back(make({8, 6, 5}, 2).rstrides({1, 9, 60}, 330).hstrides({1, 5, 31}, 160));
    s.push_back(make({8, 6, 5}, 2, CLFFT_DOUBLE).rstrides({1, 9, 60}, 330).hstrides({1, 5, 31}, 160));
    // Strided planar.
    q.push_back(make({60}, 2).layout(HP).rstrides({2}, 130).hstrides({3}, 100));
    s.push_back(make({30, 20}, 2).layout(HP).rstrides({2, 64}, 1300).hstrides({1, 17}, 350));
    // In place with explicit padding: rows of 20 reals = 10 complex, gaps between transforms.
    q.push_back(make({16, 12}, 3).inplace().rstrides({1, 20}, 250).hstrides({1, 10}, 125));
    q.push_back(make({60}, 2).inplace().rstrides({1}, 70).hstrides({1}, 35));
    q.push_back(make({15}, 2, CLFFT_DOUBLE).inplace().rstrides({1}, 18).hstrides({1}, 9));
    // Long strided rows.
    q.push_back(make({4096}, 2).rstrides({2}, 8195).hstrides({1}, 2049));
    return tiered(q, s);
}

// Row-lane kernels of 16 lanes (single-precision even rows whose length is a multiple of 128):
// two real rows per complex FFT up to 4096 points (batch 3: a pair and a row alone), the
// half-length FFT above; first radices 2, 3, 4 and radices 3, 5, 7 after it.
// Quick: 384 (pairs), 2048 in place, 8192 (half length), double 2048, 65536 (interleaved, planar,
// in place), double 32768, 131072 and 122472 (several passes), double 7 in batches of 4003. The
// others (the other lengths of pairs and half-length rows, planar 896 and 8192, 16 in batches):
// sweep.
std::vector<Case> rowLaneCases()
{
    std::vector<Case> q, s;
    for (std::size_t n : {128, 384, 640, 896, 1024, 2048, 6144, 8192})
        (n == 384 || n == 8192 ? q : s).push_back(make({n}, 3));
    s.push_back(make({896}, 3).layout(HP));
    s.push_back(make({8192}, 1).layout(HP));
    q.push_back(make({2048}, 3).inplace());
    q.push_back(make({2048}, 3, CLFFT_DOUBLE)); // 8 lanes of double
    // The half-length complex FFT in tight row-lane buffers where local memory is 512 KiB
    // (single 65536 -> 32768), then the merge/split pass; hermitian planar too.
    q.push_back(make({65536}, 2));
    q.push_back(make({65536}, 1).layout(HP));
    // The split/merge pass with 8 pairs per work-item: in place, double, hermitian stride 2 (its
    // one-pair path) and a half length 16 does not divide (one pair per work-item; 2 x 3^7 x 7 x
    // 4 points). The last two rows exceed 512 KiB: several passes and a temporary on any device.
    q.push_back(make({65536}, 2).inplace());
    q.push_back(make({32768}, 3, CLFFT_DOUBLE));
    q.push_back(make({131072}, 2).rstrides({1}, 131072).hstrides({2}, 2 * 65537 + 6));
    q.push_back(make({122472}, 2));
    // Short rows in lane kernels of one work-item that take several sets of lanes per group
    // (large batches; the last group and set part-full): even (pairs) and odd, in place.
    s.push_back(make({16}, 4003));
    q.push_back(make({7}, 4003, CLFFT_DOUBLE).inplace());
    return tiered(q, s);
}

// Quick: unit dimensions, 12x10 and 4x5x6 batch 3 (12x10 in place too), double 45x60 (odd N0, in
// place too) and 16x16x16 hermitian planar. The others (64x32, 2048x7, 45x60x28, the single
// 45x60 and 16x16x16 and their variants): sweep.
std::vector<Case> multidimCases()
{
    std::vector<Case> q, s;
    for (auto l : std::vector<std::vector<std::size_t>>{{64, 32}, {2048, 7}, {45, 60}, {1, 16}, {16, 1},
                                                         {45, 60, 28}, {16, 16, 16}})
        (l[0] == 1 || l[1] == 1 ? q : s).push_back(make(l));
    q.push_back(make({12, 10}, 3));
    q.push_back(make({4, 5, 6}, 3));
    // In place, rows padded to 2*(N0/2+1) reals (even and odd N0).
    s.push_back(make({64, 32}).inplace());
    s.push_back(make({45, 60}).inplace());
    s.push_back(make({16, 16, 16}).inplace());
    s.push_back(make({45, 60, 28}).inplace());
    q.push_back(make({12, 10}, 3).inplace());
    // Hermitian planar.
    s.push_back(make({64, 32}).layout(HP));
    s.push_back(make({45, 60, 28}).layout(HP));
    // Double.
    for (auto l : std::vector<std::vector<std::size_t>>{{64, 32}, {45, 60}, {16, 16, 16}, {45, 60, 28}})
        (l == std::vector<std::size_t>{45, 60} ? q : s).push_back(make(l, 1, CLFFT_DOUBLE));
    q.push_back(make({45, 60}, 1, CLFFT_DOUBLE).inplace());
    q.push_back(make({16, 16, 16}, 1, CLFFT_DOUBLE).layout(HP));
    return tiered(q, s);
}

// C2R input that is not hermitian (Mode::Nonhermitian), even lengths through each form: direct
// and Stockham half-length (8, 16, 100), row lanes split (4096) and pairs (384; 16 in a large
// batch), the split/merge pass (16384, 65536), hermitian planar, and the last real dimension of
// 2-D. All quick: one run each, and each form reads X[0] and X[N/2] its own way.
std::vector<Case> nonhermitianCases()
{
    std::vector<Case> q;
    for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE}) {
        for (std::size_t n : {8, 16, 100, 384, 4096, 16384, 65536})
            q.push_back(make({n}, 3, p).only(Mode::Nonhermitian));
        q.push_back(make({16}, 4003, p).only(Mode::Nonhermitian));
        q.push_back(make({8192}, 2, p).layout(HP).only(Mode::Nonhermitian));
        q.push_back(make({64, 16}, 2, p).only(Mode::Nonhermitian));
        q.push_back(make({100, 30}, 2, p).only(Mode::Nonhermitian));
        q.push_back(make({12, 10}, 3, p).inplace().only(Mode::Nonhermitian));
    }
    return tiered(q, std::vector<Case>{});
}

// Quick: the 1-D ones (scales on both plans, planar, backward-only in double, the ignored
// direction argument); the 2-D ones and single backward-only 100: sweep.
std::vector<Case> scaleCases()
{
    std::vector<Case> q, s;
    q.push_back(make({60}, 2).scales(0.3f, 1.7f));
    q.push_back(make({60}, 2, CLFFT_DOUBLE).scales(0.3f, 1.7f));
    s.push_back(make({64, 32}).scales(2.0f, 0));
    s.push_back(make({64, 32}).scales(0, 0.5f));
    q.push_back(make({15}, 2).layout(HP).scales(0.25f, 3.0f));
    s.push_back(make({45, 60}).inplace().scales(0.5f, 1.0f));
    // Backward-only plans (default 1/N, custom).
    s.push_back(make({100}, 2).only(Mode::Backward));
    q.push_back(make({100}, 2, CLFFT_DOUBLE).only(Mode::Backward).scales(0, 0.01f));
    s.push_back(make({45, 60}).only(Mode::Backward).scales(0, 1.0f));
    // The enqueue direction argument is ignored for real transforms.
    q.push_back(make({60}, 2).opposite());
    s.push_back(make({64, 32}).opposite().scales(0.5f, 0.25f));
    return tiered(q, s);
}

// Client-provided temporary buffers. Quick: 12x10 batch 3 hermitian planar; sweep: 64x32, double
// 16x16x16.
std::vector<Case> clientTmpCases()
{
    return tiered(std::vector<Case>{make({12, 10}, 3).layout(HP).withTmp()},
                  std::vector<Case>{make({64, 32}).withTmp(), make({16, 16, 16}, 1, CLFFT_DOUBLE).withTmp()});
}

} // namespace real

using real::Case;

BOOST_AUTO_TEST_SUITE(real_sweep_1d)

BOOST_DATA_TEST_CASE(single_precision, bdata::make(real::sweepLengths(real::kSweepSingle, CLFFT_SINGLE)), length)
{
    real::run(real::make({length}, 2, CLFFT_SINGLE));
}

BOOST_DATA_TEST_CASE(double_precision, bdata::make(real::sweepLengths(real::kSweepDouble, CLFFT_DOUBLE)), length)
{
    real::run(real::make({length}, 2, CLFFT_DOUBLE));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_layouts)
BOOST_DATA_TEST_CASE(layout_placement_precision, bdata::make(real::layoutCases()), c) { real::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_row_lanes)
BOOST_DATA_TEST_CASE(row_lane_lengths, bdata::make(real::rowLaneCases()), c) { real::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_strides)
BOOST_DATA_TEST_CASE(strides_and_distances, bdata::make(real::strideCases()), c) { real::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_multidim)
BOOST_DATA_TEST_CASE(shapes, bdata::make(real::multidimCases()), c) { real::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_nonhermitian)
BOOST_DATA_TEST_CASE(c2r_dc_nyquist_imaginary_ignored, bdata::make(real::nonhermitianCases()), c) { real::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_scales)
BOOST_DATA_TEST_CASE(scale_and_direction, bdata::make(real::scaleCases()), c) { real::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_rules)

// In place, the hermitian side shares the real side's single buffer: it must be interleaved.
// Bake rejects hermitian planar in place (R2C and C2R, 1-D and 2-D), and leaves the plan un-baked;
// the implicit bake of clfftEnqueueTransform rejects it too and returns no event.
BOOST_AUTO_TEST_CASE(inplace_hermitian_planar_rejected)
{
    ClEnv& env = ClEnv::get();
    for (bool forward : {true, false})
        for (std::size_t rank : {1, 2}) {
            const std::string what = std::string(forward ? "R2C" : "C2R") + " " + std::to_string(rank) +
                                     "D in place with hermitian planar";
            ScopedPlan plan;
            std::vector<std::size_t> lengths = {16, 8};
            BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&plan.h, env.context, clfftDim(rank), lengths.data()),
                                CLFFT_SUCCESS);
            BOOST_REQUIRE_EQUAL(forward ? clfftSetLayout(plan.h, CLFFT_REAL, CLFFT_HERMITIAN_PLANAR)
                                        : clfftSetLayout(plan.h, CLFFT_HERMITIAN_PLANAR, CLFFT_REAL),
                                CLFFT_SUCCESS);
            BOOST_REQUIRE_EQUAL(clfftSetResultLocation(plan.h, CLFFT_INPLACE), CLFFT_SUCCESS);
            const clfftStatus st = clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr);
            BOOST_CHECK_MESSAGE(st == CLFFT_INVALID_PLAN,
                                what << ": clfftBakePlan returned " << int(st) << ", expected CLFFT_INVALID_PLAN");
            std::size_t tmp = 0;
            const clfftStatus ts = clfftGetTmpBufSize(plan.h, &tmp);
            BOOST_CHECK_MESSAGE(ts == CLFFT_INVALID_OPERATION,
                                what << ": plan looks baked after a failed bake (clfftGetTmpBufSize returned "
                                     << int(ts) << ")");

            ScopedBuffer a(env.buffer(4096)), b(env.buffer(4096));
            cl_mem bufs[2] = {a.mem, b.mem};
            cl_event ev = nullptr;
            const clfftStatus es = clfftEnqueueTransform(plan.h, forward ? CLFFT_FORWARD : CLFFT_BACKWARD, 1,
                                                         &env.queue, 0, nullptr, &ev, bufs, nullptr, nullptr);
            BOOST_CHECK_MESSAGE(es == CLFFT_INVALID_PLAN, what << ": clfftEnqueueTransform returned " << int(es)
                                                                    << ", expected CLFFT_INVALID_PLAN");
            BOOST_CHECK_MESSAGE(ev == nullptr, what << ": a rejected enqueue returned an event");
            if (ev)
                clReleaseEvent(ev);
            clFinish(env.queue);
        }
}

// A client-provided temporary buffer (of clfftGetTmpBufSize bytes) for out-of-place
// multi-dimensional C2R: results correct, input intact.
BOOST_DATA_TEST_CASE(client_tmp_buffer, bdata::make(real::clientTmpCases()), c) { real::run(c); }

BOOST_AUTO_TEST_SUITE_END()
