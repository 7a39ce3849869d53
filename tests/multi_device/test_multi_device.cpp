// One plan over several devices (docs/multi-device.md): clfftEnqueueTransform with queue arrays
// and the Xt-style descriptors of clFFT-ng.h, against FFTW and against the one-queue result.
//
// Needs three devices in one platform: CTest runs it with POCL_DEVICES="pthread pthread pthread"
// (tests/CMakeLists.txt). With fewer devices every case fails; none is skipped.
#define BOOST_TEST_MODULE multi_device
#include <boost/test/unit_test.hpp>

#include <clFFT-ng.h>
#include <clFFT.h>

#include "cl_device_select.h"
#include "explain_plan.h"
#include "host_sides.h"
#include "test_tier.h"

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

using namespace clfft_test;
using clfft_test::fftw_ref::seedFrom;

namespace {

#define REQUIRE_OK(expr)                                                                              \
    do {                                                                                              \
        const clfftStatus st_ = (expr);                                                               \
        BOOST_REQUIRE_MESSAGE(st_ == CLFFT_SUCCESS, #expr " returned " << int(st_));                   \
    } while (0)

// Every device of the test platform in one context, a queue on each.
struct MultiEnv {
    cl_platform_id platform = nullptr;
    std::vector<cl_device_id> devices;
    cl_context context = nullptr;
    std::vector<cl_command_queue> queues;
    bool fp64 = true; // on every device

    MultiEnv()
    {
        cl_device_id chosen = nullptr;
        char err[512] = {0};
        unsigned pi = 0, di = 0;
        if (clfft_select_device(&platform, &chosen, &pi, &di, err, sizeof err) != 0)
            throw std::runtime_error(err);
        cl_uint n = 0;
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &n);
        devices.resize(n);
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, n, devices.data(), nullptr);
        cl_int e = CL_SUCCESS;
        context = clCreateContext(nullptr, n, devices.data(), nullptr, nullptr, &e);
        if (e != CL_SUCCESS)
            throw std::runtime_error("clCreateContext failed");
        for (cl_device_id d : devices) {
            queues.push_back(clCreateCommandQueue(context, d, 0, &e));
            if (e != CL_SUCCESS)
                throw std::runtime_error("clCreateCommandQueue failed");
            cl_device_fp_config fp = 0;
            clGetDeviceInfo(d, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp, nullptr);
            fp64 = fp64 && fp != 0;
        }
        clfftSetupData setup;
        clfftInitSetupData(&setup);
        if (clfftSetup(&setup) != CLFFT_SUCCESS)
            throw std::runtime_error("clfftSetup failed");
    }
    ~MultiEnv()
    {
        clfftTeardown();
        for (cl_command_queue q : queues)
            clReleaseCommandQueue(q);
        clReleaseContext(context);
    }
    static MultiEnv& get()
    {
        static MultiEnv env;
        return env;
    }
    cl_mem buffer(std::size_t bytes) const
    {
        cl_int e = CL_SUCCESS;
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &e);
        BOOST_REQUIRE_EQUAL(e, CL_SUCCESS);
        return m;
    }
};

MultiEnv& env() { return MultiEnv::get(); }

// The test fails where the platform offers fewer devices than a case needs.
void requireDevices(std::size_t n)
{
    BOOST_REQUIRE_MESSAGE(env().devices.size() >= n, "needs " << n << " OpenCL devices in one platform, found "
                                                               << env().devices.size()
                                                               << " (run with POCL_DEVICES=\"pthread pthread pthread\")");
}

struct Buffers {
    std::vector<cl_mem> mems;
    ~Buffers()
    {
        for (cl_mem m : mems)
            clReleaseMemObject(m);
    }
    cl_mem add(std::size_t bytes)
    {
        mems.push_back(env().buffer(bytes));
        return mems.back();
    }
    // A sub-buffer of `bytes` at an offset every device's alignment allows, in a buffer of its own.
    cl_mem addSub(std::size_t bytes)
    {
        cl_uint alignBits = 8;
        for (cl_device_id d : env().devices) {
            cl_uint a = 0;
            clGetDeviceInfo(d, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof a, &a, nullptr);
            alignBits = std::max(alignBits, a);
        }
        const std::size_t offset = alignBits / 8;
        cl_mem parent = add(bytes + offset);
        cl_buffer_region region{offset, bytes};
        cl_int err = CL_SUCCESS;
        cl_mem sub = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
        BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
        mems.push_back(sub);
        return sub;
    }
};

struct PlanOwner {
    clfftPlanHandle h = 0;
    ~PlanOwner()
    {
        if (h)
            clfftDestroyPlan(&h);
    }
};

enum class Kind { C2C, R2C, C2R };

// One transform: kind, lengths, batch, placement; layouts and strides optional.
struct Case {
    Kind kind = Kind::C2C;
    std::vector<std::size_t> lengths;
    std::size_t batch = 1;
    bool inPlace = false;
    clfftLayout complexLayout = CLFFT_COMPLEX_INTERLEAVED; // or planar (hermitian for real kinds)
    std::vector<std::size_t> inStrides, outStrides;         // empty: packed
    std::size_t inDist = 0, outDist = 0;
    clfftDirection dir = CLFFT_FORWARD;
    bool callback = false; // a pre-callback that doubles the input, a post-callback that conjugates
    bool subBuffers = false; // the client's buffers are sub-buffers (at an aligned offset)

    std::string name() const
    {
        std::string lens;
        for (std::size_t l : lengths)
            lens += (lens.empty() ? "" : "x") + std::to_string(l);
        std::string s = kind == Kind::C2C ? "C2C" : kind == Kind::R2C ? "R2C" : "C2R";
        s += " " + lens + " batch " + std::to_string(batch) + (inPlace ? " in place" : " out of place");
        if (complexLayout == CLFFT_COMPLEX_PLANAR || complexLayout == CLFFT_HERMITIAN_PLANAR)
            s += " planar";
        if (!inStrides.empty())
            s += " strided";
        if (dir == CLFFT_BACKWARD && kind == Kind::C2C)
            s += " backward";
        if (callback)
            s += " callbacks";
        return s;
    }
    clfftLayout inLayout() const
    {
        if (kind == Kind::R2C)
            return CLFFT_REAL;
        if (kind == Kind::C2R)
            return complexLayout == CLFFT_COMPLEX_PLANAR ? CLFFT_HERMITIAN_PLANAR : CLFFT_HERMITIAN_INTERLEAVED;
        return complexLayout;
    }
    clfftLayout outLayout() const
    {
        if (kind == Kind::C2R)
            return CLFFT_REAL;
        if (kind == Kind::R2C)
            return complexLayout == CLFFT_COMPLEX_PLANAR ? CLFFT_HERMITIAN_PLANAR : CLFFT_HERMITIAN_INTERLEAVED;
        return complexLayout;
    }
    SideDesc side(bool input) const
    {
        const clfftLayout l = input ? inLayout() : outLayout();
        const auto& st = input ? inStrides : outStrides;
        const std::size_t dist = input ? inDist : outDist;
        if (l == CLFFT_REAL)
            return realSideOf(lengths, batch, inPlace, st, dist);
        if (l == CLFFT_HERMITIAN_INTERLEAVED || l == CLFFT_HERMITIAN_PLANAR)
            return hermSideOf(l, lengths, batch, st, dist);
        if (!st.empty())
            return explicitSide(l, lengths, st, dist, batch);
        return packedSide(l, lengths, lengths[0], batch);
    }
};

