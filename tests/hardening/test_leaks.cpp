// Leak tests (issue #9, part 2). Runs create / set / bake / enqueue / copy / destroy / teardown
// over plans of several kinds, including failing paths (a callback that does not compile, a
// buffer too small, an invalid setting), twice (the library is set up again after a teardown),
// and checks:
//  - with cl_count_shim preloaded (CTest does that): every reference to an OpenCL object that
//    libclFFT took (clCreate*, clRetain*, enqueues that return events) it gave back
//    (clRelease*) by the end of clfftTeardown, except the events it handed to the client
//    through outEvents, which the client releases;
//  - the reference counts of the client's context, queue and userdata buffer are back where
//    they started;
//  - under valgrind or LeakSanitizer: no bytes definitely lost from our code (see
//    docs/hardening.md; the ASan build in .ci/run runs this program with leak detection on).
// Without the shim, the reference-count checks still run and the shim checks are skipped.
#define BOOST_TEST_MODULE clfft_hardening_leaks
#include <boost/test/unit_test.hpp>

#include "hardening_common.h"

#include <clFFT.h>

#include <dlfcn.h>

#include <complex>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using LeakCounter = long (*)(int type, int kind);

const char* const kTypes[] = {"context", "command queue", "mem object", "program", "kernel", "event"};
enum { kEvent = 5 };

LeakCounter shim()
{
    return reinterpret_cast<LeakCounter>(dlsym(RTLD_DEFAULT, "clcount_get"));
}

// References libclFFT holds on objects of `type` (created + retained - released).
long held(LeakCounter c, int type) { return c(type, 0) + c(type, 1) - c(type, 2); }

// This test makes its own OpenCL objects (not ClEnv) so that it controls their lifetime.
using hardening::ContextAndQueue;

cl_uint refCount(cl_context c)
{
    cl_uint n = 0;
    clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof n, &n, nullptr);
    return n;
}
cl_uint refCount(cl_command_queue q)
{
    cl_uint n = 0;
    clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof n, &n, nullptr);
    return n;
}
cl_uint refCount(cl_mem m)
{
    cl_uint n = 0;
    clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof n, &n, nullptr);
    return n;
}

// Events libclFFT returned through outEvents (the client, this test, released each one).
long handedEvents = 0;

#define OK(call) BOOST_CHECK_EQUAL(int(call), int(CLFFT_SUCCESS))

// One round of everything.
void oneRound(const ContextAndQueue& cl, cl_mem userdata)
{
    clfftSetupData setup;
    OK(clfftInitSetupData(&setup));
    OK(clfftSetup(&setup));
    cl_command_queue q = cl.queue;
    const std::size_t bytes = 2 * 64 * 64 * sizeof(double) * 2;
    cl_mem a = cl.buffer(bytes), b = cl.buffer(bytes), c = cl.buffer(bytes), d = cl.buffer(bytes);
    cl_mem tiny = cl.buffer(16);

    std::vector<clfftPlanHandle> keep; // left alive for clfftTeardown to destroy
    auto enqueue = [&](clfftPlanHandle h, cl_mem* in, cl_mem* out, bool wantEvent) {
        cl_event ev = nullptr;
        const clfftStatus st =
            clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, wantEvent ? &ev : nullptr, in, out, nullptr);
        if (ev) {
            ++handedEvents;
            clWaitForEvents(1, &ev);
            clReleaseEvent(ev);
        }
        return st;
    };

    // 1D single in place, baked explicitly, enqueued with and without an event, destroyed.
    {
        clfftPlanHandle h = 0;
        const std::size_t n[1] = {16};
        OK(clfftCreateDefaultPlan(&h, cl.context, CLFFT_1D, n));
        OK(clfftBakePlan(h, 1, &q, nullptr, nullptr));
        OK(enqueue(h, &a, nullptr, true));
        OK(enqueue(h, &a, nullptr, false));
        // Failing paths: buffer too small, then an invalid setting at bake.
        BOOST_CHECK_EQUAL(int(enqueue(h, &tiny, nullptr, true)), int(CLFFT_INVALID_BUFFER_SIZE));
        clfftPlanHandle copy = 0;
        OK(clfftCopyPlan(&copy, cl.context, h));
        keep.push_back(copy);
        OK(clfftDestroyPlan(&h));
    }
    // 2D double (if any) out of place planar, batch 3, implicit bake; kept for teardown.
    {
        clfftPlanHandle h = 0;
        const std::size_t n[2] = {8, 16};
        OK(clfftCreateDefaultPlan(&h, cl.context, CLFFT_2D, n));
        OK(clfftSetPlanPrecision(h, cl.hasDouble ? CLFFT_DOUBLE : CLFFT_SINGLE));
        OK(clfftSetLayout(h, CLFFT_COMPLEX_PLANAR, CLFFT_COMPLEX_PLANAR));
        OK(clfftSetResultLocation(h, CLFFT_OUTOFPLACE));
        OK(clfftSetPlanBatchSize(h, 3));
        cl_mem in[2] = {a, b}, out[2] = {c, d};
        OK(enqueue(h, in, out, true));
        keep.push_back(h);
    }
    // 2D complex-to-real out of place: a plan with a temporary buffer.
    {
        clfftPlanHandle h = 0;
        const std::size_t n[2] = {8, 8};
        OK(clfftCreateDefaultPlan(&h, cl.context, CLFFT_2D, n));
        OK(clfftSetLayout(h, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL));
        OK(clfftSetResultLocation(h, CLFFT_OUTOFPLACE));
        const clfftStatus st = enqueue(h, &a, &b, true);
        BOOST_CHECK(st == CLFFT_SUCCESS || st == CLFFT_NOTIMPLEMENTED);
        std::size_t tmp = 0;
        if (st == CLFFT_SUCCESS)
            OK(clfftGetTmpBufSize(h, &tmp));
        BOOST_TEST_MESSAGE("C2R 8x8 out of place: " << hardening::statusName(st) << ", tmp " << tmp << " bytes");
        keep.push_back(h);
    }
    // A callback with a userdata buffer (retained by the plan), kept for teardown; and one that
    // does not compile, destroyed.
    {
        clfftPlanHandle h = 0;
        const std::size_t n[1] = {32};
        OK(clfftCreateDefaultPlan(&h, cl.context, CLFFT_1D, n));
        const char* pre = "float2 scaleIn(__global void* in, uint off, __global void* ud)\n"
                          "{ return ((__global float2*)in)[off] * ((__global float*)ud)[0]; }\n";
        OK(clfftSetPlanCallback(h, "scaleIn", pre, 0, PRECALLBACK, &userdata, 1));
        const clfftStatus st = enqueue(h, &a, nullptr, true);
        BOOST_CHECK(st == CLFFT_SUCCESS || st == CLFFT_NOTIMPLEMENTED);
        keep.push_back(h);

        clfftPlanHandle broken = 0;
        OK(clfftCreateDefaultPlan(&broken, cl.context, CLFFT_1D, n));
        OK(clfftSetPlanCallback(broken, "nope", "this is not OpenCL C", 0, POSTCALLBACK, &userdata, 1));
        BOOST_CHECK_EQUAL(int(clfftBakePlan(broken, 1, &q, nullptr, nullptr)), int(CLFFT_BUILD_PROGRAM_FAILURE));
        OK(clfftDestroyPlan(&broken));
    }
    // A setting that fails at bake, kept.
    {
        clfftPlanHandle h = 0;
        const std::size_t n[1] = {8};
        OK(clfftCreateDefaultPlan(&h, cl.context, CLFFT_1D, n));
        OK(clfftSetPlanBatchSize(h, ~std::size_t(0)));
        BOOST_CHECK_EQUAL(int(clfftBakePlan(h, 1, &q, nullptr, nullptr)), int(CLFFT_INVALID_ARG_VALUE));
        keep.push_back(h);
    }
    clFinish(q);
    OK(clfftTeardown());
    for (cl_mem m : {a, b, c, d, tiny})
        clReleaseMemObject(m);
}

} // namespace

