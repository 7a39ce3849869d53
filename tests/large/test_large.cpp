// Tests of large transforms through the public clFFT API: lengths too long for one kernel
// (> 4096 points: a global Stockham over sub-transforms, two passes up to 4096^2 points, more
// beyond), long dimensions in 2D/3D, transposed output (clfftSetPlanTransposeResult), long
// real rows (R2C/C2R with N/2 > 4096), CLFFT_REQUEST_LIB_NOMEMALLOC, and one transform whose
// buffer is 2^31 bytes.
//
// Reference: FFTW, never our own code (tests/support/fftw_reference.h). Single-precision
// results are compared with FFTW in double, double-precision results with FFTW in long double
// (fftwl), except where a case says `fftw double reference` (fftwl too slow for that size).
// Metric: relative L2 error ||ours - ref|| / ||ref|| over the logical elements, accumulated in
// long double. Bounds: 1e-6 (single), 1e-14 (double). The single-precision error of an FFT
// grows slowly with log N; the bound 1e-6 is kept for every length up to 2^24 points per
// dimension and for the 2^25-point R2C and the 8192x8192 2D transform as well (the measured
// errors are a few 1e-7 at most, see the case messages with --log_level=message).
// Inputs: values in [-1, 1) from a fixed-seed generator seeded from the case description;
// padding positions are random too, so a kernel that reads them is caught.
//
// Every out-of-place transform also checks that its input buffer(s) were not modified
// (bitwise) and that no output padding position was written (it holds a sentinel).
// clfftGetTmpBufSize is checked where the planner's contract fixes it: 0 for transforms done in
// one kernel per dimension, and 0 < size <= the data's size (one temporary buffer of the data's
// size) for multi-pass transforms, in-place transposes and out-of-place multi-dimensional C2R.
//
// Coverage (suite / what). Each suite's cases are split in two tiers (tests/support/test_tier.h):
// the quick tier (default; the README's test command) covers each code path once, with small
// sizes where a small size takes the same path; the rest run in the sweep tier
// (CLFFT_TEST_TIER=sweep; CLFFT_TEST_TIER=all runs both). "Quick:" lists the quick cases.
//  large_1d        1-D complex, multi-pass: single 2^13, 2^15, 2^17, 2^20, 2^22, 2^24;
//                  double 2^13, 2^16, 2^20, 2^22; mixed radices 3^12, 3^14, 5^9,
//                  2^10*3^5*5^2 = 6220800, 10^6 (single; 3^12 and 10^6 double too); in place and
//                  out of place; round trips (forward then backward on one plan) and plans whose
//                  first transform is backward; batch 3 x 2^16; input stride 2 with gaps between
//                  transforms, interleaved (column-major) batches, planar layouts, custom scales,
//                  a client temporary buffer; the single-kernel boundary 8192 / 16384.
//                  Quick: 4096, 8192, 16384 (the boundary), 2^17, 2^20 in place, 2^22 (two
//                  passes; on CPUs the largest rows store past the caches), double 8192 in place
//                  and 2^16, 3^12 in place, 2^16 batch 2 strided with gaps, 16384 column-major
//                  batch 3 in place, 2^17 planar->interleaved and planar in place, 2^17 batch 2
//                  with custom scales, 2^20 with a client temporary buffer.
//  large_multidim  2-D/3-D with long dimensions: 8192x8192 single (one forward transform),
//                  16x65536, 65536x16 (single, double, in place, planar, padded), 4x4x8192,
//                  8192x4x4, 4x8192x4; big 3-D without long dimensions: 128^3 (single, double)
//                  and 256x256x512 single (512^3 takes too long on PoCL, see below).
//                  Quick: 16x65536, 65536x16 in place, 4x4x8192, double 4x8192x4, double 128^3
//                  in place.
//  large_transposed  transposed output (first two dimensions of the result swapped), single and
//                  double, every layout pair (interleaved/planar in and out) out of place,
//                  interleaved and planar in place; square (32x32, 16x16x3) and non-square (64x32,
//                  30x20, 8x4x5) shapes; default output strides (packed transposed) and custom
//                  ones (padded, batch distances, permuted); long dimensions (16x8192,
//                  8192x16). The reference is FFTW's untransposed result, transposed on the host.
//                  Quick (single unless said): 64x32 interleaved->interleaved and
//                  planar->planar, 8x4x5 batch 2 interleaved->planar with padded output strides,
//                  32x32 planar->interleaved with padded output strides, 64x32 batch 3 with an
//                  output distance, in place 30x20 interleaved (single, double) and 32x32 batch 2
//                  planar, 16x8192.
//  large_real      long real rows: R2C 2^25 single and C2R 2^24 double, each against FFTW and
//                  round-tripped through the inverse plan; 1-D R2C/C2R 2^20 in place; 2-D
//                  16384x4 R2C/C2R in place and out of place (single, double); 16384x3x2;
//                  batch 3 with gaps; hermitian planar; long rows without the half-length
//                  form (real stride 3 along the row, odd outer real strides and distances, odd
//                  length 5^6 in double), forward and backward.
//                  Quick: R2C 2^20 single and C2R 2^20 double in place, R2C 16384x4 out of
//                  place and in place, R2C 16384 batch 2 hermitian planar, R2C and C2R 16384
//                  at real stride 3, double R2C 5^6 batch 2.
//  large_nomemalloc  CLFFT_REQUEST_LIB_NOMEMALLOC: out-of-place 2-D/3-D C2R reports a temporary
//                  buffer without it and none with it (set before the bake), and both compute
//                  the right result. Quick: the 2-D (64x32 single) pair; sweep: the 3-D pair.
//  large_huge      (disabled by default; CTest entry test_large_2gib) 1-D in-place single 9 x 2^25
//                  points: a 2^31-byte buffer and a 2^31-byte temporary. Checked against a direct
//                  DFT on 16 sampled bins of a random input (twiddles and accumulation in long
//                  double, 4096-term partial sums in double), Parseval, and a single tone whose
//                  transform must be one spike.
//  large_slow      (disabled) 512^3 single, forward: about 50 s and 8.5 GiB on its own.
//
// Cost on PoCL (2 cores): every distinct kernel costs a compile; the slowest cases are the
// 8192x8192 and 256x256x512 transforms and their FFTW references (sweep tier). Cold (fresh
// POCL_CACHE_DIR, CLFFT_CACHE_PATH=off) on the shared 2-core machine: quick tier about 30 s,
// all cases about 2 minutes.
#define BOOST_TEST_MODULE large
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
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace bdata = boost::unit_test::data;
using namespace clfft_test;
using namespace clfft_test::fftw_ref;

