/* 2D complex FFT, double precision, planar layout (separate real and imaginary buffers), in place,
 * backward (scaled by 1/N by default): 12 x 10 points, checked against a naive DFT. */
#include <clFFT.h>
#include <math.h>
#include <stdio.h>
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define NX 12
#define NY 10
#define N (NX * NY)
#define CHECK(call) do { int st_ = (int)(call); if (st_ != 0) { printf("%s failed: %d\n", #call, st_); return 2; } } while (0)
int main(void) {
    cl_platform_id platform; cl_device_id device; cl_int err; clfftSetupData setup; clfftPlanHandle plan;
    size_t lengths[2] = {NX, NY};
    double re[N], im[N], ore[N], oim[N], maxerr = 0.0;
    int i, kx, ky;
    for (i = 0; i < N; ++i) { re[i] = sin(0.3 * i); im[i] = cos(0.7 * i * i); }
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err); CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err); CHECK(err);
    cl_mem bufs[2]; /* planar: bufs[0] real parts, bufs[1] imaginary parts */
    bufs[0] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof re, re, &err); CHECK(err);
    bufs[1] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof im, im, &err); CHECK(err);
    CHECK(clfftInitSetupData(&setup)); CHECK(clfftSetup(&setup));
    CHECK(clfftCreateDefaultPlan(&plan, ctx, CLFFT_2D, lengths));
    CHECK(clfftSetPlanPrecision(plan, CLFFT_DOUBLE));
    CHECK(clfftSetLayout(plan, CLFFT_COMPLEX_PLANAR, CLFFT_COMPLEX_PLANAR));
    CHECK(clfftBakePlan(plan, 1, &queue, NULL, NULL));
    CHECK(clfftEnqueueTransform(plan, CLFFT_BACKWARD, 1, &queue, 0, NULL, NULL, bufs, NULL, NULL));
    CHECK(clEnqueueReadBuffer(queue, bufs[0], CL_TRUE, 0, sizeof ore, ore, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(queue, bufs[1], CL_TRUE, 0, sizeof oim, oim, 0, NULL, NULL));
    for (ky = 0; ky < NY; ++ky) for (kx = 0; kx < NX; ++kx) {
        double sr = 0.0, si = 0.0; int x, y, k = kx + NX * ky;
        for (y = 0; y < NY; ++y) for (x = 0; x < NX; ++x) {
            double a = 2.0 * M_PI * ((double)(kx * x) / NX + (double)(ky * y) / NY); /* backward: + sign */
            sr += re[x + NX * y] * cos(a) - im[x + NX * y] * sin(a);
            si += re[x + NX * y] * sin(a) + im[x + NX * y] * cos(a);
        }
        maxerr = fmax(maxerr, fmax(fabs(ore[k] - sr / N), fabs(oim[k] - si / N)));
    }
    CHECK(clfftDestroyPlan(&plan)); clfftTeardown();
    clReleaseMemObject(bufs[0]); clReleaseMemObject(bufs[1]); clReleaseCommandQueue(queue); clReleaseContext(ctx);
    printf("%s: max error %.2e\n", maxerr < 1e-12 ? "OK" : "FAILED", maxerr);
    return maxerr < 1e-12 ? 0 : 1;
}
