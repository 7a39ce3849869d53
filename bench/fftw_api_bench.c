/* fftw-api-bench: one FFTW program timed on real FFTW (libfftw3f, 2 threads, FFTW_MEASURE) and on
 * our FFTW interface (libclfftw3f), both loaded with dlopen into this process so that their
 * runs alternate, plus the same transform through the clFFT API on device buffers (the
 * library's own time: enqueue + clFinish), to show what the host layer adds (issue 23).
 *
 *   fftw-api-bench [--rounds R] [--runs K] [--case c2c4096|c2c1024x1024|r2c4096]...
 *
 * Cases (single precision, forward, out of place): c2c 4096 x 1024 (batch), c2c 1024x1024 (2D),
 * r2c 4096 x 2048 (batch). The three take turns run by run (R x K runs of each); the time
 * reported is the median. Libraries: FFTW_LIB (default libfftw3f.so.3),
 * FFTW_THREADS_LIB (default libfftw3f_threads.so.3), CLFFTW_LIB (default libclfftw3f.so.3, found
 * through the run path of this program or LD_LIBRARY_PATH). The OpenCL device: CLFFTW_DEVICE
 * (CLFFT_TEST_DEVICE is copied into it when unset). */
#define _POSIX_C_SOURCE 200809L
#include <clFFT.h>
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cl_device_select.h"

typedef float cpx[2];
typedef void* plan_t;

struct api {
    const char* name;
    void* lib;
    plan_t (*plan_many_dft)(int, const int*, int, cpx*, const int*, int, int, cpx*, const int*, int, int, int,
                            unsigned);
    plan_t (*plan_dft_2d)(int, int, cpx*, cpx*, int, unsigned);
    plan_t (*plan_many_dft_r2c)(int, const int*, int, float*, const int*, int, int, cpx*, const int*, int, int,
                                unsigned);
    void (*execute)(plan_t);
    void (*destroy_plan)(plan_t);
    void* (*fmalloc)(size_t);
    void (*ffree)(void*);
};

#define FFTW_MEASURE_FLAG 0U
#define FFTW_ESTIMATE_FLAG (1U << 6)

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void* a, const void* b)
{
    const double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

static double median(double* v, int n)
{
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void* sym(void* lib, const char* name)
{
    void* p = dlsym(lib, name);
    if (!p) {
        fprintf(stderr, "fftw-api-bench: %s not found: %s\n", name, dlerror());
        exit(2);
    }
    return p;
}

static void load(struct api* a, const char* name, const char* path, const char* threadsPath)
{
    a->name = name;
    a->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!a->lib) {
        fprintf(stderr, "fftw-api-bench: cannot load %s: %s\n", path, dlerror());
        exit(2);
    }
    *(void**)&a->plan_many_dft = sym(a->lib, "fftwf_plan_many_dft");
    *(void**)&a->plan_dft_2d = sym(a->lib, "fftwf_plan_dft_2d");
    *(void**)&a->plan_many_dft_r2c = sym(a->lib, "fftwf_plan_many_dft_r2c");
    *(void**)&a->execute = sym(a->lib, "fftwf_execute");
    *(void**)&a->destroy_plan = sym(a->lib, "fftwf_destroy_plan");
    *(void**)&a->fmalloc = sym(a->lib, "fftwf_malloc");
    *(void**)&a->ffree = sym(a->lib, "fftwf_free");
    if (threadsPath) {
        /* libfftw3f_threads needs libfftw3f (its own dependency); both stay local */
        void* th = dlopen(threadsPath, RTLD_NOW | RTLD_LOCAL);
        if (!th) {
            fprintf(stderr, "fftw-api-bench: cannot load %s: %s\n", threadsPath, dlerror());
            exit(2);
        }
        int (*init)(void);
        void (*with)(int);
        *(void**)&init = sym(th, "fftwf_init_threads");
        *(void**)&with = sym(th, "fftwf_plan_with_nthreads");
        if (!init()) {
            fprintf(stderr, "fftw-api-bench: fftwf_init_threads failed\n");
            exit(2);
        }
        with(2);
    }
}

enum kind { C2C_BATCH, C2C_2D, R2C_BATCH };

struct bcase {
    const char* name;
    enum kind kind;
    int n, n1, batch;
};

static plan_t make_plan(struct api* a, const struct bcase* c, void* in, void* out, unsigned flags)
{
    int n[1] = {c->n};
    switch (c->kind) {
    case C2C_BATCH:
        return a->plan_many_dft(1, n, c->batch, (cpx*)in, NULL, 1, c->n, (cpx*)out, NULL, 1, c->n, -1, flags);
    case C2C_2D:
        return a->plan_dft_2d(c->n, c->n1, (cpx*)in, (cpx*)out, -1, flags);
    case R2C_BATCH:
        return a->plan_many_dft_r2c(1, n, c->batch, (float*)in, NULL, 1, c->n, (cpx*)out, NULL, 1, c->n / 2 + 1,
                                    flags);
    }
    return NULL;
}

/* The same transform through the clFFT API on device buffers: the library's own time. */
struct direct {
    cl_context ctx;
    cl_command_queue q;
    clfftPlanHandle plan;
    cl_mem in, out;
};

static int direct_make(struct direct* d, const struct bcase* c, size_t inBytes, size_t outBytes, const void* data)
{
    cl_platform_id platform;
    cl_device_id device;
    char err[512];
    if (clfft_select_device(&platform, &device, NULL, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "fftw-api-bench: %s\n", err);
        return -1;
    }
    cl_int e;
    d->ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &e);
    d->q = clCreateCommandQueue(d->ctx, device, 0, &e);
    clfftSetupData setup;
    clfftInitSetupData(&setup);
    clfftSetup(&setup);
    size_t len[2];
    clfftDim dim = CLFFT_1D;
    if (c->kind == C2C_2D) {
        len[0] = (size_t)c->n1;
        len[1] = (size_t)c->n;
        dim = CLFFT_2D;
    } else
        len[0] = (size_t)c->n;
    if (clfftCreateDefaultPlan(&d->plan, d->ctx, dim, len) != CLFFT_SUCCESS)
        return -1;
    clfftSetPlanPrecision(d->plan, CLFFT_SINGLE);
    clfftSetResultLocation(d->plan, CLFFT_OUTOFPLACE);
    if (c->kind == C2C_2D)
        clfftSetPlanBatchSize(d->plan, 1);
    else {
        clfftSetPlanBatchSize(d->plan, (size_t)c->batch);
        if (c->kind == R2C_BATCH) {
            clfftSetLayout(d->plan, CLFFT_REAL, CLFFT_HERMITIAN_INTERLEAVED);
            clfftSetPlanDistance(d->plan, (size_t)c->n, (size_t)(c->n / 2 + 1));
        } else
            clfftSetPlanDistance(d->plan, (size_t)c->n, (size_t)c->n);
    }
    if (clfftBakePlan(d->plan, 1, &d->q, NULL, NULL) != CLFFT_SUCCESS)
        return -1;
    d->in = clCreateBuffer(d->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, inBytes, (void*)data, &e);
    d->out = clCreateBuffer(d->ctx, CL_MEM_READ_WRITE, outBytes, NULL, &e);
    return 0;
}

