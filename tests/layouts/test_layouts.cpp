// Property test of buffer layouts (issue 55): transforms over layouts drawn at random from those
// clFFT 2.12 accepts, each checked against FFTW and for what it must leave alone.
//
// A case draws a kind (C2C, R2C, C2R), a precision, a plan family (1D within one kernel, 1D
// long rows over several passes, 2D, 3D), the kernel form (the CPU forms, or the GPU form with
// CLFFT_NG_FORMS=gpu), a placement and both sides' strides and distances:
//   in place      C2C: one geometry for both sides (other strides: CLFFT_INVALID_PLAN, checked);
//                 real: hermitian interleaved, dimension-0 strides of each side drawn apart, the
//                 outer strides and distances either starting every row at the same bytes on
//                 both sides or drawn apart (the plan then reads a copy of the buffer);
//   out of place  each side its own strides, gaps, a distance of 1 (batch innermost), and now
//                 and then one cl_mem as both sides (clFFT runs that; ufo-filters relies on it).
// Checks: the output's logical elements against FFTW's (relative L2 error; single 1e-5, double
// 1e-12: a wrong pass is off by O(1)); out of place, the input buffers bit for bit and every
// output position outside the output layout; in place, every position outside both layouts.
//
// LAYOUT_SEED (default 20261206) and LAYOUT_CASES (default 40) choose the sample; case k depends
// on (seed, k) only, so `LAYOUT_SEED=S test_layouts --run_test=random_layout/_K` replays it. CI
// runs a larger sample with the commit's seed (tests/layouts/rotating.sh). The fixed cases of
// issue 55 run as their own test (issue55_cases).
#define BOOST_TEST_MODULE layouts
#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "cl_raii.h"
#include "float16.h"
#include "fftw_reference.h"
#include "host_sides.h"
#include "test_env.h"

#include <clFFT-ng.h>
#include <clFFT.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace bdata = boost::unit_test::data;
using namespace clfft_test;
using namespace clfft_test::fftw_ref;