template <class T> constexpr clfftPrecision precisionOf() { return sizeof(T) == 4 ? CLFFT_SINGLE : CLFFT_DOUBLE; }
template <class T> constexpr double tolerance() { return sizeof(T) == 4 ? 2e-6 : 1e-14; }

const char* const kPreCallback = "float2 doubleIt(__global void* in, uint offset, __global void* userdata)\n"
                                 "{ float2 v = ((__global float2*)in)[offset]; return v * 2.0f; }\n";
const char* const kPostCallback = "void conjugate(__global void* out, uint offset, __global void* userdata, float2 v)\n"
                                  "{ ((__global float2*)out)[offset] = (float2)(v.x, -v.y); }\n";

void createPlan(PlanOwner& plan, const Case& c, clfftPrecision precision)
{
    REQUIRE_OK(clfftCreateDefaultPlan(&plan.h, env().context, clfftDim(c.lengths.size()), c.lengths.data()));
    REQUIRE_OK(clfftNgSetPlanQueueArrays(plan.h, CL_TRUE));
    REQUIRE_OK(clfftSetPlanPrecision(plan.h, precision));
    REQUIRE_OK(clfftSetLayout(plan.h, c.inLayout(), c.outLayout()));
    REQUIRE_OK(clfftSetResultLocation(plan.h, c.inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE));
    REQUIRE_OK(clfftSetPlanBatchSize(plan.h, c.batch));
    if (!c.inStrides.empty()) {
        const clfftDim dim = clfftDim(c.lengths.size());
        std::vector<std::size_t> is = c.inStrides, os = c.outStrides;
        REQUIRE_OK(clfftSetPlanInStride(plan.h, dim, is.data()));
        REQUIRE_OK(clfftSetPlanOutStride(plan.h, dim, os.data()));
        REQUIRE_OK(clfftSetPlanDistance(plan.h, c.inDist, c.outDist));
    }
    if (c.callback) {
        REQUIRE_OK(clfftSetPlanCallback(plan.h, "doubleIt", kPreCallback, 0, PRECALLBACK, nullptr, 0));
        REQUIRE_OK(clfftSetPlanCallback(plan.h, "conjugate", kPostCallback, 0, POSTCALLBACK, nullptr, 0));
    }
}

// Runs the case on the first n queues through clfftEnqueueTransform; returns the output side.
template <class T>
HostSide<T> runOnQueues(const Case& c, const HostSide<T>& input, std::size_t n, bool bakeFirst = true,
                        std::vector<cl_command_queue> queues = {}, std::string* explained = nullptr)
{
    PlanOwner plan;
    createPlan(plan, c, precisionOf<T>());
    if (queues.empty())
        queues.assign(env().queues.begin(), env().queues.begin() + long(n));
    if (bakeFirst)
        REQUIRE_OK(clfftBakePlan(plan.h, cl_uint(n), queues.data(), nullptr, nullptr));
    const SideDesc outDesc = c.side(false);
    HostSide<T> out(outDesc, sentinel<T>());
    Buffers bufs;
    std::vector<cl_mem> in, outMems;
    for (std::size_t k = 0; k < input.arrays(); ++k) {
        std::size_t bytes = input.array(k).size() * sizeof(T);
        if (c.inPlace)
            bytes = std::max(bytes, out.array(k).size() * sizeof(T));
        cl_mem m = c.subBuffers ? bufs.addSub(bytes) : bufs.add(bytes);
        BOOST_REQUIRE_EQUAL(clEnqueueWriteBuffer(queues[0], m, CL_TRUE, 0, input.array(k).size() * sizeof(T),
                                                 input.array(k).data(), 0, nullptr, nullptr),
                            CL_SUCCESS);
        in.push_back(m);
    }
    if (!c.inPlace)
        for (std::size_t k = 0; k < out.arrays(); ++k) {
            const std::size_t bytes = out.array(k).size() * sizeof(T);
            cl_mem m = c.subBuffers ? bufs.addSub(bytes) : bufs.add(bytes);
            BOOST_REQUIRE_EQUAL(clEnqueueWriteBuffer(queues[0], m, CL_TRUE, 0, out.array(k).size() * sizeof(T),
                                                     out.array(k).data(), 0, nullptr, nullptr),
                                CL_SUCCESS);
            outMems.push_back(m);
        }
    std::vector<cl_event> events(n, nullptr);
    REQUIRE_OK(clfftEnqueueTransform(plan.h, c.dir, cl_uint(n), queues.data(), 0, nullptr, events.data(), in.data(),
                                     c.inPlace ? nullptr : outMems.data(), nullptr));
    for (cl_event e : events)
        BOOST_REQUIRE(e != nullptr);
    BOOST_REQUIRE_EQUAL(clWaitForEvents(cl_uint(n), events.data()), CL_SUCCESS);
    for (cl_event e : events)
        clReleaseEvent(e);
    if (explained) {
        *explained = explainPlan(plan.h);
        std::size_t scratch = 1;
        REQUIRE_OK(clfftGetTmpBufSize(plan.h, &scratch)); // split: the client gives no scratch
        BOOST_TEST(scratch == 0u);
    }
    const std::vector<cl_mem>& from = c.inPlace ? in : outMems;
    for (std::size_t k = 0; k < out.arrays(); ++k)
        BOOST_REQUIRE_EQUAL(clEnqueueReadBuffer(queues[0], from[k], CL_TRUE, 0, out.array(k).size() * sizeof(T),
                                                out.array(k).data(), 0, nullptr, nullptr),
                            CL_SUCCESS);
    return out;
}

// The input of a case: random values; for C2R the spectrum of random real data (hermitian).
template <class T> HostSide<T> inputOf(const Case& c)
{
    HostSide<T> in(c.side(true));
    fillRandom(in, seedFrom(c.name()));
    if (c.kind == Kind::C2R) {
        HostSide<double> real(packedSide(CLFFT_REAL, c.lengths, c.lengths[0], c.batch));
        fillRandom(real, seedFrom(c.name() + " real"));
        const HostSide<double> spectrum = fftw_ref::reference_r2c<double>(
            c.lengths, 1.0, real, packedSide(CLFFT_HERMITIAN_INTERLEAVED, hermCounts(c.lengths), hermLength(c.lengths[0]), c.batch));
        copyLogical(in, spectrum);
    }
    return in;
}

