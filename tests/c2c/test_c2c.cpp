// Numerical tests of complex-to-complex transforms through the public clFFT API.
//
// Reference: FFTW, never our own code. Single-precision results are compared with FFTW in
// double (fftw_plan_guru64_split_dft), double-precision results with FFTW in long double
// (fftwl_...), both through tests/support/fftw_reference.h. Metric: relative L2 error
// ||ours - ref|| / ||ref|| over the logical elements, accumulated in long double. Bounds:
// 1e-6 (single), 1e-14 (double). Inputs: values in [-1, 1) from a fixed-seed generator
// (seeded from the case description, so every case is reproducible on its own); padding
// positions are filled with random values too, so a kernel that reads them is caught.
//
// Every run of a transform also checks, for out-of-place plans, that the input buffer(s)
// were not modified (bitwise) and that no output padding position (array entries between or
// after the logical elements) was written.
//
// Most cases are "round trips" on one plan: forward on random x (checked against FFTW), then
// backward on the forward result (checked against FFTW's backward of that result times the
// plan's backward scale), then the backward result against x * (forward scale * backward
// scale * N): with the default scales (1 and 1/N) forward then backward recovers the input.
//
// Coverage (suite / what). Each suite's cases come in two tiers (tests/support/test_tier.h): the
// quick tier (default; the README's test command and the CTest variants that filter on these
// suites) covers each kernel form, layout pair, placement, precision and stride kind once; the
// rest run in the sweep tier (CLFFT_TEST_TIER=sweep, or =all for both). Each case list says
// which cases are quick.
//  c2c_sweep_1d   1-D length sweep, interleaved, out-of-place, batch 2, round trip, single and
//                 double precision: every radix alone and in powers (2,4,8,16 up to 4096;
//                 3..2187; 5..3125; 7..2401; 11..1331; 13..2197), lengths 1 and mixtures of
//                 all factors 2,3,5,7,11,13 (6 .. 4095). Quick: 1, 13, 96, 125, 360, 1001, 1024,
//                 4096 (row vectors, Stockham, row lanes; every radix). Disabled by default:
//                 exhaustive_single / exhaustive_double, all 490 lengths 1..4096 with only
//                 those factors (about 3 minutes each on 2 cores; --run_test=... to run).
//  c2c_layouts    {interleaved, planar} x {interleaved, planar} out-of-place and
//                 interleaved/planar in-place, single and double, lengths 13, 360, 4096.
//                 Quick: all of 13 and of single 4096, double 4096 packed and planar in place.
//  c2c_strides    input stride > 1, gaps between rows, distances larger than the data,
//                 column-major batches (distance 1, stride = batch count), transposed batch
//                 output (row-major in, column-major out and back), permuted 2-D/3-D output
//                 strides, strided planar, strided in-place; single and double. Quick: each
//                 kind once (column-major 128 in double only).
//  c2c_multidim   2-D and 3-D shapes (unit dimensions, small primes, 64x64, 60x45, 7x2048,
//                 2048x7, 3x4096, 256x96 batch 3, 1024x1024, 2x3x5, 7x11x13, 16x16x16,
//                 32x32x32 batch 2, 45x60x28, ...), planar and in-place variants, double.
//                 Quick: the small shapes, long rows, one planar and in-place variant of each
//                 kind, the padded-steps path.
//  c2c_batches    batch 1, 3, 17 (1-D, 2-D, 3-D), 1000 transforms of 64 points, and batches of
//                 7-21 rows that CPU lane kernels move by chunks (8..1000, padded, 2-D) or
//                 gather into narrow double vectors (7, 81), and batches of 700-4099 short rows
//                 that move as blocks, several sets of lanes per group (2-13, 8x8, 6x10),
//                 and long rows whose CPU row-lane buffers are padded (16384, double 8192),
//                 double rows in 4 CPU lanes with two local buffers (3000, 2401, 9x4096),
//                 rows in tight CPU row-lane buffers (32768 planar in place, double 16384),
//                 single rows beyond 4096 points in one lane kernel of 4 lanes (5000, 6561),
//                 short rows stacked in CPU row vectors (double 13, 9 in place, 26, double 22),
//                 lane passes smallest radix first (300, double 450 planar in place). Quick:
//                 one case of each form.
//  c2c_scales     custom forward/backward scales set with clfftSetPlanScale, and plans whose
//                 first (or only) transform is backward. Quick: the 1-D ones.
//
// Cost: each distinct (lengths, precision, layouts, batch shape) costs a kernel compile on
// PoCL, so the lists are chosen for coverage per compile; strides, distances, direction,
// scale and placement are kernel arguments and are varied freely.
#define BOOST_TEST_MODULE c2c
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "fftw_reference.h"
#include "cl_raii.h"
#include "device_buffers.h"
#include "host_sides.h"
#include "radix_lengths.h"
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