namespace large {

#define LARGE_CHECK_CL(expr)                                                                           \
    do {                                                                                               \
        const cl_int st_ = (expr);                                                                     \
        BOOST_REQUIRE_MESSAGE(st_ == CL_SUCCESS, #expr " returned " << st_);                            \
    } while (0)

class Stopwatch {
public:
    double seconds() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

private:
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

std::size_t product(const std::vector<std::size_t>& v)
{
    std::size_t p = 1;
    for (std::size_t x : v)
        p *= x;
    return p;
}

// ---- RAII for environment variables ---------------------------------------------------------

// Sets an environment variable for its lifetime (the library reads it at bake).
struct ScopedEnv {
    std::string name;
    bool active = false;
    ScopedEnv(const char* n, bool on) : name(n), active(on)
    {
        if (active)
            setenv(name.c_str(), "1", 1);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;
    ~ScopedEnv()
    {
        if (active)
            unsetenv(name.c_str());
    }
};

// Bytes of one buffer of a side: the side's extent in elements (complex elements for
// interleaved layouts, reals for planar and real layouts).
template <class T> std::size_t bufferBytes(const SideDesc& d)
{
    const std::size_t element = isPlanar(d.layout) || isReal(d.layout) ? sizeof(T) : 2 * sizeof(T);
    return d.extent() * element;
}

// The device buffers a case needs: one per array (planar sides have two), the in-place buffer
// holding the larger side. Whether the device can hold them is ClEnv::canHold: each within
// CL_DEVICE_MAX_MEM_ALLOC_SIZE, all of them and a temporary within CL_DEVICE_GLOBAL_MEM_SIZE.
template <class T> std::vector<std::size_t> caseBuffers(const SideDesc& in, const SideDesc& out, bool inPlace)
{
    const std::size_t arraysIn = isPlanar(in.layout) ? 2 : 1, arraysOut = isPlanar(out.layout) ? 2 : 1;
    if (inPlace)
        return std::vector<std::size_t>(std::max(arraysIn, arraysOut), std::max(bufferBytes<T>(in), bufferBytes<T>(out)));
    std::vector<std::size_t> v(arraysIn, bufferBytes<T>(in));
    v.insert(v.end(), arraysOut, bufferBytes<T>(out));
    return v;
}

// A case whose buffers the device cannot hold: said loudly (test_env.h), never silently passed.
bool notOnThisDevice(const std::vector<std::size_t>& buffers, const std::string& what)
{
    ClEnv& env = ClEnv::get();
    if (env.canHold(buffers))
        return false;
    std::size_t largest = 0, total = 0;
    for (std::size_t b : buffers) {
        largest = std::max(largest, b);
        total += b;
    }
    clfft_test::notRunOnThisDevice(what, "buffers of up to " + clfft_test::mib(largest) + " (" + clfft_test::mib(total) +
                                             " in all) do not fit the device (largest allocation " +
                                             clfft_test::mib(env.limits.maxAlloc) + ", global memory " +
                                             clfft_test::mib(env.limits.globalMem) + ")");
    return true;
}

// Host arrays sized for a buffer of `bytes` bytes (an in-place buffer holds the larger of the
// two sides), filled with random values.
template <class T> HostSide<T> randomHost(const SideDesc& d, std::size_t bytes, std::uint64_t seed)
{
    HostSide<T> h(d);
    for (std::size_t k = 0; k < h.arrays(); ++k)
        h.array(k).resize(std::max(h.array(k).size(), bytes / sizeof(T)));
    fillRandom(h, seed);
    return h;
}

// What clfftGetTmpBufSize must report for a plan.
enum class Tmp {
    Any,      // not checked
    None,     // 0
    // At most the data's size (one temporary buffer of the data's size), plus on CPUs one cache
    // line per row of 8 KiB or more where a dimension is split in two passes (1/128 at most:
    // docs/plans.md); 0 where the device's local memory holds a long dimension in one kernel.
    UpToData,
};

void checkTmp(clfftPlanHandle plan, Tmp expect, std::size_t dataBytes)
{
    std::size_t tmp = 12345;
    REQUIRE_CLFFT_SUCCESS(clfftGetTmpBufSize(plan, &tmp));
    BOOST_TEST_MESSAGE("clfftGetTmpBufSize: " << tmp << " bytes (data " << dataBytes << " bytes)");
    if (expect == Tmp::None)
        BOOST_CHECK_MESSAGE(tmp == 0, "clfftGetTmpBufSize reports " << tmp << " bytes, expected 0");
    const std::size_t rowPadding = (dataBytes + 127) / 128;
    if (expect == Tmp::UpToData)
        BOOST_CHECK_MESSAGE(tmp <= dataBytes + rowPadding, "clfftGetTmpBufSize reports "
                                                               << tmp << " bytes, expected at most " << dataBytes
                                                               << " (the data's size) + " << rowPadding
                                                               << " (padded rows)");
}

// Checks that an out-of-place transform left its input alone and wrote no output padding.
template <class T>
void checkSides(const DeviceSide& inBuf, const HostSide<T>& input, const HostSide<T>& y, bool checkInput,
                const char* what)
{
    if (checkInput)
        checkInputKept(inBuf, input, what);
    checkPaddingKept(y, paddingMask(y.desc), what);
}

void enqueue(clfftPlanHandle plan, clfftDirection dir, cl_mem* in, cl_mem* out, cl_mem tmp, const char* what)
{
    Stopwatch sw;
    enqueueAndWait(plan, dir, in, out, tmp, what);
    BOOST_TEST_MESSAGE(what << ": device time " << sw.seconds() << " s");
}

// ---- Complex transforms --------------------------------------------------------------------------

enum class Mode {
    RoundTrip, // forward on x, backward on the forward result, backward result against x
    Both,      // forward on x and backward on x, each against FFTW (transposed plans)
    Forward,
    Backward,
};

struct Case : ComplexCaseBase<Case> {
    bool transposed = false;
    // When any strides are set, both sides' strides and distances are set (in place without out
    // strides: the input's). Output strides of a transposed plan describe the transposed array.
    Mode mode = Mode::RoundTrip;
    float fwdScale = 0, bwdScale = 0; // 0: plan default (1 and 1/N)
    Tmp tmp = Tmp::Any;
    bool clientTmp = false;  // pass a temporary buffer of clfftGetTmpBufSize bytes
    bool fftwDouble = false; // double case referenced with FFTW double (fftwl too slow)

    Case& transpose() { transposed = true; mode = Mode::Both; return *this; }
    Case& scales(float f, float b) { fwdScale = f; bwdScale = b; return *this; }
    Case& only(Mode m) { mode = m; return *this; }
    Case& temp(Tmp t) { tmp = t; return *this; }
    Case& withClientTmp() { clientTmp = true; return *this; }
    Case& refDouble() { fftwDouble = true; return *this; }
};

Case make(std::vector<std::size_t> lengths, std::size_t batch = 1, clfftPrecision p = CLFFT_SINGLE)
{
    return makeCase<Case>(std::move(lengths), batch, p);
}

std::string describe(const Case& c)
{
    std::ostringstream s;
    s << c.headText();
    if (c.transposed)
        s << " transposed";
    s << c.stridesText();
    switch (c.mode) {
    case Mode::RoundTrip: s << " forward+backward"; break;
    case Mode::Both: s << " forward,backward"; break;
    case Mode::Forward: s << " forward"; break;
    case Mode::Backward: s << " backward"; break;
    }
    if (c.fwdScale != 0)
        s << " fwdscale " << c.fwdScale;
    if (c.bwdScale != 0)
        s << " bwdscale " << c.bwdScale;
    if (c.clientTmp)
        s << " client-tmp";
    if (c.fftwDouble)
        s << " (fftw double reference)";
    return s.str();
}

std::ostream& operator<<(std::ostream& os, const Case& c) { return os << describe(c); }

// The output as stored: a transposed plan stores dimension 1 of the result innermost, so the
// output array's counts are the lengths with the first two swapped.
SideDesc outSide(const Case& c, const SideDesc& inD)
{
    std::vector<std::size_t> counts = c.lengths;
    if (c.transposed)
        std::swap(counts[0], counts[1]);
    if (!c.outStrides.empty())
        return explicitSide(c.out, counts, c.outStrides, c.outDist, c.batch);
    if (c.inPlace && !c.transposed) {
        SideDesc d = inD;
        d.layout = c.out;
        return d;
    }
    return SideDesc::packed(c.out, counts, c.batch);
}

// FFTW's result (natural order, packed) transposed on the host into the stored output array:
// element (k0, k1, k2, ...) of batch b goes to (k1, k0, k2, ...) of the transposed array.
template <class R> HostSide<R> transposeOnHost(const HostSide<R>& natural, const SideDesc& outD)
{
    HostSide<R> t(outD);
    std::vector<std::size_t> naturalOffsets;
    naturalOffsets.reserve(natural.desc.elementsPerBatch() * natural.desc.batch);
    natural.desc.forEach([&](std::size_t off, std::size_t) { naturalOffsets.push_back(off); });
    // Walk the output array in the natural index order: its dimension 0 is k1, its dimension 1 is k0.
    SideDesc walk = outD;
    walk.counts = natural.desc.counts;
    std::swap(walk.strides[0], walk.strides[1]);
    walk.forEach([&](std::size_t off, std::size_t lin) {
        t.set(off, natural.re(naturalOffsets[lin]), natural.im(naturalOffsets[lin]));
    });
    return t;
}

template <class T, class R> void runComplex(const Case& c)
{
    ClEnv& env = ClEnv::get();
    if (checkDoubleRefused(c.precision, c.lengths, describe(c), c.in, c.out, c.inPlace))
        return;
    BOOST_TEST_MESSAGE("case: " << describe(c));
    if (c.inPlace)
        BOOST_REQUIRE(c.in == c.out);
    const Stopwatch total;
    const double tol = relativeTolerance<T>();
    const std::size_t points = product(c.lengths);
    const long double n = (long double)points;

    const SideDesc inD = c.inSide();
    const SideDesc outD = outSide(c, inD);

    ScopedPlan plan;
    createPlanFor(plan, c.lengths, c.precision, c.in, c.out, c.inPlace, c.batch);
    if (c.transposed)
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanTransposeResult(plan.h, CLFFT_TRANSPOSED));
    if (!c.inStrides.empty() || !c.outStrides.empty())
        setPlanStrides(plan, inD.strides, outD.strides, inD.dist, outD.dist);
    if (c.fwdScale != 0)
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_FORWARD, c.fwdScale));
    if (c.bwdScale != 0)
        REQUIRE_CLFFT_SUCCESS(clfftSetPlanScale(plan.h, CLFFT_BACKWARD, c.bwdScale));
    if (notOnThisDevice(caseBuffers<T>(inD, outD, c.inPlace), describe(c))) {
        // What can still be checked: the bake succeeds within the device's largest allocation
        // (its temporary buffer no larger) or refuses with CLFFT_INVALID_BUFFER_SIZE.
        const clfftStatus st = clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr);
        BOOST_CHECK_MESSAGE(st == CLFFT_SUCCESS || st == CLFFT_INVALID_BUFFER_SIZE, "bake returned " << int(st));
        std::size_t tmp = 0;
        if (st == CLFFT_SUCCESS && clfftGetTmpBufSize(plan.h, &tmp) == CLFFT_SUCCESS)
            BOOST_CHECK_MESSAGE(tmp <= env.limits.maxAlloc, "temporary buffer " << tmp << " bytes > largest allocation");
        return;
    }
    {
        const Stopwatch sw;
        REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
        BOOST_TEST_MESSAGE("bake: " << sw.seconds() << " s");
    }
    checkTmp(plan.h, c.tmp, points * c.batch * 2 * sizeof(T));
    ScopedBuffer clientTmp;
    if (c.clientTmp) {
        std::size_t tmpBytes = 0;
        REQUIRE_CLFFT_SUCCESS(clfftGetTmpBufSize(plan.h, &tmpBytes));
        BOOST_REQUIRE_MESSAGE(tmpBytes > 0, "client temporary buffer requested but the plan needs none");
        clientTmp.mem = env.buffer(tmpBytes);
        // Garbage in the temporary buffer must not matter.
        HostSide<T> junk(SideDesc::packed(RE, {tmpBytes / sizeof(T)}, 1));
        fillRandom(junk, 99);
        LARGE_CHECK_CL(
            clEnqueueWriteBuffer(env.queue, clientTmp.mem, CL_TRUE, 0, tmpBytes, junk.a.data(), 0, nullptr, nullptr));
    }

