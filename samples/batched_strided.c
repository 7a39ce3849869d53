/* A batch of 1D complex FFTs with strides and distances: 5 transforms of length 60, each read from
 * every other element of the input (stride 2) with its transforms 128 elements apart, written
 * packed (stride 1, distance 60) to another buffer. Checked against a naive DFT. */
#include <clFFT.h>
#include <math.h>
#include <stdio.h>
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define LEN 60
#define BATCH 5
#define ISTRIDE 2
#define IDIST 128 /* >= ISTRIDE * LEN */
#define CHECK(call) do { int st_ = (int)(call); if (st_ != 0) { printf("%s failed: %d\n", #call, st_); return 2; } } while (0)
static float in[2 * IDIST * BATCH], out[2 * LEN * BATCH];
int main(void) {
    cl_platform_id platform; cl_device_id device; cl_int err; clfftSetupData setup; clfftPlanHandle plan;
    size_t len = LEN, istride = ISTRIDE, ostride = 1;
    double maxerr = 0.0;
    int i, b, k;
    for (i = 0; i < 2 * IDIST * BATCH; ++i) in[i] = (float)sin(0.05 * i * i); /* gaps too: they must be ignored */
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err); CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err); CHECK(err);
    cl_mem bin = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &err); CHECK(err);
    cl_mem bout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err); CHECK(err);
    CHECK(clfftInitSetupData(&setup)); CHECK(clfftSetup(&setup));
    CHECK(clfftCreateDefaultPlan(&plan, ctx, CLFFT_1D, &len));
    CHECK(clfftSetResultLocation(plan, CLFFT_OUTOFPLACE));
    CHECK(clfftSetPlanBatchSize(plan, BATCH));
    CHECK(clfftSetPlanInStride(plan, CLFFT_1D, &istride));   /* in elements (complex numbers) */
    CHECK(clfftSetPlanOutStride(plan, CLFFT_1D, &ostride));
    CHECK(clfftSetPlanDistance(plan, IDIST, LEN));           /* between transforms of the batch */
    CHECK(clfftBakePlan(plan, 1, &queue, NULL, NULL));
    CHECK(clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &queue, 0, NULL, NULL, &bin, &bout, NULL));
    CHECK(clEnqueueReadBuffer(queue, bout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    for (b = 0; b < BATCH; ++b) for (k = 0; k < LEN; ++k) {
        double re = 0.0, im = 0.0; int n;
        for (n = 0; n < LEN; ++n) {
            const float* x = &in[2 * (b * IDIST + n * ISTRIDE)];
            double a = -2.0 * M_PI * (double)(k * n) / LEN;
            re += x[0] * cos(a) - x[1] * sin(a);
            im += x[0] * sin(a) + x[1] * cos(a);
        }
        maxerr = fmax(maxerr, fmax(fabs(out[2 * (b * LEN + k)] - re), fabs(out[2 * (b * LEN + k) + 1] - im)));
    }
    CHECK(clfftDestroyPlan(&plan)); clfftTeardown();
    clReleaseMemObject(bin); clReleaseMemObject(bout); clReleaseCommandQueue(queue); clReleaseContext(ctx);
    printf("%s: max error %.2e\n", maxerr < 1e-4 ? "OK" : "FAILED", maxerr);
    return maxerr < 1e-4 ? 0 : 1;
}