template <class T> HostSide<long double> referenceOf(const Case& c, const HostSide<T>& input)
{
    HostSide<T> x = input;
    if (c.callback)
        x.desc.forEach([&](std::size_t off, std::size_t) { x.set(off, x.re(off) * 2, x.im(off) * 2); });
    std::size_t points = 1;
    for (std::size_t l : c.lengths)
        points *= l;
    const SideDesc outDesc = c.side(false);
    HostSide<long double> y;
    if (c.kind == Kind::C2C)
        y = fftw_ref::reference_c2c<long double>(c.lengths, c.dir,
                                                 c.dir == CLFFT_FORWARD ? 1.0L : 1.0L / (long double)points, x, outDesc);
    else if (c.kind == Kind::R2C)
        y = fftw_ref::reference_r2c<long double>(c.lengths, 1.0L, x, outDesc);
    else
        y = fftw_ref::reference_c2r<long double>(c.lengths, 1.0L / (long double)points, x, outDesc);
    if (c.callback)
        y.desc.forEach([&](std::size_t off, std::size_t) { y.set(off, y.re(off), -y.im(off)); });
    return y;
}

// The case on 1, 2 and 3 queues: each against FFTW, the split ones against the one-queue
// result, and out of place the output's padding untouched.
template <class T> void checkCase(const Case& c, std::vector<std::size_t> counts = {1, 2, 3})
{
    requireDevices(3);
    if (sizeof(T) == 8 && !env().fp64) {
        BOOST_ERROR(c.name() << ": double precision needs fp64 on every device");
        return;
    }
    const HostSide<T> input = inputOf<T>(c);
    const HostSide<long double> ref = referenceOf(c, input);
    const std::vector<bool> pad = paddingMask(c.side(false));
    HostSide<T> single;
    for (std::size_t n : counts) {
        const std::string what = c.name() + (sizeof(T) == 8 ? " double" : " single") + " on " + std::to_string(n) +
                                 " queue" + (n > 1 ? "s" : "");
        const HostSide<T> out = runOnQueues<T>(c, input, n, n != 2);
        checkRelativeError(compare(out, ref), tolerance<T>(), what + " vs FFTW");
        if (n == 1)
            single = out;
        else if (!single.a.empty())
            checkRelativeError(compare(out, single), tolerance<T>(), what + " vs one queue");
        if (!c.inPlace) {
            std::size_t first = 0;
            const std::size_t bad = clobbered(out, pad, first);
            BOOST_CHECK_MESSAGE(bad == 0, what << ": " << bad << " padding values written, first at " << first);
        }
    }
}

Case make(Kind k, std::vector<std::size_t> lengths, std::size_t batch, bool inPlace)
{
    Case c;
    c.kind = k;
    c.lengths = std::move(lengths);
    c.batch = batch;
    c.inPlace = inPlace;
    return c;
}

// The shapes of the issue: a batch of 7 over 3, 2D 100 x 97 and 3D 30 x 20 x 10 (uneven splits).
const std::vector<std::pair<std::vector<std::size_t>, std::size_t>> kShapes = {
    {{16}, 7}, {{100, 97}, 1}, {{30, 20, 10}, 1}};

} // namespace

BOOST_AUTO_TEST_CASE(devices_present)
{
    requireDevices(3);
    BOOST_TEST_MESSAGE(env().devices.size() << " devices");
}

BOOST_AUTO_TEST_SUITE(queue_arrays)

// Each kind on every shape, in and out of place. Quick tier: two of the six per kind, one of each
// placement, on shapes rotated between the kinds; the sweep tier the other four.
void everyShape(Kind k, std::size_t rotate)
{
    for (std::size_t s = 0; s < kShapes.size(); ++s)
        for (bool ip : {false, true})
            if (clfft_test::inTier(s == (rotate + (ip ? 1 : 0)) % kShapes.size()))
                checkCase<float>(make(k, kShapes[s].first, kShapes[s].second, ip));
}

BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(c2c_single) { everyShape(Kind::C2C, 0); }

BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(r2c_single) { everyShape(Kind::R2C, 1); }

BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(c2r_single) { everyShape(Kind::C2R, 2); }

// Quick tier: each kind on one shape (a different one per kind); the sweep tier the other six.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(every_kind_double)
{
    std::size_t i = 0;
    for (Kind k : {Kind::C2C, Kind::R2C, Kind::C2R}) {
        for (std::size_t s = 0; s < kShapes.size(); ++s)
            if (clfft_test::inTier(s == i))
                checkCase<double>(make(k, kShapes[s].first, kShapes[s].second, k == Kind::C2C), {1, 3});
        ++i;
    }
}

// Quick tier: C2C backward and R2C; the sweep tier C2C in place and C2R.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(c2c_backward_planar)
{
    Case c = make(Kind::C2C, {100, 97}, 1, false);
    c.dir = CLFFT_BACKWARD;
    c.complexLayout = CLFFT_COMPLEX_PLANAR;
    if (clfft_test::inTier(true))
        checkCase<float>(c);
    c = make(Kind::C2C, {16}, 7, true);
    c.complexLayout = CLFFT_COMPLEX_PLANAR;
    if (clfft_test::inTier(false))
        checkCase<float>(c, {1, 3});
    c = make(Kind::R2C, {30, 20, 10}, 1, false);
    c.complexLayout = CLFFT_COMPLEX_PLANAR;
    if (clfft_test::inTier(true))
        checkCase<float>(c, {1, 2});
    c = make(Kind::C2R, {100, 97}, 1, false);
    c.complexLayout = CLFFT_COMPLEX_PLANAR;
    if (clfft_test::inTier(false))
        checkCase<float>(c, {1, 3});
}

// Padded rows and slices, and batches that do not start on aligned addresses (library copies).
// Quick tier: C2C 2D, the unaligned batches, R2C; the sweep tier C2C 3D and C2R.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(strides)
{
    Case c = make(Kind::C2C, {100, 97}, 1, false);
    c.inStrides = {1, 103};
    c.inDist = 103 * 97;
    c.outStrides = {2, 210};
    c.outDist = 210 * 97;
    if (clfft_test::inTier(true))
        checkCase<float>(c);
    c = make(Kind::C2C, {30, 20, 10}, 1, false);
    c.inStrides = {1, 31, 31 * 21};
    c.inDist = 31 * 21 * 10;
    c.outStrides = {1, 30, 600};
    c.outDist = 6000;
    if (clfft_test::inTier(false))
        checkCase<float>(c, {1, 3});
    c = make(Kind::C2C, {15}, 7, false); // 15 * 8 bytes: batch starts off the alignment
    c.inStrides = {1};
    c.inDist = 17;
    c.outStrides = {1};
    c.outDist = 15;
    if (clfft_test::inTier(true))
        checkCase<float>(c);
    c = make(Kind::R2C, {100, 97}, 1, false);
    c.inStrides = {1, 104};
    c.inDist = 104 * 97;
    c.outStrides = {1, 53};
    c.outDist = 53 * 97;
    if (clfft_test::inTier(true))
        checkCase<float>(c, {1, 2});
    c = make(Kind::C2R, {30, 20, 10}, 1, false);
    c.inStrides = {1, 17, 17 * 20};
    c.inDist = 17 * 200;
    c.outStrides = {1, 31, 31 * 21};
    c.outDist = 31 * 21 * 10;
    if (clfft_test::inTier(false))
        checkCase<float>(c, {1, 3});
}