    const R fwdScale = c.fwdScale != 0 ? R(c.fwdScale) : R(1);
    const R bwdScale = c.bwdScale != 0 ? R(c.bwdScale) : R(1) / R(n);

    // Buffers: in place one buffer holds the larger of the two sides.
    const std::size_t arrays = isPlanar(c.in) ? 2 : 1;
    const std::size_t inBytes = c.inPlace ? std::max(bufferBytes<T>(inD), bufferBytes<T>(outD)) : bufferBytes<T>(inD);
    DeviceSide inBuf, outBuf;
    inBuf.create(arrays, inBytes);
    if (!c.inPlace)
        outBuf.create(isPlanar(c.out) ? 2 : 1, bufferBytes<T>(outD));
    const std::uint64_t seed = seedFrom(describe(c));
    const HostSide<T> x = randomHost<T>(inD, inBytes, seed);

    auto transform = [&](clfftDirection dir, const HostSide<T>& input, const char* what) {
        inBuf.upload(input);
        if (!c.inPlace)
            outBuf.fill(sentinel<T>());
        enqueue(plan.h, dir, inBuf.mem, c.inPlace ? nullptr : outBuf.mem, clientTmp.mem, what);
        HostSide<T> y(outD);
        (c.inPlace ? inBuf : outBuf).download(y);

        const Stopwatch sw;
        const R scale = dir == CLFFT_FORWARD ? fwdScale : bwdScale;
        ErrorStats e;
        if (c.transposed) {
            const HostSide<R> natural = reference_c2c<R>(
                c.lengths, dir, scale, input, SideDesc::packed(II, c.lengths, c.batch));
            e = compare(y, transposeOnHost(natural, outD));
        } else {
            e = compare(y, reference_c2c<R>(c.lengths, dir, scale, input, outD));
        }
        BOOST_TEST_MESSAGE(what << ": relative L2 error " << double(e.relL2) << " (reference " << sw.seconds()
                                << " s)");
        BOOST_CHECK_MESSAGE(e.relL2 <= tol, what << ": relative L2 error " << double(e.relL2) << " > " << tol
                                                 << " (max abs error " << double(e.maxAbs)
                                                 << " at logical element " << e.worst << ", ||ref|| "
                                                 << double(e.refNorm) << ")");
        if (!c.inPlace)
            checkSides(inBuf, input, y, true, what);
        return y;
    };