namespace c2c {

enum class Mode { RoundTrip, Forward, Backward };

struct Case : ComplexCaseBase<Case> {
    Mode mode = Mode::RoundTrip;
    float fwdScale = 0, bwdScale = 0; // 0: plan default (1 and 1/N)

    Case& scales(float f, float b) { fwdScale = f; bwdScale = b; return *this; }
    Case& only(Mode m) { mode = m; return *this; }
};

Case make(std::vector<std::size_t> lengths, std::size_t batch = 1, clfftPrecision p = CLFFT_SINGLE)
{
    return makeCase<Case>(std::move(lengths), batch, p);
}

std::string describe(const Case& c)
{
    std::ostringstream s;
    s << c.headText() << c.stridesText();
    s << (c.mode == Mode::RoundTrip ? " forward+backward" : c.mode == Mode::Forward ? " forward" : " backward");
    if (c.fwdScale != 0)
        s << " fwdscale " << c.fwdScale;
    if (c.bwdScale != 0)
        s << " bwdscale " << c.bwdScale;
    return s.str();
}

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << describe(c); }

// ---- The runner --------------------------------------------------------------------------------

template <class T, class R> void runCase(const Case& c)
{
    ClEnv& env = ClEnv::get();
    if (clfft_test::checkDoubleRefused(c.precision, c.lengths, describe(c), c.in, c.out, c.inPlace))
        return;
    BOOST_TEST_MESSAGE("case: " << describe(c));
    if (c.inPlace) {
        BOOST_REQUIRE(c.in == c.out);
        BOOST_REQUIRE(c.outStrides.empty());
    }

    const double tol = relativeTolerance<T>();
    long double n = 1;
    for (std::size_t l : c.lengths)
        n *= (long double)l;

    const SideDesc inD = c.inSide();
    const SideDesc outD = c.inPlace ? inD : c.side(c.out, c.outStrides, c.outDist);

    // Plan.
    ScopedPlan plan;
    c.createPlan(plan, inD, outD);
    if (c.fwdScale != 0)
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_FORWARD, c.fwdScale));
    if (c.bwdScale != 0)
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_BACKWARD, c.bwdScale));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));

    // The plan's scales as the reference applies them (the float value set, or exactly 1, 1/N).
    const R fwdScale = c.fwdScale != 0 ? R(c.fwdScale) : R(1);
    const R bwdScale = c.bwdScale != 0 ? R(c.bwdScale) : R(1) / R(n);

    // Buffers: input filled with random values (padding too), output with the sentinel.
    const std::uint64_t seed = seedFrom(describe(c));
    HostSide<T> x(inD);
    fillRandom(x, seed);
    DeviceSide inBuf, outBuf;
    inBuf.create(x);
    const HostSide<T> outInit(outD, sentinel<T>());
    if (!c.inPlace)
        outBuf.create(outInit);
    const std::vector<bool> outPadding = paddingMask(outD);

    // One transform: uploads `input`, runs `dir`, checks against FFTW, returns our output.
    auto transform = [&](clfftDirection dir, const HostSide<T>& input, const char* what) {
        inBuf.upload(input);
        if (!c.inPlace)
            outBuf.upload(outInit);
        enqueueAndWait(plan.h, dir, inBuf.mem, c.inPlace ? nullptr : outBuf.mem, nullptr, what);

        HostSide<T> y(outD);
        (c.inPlace ? inBuf : outBuf).download(y);

        const R scale = dir == CLFFT_FORWARD ? fwdScale : bwdScale;
        const HostSide<R> ref = reference_c2c<R>(c.lengths, dir, scale, input, outD);
        checkRelativeError(compare(y, ref), tol, what);

        if (!c.inPlace) {
            checkInputKept(inBuf, input, what);
            checkPaddingKept(y, outPadding, what);
        }
        return y;
    };

    if (c.mode == Mode::Backward) {
        transform(CLFFT_BACKWARD, x, "backward");
        return;
    }
    const HostSide<T> y = transform(CLFFT_FORWARD, x, "forward");
    if (c.mode == Mode::Forward)
        return;

    // Backward on the same plan, fed with our forward output placed in the input layout.
    HostSide<T> x2(inD);
    fillRandom(x2, seed ^ 0x5555);
    copyLogical(x2, y);
    const HostSide<T> z = transform(CLFFT_BACKWARD, x2, "backward");

    const long double factor = (long double)fwdScale * (long double)bwdScale * n;
    const ErrorStats e = compare(z, x, factor);
    BOOST_TEST_MESSAGE("round trip: relative L2 error " << double(e.relL2));
    BOOST_CHECK_MESSAGE(e.relL2 <= tol, "round trip: backward(forward(x)) differs from x * " << double(factor)
                                                                                         << ": relative L2 error "
                                                                                         << double(e.relL2) << " > "
                                                                                         << tol);
}

