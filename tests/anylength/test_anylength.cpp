// Numerical tests of transforms of any length (the any-length issue; docs/plans.md): lengths
// with prime factors above 13, computed by Rader's algorithm (a prime p whose p - 1 factors into
// 2..13, p - 1 <= 4096, one kernel), single-kernel Bluestein (other lengths up to 2048),
// multi-pass transforms whose pieces use Rader/Bluestein (1024*17, 97*89, 19^3, 2*3*5*7*11*13*17)
// and the multi-kernel Bluestein (4099, 10007, 65537, 999983), through the public clFFT API.
//
// Reference: FFTW, never our own code (tests/support/fftw_reference.h). Single-precision results
// are compared with FFTW in double, double-precision results with FFTW in long double, except
// the backward half of the double 999983 round trip, which is compared with FFTW in double
// (fftwl takes about 7 s per transform of 999983 points on this machine; the forward half keeps
// the long-double reference because the accuracy ratio below needs it). Metric: relative L2
// error ||ours - ref|| / ||ref|| over the logical elements, accumulated in long double. Bounds:
// 2e-6 (single), 2e-14 (double). Inputs: values in [-1, 1) from a fixed-seed generator seeded
// from the case description; padding positions hold random values too, so a kernel that reads
// them is caught. Out of place, every run checks that the input buffer(s) were not modified
// (bitwise) and that no output padding position was written.
//
// Accuracy against FFTW itself: for 1009 (Rader; on CPU forms the contiguous rows take the
// row-lane Bluestein, the strided case below Rader), 4099, 65537 and 999983 (multi-kernel
// Bluestein), single and double, the forward transform also reports (BOOST_TEST_MESSAGE)
// our error / FFTW's error in the same precision (fftwf for single, fftw for double), both
// measured against the higher-precision reference above, and requires the ratio <= 1.5.
//
// Coverage (suite / what). Each suite's cases are split in two tiers (tests/support/test_tier.h):
// the quick tier (default; the README's test command, and test_anylength_stockham_only with
// CLFFT_NG_LANES=0) covers each any-length algorithm once; the rest run in the sweep tier
// (CLFFT_TEST_TIER=sweep; CLFFT_TEST_TIER=all runs both). "Quick:" lists the quick cases.
//  anylength_c2c_1d      primes 17, 19, 23, 127 (Rader), 149, 509 (Bluestein), 1009 (Rader),
//                        2047 = 23*89 (Bluestein, M = 4096), 4099, 10007, 65537, 999983
//                        (multi-kernel Bluestein); semiprimes 134 = 2*67, 323 = 17*19,
//                        17408 = 1024*17, 8633 = 97*89, 5045 = 5*1009 (multi-pass whose second
//                        piece is a Rader prime); prime powers 289 = 17^2, 6859 = 19^3;
//                        510510 = 2*3*5*7*11*13*17. Interleaved, out of place, batch 2 (batch 1
//                        above 100000 points), forward then backward (default scales 1 and 1/N:
//                        the round trip recovers the input), single; double for 17, 1009, 2047,
//                        4099, 65537, 999983, 17408. The accuracy ratio to FFTW for 1009, 4099,
//                        65537, 999983 in both precisions. On CPU forms 4099 is a row-lane
//                        Bluestein kernel (also batch 9, batch 8 planar in place, double batch
//                        3; 8191 batch 8) and so is 1009 (a Rader prime from 900 points,
//                        contiguous rows), 853 batch 9 and 8 (planar, in place) the lane
//                        Bluestein.
//                        Quick: single 17, 127, 1009 (Rader), 149, 2047 (Bluestein), 4099,
//                        65537 (multi-kernel Bluestein), 8633, 17408 (multi-pass with prime
//                        pieces); double 17, 4099; 4099 batch 9, double 4099 batch 3, 853 batch 9.
//  anylength_c2c_layouts planar->planar, interleaved->planar, planar->interleaved, in place
//                        interleaved and planar, for Rader (1009), Bluestein (149), multi-kernel
//                        Bluestein (4099) and multi-pass (8633, 17408) lengths; double 1009
//                        planar (out of and in place), 4099 and 17408 in place.
//                        Quick: 1009 planar->planar, 4099 planar in place, 149
//                        interleaved->planar, 4099 planar->interleaved, 8633 in place, double
//                        1009 planar->planar.
//  anylength_c2c_strides batch 3 with gaps between transforms and input stride 2 (1009, 4099,
//                        single and double, 1009 with the accuracy ratio to FFTW: Rader on
//                        every device; 1009 planar), column-major batches (distance 1)
//                        out of place and in place (127, 4099, 17408, double 1009), transposed
//                        batch output (509, 8633), 2-D 17x19 rows with gaps and a transposed
//                        2-D output.
//                        Quick: 1009 batch 3 input stride 2 (single, double), 4099 with gaps
//                        (single), 127 column-major out of place, 4099 column-major in place,
//                        8633 transposed batch output, 17x19 rows with gaps.
//  anylength_c2c_multidim 2-D 17x19 (batch 1 and 3), 97x89, 1009x3, 3x149, 64x4099; 3-D
//                        168x134x40 (clFFT issue 148) and 17x19x23, out of place and in place;
//                        double 97x89 out of place and in place.
//                        Quick: 17x19 (batch 1 and 3), 3x149, 17x19x23, double 97x89.
//  anylength_real        R2C then C2R (two plans) on odd primes 17, 127, 1009, 4001 (Rader) and
//                        2047 (Bluestein), even non-smooth lengths 34 = 2*17 and 254 = 2*127:
//                        hermitian interleaved out of place and in place (padded real rows),
//                        single (all) and double (17, 1009, 254); hermitian planar (34 single,
//                        17 double); batches with gaps; column-major batches (34); 2-D 64x17
//                        (second dimension prime; out of place, in place, double) and 17x64;
//                        long rows (4099, 4097, 10007, 65537 multi-kernel Bluestein, double,
//                        planar, in place, gaps, 4099x3), lane kernels (2047 batch 8, 4099 batch
//                        9), 8198 (half-length multi-kernel Bluestein), 19683 and 8192 at real
//                        stride 2 (complex FFT of all N points).
//                        Quick: 17, 2047, 34 out of place, 17 in place, double 17, 34 hermitian
//                        planar, 34 column-major, 17x64, 4099 out of place and in place, 2047
//                        batch 8, 8198, 19683, 8192 at real stride 2.
//  anylength_accuracy    our relative L2 error against FFTW's own in the same precision (both
//                        against FFTW in the higher precision), at most 1.5x FFTW's (or u), over
//                        16 random transforms of one plan per length: complex forward and backward,
//                        real R2C. Sweep: every length 2..128 and prime to 1000 (R2C: to 300) in
//                        single; in double those up to 128 with a prime factor 17..47 and the
//                        primes to 200.
//                        Quick: single 17, 29, 43, 47, 57, 86 (prime radices), 53, 97 (Bluestein,
//                        Rader); double 19, 86; R2C 23, 38.
//  anylength_kernels     the algorithm shows in the kernel names written with
//                        CLFFT_DUMP_PROGRAMS=1: 127 -> "rader" (and no "bluestein"), 1009 ->
//                        "rader" or on CPU forms one row-lane Bluestein kernel, 2047 ->
//                        "bluestein" (and no "rader"), 4099 -> one row-lane Bluestein kernel on
//                        CPU forms, else "_bsload", "_bsmul", "_bsstore" (65537: always those).
//
// Cost: each distinct (lengths, precision, layouts, batch shape) is a PoCL compile (1-3 s for
// these lengths, twice for a real case: two plans); placement, strides and distances are kernel
// arguments, so in-place and strided cases mostly reuse kernels. 999983 costs about 10 s per
// precision (host tables at bake, the multi-pass kernels, fftwl about 7 s for the double
// forward reference; sweep tier). Cold on 2 shared cores (fresh POCL_CACHE_DIR,
// CLFFT_CACHE_PATH=off): quick tier about 30 s, all cases about 1.5 minutes; about 20 s warm.
#define BOOST_TEST_MODULE anylength
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
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace bdata = boost::unit_test::data;
namespace fs = std::filesystem;
using namespace clfft_test;
using namespace clfft_test::fftw_ref;