    switch (c.mode) {
    case Mode::Forward: transform(CLFFT_FORWARD, x, "forward"); break;
    case Mode::Backward: transform(CLFFT_BACKWARD, x, "backward"); break;
    case Mode::Both:
        transform(CLFFT_FORWARD, x, "forward");
        transform(CLFFT_BACKWARD, x, "backward");
        break;
    case Mode::RoundTrip: {
        const HostSide<T> y = transform(CLFFT_FORWARD, x, "forward");
        // Backward on the same plan, fed with the forward result placed in the input layout.
        HostSide<T> x2 = randomHost<T>(inD, inBytes, seed ^ 0x5555);
        std::vector<std::size_t> yOffsets;
        yOffsets.reserve(points * c.batch);
        outD.forEach([&](std::size_t off, std::size_t) { yOffsets.push_back(off); });
        inD.forEach([&](std::size_t off, std::size_t lin) { x2.set(off, y.re(yOffsets[lin]), y.im(yOffsets[lin])); });
        const HostSide<T> z = transform(CLFFT_BACKWARD, x2, "backward");
        const long double factor = (long double)fwdScale * (long double)bwdScale * n;
        const ErrorStats e = compare(z, x, factor);
        BOOST_TEST_MESSAGE("round trip: relative L2 error " << double(e.relL2));
        BOOST_CHECK_MESSAGE(e.relL2 <= tol, "round trip: backward(forward(x)) differs from x * "
                                                << double(factor) << ": relative L2 error " << double(e.relL2)
                                                << " > " << tol);
        break;
    }
    }
    BOOST_TEST_MESSAGE("case time " << total.seconds() << " s");
}

void run(const Case& c)
{
    if (c.precision == CLFFT_DOUBLE) {
        if (c.fftwDouble)
            runComplex<double, double>(c);
        else
            runComplex<double, long double>(c);
    } else {
        runComplex<float, double>(c);
    }
}

// ---- Real transforms -----------------------------------------------------------------------------

// The real strides and distances, when set, come with the hermitian side's: both are set.
struct RealCase : RealCaseBase<RealCase> {
    bool forward = true; // R2C (REAL -> hermitian) or C2R (hermitian -> REAL)
    bool roundTrip = true; // then the inverse plan on our output, against the original input
    Tmp tmp = Tmp::Any;
    bool noMemAlloc = false; // CLFFT_REQUEST_LIB_NOMEMALLOC set at bake
    bool fftwDouble = false; // double case referenced with FFTW double (fftwl too slow)

    RealCase& backward() { forward = false; return *this; }
    RealCase& hermitian(clfftLayout l) { return layout(l); }
    RealCase& strides(std::vector<std::size_t> rs, std::size_t rd, std::vector<std::size_t> hs, std::size_t hd)
    {
        rstrides(std::move(rs), rd);
        return hstrides(std::move(hs), hd);
    }
    RealCase& temp(Tmp t) { tmp = t; return *this; }
    RealCase& noRoundTrip() { roundTrip = false; return *this; }
    RealCase& nomemalloc() { noMemAlloc = true; return *this; }
    RealCase& refDouble() { fftwDouble = true; return *this; }
};

RealCase makeReal(std::vector<std::size_t> lengths, std::size_t batch = 1, clfftPrecision p = CLFFT_SINGLE)
{
    return makeCase<RealCase>(std::move(lengths), batch, p);
}

std::string describe(const RealCase& c)
{
    std::ostringstream s;
    s << caseHead(c.lengths, c.batch, c.precision) << ' ' << (c.forward ? "R2C real->" : "C2R ") << layoutName(c.herm)
      << (c.forward ? "" : "->real") << ' ' << placementName(c.inPlace);
    if (!c.realStrides.empty())
        s << " real strides " << listText(c.realStrides) << " dist " << c.realDist << " hermitian strides "
          << listText(c.hermStrides) << " dist " << c.hermDist;
    if (c.roundTrip)
        s << " +round trip";
    if (c.noMemAlloc)
        s << " CLFFT_REQUEST_LIB_NOMEMALLOC";
    if (c.fftwDouble)
        s << " (fftw double reference)";
    return s.str();
}

std::ostream& operator<<(std::ostream& os, const RealCase& c) { return os << describe(c); }

// One plan of a real case (direction `forward`), one transform of `input`; returns the output
// and checks the temporary size and (out of place) the input and the output padding.
template <class T>
HostSide<T> realTransform(const RealCase& c, bool forward, const HostSide<T>& input, bool primary, const char* what)
{
    ClEnv& env = ClEnv::get();
    const SideDesc realD = c.realSide(), hermD = c.hermSide();
    const SideDesc& inD = forward ? realD : hermD;
    const SideDesc& outD = forward ? hermD : realD;

    ScopedPlan plan;
    createPlanFor(plan, c.lengths, c.precision, inD.layout, outD.layout, c.inPlace, c.batch);
    if (!c.realStrides.empty())
        setPlanStrides(plan, inD.strides, outD.strides, inD.dist, outD.dist);
    {
        const ScopedEnv env1("CLFFT_REQUEST_LIB_NOMEMALLOC", primary && c.noMemAlloc);
        const Stopwatch sw;
        REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
        BOOST_TEST_MESSAGE(what << ": bake " << sw.seconds() << " s");
    }
    if (primary)
        checkTmp(plan.h, c.tmp, hermD.elementsPerBatch() * c.batch * 2 * sizeof(T));

    const std::size_t inBytes = c.inPlace ? std::max(bufferBytes<T>(inD), bufferBytes<T>(outD)) : bufferBytes<T>(inD);
    DeviceSide inBuf, outBuf;
    inBuf.create(isPlanar(inD.layout) ? 2 : 1, inBytes);
    if (!c.inPlace)
        outBuf.create(isPlanar(outD.layout) ? 2 : 1, bufferBytes<T>(outD));
    inBuf.upload(input);
    if (!c.inPlace)
        outBuf.fill(sentinel<T>());
    enqueue(plan.h, forward ? CLFFT_FORWARD : CLFFT_BACKWARD, inBuf.mem, c.inPlace ? nullptr : outBuf.mem,
               nullptr, what);
    HostSide<T> y(outD);
    (c.inPlace ? inBuf : outBuf).download(y);
    // With CLFFT_REQUEST_LIB_NOMEMALLOC a multi-dimensional C2R works in its input buffer.
    if (!c.inPlace)
        checkSides(inBuf, input, y, !(primary && c.noMemAlloc && c.lengths.size() > 1), what);
    return y;
}

