// API fuzzer (issue #9, part 4): each input is a program of random clFFT API calls on a few
// plan slots, with small lengths (so PoCL builds few, cheap kernels), good and bad values, and
// a pool of device buffers of several sizes. The harness aborts when the library misbehaves:
// CLFFT_BUGCHECK (an internal exception), an enqueue that reports success but whose work fails,
// or a status outside the clFFT set. Crashes, hangs, leaks and sanitizer reports are found by
// the build around it.
//
// Two builds of the same harness (tests/hardening/hardening.cmake):
//  - fuzz_api: libFuzzer (clang, -DCLFFT_FUZZ=ON); scripts/fuzz.sh runs it.
//  - test_fuzz_driver: any compiler; main() feeds inputs from a seeded generator
//    (FUZZ_DRIVER_RUNS inputs, seed FUZZ_DRIVER_SEED), registered as a CTest test.
#include "hardening_common.h"

#include <clFFT.h>

#include "cl_device_select.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

struct Device {
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_context otherContext = nullptr;
    cl_command_queue queue = nullptr;
    cl_command_queue otherQueue = nullptr;
    std::vector<cl_mem> buffers; // sizes below

    Device()
    {
        setenv("CLFFT_QUIET", "1", 0); // broken callbacks would print compiler logs
        // The test device (CLFFT_TEST_DEVICE, else the default one), as every test program.
        cl_platform_id platform = nullptr;
        char why[512] = {0};
        if (clfft_select_device(&platform, &device, nullptr, nullptr, why, sizeof why) != 0) {
            std::fprintf(stderr, "fuzz_api: %s\n", why);
            std::abort();
        }
        cl_int err = CL_SUCCESS;
        context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        otherContext = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        queue = clCreateCommandQueue(context, device, 0, &err);
        otherQueue = clCreateCommandQueue(otherContext, device, 0, &err);
        for (std::size_t bytes : {std::size_t(8), std::size_t(512), std::size_t(8192), std::size_t(65536),
                                  std::size_t(65536)}) {
            std::vector<unsigned char> init(bytes, 0);
            buffers.push_back(
                clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, init.data(), &err));
        }
    }
    // Never destroyed: libFuzzer exits without running static destructors reliably.
    static Device& get()
    {
        static Device* d = new Device();
        return *d;
    }
};

// Reads the input as a stream of bytes; zeros once it runs out.
class Input {
public:
    Input(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}
    bool done() const { return p_ >= end_; }
    std::uint8_t byte() { return p_ < end_ ? *p_++ : 0; }
    template <typename T>
    T pick(std::initializer_list<T> values)
    {
        return *(values.begin() + byte() % values.size());
    }
    // Mostly valid values (so that plans get baked and run), sometimes bad ones.
    int anyInt()
    {
        const std::uint8_t b = byte();
        if (b < 192)
            return 1 + b % 3;
        return pick<int>({0, 4, 5, 6, -1, 99, INT32_MIN, INT32_MAX});
    }
    std::size_t length()
    {
        const std::uint8_t b = byte();
        if (b < 224)
            return pick<std::size_t>({1, 2, 3, 4, 5, 8, 16, 7, 12, 6});
        return pick<std::size_t>({0, SIZE_MAX, std::size_t(1) << 62, 4096, 17});
    }
    std::size_t count()
    {
        const std::uint8_t b = byte();
        if (b < 200)
            return 1 + b % 4;
        return pick<std::size_t>({0, 16, 100000, SIZE_MAX, std::size_t(1) << 61});
    }

private:
    const std::uint8_t* p_;
    const std::uint8_t* end_;
};

// Calls and successful bakes / enqueues, reported by the driver (is the harness reaching kernels?).
long calls = 0, bakes = 0, enqueues = 0;

void fail(const char* what, int status)
{
    std::fprintf(stderr, "fuzz_api: %s returned %s (%d)\n", what, hardening::statusName(status), status);
    std::abort();
}

