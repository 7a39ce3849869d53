// multi-device-bench: one plan on one queue against the same plan on a queue array (docs/multi-device.md).
// Every device of the test platform in one context; for each case, alternating runs of the
// one-queue and the n-queue enqueue (each waited for), and the medians. On one machine whose
// PoCL devices share the cores the ratio is the split's overhead, not a speed-up.
//
//   multi-device-bench [--queues N] [--reps R]
//   POCL_DEVICES="pthread pthread" multi-device-bench
#include <clFFT-ng.h>
#include <clFFT.h>

#include "cl_device_select.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

void ok(cl_int e, const char* what)
{
    if (e != CL_SUCCESS)
        throw std::runtime_error(std::string(what) + " failed: " + std::to_string(e));
}

struct Case {
    const char* name;
    clfftDim dim;
    std::size_t lengths[3];
    std::size_t batch;
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    unsigned queuesWanted = 2, reps = 15;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--queues"))
            queuesWanted = unsigned(std::atoi(argv[i + 1]));
        else if (!std::strcmp(argv[i], "--reps"))
            reps = unsigned(std::atoi(argv[i + 1]));
    }
    try {
        cl_platform_id platform = nullptr;
        cl_device_id chosen = nullptr;
        char err[512] = {0};
        unsigned pi = 0, di = 0;
        if (clfft_select_device(&platform, &chosen, &pi, &di, err, sizeof err) != 0)
            throw std::runtime_error(err);
        cl_uint n = 0;
        ok(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &n), "clGetDeviceIDs");
        if (n < queuesWanted)
            throw std::runtime_error("the platform has " + std::to_string(n) + " devices, " +
                                     std::to_string(queuesWanted) + " wanted (POCL_DEVICES=\"pthread pthread\")");
        std::vector<cl_device_id> devices(queuesWanted);
        ok(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, queuesWanted, devices.data(), nullptr), "clGetDeviceIDs");
        cl_int e = CL_SUCCESS;
        cl_context ctx = clCreateContext(nullptr, queuesWanted, devices.data(), nullptr, nullptr, &e);
        ok(e, "clCreateContext");
        std::vector<cl_command_queue> queues;
        for (cl_device_id d : devices) {
            queues.push_back(clCreateCommandQueue(ctx, d, 0, &e));
            ok(e, "clCreateCommandQueue");
        }
        clfftSetupData setup;
        clfftInitSetupData(&setup);
        ok(clfftSetup(&setup), "clfftSetup");

        const Case cases[] = {{"c2c 4096 x batch 256", CLFFT_1D, {4096, 1, 1}, 256},
                              {"c2c 1024x1024", CLFFT_2D, {1024, 1024, 1}, 1}};
        std::printf("%u queues, %u alternating runs each, medians (ms); ratio = one-queue time / %u-queue time\n",
                    queuesWanted, reps, queuesWanted);
        for (const Case& c : cases) {
            const std::size_t points = c.lengths[0] * c.lengths[1] * c.lengths[2] * c.batch;
            const std::size_t bytes = points * 2 * sizeof(float);
            std::vector<float> host(2 * points);
            for (std::size_t i = 0; i < host.size(); ++i)
                host[i] = float((i * 7919) % 1000) / 1000.0f - 0.5f;
            cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, host.data(), &e);
            ok(e, "clCreateBuffer");
            cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &e);
            ok(e, "clCreateBuffer");
            clfftPlanHandle plans[2] = {0, 0};
            const cl_uint counts[2] = {1, queuesWanted};
            for (int p = 0; p < 2; ++p) {
                ok(clfftCreateDefaultPlan(&plans[p], ctx, c.dim, c.lengths), "clfftCreateDefaultPlan");
                ok(clfftNgSetPlanQueueArrays(plans[p], CL_TRUE), "clfftNgSetPlanQueueArrays");
                ok(clfftSetResultLocation(plans[p], CLFFT_OUTOFPLACE), "clfftSetResultLocation");
                ok(clfftSetPlanBatchSize(plans[p], c.batch), "clfftSetPlanBatchSize");
                ok(clfftBakePlan(plans[p], counts[p], queues.data(), nullptr, nullptr), "clfftBakePlan");
            }
            std::vector<double> times[2];
            for (unsigned r = 0; r < reps + 2; ++r)
                for (int p = 0; p < 2; ++p) {
                    std::vector<cl_event> ev(counts[p]);
                    const auto t0 = std::chrono::steady_clock::now();
                    ok(clfftEnqueueTransform(plans[p], CLFFT_FORWARD, counts[p], queues.data(), 0, nullptr, ev.data(),
                                             &in, &out, nullptr),
                       "clfftEnqueueTransform");
                    ok(clWaitForEvents(counts[p], ev.data()), "clWaitForEvents");
                    const double ms =
                        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
                    for (cl_event x : ev)
                        clReleaseEvent(x);
                    if (r >= 2) // the first runs allocate the library's buffers
                        times[p].push_back(ms);
                }
            const double one = median(times[0]), many = median(times[1]);
            std::printf("%-22s one queue %8.2f ms   %u queues %8.2f ms   ratio %.2f\n", c.name, one, queuesWanted, many,
                        one / many);
            for (clfftPlanHandle& h : plans)
                clfftDestroyPlan(&h);
            clReleaseMemObject(in);
            clReleaseMemObject(out);
        }
        clfftTeardown();
        for (cl_command_queue q : queues)
            clReleaseCommandQueue(q);
        clReleaseContext(ctx);
    } catch (const std::exception& x) {
        std::fprintf(stderr, "multi-device-bench: %s\n", x.what());
        return 1;
    }
    return 0;
}
