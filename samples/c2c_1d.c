/* Minimal clFFT example: in-place complex 1D FFT forward, then backward; checks the round trip. */
#include <clFFT.h>
#include <math.h>
#include <stdio.h>
#define N 1024
#define CHECK(call) do { int st_ = (int)(call); if (st_ != 0) { printf("%s failed: %d\n", #call, st_); return 2; } } while (0)
int main(void) {
    cl_platform_id platform; cl_device_id device; cl_int err; clfftSetupData setup;
    clfftPlanHandle plan; size_t len = N, i; float data[2 * N], maxerr = 0.0f;
    for (i = 0; i < 2 * N; ++i) data[i] = (float)sin(0.37 * (double)i);
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err); CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err); CHECK(err);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err); CHECK(err);
    CHECK(clfftInitSetupData(&setup)); CHECK(clfftSetup(&setup));
    CHECK(clfftCreateDefaultPlan(&plan, ctx, CLFFT_1D, &len)); /* defaults: single, interleaved, in-place */
    CHECK(clfftBakePlan(plan, 1, &queue, NULL, NULL));
    CHECK(clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &queue, 0, NULL, NULL, &buf, NULL, NULL));
    CHECK(clfftEnqueueTransform(plan, CLFFT_BACKWARD, 1, &queue, 0, NULL, NULL, &buf, NULL, NULL)); /* scaled by 1/N */
    float out[2 * N];
    CHECK(clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    for (i = 0; i < 2 * N; ++i) maxerr = fmaxf(maxerr, fabsf(out[i] - data[i]));
    CHECK(clfftDestroyPlan(&plan)); clfftTeardown();
    clReleaseMemObject(buf); clReleaseCommandQueue(queue); clReleaseContext(ctx);
    printf("%s: max round-trip error %.2e\n", maxerr < 1e-5f ? "OK" : "FAILED", (double)maxerr);
    return maxerr < 1e-5f ? 0 : 1;
}
