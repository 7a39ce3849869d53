/*
 * ABI test: a C client compiled against clFFT 2.12's own header (Debian's /usr/include/clFFT.h)
 * and linked against clfft-ng's libclFFT.so.2. It stands for the binaries built against clFFT that
 * must run on our library unchanged (gpyfft, for instance).
 *
 * It checks that the library it actually loaded is ours (argv[1] is the path of our library file),
 * calls every one of the 34 functions clFFT 2.12's libclFFT.so.2 exports, and runs one transform:
 * 2D 16x8, single precision, complex interleaved, out of place, batch 3, forward, compared with a
 * naive DFT in double precision.
 *
 * Prints "ABI client OK" and returns 0 on success; prints what failed and returns 1 otherwise.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clFFT.h>

#include "cl_device_select.h"

#if !defined(CLFFT_H) || defined(CLFFT_NG_CLFFT_H)
#error "abi_client must be compiled against clFFT 2.12's clFFT.h, not clfft-ng's include/clFFT.h"
#endif

/* Exported by clFFT 2.12's libclFFT.so.2 but not declared in its header. Weak, so that a library
 * without it is reported at run time rather than failing the link. */
extern clfftStatus clfftLocalMemSize(const clfftPlanHandle plHandle, cl_ulong* local_mem_size)
    __attribute__((weak));

#define N0 16 /* fastest-varying length */
#define N1 8
#define BATCH 3
#define POINTS (N0 * N1)

static void fail(int line, const char* what)
{
    fprintf(stderr, "abi_client: line %d: %s\n", line, what);
    exit(1);
}

static void check_status(clfftStatus st, const char* call, int line)
{
    if (st != CLFFT_SUCCESS) {
        fprintf(stderr, "abi_client: line %d: %s returned %d (expected CLFFT_SUCCESS)\n", line, call, (int)st);
        exit(1);
    }
}

static void check_cl(cl_int err, const char* call, int line)
{
    if (err != CL_SUCCESS) {
        fprintf(stderr, "abi_client: line %d: %s returned OpenCL error %d\n", line, call, (int)err);
        exit(1);
    }
}