// Pencils whose rows are a multiple of 512 bytes on two queues, which the library pads in its
// own buffers (exchange, pencil transforms, the copies of R2C's output and of strided input).
// Quick tier: C2C 2D, R2C and the copied pencils; the sweep tier the rest.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(padded_pencils)
{
    if (clfft_test::inTier(true)) {
        checkCase<float>(make(Kind::C2C, {128, 40}, 1, false), {1, 2});
        checkCase<float>(make(Kind::R2C, {254, 12}, 1, false), {1, 2});
    }
    if (clfft_test::inTier(false)) {
        checkCase<float>(make(Kind::C2C, {32, 16, 8}, 1, true), {1, 2});
        checkCase<float>(make(Kind::C2R, {126, 4, 6}, 1, false), {1, 2});
        if (env().fp64)
            checkCase<double>(make(Kind::C2C, {64, 20}, 1, false), {1, 2});
        else
            BOOST_ERROR("double precision needs fp64 on every device");
    }
    if (!clfft_test::inTier(true))
        return;
    Case c = make(Kind::C2C, {32, 16, 8}, 1, false);
    c.inStrides = {1, 33, 33 * 16}; // pencils copied from the client's buffer
    c.inDist = 33 * 16 * 8;
    c.outStrides = {1, 32, 32 * 16};
    c.outDist = 32 * 16 * 8;
    checkCase<float>(c, {1, 2});
}

// C2C 2D whose devices hold pencils of equal counts in whole 16-column chunks, with rows a row-lane
// kernel takes: each device transforms its rows straight from every device's pencils (no
// exchange; docs/multi-device.md), in and out of place, uneven row splits, both directions.
// Quick tier: the shapes marked quick (2 and 3 queues, in and out of place, packed row lanes) and
// the exchange; the sweep tier the others.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(rows_from_every_pencil)
{
    requireDevices(3);
    struct Shape {
        std::vector<std::size_t> lengths;
        std::size_t queues;
        bool inPlace;
        clfftDirection dir;
        bool quick;
    };
    const Shape shapes[] = {{{128, 37}, 2, false, CLFFT_FORWARD, true},
                            {{128, 37}, 2, true, CLFFT_BACKWARD, false},
                            {{192, 25}, 3, false, CLFFT_BACKWARD, false},
                            {{192, 25}, 3, true, CLFFT_FORWARD, true},
                            {{64, 20}, 2, false, CLFFT_FORWARD, false},
                            // packed row lanes (rows of 8A points, A not a multiple of 8)
                            {{96, 37}, 2, false, CLFFT_FORWARD, false},
                            {{96, 25}, 3, true, CLFFT_BACKWARD, true}};
    for (const Shape& sh : shapes) {
        if (!clfft_test::inTier(sh.quick))
            continue;
        Case c = make(Kind::C2C, sh.lengths, 1, sh.inPlace);
        c.dir = sh.dir;
        const HostSide<float> input = inputOf<float>(c);
        const std::vector<bool> pad = paddingMask(c.side(false));
        std::string explained;
        const HostSide<float> out = runOnQueues<float>(c, input, sh.queues, true, {}, &explained);
        const std::string what = c.name() + " on " + std::to_string(sh.queues) + " queues";
        checkRelativeError(compare(out, referenceOf(c, input)), tolerance<float>(), what + " vs FFTW");
        BOOST_TEST(explained.find("input pieces") != std::string::npos, what << ": rows not read from the pencils\n"
                                                                                 << explained);
        BOOST_TEST(explained.find("queue " + std::to_string(sh.queues - 1) + ":") != std::string::npos, explained);
        if (!c.inPlace) {
            std::size_t first = 0;
            BOOST_TEST(clobbered(out, pad, first) == 0u, what << ": padding written, first at " << first);
        }
    }
    if (!clfft_test::inTier(true))
        return;
    // Pencils of 50 and 47 columns: the exchange, and rows transformed in the output.
    Case c = make(Kind::C2C, {97, 100}, 1, false);
    const HostSide<float> input = inputOf<float>(c);
    std::string explained;
    const HostSide<float> out = runOnQueues<float>(c, input, 2, true, {}, &explained);
    checkRelativeError(compare(out, referenceOf(c, input)), tolerance<float>(), c.name() + " on 2 queues vs FFTW");
    BOOST_TEST(explained.find("input pieces") == std::string::npos, explained);
    BOOST_TEST(explained.find("queue 1:") != std::string::npos, explained);
}

// The client's buffers as sub-buffers: the pencils are then copied from them, and R2C's pencils
// copied into them (rectangle copies the library makes with a kernel of its own on PoCL, whose
// clEnqueueCopyBufferRect crashes on sub-buffers).
// Quick tier: C2C and C2R out of place, R2C in place; the sweep tier the other three.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(client_sub_buffers)
{
    for (Kind k : {Kind::C2C, Kind::R2C, Kind::C2R})
        for (bool ip : {false, true}) {
            if (!clfft_test::inTier(ip == (k == Kind::R2C)))
                continue;
            Case c = make(k, {30, 20, 10}, 1, ip);
            c.subBuffers = true;
            checkCase<float>(c, {1, 2});
        }
}

// Two queues of one device split the work as two devices do.
BOOST_AUTO_TEST_CASE(queues_of_one_device)
{
    requireDevices(1);
    cl_int e = CL_SUCCESS;
    std::vector<cl_command_queue> queues;
    for (int i = 0; i < 2; ++i) {
        queues.push_back(clCreateCommandQueue(env().context, env().devices[0], 0, &e));
        BOOST_REQUIRE_EQUAL(e, CL_SUCCESS);
    }
    for (const auto& sh : kShapes) {
        const Case c = make(Kind::C2C, sh.first, sh.second, false);
        const HostSide<float> input = inputOf<float>(c);
        checkRelativeError(compare(runOnQueues<float>(c, input, 2, true, queues), referenceOf(c, input)),
                           tolerance<float>(), c.name() + " on two queues of one device");
    }
    for (cl_command_queue q : queues)
        clReleaseCommandQueue(q);
}