BOOST_AUTO_TEST_CASE(every_reference_is_given_back_at_teardown)
{
    LeakCounter counter = shim();
    if (!counter)
        BOOST_TEST_MESSAGE("cl_count_shim is not preloaded: only reference counts are checked");
    ContextAndQueue cl;
    cl_int err = CL_SUCCESS;
    cl_mem userdata = clCreateBuffer(cl.context, CL_MEM_READ_ONLY, 64 * sizeof(float), nullptr, &err);
    BOOST_REQUIRE_EQUAL(err, CL_SUCCESS);
    const float one[1] = {1.0f};
    clEnqueueWriteBuffer(cl.queue, userdata, CL_TRUE, 0, sizeof one, one, 0, nullptr, nullptr);
    const cl_uint ctx0 = refCount(cl.context), q0 = refCount(cl.queue), ud0 = refCount(userdata);

    for (int round = 0; round < 2; ++round) {
        BOOST_TEST_CONTEXT("round " << round)
        {
            std::vector<long> before(6, 0);
            if (counter)
                for (int t = 0; t < 6; ++t)
                    before[t] = held(counter, t);
            oneRound(cl, userdata);
            if (counter) {
                for (int t = 0; t < 6; ++t) {
                    BOOST_TEST_MESSAGE(kTypes[t] << ": created " << counter(t, 0) << ", retained " << counter(t, 1)
                                                 << ", released " << counter(t, 2));
                    // Events the library returned through outEvents were released by the
                    // client (this test); all of them were requested by enqueue() above.
                    if (t == kEvent)
                        continue;
                    BOOST_TEST_CONTEXT(kTypes[t]) BOOST_TEST(held(counter, t) == before[t]);
                }
                BOOST_TEST(counter(0, 0) == 0); // the library never makes contexts or queues
                BOOST_TEST(counter(1, 0) == 0);
                BOOST_TEST(counter(3, 0) > 0); // it did build programs (the shim works)
            }
            BOOST_TEST(refCount(cl.context) == ctx0);
            BOOST_TEST(refCount(cl.queue) == q0);
            BOOST_TEST(refCount(userdata) == ud0);
        }
    }
    if (counter) {
        // Every event the library made it released, except those it handed to the client.
        BOOST_TEST_MESSAGE("events handed to the client: " << handedEvents);
        BOOST_TEST(held(counter, kEvent) == handedEvents);
    }
    clReleaseMemObject(userdata);
}
