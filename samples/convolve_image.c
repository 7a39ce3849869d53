/* A 2D real image filtered by a Gaussian with clfft-ng's convolution plans (clfftNgSetPlanConvolution,
 * docs/convolution.md), single precision. Linear convolution by zero padding: the 40 x 30 image and
 * the 9 x 9 Gaussian are padded by hand to 48 x 40 (at least 40+9-1 by 30+9-1), so that the plan's
 * circular convolution never wraps. The Gaussian's spectrum comes from an ordinary forward R2C plan
 * of the same lengths; the convolution plan is an R2C plan whose output is the filtered image
 * (real). Prints a checksum and the largest difference from a direct convolution on the host. */
#include <clFFT-ng.h>
#include <clFFT.h>
#include <math.h>
#include <stdio.h>
#define W 40 /* image */
#define H 30
#define K 9 /* Gaussian, K x K, sigma 1.5 */
#define PX 48 /* padded */
#define PY 40
#define HX (PX / 2 + 1)
#define CHECK(call) do { int st_ = (int)(call); if (st_ != 0) { printf("%s failed: %d\n", #call, st_); return 2; } } while (0)
static float image[PX * PY], gauss[PX * PY], filtered[PX * PY];
int main(void) {
    cl_platform_id platform; cl_device_id device; cl_int err; clfftSetupData setup; clfftPlanHandle fwd, conv;
    size_t lengths[2] = {PX, PY}, rstride[2] = {1, PX}, cstride[2] = {1, HX};
    double sum = 0.0, checksum = 0.0, maxerr = 0.0, maxval = 0.0;
    int x, y, i, j;
    /* Zero padding by hand: everything outside the image and the Gaussian stays 0. */
    for (y = 0; y < H; ++y) for (x = 0; x < W; ++x) image[x + PX * y] = (float)(((x / 5 + y / 5) % 2) + 0.25 * sin(0.3 * x * y));
    for (y = 0; y < K; ++y) for (x = 0; x < K; ++x) sum += exp(-((x - K / 2) * (x - K / 2) + (y - K / 2) * (y - K / 2)) / (2 * 1.5 * 1.5));
    for (y = 0; y < K; ++y) for (x = 0; x < K; ++x)
        gauss[x + PX * y] = (float)(exp(-((x - K / 2) * (x - K / 2) + (y - K / 2) * (y - K / 2)) / (2 * 1.5 * 1.5)) / sum);
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err); CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err); CHECK(err);
    cl_mem bimage = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof image, image, &err); CHECK(err);
    cl_mem bgauss = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof gauss, gauss, &err); CHECK(err);
    cl_mem bspec = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 2 * sizeof(float) * HX * PY, NULL, &err); CHECK(err);
    cl_mem bout = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof filtered, NULL, &err); CHECK(err);
    CHECK(clfftInitSetupData(&setup)); CHECK(clfftSetup(&setup));
    /* The filter's spectrum: an ordinary R2C plan, real PX x PY -> hermitian HX x PY. */
    CHECK(clfftCreateDefaultPlan(&fwd, ctx, CLFFT_2D, lengths));
    CHECK(clfftSetLayout(fwd, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED));
    CHECK(clfftSetResultLocation(fwd, CLFFT_OUTOFPLACE));
    CHECK(clfftSetPlanInStride(fwd, CLFFT_2D, rstride));
    CHECK(clfftSetPlanOutStride(fwd, CLFFT_2D, cstride));
    CHECK(clfftSetPlanDistance(fwd, PX * PY, HX * PY));
    CHECK(clfftEnqueueTransform(fwd, CLFFT_FORWARD, 1, &queue, 0, NULL, NULL, &bgauss, &bspec, NULL));
    /* The convolution plan: an R2C plan with the spectrum set; its output is real (strides in reals),
     * scaled by the backward scale (default 1 / (PX PY)), so out = image (*) gauss. */
    CHECK(clfftCreateDefaultPlan(&conv, ctx, CLFFT_2D, lengths));
    CHECK(clfftSetLayout(conv, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED));
    CHECK(clfftSetResultLocation(conv, CLFFT_OUTOFPLACE));
    CHECK(clfftSetPlanInStride(conv, CLFFT_2D, rstride));
    CHECK(clfftSetPlanOutStride(conv, CLFFT_2D, rstride));
    CHECK(clfftSetPlanDistance(conv, PX * PY, PX * PY));
    CHECK(clfftNgSetPlanConvolution(conv, CLFFT_NG_CONVOLVE, bspec, 1, 1));
    CHECK(clfftBakePlan(conv, 1, &queue, NULL, NULL));
    CHECK(clfftEnqueueTransform(conv, CLFFT_FORWARD, 1, &queue, 0, NULL, NULL, &bimage, &bout, NULL));
    CHECK(clEnqueueReadBuffer(queue, bout, CL_TRUE, 0, sizeof filtered, filtered, 0, NULL, NULL));
    /* Direct linear convolution on the host, in double, over the whole padded grid (zero past W+K-1, H+K-1). */
    for (y = 0; y < PY; ++y) for (x = 0; x < PX; ++x) {
        double want = 0.0;
        for (j = 0; j < K && j <= y; ++j) for (i = 0; i < K && i <= x; ++i)
            want += (double)gauss[i + PX * j] * image[(x - i) + PX * (y - j)];
        maxerr = fmax(maxerr, fabs(filtered[x + PX * y] - want));
        maxval = fmax(maxval, fabs(want));
        checksum += filtered[x + PX * y];
    }
    printf("filtered %dx%d image by a %dx%d Gaussian (padded to %dx%d): checksum %.4f, max error %.2e of max %.3f\n",
           W, H, K, K, PX, PY, checksum, maxerr, maxval);
    CHECK(clfftDestroyPlan(&conv)); CHECK(clfftDestroyPlan(&fwd)); CHECK(clfftTeardown());
    clReleaseMemObject(bout); clReleaseMemObject(bspec); clReleaseMemObject(bgauss); clReleaseMemObject(bimage);
    clReleaseCommandQueue(queue); clReleaseContext(ctx);
    if (maxerr > 1e-5 * fmax(1.0, maxval)) { printf("FAIL\n"); return 1; }
    printf("PASS\n");
    return 0;
}
