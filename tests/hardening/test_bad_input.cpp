// Bad input, table-driven (issue #9, parts 3 and 6). Complements tests/api/test_api.cpp, which
// has NULL pointers, zero sizes, small out-of-range enums, never-made/destroyed handles, missing
// buffers and in-place stride mismatches. Here: values that overflow size computations (SIZE_MAX,
// 2^63, negative numbers converted to size_t), extreme enum and int values, buffers too small for
// the plan, the same buffer as input and output of an out-of-place plan, overlapping transforms,
// and OpenCL failures (a kernel that does not compile, a temporary larger than the device allows,
// a context released by the client, no fp64). Every row checks the status, that nothing crashed
// or threw across the C boundary, and that a valid transform still works right after.
#define BOOST_TEST_MODULE clfft_hardening_bad_input
#include <boost/test/unit_test.hpp>

#include "cl_raii.h"
#include "hardening_common.h"
#include "test_env.h"

#include <climits>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace {

using clfft_test::ClEnv;
using clfft_test::ScopedBuffer;
using cfloat = std::complex<float>;

ClEnv& env() { return ClEnv::get(); }

const std::size_t kMax = SIZE_MAX;
const std::size_t kHalf = std::size_t(1) << 63;
std::size_t neg(long long v) { return static_cast<std::size_t>(v); } // negative, as C converts it

// The canary: a fresh 1D length-16 forward transform, checked against the naive DFT. Run after
// every row, so a row that corrupted library state (plan table, program cache, a kernel's
// arguments) fails here.
void checkValidTransformStillWorks()
{
    const std::size_t n[1] = {16};
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, n), CLFFT_SUCCESS);
    const std::vector<cfloat> x = hardening::signal<float>(16, 1, 3);
    cl_int err = CL_SUCCESS;
    cl_mem buf = clCreateBuffer(env().context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 16 * sizeof(cfloat),
                                const_cast<cfloat*>(x.data()), &err);
    BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
    cl_command_queue q = env().queue;
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &buf, nullptr, nullptr),
                      CLFFT_SUCCESS);
    std::vector<cfloat> y(16);
    env().read(buf, 16 * sizeof(cfloat), y.data());
    BOOST_CHECK_LT(hardening::dftError(x, y, 16, -1), 1e-5);
    clReleaseMemObject(buf);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
}

// A plan configured by a row: create + setters, all of which are expected to succeed (the
// contract rejects only zeros), then bake and enqueue, each with an expected status.
struct SizeRow {
    std::string name;
    std::vector<std::size_t> lengths;
    std::function<void(clfftPlanHandle)> set; // setters the row applies (checked to succeed)
    clfftStatus bake;                         // expected status of clfftBakePlan
    clfftStatus enqueue;                      // expected status of clfftEnqueueTransform (4 KiB buffers)
};

} // namespace

#define SET_OK(call) BOOST_CHECK_EQUAL((call), CLFFT_SUCCESS)