template <class T, class R> void runReal(const RealCase& c)
{
    if (checkDoubleRefused(c.precision, c.lengths, describe(c), c.forward ? CLFFT_REAL : c.herm,
                           c.forward ? c.herm : CLFFT_REAL, c.inPlace))
        return;
    BOOST_TEST_MESSAGE("case: " << describe(c));
    const Stopwatch total;
    const double tol = relativeTolerance<T>();
    const SideDesc realD = c.realSide(), hermD = c.hermSide();
    const std::size_t points = product(c.lengths);
    const std::size_t bufBytes = std::max(bufferBytes<T>(realD), bufferBytes<T>(hermD));
    const std::uint64_t seed = seedFrom(describe(c));
    if (notOnThisDevice(caseBuffers<T>(realD, hermD, c.inPlace), describe(c)))
        return;

    auto report = [&](const ErrorStats& e, const char* what) { checkRelativeError(e, tol, what); };

    if (c.forward) {
        const HostSide<T> x = randomHost<T>(realD, c.inPlace ? bufBytes : bufferBytes<T>(realD), seed);
        const HostSide<T> y = realTransform<T>(c, true, x, true, "R2C");
        report(compare(y, reference_r2c<R>(c.lengths, R(1), x, hermD)), "R2C against FFTW");
        if (c.roundTrip) {
            HostSide<T> y2 = randomHost<T>(hermD, c.inPlace ? bufBytes : bufferBytes<T>(hermD), seed ^ 0x77);
            hermD.forEach([&](std::size_t off, std::size_t) { y2.set(off, y.re(off), y.im(off)); });
            const HostSide<T> z = realTransform<T>(c, false, y2, false, "C2R of the R2C result");
            report(compare(z, x), "round trip C2R(R2C(x)) against x");
        }
    } else {
        // A consistent hermitian input: FFTW's R2C (in double) of a random real signal.
        const HostSide<T> s = randomHost<T>(realD, bufferBytes<T>(realD), seed ^ 0x99);
        const HostSide<double> spectrum = reference_r2c<double>(c.lengths, 1.0, s, hermD);
        HostSide<T> x = randomHost<T>(hermD, c.inPlace ? bufBytes : bufferBytes<T>(hermD), seed);
        hermD.forEach([&](std::size_t off, std::size_t) { x.set(off, T(spectrum.re(off)), T(spectrum.im(off))); });
        const HostSide<T> y = realTransform<T>(c, false, x, true, "C2R");
        report(compare(y, reference_c2r<R>(c.lengths, R(1) / R(points), x, realD)), "C2R against FFTW");
        if (c.roundTrip) {
            HostSide<T> y2 = randomHost<T>(realD, c.inPlace ? bufBytes : bufferBytes<T>(realD), seed ^ 0x77);
            realD.forEach([&](std::size_t off, std::size_t) { y2.set(off, y.re(off), T(0)); });
            const HostSide<T> z = realTransform<T>(c, true, y2, false, "R2C of the C2R result");
            report(compare(z, x), "round trip R2C(C2R(X)) against X");
        }
    }
    BOOST_TEST_MESSAGE("case time " << total.seconds() << " s");
}

void run(const RealCase& c)
{
    if (c.precision == CLFFT_DOUBLE) {
        if (c.fftwDouble)
            runReal<double, double>(c);
        else
            runReal<double, long double>(c);
    } else {
        runReal<float, double>(c);
    }
}


// ---- Case lists ----------------------------------------------------------------------------------

constexpr std::size_t K = 1024;
constexpr std::size_t M = 1024 * 1024;

std::vector<Case> oneDimCases()
{
    // q: the quick tier, s: the sweep tier (tests/support/test_tier.h).
    std::vector<Case> q, s;
    const Tmp tp = Tmp::UpToData;
    // The single-kernel boundary: 8192 needs no temporary buffer, 16384 is split in two passes.
    q.push_back(make({4096}).temp(Tmp::None));
    // (8192 single points in one kernel: half of them in local memory at a time, 32 KiB.)
    q.push_back(make({8 * K}).temp(ClEnv::get().limits.localMem >= 32 * K ? Tmp::None : tp));
    // Powers of two, single precision.
    q.push_back(make({16 * K}).temp(tp));
    s.push_back(make({32 * K}).inplace().temp(tp));
    q.push_back(make({128 * K}).temp(tp));
    q.push_back(make({M}).inplace().temp(tp));
    q.push_back(make({4 * M}).temp(tp));
    s.push_back(make({16 * M}).inplace().temp(tp));
    s.push_back(make({16 * M}).only(Mode::Backward).temp(tp));
    // Powers of two, double precision.
    q.push_back(make({8 * K}, 1, CLFFT_DOUBLE).inplace().temp(tp));
    q.push_back(make({64 * K}, 1, CLFFT_DOUBLE).temp(tp));
    s.push_back(make({M}, 1, CLFFT_DOUBLE).inplace().temp(tp));
    s.push_back(make({4 * M}, 1, CLFFT_DOUBLE).temp(tp));
    // Mixed radices.
    q.push_back(make({531441}).inplace().temp(tp));           // 3^12
    s.push_back(make({4782969}).temp(tp));                    // 3^14
    s.push_back(make({1953125}).inplace().temp(tp));          // 5^9
    s.push_back(make({6220800}).temp(tp));                    // 2^10 * 3^5 * 5^2
    s.push_back(make({1000000}).temp(tp));                    // 2^6 * 5^6
    s.push_back(make({1000000}).inplace().only(Mode::Backward).temp(tp));
    s.push_back(make({531441}, 1, CLFFT_DOUBLE).temp(tp));
    s.push_back(make({1000000}, 1, CLFFT_DOUBLE).inplace().temp(tp));
    // Batches of large transforms.
    s.push_back(make({64 * K}, 3).temp(tp));
    s.push_back(make({64 * K}, 3, CLFFT_DOUBLE).inplace().temp(tp));
    // Strided and padded: input stride 2 with gaps between transforms, output with gaps.
    q.push_back(make({64 * K}, 2).istrides({2}, 2 * 64 * K + 37).ostrides({1}, 64 * K + 11).temp(tp));
    s.push_back(make({64 * K}, 2, CLFFT_DOUBLE).istrides({2}, 2 * 64 * K + 37).ostrides({3}, 3 * 64 * K + 5).temp(tp));
    // Interleaved (column-major) batches: distance 1, stride = batch count; in place.
    q.push_back(make({16 * K}, 3).istrides({3}, 1).inplace().temp(tp));
    s.push_back(make({16 * K}, 3).istrides({3}, 1).ostrides({1}, 16 * K).temp(tp));
    // Planar layouts through the interleaved temporary buffer.
    q.push_back(make({128 * K}).layouts(PL, II).temp(tp));
    s.push_back(make({128 * K}).layouts(II, PL).temp(tp));
    q.push_back(make({128 * K}).layouts(PL, PL).inplace().temp(tp));
    s.push_back(make({64 * K}, 1, CLFFT_DOUBLE).layouts(PL, PL).temp(tp));
    // Scales applied by the last of several passes; a client temporary buffer.
    q.push_back(make({128 * K}, 2).scales(0.5f, 2.0f).temp(tp));
    q.push_back(make({M}).withClientTmp().temp(tp));
    return tiered(q, s);
}

