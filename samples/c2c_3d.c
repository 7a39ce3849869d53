/* 3D complex FFT, single precision, out of place: 16 x 8 x 6 points, checked against a naive DFT. */
#include <clFFT.h>
#include <math.h>
#include <stdio.h>
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define NX 16
#define NY 8
#define NZ 6
#define N (NX * NY * NZ)
#define CHECK(call) do { int st_ = (int)(call); if (st_ != 0) { printf("%s failed: %d\n", #call, st_); return 2; } } while (0)
static float in[2 * N], out[2 * N];
int main(void) {
    cl_platform_id platform; cl_device_id device; cl_int err; clfftSetupData setup; clfftPlanHandle plan;
    size_t lengths[3] = {NX, NY, NZ}; /* x varies fastest: element (x, y, z) is at x + NX * (y + NY * z) */
    double maxerr = 0.0, maxref = 0.0;
    int i, kx, ky, kz;
    for (i = 0; i < 2 * N; ++i) in[i] = (float)cos(0.11 * i * i);
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err); CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err); CHECK(err);
    cl_mem bin = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &err); CHECK(err);
    cl_mem bout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err); CHECK(err);
    CHECK(clfftInitSetupData(&setup)); CHECK(clfftSetup(&setup));
    CHECK(clfftCreateDefaultPlan(&plan, ctx, CLFFT_3D, lengths));
    CHECK(clfftSetResultLocation(plan, CLFFT_OUTOFPLACE));
    CHECK(clfftBakePlan(plan, 1, &queue, NULL, NULL));
    CHECK(clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &queue, 0, NULL, NULL, &bin, &bout, NULL));
    CHECK(clEnqueueReadBuffer(queue, bout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    /* Naive DFT: X[k] = sum_n x[n] exp(-2 pi i (kx x / NX + ky y / NY + kz z / NZ)). */
    for (kz = 0; kz < NZ; ++kz) for (ky = 0; ky < NY; ++ky) for (kx = 0; kx < NX; ++kx) {
        double re = 0.0, im = 0.0; int x, y, z, k = kx + NX * (ky + NY * kz);
        for (z = 0; z < NZ; ++z) for (y = 0; y < NY; ++y) for (x = 0; x < NX; ++x) {
            int n = x + NX * (y + NY * z);
            double a = -2.0 * M_PI * ((double)(kx * x) / NX + (double)(ky * y) / NY + (double)(kz * z) / NZ);
            re += in[2 * n] * cos(a) - in[2 * n + 1] * sin(a);
            im += in[2 * n] * sin(a) + in[2 * n + 1] * cos(a);
        }
        maxerr = fmax(maxerr, fmax(fabs(out[2 * k] - re), fabs(out[2 * k + 1] - im)));
        maxref = fmax(maxref, fmax(fabs(re), fabs(im)));
    }
    CHECK(clfftDestroyPlan(&plan)); clfftTeardown();
    clReleaseMemObject(bin); clReleaseMemObject(bout); clReleaseCommandQueue(queue); clReleaseContext(ctx);
    printf("%s: max error %.2e relative to max |X| %.2e\n", maxerr < 1e-5 * maxref ? "OK" : "FAILED", maxerr, maxref);
    return maxerr < 1e-5 * maxref ? 0 : 1;
}
