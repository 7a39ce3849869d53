// Cost of a pre-callback: c2c single 4096 batched to 32 MiB, out of place, timed three ways in
// alternation: the plain transform; the transform with a pre-callback that multiplies each
// input point by a window read from a userdata buffer; the plain transform after a separate
// kernel that does the same multiply in place. Prints medians and overheads (issue: the
// callback should cost <= 10% and beat the separate kernel).
#include <clFFT.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

const char* kCallback =
    "float2 mulw(__global void* in, uint off, __global void* ud)\n"
    "{\n"
    "    float2 x = ((__global float2*)in)[off];\n"
    "    float w = ((__global float*)ud)[off % 4096u];\n"
    "    return x * w;\n"
    "}\n";
const char* kMultiply =
    "__kernel void mul(__global float2* d, __global const float* w)\n"
    "{ size_t i = get_global_id(0); d[i] *= w[i % 4096]; }\n";

int fail(const char* what, int status)
{
    std::fprintf(stderr, "callback-bench: %s failed (%d)\n", what, status);
    return 1;
}

} // namespace

int main()
{
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    cl_int err = clGetPlatformIDs(1, &platform, nullptr);
    if (err != CL_SUCCESS || clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, nullptr) != CL_SUCCESS)
        return fail("device selection", err);
    cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    size_t n = 4096;
    const size_t batch = (32u << 20) / (8 * n), total = n * batch;
    std::vector<float> host(2 * total, 0.5f), window(n, 0.25f);
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, host.size() * 4, host.data(), &err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, host.size() * 4, nullptr, &err);
    cl_mem w = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, window.size() * 4, window.data(), &err);
    cl_program program = clCreateProgramWithSource(ctx, 1, &kMultiply, nullptr, &err);
    if ((err = clBuildProgram(program, 1, &device, "", nullptr, nullptr)) != CL_SUCCESS)
        return fail("multiply kernel build", err);
    cl_kernel multiply = clCreateKernel(program, "mul", &err);
    clSetKernelArg(multiply, 0, sizeof(cl_mem), &in);
    clSetKernelArg(multiply, 1, sizeof(cl_mem), &w);

    clfftSetupData setup;
    clfftInitSetupData(&setup);
    clfftSetup(&setup);
    clfftPlanHandle plain = 0, withCallback = 0;
    for (clfftPlanHandle* p : {&plain, &withCallback}) {
        clfftCreateDefaultPlan(p, ctx, CLFFT_1D, &n);
        clfftSetPlanBatchSize(*p, batch);
        clfftSetResultLocation(*p, CLFFT_OUTOFPLACE);
    }
    clfftSetPlanCallback(withCallback, "mulw", kCallback, 0, PRECALLBACK, &w, 1);
    if ((err = clfftBakePlan(plain, 1, &q, nullptr, nullptr)) != CLFFT_SUCCESS)
        return fail("bake", err);
    if ((err = clfftBakePlan(withCallback, 1, &q, nullptr, nullptr)) != CLFFT_SUCCESS)
        return fail("bake with callback", err);

    auto median = [&](int mode) {
        std::vector<double> t;
        for (int i = 0; i < 25; ++i) {
            const auto start = std::chrono::steady_clock::now();
            if (mode == 2) {
                size_t global = total;
                clEnqueueNDRangeKernel(q, multiply, 1, nullptr, &global, nullptr, 0, nullptr, nullptr);
            }
            clfftEnqueueTransform(mode == 1 ? withCallback : plain, CLFFT_FORWARD, 1, &q, 0, nullptr, nullptr, &in,
                                  &out, nullptr);
            clFinish(q);
            t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        }
        std::sort(t.begin() + 5, t.end()); // the first five are warm-up
        return t[15];
    };
    std::printf("c2c single 4096 x %zu, out of place; medians of 20 runs\n", batch);
    for (int round = 0; round < 3; ++round) {
        const double a = median(0), b = median(1), c = median(2);
        std::printf("plain %.2f ms | pre-callback multiply %.2f ms (%+.1f%%) | separate multiply kernel + plain %.2f ms "
                    "(%+.1f%%)\n",
                    a, b, 100 * (b / a - 1), c, 100 * (c / a - 1));
    }
    clfftDestroyPlan(&plain);
    clfftDestroyPlan(&withCallback);
    clfftTeardown();
    clReleaseKernel(multiply);
    clReleaseProgram(program);
    clReleaseMemObject(in);
    clReleaseMemObject(out);
    clReleaseMemObject(w);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return 0;
}