std::vector<Case> multiDimCases()
{
    std::vector<Case> q, s;
    const Tmp tp = Tmp::UpToData;
    s.push_back(make({8 * K, 8 * K}).only(Mode::Forward).temp(tp));
    q.push_back(make({16, 64 * K}).temp(tp));
    q.push_back(make({64 * K, 16}).inplace().temp(tp));
    s.push_back(make({64 * K, 16}, 1, CLFFT_DOUBLE).temp(tp));
    s.push_back(make({16, 64 * K}, 1, CLFFT_DOUBLE).inplace().temp(tp));
    s.push_back(make({16, 64 * K}).layouts(PL, PL).inplace().temp(tp));
    s.push_back(make({64 * K, 16}).layouts(II, PL).temp(tp));
    // Padded rows and a gap between the transforms of a batch.
    s.push_back(make({16, 64 * K}, 2).istrides({1, 17}, 17 * 64 * K + 5).ostrides({1, 16}, 16 * 64 * K).temp(tp));
    // 3-D with one long dimension.
    q.push_back(make({4, 4, 8 * K}).temp(tp));
    s.push_back(make({8 * K, 4, 4}).inplace().temp(tp));
    q.push_back(make({4, 8 * K, 4}, 1, CLFFT_DOUBLE).temp(tp));
    // Big 3-D without long dimensions: no temporary buffer.
    s.push_back(make({128, 128, 128}).temp(Tmp::None));
    q.push_back(make({128, 128, 128}, 1, CLFFT_DOUBLE).inplace().temp(Tmp::None));
    s.push_back(make({256, 256, 512}).only(Mode::Forward).temp(Tmp::None));
    return tiered(q, s);
}

std::vector<Case> transposedCases()
{
    std::vector<Case> q, s;
    // Each case goes to the quick tier where `quick` holds, else to the sweep tier.
    auto put = [&](bool quick, Case c) { (quick ? q : s).push_back(std::move(c)); };
    for (clfftPrecision p : {CLFFT_SINGLE, CLFFT_DOUBLE}) {
        const bool sp = p == CLFFT_SINGLE;
        // Every layout pair out of place: 2-D non-square with default output strides, 3-D with
        // custom (padded) output strides.
        for (clfftLayout i : {II, PL})
            for (clfftLayout o : {II, PL}) {
                put(sp && i == o, make({64, 32}, 1, p).layouts(i, o).transpose().temp(Tmp::None));
                put(sp && i == II && o == PL,
                    make({8, 4, 5}, 2, p).layouts(i, o).transpose().ostrides({1, 5, 41}, 210).temp(Tmp::None));
            }
        // In place (through the temporary buffer), interleaved and planar, square and non-square.
        for (clfftLayout l : {II, PL}) {
            put(l == II, make({30, 20}, 1, p).layouts(l, l).inplace().transpose().temp(Tmp::UpToData));
            put(sp && l == PL, make({32, 32}, 2, p).layouts(l, l).inplace().transpose().temp(Tmp::UpToData));
            put(false, make({8, 4, 5}, 1, p).layouts(l, l).inplace().transpose().temp(Tmp::UpToData));
        }
        // Square out of place; batches with custom strides and distances.
        put(sp, make({32, 32}, 1, p).layouts(PL, II).transpose().ostrides({1, 33}, 33 * 32 + 1));
        put(sp, make({64, 32}, 3, p).transpose().ostrides({1, 40}, 40 * 64 + 3));
        put(false, make({64, 32}, 3, p).transpose().istrides({1, 70}, 70 * 32 + 9).ostrides({2, 70}, 70 * 64));
        put(false, make({16, 16, 3}, 2, p).transpose());
        // Permuted output strides: the transposed array stored with k0 innermost again.
        put(false, make({8, 4, 5}, 2, p).transpose().ostrides({8, 1, 32}, 160));
        // In place with custom strides on both sides.
        put(false, make({30, 20}, 2, p).inplace().transpose().istrides({1, 32}, 720).ostrides({1, 24}, 720)
                       .temp(Tmp::UpToData));
    }
    // Long dimensions.
    q.push_back(make({16, 8 * K}).transpose().temp(Tmp::UpToData));
    s.push_back(make({8 * K, 16}, 1, CLFFT_DOUBLE).transpose().temp(Tmp::UpToData));
    s.push_back(make({8 * K, 4, 3}).layouts(II, PL).transpose().temp(Tmp::UpToData));
    return tiered(q, s);
}

std::vector<RealCase> realCases()
{
    std::vector<RealCase> q, s;
    const Tmp tp = Tmp::UpToData;
    s.push_back(makeReal({32 * M}).temp(tp));                                  // R2C 2^25 single
    s.push_back(makeReal({16 * M}, 1, CLFFT_DOUBLE).backward().temp(tp));      // C2R 2^24 double
    q.push_back(makeReal({M}).inplace().temp(tp));
    q.push_back(makeReal({M}, 1, CLFFT_DOUBLE).backward().inplace().temp(tp));
    // 2-D with long rows.
    q.push_back(makeReal({16 * K, 4}).temp(tp));
    q.push_back(makeReal({16 * K, 4}).inplace().temp(tp));
    s.push_back(makeReal({16 * K, 4}).backward().temp(tp));
    s.push_back(makeReal({16 * K, 4}).backward().inplace().temp(tp));
    s.push_back(makeReal({16 * K, 4}, 1, CLFFT_DOUBLE).temp(tp));
    s.push_back(makeReal({16 * K, 3, 2}).temp(tp));
    s.push_back(makeReal({16 * K, 3, 2}).backward().temp(tp));
    // Batches with gaps (even real distance); hermitian planar.
    s.push_back(makeReal({16 * K}, 3).strides({1}, 16 * K + 6, {1}, 8 * K + 5).temp(tp));
    s.push_back(makeReal({16 * K}, 3).backward().strides({1}, 16 * K + 6, {1}, 8 * K + 5).temp(tp));
    q.push_back(makeReal({16 * K}, 2).hermitian(HP).temp(tp));
    s.push_back(makeReal({16 * K}, 2).hermitian(HP).backward().temp(tp));
    // Long rows where the half-length form does not apply (real stride 3 along the row, odd
    // outer real strides, an odd length): the complex FFT of all N points with the real edges
    // fused into its end sub-passes; its scratch holds N complex values per row.
    const std::size_t n = 16 * K, h = 8 * K + 1;
    q.push_back(makeReal({n}).strides({3}, 3 * n, {1}, h));
    q.push_back(makeReal({n}).backward().strides({3}, 3 * n, {1}, h));
    s.push_back(makeReal({n, 4}).strides({1, n + 1}, 4 * (n + 1), {1, h}, 4 * h));
    s.push_back(makeReal({n, 4}).backward().strides({1, n + 1}, 4 * (n + 1), {1, h}, 4 * h));
    s.push_back(makeReal({n}, 2).strides({1}, n + 1, {1}, h));
    q.push_back(makeReal({15625}, 2, CLFFT_DOUBLE));           // 5^6
    s.push_back(makeReal({15625}, 2, CLFFT_DOUBLE).backward());
    return tiered(q, s);
}

// ---- 2^31-byte transform ---------------------------------------------------------------------------

