/* Differential test driver: a seeded random sequence of clFFT 2.x API calls.
 *
 * Compiled against clFFT 2.12's own header (Debian's /usr/include/clFFT.h) and linked to
 * libclFFT.so.2 by soname, so the same binary runs on clFFT 2.12 or on clfft-ng depending on
 * LD_LIBRARY_PATH. run_differential.sh runs it on both and compares the output.
 *
 * Output: one line per API call, "K name args -> STATUS [values]". The part before " -> " is
 * printed and flushed before the call, so a crash inside the library leaves "K name args" as the
 * last (incomplete) line. A successful enqueue is followed by a line
 * "K result n=COUNT v v v ..." holding every logical output value (%.6e); the runner compares
 * these numerically with a tolerance relative to the line's largest magnitude.
 *
 * Handles are never printed (they differ between libraries): plans are named by slot.
 * The sequence of calls depends on the seed and on what the calls returned so far; up to the
 * first divergence both runs therefore make exactly the same calls.
 *
 * usage: diff_driver SEED [STEPS]
 */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#ifndef CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#endif
#include <clFFT.h>
#include "cl_device_select.h" /* tests/support: CLFFT_TEST_DEVICE */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- random numbers */
static uint64_t rng_state;
static uint64_t rnd64(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static int rnd(int n) { return (int)(rnd64() % (uint64_t)n); }          /* 0..n-1 */
static int chance(double p) { return (double)(rnd64() >> 11) / 9007199254740992.0 < p; }
static double p_bad; /* per-seed probability of a deliberately invalid argument */

/* data values: a fixed function of (buffer, index), independent of the run */
static double datum(unsigned buf, size_t i)
{
    uint64_t z = (uint64_t)i * 0x9E3779B97F4A7C15ull + buf * 0xD1B54A32D192ED03ull + 12345;
    z = (z ^ (z >> 29)) * 0xBF58476D1CE4E5B9ull;
    z ^= z >> 32;
    return (double)(z % 2001) / 1000.0 - 1.0;
}

/* ---------------------------------------------------------------- printing */
static int callno = 0;
static const char *status_name(clfftStatus s)
{
    switch ((int)s) {
    case CLFFT_SUCCESS: return "SUCCESS";
    case CLFFT_INVALID_GLOBAL_WORK_SIZE: return "INVALID_GLOBAL_WORK_SIZE";
    case CLFFT_INVALID_MIP_LEVEL: return "INVALID_MIP_LEVEL";
    case CLFFT_INVALID_BUFFER_SIZE: return "INVALID_BUFFER_SIZE";
    case CLFFT_INVALID_GL_OBJECT: return "INVALID_GL_OBJECT";
    case CLFFT_INVALID_OPERATION: return "INVALID_OPERATION";
    case CLFFT_INVALID_EVENT: return "INVALID_EVENT";
    case CLFFT_INVALID_EVENT_WAIT_LIST: return "INVALID_EVENT_WAIT_LIST";
    case CLFFT_INVALID_GLOBAL_OFFSET: return "INVALID_GLOBAL_OFFSET";
    case CLFFT_INVALID_WORK_ITEM_SIZE: return "INVALID_WORK_ITEM_SIZE";
    case CLFFT_INVALID_WORK_GROUP_SIZE: return "INVALID_WORK_GROUP_SIZE";
    case CLFFT_INVALID_WORK_DIMENSION: return "INVALID_WORK_DIMENSION";
    case CLFFT_INVALID_KERNEL_ARGS: return "INVALID_KERNEL_ARGS";
    case CLFFT_INVALID_ARG_SIZE: return "INVALID_ARG_SIZE";
    case CLFFT_INVALID_ARG_VALUE: return "INVALID_ARG_VALUE";
    case CLFFT_INVALID_ARG_INDEX: return "INVALID_ARG_INDEX";
    case CLFFT_INVALID_KERNEL: return "INVALID_KERNEL";
    case CLFFT_INVALID_KERNEL_DEFINITION: return "INVALID_KERNEL_DEFINITION";
    case CLFFT_INVALID_KERNEL_NAME: return "INVALID_KERNEL_NAME";
    case CLFFT_INVALID_PROGRAM_EXECUTABLE: return "INVALID_PROGRAM_EXECUTABLE";
    case CLFFT_INVALID_PROGRAM: return "INVALID_PROGRAM";
    case CLFFT_INVALID_BUILD_OPTIONS: return "INVALID_BUILD_OPTIONS";
    case CLFFT_INVALID_BINARY: return "INVALID_BINARY";
    case CLFFT_INVALID_SAMPLER: return "INVALID_SAMPLER";
    case CLFFT_INVALID_IMAGE_SIZE: return "INVALID_IMAGE_SIZE";
    case CLFFT_INVALID_IMAGE_FORMAT_DESCRIPTOR: return "INVALID_IMAGE_FORMAT_DESCRIPTOR";
    case CLFFT_INVALID_MEM_OBJECT: return "INVALID_MEM_OBJECT";
    case CLFFT_INVALID_HOST_PTR: return "INVALID_HOST_PTR";
    case CLFFT_INVALID_COMMAND_QUEUE: return "INVALID_COMMAND_QUEUE";
    case CLFFT_INVALID_QUEUE_PROPERTIES: return "INVALID_QUEUE_PROPERTIES";
    case CLFFT_INVALID_CONTEXT: return "INVALID_CONTEXT";
    case CLFFT_INVALID_DEVICE: return "INVALID_DEVICE";
    case CLFFT_INVALID_PLATFORM: return "INVALID_PLATFORM";
    case CLFFT_INVALID_DEVICE_TYPE: return "INVALID_DEVICE_TYPE";
    case CLFFT_INVALID_VALUE: return "INVALID_VALUE";
    case CLFFT_MAP_FAILURE: return "MAP_FAILURE";
    case CLFFT_BUILD_PROGRAM_FAILURE: return "BUILD_PROGRAM_FAILURE";
    case CLFFT_IMAGE_FORMAT_NOT_SUPPORTED: return "IMAGE_FORMAT_NOT_SUPPORTED";
    case CLFFT_IMAGE_FORMAT_MISMATCH: return "IMAGE_FORMAT_MISMATCH";
    case CLFFT_MEM_COPY_OVERLAP: return "MEM_COPY_OVERLAP";
    case CLFFT_PROFILING_INFO_NOT_AVAILABLE: return "PROFILING_INFO_NOT_AVAILABLE";
    case CLFFT_OUT_OF_HOST_MEMORY: return "OUT_OF_HOST_MEMORY";
    case CLFFT_OUT_OF_RESOURCES: return "OUT_OF_RESOURCES";
    case CLFFT_MEM_OBJECT_ALLOCATION_FAILURE: return "MEM_OBJECT_ALLOCATION_FAILURE";
    case CLFFT_COMPILER_NOT_AVAILABLE: return "COMPILER_NOT_AVAILABLE";
    case CLFFT_DEVICE_NOT_AVAILABLE: return "DEVICE_NOT_AVAILABLE";
    case CLFFT_DEVICE_NOT_FOUND: return "DEVICE_NOT_FOUND";
    case CLFFT_BUGCHECK: return "BUGCHECK";
    case CLFFT_NOTIMPLEMENTED: return "NOTIMPLEMENTED";
    case CLFFT_TRANSPOSED_NOTIMPLEMENTED: return "TRANSPOSED_NOTIMPLEMENTED";
    case CLFFT_FILE_NOT_FOUND: return "FILE_NOT_FOUND";
    case CLFFT_FILE_CREATE_FAILURE: return "FILE_CREATE_FAILURE";
    case CLFFT_VERSION_MISMATCH: return "VERSION_MISMATCH";
    case CLFFT_INVALID_PLAN: return "INVALID_PLAN";
    case CLFFT_DEVICE_NO_DOUBLE: return "DEVICE_NO_DOUBLE";
    case CLFFT_DEVICE_MISMATCH: return "DEVICE_MISMATCH";
    default: return "OTHER";
    }
}

static void begin(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
static void begin(const char *fmt, ...)
{
    va_list ap;
    printf("%d ", ++callno);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
}
static void end(clfftStatus s) { printf(" -> %s(%d)", status_name(s), (int)s); }
static void endl(clfftStatus s) { end(s); printf("\n"); fflush(stdout); }

/* ---------------------------------------------------------------- OpenCL */
static cl_context ctx;
static cl_command_queue queue;
static cl_device_id device;
static int has_double;

static void cl_init(void)
{
    /* The test device: CLFFT_TEST_DEVICE, else the first platform's default device. */
    cl_platform_id plat = NULL;
    char why[512] = {0};
    if (clfft_select_device(&plat, &device, NULL, NULL, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        exit(77);
    }
    do {
        cl_int err;
        cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
        ctx = clCreateContext(props, 1, &device, NULL, NULL, &err);
        if (err != CL_SUCCESS) break;
        queue = clCreateCommandQueue(ctx, device, 0, &err);
        if (err != CL_SUCCESS) break;
        cl_device_fp_config fp = 0;
        clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp, &fp, NULL);
        has_double = fp != 0;
        return;
    } while (0);
    fprintf(stderr, "no OpenCL device\n");
    exit(77);
}

/* ---------------------------------------------------------------- plan slots */
#define NSLOTS 4
static clfftPlanHandle slot[NSLOTS];
static int slot_live[NSLOTS];   /* the driver believes the handle is alive */
static int slot_cb[NSLOTS];     /* a callback was set successfully */
/* layouts and precision the callback was written for: a plan whose layouts or precision changed
   since would run a callback of the wrong prototype (out-of-bounds stores in any library) */
static int slot_cb_stale[NSLOTS]; /* layouts or precision set since: decided from statuses alone */
/* the plan was baked (explicitly or by an enqueue). clFFT 2.12 aborts (assertion
 * "NULL == const_buffer" in FFTPlan::AllocateBuffers) when some plans are baked a second time
 * after a setter, which ends the comparison of a sequence: changing a baked plan is kept rare. */
static int slot_baked[NSLOTS];

static int pick_live(void)
{
    int live[NSLOTS], n = 0;
    for (int i = 0; i < NSLOTS; ++i)
        if (slot_live[i]) live[n++] = i;
    return n ? live[rnd(n)] : -1;
}
static int pick_free(void)
{
    for (int i = 0; i < NSLOTS; ++i)
        if (!slot_live[i]) return i;
    return -1;
}

/* No length 1: clFFT's bake drops length-1 dimensions from the plan its getters then describe
   (ours keeps the plan as set; both compute the same transform), which would end every such
   sequence at the next getter. docs/compatibility.md lists the difference. */
static const size_t good_lengths[] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21,
                                      24, 25, 27, 28, 30, 32, 35, 36, 40, 45, 49, 48, 60, 64};
/* clFFT 2.12 supports lengths whose factors are 2, 3, 5, 7, 11 and 13 only (NOTIMPLEMENTED
 * otherwise, where clfft-ng computes them): lengths outside that set are a deliberate extension
 * and are not generated. */
static const size_t prime_lengths[] = {11, 13, 22, 26, 33, 39, 44, 52, 55, 65};

static size_t pick_length(int dims)
{
    /* keep multi-dimensional plans tiny */
    int n = (int)(sizeof good_lengths / sizeof good_lengths[0]);
    if (chance(0.08)) return prime_lengths[rnd((int)(sizeof prime_lengths / sizeof prime_lengths[0]))];
    if (dims == 1) return good_lengths[rnd(n)];
    if (dims == 2) return good_lengths[rnd(20)];
    return good_lengths[rnd(12)];
}
static size_t pick_bad_size(void)
{
    static const size_t v[] = {0, 0, 2, 3, 1024, 0x100000000ull, (size_t)-1, (size_t)-2, 65536};
    return v[rnd((int)(sizeof v / sizeof v[0]))];
}
static int pick_enum(int lo, int hi) /* mostly in [lo,hi], sometimes outside */
{
    if (chance(p_bad)) {
        static const int bad[] = {0, -1, 4, 5, 6, 99, 0x7fffffff, -2};
        return bad[rnd(8)];
    }
    return lo + rnd(hi - lo + 1);
}

static void print_sizes(const size_t *v, int n)
{
    for (int i = 0; i < n; ++i) {
        if (v[i] == (size_t)0xdeadbeef) printf(" _");
        else printf(" %zu", v[i]);
    }
}

/* ---------------------------------------------------------------- plan description from the getters */
typedef struct {
    int dim;
    size_t len[3], is[3], os[3], idist, odist, batch;
    int il, ol, place, prec, transposed;
} PlanInfo;

static int query(clfftPlanHandle h, PlanInfo *p)
{
    clfftDim d; cl_uint sz; clfftLayout il, ol; clfftResultLocation pl; clfftPrecision pr;
    clfftResultTransposed tr;
    memset(p, 0, sizeof *p);
    if (clfftGetPlanDim(h, &d, &sz) != CLFFT_SUCCESS || sz < 1 || sz > 3) return 0;
    p->dim = (int)sz;
    for (int i = 0; i < 3; ++i) p->len[i] = p->is[i] = p->os[i] = 1;
    if (clfftGetPlanLength(h, d, p->len) != CLFFT_SUCCESS) return 0;
    if (clfftGetPlanInStride(h, d, p->is) != CLFFT_SUCCESS) return 0;
    if (clfftGetPlanOutStride(h, d, p->os) != CLFFT_SUCCESS) return 0;
    if (clfftGetPlanDistance(h, &p->idist, &p->odist) != CLFFT_SUCCESS) return 0;
    if (clfftGetPlanBatchSize(h, &p->batch) != CLFFT_SUCCESS) return 0;
    if (clfftGetLayout(h, &il, &ol) != CLFFT_SUCCESS) return 0;
    if (clfftGetResultLocation(h, &pl) != CLFFT_SUCCESS) return 0;
    if (clfftGetPlanPrecision(h, &pr) != CLFFT_SUCCESS) return 0;
    if (clfftGetPlanTransposeResult(h, &tr) != CLFFT_SUCCESS) return 0;
    p->il = il; p->ol = ol; p->place = pl; p->prec = pr; p->transposed = tr;
    for (int i = p->dim; i < 3; ++i) p->len[i] = 1;
    for (int i = 0; i < p->dim; ++i)
        if (p->len[i] == 0 || p->len[i] > 4096) return 0;
    if (p->batch == 0 || p->batch > 64) return 0;
    return 1;
}

/* logical shape of one side: which lengths it has */
static void side_shape(const PlanInfo *p, int out, size_t shape[3])
{
    int layout = out ? p->ol : p->il;
    for (int i = 0; i < 3; ++i) shape[i] = p->len[i];
    if (layout == CLFFT_HERMITIAN_INTERLEAVED || layout == CLFFT_HERMITIAN_PLANAR) shape[0] = p->len[0] / 2 + 1;
    if (out && p->transposed == CLFFT_TRANSPOSED && p->dim == 2) {
        size_t t = shape[0]; shape[0] = shape[1]; shape[1] = t;
    }
}
static size_t elem_offset(const PlanInfo *p, int out, size_t b, const size_t idx[3])
{
    const size_t *st = out ? p->os : p->is;
    size_t dist = out ? p->odist : p->idist;
    size_t off = b * dist;
    for (int d = 0; d < p->dim; ++d) off += idx[d] * st[d];
    return off;
}
/* number of elements (complex or real) a side's buffer must hold */
static size_t side_extent(const PlanInfo *p, int out)
{
    size_t shape[3], idx[3], mx = 0;
    side_shape(p, out, shape);
    for (int d = 0; d < 3; ++d) idx[d] = shape[d] - 1;
    for (int d = p->dim; d < 3; ++d) idx[d] = 0;
    mx = elem_offset(p, out, p->batch - 1, idx) + 1;
    /* distances of 0 or smaller than a transform: take the largest reach over the batch */
    for (size_t b = 0; b < p->batch; ++b) {
        size_t o = elem_offset(p, out, b, idx) + 1;
        if (o > mx) mx = o;
    }
    return mx;
}
static int is_complex_layout(int l) { return l >= CLFFT_COMPLEX_INTERLEAVED && l <= CLFFT_HERMITIAN_PLANAR; }
static int is_planar(int l) { return l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR; }

/* ---------------------------------------------------------------- host reference data for C2R */
/* value of element (b, idx) of a side, as (re, im); for C2R input, the spectrum of a real signal */
static void input_value(const PlanInfo *p, size_t b, const size_t idx[3], double *re, double *im)
{
    if (p->ol == CLFFT_REAL && is_complex_layout(p->il)) {
        /* X[k] = sum_n x[n] exp(-2 pi i k.n/N), x real = datum(7, flat(n) + b*N) */
        size_t N = p->len[0] * p->len[1] * p->len[2];
        double sr = 0, si = 0;
        for (size_t n2 = 0; n2 < p->len[2]; ++n2)
            for (size_t n1 = 0; n1 < p->len[1]; ++n1)
                for (size_t n0 = 0; n0 < p->len[0]; ++n0) {
                    double x = datum(7, b * N + n0 + p->len[0] * (n1 + p->len[1] * n2));
                    double ph = -2 * M_PI * ((double)(idx[0] * n0 % p->len[0]) / p->len[0] +
                                             (double)(idx[1] * n1 % p->len[1]) / p->len[1] +
                                             (double)(idx[2] * n2 % p->len[2]) / p->len[2]);
                    sr += x * cos(ph);
                    si += x * sin(ph);
                }
        *re = sr / sqrt((double)N);
        *im = si / sqrt((double)N);
        return;
    }
    /* a function of the row-major logical index: clFFT's bake drops dimensions of length 1 from
       the plan its getters then describe, which must not change the data */
    size_t flat = b * 1000003u + idx[0] + p->len[0] * (idx[1] + p->len[1] * idx[2]);
    *re = datum(1, flat);
    *im = datum(2, flat);
}

/* ---------------------------------------------------------------- buffers */
typedef struct {
    cl_mem m[2];
    size_t bytes;
    int n; /* 1 or 2 */
} Side;

static void release_side(Side *s)
{
    for (int i = 0; i < s->n; ++i)
        if (s->m[i]) clReleaseMemObject(s->m[i]);
    s->n = 0;
}

static int make_side(Side *s, size_t bytes, unsigned fillbuf)
{
    cl_int err;
    s->n = 0;
    s->bytes = bytes;
    for (int i = 0; i < 2; ++i) {
        s->m[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
        if (err != CL_SUCCESS) return 0;
        s->n++;
        /* background pattern: whatever lies outside the logical data */
        unsigned char *h = malloc(bytes);
        for (size_t k = 0; k < bytes; ++k) h[k] = (unsigned char)(0x40 + (fillbuf + k) % 7);
        clEnqueueWriteBuffer(queue, s->m[i], CL_TRUE, 0, bytes, h, 0, NULL, NULL);
        free(h);
    }
    return 1;
}

/* write the input's logical elements into the side's buffers */
static void fill_input(const PlanInfo *p, Side *s)
{
    int dbl = p->prec == CLFFT_DOUBLE || p->prec == CLFFT_DOUBLE_FAST;
    size_t es = dbl ? 8 : 4;
    unsigned char *h[2];
    for (int i = 0; i < 2; ++i) {
        h[i] = malloc(s->bytes);
        clEnqueueReadBuffer(queue, s->m[i], CL_TRUE, 0, s->bytes, h[i], 0, NULL, NULL);
    }
    size_t shape[3], idx[3];
    side_shape(p, 0, shape);
    for (size_t b = 0; b < p->batch; ++b)
        for (idx[2] = 0; idx[2] < (p->dim > 2 ? shape[2] : 1); ++idx[2])
            for (idx[1] = 0; idx[1] < (p->dim > 1 ? shape[1] : 1); ++idx[1])
                for (idx[0] = 0; idx[0] < shape[0]; ++idx[0]) {
                    double re, im;
                    input_value(p, b, idx, &re, &im);
                    size_t off = elem_offset(p, 0, b, idx);
                    size_t pos[2];
                    int nv, buf[2];
                    if (p->il == CLFFT_REAL) { nv = 1; pos[0] = off; buf[0] = 0; }
                    else if (is_planar(p->il)) { nv = 2; pos[0] = pos[1] = off; buf[0] = 0; buf[1] = 1; }
                    else { nv = 2; pos[0] = 2 * off; pos[1] = 2 * off + 1; buf[0] = buf[1] = 0; }
                    double v[2] = {re, im};
                    for (int k = 0; k < nv; ++k) {
                        if ((pos[k] + 1) * es > s->bytes) continue;
                        if (dbl) memcpy(h[buf[k]] + pos[k] * es, &v[k], 8);
                        else { float f = (float)v[k]; memcpy(h[buf[k]] + pos[k] * es, &f, 4); }
                    }
                }
    for (int i = 0; i < s->n; ++i) {
        clEnqueueWriteBuffer(queue, s->m[i], CL_TRUE, 0, s->bytes, h[i], 0, NULL, NULL);
    }
    for (int i = 0; i < 2; ++i) free(h[i]);
}

/* print the output's logical elements */
static void print_output(const PlanInfo *p, Side *s)
{
    int dbl = p->prec == CLFFT_DOUBLE || p->prec == CLFFT_DOUBLE_FAST;
    size_t es = dbl ? 8 : 4;
    unsigned char *h[2] = {NULL, NULL};
    for (int i = 0; i < s->n; ++i) {
        h[i] = malloc(s->bytes);
        clEnqueueReadBuffer(queue, s->m[i], CL_TRUE, 0, s->bytes, h[i], 0, NULL, NULL);
    }
    size_t shape[3], idx[3], count = 0;
    side_shape(p, 1, shape);
    for (int d = p->dim; d < 3; ++d) shape[d] = 1;
    count = shape[0] * shape[1] * shape[2] * p->batch;
    printf("%d result n=%zu", callno, count);
    for (size_t b = 0; b < p->batch; ++b)
        for (idx[2] = 0; idx[2] < shape[2]; ++idx[2])
            for (idx[1] = 0; idx[1] < shape[1]; ++idx[1])
                for (idx[0] = 0; idx[0] < shape[0]; ++idx[0]) {
                    size_t off = elem_offset(p, 1, b, idx);
                    size_t pos[2];
                    int nv, buf[2];
                    if (p->ol == CLFFT_REAL) { nv = 1; pos[0] = off; buf[0] = 0; }
                    else if (is_planar(p->ol)) { nv = 2; pos[0] = pos[1] = off; buf[0] = 0; buf[1] = 1; }
                    else { nv = 2; pos[0] = 2 * off; pos[1] = 2 * off + 1; buf[0] = buf[1] = 0; }
                    for (int k = 0; k < nv; ++k) {
                        double v;
                        if ((pos[k] + 1) * es > s->bytes || buf[k] >= s->n) { printf(" x"); continue; }
                        if (dbl) memcpy(&v, h[buf[k]] + pos[k] * es, 8);
                        else { float f; memcpy(&f, h[buf[k]] + pos[k] * es, 4); v = f; }
                        printf(" %.6e", v);
                    }
                }
    printf("\n");
    fflush(stdout);
    for (int i = 0; i < 2; ++i) free(h[i]);
}

/* ---------------------------------------------------------------- actions */
static const char *dirname_(int d)
{
    static char buf[32];
    if (d == CLFFT_FORWARD) return "FORWARD";
    if (d == CLFFT_BACKWARD) return "BACKWARD";
    if (d == ENDDIRECTION) return "ENDDIRECTION";
    snprintf(buf, sizeof buf, "%d", d);
    return buf;
}

static void act_setup(void)
{
    clfftSetupData sd;
    int v = rnd(10);
    clfftStatus s;
    if (v < 4) {
        begin("clfftSetup NULL");
        s = clfftSetup(NULL);
    } else if (v < 7) {
        clfftInitSetupData(&sd);
        begin("clfftSetup init");
        s = clfftSetup(&sd);
    } else if (v < 8) {
        memset(&sd, 0, sizeof sd);
        begin("clfftSetup zeroed");
        s = clfftSetup(&sd);
    } else {
        clfftInitSetupData(&sd);
        sd.major = (cl_uint)(rnd(2) ? 3 : 1);
        sd.minor = 99;
        sd.patch = 7;
        begin("clfftSetup major=%u minor=99", sd.major);
        s = clfftSetup(&sd);
    }
    endl(s);
}

static void act_teardown(void)
{
    begin("clfftTeardown");
    clfftStatus s = clfftTeardown();
    endl(s);
    for (int i = 0; i < NSLOTS; ++i) { slot_live[i] = 0; slot[i] = 0; slot_cb[i] = 0; slot_baked[i] = 0; }
}

static void act_version(void)
{
    cl_uint a = 0, b = 0, c = 0;
    begin("clfftGetVersion");
    clfftStatus s = clfftGetVersion(&a, &b, &c);
    end(s);
    printf(" major=%u\n", a); /* minor/patch may legitimately differ */
    fflush(stdout);
}

static void act_create_in(int i, int dim)
{
    size_t lens[3] = {pick_length(dim), pick_length(dim), pick_length(dim)};
    begin("clfftCreateDefaultPlan slot=%d ctx=ok dim=%d lengths=%zu,%zu,%zu out=ok", i, dim, lens[0],
          dim > 1 ? lens[1] : 0, dim > 2 ? lens[2] : 0);
    clfftStatus s = clfftCreateDefaultPlan(&slot[i], ctx, (clfftDim)dim, lens);
    endl(s);
    if (s == CLFFT_SUCCESS) { slot_live[i] = 1; slot_cb[i] = 0; slot_baked[i] = 0; }
}

static void act_create(void)
{
    int i = pick_free();
    if (i < 0) return;
    int dim = rnd(10) < 6 ? 1 : (rnd(3) ? 2 : 3);
    size_t lens[3] = {pick_length(dim), pick_length(dim), pick_length(dim)};
    cl_context c = ctx;
    clfftPlanHandle *out = &slot[i];
    int baddim = dim;
    if (chance(p_bad)) {
        switch (rnd(5)) {
        case 0: c = NULL; break;
        case 1: baddim = pick_enum(1, 3); if (baddim >= 1 && baddim <= 3) baddim = 4; break;
        case 2: lens[rnd(dim)] = 0; break;
        case 3: lens[0] = pick_bad_size(); break;
        case 4: out = NULL; break;
        }
    }
    begin("clfftCreateDefaultPlan slot=%d ctx=%s dim=%d lengths=%zu,%zu,%zu out=%s", i, c ? "ok" : "NULL",
          baddim, lens[0], baddim > 1 ? lens[1] : 0, baddim > 2 ? lens[2] : 0, out ? "ok" : "NULL");
    clfftStatus s = clfftCreateDefaultPlan(out, c, (clfftDim)baddim, lens);
    endl(s);
    if (s == CLFFT_SUCCESS && out) { slot_live[i] = 1; slot_cb[i] = 0; slot_baked[i] = 0; }
}

/* set up a complete, valid plan description on a live slot */
static void act_create_in(int i, int dim);
static void act_configure(void)
{
    int i = pick_live();
    if (i < 0) return;
    clfftStatus s;
    if (slot_baked[i] && rnd(10)) {
        /* a fresh plan rather than changing a baked one */
        begin("clfftDestroyPlan slot=%d", i);
        s = clfftDestroyPlan(&slot[i]);
        endl(s);
        if (s != CLFFT_SUCCESS) return;
        slot_live[i] = 0;
        act_create_in(i, 1 + rnd(3));
        if (!slot_live[i]) return;
    }
    clfftPlanHandle h = slot[i];
    int dim = rnd(10) < 6 ? 1 : (rnd(3) ? 2 : 3);
    size_t L[3] = {pick_length(dim), dim > 1 ? pick_length(dim) : 1, dim > 2 ? pick_length(dim) : 1};
    /* kind: 0..3 C2C (II, IP, PI, PP), 4 R2C HI, 5 R2C HP, 6 C2R HI, 7 C2R HP */
    int kind = rnd(8);
    int il, ol;
    switch (kind) {
    case 0: il = ol = CLFFT_COMPLEX_INTERLEAVED; break;
    case 1: il = CLFFT_COMPLEX_INTERLEAVED; ol = CLFFT_COMPLEX_PLANAR; break;
    case 2: il = CLFFT_COMPLEX_PLANAR; ol = CLFFT_COMPLEX_INTERLEAVED; break;
    case 3: il = ol = CLFFT_COMPLEX_PLANAR; break;
    case 4: il = CLFFT_REAL; ol = CLFFT_HERMITIAN_INTERLEAVED; break;
    case 5: il = CLFFT_REAL; ol = CLFFT_HERMITIAN_PLANAR; break;
    case 6: il = CLFFT_HERMITIAN_INTERLEAVED; ol = CLFFT_REAL; break;
    default: il = CLFFT_HERMITIAN_PLANAR; ol = CLFFT_REAL; break;
    }
    int real = kind >= 4;
    int inplace = (il == ol || (real && !is_planar(il) && !is_planar(ol))) ? rnd(2) : 0;
    int prec = (has_double && rnd(3) == 0) ? CLFFT_DOUBLE : CLFFT_SINGLE;
    size_t batch = (size_t)(1 + (rnd(3) == 0 ? rnd(4) : 0));
    int transposed = (!real && dim == 2 && !inplace && rnd(6) == 0);

    /* strides: 0 = keep the plan's lengths and strides (only C2C, no transpose), 1 = packed,
     * 2 = padded/strided. Mode 0 keeps the rank and lengths as created: clFFT re-derives no
     * strides when lengths change, clfft-ng does (a known, deliberate difference). */
    int smode = real || transposed ? 1 + rnd(2) : (rnd(6) == 0 ? 0 : 1 + rnd(2));
    if (smode == 0) {
        PlanInfo cur;
        if (!query(h, &cur)) return;
        dim = cur.dim;
        L[0] = cur.len[0]; L[1] = cur.len[1]; L[2] = cur.len[2];
    } else {
        begin("clfftSetPlanDim slot=%d dim=%d", i, dim);
        s = clfftSetPlanDim(h, (clfftDim)dim);
        endl(s);
        begin("clfftSetPlanLength slot=%d dim=%d lengths=%zu,%zu,%zu", i, dim, L[0], L[1], L[2]);
        s = clfftSetPlanLength(h, (clfftDim)dim, L);
        endl(s);
    }
    begin("clfftSetLayout slot=%d in=%d out=%d", i, il, ol);
    s = clfftSetLayout(h, (clfftLayout)il, (clfftLayout)ol);
    endl(s);
    if (s == CLFFT_SUCCESS && slot_cb[i]) slot_cb_stale[i] = 1;
    begin("clfftSetResultLocation slot=%d %s", i, inplace ? "INPLACE" : "OUTOFPLACE");
    s = clfftSetResultLocation(h, inplace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE);
    endl(s);
    begin("clfftSetPlanPrecision slot=%d %d", i, prec);
    s = clfftSetPlanPrecision(h, (clfftPrecision)prec);
    endl(s);
    if (s == CLFFT_SUCCESS && slot_cb[i]) slot_cb_stale[i] = 1;
    begin("clfftSetPlanBatchSize slot=%d %zu", i, batch);
    s = clfftSetPlanBatchSize(h, batch);
    endl(s);
    begin("clfftSetPlanTransposeResult slot=%d %s", i, transposed ? "TRANSPOSED" : "NOTRANSPOSE");
    s = clfftSetPlanTransposeResult(h, transposed ? CLFFT_TRANSPOSED : CLFFT_NOTRANSPOSE);
    endl(s);

    if (smode) {
        size_t ilen[3] = {L[0], L[1], L[2]}, olen[3] = {L[0], L[1], L[2]};
        size_t H = L[0] / 2 + 1;
        if (il != CLFFT_REAL && real) ilen[0] = H;
        if (ol != CLFFT_REAL && real) olen[0] = H;
        if (transposed) { olen[0] = L[1]; olen[1] = L[0]; }
        size_t is[3], os[3], idist, odist;
        size_t s0 = 1, pad = 0;
        if (smode == 2 && !inplace) { s0 = (size_t)(1 + rnd(3)); pad = (size_t)rnd(4); }
        /* input */
        is[0] = s0;
        size_t rowi = ilen[0] * s0 + pad;
        if (inplace && real) rowi = il == CLFFT_REAL ? 2 * H : H; /* real rows padded to 2H reals */
        is[1] = rowi;
        is[2] = rowi * (dim > 1 ? ilen[1] : 1) + (smode == 2 && !inplace ? (size_t)rnd(3) : 0);
        idist = (dim == 1 ? rowi : dim == 2 ? is[1] * ilen[1] : is[2] * ilen[2]) + (smode == 2 && !inplace ? (size_t)rnd(5) : 0);
        if (dim == 1) idist = ilen[0] * s0 + (smode == 2 && !inplace ? (size_t)rnd(5) : 0);
        if (dim == 1 && inplace && real) idist = rowi;
        /* output */
        size_t o0 = smode == 2 && !inplace ? (size_t)(1 + rnd(2)) : 1;
        size_t rowo = olen[0] * o0 + (smode == 2 && !inplace ? (size_t)rnd(3) : 0);
        if (inplace && real) rowo = ol == CLFFT_REAL ? 2 * H : H;
        os[0] = o0;
        os[1] = rowo;
        os[2] = rowo * (dim > 1 ? olen[1] : 1);
        odist = dim == 1 ? (inplace && real ? rowo : olen[0] * o0) : dim == 2 ? os[1] * olen[1] : os[2] * olen[2];
        if (inplace && !real) { memcpy(os, is, sizeof os); odist = idist; }
        if (inplace && real) {
            /* same bytes: real distance = 2 * complex distance */
            size_t cd = (dim == 1 ? H : dim == 2 ? H * L[1] : H * L[1] * L[2]);
            if (il == CLFFT_REAL) { idist = 2 * cd; odist = cd; } else { idist = cd; odist = 2 * cd; }
        }
        begin("clfftSetPlanInStride slot=%d dim=%d strides=%zu,%zu,%zu", i, dim, is[0], is[1], is[2]);
        s = clfftSetPlanInStride(h, (clfftDim)dim, is);
        endl(s);
        begin("clfftSetPlanOutStride slot=%d dim=%d strides=%zu,%zu,%zu", i, dim, os[0], os[1], os[2]);
        s = clfftSetPlanOutStride(h, (clfftDim)dim, os);
        endl(s);
        begin("clfftSetPlanDistance slot=%d %zu %zu", i, idist, odist);
        s = clfftSetPlanDistance(h, idist, odist);
        endl(s);
    }
    /* scales: clFFT fixes the backward scale at 1/N when the plan is created and keeps it when
     * the lengths change; clfft-ng follows the lengths until it is set. Set it explicitly. */
    {
        float sc = rnd(3) ? (float)(1.0 / (double)(L[0] * L[1] * L[2])) : (rnd(2) ? 0.5f : 2.0f);
        begin("clfftSetPlanScale slot=%d BACKWARD %g", i, sc);
        s = clfftSetPlanScale(h, CLFFT_BACKWARD, sc);
        endl(s);
        if (rnd(4) == 0) {
            sc = rnd(2) ? 0.5f : 2.0f;
            begin("clfftSetPlanScale slot=%d FORWARD %g", i, sc);
            s = clfftSetPlanScale(h, CLFFT_FORWARD, sc);
            endl(s);
        }
    }
    slot_baked[i] = 0;
}

/* one setter with random / edge / invalid arguments */
/* Destroys slot i's plan after a refused setter that leaves clFFT's plan half-emptied. */
static void drop_slot(int i, const char *why)
{
    begin("clfftDestroyPlan slot=%d (%s)", i, why);
    clfftStatus s = clfftDestroyPlan(&slot[i]);
    if (s == CLFFT_SUCCESS) { slot_live[i] = 0; slot_cb[i] = 0; slot_baked[i] = 0; }
    endl(s);
}

static void act_setter(void)
{
    int i = pick_live();
    if (i >= 0 && slot_baked[i] && rnd(8)) return;
    clfftPlanHandle h = i >= 0 ? slot[i] : 0;
    if (chance(p_bad)) { h = rnd(2) ? 0 : (clfftPlanHandle)123456; i = -1; }
    clfftStatus s;
    size_t v[3];
    int which = rnd(10);
    switch (which) {
    case 0: {
        int d = pick_enum(1, 3);
        begin("clfftSetPlanDim slot=%d dim=%d", i, d);
        s = clfftSetPlanDim(h, (clfftDim)d);
        if (s != CLFFT_SUCCESS)
            break;
        /* A client that changes the rank gives the new lengths: clFFT's new dimensions would
           have length 0 (a plan that computes garbage), ours length 1. */
        endl(s);
        for (int k = 0; k < 3; ++k) v[k] = pick_length(d);
        begin("clfftSetPlanLength slot=%d dim=%d lengths=%zu,%zu,%zu", i, d, v[0], v[1], v[2]);
        s = clfftSetPlanLength(h, (clfftDim)d, v);
        break;
    }
    case 1: {
        int d = pick_enum(1, 3);
        for (int k = 0; k < 3; ++k) v[k] = chance(p_bad) ? pick_bad_size() : pick_length(d);
        int null = chance(p_bad / 2);
        begin("clfftSetPlanLength slot=%d dim=%d lengths=%s%zu,%zu,%zu", i, d, null ? "NULL:" : "", v[0], v[1], v[2]);
        s = clfftSetPlanLength(h, (clfftDim)d, null ? NULL : v);
        if (i >= 0 && s != CLFFT_SUCCESS && s != CLFFT_INVALID_HOST_PTR && s != CLFFT_INVALID_PLAN) {
            /* clFFT empties the plan's lengths before it checks them: a refused call leaves it a
               plan without lengths (ours is unchanged). The sequence drops that plan. */
            endl(s);
            drop_slot(i, "lengths refused");
            return;
        }
        break;
    }
    case 2: case 3: {
        int d = pick_enum(1, 3);
        for (int k = 0; k < 3; ++k) v[k] = chance(p_bad) ? pick_bad_size() : (size_t)(1 + rnd(70));
        int null = chance(p_bad / 2);
        begin("clfftSetPlan%sStride slot=%d dim=%d strides=%s%zu,%zu,%zu", which == 2 ? "In" : "Out", i, d,
              null ? "NULL:" : "", v[0], v[1], v[2]);
        s = which == 2 ? clfftSetPlanInStride(h, (clfftDim)d, null ? NULL : v)
                       : clfftSetPlanOutStride(h, (clfftDim)d, null ? NULL : v);
        if (i >= 0 && s == CLFFT_NOTIMPLEMENTED) {
            /* clFFT empties the stride array before it checks dim: the plan is left without
               strides (ours is unchanged). The sequence drops that plan. */
            endl(s);
            drop_slot(i, "strides refused");
            return;
        }
        break;
    }
    case 4: {
        size_t a = rnd(3) ? (size_t)rnd(300) : pick_bad_size(), b = rnd(3) ? (size_t)rnd(300) : pick_bad_size();
        begin("clfftSetPlanDistance slot=%d %zu %zu", i, a, b);
        s = clfftSetPlanDistance(h, a, b);
        break;
    }
    case 5: {
        int a = pick_enum(1, 5), b = pick_enum(1, 5);
        begin("clfftSetLayout slot=%d in=%d out=%d", i, a, b);
        s = clfftSetLayout(h, (clfftLayout)a, (clfftLayout)b);
        if (s == CLFFT_SUCCESS && i >= 0 && slot_cb[i]) slot_cb_stale[i] = 1;
        break;
    }
    case 6: {
        int a = rnd(4) ? pick_enum(1, 2) : pick_enum(1, 4);
        begin("clfftSetPlanPrecision slot=%d %d", i, a);
        s = clfftSetPlanPrecision(h, (clfftPrecision)a);
        if (s == CLFFT_SUCCESS && i >= 0 && slot_cb[i]) slot_cb_stale[i] = 1;
        break;
    }
    case 7: {
        int a = pick_enum(1, 2);
        if (rnd(2)) {
            begin("clfftSetResultLocation slot=%d %d", i, a);
            s = clfftSetResultLocation(h, (clfftResultLocation)a);
        } else {
            begin("clfftSetPlanTransposeResult slot=%d %d", i, a);
            s = clfftSetPlanTransposeResult(h, (clfftResultTransposed)a);
        }
        break;
    }
    case 8: {
        int d = rnd(2) ? CLFFT_FORWARD : CLFFT_BACKWARD;
        if (chance(p_bad)) d = rnd(2) ? ENDDIRECTION : 7;
        float sc = (float)(rnd(5) == 0 ? 0.0 : (rnd(8) + 1) / 4.0);
        if (chance(p_bad)) sc = rnd(2) ? NAN : -1.5f;
        begin("clfftSetPlanScale slot=%d %s %g", i, dirname_(d), sc);
        s = clfftSetPlanScale(h, (clfftDirection)d, sc);
        break;
    }
    default: {
        size_t b = chance(p_bad) ? pick_bad_size() : (size_t)(1 + rnd(4));
        if (b > 64) b = rnd(2) ? 0 : 65536;
        begin("clfftSetPlanBatchSize slot=%d %zu", i, b);
        s = clfftSetPlanBatchSize(h, b);
        break;
    }
    }
    endl(s);
    if (s == CLFFT_SUCCESS && i >= 0) slot_baked[i] = 0;
}

static void act_getter(void)
{
    int i = pick_live();
    clfftPlanHandle h = i >= 0 ? slot[i] : 0;
    if (chance(p_bad)) { h = rnd(2) ? 0 : (clfftPlanHandle)123456; i = -1; }
    int null = chance(p_bad / 3);
    clfftStatus s;
    int which = rnd(11);
    switch (which) {
    case 0: {
        clfftDim d = (clfftDim)0; cl_uint n = 0;
        begin("clfftGetPlanDim slot=%d%s", i, null ? " NULL" : "");
        s = clfftGetPlanDim(h, null ? NULL : &d, null ? NULL : &n);
        end(s);
        if (s == CLFFT_SUCCESS) printf(" dim=%d size=%u", (int)d, n);
        break;
    }
    case 1: case 2: case 3: {
        size_t v[4] = {0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef};
        int d = pick_enum(1, 3);
        const char *nm = which == 1 ? "Length" : which == 2 ? "InStride" : "OutStride";
        begin("clfftGetPlan%s slot=%d dim=%d%s", nm, i, d, null ? " NULL" : "");
        s = which == 1 ? clfftGetPlanLength(h, (clfftDim)d, null ? NULL : v)
          : which == 2 ? clfftGetPlanInStride(h, (clfftDim)d, null ? NULL : v)
                       : clfftGetPlanOutStride(h, (clfftDim)d, null ? NULL : v);
        end(s);
        if (s == CLFFT_SUCCESS) print_sizes(v, 3);
        break;
    }
    case 4: {
        size_t a = 0xdeadbeef, b = 0xdeadbeef;
        begin("clfftGetPlanDistance slot=%d%s", i, null ? " NULL" : "");
        s = clfftGetPlanDistance(h, null ? NULL : &a, null ? NULL : &b);
        end(s);
        if (s == CLFFT_SUCCESS) printf(" %zu %zu", a, b);
        break;
    }
    case 5: {
        clfftLayout a = (clfftLayout)0, b = (clfftLayout)0;
        begin("clfftGetLayout slot=%d%s", i, null ? " NULL" : "");
        s = clfftGetLayout(h, null ? NULL : &a, null ? NULL : &b);
        end(s);
        if (s == CLFFT_SUCCESS) printf(" %d %d", (int)a, (int)b);
        break;
    }
    case 6: {
        clfftPrecision a = (clfftPrecision)0;
        begin("clfftGetPlanPrecision slot=%d%s", i, null ? " NULL" : "");
        s = clfftGetPlanPrecision(h, null ? NULL : &a);
        end(s);
        if (s == CLFFT_SUCCESS) printf(" %d", (int)a);
        break;
    }
    case 7: {
        clfftResultLocation a = (clfftResultLocation)0;
        clfftResultTransposed t = (clfftResultTransposed)0;
        if (rnd(2)) {
            begin("clfftGetResultLocation slot=%d%s", i, null ? " NULL" : "");
            s = clfftGetResultLocation(h, null ? NULL : &a);
            end(s);
            if (s == CLFFT_SUCCESS) printf(" %d", (int)a);
        } else {
            begin("clfftGetPlanTransposeResult slot=%d%s", i, null ? " NULL" : "");
            s = clfftGetPlanTransposeResult(h, null ? NULL : &t);
            end(s);
            if (s == CLFFT_SUCCESS) printf(" %d", (int)t);
        }
        break;
    }
    case 8: {
        cl_float sc = -99;
        int d = rnd(2) ? CLFFT_FORWARD : CLFFT_BACKWARD;
        if (chance(p_bad)) d = rnd(2) ? ENDDIRECTION : 9;
        begin("clfftGetPlanScale slot=%d %s%s", i, dirname_(d), null ? " NULL" : "");
        s = clfftGetPlanScale(h, (clfftDirection)d, null ? NULL : &sc);
        end(s);
        if (s == CLFFT_SUCCESS) printf(" %.5g", sc);
        break;
    }
    case 9: {
        size_t b = 0xdeadbeef;
        begin("clfftGetPlanBatchSize slot=%d%s", i, null ? " NULL" : "");
        s = clfftGetPlanBatchSize(h, null ? NULL : &b);
        end(s);
        if (s == CLFFT_SUCCESS) printf(" %zu", b);
        break;
    }
    default: {
        cl_context c = NULL;
        begin("clfftGetPlanContext slot=%d%s", i, null ? " NULL" : "");
        s = clfftGetPlanContext(h, null ? NULL : &c);
        end(s);
        if (s == CLFFT_SUCCESS) printf(" %s", c == ctx ? "same" : "other");
        break;
    }
    }
    printf("\n");
    fflush(stdout);
}

static void act_bake(void)
{
    int i = pick_live();
    if (i < 0) return;
    if (slot_cb[i] && slot_cb_stale[i]) return; /* a callback written for other layouts or precision */
    clfftPlanHandle h = slot[i];
    cl_command_queue qs[2] = {queue, queue};
    cl_uint nq = 1;
    cl_command_queue *qp = qs;
    const char *what = "1 queue";
    if (chance(p_bad)) {
        switch (rnd(4)) {
        case 0: nq = 0; what = "0 queues"; break;
        case 1: qp = NULL; what = "NULL queues"; break;
        case 2: qs[0] = NULL; what = "queue NULL"; break;
        default: nq = 2; what = "2 queues"; break;
        }
    }
    PlanInfo p;
    if (query(h, &p))
        printf("%d plan slot=%d dim=%d len=%zu,%zu,%zu batch=%zu layouts=%d,%d %s prec=%d "
               "is=%zu,%zu,%zu os=%zu,%zu,%zu dist=%zu,%zu tr=%d cb=%d\n",
               callno + 1, i, p.dim, p.len[0], p.len[1], p.len[2], p.batch, p.il, p.ol,
               p.place == CLFFT_INPLACE ? "INPLACE" : "OUTOFPLACE", p.prec, p.is[0], p.is[1], p.is[2], p.os[0],
               p.os[1], p.os[2], p.idist, p.odist, p.transposed, slot_cb[i]);
    begin("clfftBakePlan slot=%d %s", i, what);
    clfftStatus s = clfftBakePlan(h, nq, qp, NULL, NULL);
    endl(s);
    if (s == CLFFT_SUCCESS) slot_baked[i] = 1;
}

static void act_tmpbuf(void)
{
    int i = pick_live();
    clfftPlanHandle h = i >= 0 ? slot[i] : 0;
    int null = chance(p_bad / 3);
    size_t sz = 0xdeadbeef;
    begin("clfftGetTmpBufSize slot=%d%s", i, null ? " NULL" : "");
    clfftStatus s = clfftGetTmpBufSize(h, null ? NULL : &sz);
    endl(s); /* the size itself is implementation-specific */
}

static void act_copy(void)
{
    int src = pick_live(), dst = pick_free();
    if (src < 0 || dst < 0) return;
    cl_context c = ctx;
    clfftPlanHandle *out = &slot[dst];
    clfftPlanHandle in = slot[src];
    const char *what = "";
    if (chance(p_bad)) {
        switch (rnd(3)) {
        case 0: c = NULL; what = " ctx=NULL"; break;
        case 1: out = NULL; what = " out=NULL"; break;
        default: in = 0; what = " src=0"; break;
        }
    }
    begin("clfftCopyPlan slot=%d from=%d%s", dst, src, what);
    clfftStatus s = clfftCopyPlan(out, c, in);
    endl(s);
    if (s == CLFFT_SUCCESS && out) { slot_live[dst] = 1; slot_cb[dst] = 0; slot_baked[dst] = 0; }
}

static void act_destroy(void)
{
    int i = pick_live();
    if (i < 0) return;
    begin("clfftDestroyPlan slot=%d", i);
    clfftStatus s = clfftDestroyPlan(&slot[i]);
    end(s);
    printf(" handle=%s\n", slot[i] == 0 ? "0" : "nonzero");
    fflush(stdout);
    if (s == CLFFT_SUCCESS) slot_live[i] = 0;
    if (rnd(3) == 0) {
        begin("clfftDestroyPlan slot=%d again", i);
        s = clfftDestroyPlan(&slot[i]);
        endl(s);
    }
    if (chance(p_bad / 3)) {
        begin("clfftDestroyPlan NULL");
        s = clfftDestroyPlan(NULL);
        endl(s);
    }
}

static void act_callback(void)
{
    int i = pick_live();
    if (i < 0 || (slot_baked[i] && rnd(8))) return;
    PlanInfo p;
    if (!query(slot[i], &p)) return;
    int dbl = p.prec == CLFFT_DOUBLE;
    int type = rnd(2) ? PRECALLBACK : POSTCALLBACK;
    const char *name = type == PRECALLBACK ? "diffpre" : "diffpost";
    char text[512];
    /* The prototype follows the side's layout (clFFT's callback interface): a callback of the
       wrong shape stores out of bounds in any library. */
    const char *T = dbl ? "double" : "float";
    int side = type == PRECALLBACK ? p.il : p.ol;
    int planar = side == CLFFT_COMPLEX_PLANAR || side == CLFFT_HERMITIAN_PLANAR;
    if (type == PRECALLBACK && side == CLFFT_REAL)
        snprintf(text, sizeof text,
                 "%s diffpre(__global void *in, uint off, __global void *ud) {"
                 " return ((__global %s*)in)[off] * (%s)2; }\n", T, T, T);
    else if (type == PRECALLBACK && planar)
        snprintf(text, sizeof text,
                 "%s2 diffpre(__global void *re, __global void *im, uint off, __global void *ud) {"
                 " return (%s2)(((__global %s*)re)[off], ((__global %s*)im)[off]) * (%s)2; }\n",
                 T, T, T, T, T);
    else if (type == PRECALLBACK)
        snprintf(text, sizeof text,
                 "%s2 diffpre(__global void *in, uint off, __global void *ud) {"
                 " %s2 v = ((__global %s2*)in)[off]; return v * (%s)2; }\n", T, T, T, T);
    else if (side == CLFFT_REAL)
        snprintf(text, sizeof text,
                 "void diffpost(__global void *out, uint off, __global void *ud, %s v) {"
                 " ((__global %s*)out)[off] = v * (%s)3; }\n", T, T, T);
    else if (planar)
        snprintf(text, sizeof text,
                 "void diffpost(__global void *re, __global void *im, uint off, __global void *ud, %s vr, %s vi) {"
                 " ((__global %s*)re)[off] = vr * (%s)3; ((__global %s*)im)[off] = vi * (%s)3; }\n",
                 T, T, T, T, T, T);
    else
        snprintf(text, sizeof text,
                 "void diffpost(__global void *out, uint off, __global void *ud, %s2 v) {"
                 " ((__global %s2*)out)[off] = v * (%s)3; }\n", T, T, T);
    int bad = chance(p_bad);
    int lm = 0, nud = 0;
    const char *nm = name, *tx = text;
    if (bad) {
        switch (rnd(3)) {
        case 0: nm = NULL; break;
        case 1: tx = "this does not compile"; break;
        default: lm = -5; break;
        }
    }
    begin("clfftSetPlanCallback slot=%d %s layouts=%d,%d prec=%d%s%s%s", i,
          type == PRECALLBACK ? "PRE" : "POST", p.il, p.ol, p.prec, nm ? "" : " name=NULL",
          tx == text ? "" : " text=garbage", lm ? " localmem=-5" : "");
    clfftStatus s = clfftSetPlanCallback(slot[i], nm, tx, lm, (clfftCallbackType)type, NULL, nud);
    endl(s);
    if (s == CLFFT_SUCCESS) { slot_cb[i] = 1; slot_baked[i] = 0; slot_cb_stale[i] = 0; }
}

static void act_enqueue(void)
{
    int i = pick_live();
    if (i < 0) return;
    PlanInfo p;
    if (!query(slot[i], &p)) return;
    if (slot_cb[i] && slot_cb_stale[i]) return;
    /* buffers */
    int dbl = p.prec == CLFFT_DOUBLE || p.prec == CLFFT_DOUBLE_FAST;
    size_t es = dbl ? 8 : 4;
    size_t ie = side_extent(&p, 0), oe = side_extent(&p, 1);
    size_t ibytes = ie * es * (p.il == CLFFT_COMPLEX_INTERLEAVED || p.il == CLFFT_HERMITIAN_INTERLEAVED ? 2 : 1);
    size_t obytes = oe * es * (p.ol == CLFFT_COMPLEX_INTERLEAVED || p.ol == CLFFT_HERMITIAN_INTERLEAVED ? 2 : 1);
    if (ibytes > (64u << 20) || obytes > (64u << 20)) return;
    int inplace = p.place == CLFFT_INPLACE;
    if (inplace && obytes > ibytes) ibytes = obytes;

    int dir = rnd(2) ? CLFFT_FORWARD : CLFFT_BACKWARD;
    const char *variant = "";
    int v = chance(p_bad) ? 1 + rnd(9) : 0;
    switch (v) {
    case 1: dir = ENDDIRECTION; break;
    case 2: dir = rnd(2) ? 0 : 5; break;
    default: break;
    }
    Side in = {{0, 0}, 0, 0}, out = {{0, 0}, 0, 0};
    size_t ib = ibytes, ob = obytes;
    if (v == 3) { variant = " in-too-small"; ib = ibytes / 2 > 0 ? ibytes / 2 : 4; }
    if (v == 4 && !inplace) { variant = " out-too-small"; ob = obytes / 2 > 0 ? obytes / 2 : 4; }
    if (!make_side(&in, ib, 1)) { release_side(&in); return; }
    if (!inplace && !make_side(&out, ob, 2)) { release_side(&in); release_side(&out); return; }
    in.n = is_planar(p.il) ? 2 : 1;
    if (!inplace) out.n = is_planar(p.ol) ? 2 : 1;
    /* make_side made two buffers; keep only what the layout needs (release the spare) */
    if (in.n == 1) { clReleaseMemObject(in.m[1]); in.m[1] = NULL; }
    if (!inplace && out.n == 1) { clReleaseMemObject(out.m[1]); out.m[1] = NULL; }
    fill_input(&p, &in);

    cl_mem inb[2] = {in.m[0], in.m[1]}, outb[2] = {out.m[0], out.m[1]};
    cl_mem *inp = inb, *outp = inplace ? (rnd(2) ? NULL : outb) : outb;
    cl_command_queue qs[2] = {queue, queue};
    cl_uint nq = 1;
    cl_command_queue *qp = qs;
    cl_event ev = NULL, *evp = rnd(2) ? &ev : NULL;
    cl_uint nwait = 0;
    const cl_event *waitp = NULL;
    switch (v) {
    case 5: variant = " out=in(alias)"; outb[0] = inb[0]; if (out.n == 2 && in.n == 2) outb[1] = inb[1]; break;
    case 6: variant = " in=NULL"; inp = NULL; break;
    case 7: variant = " queues=0"; nq = 0; break;
    case 8: variant = " wait=1,NULL"; nwait = 1; break;
    case 9: variant = " planar-second=NULL"; if (in.n == 2) inb[1] = NULL; else inb[0] = NULL; break;
    default: break;
    }
    const char *kind = p.il == CLFFT_REAL ? "R2C" : p.ol == CLFFT_REAL ? "C2R" : "C2C";
    /* the plan as the library's getters describe it (informational line, same number as the call) */
    printf("%d plan slot=%d %s dim=%d len=%zu,%zu,%zu batch=%zu layouts=%d,%d %s prec=%d "
           "is=%zu,%zu,%zu os=%zu,%zu,%zu dist=%zu,%zu tr=%d cb=%d\n",
           callno + 1, i, kind, p.dim, p.len[0], p.len[1], p.len[2], p.batch, p.il, p.ol,
           inplace ? "INPLACE" : "OUTOFPLACE", p.prec, p.is[0], p.is[1], p.is[2], p.os[0], p.os[1], p.os[2],
           p.idist, p.odist, p.transposed, slot_cb[i]);
    begin("clfftEnqueueTransform slot=%d %s%s%s", i, dirname_(dir), evp ? " event" : "", variant);
    clfftStatus s = clfftEnqueueTransform(slot[i], (clfftDirection)dir, nq, qp, nwait, waitp, evp, inp, outp, NULL);
    endl(s);
    clFinish(queue);
    if (ev) clReleaseEvent(ev);
    if (s == CLFFT_SUCCESS) slot_baked[i] = 1;
    if (s == CLFFT_SUCCESS) {
        if (inplace) {
            /* the output lies in the input buffers */
            Side o = in;
            o.n = is_planar(p.ol) ? 2 : 1;
            if (o.n == 2 && in.n < 2) o.n = in.n;
            print_output(&p, &o);
        } else {
            print_output(&p, &out);
        }
    }
    release_side(&in);
    release_side(&out);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s SEED [STEPS]\n", argv[0]);
        return 2;
    }
    unsigned long seed = strtoul(argv[1], NULL, 0);
    int steps = argc > 2 ? atoi(argv[2]) : 40;
    rng_state = seed * 0x2545F4914F6CDD1Dull + 1;
    static const double bad_rates[] = {0.02, 0.05, 0.1, 0.25};
    p_bad = bad_rates[seed % 4];
    cl_init();
    printf("seed %lu steps %d p_bad %.2f double %d\n", seed, steps, p_bad, has_double);
    fflush(stdout);
    if (rnd(3)) act_setup();

    int bakes = 0;
    for (int step = 0; step < steps; ++step) {
        int any = pick_live() >= 0;
        int r = rnd(100);
        if (!any && r < 60) { act_create(); continue; }
        if (r < 10) act_create();
        else if (r < 28) { act_configure(); }
        else if (r < 34) { if (bakes < 8) { act_bake(); bakes++; } }
        else if (r < 54) { if (bakes < 10) { act_enqueue(); bakes++; } }
        else if (r < 64) act_setter();
        else if (r < 76) act_getter();
        else if (r < 79) act_tmpbuf();
        else if (r < 83) act_copy();
        else if (r < 89) act_destroy();
        else if (r < 91) act_callback();
        else if (r < 93) act_teardown();
        else if (r < 95) act_setup();
        else if (r < 96) act_version();
        else {
            /* create + configure + enqueue: a complete valid transform */
            act_create();
            act_configure();
            if (bakes < 10) { act_enqueue(); bakes++; }
        }
    }
    begin("clfftTeardown final");
    endl(clfftTeardown());
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    printf("end\n");
    return 0;
}