namespace anylength {

template <class T> constexpr double tolerance() { return sizeof(T) == sizeof(float) ? 2e-6 : 2e-14; }
// Largest accepted ratio of our error to FFTW's error in the same precision.
constexpr double kMaxRatioToFftw = 1.5;

long double points(const std::vector<std::size_t>& lengths)
{
    long double n = 1;
    for (std::size_t l : lengths)
        n *= (long double)l;
    return n;
}

// Checks a relative L2 error against the precision's bound; returns it.
template <class T, class R>
long double checkError(const HostSide<T>& ours, const HostSide<R>& ref, long double refScale, const std::string& what)
{
    return checkRelativeError(compare(ours, ref, refScale), tolerance<T>(), what);
}

// One transform of a baked plan (device_buffers.h); in place both sides have as many arrays.
template <class T>
HostSide<T> execute(const ScopedPlan& plan, bool inPlace, clfftDirection dir, const HostSide<T>& input,
                    const SideDesc& outD, const std::string& what)
{
    if (inPlace)
        BOOST_REQUIRE_EQUAL(isPlanar(input.desc.layout), isPlanar(outD.layout));
    return transformOnce(plan.h, inPlace, dir, input, outD, nullptr, what);
}

// ---- Complex-to-complex ----------------------------------------------------------------------------

namespace c2c {

struct Case : ComplexCaseBase<Case> {
    bool ratio = false;           // also measure FFTW's same-precision error: ours / FFTW's <= 1.5
    bool doubleRefBackward = false; // double case: backward checked against FFTW double, not long double