static void direct_run(struct direct* d)
{
    clfftEnqueueTransform(d->plan, CLFFT_FORWARD, 1, &d->q, 0, NULL, NULL, &d->in, &d->out, NULL);
    clFinish(d->q);
}

static void direct_free(struct direct* d)
{
    clfftDestroyPlan(&d->plan);
    clReleaseMemObject(d->in);
    clReleaseMemObject(d->out);
    clReleaseCommandQueue(d->q);
    clReleaseContext(d->ctx);
}

int main(int argc, char** argv)
{
    int rounds = 5, runs = 5;
    const struct bcase all[] = {
        {"c2c 4096 x 1024", C2C_BATCH, 4096, 0, 1024},
        {"c2c 1024x1024", C2C_2D, 1024, 1024, 1},
        {"r2c 4096 x 2048", R2C_BATCH, 4096, 0, 2048},
    };
    int use[3] = {1, 1, 1};
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--case") && i + 1 < argc) {
            const char* c = argv[++i];
            use[0] = use[0] == 2 || !strcmp(c, "c2c4096") ? 2 : 0;
            use[1] = use[1] == 2 || !strcmp(c, "c2c1024x1024") ? 2 : 0;
            use[2] = use[2] == 2 || !strcmp(c, "r2c4096") ? 2 : 0;
        } else {
            fprintf(stderr, "usage: %s [--rounds R] [--runs K] [--case c2c4096|c2c1024x1024|r2c4096]...\n", argv[0]);
            return 2;
        }
    }
    if (rounds < 1 || runs < 1)
        return 2;
    if (!getenv("CLFFTW_DEVICE") && getenv("CLFFT_TEST_DEVICE"))
        setenv("CLFFTW_DEVICE", getenv("CLFFT_TEST_DEVICE"), 1);
    const char* fftwPath = getenv("FFTW_LIB") ? getenv("FFTW_LIB") : "libfftw3f.so.3";
    const char* threadsPath = getenv("FFTW_THREADS_LIB") ? getenv("FFTW_THREADS_LIB") : "libfftw3f_threads.so.3";
    const char* oursPath = getenv("CLFFTW_LIB") ? getenv("CLFFTW_LIB") : "libclfftw3f.so.3";
    struct api fftw, ours;
    load(&fftw, "FFTW", fftwPath, threadsPath);
    load(&ours, "clfftw3", oursPath, NULL);

    printf("| case | FFTW 2 threads ms | clfftw3 ms | clFFT API ms | clfftw3 / FFTW speed | layer overhead |\n");
    printf("|---|---:|---:|---:|---:|---:|\n");
    for (int ci = 0; ci < 3; ++ci) {
        if (!use[ci])
            continue;
        const struct bcase* c = &all[ci];
        const size_t points = c->kind == C2C_2D ? (size_t)c->n * (size_t)c->n1 : (size_t)c->n * (size_t)c->batch;
        const size_t inBytes = c->kind == R2C_BATCH ? points * sizeof(float) : points * sizeof(cpx);
        const size_t outBytes =
            c->kind == R2C_BATCH ? (size_t)(c->n / 2 + 1) * (size_t)c->batch * sizeof(cpx) : points * sizeof(cpx);
        void *fin = fftw.fmalloc(inBytes), *fout = fftw.fmalloc(outBytes);
        void *oin = ours.fmalloc(inBytes), *oout = ours.fmalloc(outBytes);
        double t0 = now();
        plan_t fp = make_plan(&fftw, c, fin, fout, FFTW_MEASURE_FLAG);
        const double fplan = now() - t0;
        t0 = now();
        plan_t op = make_plan(&ours, c, oin, oout, FFTW_MEASURE_FLAG);
        const double oplan = now() - t0;
        if (!fp || !op) {
            fprintf(stderr, "fftw-api-bench: %s: a planner returned NULL\n", c->name);
            return 1;
        }
        /* the same input for both, written after planning (MEASURE may overwrite the arrays) */
        float* src = (float*)malloc(inBytes);
        for (size_t i = 0; i < inBytes / sizeof(float); ++i)
            src[i] = (float)((i * 2654435761u) % 1000) / 500.0f - 1.0f;
        memcpy(fin, src, inBytes);
        memcpy(oin, src, inBytes);
        struct direct d;
        if (direct_make(&d, c, inBytes, outBytes, src) != 0) {
            fprintf(stderr, "fftw-api-bench: %s: the clFFT plan failed\n", c->name);
            return 1;
        }
        /* warm-up */
        fftw.execute(fp);
        ours.execute(op);
        direct_run(&d);
        double* tf = (double*)malloc(sizeof(double) * (size_t)(rounds * runs));
        double* to = (double*)malloc(sizeof(double) * (size_t)(rounds * runs));
        double* td = (double*)malloc(sizeof(double) * (size_t)(rounds * runs));
        int k = 0;
        /* one run of each in turn, so that the load of a shared machine hits all three alike; the
         * order of clfftw3 and the clFFT API alternates (the one after FFTW finds colder caches) */
        for (k = 0; k < rounds * runs; ++k) {
            t0 = now();
            fftw.execute(fp);
            tf[k] = now() - t0;
            for (int j = 0; j < 2; ++j) {
                if ((j == 0) == (k % 2 == 0)) {
                    t0 = now();
                    ours.execute(op);
                    to[k] = now() - t0;
                } else {
                    t0 = now();
                    direct_run(&d);
                    td[k] = now() - t0;
                }
            }
        }
        /* the two FFTW-interface results agree (a sanity check, not a test) */
        double num = 0, den = 0;
        const float* a = (const float*)fout;
        const float* b = (const float*)oout;
        for (size_t i = 0; i < outBytes / sizeof(float); ++i) {
            num += ((double)a[i] - b[i]) * ((double)a[i] - b[i]);
            den += (double)a[i] * a[i];
        }
        const double mf = median(tf, k), mo = median(to, k), md = median(td, k);
        printf("| %s | %.2f | %.2f | %.2f | %.2f | %+.0f%% |\n", c->name, 1e3 * mf, 1e3 * mo, 1e3 * md, mf / mo,
               100.0 * (mo / md - 1.0));
        fprintf(stderr, "%s: planning FFTW %.2f s, clfftw3 %.2f s; rel. L2 clfftw3 vs FFTW %.2e\n", c->name, fplan,
                oplan, sqrt(num / (den > 0 ? den : 1)));
        fflush(stdout);
        direct_free(&d);
        fftw.destroy_plan(fp);
        ours.destroy_plan(op);
        fftw.ffree(fin);
        fftw.ffree(fout);
        ours.ffree(oin);
        ours.ffree(oout);
        free(src);
        free(tf);
        free(to);
        free(td);
    }
    return 0;
}