// Lengths, batches, strides and distances that overflow size computations, or make the data
// larger than any buffer: an error status at bake or enqueue, never a crash, a hang or a huge
// allocation.
BOOST_AUTO_TEST_CASE(sizes_that_overflow_or_do_not_fit)
{
    const clfftStatus V = CLFFT_INVALID_ARG_VALUE, S = CLFFT_SUCCESS,
                      B = CLFFT_INVALID_BUFFER_SIZE;
    auto stride1 = [](std::size_t in, std::size_t out) {
        return [=](clfftPlanHandle h) {
            std::size_t i[1] = {in}, o[1] = {out};
            SET_OK(clfftSetPlanInStride(h, CLFFT_1D, i));
            SET_OK(clfftSetPlanOutStride(h, CLFFT_1D, o));
        };
    };
    auto oop = [](clfftPlanHandle h) { SET_OK(clfftSetResultLocation(h, CLFFT_OUTOFPLACE)); };
    // The 4 GiB double plan needs a temporary of its size: whether it bakes depends on what the
    // device reports (fp64, largest allocation), never on the machine the test was written on.
    cl_device_fp_config fp64 = 0;
    cl_ulong maxAlloc = 0;
    clGetDeviceInfo(env().device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, nullptr);
    clGetDeviceInfo(env().device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxAlloc, &maxAlloc, nullptr);
    const clfftStatus bigBake = fp64 == 0 ? CLFFT_DEVICE_NO_DOUBLE : maxAlloc < (cl_ulong(1) << 32) ? B : S;
    const clfftStatus bigEnqueue = fp64 == 0 ? CLFFT_DEVICE_NO_DOUBLE : B;
    const std::vector<SizeRow> rows = {
        {"length SIZE_MAX", {kMax}, nullptr, V, V},
        {"length 2^63", {kHalf}, nullptr, V, V},
        {"length -8 as size_t", {neg(-8)}, nullptr, V, V},
        {"2D 2^32 x 2^32 (points overflow)", {std::size_t(1) << 32, std::size_t(1) << 32}, nullptr, V, V},
        {"3D 2^22 x 2^22 x 2^22 (points overflow)",
         {std::size_t(1) << 22, std::size_t(1) << 22, std::size_t(1) << 22}, nullptr, V, V},
        {"batch SIZE_MAX", {8}, [](clfftPlanHandle h) { SET_OK(clfftSetPlanBatchSize(h, kMax)); }, V, V},
        {"batch 2^61 (bytes overflow)", {8}, [](clfftPlanHandle h) { SET_OK(clfftSetPlanBatchSize(h, std::size_t(1) << 61)); }, V, V},
        {"batch -1 as size_t", {8}, [](clfftPlanHandle h) { SET_OK(clfftSetPlanBatchSize(h, neg(-1))); }, V, V},
        {"batch 2^40 (too big for the buffer)", {8}, [](clfftPlanHandle h) { SET_OK(clfftSetPlanBatchSize(h, std::size_t(1) << 40)); }, S, B},
        {"batch 1000 (too big for the buffer)", {8}, [](clfftPlanHandle h) { SET_OK(clfftSetPlanBatchSize(h, 1000)); }, S, B},
        {"stride SIZE_MAX in place", {8}, stride1(kMax, kMax), V, V},
        {"stride -1 as size_t in place", {8}, stride1(neg(-1), neg(-1)), V, V},
        {"in stride 2^62 out of place", {8}, [&](clfftPlanHandle h) { oop(h); stride1(std::size_t(1) << 62, 1)(h); }, V, V},
        {"out stride 2^40 out of place", {8}, [&](clfftPlanHandle h) { oop(h); stride1(1, std::size_t(1) << 40)(h); }, S, B},
        {"in stride 2^40 out of place", {8}, [&](clfftPlanHandle h) { oop(h); stride1(std::size_t(1) << 40, 1)(h); }, S, B},
        {"distance SIZE_MAX, batch 2", {8},
         [](clfftPlanHandle h) {
             SET_OK(clfftSetPlanBatchSize(h, 2));
             SET_OK(clfftSetPlanDistance(h, kMax, kMax));
         },
         V, V},
        {"out distance -16 as size_t, batch 2, out of place", {8},
         [&](clfftPlanHandle h) {
             oop(h);
             SET_OK(clfftSetPlanBatchSize(h, 2));
             SET_OK(clfftSetPlanDistance(h, 8, neg(-16)));
         },
         V, V},
        {"2D strides {1, 2^61}", {8, 8},
         [](clfftPlanHandle h) {
             std::size_t s[2] = {1, std::size_t(1) << 61};
             SET_OK(clfftSetPlanInStride(h, CLFFT_2D, s));
             SET_OK(clfftSetPlanOutStride(h, CLFFT_2D, s));
         },
         V, V},
        {"real 1D length SIZE_MAX out of place", {kMax},
         [&](clfftPlanHandle h) {
             oop(h);
             SET_OK(clfftSetLayout(h, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED));
         },
         V, V},
        {"double, length 2^28, out of place: 4 GiB buffers", {std::size_t(1) << 28},
         [&](clfftPlanHandle h) {
             oop(h);
             SET_OK(clfftSetPlanPrecision(h, CLFFT_DOUBLE));
         },
         bigBake, bigEnqueue},
    };
    cl_command_queue q = env().queue;
    for (const SizeRow& row : rows) {
        BOOST_TEST_CONTEXT(row.name)
        {
            clfftPlanHandle h = 0;
            BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, static_cast<clfftDim>(row.lengths.size()),
                                                       row.lengths.data()),
                                CLFFT_SUCCESS);
            if (row.set)
                row.set(h);
            const clfftStatus baked = clfftBakePlan(h, 1, &q, nullptr, nullptr);
            BOOST_CHECK_EQUAL(baked, row.bake);
            std::size_t tmp = 0;
            if (baked == CLFFT_SUCCESS) {
                BOOST_CHECK_EQUAL(clfftGetTmpBufSize(h, &tmp), CLFFT_SUCCESS);
                BOOST_TEST_MESSAGE(row.name << ": temporary buffer " << tmp << " bytes");
            }
            ScopedBuffer in(4096), out(4096);
            cl_event ev = nullptr;
            BOOST_CHECK_EQUAL(
                clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, &ev, &in.mem, &out.mem, nullptr),
                row.enqueue);
            BOOST_CHECK(ev == nullptr);
            // The plan itself is not corrupted: back to sane values, it computes.
            if (row.lengths.size() == 1) {
                std::size_t n[1] = {8}, one[1] = {1};
                SET_OK(clfftSetPlanLength(h, CLFFT_1D, n));
                SET_OK(clfftSetPlanInStride(h, CLFFT_1D, one));
                SET_OK(clfftSetPlanOutStride(h, CLFFT_1D, one));
                SET_OK(clfftSetPlanBatchSize(h, 1));
                SET_OK(clfftSetPlanDistance(h, 0, 0));
                SET_OK(clfftSetPlanPrecision(h, CLFFT_SINGLE));
                SET_OK(clfftSetLayout(h, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED));
                BOOST_CHECK_EQUAL(
                    clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &in.mem, &out.mem, nullptr),
                    CLFFT_SUCCESS);
                clFinish(q);
            }
            BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
        }
        checkValidTransformStillWorks();
    }
}