    Case& withRatio() { ratio = true; return *this; }
    Case& cheapBackwardRef() { doubleRefBackward = true; return *this; }
};

Case make(std::vector<std::size_t> lengths, std::size_t batch = 1, clfftPrecision p = SP)
{
    return makeCase<Case>(std::move(lengths), batch, p);
}

std::string describe(const Case& c) { return c.headText() + c.stridesText() + " forward+backward"; }

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << describe(c); }

// Our forward error and FFTW's same-precision error against the same reference: reported, and
// the ratio bounded.
template <class T, class R>
void checkRatio(const Case& c, long double ours, const HostSide<T>& input, const HostSide<R>& ref, const SideDesc& outD)
{
    const HostSide<T> fftw = reference_c2c<T>(c.lengths, CLFFT_FORWARD, T(1), input, outD);
    const long double theirs = compare(fftw, ref).relL2;
    const long double ratio = theirs > 0 ? ours / theirs : 0;
    BOOST_TEST_MESSAGE("accuracy " << shapeText(c.lengths) << ' ' << (c.precision == DP ? "double" : "single")
                                   << " forward: ours " << double(ours) << ", FFTW (" << (c.precision == DP ? "fftw" : "fftwf")
                                   << ") " << double(theirs) << ", ratio " << double(ratio) << " (reference "
                                   << (sizeof(R) == sizeof(double) ? "FFTW double" : "FFTW long double") << ")");
    BOOST_CHECK_MESSAGE(theirs > 0, "FFTW's error against the reference is zero: ratio undefined");
    BOOST_CHECK_MESSAGE(ratio <= kMaxRatioToFftw, describe(c) << ": our forward error " << double(ours) << " is "
                                                              << double(ratio) << " times FFTW's (" << double(theirs)
                                                              << "), more than " << kMaxRatioToFftw);
}

template <class T, class R> void runCase(const Case& c)
{
    if (checkDoubleRefused(c.precision, c.lengths, describe(c), c.in, c.out, c.inPlace))
        return;
    BOOST_TEST_MESSAGE("case: " << describe(c));
    if (c.inPlace) {
        BOOST_REQUIRE(c.in == c.out);
        BOOST_REQUIRE(c.outStrides.empty());
    }
    ClEnv& env = ClEnv::get();
    const long double n = points(c.lengths);
    const SideDesc inD = c.inSide();
    const SideDesc outD = c.inPlace ? inD : c.side(c.out, c.outStrides, c.outDist);

    ScopedPlan plan;
    c.createPlan(plan, inD, outD);
    const auto bakeStart = std::chrono::steady_clock::now();
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
    BOOST_TEST_MESSAGE("bake: " << std::chrono::duration<double>(std::chrono::steady_clock::now() - bakeStart).count()
                                << " s");

    const std::uint64_t seed = seedFrom(describe(c));
    HostSide<T> x(inD);
    fillRandom(x, seed);

    // Forward (scale 1) against FFTW.
    const HostSide<T> y = execute(plan, c.inPlace, CLFFT_FORWARD, x, outD, "forward");
    {
        const HostSide<R> ref = reference_c2c<R>(c.lengths, CLFFT_FORWARD, R(1), x, outD);
        const long double e = checkError(y, ref, 1.0L, "forward");
        if (c.ratio)
            checkRatio(c, e, x, ref, outD);
    }

    // Backward (scale 1/N) on the same plan (input side -> output side), fed with our forward
    // output placed in the input layout.
    HostSide<T> x2(inD);
    fillRandom(x2, seed ^ 0x5555);
    copyLogical(x2, y);
    const HostSide<T> z = execute(plan, c.inPlace, CLFFT_BACKWARD, x2, outD, "backward");
    if (c.doubleRefBackward)
        checkError(z, reference_c2c<double>(c.lengths, CLFFT_BACKWARD, 1.0 / double(n), x2, outD), 1.0L,
                   "backward (FFTW double reference)");
    else
        checkError(z, reference_c2c<R>(c.lengths, CLFFT_BACKWARD, R(1) / R(n), x2, outD), 1.0L, "backward");

    // With the default scales (1 and 1/N) backward(forward(x)) is x.
    checkError(z, x, 1.0L, "round trip backward(forward(x)) vs x");
}

void run(const Case& c)
{
    if (c.precision == DP)
        runCase<double, long double>(c);
    else
        runCase<float, double>(c);
}

// Lengths whose forward error is also compared with FFTW's own (Rader 1009, multi-kernel
// Bluestein 4099, 65537, 999983).
bool ratioLength(std::size_t n) { return n == 1009 || n == 4099 || n == 65537 || n == 999983; }

std::vector<Case> oneDimCases()
{
    std::vector<Case> q, s;
    const std::vector<std::size_t> single = {
        17, 19, 23, 127, 149, 509, 1009, 2047, 4099, 10007, 65537, 999983, // primes (and 2047 = 23*89)
        134, 323, 1024 * 17, 97 * 89, 5 * 1009,                             // semiprimes
        17 * 17, 19 * 19 * 19,                                              // prime powers
        2 * 3 * 5 * 7 * 11 * 13 * 17,                                       // mixed
    };
    const std::vector<std::size_t> dbl = {17, 1009, 2047, 4099, 65537, 999983, 1024 * 17};
    // The quick tier: Rader (17, 127, 1009), single-kernel Bluestein (149, 2047), multi-kernel
    // Bluestein (4099, 65537), multi-pass with prime pieces (8633 = 97*89, 17408 = 1024*17);
    // double 17 and 4099. (127, 1009, 2047, 4099 and 65537 are anylength_kernels' lengths: their
    // programs are built there anyway.)
    const std::vector<std::size_t> quickSingle = {17, 127, 149, 1009, 2047, 4099, 65537, 97 * 89, 1024 * 17};
    const std::vector<std::size_t> quickDouble = {17, 4099};
    for (clfftPrecision p : {SP, DP})
        for (std::size_t n : p == SP ? single : dbl) {
            // Batch 2 exercises the batch index; the longest transforms run once.
            Case c = make({n}, n > 100000 ? 1 : 2, p);
            if (ratioLength(n))
                c.withRatio();
            if (p == DP && n == 999983)
                c.cheapBackwardRef();
            const std::vector<std::size_t>& quick = p == SP ? quickSingle : quickDouble;
            (std::find(quick.begin(), quick.end(), n) != quick.end() ? q : s).push_back(c);
        }
    // On a CPU device rows of 4099 take the row-lane Bluestein (8640 points, the last vector of
    // each row partial), 8191 too (17280 points, not 16384), double 4099 in 270 KiB.
    q.push_back(make({4099}, 9).withRatio());
    s.push_back(make({4099}, 8).layouts(PL, PL).inplace());
    s.push_back(make({8191}, 8));
    q.push_back(make({4099}, 3, DP));
    // Shorter rows, 8 or more, take the single-kernel lane Bluestein (the whole convolution in
    // local memory); 9 leaves the last group of lanes partly empty.
    q.push_back(make({853}, 9).withRatio());
    s.push_back(make({853}, 8).layouts(PL, PL).inplace());
    return tiered(q, s);
}

std::vector<Case> layoutCases()
{
    std::vector<Case> q, s;
    // Rader (1009), single-kernel Bluestein (149), multi-kernel Bluestein (4099), multi-pass with
    // prime pieces (8633 = 97*89, 17408 = 1024*17).
    // (Each layout pair is a compile; placement is not, so in-place cases cost no compile.)
    for (std::size_t n : {1009, 4099}) {
        (n == 1009 ? q : s).push_back(make({n}, 2).layouts(PL, PL));
        s.push_back(make({n}, 2).inplace());
        (n == 4099 ? q : s).push_back(make({n}, 2).layouts(PL, PL).inplace());
    }
    q.push_back(make({149}, 2).layouts(II, PL));
    s.push_back(make({149}, 2).inplace());
    s.push_back(make({4099}, 2).layouts(II, PL));
    q.push_back(make({4099}, 2).layouts(PL, II));
    s.push_back(make({97 * 89}, 2).layouts(PL, PL));
    q.push_back(make({97 * 89}, 2).inplace());
    s.push_back(make({1024 * 17}, 2).inplace());
    q.push_back(make({1009}, 2, DP).layouts(PL, PL));
    s.push_back(make({1009}, 2, DP).layouts(PL, PL).inplace());
    s.push_back(make({4099}, 2, DP).inplace());
    s.push_back(make({1024 * 17}, 2, DP).inplace());
    return tiered(q, s);
}

std::vector<Case> strideCases()
{
    std::vector<Case> q, s;
    for (clfftPrecision p : {SP, DP}) {
        // Batch 3, input stride 2 with gaps between transforms, packed output set explicitly.
        // Strided rows keep Rader on CPU forms too (the row lanes load contiguous rows).
        q.push_back(make({1009}, 3, p).istrides({2}, 2100).ostrides({1}, 1013).withRatio());
        // Multi-kernel Bluestein with gaps on both sides.
        (p == SP ? q : s).push_back(make({4099}, 3, p).istrides({1}, 4200).ostrides({2}, 8300));
    }
    // Column-major batches (distance 1, stride = batch count), out of place and in place.
    q.push_back(make({127}, 5).istrides({5}, 1).ostrides({5}, 1));
    s.push_back(make({127}, 5).istrides({5}, 1).inplace());
    q.push_back(make({4099}, 3).istrides({3}, 1).inplace());
    s.push_back(make({1024 * 17}, 2).istrides({2}, 1).inplace());
    s.push_back(make({1009}, 3, DP).istrides({3}, 1).inplace());
    // Transposed batch output: row-major in, column-major out.
    s.push_back(make({509}, 4).istrides({1}, 509).ostrides({4}, 1));
    q.push_back(make({97 * 89}, 2).istrides({1}, 8700).ostrides({2}, 1));
    // Planar with gaps.
    s.push_back(make({1009}, 3).layouts(PL, PL).istrides({2}, 2100).ostrides({1}, 1013));
    // 2-D rows with gaps; 2-D output stored transposed.
    q.push_back(make({17, 19}, 3).istrides({1, 20}, 400).ostrides({1, 17}, 330));
    s.push_back(make({17, 19}, 1).istrides({1, 17}, 323).ostrides({19, 1}, 323));
    return tiered(q, s);
}

std::vector<Case> multidimCases()
{
    std::vector<Case> q, s;
    // Quick: 17x19 (Rader in both dimensions), 3x149 (Bluestein in the second), 17x19x23.
    const std::vector<std::vector<std::size_t>> quick = {{17, 19}, {3, 149}, {17, 19, 23}};
    for (auto l : std::vector<std::vector<std::size_t>>{{17, 19}, {97, 89}, {1009, 3}, {3, 149}, {64, 4099},
                                                         {168, 134, 40}, {17, 19, 23}})
        (std::find(quick.begin(), quick.end(), l) != quick.end() ? q : s).push_back(make(l));
    q.push_back(make({17, 19}, 3));
    s.push_back(make({17, 19, 23}).inplace());
    s.push_back(make({168, 134, 40}).inplace());
    q.push_back(make({97, 89}, 1, DP));
    s.push_back(make({97, 89}, 1, DP).inplace());
    return tiered(q, s);
}

} // namespace c2c