// A status the library may return: one of clFFT's codes, never CLFFT_BUGCHECK.
void checkStatus(const char* what, clfftStatus st)
{
    const int s = static_cast<int>(st);
    const bool known = (s <= 0 && s >= -70) || (s >= CLFFT_BUGCHECK && s <= CLFFT_ENDSTATUS);
    if (!known || st == CLFFT_BUGCHECK)
        fail(what, s);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    Device& dev = Device::get();
    Input in(data, size);
    clfftPlanHandle slots[3] = {0, 0, 0};
    cl_command_queue q = dev.queue;
    int ops = 0;
    // Start from one valid plan, so that most inputs reach bake and enqueue.
    {
        const std::size_t len[3] = {in.pick<std::size_t>({4, 8, 16}), 4, 2};
        if (clfftCreateDefaultPlan(&slots[0], dev.context, CLFFT_1D, len) != CLFFT_SUCCESS)
            fail("creating the first plan", -1);
    }
    while (!in.done() && ops++ < 24) {
        clfftPlanHandle& h = slots[in.byte() % 3];
        const int op = in.byte() % 20;
        clfftStatus st = CLFFT_SUCCESS;
        switch (op) {
        case 0: { // create (replacing the slot's plan)
            if (h)
                clfftDestroyPlan(&h);
            const int dim = in.pick<int>({1, 1, 2, 3, 0, 4});
            std::size_t len[3] = {in.length(), in.length(), in.length()};
            st = clfftCreateDefaultPlan(&h, in.byte() % 8 ? dev.context : dev.otherContext,
                                        static_cast<clfftDim>(dim), len);
            if (st != CLFFT_SUCCESS)
                h = 0;
            break;
        }
        case 1: {
            const clfftPlanHandle victim = in.byte() % 4 ? h : static_cast<clfftPlanHandle>(in.count());
            clfftPlanHandle arg = victim;
            st = clfftDestroyPlan(&arg);
            if (st == CLFFT_SUCCESS)
                for (clfftPlanHandle& s : slots)
                    if (s == victim)
                        s = 0;
            break;
        }
        case 2: st = clfftSetPlanPrecision(h, static_cast<clfftPrecision>(in.anyInt())); break;
        case 3:
            st = clfftSetLayout(h, static_cast<clfftLayout>(in.anyInt()), static_cast<clfftLayout>(in.anyInt()));
            break;
        case 4: st = clfftSetResultLocation(h, static_cast<clfftResultLocation>(in.anyInt())); break;
        case 5: st = clfftSetPlanBatchSize(h, in.count()); break;
        case 6: {
            std::size_t len[3] = {in.length(), in.length(), in.length()};
            st = clfftSetPlanLength(h, static_cast<clfftDim>(in.anyInt()), len);
            break;
        }
        case 7: {
            std::size_t s[3] = {in.count(), in.count(), in.count()};
            st = in.byte() % 2 ? clfftSetPlanInStride(h, static_cast<clfftDim>(in.anyInt()), s)
                               : clfftSetPlanOutStride(h, static_cast<clfftDim>(in.anyInt()), s);
            break;
        }
        case 8: st = clfftSetPlanDistance(h, in.count(), in.count()); break;
        case 9: st = clfftSetPlanScale(h, static_cast<clfftDirection>(in.anyInt()), float(in.anyInt()) / 7.0f); break;
        case 10: st = clfftSetPlanTransposeResult(h, static_cast<clfftResultTransposed>(in.anyInt())); break;
        case 11: st = clfftSetPlanDim(h, static_cast<clfftDim>(in.anyInt())); break;
        case 12: {
            cl_command_queue bq[2] = {in.byte() % 8 ? q : dev.otherQueue, q}; // 2: the same queue twice
            st = clfftBakePlan(h, in.pick<cl_uint>({1, 1, 2, 0}), bq, nullptr, nullptr);
            bakes += st == CLFFT_SUCCESS;
            break;
        }
        case 13:
        case 14: { // enqueue with buffers from the pool (sometimes the same one twice)
            const std::size_t nb = dev.buffers.size();
            cl_mem ins[2] = {dev.buffers[in.byte() % nb], dev.buffers[in.byte() % nb]};
            cl_mem outs[2] = {dev.buffers[in.byte() % nb], dev.buffers[in.byte() % nb]};
            cl_mem tmp = in.byte() % 4 ? nullptr : dev.buffers[in.byte() % nb];
            cl_event ev = nullptr;
            const clfftDirection dir = static_cast<clfftDirection>(in.pick<int>({-1, 1, -1, 1, 0}));
            st = clfftEnqueueTransform(h, dir, 1, &q, 0, nullptr, &ev, ins, outs, tmp);
            if (st == CLFFT_SUCCESS) {
                ++enqueues;
                if (!ev)
                    fail("enqueue gave no event", st);
                cl_int done = clWaitForEvents(1, &ev);
                cl_int status = CL_COMPLETE;
                clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
                clReleaseEvent(ev);
                if (done != CL_SUCCESS || status != CL_COMPLETE)
                    fail("a successful enqueue's kernels", done != CL_SUCCESS ? done : status);
            } else if (ev) {
                fail("a failed enqueue returned an event", st);
            }
            break;
        }
        case 15: {
            clfftPlanHandle copy = 0;
            st = clfftCopyPlan(&copy, in.byte() % 4 ? dev.context : dev.otherContext, h);
            if (st == CLFFT_SUCCESS) {
                clfftPlanHandle& target = slots[in.byte() % 3];
                if (target)
                    clfftDestroyPlan(&target);
                target = copy;
            }
            break;
        }
        case 16: { // every getter
            std::size_t a[3], b = 0, c = 0;
            clfftDim d;
            cl_uint n;
            clfftLayout l1, l2;
            clfftPrecision p;
            clfftResultLocation r;
            clfftResultTransposed t;
            cl_float s;
            cl_context ctx;
            checkStatus("clfftGetPlanDim", clfftGetPlanDim(h, &d, &n));
            checkStatus("clfftGetPlanLength", clfftGetPlanLength(h, CLFFT_3D, a));
            checkStatus("clfftGetPlanInStride", clfftGetPlanInStride(h, CLFFT_3D, a));
            checkStatus("clfftGetPlanOutStride", clfftGetPlanOutStride(h, CLFFT_3D, a));
            checkStatus("clfftGetPlanDistance", clfftGetPlanDistance(h, &b, &c));
            checkStatus("clfftGetLayout", clfftGetLayout(h, &l1, &l2));
            checkStatus("clfftGetPlanPrecision", clfftGetPlanPrecision(h, &p));
            checkStatus("clfftGetResultLocation", clfftGetResultLocation(h, &r));
            checkStatus("clfftGetPlanTransposeResult", clfftGetPlanTransposeResult(h, &t));
            checkStatus("clfftGetPlanScale", clfftGetPlanScale(h, CLFFT_BACKWARD, &s));
            checkStatus("clfftGetPlanContext", clfftGetPlanContext(h, &ctx));
            checkStatus("clfftGetPlanBatchSize", clfftGetPlanBatchSize(h, &b));
            st = clfftGetTmpBufSize(h, &b);
            break;
        }
        case 17: { // a callback: valid, or text that does not compile
            const bool good = in.byte() % 2;
            const char* text = good ? "float2 cbIn(__global void* in, uint off, __global void* ud)\n"
                                      "{ return ((__global float2*)in)[off]; }\n"
                                    : "float2 cbIn(__global void* in, uint off, __global void* ud) { oops }";
            st = clfftSetPlanCallback(h, "cbIn", text, in.pick<int>({0, 0, -1, 64}), PRECALLBACK, nullptr,
                                      in.pick<int>({0, 0, -1}));
            break;
        }
        case 18: st = clfftSetPlanDistance(h, 0, 0); break;
        case 19: // rarely: teardown and set up again (every handle becomes invalid)
            if (in.byte() == 0xff) {
                st = clfftTeardown();
                clfftSetupData setup;
                clfftInitSetupData(&setup);
                checkStatus("clfftSetup", clfftSetup(&setup));
                slots[0] = slots[1] = slots[2] = 0;
            }
            break;
        }
        checkStatus("an API call", st);
        ++calls;
    }
    for (clfftPlanHandle& s : slots)
        if (s)
            clfftDestroyPlan(&s);
    clFinish(q);
    return 0;
}

#ifdef FUZZ_DRIVER
// Deterministic driver: the same harness, inputs from a seeded generator.
int main(int argc, char** argv)
{
    const char* runsEnv = std::getenv("FUZZ_DRIVER_RUNS");
    const char* seedEnv = std::getenv("FUZZ_DRIVER_SEED");
    const long runs = argc > 1 ? std::atol(argv[1]) : runsEnv ? std::atol(runsEnv) : 300;
    const unsigned long seed = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : seedEnv ? std::strtoul(seedEnv, nullptr, 10) : 20240609;
    std::mt19937_64 rng(seed);
    std::vector<std::uint8_t> bytes;
    for (long i = 0; i < runs; ++i) {
        bytes.resize(8 + rng() % 96);
        for (std::uint8_t& b : bytes)
            b = static_cast<std::uint8_t>(rng());
        LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
    }
    clfftTeardown();
    std::printf("fuzz driver: %ld inputs (seed %lu), %ld calls, %ld successful bakes, %ld successful enqueues, no "
                "failure\n",
                runs, seed, calls, bakes, enqueues);
    return 0;
}
#endif