#define CHECK(call) check_status((call), #call, __LINE__)
#define CHECK_CL(call) check_cl((call), #call, __LINE__)
#define EXPECT(cond)                                                                                           \
    do {                                                                                                       \
        if (!(cond))                                                                                           \
            fail(__LINE__, "expected " #cond);                                                                 \
    } while (0)

/* The library that defines clfftSetup in this process must be the file given on the command line. */
static void check_loaded_library(const char* expected)
{
    Dl_info info;
    char want[PATH_MAX], got[PATH_MAX];
    memset(&info, 0, sizeof info);
    if (!dladdr((void*)&clfftSetup, &info) || !info.dli_fname)
        fail(__LINE__, "dladdr could not locate clfftSetup");
    if (!realpath(expected, want)) {
        fprintf(stderr, "abi_client: cannot resolve expected library path %s\n", expected);
        exit(1);
    }
    if (!realpath(info.dli_fname, got)) {
        fprintf(stderr, "abi_client: cannot resolve loaded library path %s\n", info.dli_fname);
        exit(1);
    }
    if (strcmp(want, got) != 0) {
        fprintf(stderr, "abi_client: loaded %s, expected %s (another libclFFT.so.2 came first)\n", got, want);
        exit(1);
    }
    printf("libclFFT loaded from %s\n", got);
}

/* Naive 2D DFT of each batch member, in double. sign = -1 forward. */
static void naive_dft_2d(const float* in, double* out, int sign)
{
    const double pi = acos(-1.0);
    for (int b = 0; b < BATCH; ++b) {
        const float* x = in + 2 * POINTS * b;
        double* y = out + 2 * POINTS * b;
        for (int k1 = 0; k1 < N1; ++k1)
            for (int k0 = 0; k0 < N0; ++k0) {
                double re = 0, im = 0;
                for (int n1 = 0; n1 < N1; ++n1)
                    for (int n0 = 0; n0 < N0; ++n0) {
                        const double a = sign * 2 * pi *
                                         ((double)((k0 * n0) % N0) / N0 + (double)((k1 * n1) % N1) / N1);
                        const double xr = x[2 * (n1 * N0 + n0)], xi = x[2 * (n1 * N0 + n0) + 1];
                        re += xr * cos(a) - xi * sin(a);
                        im += xr * sin(a) + xi * cos(a);
                    }
                y[2 * (k1 * N0 + k0)] = re;
                y[2 * (k1 * N0 + k0) + 1] = im;
            }
    }
}

int main(int argc, char** argv)
{
    if (argc > 1)
        check_loaded_library(argv[1]);
    else
        printf("no library path given: not checking which libclFFT.so.2 was loaded\n");

    /* 1. clfftGetVersion */
    cl_uint major = 0, minor = 0, patch = 0;
    CHECK(clfftGetVersion(&major, &minor, &patch));
    printf("clfftGetVersion: %u.%u.%u\n", major, minor, patch);
    EXPECT(major == 2 && minor == 12);

    /* 2. clfftSetup (clfftInitSetupData is inline in clFFT 2.12's header) */
    clfftSetupData setup;
    CHECK(clfftInitSetupData(&setup));
    CHECK(clfftSetup(&setup));

    /* OpenCL: the test device (CLFFT_TEST_DEVICE, else the default device of the first platform
     * that has one; tests/support/cl_device_select.h). */
    cl_platform_id platform = NULL;
    cl_device_id device = NULL;
    char why[512] = {0};
    if (clfft_select_device(&platform, &device, NULL, NULL, why, sizeof why) != 0)
        fprintf(stderr, "abi_client: %s\n", why);
    EXPECT(device != NULL);
    cl_int err = CL_SUCCESS;
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    CHECK_CL(err);
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    CHECK_CL(err);

    /* 3. clfftCreateDefaultPlan and every setter, with valid values */
    clfftPlanHandle plan = 0;
    size_t lengths[2] = {N0, N1};
    size_t strides[2] = {1, N0};
    CHECK(clfftCreateDefaultPlan(&plan, context, CLFFT_2D, lengths));
    EXPECT(plan != 0);
    CHECK(clfftSetPlanDim(plan, CLFFT_2D));
    CHECK(clfftSetPlanLength(plan, CLFFT_2D, lengths));
    CHECK(clfftSetPlanPrecision(plan, CLFFT_SINGLE));
    CHECK(clfftSetLayout(plan, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED));
    CHECK(clfftSetResultLocation(plan, CLFFT_OUTOFPLACE));
    CHECK(clfftSetPlanBatchSize(plan, BATCH));
    CHECK(clfftSetPlanInStride(plan, CLFFT_2D, strides));
    CHECK(clfftSetPlanOutStride(plan, CLFFT_2D, strides));
    CHECK(clfftSetPlanDistance(plan, POINTS, POINTS));
    CHECK(clfftSetPlanTransposeResult(plan, CLFFT_NOTRANSPOSE));
    CHECK(clfftSetPlanScale(plan, CLFFT_FORWARD, 1.0f));
    CHECK(clfftSetPlanScale(plan, CLFFT_BACKWARD, 1.0f / POINTS));

    /* 4. every getter */
    {
        cl_context c = NULL;
        clfftPrecision prec = CLFFT_DOUBLE;
        cl_float scale = 0;
        size_t batch = 0, got[2] = {0, 0}, idist = 0, odist = 0;
        clfftDim dim = CLFFT_1D;
        cl_uint size = 0;
        clfftLayout il = CLFFT_REAL, ol = CLFFT_REAL;
        clfftResultLocation loc = CLFFT_INPLACE;
        clfftResultTransposed tr = CLFFT_TRANSPOSED;

        CHECK(clfftGetPlanContext(plan, &c));
        EXPECT(c == context);
        CHECK(clfftGetPlanPrecision(plan, &prec));
        EXPECT(prec == CLFFT_SINGLE);
        CHECK(clfftGetPlanScale(plan, CLFFT_FORWARD, &scale));
        EXPECT(scale == 1.0f);
        CHECK(clfftGetPlanScale(plan, CLFFT_BACKWARD, &scale));
        EXPECT(fabsf(scale - 1.0f / POINTS) < 1e-9f);
        CHECK(clfftGetPlanBatchSize(plan, &batch));
        EXPECT(batch == BATCH);
        CHECK(clfftGetPlanDim(plan, &dim, &size));
        EXPECT(dim == CLFFT_2D && size == 2);
        CHECK(clfftGetPlanLength(plan, CLFFT_2D, got));
        EXPECT(got[0] == N0 && got[1] == N1);
        CHECK(clfftGetPlanInStride(plan, CLFFT_2D, got));
        EXPECT(got[0] == 1 && got[1] == N0);
        CHECK(clfftGetPlanOutStride(plan, CLFFT_2D, got));
        EXPECT(got[0] == 1 && got[1] == N0);
        CHECK(clfftGetPlanDistance(plan, &idist, &odist));
        EXPECT(idist == POINTS && odist == POINTS);
        CHECK(clfftGetLayout(plan, &il, &ol));
        EXPECT(il == CLFFT_COMPLEX_INTERLEAVED && ol == CLFFT_COMPLEX_INTERLEAVED);
        CHECK(clfftGetResultLocation(plan, &loc));
        EXPECT(loc == CLFFT_OUTOFPLACE);
        CHECK(clfftGetPlanTransposeResult(plan, &tr));
        EXPECT(tr == CLFFT_NOTRANSPOSE);
    }

    /* 5. clfftCopyPlan; clfftSetPlanCallback on the copy, which is destroyed without a bake */
    {
        clfftPlanHandle copy = 0;
        size_t batch = 0;
        CHECK(clfftCopyPlan(&copy, context, plan));
        EXPECT(copy != 0 && copy != plan);
        CHECK(clfftGetPlanBatchSize(copy, &batch));
        EXPECT(batch == BATCH);
        static const char premul[] =
            "float2 premul(__global void* in, uint offset, __global void* userdata)\n"
            "{ return *((__global float2*)in + offset) * *((__global float*)userdata + offset); }\n";
        cl_mem userdata = clCreateBuffer(context, CL_MEM_READ_ONLY, POINTS * BATCH * sizeof(float), NULL, &err);
        CHECK_CL(err);
        CHECK(clfftSetPlanCallback(copy, "premul", premul, 0, PRECALLBACK, &userdata, 1));
        CHECK(clfftDestroyPlan(&copy));
        EXPECT(copy == 0);
        clReleaseMemObject(userdata);
    }

    /* 6. clfftBakePlan, clfftGetTmpBufSize, clfftLocalMemSize. (No pfn_notify: clFFT 2.12 answers
     * CLFFT_NOTIMPLEMENTED to a non-NULL one, so clients pass NULL.) */
    CHECK(clfftBakePlan(plan, 1, &queue, NULL, NULL));
    size_t tmpBytes = 0;
    CHECK(clfftGetTmpBufSize(plan, &tmpBytes));
    cl_mem tmp = NULL;
    if (tmpBytes > 0) {
        tmp = clCreateBuffer(context, CL_MEM_READ_WRITE, tmpBytes, NULL, &err);
        CHECK_CL(err);
    }
    if (!clfftLocalMemSize)
        fail(__LINE__, "libclFFT.so.2 does not export clfftLocalMemSize");
    cl_ulong localMem = 0;
    CHECK(clfftLocalMemSize(plan, &localMem));
    printf("tmp buffer %zu bytes, local memory %llu bytes\n", tmpBytes, (unsigned long long)localMem);

    /* 7. clfftEnqueueTransform: forward, out of place, batch 3 */
    const size_t count = 2 * POINTS * BATCH; /* floats */
    float* host = malloc(count * sizeof *host);
    float* result = malloc(count * sizeof *result);
    double* ref = malloc(count * sizeof *ref);
    EXPECT(host && result && ref);
    for (size_t i = 0; i < count; ++i)
        host[i] = (float)(sin(0.37 * (double)i) + 0.25 * cos(1.91 * (double)i * (double)(i % 7)));
    cl_mem in = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, count * sizeof(float), host, &err);
    CHECK_CL(err);
    cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, count * sizeof(float), NULL, &err);
    CHECK_CL(err);
    cl_event done = NULL;
    CHECK(clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &queue, 0, NULL, &done, &in, &out, tmp));
    EXPECT(done != NULL);
    CHECK_CL(clWaitForEvents(1, &done));
    clReleaseEvent(done);
    CHECK_CL(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, count * sizeof(float), result, 0, NULL, NULL));

    naive_dft_2d(host, ref, -1);
    double num = 0, den = 0;
    for (size_t i = 0; i < count; ++i) {
        const double d = (double)result[i] - ref[i];
        num += d * d;
        den += ref[i] * ref[i];
    }
    const double relErr = sqrt(num / den);
    printf("2D %dx%d batch %d forward: relative L2 error %.3g\n", N0, N1, BATCH, relErr);
    if (!(relErr < 1e-5))
        fail(__LINE__, "transform result differs from the naive DFT");

    /* 8. clfftDestroyPlan, clfftTeardown */
    CHECK(clfftDestroyPlan(&plan));
    EXPECT(plan == 0);
    CHECK(clfftTeardown());

    clReleaseMemObject(in);
    clReleaseMemObject(out);
    if (tmp)
        clReleaseMemObject(tmp);
    free(host);
    free(result);
    free(ref);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);

    printf("ABI client OK\n");
    return 0;
}