// Length 2^40 fits size_t but no plan: the kernels index stage twiddles with 32-bit exponents,
// so transforms are limited to 2^32 points and the planner says CLFFT_NOTIMPLEMENTED.
BOOST_AUTO_TEST_CASE(length_2_to_40_is_not_implemented)
{
    const std::size_t n[1] = {std::size_t(1) << 40};
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, n), CLFFT_SUCCESS);
    cl_command_queue q = env().queue;
    BOOST_CHECK_EQUAL(clfftBakePlan(h, 1, &q, nullptr, nullptr), CLFFT_NOTIMPLEMENTED);
    ScopedBuffer b(4096);
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &b.mem, nullptr, nullptr),
                      CLFFT_NOTIMPLEMENTED);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
    checkValidTransformStillWorks();
}

// A client temporary buffer smaller than clfftGetTmpBufSize, and buffers a few bytes short.
BOOST_AUTO_TEST_CASE(buffers_too_small)
{
    cl_command_queue q = env().queue;
    const std::size_t n[1] = {64};
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, n), CLFFT_SUCCESS);
    SET_OK(clfftSetResultLocation(h, CLFFT_OUTOFPLACE));
    SET_OK(clfftSetPlanBatchSize(h, 2));
    const std::size_t exact = 2 * 64 * sizeof(cfloat);
    ScopedBuffer ok(exact), ok2(exact), shortBy8(exact - 8), shortPlanar(exact / 2 - 4);
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &shortBy8.mem, &ok.mem,
                                            nullptr),
                      CLFFT_INVALID_BUFFER_SIZE);
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &ok.mem, &shortBy8.mem,
                                            nullptr),
                      CLFFT_INVALID_BUFFER_SIZE);
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &ok.mem, &ok2.mem, nullptr),
                      CLFFT_SUCCESS);
    // Planar: each of the two buffers must hold the reals (or imaginary parts) of every point.
    SET_OK(clfftSetLayout(h, CLFFT_COMPLEX_PLANAR, CLFFT_COMPLEX_INTERLEAVED));
    ScopedBuffer re(exact / 2), im(exact / 2);
    cl_mem planarOk[2] = {re.mem, im.mem}, planarShort[2] = {re.mem, shortPlanar.mem};
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, planarShort, &ok.mem,
                                            nullptr),
                      CLFFT_INVALID_BUFFER_SIZE);
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, planarOk, &ok.mem, nullptr),
                      CLFFT_SUCCESS);
    clFinish(q);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);

    // A plan with a temporary buffer (2D complex-to-real out of place), given one too small.
    const std::size_t n2[2] = {8, 8};
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_2D, n2), CLFFT_SUCCESS);
    SET_OK(clfftSetLayout(h, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL));
    SET_OK(clfftSetResultLocation(h, CLFFT_OUTOFPLACE));
    if (clfftBakePlan(h, 1, &q, nullptr, nullptr) == CLFFT_SUCCESS) {
        std::size_t tmp = 0;
        SET_OK(clfftGetTmpBufSize(h, &tmp));
        if (tmp > 0) {
            ScopedBuffer in(4096), out(4096), small(tmp / 2), big(tmp);
            BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_BACKWARD, 1, &q, 0, nullptr, nullptr, &in.mem, &out.mem,
                                                    small.mem),
                              CLFFT_INVALID_BUFFER_SIZE);
            BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_BACKWARD, 1, &q, 0, nullptr, nullptr, &in.mem, &out.mem,
                                                    big.mem),
                              CLFFT_SUCCESS);
            clFinish(q);
        }
    }
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
    checkValidTransformStillWorks();
}