// Many plans in flight at once on three queues, enqueued back to back with no wait between them:
// each batch split unevenly, grids growing from plan to plan (one kernel on several devices with
// different grids at once, the load under which PoCL's shared loaded kernels were miscounted;
// docs/multi-device.md). Every result against FFTW.
BOOST_AUTO_TEST_CASE(plans_in_flight)
{
    requireDevices(3);
    struct InFlight {
        Case c;
        HostSide<float> input, out;
        PlanOwner plan;
        Buffers bufs;
        std::vector<cl_event> events;
    };
    std::vector<std::unique_ptr<InFlight>> runs;
    for (std::size_t batch = 192; batch <= 192 * 24; batch += 192) {
        auto r = std::make_unique<InFlight>();
        r->c = make(Kind::C2C, {64}, batch, false);
        r->input = inputOf<float>(r->c);
        r->out = HostSide<float>(r->c.side(false), sentinel<float>());
        createPlan(r->plan, r->c, CLFFT_SINGLE);
        REQUIRE_OK(clfftBakePlan(r->plan.h, 3, env().queues.data(), nullptr, nullptr));
        runs.push_back(std::move(r));
    }
    for (auto& r : runs) {
        cl_mem in = r->bufs.add(r->input.array(0).size() * sizeof(float));
        cl_mem out = r->bufs.add(r->out.array(0).size() * sizeof(float));
        BOOST_REQUIRE_EQUAL(clEnqueueWriteBuffer(env().queues[0], in, CL_TRUE, 0, r->input.array(0).size() * sizeof(float),
                                                 r->input.array(0).data(), 0, nullptr, nullptr),
                            CL_SUCCESS);
        r->events.assign(3, nullptr);
        REQUIRE_OK(clfftEnqueueTransform(r->plan.h, CLFFT_FORWARD, 3, env().queues.data(), 0, nullptr,
                                         r->events.data(), &in, &out, nullptr));
    }
    for (auto& r : runs) {
        BOOST_REQUIRE_EQUAL(clWaitForEvents(3, r->events.data()), CL_SUCCESS);
        for (cl_event e : r->events)
            clReleaseEvent(e);
        BOOST_REQUIRE_EQUAL(clEnqueueReadBuffer(env().queues[0], r->bufs.mems[1], CL_TRUE, 0,
                                                r->out.array(0).size() * sizeof(float), r->out.array(0).data(), 0,
                                                nullptr, nullptr),
                            CL_SUCCESS);
        checkRelativeError(compare(r->out, referenceOf(r->c, r->input)), tolerance<float>(),
                           r->c.name() + " in flight on 3 queues vs FFTW");
    }
}

// Quick tier: the 2D shape; the sweep tier the others.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(callbacks)
{
    for (Kind k : {Kind::C2C})
        for (std::size_t s = 0; s < kShapes.size(); ++s) {
            if (!clfft_test::inTier(s == 1))
                continue;
            const auto& sh = kShapes[s];
            Case c = make(k, sh.first, sh.second, false);
            c.callback = true;
            checkCase<float>(c, {1, 3});
        }
}

BOOST_AUTO_TEST_SUITE_END()

// ---- Bad input and options --------------------------------------------------------------------

namespace {

// A 2D C2C plan of the multi-device context, with host data and buffers, whose transform is
// checked against FFTW: how a case shows that the plan is still usable after a refusal.
struct Usable {
    Case c = make(Kind::C2C, {100, 97}, 1, false);
    HostSide<float> input = inputOf<float>(c);
    HostSide<long double> ref = referenceOf(c, input);
};

template <class T> void checkAgainst(const HostSide<T>& out, const HostSide<long double>& ref, const std::string& what)
{
    checkRelativeError(compare(out, ref), tolerance<T>(), what);
}

} // namespace

BOOST_AUTO_TEST_SUITE(refusals)

BOOST_AUTO_TEST_CASE(queue_arrays)
{
    requireDevices(3);
    Usable u;
    PlanOwner plan;
    createPlan(plan, u.c, CLFFT_SINGLE);
    cl_command_queue* q = env().queues.data();
    cl_command_queue same[2] = {q[0], q[0]};
    BOOST_CHECK_EQUAL(clfftBakePlan(plan.h, 2, same, nullptr, nullptr), CLFFT_INVALID_COMMAND_QUEUE);
    cl_command_queue withNull[3] = {q[0], nullptr, q[2]};
    BOOST_CHECK_EQUAL(clfftBakePlan(plan.h, 3, withNull, nullptr, nullptr), CLFFT_INVALID_COMMAND_QUEUE);
    BOOST_CHECK_EQUAL(clfftBakePlan(plan.h, 3, nullptr, nullptr, nullptr), CLFFT_INVALID_HOST_PTR);
    // A queue of another context (one device of the platform).
    cl_int e = CL_SUCCESS;
    cl_context other = clCreateContext(nullptr, 1, &env().devices[1], nullptr, nullptr, &e);
    BOOST_REQUIRE_EQUAL(e, CL_SUCCESS);
    cl_command_queue otherQueue = clCreateCommandQueue(other, env().devices[1], 0, &e);
    BOOST_REQUIRE_EQUAL(e, CL_SUCCESS);
    cl_command_queue mixed[2] = {q[0], otherQueue};
    BOOST_CHECK_EQUAL(clfftBakePlan(plan.h, 2, mixed, nullptr, nullptr), CLFFT_INVALID_CONTEXT);
    Buffers bufs;
    cl_mem in = bufs.add(u.input.a.size() * sizeof(float)), out = bufs.add(u.input.a.size() * sizeof(float));
    cl_event ev[3] = {nullptr, nullptr, nullptr};
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(plan.h, CLFFT_FORWARD, 2, mixed, 0, nullptr, ev, &in, &out, nullptr),
                      CLFFT_INVALID_CONTEXT);
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(plan.h, CLFFT_FORWARD, 2, same, 0, nullptr, ev, &in, &out, nullptr),
                      CLFFT_INVALID_COMMAND_QUEUE);
    BOOST_CHECK(ev[0] == nullptr && ev[1] == nullptr);
    clReleaseCommandQueue(otherQueue);
    clReleaseContext(other);
    // The plan is still usable on three queues.
    checkAgainst(runOnQueues<float>(u.c, u.input, 3), u.ref, "after refusals, 3 queues");
}

// Run with the device limits shim (fp64=0) as well: a double plan is refused on every queue
// array, with the device's status, and the single plan still runs.
BOOST_AUTO_TEST_CASE(double_needs_fp64)
{
    requireDevices(3);
    Case c = make(Kind::C2C, {16}, 7, false);
    if (env().fp64) {
        checkCase<double>(c, {1, 3});
        return;
    }
    PlanOwner plan;
    createPlan(plan, c, CLFFT_DOUBLE);
    BOOST_CHECK_EQUAL(clfftBakePlan(plan.h, 3, env().queues.data(), nullptr, nullptr), CLFFT_DEVICE_NO_DOUBLE);
    BOOST_CHECK_EQUAL(clfftNgSetPlanQueues(plan.h, 2, env().queues.data()), CLFFT_DEVICE_NO_DOUBLE);
    REQUIRE_OK(clfftSetPlanPrecision(plan.h, CLFFT_SINGLE));
    REQUIRE_OK(clfftBakePlan(plan.h, 3, env().queues.data(), nullptr, nullptr));
    checkCase<float>(c, {3});
}