void run(const Case& c)
{
    if (c.precision == CLFFT_DOUBLE)
        runCase<double, long double>(c);
    else
        runCase<float, double>(c);
}

// ---- Case lists --------------------------------------------------------------------------------

// Every radix alone and in powers, then mixtures of all the supported factors.
const std::vector<std::size_t> kSweepLengths = {
    1,
    2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, // 2, 4, 8, 16
    3, 9, 27, 81, 243, 729, 2187,                         // 3
    5, 25, 125, 625, 3125,                                // 5
    7, 49, 343, 2401,                                     // 7
    11, 121, 1331,                                        // 11
    13, 169, 2197,                                        // 13
    6, 10, 12, 14, 15, 21, 22, 26, 33, 35, 39, 55, 60, 63, 77, 91, 96, 100, 143, 176, 192, 208, 210, 240,
    286, 360, 384, 480, 715, 768, 1000, 1001, 1155, 1536, 2310, 2880, 3003, 3072, 3840, 4004, 4095,
};

// Quick tier of the sweep: length 1, row vectors (13, 96: radices 13, 3, 2), the Stockham form
// with two and one transforms per block (125; 360 and 1001: radices 5, 10, 6, 13, 11, 7), row
// lanes with two and one transforms per group (1024: radix 16; 4096). The others: sweep tier.
std::vector<std::size_t> sweepLengths()
{
    const std::vector<std::size_t> quick = {1, 13, 96, 125, 360, 1001, 1024, 4096};
    std::vector<std::size_t> q, s;
    for (std::size_t n : kSweepLengths)
        (std::find(quick.begin(), quick.end(), n) != quick.end() ? q : s).push_back(n);
    return tiered(q, s);
}

// Every length from 1 to 4096 whose prime factors are 2, 3, 5, 7, 11, 13 (490 lengths).
std::vector<std::size_t> allLengths()
{
    std::vector<std::size_t> v;
    for (std::size_t n = 1; n <= 4096; ++n)
        if (radixLength(n))
            v.push_back(n);
    return v;
}

// Quick: every layout pair and placement at 13 (both precisions) and 4096 (single; double
// interleaved out of place and planar in place), 360 interleaved out of place. The others: sweep.
std::vector<Case> layoutCases()
{
    std::vector<Case> q, s;
    for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE})
        for (std::size_t n : {13, 360, 4096}) {
            std::vector<Case> v;
            for (clfftLayout i : {II, PL})
                for (clfftLayout o : {II, PL})
                    v.push_back(make({n}, 2, p).layouts(i, o));
            v.push_back(make({n}, 2, p).layouts(II, II).inplace());
            v.push_back(make({n}, 2, p).layouts(PL, PL).inplace());
            for (const Case& c : v) {
                const bool packedII = c.in == II && c.out == II && !c.inPlace;
                const bool planarInPlace = c.in == PL && c.inPlace;
                const bool quick = n == 13 || packedII || (n == 4096 && (p == CLFFT_SINGLE || planarInPlace));
                (quick ? q : s).push_back(c);
            }
        }
    return tiered(q, s);
}