namespace layouts {

// A 16-bit stored value (docs/precision.md) as the host images hold it: made from a number by
// rounding to nearest even, read as its exact value.
template <bool Bf> struct Value16 {
    std::uint16_t bits = 0;
    Value16() = default;
    Value16(double v) : bits(Bf ? clfft_ng::floatToBf16(float(v)) : clfft_ng::floatToHalf(float(v))) {}
    operator double() const { return Bf ? clfft_ng::bf16ToFloat(bits) : clfft_ng::halfToFloat(bits); }
};
template <class T> constexpr bool is16 = sizeof(T) == 2;

enum class Kind { C2C, R2C, C2R };
enum class Placement { InPlace, OutOfPlace, Aliased };

struct Case {
    Kind kind = Kind::C2C;
    clfftPrecision precision = CLFFT_SINGLE;
    std::vector<std::size_t> lengths;
    std::size_t batch = 1;
    Placement placement = Placement::OutOfPlace;
    clfftDirection dir = CLFFT_FORWARD; // C2C only; real plans take theirs from the layouts
    bool gpuForm = false;
    cl_uint queues = 1; // 2: a queue array on the one device (split as over two devices)
    SideDesc in, out; // layouts, counts, strides, distances
    bool expectInvalid = false; // in-place C2C with sides that differ: clFFT says CLFFT_INVALID_PLAN
};

std::string describe(const Case& c)
{
    std::ostringstream s;
    s << (c.kind == Kind::C2C ? "c2c" : c.kind == Kind::R2C ? "r2c" : "c2r") << ' '
      << (c.precision == CLFFT_DOUBLE    ? "double"
          : c.precision == CLFFT_NG_HALF ? "half"
          : c.precision == CLFFT_NG_BFLOAT16 ? "bfloat16"
                                         : "single")
      << ' ' << shapeText(c.lengths) << " batch " << c.batch
      << ' ' << (c.placement == Placement::InPlace ? "in-place" : c.placement == Placement::Aliased ? "aliased" : "out-of-place");
    if (c.kind == Kind::C2C)
        s << (c.dir == CLFFT_FORWARD ? " forward" : " backward");
    s << (c.gpuForm ? " gpu-form" : " cpu-form") << (c.queues > 1 ? " 2-queues" : "") << " | in " << layoutName(c.in.layout) << " strides "
      << listText(c.in.strides) << " dist " << c.in.dist << " | out " << layoutName(c.out.layout) << " strides "
      << listText(c.out.strides) << " dist " << c.out.dist;
    if (c.expectInvalid)
        s << " (expects CLFFT_INVALID_PLAN)";
    return s.str();
}

// ---- Drawing cases -------------------------------------------------------------------------------

// The families and their lengths: few lengths per family, so that the sample's plans share kernels.
const std::vector<std::vector<std::size_t>> kOneKernel1D = {{16}, {60}, {256}, {1000}, {4096}, {15}, {17}, {45}};
const std::vector<std::vector<std::size_t>> kLong1D = {{65536}, {59049}, {20000}};
const std::vector<std::vector<std::size_t>> k2D = {{16, 12}, {64, 30}, {2048, 3}, {15, 8}, {16384, 2}};
const std::vector<std::vector<std::size_t>> k3D = {{8, 6, 5}, {16, 4, 3}, {9, 10, 6}};

struct Draw {
    Random r;
    explicit Draw(std::uint64_t seed) : r(seed) {}
    std::size_t below(std::size_t n) { return std::size_t(r.next() % n); }
    bool chance(unsigned percent) { return below(100) < percent; }
    template <class V> typename V::value_type pick(const V& v) { return v[below(v.size())]; }
};

std::size_t extentOf(const std::vector<std::size_t>& counts, const std::vector<std::size_t>& strides)
{
    std::size_t e = 1;
    for (std::size_t k = 0; k < counts.size(); ++k)
        e += (counts[k] - 1) * strides[k];
    return e;
}

// Strides and distance of one side: dimension 0's stride drawn, each outer stride past the
// extent of the dimensions inside it (plus a gap), or (batch innermost) a distance of 1.
void drawGeometry(Draw& d, SideDesc& s, bool allowBatchInnermost)
{
    const std::size_t rank = s.counts.size();
    s.strides.assign(rank, 1);
    const std::size_t gapMax = 6;
    s.strides[0] = d.chance(55) ? 1 : d.pick(std::vector<std::size_t>{2, 3, 5});
    if (allowBatchInnermost && s.batch > 1 && d.chance(12)) {
        s.dist = 1;
        s.strides[0] = s.batch + (d.chance(50) ? 0 : d.below(gapMax));
        for (std::size_t k = 1; k < rank; ++k)
            s.strides[k] = extentOf({s.counts.begin(), s.counts.begin() + long(k)}, {s.strides.begin(), s.strides.begin() + long(k)}) +
                           s.batch - 1 + (d.chance(60) ? 0 : d.below(gapMax));
        return;
    }
    for (std::size_t k = 1; k < rank; ++k)
        s.strides[k] = extentOf({s.counts.begin(), s.counts.begin() + long(k)}, {s.strides.begin(), s.strides.begin() + long(k)}) +
                       (d.chance(60) ? 0 : d.below(gapMax));
    s.dist = extentOf(s.counts, s.strides) + (d.chance(50) ? 0 : d.below(gapMax));
}

// In-place real sides whose rows start at the same bytes: the hermitian (complex) step H of each
// outer dimension and the distance are the real side's halved.
void drawSharedRows(Draw& d, SideDesc& real, SideDesc& herm)
{
    const std::size_t rank = real.counts.size();
    real.strides.assign(rank, 1);
    herm.strides.assign(rank, 1);
    real.strides[0] = d.chance(55) ? 1 : d.pick(std::vector<std::size_t>{2, 3});
    herm.strides[0] = d.chance(45) ? 1 : d.pick(std::vector<std::size_t>{2, 3, 5});
    auto step = [&](std::size_t k, bool distance) {
        const std::size_t rk = distance ? rank : k;
        const std::size_t realExt = extentOf({real.counts.begin(), real.counts.begin() + long(rk)},
                                             {real.strides.begin(), real.strides.begin() + long(rk)});
        const std::size_t hermExt = extentOf({herm.counts.begin(), herm.counts.begin() + long(rk)},
                                             {herm.strides.begin(), herm.strides.begin() + long(rk)});
        return std::max(hermExt, (realExt + 1) / 2) + (d.chance(60) ? 0 : d.below(4));
    };
    for (std::size_t k = 1; k < rank; ++k) {
        herm.strides[k] = step(k, false);
        real.strides[k] = 2 * herm.strides[k];
    }
    herm.dist = step(rank, true);
    real.dist = 2 * herm.dist;
}

Case drawCase(std::uint64_t seed, std::size_t index, bool hasDouble)
{
    Draw d(seedFrom(std::to_string(seed) + ":" + std::to_string(index)));
    Case c;
    c.kind = d.pick(std::vector<Kind>{Kind::C2C, Kind::R2C, Kind::C2R});
    c.precision = hasDouble && d.chance(35) ? CLFFT_DOUBLE : CLFFT_SINGLE;
    if (c.precision == CLFFT_SINGLE && d.chance(30)) // 16-bit storage, arithmetic in single
        c.precision = d.chance(50) ? CLFFT_NG_HALF : CLFFT_NG_BFLOAT16;
    const unsigned family = unsigned(d.below(100));
    if (family < 35)
        c.lengths = d.pick(kOneKernel1D);
    else if (family < 55)
        c.lengths = d.pick(kLong1D);
    else if (family < 80)
        c.lengths = d.pick(k2D);
    else
        c.lengths = d.pick(k3D);
    std::size_t points = 1;
    for (std::size_t n : c.lengths)
        points *= n;
    c.batch = 1 + d.below(points >= 20000 ? 2 : 3);
    c.gpuForm = d.chance(40);
    c.queues = d.chance(12) ? 2 : 1;
    c.dir = d.chance(50) ? CLFFT_FORWARD : CLFFT_BACKWARD;
    const unsigned placement = unsigned(d.below(100));
    c.placement = placement < 50 ? Placement::InPlace : placement < 88 ? Placement::OutOfPlace : Placement::Aliased;

    std::vector<std::size_t> hermCounts = c.lengths;
    hermCounts[0] = hermLength(c.lengths[0]);
    const bool planarIn = d.chance(30), planarOut = d.chance(30);
    switch (c.kind) {
    case Kind::C2C:
        c.in.layout = planarIn ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
        c.out.layout = planarOut ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
        c.in.counts = c.out.counts = c.lengths;
        break;
    case Kind::R2C:
        c.in.layout = CLFFT_REAL;
        c.out.layout = planarOut ? CLFFT_HERMITIAN_PLANAR : CLFFT_HERMITIAN_INTERLEAVED;
        c.in.counts = c.lengths;
        c.out.counts = hermCounts;
        break;
    case Kind::C2R:
        c.in.layout = planarIn ? CLFFT_HERMITIAN_PLANAR : CLFFT_HERMITIAN_INTERLEAVED;
        c.out.layout = CLFFT_REAL;
        c.in.counts = hermCounts;
        c.out.counts = c.lengths;
        break;
    }
    c.in.batch = c.out.batch = c.batch;

    if (c.placement == Placement::InPlace) {
        if (c.kind == Kind::C2C) {
            c.out.layout = c.in.layout;
            drawGeometry(d, c.in, true);
            c.out.strides = c.in.strides;
            c.out.dist = c.in.dist;
            if (d.chance(6)) { // sides that differ: refused, as by clFFT 2.12
                c.out.strides[0] += 1;
                c.expectInvalid = true;
            }
        } else {
            SideDesc& real = c.kind == Kind::R2C ? c.in : c.out;
            SideDesc& herm = c.kind == Kind::R2C ? c.out : c.in;
            herm.layout = CLFFT_HERMITIAN_INTERLEAVED;
            if (d.chance(80)) {
                drawSharedRows(d, real, herm);
            } else { // rows at unrelated places: the plan runs from a copy of the buffer
                drawGeometry(d, real, false);
                drawGeometry(d, herm, false);
            }
        }
    } else {
        drawGeometry(d, c.in, true);
        drawGeometry(d, c.out, true);
        // One cl_mem as both sides: only where both sides use the same number of arrays.
        if (c.placement == Placement::Aliased && isPlanar(c.in.layout) != isPlanar(c.out.layout))
            c.placement = Placement::OutOfPlace;
    }
    return c;
}

// ---- Running a case ------------------------------------------------------------------------------

// The buffers of a case on the host: images of whole cl_mems in units of T.
template <class T> struct Images {
    std::vector<std::vector<T>> in, out; // out empty in place and when aliased (the same cl_mems)
};

// Positions (units of T) of array k of a side that hold its logical elements.
template <class T> void markSide(const SideDesc& s, std::size_t k, std::vector<bool>& mask)
{
    s.forEach([&](std::size_t off, std::size_t) {
        if (isPlanar(s.layout) || isReal(s.layout)) {
            mask[off] = true;
        } else if (k == 0) {
            mask[2 * off] = mask[2 * off + 1] = true;
        }
    });
}

template <class T> std::size_t arrayLength(const SideDesc& s)
{
    return (isPlanar(s.layout) || isReal(s.layout) ? 1 : 2) * s.extent();
}

// The side as the host mirror fftw_reference.h works on, read from the images.
template <class T> HostSide<T> sideFrom(const SideDesc& s, const std::vector<std::vector<T>>& images)
{
    HostSide<T> h(s);
    for (std::size_t k = 0; k < h.arrays(); ++k)
        std::copy(images[k].begin(), images[k].begin() + long(h.array(k).size()), h.array(k).begin());
    return h;
}

// Writes the logical elements of `from` (any layout with the same counts) into the images.
template <class T, class U> void writeLogical(const SideDesc& s, std::vector<std::vector<T>>& images, const HostSide<U>& from)
{
    std::vector<std::size_t> offs;
    from.desc.forEach([&](std::size_t off, std::size_t) { offs.push_back(off); });
    s.forEach([&](std::size_t off, std::size_t lin) {
        const T re = T(from.re(offs[lin])), im = T(from.im(offs[lin]));
        if (isPlanar(s.layout)) {
            images[0][off] = re;
            images[1][off] = im;
        } else if (isReal(s.layout)) {
            images[0][off] = re;
        } else {
            images[0][2 * off] = re;
            images[0][2 * off + 1] = im;
        }
    });
}

template <class T> double tolerance() { return sizeof(T) == sizeof(float) ? 1e-5 : 1e-12; }

// The queues of a case: the test queue, and for queue arrays a second one on the same device.
cl_command_queue* caseQueues(const Case& c)
{
    static cl_command_queue queues[2] = {nullptr, nullptr};
    ClEnv& env = ClEnv::get();
    queues[0] = env.queue;
    if (c.queues > 1 && !queues[1]) {
        cl_int e = CL_SUCCESS;
        queues[1] = clCreateCommandQueue(env.context, env.device, 0, &e);
        BOOST_REQUIRE_EQUAL(e, CL_SUCCESS);
    }
    return queues;
}

// Bakes the case's plan under its kernel form (CLFFT_NG_FORMS is read at bake).
clfftStatus bakeCase(const Case& c, ScopedPlan& plan)
{
    createPlanFor(plan, c.lengths, c.precision, c.in.layout, c.out.layout, c.placement == Placement::InPlace, c.batch);
    setPlanStrides(plan, c.in.strides, c.out.strides, c.in.dist, c.out.dist);
    if (c.queues > 1)
        REQUIRE_CLFFT_SUCCESS(clfftNgSetPlanQueueArrays(plan.h, CL_TRUE));
    if (c.gpuForm)
        setenv("CLFFT_NG_FORMS", "gpu", 1);
    const clfftStatus st = clfftBakePlan(plan.h, c.queues, caseQueues(c), nullptr, nullptr);
    if (c.gpuForm)
        unsetenv("CLFFT_NG_FORMS");
    return st;
}

template <class T> void runCase(const Case& c)
{
    using R = std::conditional_t<sizeof(T) == sizeof(float), double, long double>;
    const std::string what = describe(c);
    BOOST_TEST_MESSAGE("case: " << what);
    const std::uint64_t seed = seedFrom(what);

    ScopedPlan plan;
    const clfftStatus baked = bakeCase(c, plan);
    if (c.expectInvalid) {
        BOOST_CHECK_MESSAGE(baked == CLFFT_INVALID_PLAN, what << ": bake returned " << int(baked));
        return;
    }
    BOOST_REQUIRE_MESSAGE(baked == CLFFT_SUCCESS, what << ": bake returned " << int(baked));

    // Host images: one per cl_mem, each as long as the sides that use it need.
    const bool shared = c.placement != Placement::OutOfPlace;
    const std::size_t inArrays = isPlanar(c.in.layout) ? 2 : 1, outArrays = isPlanar(c.out.layout) ? 2 : 1;
    Images<T> img;
    img.in.resize(inArrays);
    for (std::size_t k = 0; k < inArrays; ++k) {
        std::size_t n = arrayLength<T>(c.in);
        if (shared && k < outArrays) // in place, T units of either side (one buffer in bytes)
            n = std::max(n, arrayLength<T>(c.out));
        img.in[k].resize(n);
    }
    if (!shared) {
        img.out.resize(outArrays);
        for (std::size_t k = 0; k < outArrays; ++k)
            img.out[k].resize(arrayLength<T>(c.out));
    }
    Random rnd(seed);
    for (auto* set : {&img.in, &img.out})
        for (auto& a : *set)
            for (T& v : a)
                v = T(rnd.uniform());
    if (c.kind == Kind::C2R) {
        // A hermitian input: the spectrum of a real signal (FFTW's), so that C2R is defined.
        HostSide<R> x(SideDesc::packed(CLFFT_REAL, c.lengths, c.batch));
        fillRandom(x, seed + 1);
        const HostSide<R> spectrum =
            reference_r2c<R>(c.lengths, R(1), x, SideDesc::packed(CLFFT_HERMITIAN_INTERLEAVED, c.in.counts, c.batch));
        writeLogical(c.in, img.in, spectrum);
    }
    const Images<T> before = img;

    // The reference, from the input exactly as the device gets it.
    const HostSide<T> input = sideFrom(c.in, img.in);
    std::size_t points = 1;
    for (std::size_t n : c.lengths)
        points *= n;
    HostSide<R> ref;
    if (c.kind == Kind::C2C)
        ref = reference_c2c<R>(c.lengths, c.dir, c.dir == CLFFT_FORWARD ? R(1) : R(1) / R(points), input, c.out);
    else if (c.kind == Kind::R2C)
        ref = reference_r2c<R>(c.lengths, R(1), input, c.out);
    else
        ref = reference_c2r<R>(c.lengths, R(1) / R(points), input, c.out);

    // The device.
    std::vector<ScopedBuffer> inBufs, outBufs;
    cl_mem inMems[2] = {nullptr, nullptr}, outMems[2] = {nullptr, nullptr};
    for (std::size_t k = 0; k < inArrays; ++k) {
        inBufs.emplace_back(img.in[k].size() * sizeof(T), img.in[k].data());
        inMems[k] = inBufs.back().mem;
    }
    for (std::size_t k = 0; k < img.out.size(); ++k) {
        outBufs.emplace_back(img.out[k].size() * sizeof(T), img.out[k].data());
        outMems[k] = outBufs.back().mem;
    }
    if (c.placement == Placement::Aliased)
        for (std::size_t k = 0; k < outArrays; ++k)
            outMems[k] = inMems[k];
    cl_event ev[2] = {nullptr, nullptr};
    const clfftStatus st = clfftEnqueueTransform(plan.h, c.dir, c.queues, caseQueues(c), 0, nullptr, ev, inMems,
                                                 c.placement == Placement::InPlace ? nullptr : outMems, nullptr);
    BOOST_REQUIRE_MESSAGE(st == CLFFT_SUCCESS, what << ": clfftEnqueueTransform returned " << int(st));
    for (cl_uint q = 0; q < c.queues; ++q) {
        BOOST_REQUIRE(ev[q] != nullptr);
        BOOST_CHECK_EQUAL(clWaitForEvents(1, &ev[q]), CL_SUCCESS);
        clReleaseEvent(ev[q]);
    }
    for (std::size_t k = 0; k < inArrays; ++k)
        readBuffer(inMems[k], img.in[k]);
    for (std::size_t k = 0; k < img.out.size(); ++k)
        readBuffer(outMems[k], img.out[k]);

    // The result.
    const HostSide<T> ours = sideFrom(c.out, shared ? img.in : img.out);
    double tol = tolerance<T>();
    if constexpr (is16<T>) // twice the error of the exact result rounded once to the storage
        tol = 2 * double(compare(ref.template convert<T>(), ref).relL2);
    checkRelativeError(compare(ours, ref), tol, what);

    // What must stay: out of place the input buffers whole; everywhere the positions outside
    // the output layout, and in place outside the input layout too.
    auto checkUnchanged = [&](const std::vector<T>& now, const std::vector<T>& was, const std::vector<bool>& mayChange,
                              const char* name) {
        std::size_t changed = 0, first = 0;
        for (std::size_t i = 0; i < now.size(); ++i)
            if (!mayChange[i] && std::memcmp(&now[i], &was[i], sizeof(T)) != 0 && changed++ == 0)
                first = i;
        BOOST_CHECK_MESSAGE(changed == 0, what << ": " << changed << " position(s) of the " << name
                                               << " buffer outside the layouts changed (first at T index " << first << ")");
    };
    for (std::size_t k = 0; k < inArrays; ++k) {
        std::vector<bool> mayChange(img.in[k].size(), false);
        if (shared && k < outArrays)
            markSide<T>(c.out, k, mayChange);
        if (c.placement == Placement::InPlace)
            markSide<T>(c.in, k, mayChange);
        checkUnchanged(img.in[k], before.in[k], mayChange, k ? "input (imaginary)" : "input");
    }
    for (std::size_t k = 0; k < img.out.size(); ++k) {
        std::vector<bool> mayChange(img.out[k].size(), false);
        markSide<T>(c.out, k, mayChange);
        checkUnchanged(img.out[k], before.out[k], mayChange, k ? "output (imaginary)" : "output");
    }
}

void run(const Case& c)
{
    if (c.precision == CLFFT_DOUBLE)
        runCase<double>(c);
    else if (c.precision == CLFFT_NG_HALF)
        runCase<Value16<false>>(c);
    else if (c.precision == CLFFT_NG_BFLOAT16)
        runCase<Value16<true>>(c);
    else
        runCase<float>(c);
}

std::uint64_t sampleSeed()
{
    const char* s = std::getenv("LAYOUT_SEED");
    return s && *s ? std::strtoull(s, nullptr, 0) : 20261206ull;
}

std::size_t sampleCases()
{
    const char* s = std::getenv("LAYOUT_CASES");
    return s && *s ? std::size_t(std::strtoull(s, nullptr, 10)) : 40;
}

struct PrintSample {
    PrintSample()
    {
        std::cout << "layouts: seed " << sampleSeed() << ", " << sampleCases() << " random cases (replay case K: LAYOUT_SEED="
                  << sampleSeed() << " test_layouts --run_test=random_layout/_K)" << std::endl;
    }
};
BOOST_TEST_GLOBAL_FIXTURE(PrintSample);

} // namespace layouts