BOOST_AUTO_TEST_CASE(weights)
{
    requireDevices(3);
    Case c = make(Kind::C2C, {16}, 16, false);
    PlanOwner plan;
    createPlan(plan, c, CLFFT_SINGLE);
    const double negative[3] = {1, -1, 1}, zero[3] = {0, 0, 0}, nan[3] = {1, std::nan(""), 1};
    BOOST_CHECK_EQUAL(clfftNgSetPlanSplitWeights(plan.h, 3, negative), CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgSetPlanSplitWeights(plan.h, 3, zero), CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgSetPlanSplitWeights(plan.h, 3, nan), CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgSetPlanSplitWeights(plan.h, 3, nullptr), CLFFT_INVALID_HOST_PTR);
    // 1 : 0 : 3 of 16 transforms: 4, none, 12 (a device with no share returns a marker).
    const double w[3] = {1, 0, 3};
    REQUIRE_OK(clfftNgSetPlanSplitWeights(plan.h, 3, w));
    REQUIRE_OK(clfftNgSetPlanQueues(plan.h, 3, env().queues.data()));
    clfftNgXtDescriptor d = 0;
    REQUIRE_OK(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_INPUT, CLFFT_NG_XT_NATURAL, &d));
    const std::size_t expected[3][2] = {{0, 4}, {4, 0}, {4, 12}};
    for (cl_uint k = 0; k < 3; ++k) {
        std::size_t first = 99, count = 99, bytes = 99;
        REQUIRE_OK(clfftNgXtGetPart(d, k, nullptr, nullptr, &first, &count, &bytes));
        BOOST_CHECK_EQUAL(first, expected[k][0]);
        BOOST_CHECK_EQUAL(count, expected[k][1]);
        BOOST_CHECK_EQUAL(bytes, count * 16 * 2 * sizeof(float));
    }
    REQUIRE_OK(clfftNgXtFree(d));
    // The weighted split transforms correctly through the queue array.
    const HostSide<float> input = inputOf<float>(c);
    const HostSide<long double> ref = referenceOf(c, input);
    PlanOwner again;
    createPlan(again, c, CLFFT_SINGLE);
    REQUIRE_OK(clfftNgSetPlanSplitWeights(again.h, 3, w));
    Buffers bufs;
    cl_mem in = bufs.add(input.a.size() * sizeof(float)), out = bufs.add(input.a.size() * sizeof(float));
    REQUIRE_OK(clfftNgSetPlanSplitWeights(again.h, 0, nullptr)); // even again
    REQUIRE_OK(clfftNgSetPlanSplitWeights(again.h, 3, w));
    BOOST_REQUIRE_EQUAL(clEnqueueWriteBuffer(env().queues[0], in, CL_TRUE, 0, input.a.size() * sizeof(float),
                                             input.a.data(), 0, nullptr, nullptr),
                        CL_SUCCESS);
    cl_event ev[3];
    REQUIRE_OK(clfftEnqueueTransform(again.h, CLFFT_FORWARD, 3, env().queues.data(), 0, nullptr, ev, &in, &out, nullptr));
    BOOST_REQUIRE_EQUAL(clWaitForEvents(3, ev), CL_SUCCESS);
    for (cl_event e : ev)
        clReleaseEvent(e);
    HostSide<float> result(c.side(false));
    BOOST_REQUIRE_EQUAL(clEnqueueReadBuffer(env().queues[0], out, CL_TRUE, 0, result.a.size() * sizeof(float),
                                            result.a.data(), 0, nullptr, nullptr),
                        CL_SUCCESS);
    checkAgainst(result, ref, "weights 1:0:3");
}