// exp(sign * 2 pi i m / N) for any m, as the product of two tables of about sqrt(N)
// entries each, in long double.
class Twiddles {
public:
    Twiddles(std::size_t n, int sign) : n_(n), lo_(1)
    {
        while (lo_ * lo_ < n)
            ++lo_;
        const long double N = (long double)n;
        const long double tau = 2 * 3.141592653589793238462643383279502884L * sign;
        for (std::size_t k = 0; k < lo_; ++k) {
            loRe_.push_back(std::cos(tau * (long double)k / N));
            loIm_.push_back(std::sin(tau * (long double)k / N));
        }
        for (std::size_t k = 0; k * lo_ < n; ++k) {
            const long double a = tau * (long double)(k * lo_) / N;
            hiRe_.push_back(std::cos(a));
            hiIm_.push_back(std::sin(a));
        }
    }
    // exp(sign 2 pi i m / n), m reduced modulo n here
    void get(std::size_t m, long double& re, long double& im) const
    {
        m %= n_;
        const std::size_t h = m / lo_, l = m % lo_;
        re = hiRe_[h] * loRe_[l] - hiIm_[h] * loIm_[l];
        im = hiRe_[h] * loIm_[l] + hiIm_[h] * loRe_[l];
    }

private:
    std::size_t n_, lo_;
    std::vector<long double> loRe_, loIm_, hiRe_, hiIm_;
};

} // namespace large

using large::Case;
using large::RealCase;