using namespace layouts;

BOOST_DATA_TEST_CASE(random_layout, bdata::xrange(sampleCases()), index)
{
    const Case c = drawCase(sampleSeed(), index, ClEnv::get().hasDouble);
    std::cout << "case " << index << ": " << describe(c) << std::endl;
    run(c);
}

// The cases issue 55 reported (in-place C2R of long rows, the hermitian side's stride above the
// real side's), in both kernel forms and both precisions, and the neighbours that passed then.
BOOST_AUTO_TEST_CASE(issue55_cases)
{
    struct Row {
        std::size_t n, batch, hermStride, realStride, hermDist, realDist;
        bool dbl, gpu;
    };
    const Row rows[] = {
        {65536, 1, 5, 1, 163845, 327690, false, false}, {65536, 3, 2, 1, 65538, 131076, false, false},
        {65536, 1, 2, 1, 65538, 131076, true, false},   {65536, 1, 2, 1, 65538, 131076, false, true},
        {65538, 1, 5, 1, 163850, 327700, false, false}, {330750, 1, 5, 1, 826920, 1653840, true, false},
        {8192, 2, 5, 1, 20485, 40970, false, false},    {65536, 1, 1, 2, 65537, 131074, false, false},
    };
    for (const Row& r : rows) {
        if (r.dbl && !ClEnv::get().hasDouble)
            continue;
        Case c;
        c.kind = Kind::C2R;
        c.precision = r.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE;
        c.lengths = {r.n};
        c.batch = r.batch;
        c.placement = Placement::InPlace;
        c.gpuForm = r.gpu;
        c.in = SideDesc{CLFFT_HERMITIAN_INTERLEAVED, {hermLength(r.n)}, {r.hermStride}, r.hermDist, r.batch};
        c.out = SideDesc{CLFFT_REAL, {r.n}, {r.realStride}, r.realDist, r.batch};
        run(c);
        // The same layout read forward (R2C in place, the real side's stride below the hermitian's).
        Case f = c;
        f.kind = Kind::R2C;
        std::swap(f.in, f.out);
        run(f);
    }
}