// Quick: one case of each kind (the 1-D column-major batches in double, the transposed batch
// output, 2-D and 3-D ones in single); the others (single 128 column-major: its lane kernel in
// registers alone takes 4-8 s cold; 2-D padded in place and column-major, double 2-D/3-D,
// strided planar 2-D): sweep.
std::vector<Case> strideCases()
{
    std::vector<Case> q, s;
    for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE}) {
        const bool single = p == CLFFT_SINGLE;
        // Input stride > 1 with a gap between transforms; packed output (set explicitly).
        q.push_back(make({64}, 3, p).istrides({2}, 131).ostrides({1}, 64));
        // Both sides strided, distances larger than the data.
        q.push_back(make({60}, 3, p).istrides({3}, 200).ostrides({2}, 130));
        // Column-major batches: distance 1, stride = batch count; out-of-place and in-place.
        (single ? s : q).push_back(make({128}, 17, p).istrides({17}, 1).ostrides({17}, 1));
        (single ? s : q).push_back(make({128}, 17, p).istrides({17}, 1).inplace());
        // Transposed batch output and back.
        (single ? q : s).push_back(make({64}, 17, p).istrides({1}, 64).ostrides({17}, 1));
        (single ? q : s).push_back(make({64}, 17, p).istrides({17}, 1).ostrides({1}, 64));
        // 2-D with gaps between rows and between transforms.
        (single ? q : s).push_back(make({30, 20}, 2, p).istrides({1, 32}, 645).ostrides({1, 30}, 600));
        // 3-D padded input, permuted (transposed) output strides.
        (single ? q : s).push_back(make({8, 6, 5}, 2, p).istrides({1, 9, 60}, 330).ostrides({30, 5, 1}, 240));
    }
    // Strided in-place with distance larger than the data.
    q.push_back(make({256}, 3).istrides({2}, 600).inplace());
    // Strided planar, and strided interleaved -> planar / planar -> interleaved.
    s.push_back(make({30, 20}, 2).layouts(PL, PL).istrides({2, 64}, 1300).ostrides({1, 31}, 640));
    q.push_back(make({64}, 3).layouts(II, PL).istrides({2}, 130).ostrides({3}, 200));
    q.push_back(make({64}, 3).layouts(PL, II).istrides({3}, 200).ostrides({2}, 130));
    q.push_back(make({64}, 17).layouts(PL, PL).istrides({17}, 1).inplace());
    // 2-D: rows padded in place; output stored transposed; column-major batches.
    s.push_back(make({16, 12}, 3).istrides({1, 20}, 250).inplace());
    q.push_back(make({16, 12}, 1).istrides({1, 16}, 192).ostrides({12, 1}, 192));
    s.push_back(make({16, 12}, 3).istrides({3, 48}, 1).inplace());
    // 3-D column-major batches.
    q.push_back(make({8, 6, 5}, 2).istrides({2, 16, 96}, 1).ostrides({2, 16, 96}, 1));
    // Large lengths with strides.
    q.push_back(make({4096}, 2).istrides({2}, 8195).ostrides({1}, 4096));
    q.push_back(make({4096}, 3).istrides({3}, 1).inplace());
    q.push_back(make({2310}, 3).istrides({3}, 1).ostrides({1}, 2311));
    return tiered(q, s);
}

// Quick: unit dimensions, 5x7, 64x64, long rows both ways (7x2048, 2048x7), 2x3x5, 8x8x64; double
// 64x64, 7x2048, 2x3x5; in place, planar (60x45 planar -> interleaved: stacked row lanes; single
// 16x16x16 planar in place, double 64x64 interleaved -> planar); the padded-steps path with a
// batch, in double in place and with strided sides. The others (the larger or odd shapes,
// 45x60x28): sweep.
std::vector<Case> multidimCases()
{
    std::vector<Case> q, s;
    using Shapes = std::vector<std::vector<std::size_t>>;
    for (auto l : Shapes{{16, 1}, {1, 16}, {5, 7}, {64, 64}, {7, 2048}, {2048, 7}, {1, 1, 1}, {2, 3, 5}, {8, 8, 64}})
        q.push_back(make(l));
    for (auto l : Shapes{{4, 4}, {13, 11}, {60, 45}, {3, 4096}, {1024, 1024}, {7, 11, 13}, {16, 16, 16}, {45, 60, 28}})
        s.push_back(make(l));
    s.push_back(make({256, 96}, 3));
    s.push_back(make({32, 32, 32}, 2));
    for (auto l : Shapes{{64, 64}, {7, 2048}, {2, 3, 5}})
        q.push_back(make(l, 1, CLFFT_DOUBLE));
    for (auto l : Shapes{{13, 11}, {16, 16, 16}, {45, 60, 28}})
        s.push_back(make(l, 1, CLFFT_DOUBLE));
    // Layout and placement variants.
    q.push_back(make({60, 45}).layouts(PL, II));
    s.push_back(make({60, 45}).layouts(II, PL));
    q.push_back(make({64, 64}).inplace());
    q.push_back(make({16, 16, 16}).layouts(PL, PL).inplace());
    s.push_back(make({45, 60, 28}).inplace());
    q.push_back(make({64, 64}, 1, CLFFT_DOUBLE).layouts(II, PL));
    s.push_back(make({16, 16, 16}, 1, CLFFT_DOUBLE).layouts(PL, PL));
    q.push_back(make({7, 2048}, 1, CLFFT_DOUBLE).inplace());
    // On CPUs, last dimensions of 512-1024 stepping by powers of two go first, through a
    // temporary of padded steps (batches, in place, double, 3D, strided sides).
    q.push_back(make({256, 512}, 3));
    q.push_back(make({512, 512}, 1, CLFFT_DOUBLE).inplace().only(Mode::Backward).scales(0, 0.5f));
    s.push_back(make({4, 64, 1024}).inplace());
    q.push_back(make({256, 1024}).istrides({1, 300}, 300 * 1024).ostrides({2, 512}, 512 * 1024));
    return tiered(q, s);
}