// ---- Real (R2C and C2R) ------------------------------------------------------------------------------

namespace r2c {

// A real case is a round trip on two plans: REAL -> hermitian (forward) on random x, checked
// against FFTW; hermitian -> REAL (backward) on our forward output, checked against FFTW's c2r
// of that same input times 1/N; then the result against x.
struct Case : RealCaseBase<Case> {};

Case make(std::vector<std::size_t> lengths, std::size_t batch = 1, clfftPrecision p = SP)
{
    return makeCase<Case>(std::move(lengths), batch, p);
}

std::string describe(const Case& c) { return c.headText() + c.stridesText() + " r2c+c2r"; }

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << describe(c); }

void makePlan(ScopedPlan& plan, const Case& c, bool forward, const SideDesc& realD, const SideDesc& hermD)
{
    c.createPlan(plan, forward, realD, hermD);
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
}

template <class T, class R> void runCase(const Case& c)
{
    if (checkDoubleRefused(c.precision, c.lengths, describe(c), CLFFT_REAL, c.herm, c.inPlace))
        return;
    BOOST_TEST_MESSAGE("case: " << describe(c));
    if (c.inPlace)
        BOOST_REQUIRE(c.herm == HI);
    const long double n = points(c.lengths);
    const SideDesc realD = c.realSide(), hermD = c.hermSide();
    const std::uint64_t seed = seedFrom(describe(c));

    HostSide<T> x(realD);
    fillRandom(x, seed);
    HostSide<T> spectrum(hermD);
    fillRandom(spectrum, seed ^ 0x5555);
    {
        ScopedPlan fwd;
        makePlan(fwd, c, true, realD, hermD);
        const HostSide<T> y = execute(fwd, c.inPlace, CLFFT_FORWARD, x, hermD, "r2c");
        checkError(y, reference_r2c<R>(c.lengths, R(1), x, hermD), 1.0L, "r2c");
        copyLogical(spectrum, y);
    }
    ScopedPlan bwd;
    makePlan(bwd, c, false, realD, hermD);
    const HostSide<T> z = execute(bwd, c.inPlace, CLFFT_BACKWARD, spectrum, realD, "c2r");
    checkError(z, reference_c2r<R>(c.lengths, R(1) / R(n), spectrum, realD), 1.0L, "c2r");
    checkError(z, x, 1.0L, "round trip c2r(r2c(x)) vs x");
}