// Extreme values of the int and enum arguments (test_api has -1, 0, 99, END*).
BOOST_AUTO_TEST_CASE(extreme_int_and_enum_values)
{
    const std::size_t n[2] = {8, 4};
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_2D, n), CLFFT_SUCCESS);
    const clfftStatus V = CLFFT_INVALID_ARG_VALUE;
    const char* text = "float2 f(__global void* in, uint off, __global void* ud) { return 0; }";
    for (int v : {INT_MIN, INT_MAX, INT_MIN + 1}) {
        BOOST_TEST_CONTEXT("value " << v)
        {
            // clFFT 2.12's statuses: a dim outside 1D..3D and a layout below the first value are
            // CLFFT_NOTIMPLEMENTED; a layout at or past ENDLAYOUT, CLFFT_INVALID_ARG_VALUE; a scale
            // direction below ENDDIRECTION names the backward scale.
            const clfftStatus N = CLFFT_NOTIMPLEMENTED;
            std::size_t arr[3] = {8, 4, 2};
            BOOST_CHECK_EQUAL(clfftCreateDefaultPlan(&h, env().context, static_cast<clfftDim>(v), arr), N);
            BOOST_CHECK_EQUAL(clfftSetPlanDim(h, static_cast<clfftDim>(v)), N);
            BOOST_CHECK_EQUAL(clfftSetPlanLength(h, static_cast<clfftDim>(v), arr), N);
            BOOST_CHECK_EQUAL(clfftGetPlanInStride(h, static_cast<clfftDim>(v), arr), N);
            BOOST_CHECK_EQUAL(clfftSetPlanPrecision(h, static_cast<clfftPrecision>(v)), V);
            BOOST_CHECK_EQUAL(clfftSetLayout(h, static_cast<clfftLayout>(v), CLFFT_COMPLEX_INTERLEAVED), v > 0 ? V : N);
            BOOST_CHECK_EQUAL(clfftSetResultLocation(h, static_cast<clfftResultLocation>(v)), V);
            BOOST_CHECK_EQUAL(clfftSetPlanTransposeResult(h, static_cast<clfftResultTransposed>(v)), V);
            BOOST_CHECK_EQUAL(clfftSetPlanScale(h, static_cast<clfftDirection>(v), 1.0f),
                              v > 0 ? V : CLFFT_SUCCESS);
            BOOST_CHECK_EQUAL(clfftSetPlanCallback(h, "f", text, 0, static_cast<clfftCallbackType>(v), nullptr, 0), V);
            cl_command_queue q = env().queue;
            ScopedBuffer b(4096);
            BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, static_cast<clfftDirection>(v), 1, &q, 0, nullptr, nullptr,
                                                    &b.mem, nullptr, nullptr),
                              V);
        }
    }
    // Negative ints of the callback: local memory size and userdata count.
    BOOST_CHECK_EQUAL(clfftSetPlanCallback(h, "f", text, INT_MIN, PRECALLBACK, nullptr, 0), CLFFT_SUCCESS); // none, as clFFT
    BOOST_CHECK_EQUAL(clfftSetPlanCallback(h, "f", text, 0, PRECALLBACK, nullptr, INT_MIN), V);
    // A userdata count larger than zero with no array.
    BOOST_CHECK_EQUAL(clfftSetPlanCallback(h, "f", text, 0, PRECALLBACK, nullptr, 3), CLFFT_INVALID_HOST_PTR);
    // Finite extremes of the scale are accepted.
    BOOST_CHECK_EQUAL(clfftSetPlanScale(h, CLFFT_FORWARD, 3.4e38f), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftSetPlanScale(h, CLFFT_BACKWARD, 1e-45f), CLFFT_SUCCESS);
    // Setup data with any version fields is accepted, as by clFFT 2.12.
    clfftSetupData setup;
    BOOST_CHECK_EQUAL(clfftInitSetupData(&setup), CLFFT_SUCCESS);
    setup.major = UINT_MAX;
    BOOST_CHECK_EQUAL(clfftSetup(&setup), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
    // Handles that were never made, at the edges of the range.
    for (clfftPlanHandle bad : {clfftPlanHandle(SIZE_MAX), clfftPlanHandle(SIZE_MAX / 2 + 1), clfftPlanHandle(h + 1000)}) {
        std::size_t bs = 0;
        BOOST_CHECK_EQUAL(clfftGetPlanBatchSize(bad, &bs), CLFFT_INVALID_PLAN);
        clfftPlanHandle victim = bad;
        BOOST_CHECK_EQUAL(clfftDestroyPlan(&victim), CLFFT_INVALID_PLAN);
    }
    checkValidTransformStillWorks();
}

