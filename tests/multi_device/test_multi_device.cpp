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
#include "host_sides.h"

#include <cmath>
#include <cstring>
#include <string>
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
HostSide<T> runOnQueues(const Case& c, const HostSide<T>& input, std::size_t n, bool bakeFirst = true)
{
    PlanOwner plan;
    createPlan(plan, c, precisionOf<T>());
    std::vector<cl_command_queue> queues(env().queues.begin(), env().queues.begin() + long(n));
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
        cl_mem m = bufs.add(bytes);
        BOOST_REQUIRE_EQUAL(clEnqueueWriteBuffer(queues[0], m, CL_TRUE, 0, input.array(k).size() * sizeof(T),
                                                 input.array(k).data(), 0, nullptr, nullptr),
                            CL_SUCCESS);
        in.push_back(m);
    }
    if (!c.inPlace)
        for (std::size_t k = 0; k < out.arrays(); ++k) {
            cl_mem m = bufs.add(out.array(k).size() * sizeof(T));
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

BOOST_AUTO_TEST_CASE(c2c_single)
{
    for (const auto& sh : kShapes)
        for (bool ip : {false, true})
            checkCase<float>(make(Kind::C2C, sh.first, sh.second, ip));
}

BOOST_AUTO_TEST_CASE(r2c_single)
{
    for (const auto& sh : kShapes)
        for (bool ip : {false, true})
            checkCase<float>(make(Kind::R2C, sh.first, sh.second, ip));
}

BOOST_AUTO_TEST_CASE(c2r_single)
{
    for (const auto& sh : kShapes)
        for (bool ip : {false, true})
            checkCase<float>(make(Kind::C2R, sh.first, sh.second, ip));
}

BOOST_AUTO_TEST_CASE(every_kind_double)
{
    for (Kind k : {Kind::C2C, Kind::R2C, Kind::C2R})
        for (const auto& sh : kShapes)
            checkCase<double>(make(k, sh.first, sh.second, k == Kind::C2C), {1, 3});
}

BOOST_AUTO_TEST_CASE(c2c_backward_planar)
{
    Case c = make(Kind::C2C, {100, 97}, 1, false);
    c.dir = CLFFT_BACKWARD;
    c.complexLayout = CLFFT_COMPLEX_PLANAR;
    checkCase<float>(c);
    c = make(Kind::C2C, {16}, 7, true);
    c.complexLayout = CLFFT_COMPLEX_PLANAR;
    checkCase<float>(c, {1, 3});
    c = make(Kind::R2C, {30, 20, 10}, 1, false);
    c.complexLayout = CLFFT_COMPLEX_PLANAR;
    checkCase<float>(c, {1, 2});
    c = make(Kind::C2R, {100, 97}, 1, false);
    c.complexLayout = CLFFT_COMPLEX_PLANAR;
    checkCase<float>(c, {1, 3});
}

// Padded rows and slices, and batches that do not start on aligned addresses (library copies).
BOOST_AUTO_TEST_CASE(strides)
{
    Case c = make(Kind::C2C, {100, 97}, 1, false);
    c.inStrides = {1, 103};
    c.inDist = 103 * 97;
    c.outStrides = {2, 210};
    c.outDist = 210 * 97;
    checkCase<float>(c);
    c = make(Kind::C2C, {30, 20, 10}, 1, false);
    c.inStrides = {1, 31, 31 * 21};
    c.inDist = 31 * 21 * 10;
    c.outStrides = {1, 30, 600};
    c.outDist = 6000;
    checkCase<float>(c, {1, 3});
    c = make(Kind::C2C, {15}, 7, false); // 15 * 8 bytes: batch starts off the alignment
    c.inStrides = {1};
    c.inDist = 17;
    c.outStrides = {1};
    c.outDist = 15;
    checkCase<float>(c);
    c = make(Kind::R2C, {100, 97}, 1, false);
    c.inStrides = {1, 104};
    c.inDist = 104 * 97;
    c.outStrides = {1, 53};
    c.outDist = 53 * 97;
    checkCase<float>(c, {1, 2});
    c = make(Kind::C2R, {30, 20, 10}, 1, false);
    c.inStrides = {1, 17, 17 * 20};
    c.inDist = 17 * 200;
    c.outStrides = {1, 31, 31 * 21};
    c.outDist = 31 * 21 * 10;
    checkCase<float>(c, {1, 3});
}

BOOST_AUTO_TEST_CASE(callbacks)
{
    for (Kind k : {Kind::C2C})
        for (const auto& sh : kShapes) {
            Case c = make(k, sh.first, sh.second, false);
            c.callback = true;
            checkCase<float>(c, {1, 3});
        }
}

BOOST_AUTO_TEST_SUITE_END()