void run(const Case& c)
{
    if (c.precision == DP)
        runCase<double, long double>(c);
    else
        runCase<float, double>(c);
}

std::vector<Case> cases()
{
    std::vector<Case> q, s;
    // Where a loop puts a length in the quick tier.
    auto in = [](std::size_t n, std::initializer_list<std::size_t> quick) {
        return std::find(quick.begin(), quick.end(), n) != quick.end();
    };
    // Odd primes (Rader: 16, 126, 1008, 4000 have factors 2..13), 2047 = 23*89 (Bluestein), even
    // non-smooth lengths (half-length 17 and 127 with Rader).
    for (std::size_t n : {17, 127, 1009, 4001, 2047, 34, 254})
        (in(n, {17, 2047, 34}) ? q : s).push_back(make({n}, 2));
    for (std::size_t n : {17, 1009, 254})
        (in(n, {17}) ? q : s).push_back(make({n}, 2, DP));
    // Hermitian planar; in place (padded real rows; no compile of its own).
    q.push_back(make({34}, 2).layout(HP));
    s.push_back(make({17}, 2, DP).layout(HP));
    for (std::size_t n : {17, 1009, 4001, 2047, 254})
        (in(n, {17}) ? q : s).push_back(make({n}, 2).inplace());
    for (std::size_t n : {1009, 254})
        s.push_back(make({n}, 2, DP).inplace());
    // Batches with gaps, and column-major batches.
    s.push_back(make({1009}, 3).rstrides({1}, 1020).hstrides({1}, 520));
    s.push_back(make({254}, 3).rstrides({2}, 520).hstrides({1}, 130));
    q.push_back(make({34}, 3).rstrides({3}, 1).hstrides({3}, 1));
    // 2-D: prime second dimension (complex pass with Rader); prime first dimension.
    s.push_back(make({64, 17}));
    s.push_back(make({64, 17}, 2).inplace());
    s.push_back(make({64, 17}, 1, DP));
    q.push_back(make({17, 64}));
    // Real rows too long for one kernel. Odd with a prime factor above 13: Bluestein on real
    // data over several kernels (4099; 4097 = 17*241; 10007; 65537), double too; hermitian
    // planar; in place; gaps between rows; 2-D (out of place the C2R's work sits in the first
    // scratch buffer, the Bluestein in the other two).
    q.push_back(make({4099}, 2));
    s.push_back(make({4097}));
    s.push_back(make({10007}));
    s.push_back(make({65537}));
    s.push_back(make({4099}, 1, DP));
    s.push_back(make({4099}, 2).layout(HP));
    q.push_back(make({4099}, 2).inplace());
    s.push_back(make({4099}, 2).rstrides({1}, 4103).hstrides({1}, 2053));
    s.push_back(make({4099, 3}));
    s.push_back(make({4099, 3}).inplace());
    // CPU lane kernels on real data (8 rows a vector): Bluestein in one kernel, M = 4096 (2047)
    // and M = 8232 (4099, 9 rows: a partial group; without lanes, the multi-kernel form).
    q.push_back(make({2047}, 8));
    s.push_back(make({4099}, 9));
    // Even, with half the length too long for one Rader/Bluestein kernel: the half-length
    // complex FFT runs as a multi-kernel Bluestein.
    q.push_back(make({8198}, 2));
    // Long smooth rows where the half-length form does not apply: odd (3^9), or a real side
    // that is not a complex array (rows at stride 2): a complex FFT of all N points.
    q.push_back(make({19683}, 2));
    s.push_back(make({19683}, 1, DP).inplace());
    q.push_back(make({8192}, 2).rstrides({2}, 16385).hstrides({1}, 4097));
    return tiered(q, s);
}

} // namespace r2c