// Quick: one case of each CPU form below (and batch 1, 3, 17 on 1-D, 2-D and 3-D shapes); the
// near-duplicates (the other lengths, precisions and placements of a form): sweep.
std::vector<Case> batchCases()
{
    std::vector<Case> q, s;
    for (std::size_t b : {1, 3, 17}) {
        q.push_back(make({64}, b));
        (b == 17 ? s : q).push_back(make({1001}, b));
        q.push_back(make({60}, b, CLFFT_DOUBLE));
        (b == 17 ? q : s).push_back(make({12, 10}, b));
    }
    q.push_back(make({4, 5, 6}, 3));
    s.push_back(make({4, 5, 6}, 17));
    s.push_back(make({64}, 1000));
    q.push_back(make({64}, 1000).layouts(PL, PL).inplace());
    s.push_back(make({64}, 1000, CLFFT_DOUBLE));
    // Lane kernels that move rows by chunks on CPUs (in and out, out only, the last group of
    // rows part-full, padded rows, in place, backward with a scale, a 2-D row pass).
    for (std::size_t n : {8, 16, 48, 100, 300}) {
        (n == 300 ? q : s).push_back(make({n}, 13));
        (n == 8 || n == 300 ? q : s).push_back(make({n}, 21, CLFFT_DOUBLE).inplace());
    }
    s.push_back(make({1000}, 9).only(Mode::Backward).scales(0, 0.25f));
    q.push_back(make({40}, 10).istrides({1}, 43).ostrides({1}, 41));
    q.push_back(make({7}, 10, CLFFT_DOUBLE)); // narrow double lanes, gathered
    q.push_back(make({81}, 9, CLFFT_DOUBLE).only(Mode::Backward));
    s.push_back(make({24, 11}, 2).inplace());
    // Short rows as one block of vectors, and several sets of lanes per work-group (batches
    // large enough for them; the last group and set part-full): out of place, in place,
    // backward, one side padded (the other still a block), narrow double lanes, columns.
    q.push_back(make({5}, 1603));
    q.push_back(make({12}, 3001, CLFFT_DOUBLE).inplace().only(Mode::Backward).scales(0, 0.5f));
    q.push_back(make({3}, 1500).istrides({1}, 3).ostrides({1}, 4));
    s.push_back(make({2}, 4099, CLFFT_DOUBLE));
    s.push_back(make({13}, 1100).only(Mode::Backward));
    q.push_back(make({8, 8}, 2000));
    s.push_back(make({6, 10}, 700, CLFFT_DOUBLE).inplace());
    // Rows whose CPU row-lane buffers are padded: single 16384 out of place, double 8192
    // planar in place backward.
    q.push_back(make({16384}, 3));
    s.push_back(make({8192}, 3, CLFFT_DOUBLE).layouts(PL, PL).inplace().only(Mode::Backward));
    // Double rows that two local buffers of 8 CPU lanes would not hold: 4 lanes in two buffers
    // (the last set of lanes part-full; planar in place; columns of 4096).
    q.push_back(make({3000}, 9, CLFFT_DOUBLE));
    s.push_back(make({2401}, 9, CLFFT_DOUBLE).layouts(PL, PL).inplace().only(Mode::Backward));
    s.push_back(make({9, 4096}, 1, CLFFT_DOUBLE));
    // Rows whose two CPU row-lane buffers fill local memory exactly (tight, swizzled) where it
    // is 512 KiB: single 32768 planar in place, double 16384 out of place.
    q.push_back(make({32768}, 2).layouts(PL, PL).inplace());
    s.push_back(make({16384}, 2, CLFFT_DOUBLE));
    // Single rows beyond 4096 points, no multiple of 64: one CPU lane kernel of 4 lanes (the last
    // set part-full; planar in place).
    q.push_back(make({5000}, 9));
    s.push_back(make({6561}, 8).layouts(PL, PL).inplace().only(Mode::Backward));
    // Short CPU rows side by side in each vector (the last group's rows past the batch skipped):
    // double 13 two per vector, single 9 four in place, single 26 two backward; factor 11 double.
    q.push_back(make({13}, 1001, CLFFT_DOUBLE));
    q.push_back(make({9}, 1003).inplace());
    s.push_back(make({26}, 777).only(Mode::Backward));
    s.push_back(make({22}, 301, CLFFT_DOUBLE));
    // Lane passes that take the smallest radix first on Zen 5 CPUs (300 as 5 x 6 x 10; double 450
    // planar in place).
    q.push_back(make({300}, 19).only(Mode::Backward));
    s.push_back(make({450}, 9, CLFFT_DOUBLE).layouts(PL, PL).inplace());
    return tiered(q, s);
}