// The same cl_mem as input and output of an out-of-place plan computes the out-of-place result,
// as in clFFT 2.12 (docs/api-contract.md; tests/compat/test_aliasing.cpp covers every layout). Outputs that overlap each other through
// strides and distances are the client's choice (undefined results, as in FFTW): the test
// records what happens and requires no crash and a working library afterwards.
BOOST_AUTO_TEST_CASE(aliased_and_overlapping_buffers)
{
    cl_command_queue q = env().queue;
    for (std::size_t len : {16u, 64u}) {
        for (std::size_t dims : {1u, 2u}) {
            std::vector<std::size_t> n(dims, len);
            const std::size_t points = dims == 1 ? len : len * len;
            clfftPlanHandle h = 0;
            BOOST_REQUIRE_EQUAL(
                clfftCreateDefaultPlan(&h, env().context, static_cast<clfftDim>(dims), n.data()), CLFFT_SUCCESS);
            SET_OK(clfftSetResultLocation(h, CLFFT_OUTOFPLACE));
            const std::vector<cfloat> x = hardening::signal<float>(points, 1, 7);
            cl_int err = CL_SUCCESS;
            cl_mem buf = clCreateBuffer(env().context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                        points * sizeof(cfloat), const_cast<cfloat*>(x.data()), &err);
            BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
            // The same cl_mem as both sides of an out-of-place plan: the transform of x.
            cl_event ev = nullptr;
            const clfftStatus st =
                clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, &ev, &buf, &buf, nullptr);
            BOOST_CHECK_EQUAL(st, CLFFT_SUCCESS);
            BOOST_REQUIRE(ev != nullptr);
            clWaitForEvents(1, &ev);
            clReleaseEvent(ev);
            std::vector<cfloat> y(points);
            BOOST_REQUIRE_EQUAL(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, points * sizeof(cfloat), y.data(), 0, nullptr,
                                                    nullptr),
                                CL_SUCCESS);
            if (dims == 1)
                BOOST_TEST(hardening::dftError(x, y, len, -1) < 1e-5);
            checkValidTransformStillWorks();
            clReleaseMemObject(buf);
            BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
        }
    }
    // Batch 4 of length 16 out of place with output distance 8: outputs overlap each other.
    {
        const std::size_t n[1] = {16};
        clfftPlanHandle h = 0;
        BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, n), CLFFT_SUCCESS);
        SET_OK(clfftSetResultLocation(h, CLFFT_OUTOFPLACE));
        SET_OK(clfftSetPlanBatchSize(h, 4));
        SET_OK(clfftSetPlanDistance(h, 16, 8));
        ScopedBuffer in(64 * sizeof(cfloat)), out(64 * sizeof(cfloat));
        const clfftStatus st =
            clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &in.mem, &out.mem, nullptr);
        BOOST_TEST_MESSAGE("overlapping outputs (distance 8 < length 16): " << hardening::statusName(st));
        clFinish(q);
        BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
    }
    // In place with a distance shorter than a transform: transforms overlap in the buffer.
    {
        const std::size_t n[1] = {16};
        clfftPlanHandle h = 0;
        BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, n), CLFFT_SUCCESS);
        SET_OK(clfftSetPlanBatchSize(h, 4));
        SET_OK(clfftSetPlanDistance(h, 4, 4));
        ScopedBuffer b(64 * sizeof(cfloat));
        const clfftStatus st = clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &b.mem, nullptr, nullptr);
        BOOST_TEST_MESSAGE("in place, overlapping transforms (distance 4 < length 16): " << hardening::statusName(st));
        clFinish(q);
        BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
    }
    checkValidTransformStillWorks();
}