// ---- Accuracy against FFTW's own error ----------------------------------------------------------------

// Every length of the lists: one plan per kind and precision computes kBatch random transforms
// at once; our relative L2 error over the batch (against FFTW in the higher precision, as above)
// must stay within kMaxRatioToFftw times FFTW's own error in the same precision (fftwf / fftw,
// FFTW_ESTIMATE, against the same reference), or of the precision's unit roundoff u where
// FFTW's error is below it: short lengths, whose errors are a few roundings, where one rounding
// more (the merge step of an even real row) is most of the ratio (single R2C 6: ours 5.4e-8,
// FFTW's 2.0e-8, u 6.0e-8). Not u added to FFTW's error: that would hide what this checks (single
// 17 by Bluestein was 1.3e-7 against FFTW's 6.9e-8, within 1.5 x 6.9e-8 + u). Complex: the
// forward and the backward transform (backward scale 1: FFTW's unscaled sum); real: the R2C.
namespace accuracy {

struct Case {
    std::size_t n = 0;
    clfftPrecision precision = SP;
    bool real = false;
};

constexpr std::size_t kBatch = 16;

std::string describe(const Case& c)
{
    return caseHead({c.n}, kBatch, c.precision) + (c.real ? " r2c" : " c2c") + " error against FFTW's";
}

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << describe(c); }

template <class T> constexpr long double unitRoundoff() { return sizeof(T) == sizeof(float) ? 0x1p-24L : 0x1p-53L; }

template <class T, class R>
void checkRatio(const std::string& what, const HostSide<T>& ours, const HostSide<T>& fftw, const HostSide<R>& ref)
{
    const long double e = compare(ours, ref).relL2, f = compare(fftw, ref).relL2;
    const double ratio = f > 0 ? double(e / f) : 0.0;
    BOOST_TEST_MESSAGE(what << ": ours " << double(e) << ", FFTW " << double(f) << ", ratio " << ratio);
    BOOST_CHECK_MESSAGE(e <= kMaxRatioToFftw * std::max(f, unitRoundoff<T>()),
                        what << ": our error " << double(e) << " is " << ratio << " times FFTW's (" << double(f)
                             << "), above " << kMaxRatioToFftw << " times FFTW's (or the unit roundoff, if larger)");
}

template <class T, class R> void runCase(const Case& c)
{
    const std::vector<std::size_t> lengths{c.n};
    const std::string what = describe(c);
    if (checkDoubleRefused(c.precision, lengths, what, c.real ? RE : II, c.real ? HI : II, false))
        return;
    const std::uint64_t seed = seedFrom(what);
    ScopedPlan plan;
    if (!c.real) {
        const SideDesc d = SideDesc::packed(II, lengths, kBatch);
        createPlanFor(plan, lengths, c.precision, II, II, false, kBatch);
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_BACKWARD, 1.0f));
        REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
        for (clfftDirection dir : {CLFFT_FORWARD, CLFFT_BACKWARD}) {
            const char* name = dir == CLFFT_FORWARD ? "forward" : "backward";
            HostSide<T> x(d);
            fillRandom(x, seed + (dir == CLFFT_FORWARD ? 0 : 1));
            const HostSide<T> y = transformOnce(plan.h, false, dir, x, d, nullptr, name);
            checkRatio(what + " " + name, y, reference_c2c<T>(lengths, dir, T(1), x, d),
                       reference_c2c<R>(lengths, dir, R(1), x, d));
        }
        return;
    }
    const SideDesc rd = realSideOf(lengths, kBatch, false, {}, 0), hd = hermSideOf(HI, lengths, kBatch, {}, 0);
    createPlanFor(plan, lengths, c.precision, RE, HI, false, kBatch);
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &ClEnv::get().queue, nullptr, nullptr));
    HostSide<T> x(rd);
    fillRandom(x, seed);
    const HostSide<T> y = transformOnce(plan.h, false, CLFFT_FORWARD, x, hd, nullptr, "r2c");
    checkRatio(what, y, reference_r2c<T>(lengths, T(1), x, hd), reference_r2c<R>(lengths, R(1), x, hd));
}