// Quick: 1-D scales and backward-first plans (single and double, planar in place); the 2-D and
// 3-D ones: sweep.
std::vector<Case> scaleCases()
{
    std::vector<Case> q, s;
    q.push_back(make({360}, 2).scales(0.3f, 1.7f));
    q.push_back(make({360}, 2, CLFFT_DOUBLE).scales(0.3f, 1.7f));
    s.push_back(make({16, 12}).scales(2.0f, 0));
    q.push_back(make({64}, 3).layouts(PL, PL).inplace().scales(0, 0.5f));
    q.push_back(make({4096}, 2, CLFFT_DOUBLE).scales(0.125f, 1.0f));
    s.push_back(make({45, 60, 28}).scales(0, 1.0f));
    // Plans whose first transform is backward.
    q.push_back(make({125}, 2).only(Mode::Backward));
    q.push_back(make({100}, 3, CLFFT_DOUBLE).only(Mode::Backward).scales(0, 0.01f));
    s.push_back(make({60, 45}).layouts(PL, II).only(Mode::Backward));
    q.push_back(make({360}, 2).only(Mode::Backward).scales(0, 3.0f));
    return tiered(q, s);
}

} // namespace c2c

using c2c::Case;

BOOST_AUTO_TEST_SUITE(c2c_sweep_1d)

BOOST_DATA_TEST_CASE(single_precision, bdata::make(c2c::sweepLengths()), length)
{
    c2c::run(c2c::make({length}, 2, CLFFT_SINGLE));
}

BOOST_DATA_TEST_CASE(double_precision, bdata::make(c2c::sweepLengths()), length)
{
    c2c::run(c2c::make({length}, 2, CLFFT_DOUBLE));
}

// The exhaustive sweeps (490 lengths each, several minutes cold) are disabled by default; run
// them with --run_test=c2c_sweep_1d/exhaustive_single (or exhaustive_double).
BOOST_TEST_DECORATOR(*boost::unit_test::disabled())
BOOST_DATA_TEST_CASE(exhaustive_single, bdata::make(c2c::allLengths()), length)
{
    c2c::run(c2c::make({length}, 2, CLFFT_SINGLE));
}

BOOST_TEST_DECORATOR(*boost::unit_test::disabled())
BOOST_DATA_TEST_CASE(exhaustive_double, bdata::make(c2c::allLengths()), length)
{
    c2c::run(c2c::make({length}, 2, CLFFT_DOUBLE));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(c2c_layouts)
BOOST_DATA_TEST_CASE(layout_placement_precision, bdata::make(c2c::layoutCases()), c) { c2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(c2c_strides)
BOOST_DATA_TEST_CASE(strides_and_distances, bdata::make(c2c::strideCases()), c) { c2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(c2c_multidim)
BOOST_DATA_TEST_CASE(shapes, bdata::make(c2c::multidimCases()), c) { c2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(c2c_batches)
BOOST_DATA_TEST_CASE(batch_counts, bdata::make(c2c::batchCases()), c) { c2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(c2c_scales)
BOOST_DATA_TEST_CASE(scale_and_direction, bdata::make(c2c::scaleCases()), c) { c2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()