BOOST_AUTO_TEST_SUITE(large_1d)
BOOST_DATA_TEST_CASE(lengths_placement_direction, bdata::make(large::oneDimCases()), c) { large::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(large_multidim)
BOOST_DATA_TEST_CASE(long_dimensions, bdata::make(large::multiDimCases()), c) { large::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(large_transposed)
BOOST_DATA_TEST_CASE(layouts_placement_strides, bdata::make(large::transposedCases()), c) { large::run(c); }
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(large_real)
BOOST_DATA_TEST_CASE(long_rows, bdata::make(large::realCases()), c) { large::run(c); }

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(large_nomemalloc)

// CLFFT_REQUEST_LIB_NOMEMALLOC is read at bake: without it an out-of-place multi-dimensional C2R
// keeps the client's input intact through a temporary buffer; with it the plan works in its
// input buffer and needs no temporary buffer. Both compute the right result.
BOOST_DATA_TEST_CASE(c2r_out_of_place,
                     bdata::make(clfft_test::tiered(
                         std::vector<RealCase>{
                             large::makeReal({64, 32}).backward().temp(large::Tmp::UpToData),
                             large::makeReal({64, 32}).backward().nomemalloc().temp(large::Tmp::None),
                         },
                         std::vector<RealCase>{
                             large::makeReal({8, 6, 5}, 2, CLFFT_DOUBLE).backward().temp(large::Tmp::UpToData),
                             large::makeReal({8, 6, 5}, 2, CLFFT_DOUBLE).backward().nomemalloc().temp(large::Tmp::None),
                         })),
                     c)
{
    large::run(c);
}
BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(large_huge)

// One in-place single-precision transform of 9 x 2^25 points: a 2.25 GiB buffer, beyond 2^31
// bytes (byte offsets pass INT32_MAX and UINT31), plus a temporary buffer of the same size. Too big for FFTW on the host in reasonable time
// and memory, so: 16 output bins of a random input against a direct long-double DFT sum (O(N)
// each), Parseval's identity over all bins, and a single tone whose transform is one spike.
// Disabled by default (8.5 GiB of host memory, 4 GiB of it PoCL's buffers; 90 to 135 s on the
// shared 2-core machine, most of it the two device transforms): CTest runs it as test_large_2gib.
// PoCL's CL_DEVICE_MAX_MEM_ALLOC_SIZE is a quarter of the global memory it detects (which
// varied between 7.3 and 12.8 GiB here: 2 or 4 GiB per buffer); POCL_MEMORY_LIMIT can only
// lower it. When a 2.25 GiB buffer does not fit, the case says so loudly and runs 2^28 points
// (exactly 2^31 bytes, the largest power of two that fits a 2 GiB allocation).
BOOST_TEST_DECORATOR(*boost::unit_test::disabled())
BOOST_AUTO_TEST_CASE(c2c_over_2gib_single_inplace)
{
    using namespace large;
    ClEnv& env = ClEnv::get();
    cl_ulong maxAlloc = 0, globalMem = 0;
    clGetDeviceInfo(env.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxAlloc, &maxAlloc, nullptr);
    clGetDeviceInfo(env.device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof globalMem, &globalMem, nullptr);
    std::size_t N = std::size_t(9) << 25;
    if (maxAlloc < N * 8 || globalMem < 2 * N * 8) {
        std::cerr << "\n*** WARNING: no room for two " << N * 8 << "-byte buffers (max allocation " << maxAlloc
                  << ", global memory " << globalMem << "): running 2^28 points (2^31 bytes) instead ***\n";
        BOOST_WARN_MESSAGE(false, "device memory too small for 9 x 2^25 points: 2^28 points instead");
        N = std::size_t(1) << 28;
    }
    const std::size_t bytes = N * 2 * sizeof(float);
    BOOST_TEST_MESSAGE("CL_DEVICE_MAX_MEM_ALLOC_SIZE " << maxAlloc << ", CL_DEVICE_GLOBAL_MEM_SIZE " << globalMem
                                                       << ", buffer " << bytes << " bytes");
    if (maxAlloc < bytes || globalMem < 2 * bytes) {
        // What can be checked: the bake succeeds with a temporary within the largest allocation
        // or refuses with CLFFT_INVALID_BUFFER_SIZE; the transform is reported not run.
        ScopedPlan p;
        std::size_t len = N;
        REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&p.h, env.context, CLFFT_1D, &len));
        const clfftStatus st = clfftBakePlan(p.h, 1, &env.queue, nullptr, nullptr);
        BOOST_CHECK_MESSAGE(st == CLFFT_SUCCESS || st == CLFFT_INVALID_BUFFER_SIZE, "bake returned " << int(st));
        std::size_t tmp = 0;
        if (st == CLFFT_SUCCESS && clfftGetTmpBufSize(p.h, &tmp) == CLFFT_SUCCESS)
            BOOST_CHECK_MESSAGE(tmp <= maxAlloc, "temporary buffer " << tmp << " bytes > largest allocation");
        clfft_test::notRunOnThisDevice("in-place single " + std::to_string(N) + " points",
                                       "two " + clfft_test::mib(bytes) + " buffers do not fit (largest allocation " +
                                           clfft_test::mib(maxAlloc) + ", global memory " + clfft_test::mib(globalMem) + ")");
        return;
    }

    const Stopwatch total;
    ScopedPlan plan;
    std::size_t length = N;
    REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&plan.h, env.context, CLFFT_1D, &length));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanPrecision(plan.h, CLFFT_SINGLE));
    REQUIRE_CLFFT_SUCCESS(clfftSetLayout(plan.h, II, II));
    REQUIRE_CLFFT_SUCCESS(clfftSetResultLocation(plan.h, CLFFT_INPLACE));
    REQUIRE_CLFFT_SUCCESS(clfftBakePlan(plan.h, 1, &env.queue, nullptr, nullptr));
    checkTmp(plan.h, Tmp::UpToData, bytes);

    ScopedBuffer buf;
    buf.mem = env.buffer(bytes);
    std::vector<float> x(2 * N), y(2 * N);
    auto transform = [&](const char* what) {
        LARGE_CHECK_CL(clEnqueueWriteBuffer(env.queue, buf.mem, CL_TRUE, 0, bytes, x.data(), 0, nullptr, nullptr));
        enqueue(plan.h, CLFFT_FORWARD, &buf.mem, nullptr, nullptr, what);
        env.read(buf.mem, bytes, y.data());
    };

    // Random input: sampled bins and Parseval.
    {
        Random r(seedFrom("huge random"));
        for (float& v : x)
            v = float(r.uniform());
        transform("random input");
        const Stopwatch sw;
        std::vector<std::size_t> bins = {0, 1, N / 2, N - 1};
        while (bins.size() < 16)
            bins.push_back(std::size_t(r.next() % N));
        const std::size_t S = bins.size();
        // n = a + A*blk: X[k] = sum_blk W^(k A blk) sum_a x[a + A blk] W^(k a), W = exp(-2 pi i / N).
        // Twiddles are computed in long double. The inner sums over blocks of A = 4096 terms run
        // in double (tables rounded to double; error about 1e-15 relative, far below the 1e-6
        // bound: a sum entirely in x87 long double took 86 s on the shared 2-core machine);
        // the block sums are twiddled and accumulated in long double.
        const std::size_t A = 4096;
        const Twiddles w(N, -1);
        std::vector<double> tRe(S * A), tIm(S * A);
        for (std::size_t b = 0; b < S; ++b)
            for (std::size_t a = 0; a < A; ++a) {
                long double wr, wi;
                w.get(bins[b] * a, wr, wi);
                tRe[b * A + a] = double(wr);
                tIm[b * A + a] = double(wi);
            }
        std::vector<long double> accRe(S, 0), accIm(S, 0);
        long double energyIn = 0;
        for (std::size_t blk = 0; blk < N / A; ++blk) {
            const float* xb = &x[2 * blk * A];
            double energy = 0;
            for (std::size_t a = 0; a < 2 * A; ++a)
                energy += double(xb[a]) * double(xb[a]);
            energyIn += energy;
            for (std::size_t b = 0; b < S; ++b) {
                const double* tr = &tRe[b * A];
                const double* ti = &tIm[b * A];
                double sr[4] = {0, 0, 0, 0}, si[4] = {0, 0, 0, 0}; // independent chains
                for (std::size_t a = 0; a < A; a += 4)
                    for (std::size_t j = 0; j < 4; ++j) {
                        const double re = xb[2 * (a + j)], im = xb[2 * (a + j) + 1];
                        sr[j] += re * tr[a + j] - im * ti[a + j];
                        si[j] += re * ti[a + j] + im * tr[a + j];
                    }
                const long double blockRe = (long double)sr[0] + sr[1] + sr[2] + sr[3];
                const long double blockIm = (long double)si[0] + si[1] + si[2] + si[3];
                long double wr, wi;
                w.get(bins[b] * A * blk, wr, wi);
                accRe[b] += blockRe * wr - blockIm * wi;
                accIm[b] += blockRe * wi + blockIm * wr;
            }
        }
        long double num = 0, den = 0, worst = 0;
        std::size_t worstBin = 0;
        for (std::size_t b = 0; b < S; ++b) {
            const long double dr = y[2 * bins[b]] - accRe[b], di = y[2 * bins[b] + 1] - accIm[b];
            const long double e = std::sqrt(dr * dr + di * di);
            num += dr * dr + di * di;
            den += accRe[b] * accRe[b] + accIm[b] * accIm[b];
            if (!(e <= worst)) {
                worst = e;
                worstBin = bins[b];
            }
        }
        const double rel = double(std::sqrt(num / den));
        BOOST_TEST_MESSAGE("16 sampled bins: relative L2 error " << rel << " (direct DFT " << sw.seconds() << " s)");
        BOOST_CHECK_MESSAGE(rel <= 1e-6, N << "-point random input, 16 sampled bins against a long-double DFT: relative L2 "
                                         "error "
                                             << rel << " > 1e-6 (worst bin " << worstBin << ", abs error "
                                             << double(worst) << ")");
        long double energyOut = 0;
        for (std::size_t t = 0; t < 2 * N; ++t)
            energyOut += (long double)y[t] * y[t];
        const double parseval = double(std::fabs(energyOut / ((long double)N * energyIn) - 1));
        BOOST_TEST_MESSAGE("Parseval: |sum|X|^2 / (N sum|x|^2) - 1| = " << parseval);
        BOOST_CHECK_MESSAGE(parseval <= 1e-6, N << "-point random input: Parseval's identity off by " << parseval);
    }

    // A single tone exp(2 pi i k0 n / N): the forward transform is N at k0 and 0 elsewhere.
    {
        const std::size_t k0 = 0x5A5A5A5 % N;
        const Twiddles w(N, +1);
        std::size_t phase = 0;
        for (std::size_t t = 0; t < N; ++t) {
            long double wr, wi;
            w.get(phase, wr, wi);
            x[2 * t] = float(wr);
            x[2 * t + 1] = float(wi);
            phase = (phase + k0) % N;
        }
        transform("single tone");
        long double num = 0, offPeak = 0;
        std::size_t offPeakBin = 0;
        for (std::size_t k = 0; k < N; ++k) {
            const long double re = (long double)y[2 * k] - (k == k0 ? (long double)N : 0.0L), im = y[2 * k + 1];
            const long double e2 = re * re + im * im;
            num += e2;
            if (k != k0 && !(e2 <= offPeak)) {
                offPeak = e2;
                offPeakBin = k;
            }
        }
        const double rel = double(std::sqrt(num) / (long double)N);
        BOOST_TEST_MESSAGE("single tone at bin " << k0 << ": X[k0] = (" << y[2 * k0] << ", " << y[2 * k0 + 1]
                                                 << "), relative L2 error " << rel << ", largest off-peak |X| "
                                                 << double(std::sqrt(offPeak)) << " at bin " << offPeakBin);
        BOOST_CHECK_MESSAGE(rel <= 1e-6, N << "-point single tone at bin " << k0 << ": relative L2 error " << rel
                                                                    << " > 1e-6 (largest off-peak |X| "
                                                                    << double(std::sqrt(offPeak)) << " at bin "
                                                                    << offPeakBin << ")");
    }
    BOOST_TEST_MESSAGE("case time " << total.seconds() << " s");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(large_slow)

// 512^3 single precision (1 GiB per buffer): about 50 s on PoCL with 2 cores (7.5 s on the device,
// 34 s for the FFTW reference) and 8.5 GiB of host memory, so the default run uses 256x256x512.
// Run it with --run_test=large_slow/c2c_512_cubed_single.
BOOST_TEST_DECORATOR(*boost::unit_test::disabled())
BOOST_AUTO_TEST_CASE(c2c_512_cubed_single)
{
    large::run(large::make({512, 512, 512}).only(large::Mode::Forward).temp(large::Tmp::None));
}

BOOST_AUTO_TEST_SUITE_END()