void run(const Case& c)
{
    if (c.precision == DP)
        runCase<double, long double>(c);
    else
        runCase<float, double>(c);
}

bool prime(std::size_t n)
{
    for (std::size_t d = 2; d * d <= n; ++d)
        if (n % d == 0)
            return false;
    return n > 1;
}

// Quick: primes of one radix pass (17, 29, 43, 47), 2 x 43, 3 x 19, and the first primes past
// them (53: Bluestein; 97: Rader, on CPU lanes Bluestein), single complex; double 19, 43 x 2;
// R2C 23 and 2 x 19. Sweep: in single every length 2..128 and every prime up to 1000 complex, up
// to 300 real; in double the lengths up to 128 with a prime factor 17..47 (the prime radices) and
// the primes up to 200 (half the plans of every length in both: .ci/run's 30 minutes).
std::vector<Case> cases()
{
    std::vector<Case> q, s;
    for (std::size_t n : {17, 29, 43, 47, 86, 57, 53, 97})
        q.push_back({n, SP, false});
    for (std::size_t n : {19, 86})
        q.push_back({n, DP, false});
    for (std::size_t n : {23, 38})
        q.push_back({n, SP, true});
    auto quick = [&](const Case& c) {
        return std::any_of(q.begin(), q.end(), [&](const Case& o) {
            return o.n == c.n && o.precision == c.precision && o.real == c.real;
        });
    };
    auto primeRadixFactor = [](std::size_t n) {
        for (std::size_t p = 17; p <= 47; ++p)
            if (prime(p) && n % p == 0)
                return true;
        return false;
    };
    for (clfftPrecision p : {SP, DP})
        for (bool real : {false, true})
            for (std::size_t n = 2; n <= 1000; ++n) {
                const bool listed = p == SP ? n <= 128 || (prime(n) && (!real || n <= 300))
                                            : (n <= 128 && primeRadixFactor(n)) || (n <= 200 && prime(n));
                if (listed && !quick({n, p, real}))
                    s.push_back({n, p, real});
            }
    return tiered(q, s);
}

} // namespace accuracy

// ---- Kernel names ----------------------------------------------------------------------------------

// While alive: the working directory is a fresh temporary directory and CLFFT_DUMP_PROGRAMS=1
// (the library writes each generated program to <kernel name>.cl in the working directory at
// bake). Restores both and removes the directory when destroyed.
class DumpDirectory {
public:
    DumpDirectory()
    {
        std::string tmpl = (fs::temp_directory_path() / "clfft-anylength-XXXXXX").string();
        std::vector<char> buf(tmpl.begin(), tmpl.end());
        buf.push_back('\0');
        if (!mkdtemp(buf.data()))
            throw std::runtime_error(std::string("mkdtemp failed: ") + std::strerror(errno));
        dir_ = buf.data();
        old_ = fs::current_path();
        if (const char* prev = std::getenv("CLFFT_DUMP_PROGRAMS")) {
            hadPrevious_ = true;
            previous_ = prev;
        }
        fs::current_path(dir_);
        setenv("CLFFT_DUMP_PROGRAMS", "1", 1);
    }
    DumpDirectory(const DumpDirectory&) = delete;
    DumpDirectory& operator=(const DumpDirectory&) = delete;
    ~DumpDirectory()
    {
        if (hadPrevious_)
            setenv("CLFFT_DUMP_PROGRAMS", previous_.c_str(), 1);
        else
            unsetenv("CLFFT_DUMP_PROGRAMS");
        std::error_code ec;
        fs::current_path(old_, ec);
        fs::remove_all(dir_, ec);
    }

    // Files written since the last call (removed from the directory).
    std::vector<std::string> take()
    {
        std::vector<std::string> names;
        for (const fs::directory_entry& e : fs::directory_iterator(dir_))
            names.push_back(e.path().filename().string());
        for (const std::string& s : names)
            fs::remove(dir_ / s);
        std::sort(names.begin(), names.end());
        return names;
    }

private:
    fs::path dir_, old_;
    bool hadPrevious_ = false;
    std::string previous_;
};

bool anyContains(const std::vector<std::string>& names, const std::string& part)
{
    return std::any_of(names.begin(), names.end(), [&](const std::string& s) { return s.find(part) != std::string::npos; });
}