// A callback that does not compile: CLFFT_BUILD_PROGRAM_FAILURE at bake and at enqueue, the plan
// stays usable (a corrected callback then works), and other plans are unaffected.
BOOST_AUTO_TEST_CASE(kernel_build_failure)
{
    cl_command_queue q = env().queue;
    const std::size_t n[1] = {16};
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, n), CLFFT_SUCCESS);
    SET_OK(clfftSetPlanCallback(h, "broken", "float2 broken(__global void* in, uint off, __global void* ud) { return ; }",
                                0, PRECALLBACK, nullptr, 0));
    BOOST_CHECK_EQUAL(clfftBakePlan(h, 1, &q, nullptr, nullptr), CLFFT_BUILD_PROGRAM_FAILURE);
    ScopedBuffer b(16 * sizeof(cfloat));
    cl_event ev = nullptr;
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, &ev, &b.mem, nullptr, nullptr),
                      CLFFT_BUILD_PROGRAM_FAILURE);
    BOOST_CHECK(ev == nullptr);
    std::size_t tmp = 0;
    BOOST_CHECK_EQUAL(clfftGetTmpBufSize(h, &tmp), CLFFT_INVALID_OPERATION); // not baked
    // The same broken text again (the cache must not hand out a failed build as built).
    BOOST_CHECK_EQUAL(clfftBakePlan(h, 1, &q, nullptr, nullptr), CLFFT_BUILD_PROGRAM_FAILURE);
    SET_OK(clfftSetPlanCallback(h, "fixed",
                                "float2 fixed(__global void* in, uint off, __global void* ud) "
                                "{ return ((__global float2*)in)[off]; }",
                                0, PRECALLBACK, nullptr, 0));
    BOOST_CHECK_EQUAL(clfftBakePlan(h, 1, &q, nullptr, nullptr), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
    checkValidTransformStillWorks();
}