// The client's wait events hold back every queue.
BOOST_AUTO_TEST_CASE(wait_events)
{
    requireDevices(3);
    Usable u;
    PlanOwner plan;
    createPlan(plan, u.c, CLFFT_SINGLE);
    REQUIRE_OK(clfftBakePlan(plan.h, 3, env().queues.data(), nullptr, nullptr));
    Buffers bufs;
    cl_mem in = bufs.add(u.input.a.size() * sizeof(float)), out = bufs.add(u.input.a.size() * sizeof(float));
    BOOST_REQUIRE_EQUAL(clEnqueueWriteBuffer(env().queues[0], in, CL_TRUE, 0, u.input.a.size() * sizeof(float),
                                             u.input.a.data(), 0, nullptr, nullptr),
                        CL_SUCCESS);
    cl_int e = CL_SUCCESS;
    cl_event gate = clCreateUserEvent(env().context, &e);
    BOOST_REQUIRE_EQUAL(e, CL_SUCCESS);
    cl_event ev[3];
    REQUIRE_OK(clfftEnqueueTransform(plan.h, CLFFT_FORWARD, 3, env().queues.data(), 1, &gate, ev, &in, &out, nullptr));
    for (cl_uint k = 0; k < 3; ++k) {
        clFlush(env().queues[k]);
        cl_int status = CL_COMPLETE;
        clGetEventInfo(ev[k], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
        BOOST_CHECK_MESSAGE(status != CL_COMPLETE, "queue " << k << " finished before its wait event");
    }
    clSetUserEventStatus(gate, CL_COMPLETE);
    BOOST_REQUIRE_EQUAL(clWaitForEvents(3, ev), CL_SUCCESS);
    for (cl_event x : ev)
        clReleaseEvent(x);
    clReleaseEvent(gate);
    HostSide<float> result(u.c.side(false));
    BOOST_REQUIRE_EQUAL(clEnqueueReadBuffer(env().queues[0], out, CL_TRUE, 0, result.a.size() * sizeof(float),
                                            result.a.data(), 0, nullptr, nullptr),
                        CL_SUCCESS);
    checkAgainst(result, u.ref, "after a user event");
}

BOOST_AUTO_TEST_SUITE_END()

// ---- Descriptors ------------------------------------------------------------------------------

namespace {

// The case's sides packed, as descriptors hold them (interleaved, real rows unpadded).
Case packedCase(Kind k, std::vector<std::size_t> lengths, std::size_t batch)
{
    Case c = make(k, std::move(lengths), batch, false);
    return c;
}

template <class T> std::vector<T> hostArray(const HostSide<T>& h) { return h.a; }

// Exec through descriptors on n queues: input natural (or permuted), output natural or permuted.
template <class T>
void checkDescriptors(const Case& c, std::size_t n, clfftNgXtOrder inOrder, clfftNgXtOrder outOrder, bool inPlace = false)
{
    const std::string what = c.name() + " descriptors on " + std::to_string(n) + (inOrder == CLFFT_NG_XT_PERMUTED ? " permuted in" : "") +
                             (outOrder == CLFFT_NG_XT_PERMUTED ? " permuted out" : "") + (inPlace ? " in place" : "");
    BOOST_TEST_CONTEXT(what)
    {
        const HostSide<T> input = inputOf<T>(c);
        const HostSide<long double> ref = referenceOf(c, input);
        PlanOwner plan;
        createPlan(plan, c, precisionOf<T>());
        REQUIRE_OK(clfftNgSetPlanQueues(plan.h, cl_uint(n), env().queues.data()));
        clfftNgXtDescriptor in = 0, out = 0;
        REQUIRE_OK(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_INPUT, inOrder, &in));
        if (inPlace)
            out = in;
        else
            REQUIRE_OK(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_OUTPUT, outOrder, &out));
        cl_uint parts = 0;
        REQUIRE_OK(clfftNgXtGetPartCount(in, &parts));
        BOOST_CHECK_EQUAL(parts, n);
        REQUIRE_OK(clfftNgXtCopyHostToDescriptor(in, input.a.data()));
        std::vector<cl_event> ev(n, nullptr);
        REQUIRE_OK(clfftNgXtExecDescriptor(plan.h, c.dir, in, out, ev.data()));
        BOOST_REQUIRE_EQUAL(clWaitForEvents(cl_uint(n), ev.data()), CL_SUCCESS);
        for (cl_event e : ev)
            clReleaseEvent(e);
        HostSide<T> result(c.side(false));
        REQUIRE_OK(clfftNgXtCopyDescriptorToHost(result.a.data(), out));
        checkRelativeError(compare(result, ref), tolerance<T>(), what + " vs FFTW");
        if (outOrder == CLFFT_NG_XT_PERMUTED && !inPlace) {
            // The permuted parts in natural order through a natural descriptor.
            clfftNgXtDescriptor natural = 0;
            REQUIRE_OK(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_OUTPUT, CLFFT_NG_XT_NATURAL, &natural));
            REQUIRE_OK(clfftNgXtCopyDescriptor(natural, out));
            HostSide<T> again(c.side(false));
            REQUIRE_OK(clfftNgXtCopyDescriptorToHost(again.a.data(), natural));
            BOOST_CHECK(sameBits(again, result));
            REQUIRE_OK(clfftNgXtFree(natural));
        }
        REQUIRE_OK(clfftNgXtFree(in));
        if (!inPlace)
            REQUIRE_OK(clfftNgXtFree(out));
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(descriptors)

// Quick tier: the shapes in turn, shape n - 1 on n devices (the split ones take the permuted
// orders); the sweep tier the other shapes.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(every_kind)
{
    requireDevices(3);
    for (std::size_t n : {1, 2, 3}) {
        for (std::size_t s = 0; s < kShapes.size(); ++s) {
            if (!clfft_test::inTier(s == n - 1))
                continue;
            const auto& sh = kShapes[s];
            const bool split = sh.second == 1;
            checkDescriptors<float>(packedCase(Kind::C2C, sh.first, sh.second), n, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL);
            checkDescriptors<float>(packedCase(Kind::R2C, sh.first, sh.second), n, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL);
            checkDescriptors<float>(packedCase(Kind::C2R, sh.first, sh.second), n, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL);
            if (!split)
                continue;
            checkDescriptors<float>(packedCase(Kind::C2C, sh.first, sh.second), n, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_PERMUTED);
            checkDescriptors<float>(packedCase(Kind::R2C, sh.first, sh.second), n, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_PERMUTED);
            checkDescriptors<float>(packedCase(Kind::C2R, sh.first, sh.second), n, CLFFT_NG_XT_PERMUTED, CLFFT_NG_XT_NATURAL);
            Case back = packedCase(Kind::C2C, sh.first, sh.second);
            back.dir = CLFFT_BACKWARD;
            checkDescriptors<float>(back, n, CLFFT_NG_XT_PERMUTED, CLFFT_NG_XT_NATURAL);
            checkDescriptors<float>(back, n, CLFFT_NG_XT_PERMUTED, CLFFT_NG_XT_PERMUTED);
        }
    }
}

BOOST_AUTO_TEST_CASE(in_place_and_double)
{
    requireDevices(3);
    checkDescriptors<float>(packedCase(Kind::C2C, {100, 97}, 1), 3, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL, true);
    checkDescriptors<float>(packedCase(Kind::C2C, {30, 20, 10}, 1), 2, CLFFT_NG_XT_PERMUTED, CLFFT_NG_XT_PERMUTED, true);
    checkDescriptors<float>(packedCase(Kind::C2C, {16}, 7), 3, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL, true);
    if (!env().fp64) {
        BOOST_ERROR("double precision needs fp64 on every device");
        return;
    }
    checkDescriptors<double>(packedCase(Kind::R2C, {30, 20, 10}, 1), 3, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_PERMUTED);
    checkDescriptors<double>(packedCase(Kind::C2R, {100, 97}, 1), 2, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL);
    checkDescriptors<double>(packedCase(Kind::C2C, {16}, 7), 3, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL);
}

// Natural order on both sides goes through the library's padded pencils (see
// queue_arrays/padded_pencils); permuted parts stay packed.
// Quick tier: C2C both orders out, R2C; the sweep tier C2C backward and C2R.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(padded_pencils)
{
    requireDevices(2);
    if (clfft_test::inTier(true)) {
        checkDescriptors<float>(packedCase(Kind::C2C, {128, 40}, 1), 2, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL);
        checkDescriptors<float>(packedCase(Kind::C2C, {128, 40}, 1), 2, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_PERMUTED);
        checkDescriptors<float>(packedCase(Kind::R2C, {254, 12}, 1), 2, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL);
    }
    if (!clfft_test::inTier(false))
        return;
    Case back = packedCase(Kind::C2C, {128, 40}, 1);
    back.dir = CLFFT_BACKWARD;
    checkDescriptors<float>(back, 2, CLFFT_NG_XT_PERMUTED, CLFFT_NG_XT_NATURAL);
    checkDescriptors<float>(packedCase(Kind::C2R, {126, 4, 6}, 1), 2, CLFFT_NG_XT_NATURAL, CLFFT_NG_XT_NATURAL);
}

BOOST_AUTO_TEST_CASE(parts_cover_the_data)
{
    requireDevices(3);
    Case c = packedCase(Kind::R2C, {100, 97}, 1);
    PlanOwner plan;
    createPlan(plan, c, CLFFT_SINGLE);
    REQUIRE_OK(clfftNgSetPlanQueues(plan.h, 3, env().queues.data()));
    for (auto [side, order, total, perIndex] :
         {std::tuple{CLFFT_NG_XT_INPUT, CLFFT_NG_XT_NATURAL, std::size_t(97), std::size_t(100 * 4)},
          std::tuple{CLFFT_NG_XT_OUTPUT, CLFFT_NG_XT_NATURAL, std::size_t(97), std::size_t(51 * 8)},
          std::tuple{CLFFT_NG_XT_OUTPUT, CLFFT_NG_XT_PERMUTED, std::size_t(51), std::size_t(97 * 8)}}) {
        clfftNgXtDescriptor d = 0;
        REQUIRE_OK(clfftNgXtMalloc(plan.h, side, order, &d));
        std::size_t next = 0;
        for (cl_uint k = 0; k < 3; ++k) {
            cl_command_queue q = nullptr;
            cl_mem m = nullptr;
            std::size_t first = 0, count = 0, bytes = 0, size = 0;
            REQUIRE_OK(clfftNgXtGetPart(d, k, &q, &m, &first, &count, &bytes));
            BOOST_CHECK(q == env().queues[k]);
            BOOST_CHECK_EQUAL(first, next);
            BOOST_CHECK(count > 0);
            BOOST_CHECK_EQUAL(bytes, count * perIndex);
            clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof size, &size, nullptr);
            BOOST_CHECK_GE(size, bytes);
            next = first + count;
        }
        BOOST_CHECK_EQUAL(next, total);
        BOOST_CHECK_EQUAL(clfftNgXtGetPart(d, 3, nullptr, nullptr, nullptr, nullptr, nullptr), CLFFT_INVALID_ARG_INDEX);
        REQUIRE_OK(clfftNgXtFree(d));
    }
}