// Bakes a single-precision 1-D interleaved out-of-place plan of length n, batch 2 (the shape of
// anylength_c2c_1d, so the programs are already built); returns the names of the program files
// it wrote.
std::vector<std::string> dumpedFor(DumpDirectory& dir, std::size_t n)
{
    ClEnv& env = ClEnv::get();
    ScopedPlan plan;
    std::size_t len = n;
    REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&plan.h, env.context, CLFFT_1D, &len));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanPrecision(plan.h, SP));
    REQUIRE_CLFFT_SUCCESS(clfftSetLayout(plan.h, II, II));
    REQUIRE_CLFFT_SUCCESS(clfftSetResultLocation(plan.h, CLFFT_OUTOFPLACE));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanBatchSize(plan.h, 2));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
    std::vector<std::string> names = dir.take();
    BOOST_TEST_MESSAGE("length " << n << " wrote " << listText(names));
    BOOST_CHECK_MESSAGE(!names.empty(), "length " << n << ": CLFFT_DUMP_PROGRAMS=1 wrote no file");
    return names;
}

} // namespace anylength

namespace al = anylength;

BOOST_AUTO_TEST_SUITE(anylength_c2c_1d)
BOOST_DATA_TEST_CASE(lengths, bdata::make(al::c2c::oneDimCases()), c) { al::c2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(anylength_c2c_layouts)
BOOST_DATA_TEST_CASE(layout_placement_precision, bdata::make(al::c2c::layoutCases()), c) { al::c2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(anylength_c2c_strides)
BOOST_DATA_TEST_CASE(strides_and_distances, bdata::make(al::c2c::strideCases()), c) { al::c2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(anylength_c2c_multidim)
BOOST_DATA_TEST_CASE(shapes, bdata::make(al::c2c::multidimCases()), c) { al::c2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(anylength_real)
BOOST_DATA_TEST_CASE(r2c_c2r, bdata::make(al::r2c::cases()), c) { al::r2c::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(anylength_accuracy)
BOOST_DATA_TEST_CASE(ratio_to_fftw, bdata::make(al::accuracy::cases()), c) { al::accuracy::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(anylength_kernels)

// The planner's choice shows in the kernel names: Rader for 1009 (1008 = 2^4 3^2 7), Bluestein
// in one kernel for 2047 = 23*89 (M = 4096), and the multi-kernel Bluestein's load, spectrum
// product and store sub-passes for 4099 (M > 4096).
BOOST_AUTO_TEST_CASE(algorithm_in_kernel_names)
{
    al::DumpDirectory dir;
    const std::vector<std::string> rader = al::dumpedFor(dir, 127);
    BOOST_CHECK_MESSAGE(al::anyContains(rader, "rader"), "127: no program file name contains \"rader\": "
                                                             << listText(rader));
    BOOST_CHECK_MESSAGE(!al::anyContains(rader, "bluestein"), "127: Bluestein chosen where Rader applies: "
                                                                  << listText(rader));
    // A Rader prime from 900 points: on CPU forms one row-lane Bluestein kernel (names "_w8"),
    // else Rader.
    const std::vector<std::string> prime = al::dumpedFor(dir, 1009);
    if (al::anyContains(prime, "bluestein"))
        BOOST_CHECK_MESSAGE(al::anyContains(prime, "_w8") && prime.size() == 1u && !al::anyContains(prime, "rader"),
                            "1009 by Bluestein, but not one row-lane kernel: " << listText(prime));
    else
        BOOST_CHECK_MESSAGE(al::anyContains(prime, "rader"), "1009: neither Rader nor Bluestein: " << listText(prime));
    // One kernel holds the 4096-point convolution of 2047 where 4096 single complex values fit
    // the device's local memory; a smaller device splits 2047 = 23 x 89 into Rader pieces.
    const std::vector<std::string> blue = al::dumpedFor(dir, 2047);
    if (ClEnv::get().limits.localMem >= 4096 * 8) {
        BOOST_CHECK_MESSAGE(al::anyContains(blue, "bluestein"), "2047: no program file name contains \"bluestein\": "
                                                                    << listText(blue));
        BOOST_CHECK_MESSAGE(!al::anyContains(blue, "rader"), "2047 (not prime): a Rader kernel: " << listText(blue));
    } else {
        BOOST_CHECK_MESSAGE(al::anyContains(blue, "rader_n23") && al::anyContains(blue, "rader_n89"),
                            "2047 on " << ClEnv::get().limits.localMem << " bytes of local memory: not split into "
                                       << "Rader 23 x 89: " << listText(blue));
    }
    // 4099: one row-lane Bluestein kernel (names "_w8") where the CPU forms take it, else the
    // multi-kernel steps; 65537's convolution (131072+ points) is always in those steps.
    auto steps = [](std::size_t n, const std::vector<std::string>& names) {
        for (const char* part : {"_bsload", "_bsmul", "_bsstore"})
            BOOST_CHECK_MESSAGE(al::anyContains(names, part), n << ": no program file name contains \"" << part << "\": "
                                                                 << listText(names));
    };
    const std::vector<std::string> mid = al::dumpedFor(dir, 4099);
    if (al::anyContains(mid, "bluestein_n4099"))
        BOOST_CHECK_MESSAGE(al::anyContains(mid, "_w8") && mid.size() == 1u,
                            "4099 in one kernel, but not one row-lane kernel: " << listText(mid));
    else
        steps(4099, mid);
    steps(65537, al::dumpedFor(dir, 65537));
}

BOOST_AUTO_TEST_SUITE_END()
