/* 2D real-to-complex FFT and back, single precision, out of place: a 32 x 20 real image goes to
 * its (32/2+1) x 20 non-redundant complex spectrum (hermitian interleaved), checked against a naive
 * DFT, then back to real (C2R, scaled by 1/N) and compared with the original. */
#include <clFFT.h>
#include <math.h>
#include <stdio.h>
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define NX 32
#define NY 20
#define HX (NX / 2 + 1)
#define CHECK(call) do { int st_ = (int)(call); if (st_ != 0) { printf("%s failed: %d%s\n", #call, st_, \
    st_ == CLFFT_NOTIMPLEMENTED ? " (CLFFT_NOTIMPLEMENTED: this library has no real transforms yet)" : ""); return 2; } } while (0)
static float img[NX * NY], back[NX * NY], spec[2 * HX * NY];
int main(void) {
    cl_platform_id platform; cl_device_id device; cl_int err; clfftSetupData setup; clfftPlanHandle fwd, inv;
    size_t lengths[2] = {NX, NY};
    double specerr = 0.0, backerr = 0.0;
    int i, kx, ky;
    for (i = 0; i < NX * NY; ++i) img[i] = (float)sin(0.013 * i * i);
    CHECK(clGetPlatformIDs(1, &platform, NULL));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL));
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err); CHECK(err);
    cl_command_queue queue = clCreateCommandQueue(ctx, device, 0, &err); CHECK(err);
    cl_mem breal = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof img, img, &err); CHECK(err);
    cl_mem bspec = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof spec, NULL, &err); CHECK(err);
    cl_mem bback = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof back, NULL, &err); CHECK(err);
    CHECK(clfftInitSetupData(&setup)); CHECK(clfftSetup(&setup));
    /* Forward: real (NX x NY) -> hermitian interleaved (HX x NY). Strides are in elements of each side. */
    size_t rstride[2] = {1, NX}, cstride[2] = {1, HX};
    CHECK(clfftCreateDefaultPlan(&fwd, ctx, CLFFT_2D, lengths));
    CHECK(clfftSetLayout(fwd, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED));
    CHECK(clfftSetResultLocation(fwd, CLFFT_OUTOFPLACE));
    CHECK(clfftSetPlanInStride(fwd, CLFFT_2D, rstride));
    CHECK(clfftSetPlanOutStride(fwd, CLFFT_2D, cstride));
    CHECK(clfftSetPlanDistance(fwd, NX * NY, HX * NY));
    CHECK(clfftBakePlan(fwd, 1, &queue, NULL, NULL));
    /* Backward: hermitian interleaved -> real; the backward scale defaults to 1 / (NX NY). */
    CHECK(clfftCreateDefaultPlan(&inv, ctx, CLFFT_2D, lengths));
    CHECK(clfftSetLayout(inv, CLFFT_HERMITIAN_INTERLEAVED, CLFFT_REAL));
    CHECK(clfftSetResultLocation(inv, CLFFT_OUTOFPLACE));
    CHECK(clfftSetPlanInStride(inv, CLFFT_2D, cstride));
    CHECK(clfftSetPlanOutStride(inv, CLFFT_2D, rstride));
    CHECK(clfftSetPlanDistance(inv, HX * NY, NX * NY));
    CHECK(clfftBakePlan(inv, 1, &queue, NULL, NULL));
    CHECK(clfftEnqueueTransform(fwd, CLFFT_FORWARD, 1, &queue, 0, NULL, NULL, &breal, &bspec, NULL));
    CHECK(clfftEnqueueTransform(inv, CLFFT_BACKWARD, 1, &queue, 0, NULL, NULL, &bspec, &bback, NULL));
    CHECK(clEnqueueReadBuffer(queue, bspec, CL_TRUE, 0, sizeof spec, spec, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(queue, bback, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
    for (ky = 0; ky < NY; ++ky) for (kx = 0; kx < HX; ++kx) {
        double re = 0.0, im = 0.0; int x, y, k = kx + HX * ky;
        for (y = 0; y < NY; ++y) for (x = 0; x < NX; ++x) {
            double a = -2.0 * M_PI * ((double)(kx * x) / NX + (double)(ky * y) / NY);
            re += img[x + NX * y] * cos(a);
            im += img[x + NX * y] * sin(a);
        }
        specerr = fmax(specerr, fmax(fabs(spec[2 * k] - re), fabs(spec[2 * k + 1] - im)));
    }
    for (i = 0; i < NX * NY; ++i) backerr = fmax(backerr, fabs(back[i] - img[i]));
    CHECK(clfftDestroyPlan(&fwd)); CHECK(clfftDestroyPlan(&inv)); clfftTeardown();
    clReleaseMemObject(breal); clReleaseMemObject(bspec); clReleaseMemObject(bback);
    clReleaseCommandQueue(queue); clReleaseContext(ctx);
    printf("%s: spectrum max error %.2e, round-trip max error %.2e\n",
           specerr < 1e-3 && backerr < 1e-5 ? "OK" : "FAILED", specerr, backerr);
    return specerr < 1e-3 && backerr < 1e-5 ? 0 : 1;
}