BOOST_AUTO_TEST_CASE(refusals)
{
    requireDevices(3);
    Usable u;
    PlanOwner plan, other, oneD;
    createPlan(plan, u.c, CLFFT_SINGLE);
    createPlan(other, u.c, CLFFT_SINGLE);
    clfftNgXtDescriptor d = 0;
    BOOST_CHECK_EQUAL(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_INPUT, CLFFT_NG_XT_NATURAL, &d), CLFFT_INVALID_OPERATION);
    REQUIRE_OK(clfftNgSetPlanQueues(plan.h, 3, env().queues.data()));
    REQUIRE_OK(clfftNgSetPlanQueues(other.h, 3, env().queues.data()));
    BOOST_CHECK_EQUAL(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_INPUT, clfftNgXtOrder(7), &d), CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_INPUT, CLFFT_NG_XT_NATURAL, nullptr), CLFFT_INVALID_HOST_PTR);
    clfftNgXtDescriptor in = 0, out = 0, foreign = 0, freed = 0;
    REQUIRE_OK(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_INPUT, CLFFT_NG_XT_NATURAL, &in));
    REQUIRE_OK(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_OUTPUT, CLFFT_NG_XT_NATURAL, &out));
    REQUIRE_OK(clfftNgXtMalloc(other.h, CLFFT_NG_XT_OUTPUT, CLFFT_NG_XT_NATURAL, &foreign));
    REQUIRE_OK(clfftNgXtMalloc(plan.h, CLFFT_NG_XT_OUTPUT, CLFFT_NG_XT_NATURAL, &freed));
    REQUIRE_OK(clfftNgXtFree(freed));
    BOOST_CHECK_EQUAL(clfftNgXtFree(freed), CLFFT_INVALID_MEM_OBJECT);
    BOOST_CHECK_EQUAL(clfftNgXtExecDescriptor(plan.h, CLFFT_FORWARD, in, foreign, nullptr), CLFFT_INVALID_ARG_VALUE);
    BOOST_CHECK_EQUAL(clfftNgXtExecDescriptor(plan.h, CLFFT_FORWARD, in, freed, nullptr), CLFFT_INVALID_MEM_OBJECT);
    BOOST_CHECK_EQUAL(clfftNgXtExecDescriptor(plan.h, CLFFT_FORWARD, 0, out, nullptr), CLFFT_INVALID_MEM_OBJECT);
    BOOST_CHECK_EQUAL(clfftNgXtCopyHostToDescriptor(freed, u.input.a.data()), CLFFT_INVALID_MEM_OBJECT);
    BOOST_CHECK_EQUAL(clfftNgXtCopyHostToDescriptor(in, nullptr), CLFFT_INVALID_HOST_PTR);
    BOOST_CHECK_EQUAL(clfftNgXtCopyDescriptor(out, in), CLFFT_INVALID_ARG_VALUE); // not natural <-> permuted
    BOOST_CHECK_EQUAL(clfftNgXtExecDescriptor(plan.h, clfftDirection(5), in, out, nullptr), CLFFT_INVALID_ARG_VALUE);
    // The plan and its descriptors still work.
    REQUIRE_OK(clfftNgXtCopyHostToDescriptor(in, u.input.a.data()));
    REQUIRE_OK(clfftNgXtExecDescriptor(plan.h, CLFFT_FORWARD, in, out, nullptr));
    HostSide<float> result(u.c.side(false));
    REQUIRE_OK(clfftNgXtCopyDescriptorToHost(result.a.data(), out));
    checkAgainst(result, u.ref, "descriptors after refusals");
    // A setter that changes the split leaves the descriptors of the old one refused.
    const std::size_t longer[2] = {100, 98};
    REQUIRE_OK(clfftSetPlanLength(plan.h, CLFFT_2D, longer));
    BOOST_CHECK_EQUAL(clfftNgXtExecDescriptor(plan.h, CLFFT_FORWARD, in, out, nullptr), CLFFT_INVALID_OPERATION);
    REQUIRE_OK(clfftNgSetPlanQueues(plan.h, 3, env().queues.data()));
    BOOST_CHECK_EQUAL(clfftNgXtExecDescriptor(plan.h, CLFFT_FORWARD, in, out, nullptr), CLFFT_INVALID_ARG_VALUE);
    // What descriptors do not split.
    const std::size_t n16 = 16;
    REQUIRE_OK(clfftCreateDefaultPlan(&oneD.h, env().context, CLFFT_1D, &n16));
    REQUIRE_OK(clfftNgSetPlanQueues(oneD.h, 2, env().queues.data()));
    BOOST_CHECK_EQUAL(clfftNgXtMalloc(oneD.h, CLFFT_NG_XT_INPUT, CLFFT_NG_XT_NATURAL, &d), CLFFT_NOTIMPLEMENTED);
    BOOST_CHECK_EQUAL(clfftNgXtMalloc(other.h, CLFFT_NG_XT_INPUT, CLFFT_NG_XT_PERMUTED, &d), CLFFT_SUCCESS);
    REQUIRE_OK(clfftNgXtFree(d));
    Case real = make(Kind::R2C, {100, 97}, 1, false);
    PlanOwner rp;
    createPlan(rp, real, CLFFT_SINGLE);
    REQUIRE_OK(clfftNgSetPlanQueues(rp.h, 2, env().queues.data()));
    BOOST_CHECK_EQUAL(clfftNgXtMalloc(rp.h, CLFFT_NG_XT_INPUT, CLFFT_NG_XT_PERMUTED, &d), CLFFT_INVALID_ARG_VALUE);
    REQUIRE_OK(clfftNgXtFree(in));
    REQUIRE_OK(clfftNgXtFree(out));
    REQUIRE_OK(clfftNgXtFree(foreign));
}

BOOST_AUTO_TEST_SUITE_END()

// clfftBakePlan with a queue array builds every kernel the enqueue runs. Quick tier: each kind on
// one shape; the sweep tier the other six.
BOOST_TEST_DECORATOR(*boost::unit_test::label("tiered"))
BOOST_AUTO_TEST_CASE(bake_builds_everything)
{
    requireDevices(3);
    const Kind kinds[] = {Kind::C2C, Kind::R2C, Kind::C2R};
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t s = 0; s < kShapes.size(); ++s) {
            if (!clfft_test::inTier(s == (i + 1) % kShapes.size())) // one shape per kind, rotated
                continue;
            const Kind k = kinds[i];
            const auto& sh = kShapes[s];
            Case c = make(k, sh.first, sh.second, false);
            c.lengths[0] += 2; // kernels no other case built
            const HostSide<float> input = inputOf<float>(c);
            PlanOwner plan;
            createPlan(plan, c, CLFFT_SINGLE);
            REQUIRE_OK(clfftBakePlan(plan.h, 3, env().queues.data(), nullptr, nullptr));
            clfftNgCacheStats before{}, after{};
            REQUIRE_OK(clfftNgGetCacheStats(&before));
            runOnQueues<float>(c, input, 3); // a second plan of the same settings: cache hits only
            REQUIRE_OK(clfftNgGetCacheStats(&after));
            BOOST_CHECK_MESSAGE(after.sourceBuilds == before.sourceBuilds && after.binaryLoads == before.binaryLoads,
                                c.name() << ": " << after.sourceBuilds - before.sourceBuilds << " builds and "
                                         << after.binaryLoads - before.binaryLoads << " binary loads after the bake");
        }
}
