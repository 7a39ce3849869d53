/* tmp-sizes: the temporary buffer (clfftGetTmpBufSize) of a list of plans, through the clFFT C
 * interface only, so that the same binary reports our libclFFT.so.2 or clFFT 2.12's (pick one
 * with LD_LIBRARY_PATH; bench/tmp-sizes.sh prints both side by side).
 *
 * Each line of input (stdin): KIND PRECISION PLACEMENT BATCH N0 [N1 [N2]]
 *   KIND c2c | r2c | c2r, PRECISION single | double, PLACEMENT inplace | outofplace.
 * Output per line: the plan, its temporary bytes (clfftGetTmpBufSize), and, when the counting
 * shim (tests/hardening/cl_count_shim.c) is preloaded, the bytes of every buffer the library
 * created for the plan through its bake and one transform (clFFT 2.12 allocates buffers it does
 * not report); or the clFFT status a call returned. */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 120
#include <clFFT.h>

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

static long libraryBytes(void)
{
    long (*get)(void) = (long (*)(void))dlsym(RTLD_DEFAULT, "clcount_buffer_bytes");
    return get ? get() : -1;
}

static cl_int bakeOne(cl_context ctx, cl_command_queue q, const char* kind, const char* precision,
                      const char* placement, size_t batch, int dim, const size_t* n, size_t* tmp)
{
    clfftPlanHandle plan;
    cl_int st = clfftCreateDefaultPlan(&plan, ctx, (clfftDim)dim, n);
    if (st != CLFFT_SUCCESS)
        return st;
    const int inPlace = strcmp(placement, "inplace") == 0;
    clfftSetPlanPrecision(plan, strcmp(precision, "double") == 0 ? CLFFT_DOUBLE : CLFFT_SINGLE);
    clfftSetResultLocation(plan, inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE);
    clfftSetPlanBatchSize(plan, batch);
    size_t inS[3] = {1, 1, 1}, outS[3] = {1, 1, 1};
    size_t inRow = n[0], outRow = n[0];
    if (strcmp(kind, "c2c") != 0) {
        const size_t half = n[0] / 2 + 1, realRow = inPlace ? 2 * half : n[0];
        const int r2c = strcmp(kind, "r2c") == 0;
        clfftSetLayout(plan, r2c ? CLFFT_REAL : CLFFT_HERMITIAN_INTERLEAVED,
                       r2c ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_REAL);
        inRow = r2c ? realRow : half;
        outRow = r2c ? half : realRow;
    }
    size_t inD = inRow, outD = outRow;
    for (int d = 1; d < dim; ++d) {
        inS[d] = inD;
        outS[d] = outD;
        inD *= n[d];
        outD *= n[d];
    }
    clfftSetPlanInStride(plan, (clfftDim)dim, inS);
    clfftSetPlanOutStride(plan, (clfftDim)dim, outS);
    clfftSetPlanDistance(plan, inD, outD);
    st = clfftBakePlan(plan, 1, &q, NULL, NULL);
    if (st == CLFFT_SUCCESS)
        st = clfftGetTmpBufSize(plan, tmp);
    if (st == CLFFT_SUCCESS) {
        /* One transform on zeroed buffers of the plan's size (element sizes by side). */
        const size_t real = strcmp(precision, "double") == 0 ? 8 : 4;
        const int r2c = strcmp(kind, "r2c") == 0, c2r = strcmp(kind, "c2r") == 0;
        const size_t inBytes = inD * batch * (r2c ? real : 2 * real);
        const size_t outBytes = outD * batch * (c2r ? real : 2 * real);
        const size_t bytes[2] = {inBytes, inPlace && outBytes > inBytes ? outBytes : inBytes};
        cl_int err;
        cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes[1], NULL, &err);
        cl_mem out = inPlace ? NULL : clCreateBuffer(ctx, CL_MEM_READ_WRITE, outBytes, NULL, &err);
        const float zero = 0;
        clEnqueueFillBuffer(q, in, &zero, sizeof zero, 0, bytes[1], 0, NULL, NULL);
        st = clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &q, 0, NULL, NULL, &in, inPlace ? NULL : &out, NULL);
        clFinish(q);
        clReleaseMemObject(in);
        if (out)
            clReleaseMemObject(out);
    }
    clfftDestroyPlan(&plan);
    return st;
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id device;
    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL) != CL_SUCCESS) {
        fprintf(stderr, "tmp-sizes: no OpenCL device\n");
        return 4;
    }
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    clfftSetupData setup;
    clfftInitSetupData(&setup);
    clfftSetup(&setup);
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        char kind[8], precision[8], placement[16];
        size_t batch = 1, n[3] = {1, 1, 1};
        const int got = sscanf(line, "%7s %7s %15s %zu %zu %zu %zu", kind, precision, placement, &batch, &n[0], &n[1], &n[2]);
        if (got < 5 || kind[0] == '#')
            continue;
        const int dim = got - 4;
        size_t tmp = 0;
        const long before = libraryBytes();
        const cl_int st = bakeOne(ctx, q, kind, precision, placement, batch, dim, n, &tmp);
        const long allocated = before < 0 ? -1 : libraryBytes() - before;
        line[strcspn(line, "\n")] = 0;
        if (st == CLFFT_SUCCESS)
            printf("%s\t%zu\t%ld\n", line, tmp, allocated);
        else
            printf("%s\tstatus %d\n", line, st);
        fflush(stdout);
    }
    clfftTeardown();
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return 0;
}