// fp64: the status follows the device's CL_DEVICE_DOUBLE_FP_CONFIG either way. PoCL has fp64;
// the fakedevice_bad_input test (device_limits_shim, fp64=0) checks the refusal.
BOOST_AUTO_TEST_CASE(double_precision_follows_the_device)
{
    cl_command_queue q = env().queue;
    const std::size_t n[1] = {16};
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, n), CLFFT_SUCCESS);
    SET_OK(clfftSetPlanPrecision(h, CLFFT_DOUBLE));
    BOOST_CHECK_EQUAL(clfftBakePlan(h, 1, &q, nullptr, nullptr),
                      env().hasDouble ? CLFFT_SUCCESS : CLFFT_DEVICE_NO_DOUBLE);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
}

// The client releases its context and queue while a plan made on them is alive: the plan holds
// its own reference to the context, so it still bakes and computes on a new queue of it, and
// destroying the plan then frees the context (no crash, nothing used after free).
BOOST_AUTO_TEST_CASE(context_released_by_the_client_while_a_plan_lives)
{
    cl_int err = CL_SUCCESS;
    cl_context ctx = clCreateContext(nullptr, 1, &env().device, nullptr, nullptr, &err);
    BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
    const std::size_t n[1] = {16};
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, ctx, CLFFT_1D, n), CLFFT_SUCCESS);
    cl_context got = nullptr;
    BOOST_CHECK_EQUAL(clfftGetPlanContext(h, &got), CLFFT_SUCCESS);
    BOOST_CHECK(got == ctx);
    cl_command_queue q = clCreateCommandQueue(ctx, env().device, 0, &err);
    BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
    const std::vector<cfloat> x = hardening::signal<float>(16, 1, 5);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 16 * sizeof(cfloat),
                              const_cast<cfloat*>(x.data()), &err);
    BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
    BOOST_CHECK_EQUAL(clReleaseContext(ctx), CL_SUCCESS); // the client's reference is gone
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &b, nullptr, nullptr),
                      CLFFT_SUCCESS);
    std::vector<cfloat> y(16);
    BOOST_CHECK_EQUAL(clEnqueueReadBuffer(q, b, CL_TRUE, 0, 16 * sizeof(cfloat), y.data(), 0, nullptr, nullptr),
                      CL_SUCCESS);
    BOOST_CHECK_LT(hardening::dftError(x, y, 16, -1), 1e-5);
    clReleaseMemObject(b);
    clReleaseCommandQueue(q);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
    checkValidTransformStillWorks();
}

// Teardown with plans alive, then every old handle is invalid and the library works again.
BOOST_AUTO_TEST_CASE(zz_teardown_with_live_plans)
{
    const std::size_t n[1] = {16};
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, CLFFT_1D, n), CLFFT_SUCCESS);
    cl_command_queue q = env().queue;
    BOOST_CHECK_EQUAL(clfftBakePlan(h, 1, &q, nullptr, nullptr), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftTeardown(), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftTeardown(), CLFFT_SUCCESS);
    ScopedBuffer b(16 * sizeof(cfloat));
    BOOST_CHECK_EQUAL(clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &b.mem, nullptr, nullptr),
                      CLFFT_INVALID_PLAN);
    BOOST_CHECK_EQUAL(clfftDestroyPlan(&h), CLFFT_INVALID_PLAN);
    clfftSetupData setup;
    clfftInitSetupData(&setup);
    BOOST_CHECK_EQUAL(clfftSetup(&setup), CLFFT_SUCCESS);
    checkValidTransformStillWorks();
}
