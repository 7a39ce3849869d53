// The FFTW 3.3 host interface over clfft-ng's clFFT API (docs/fftw-compat.md).
//
// Built twice: without CLFFTW_SINGLE as libclfftw3 (double, fftw_*), with it as libclfftw3f
// (single, fftwf_*). Each library owns one OpenCL context on one device (CLFFTW_DEVICE), created
// at the first plan, and every plan owns a queue, a clFFT plan and the device buffers it needs.
//
// Every problem is first reduced to one description (Problem): the kind (c2c, r2c, c2r), the
// transform dimensions and the loop ("howmany") dimensions, each with an input and an output
// stride counted in reals, and the arrays as real pointers (a complex array is a pointer to its
// real parts and one to its imaginary parts, so interleaved and split arrays look the same).
// Two ways to run it:
//  - direct: the clFFT plan reads and writes the client's arrays in their own layout (positive
//    strides, interleaved or split (planar) complex arrays, at most one loop dimension after
//    merging). On a CPU device the client's memory is wrapped in CL_MEM_USE_HOST_PTR buffers (no
//    copy); elsewhere the spans of the arrays are copied to and from device buffers of the plan.
//  - packed: any other layout (negative or zero strides, several loop dimensions, overlapping
//    arrays): the input is gathered into a packed mapped buffer, transformed out of place, and
//    the result scattered to the client's output.
// A plan that can run direct also keeps the packed plan (built when first needed) for
// new-array executions whose arrays do not fit the direct form.

#include "clfftw3.h"

#include <clFFT.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <vector>

#ifdef CLFFTW_SINGLE
#define API(name) fftwf_##name
typedef float real_t;
static const clfftPrecision kPrecision = CLFFT_SINGLE;
static const char* const kPrefix = "fftwf";
#else
#define API(name) fftw_##name
typedef double real_t;
static const clfftPrecision kPrecision = CLFFT_DOUBLE;
static const char* const kPrefix = "fftw";
#endif

typedef API(complex) complex_t;
typedef API(iodim) iodim_t;
typedef API(iodim64) iodim64_t;

extern "C" {
extern const char API(version)[] = "clfftw3-0.1.0 (clfft-ng FFTW 3.3 interface)";
extern const char API(cc)[] = "clfft-ng OpenCL kernels";
extern const char API(codelet_optim)[] = "";
}

namespace {

enum class Kind { c2c, r2c, c2r };

struct Dim {
    long long n;
    long long is; // input stride in reals
    long long os; // output stride in reals
};

struct Arrays {
    real_t* inRe = nullptr;
    real_t* inIm = nullptr; // null for a real input
    real_t* outRe = nullptr;
    real_t* outIm = nullptr; // null for a real output
};

struct Problem {
    Kind kind = Kind::c2c;
    int sign = FFTW_FORWARD;
    std::vector<Dim> dims; // transform dimensions, slowest first (FFTW order)
    std::vector<Dim> loops; // howmany dimensions
    unsigned flags = 0;
};

// ---- the OpenCL environment of this library -------------------------------------------------

struct Env {
    bool tried = false;
    bool ok = false;
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    bool zeroCopy = false; // wrap host memory (CPU devices)
    bool hostStorage = false; // wrapped host memory is the buffer itself (no map needed)
    std::string name;
};

std::mutex g_planMutex; // planning, wisdom, the environment
Env g_env;
int g_nthreads = 1;
std::set<std::string> g_wisdom;

bool contains_nocase(const std::string& hay, const std::string& needle)
{
    if (needle.empty())
        return true;
    for (size_t i = 0; i + needle.size() <= hay.size(); ++i) {
        size_t k = 0;
        while (k < needle.size() && std::tolower((unsigned char)hay[i + k]) == std::tolower((unsigned char)needle[k]))
            ++k;
        if (k == needle.size())
            return true;
    }
    return false;
}

std::string device_text(cl_platform_id p, cl_device_id d)
{
    char pn[256] = {0}, dn[256] = {0};
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof pn - 1, pn, nullptr);
    clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof dn - 1, dn, nullptr);
    return std::string(pn) + " / " + dn;
}

void complain(const std::string& text)
{
    const char* q = std::getenv("CLFFTW_QUIET");
    if (!q || !*q || *q == '0')
        std::fprintf(stderr, "clfftw3: %s\n", text.c_str());
}

// Picks the device: CLFFTW_DEVICE="P:D" (platform and device index), or part of
// "platform name / device name"; unset: the first platform that has a default device.
bool choose_device(cl_platform_id* platform, cl_device_id* device)
{
    cl_platform_id plats[64];
    cl_uint np = 0;
    if (clGetPlatformIDs(64, plats, &np) != CL_SUCCESS || np == 0) {
        complain("no OpenCL platform");
        return false;
    }
    np = std::min<cl_uint>(np, 64);
    const char* want = std::getenv("CLFFTW_DEVICE");
    if (!want || !*want) {
        for (cl_uint p = 0; p < np; ++p) {
            cl_device_id d = nullptr;
            cl_uint nd = 0;
            if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_DEFAULT, 1, &d, &nd) == CL_SUCCESS && nd > 0) {
                *platform = plats[p];
                *device = d;
                return true;
            }
        }
        complain("no OpenCL platform has a default device");
        return false;
    }
    unsigned wp = 0, wd = 0;
    char tail = 0;
    const bool byIndex = std::sscanf(want, "%u:%u%c", &wp, &wd, &tail) == 2;
    for (cl_uint p = 0; p < np; ++p) {
        cl_device_id devs[64];
        cl_uint nd = 0;
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, devs, &nd) != CL_SUCCESS)
            nd = 0;
        nd = std::min<cl_uint>(nd, 64);
        for (cl_uint d = 0; d < nd; ++d) {
            if (byIndex ? (p == wp && d == wd) : contains_nocase(device_text(plats[p], devs[d]), want)) {
                *platform = plats[p];
                *device = devs[d];
                return true;
            }
        }
    }
    complain(std::string("CLFFTW_DEVICE=") + want + " matches no OpenCL device (P:D or part of the name)");
    return false;
}

// Whether the runtime keeps a CL_MEM_USE_HOST_PTR buffer in the host memory itself, whatever the
// pointer's alignment: device writes (a fill) must appear in host memory without a map, and host
// writes must be what the device reads (a copy to another buffer). PoCL's CPU devices do; where
// this fails, every direct execution maps its output to bring the result back.
bool probe_host_storage(cl_context ctx, cl_device_id dev)
{
    cl_int err = CL_SUCCESS;
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    if (!q || err != CL_SUCCESS)
        return false;
    bool ok = true;
    const size_t bytes = 256;
    std::vector<unsigned char> store(bytes + 256);
    unsigned char* base = store.data() + (128 - (uintptr_t)store.data() % 128) % 128;
    for (size_t offset : {size_t(0), size_t(8), size_t(4)}) {
        unsigned char* host = base + offset;
        std::memset(host, 0, bytes);
        cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes, host, &err);
        cl_mem b = err == CL_SUCCESS ? clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err) : nullptr;
        if (!a || !b || err != CL_SUCCESS) {
            ok = false;
        } else {
            const cl_uint pattern = 0x5aa5c33cu;
            ok = clEnqueueFillBuffer(q, a, &pattern, sizeof pattern, 0, bytes, 0, nullptr, nullptr) == CL_SUCCESS &&
                 clFinish(q) == CL_SUCCESS;
            for (size_t i = 0; ok && i < bytes; i += sizeof pattern) {
                cl_uint v;
                std::memcpy(&v, host + i, sizeof v);
                ok = v == pattern;
            }
            if (ok) {
                for (size_t i = 0; i < bytes; ++i)
                    host[i] = (unsigned char)(i * 7 + 1);
                unsigned char back[bytes];
                ok = clEnqueueCopyBuffer(q, a, b, 0, 0, bytes, 0, nullptr, nullptr) == CL_SUCCESS &&
                     clEnqueueReadBuffer(q, b, CL_TRUE, 0, bytes, back, 0, nullptr, nullptr) == CL_SUCCESS &&
                     std::memcmp(back, host, bytes) == 0;
            }
        }
        if (a)
            clReleaseMemObject(a);
        if (b)
            clReleaseMemObject(b);
        if (!ok)
            break;
    }
    clFinish(q);
    clReleaseCommandQueue(q);
    return ok;
}

// Under g_planMutex.
bool env_ready()
{
    if (g_env.tried)
        return g_env.ok;
    g_env.tried = true;
    if (!choose_device(&g_env.platform, &g_env.device))
        return false;
    cl_int err = CL_SUCCESS;
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)g_env.platform, 0};
    g_env.context = clCreateContext(props, 1, &g_env.device, nullptr, nullptr, &err);
    if (!g_env.context || err != CL_SUCCESS) {
        complain("clCreateContext failed (" + std::to_string(err) + ")");
        return false;
    }
    clfftSetupData setup;
    if (clfftInitSetupData(&setup) != CLFFT_SUCCESS || clfftSetup(&setup) != CLFFT_SUCCESS) {
        complain("clfftSetup failed");
        return false;
    }
    cl_device_type type = 0;
    clGetDeviceInfo(g_env.device, CL_DEVICE_TYPE, sizeof type, &type, nullptr);
    g_env.zeroCopy = (type & CL_DEVICE_TYPE_CPU) != 0;
    if (const char* z = std::getenv("CLFFTW_ZERO_COPY"))
        if (*z)
            g_env.zeroCopy = *z != '0';
    if (g_env.zeroCopy)
        g_env.hostStorage = probe_host_storage(g_env.context, g_env.device);
    if (const char* m = std::getenv("CLFFTW_MAP_RESULTS"))
        if (*m && *m != '0')
            g_env.hostStorage = false;
    g_env.name = device_text(g_env.platform, g_env.device);
    g_env.ok = true;
    return true;
}

// ---- layouts -----------------------------------------------------------------------------------

// Elements along the complex side's last dimension of a real transform.
long long half_len(long long n) { return n / 2 + 1; }

// Dimensions of one side as (n, stride) pairs, loops first then transform dimensions, with the
// complex side of a real transform halved along its last dimension.
struct Walk {
    std::vector<long long> n;
    std::vector<long long> s;
};

Walk side_walk(const Problem& pb, bool input)
{
    Walk w;
    for (const Dim& d : pb.loops) {
        w.n.push_back(d.n);
        w.s.push_back(input ? d.is : d.os);
    }
    for (size_t i = 0; i < pb.dims.size(); ++i) {
        const Dim& d = pb.dims[i];
        long long n = d.n;
        const bool complexSide = pb.kind == Kind::c2c || (pb.kind == Kind::r2c && !input) ||
                                 (pb.kind == Kind::c2r && input);
        if (pb.kind != Kind::c2c && complexSide && i + 1 == pb.dims.size())
            n = half_len(n);
        w.n.push_back(n);
        w.s.push_back(input ? d.is : d.os);
    }
    return w;
}

long long walk_count(const Walk& w)
{
    long long c = 1;
    for (long long n : w.n)
        c *= n;
    return c;
}

// Calls f(offset) for every element of the walk in row-major order, offsets in reals.
template <class F> void walk_each(const Walk& w, F f)
{
    const size_t r = w.n.size();
    if (r == 0) {
        f(0LL);
        return;
    }
    for (long long n : w.n)
        if (n <= 0)
            return;
    std::vector<long long> idx(r, 0);
    const long long nLast = w.n[r - 1], sLast = w.s[r - 1];
    long long base = 0;
    for (;;) {
        long long off = base;
        for (long long i = 0; i < nLast; ++i, off += sLast)
            f(off);
        // odometer over the outer dimensions
        size_t k = r - 1;
        for (;;) {
            if (k == 0)
                return;
            --k;
            ++idx[k];
            base += w.s[k];
            if (idx[k] < w.n[k])
                break;
            base -= w.s[k] * w.n[k];
            idx[k] = 0;
        }
    }
}

// Lowest and highest offset (in reals) the walk reaches.
void walk_span(const Walk& w, long long* lo, long long* hi)
{
    long long a = 0, b = 0;
    for (size_t i = 0; i < w.n.size(); ++i) {
        if (w.n[i] <= 0)
            continue;
        const long long e = w.s[i] * (w.n[i] - 1);
        if (e < 0)
            a += e;
        else
            b += e;
    }
    *lo = a;
    *hi = b;
}

// ---- the device side of a plan -------------------------------------------------------------------

struct DevPlan {
    clfftPlanHandle handle = 0;
    bool made = false;
    bool inPlace = false;
    bool planarIn = false, planarOut = false; // split complex sides (two buffers each)
    // direct plans: reach (in reals) of each input and output array from its base pointer
    long long inReach = 0, outReach = 0;
    bool outDense = true; // direct: the output span holds only elements the transform writes
    // buffers the plan owns: packed buffers (mapped by the host), or device copies (direct, no
    // zero copy); [1] holds the imaginary parts of a planar side
    cl_mem bufIn[2] = {nullptr, nullptr}, bufOut[2] = {nullptr, nullptr};
    size_t bytesIn = 0, bytesOut = 0; // of each buffer
};

void release_dev(DevPlan& d)
{
    if (d.handle)
        clfftDestroyPlan(&d.handle);
    for (cl_mem m : {d.bufIn[0], d.bufIn[1], d.bufOut[0], d.bufOut[1]})
        if (m)
            clReleaseMemObject(m);
    d = DevPlan();
}

// Creates and bakes a clFFT plan. lengths/strides in FFTW order (slowest first), strides in the
// side's elements (complex or real); dist per transform in elements. Planar sides are split
// complex arrays (re and im in two buffers with the same strides).
bool make_clfft(DevPlan& d, cl_command_queue queue, Kind kind, bool inPlace, bool planarIn, bool planarOut,
                const std::vector<long long>& n, const std::vector<long long>& is, const std::vector<long long>& os,
                long long batch, long long idist, long long odist)
{
    const size_t rank = n.size();
    if (rank < 1 || rank > 3)
        return false;
    size_t len[3], ist[3], ost[3];
    for (size_t i = 0; i < rank; ++i) {
        len[i] = (size_t)n[rank - 1 - i];
        ist[i] = (size_t)is[rank - 1 - i];
        ost[i] = (size_t)os[rank - 1 - i];
    }
    const clfftDim dim = rank == 1 ? CLFFT_1D : rank == 2 ? CLFFT_2D : CLFFT_3D;
    if (clfftCreateDefaultPlan(&d.handle, g_env.context, dim, len) != CLFFT_SUCCESS) {
        d.handle = 0;
        return false;
    }
    clfftLayout li = planarIn ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
    clfftLayout lo = planarOut ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
    if (kind == Kind::r2c) {
        li = CLFFT_REAL;
        lo = planarOut ? CLFFT_HERMITIAN_PLANAR : CLFFT_HERMITIAN_INTERLEAVED;
    } else if (kind == Kind::c2r) {
        li = planarIn ? CLFFT_HERMITIAN_PLANAR : CLFFT_HERMITIAN_INTERLEAVED;
        lo = CLFFT_REAL;
    }
    bool ok = clfftSetPlanPrecision(d.handle, kPrecision) == CLFFT_SUCCESS &&
              clfftSetLayout(d.handle, li, lo) == CLFFT_SUCCESS &&
              clfftSetResultLocation(d.handle, inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE) == CLFFT_SUCCESS &&
              clfftSetPlanInStride(d.handle, dim, ist) == CLFFT_SUCCESS &&
              clfftSetPlanOutStride(d.handle, dim, ost) == CLFFT_SUCCESS &&
              clfftSetPlanDistance(d.handle, (size_t)idist, (size_t)odist) == CLFFT_SUCCESS &&
              clfftSetPlanBatchSize(d.handle, (size_t)batch) == CLFFT_SUCCESS &&
              clfftSetPlanScale(d.handle, CLFFT_FORWARD, 1.0f) == CLFFT_SUCCESS &&
              clfftSetPlanScale(d.handle, CLFFT_BACKWARD, 1.0f) == CLFFT_SUCCESS;
    if (ok)
        ok = clfftBakePlan(d.handle, 1, &queue, nullptr, nullptr) == CLFFT_SUCCESS;
    if (!ok) {
        clfftDestroyPlan(&d.handle);
        d.handle = 0;
        return false;
    }
    d.inPlace = inPlace;
    d.planarIn = planarIn;
    d.planarOut = planarOut;
    d.made = true;
    return true;
}

} // namespace

// ---- plans -----------------------------------------------------------------------------------------

struct API(plan_s) {
    Problem pb;
    Arrays arrays; // those given at planning (fftw_execute)
    std::string key; // wisdom key
    bool noop = false; // a loop dimension of size 0
    bool hostOnly = false; // rank-0 transforms: copies on the host
    cl_command_queue queue = nullptr;
    bool hasDirect = false;
    bool directTried = false; // a direct clFFT plan was attempted (at planning or at an execution)
    DevPlan direct;
    DevPlan packed;
    bool packedTried = false;
    std::mutex execMutex; // executions of one plan take turns

    API(plan_s)() = default;
    API(plan_s)(const API(plan_s)&) = delete;
    API(plan_s)& operator=(const API(plan_s)&) = delete;
    ~API(plan_s)();
};

API(plan_s)::~API(plan_s)()
{
    release_dev(direct);
    release_dev(packed);
    if (queue)
        clReleaseCommandQueue(queue);
}

namespace {

typedef API(plan_s) Plan;

bool is_complex_in(Kind k) { return k != Kind::r2c; }
bool is_complex_out(Kind k) { return k != Kind::c2r; }

std::string problem_key(const Problem& pb, const Arrays& a)
{
    std::string k = pb.kind == Kind::c2c ? "c2c" : pb.kind == Kind::r2c ? "r2c" : "c2r";
    k += pb.kind == Kind::c2c ? (pb.sign < 0 ? "-f" : "-b") : "";
    k += " d";
    for (const Dim& d : pb.dims)
        k += " " + std::to_string(d.n) + ":" + std::to_string(d.is) + ":" + std::to_string(d.os);
    k += " v";
    for (const Dim& d : pb.loops)
        k += " " + std::to_string(d.n) + ":" + std::to_string(d.is) + ":" + std::to_string(d.os);
    const bool inPlace = a.inRe == a.outRe;
    k += inPlace ? " ip" : " op";
    const bool splitIn = a.inIm && a.inIm != a.inRe + 1;
    const bool splitOut = a.outIm && a.outIm != a.outRe + 1;
    k += (splitIn || splitOut) ? " split" : "";
    return k;
}

// Drops size-1 loop dimensions and merges nested ones (a loop that steps over another's whole run
// on both sides). Transform dimensions of size 1 are identities and go away, except the last one
// of a real transform (the halved dimension); a c2c problem left with none is a host copy.
void simplify(Problem& pb)
{
    std::vector<Dim> loops;
    for (const Dim& d : pb.loops)
        if (d.n != 1)
            loops.push_back(d);
    // merge a with its inner neighbour b when a steps over exactly b's whole run on both sides
    bool merged = true;
    while (merged && loops.size() > 1) {
        merged = false;
        for (size_t i = 0; i < loops.size(); ++i) {
            for (size_t j = 0; j < loops.size(); ++j) {
                if (i == j)
                    continue;
                const Dim& a = loops[i];
                const Dim& b = loops[j];
                if (a.is == b.is * b.n && a.os == b.os * b.n) {
                    Dim m{a.n * b.n, b.is, b.os};
                    std::vector<Dim> next;
                    for (size_t k = 0; k < loops.size(); ++k)
                        if (k != i && k != j)
                            next.push_back(loops[k]);
                    next.push_back(m);
                    loops = next;
                    merged = true;
                    break;
                }
            }
            if (merged)
                break;
        }
    }
    pb.loops = loops;
    if (pb.kind == Kind::c2c) {
        std::vector<Dim> dims;
        for (const Dim& d : pb.dims)
            if (d.n != 1)
                dims.push_back(d);
        pb.dims = dims;
    } else if (pb.dims.size() > 1) {
        std::vector<Dim> dims;
        for (size_t i = 0; i + 1 < pb.dims.size(); ++i)
            if (pb.dims[i].n != 1)
                dims.push_back(pb.dims[i]);
        dims.push_back(pb.dims.back());
        pb.dims = dims;
    }
}

// Can the arrays run through a direct plan of this problem? Fills the clFFT description.
struct DirectForm {
    std::vector<long long> n, is, os;
    long long batch = 1, idist = 0, odist = 0;
    bool inPlace = false;
    bool planarIn = false, planarOut = false;
    long long inReach = 0, outReach = 0; // reals, of each array of the side
    bool outDense = true;
};

bool spans_overlap(const real_t* a, long long na, const real_t* b, long long nb)
{
    const uintptr_t a0 = (uintptr_t)a, a1 = a0 + (uintptr_t)na * sizeof(real_t);
    const uintptr_t b0 = (uintptr_t)b, b1 = b0 + (uintptr_t)nb * sizeof(real_t);
    return a0 < b1 && b0 < a1;
}

bool direct_form(const Problem& pb, const Arrays& a, DirectForm* f)
{
    const size_t rank = pb.dims.size();
    if (rank < 1 || rank > 3 || pb.loops.size() > 1)
        return false;
    const bool cin = is_complex_in(pb.kind), cout = is_complex_out(pb.kind);
    // an interleaved side: imaginary parts right after the real parts, even strides (in reals);
    // any other complex side is planar (split arrays), strides counted in reals
    bool evenIn = true, evenOut = true;
    for (const std::vector<Dim>* v : {&pb.dims, &pb.loops})
        for (const Dim& d : *v) {
            evenIn = evenIn && d.is % 2 == 0;
            evenOut = evenOut && d.os % 2 == 0;
        }
    f->planarIn = cin && !(a.inIm == a.inRe + 1 && evenIn);
    f->planarOut = cout && !(a.outIm == a.outRe + 1 && evenOut);
    const long long unitIn = cin && !f->planarIn ? 2 : 1, unitOut = cout && !f->planarOut ? 2 : 1;
    f->n.clear();
    f->is.clear();
    f->os.clear();
    for (const Dim& d : pb.dims) {
        if (d.is <= 0 || d.os <= 0)
            return false;
        f->n.push_back(d.n);
        f->is.push_back(d.is / unitIn);
        f->os.push_back(d.os / unitOut);
    }
    Walk wi = side_walk(pb, true), wo = side_walk(pb, false);
    long long lo = 0, hiIn = 0, hiOut = 0;
    walk_span(wi, &lo, &hiIn);
    walk_span(wo, &lo, &hiOut);
    f->inReach = hiIn + unitIn;
    f->outReach = hiOut + unitOut;
    f->batch = 1;
    if (pb.loops.size() == 1) {
        const Dim& v = pb.loops[0];
        if (v.is <= 0 || v.os <= 0)
            return false;
        f->batch = v.n;
        f->idist = v.is / unitIn;
        f->odist = v.os / unitOut;
    } else {
        // one transform: distances that cover it
        f->idist = (f->inReach + unitIn - 1) / unitIn;
        f->odist = (f->outReach + unitOut - 1) / unitOut;
    }
    // the real and imaginary arrays of a planar side must not overlap
    if (f->planarIn && spans_overlap(a.inRe, f->inReach, a.inIm, f->inReach))
        return false;
    if (f->planarOut && spans_overlap(a.outRe, f->outReach, a.outIm, f->outReach))
        return false;
    f->inPlace = a.inRe == a.outRe;
    if (!f->inPlace) {
        // out-of-place arrays must not overlap
        const real_t* ins[2] = {a.inRe, f->planarIn ? a.inIm : nullptr};
        const real_t* outs[2] = {a.outRe, f->planarOut ? a.outIm : nullptr};
        for (const real_t* i : ins)
            for (const real_t* o : outs)
                if (i && o && spans_overlap(i, f->inReach, o, f->outReach))
                    return false;
    } else {
        // clFFT in place: no planar real transforms; complex ones with one layout on both sides
        if (pb.kind != Kind::c2c && (f->planarIn || f->planarOut))
            return false;
        if (pb.kind == Kind::c2c) {
            if (f->planarIn != f->planarOut || (f->planarIn && a.inIm != a.outIm))
                return false;
            for (const Dim& d : pb.dims)
                if (d.is != d.os)
                    return false;
            if (f->idist != f->odist)
                return false;
        }
    }
    f->outDense = walk_count(wo) * unitOut == f->outReach;
    return true;
}

bool same_direct_shape(const DirectForm& f, const DevPlan& d)
{
    return f.inPlace == d.inPlace && f.planarIn == d.planarIn && f.planarOut == d.planarOut &&
           f.inReach == d.inReach && f.outReach == d.outReach;
}

// Under g_planMutex: the packed plan (gather, out-of-place transform, scatter).
bool make_packed(Plan* p)
{
    if (p->packedTried)
        return p->packed.made;
    p->packedTried = true;
    const Problem& pb = p->pb;
    std::vector<long long> n, is, os;
    for (const Dim& d : pb.dims)
        n.push_back(d.n);
    const size_t rank = n.size();
    // packed row-major strides of each side, in the side's elements
    std::vector<long long> nin(n), nout(n);
    if (pb.kind == Kind::r2c)
        nout.back() = half_len(n.back());
    if (pb.kind == Kind::c2r)
        nin.back() = half_len(n.back());
    is.assign(rank, 1);
    os.assign(rank, 1);
    for (size_t i = rank - 1; i-- > 0;) {
        is[i] = is[i + 1] * nin[i + 1];
        os[i] = os[i + 1] * nout[i + 1];
    }
    long long cin = 1, cout = 1, batch = 1;
    for (size_t i = 0; i < rank; ++i) {
        cin *= nin[i];
        cout *= nout[i];
    }
    for (const Dim& d : pb.loops)
        batch *= d.n;
    DevPlan& d = p->packed;
    if (!make_clfft(d, p->queue, pb.kind, false, false, false, n, is, os, batch, cin, cout))
        return false;
    d.bytesIn = (size_t)(cin * batch) * sizeof(real_t) * (is_complex_in(pb.kind) ? 2 : 1);
    d.bytesOut = (size_t)(cout * batch) * sizeof(real_t) * (is_complex_out(pb.kind) ? 2 : 1);
    cl_int e1 = CL_SUCCESS, e2 = CL_SUCCESS;
    d.bufIn[0] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, d.bytesIn, nullptr, &e1);
    d.bufOut[0] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, d.bytesOut, nullptr, &e2);
    if (e1 != CL_SUCCESS || e2 != CL_SUCCESS || !d.bufIn[0] || !d.bufOut[0]) {
        release_dev(d);
        return false;
    }
    return true;
}

// Under g_planMutex: the direct plan for the arrays given at planning.
bool make_direct(Plan* p, const DirectForm& f)
{
    DevPlan& d = p->direct;
    if (!make_clfft(d, p->queue, p->pb.kind, f.inPlace, f.planarIn, f.planarOut, f.n, f.is, f.os, f.batch, f.idist,
                    f.odist))
        return false;
    d.inReach = f.inReach;
    d.outReach = f.outReach;
    d.outDense = f.outDense;
    if (!g_env.zeroCopy) {
        cl_int err = CL_SUCCESS;
        d.bytesIn = (size_t)((f.inPlace ? std::max(f.inReach, f.outReach) : f.inReach) * (long long)sizeof(real_t));
        d.bytesOut = f.inPlace ? d.bytesIn : (size_t)(f.outReach * (long long)sizeof(real_t));
        bool ok = true;
        for (int k = 0; k < (f.planarIn ? 2 : 1) && ok; ++k) {
            d.bufIn[k] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE, d.bytesIn, nullptr, &err);
            ok = d.bufIn[k] && err == CL_SUCCESS;
        }
        for (int k = 0; k < (f.planarOut ? 2 : 1) && ok && !f.inPlace; ++k) {
            d.bufOut[k] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE, d.bytesOut, nullptr, &err);
            ok = d.bufOut[k] && err == CL_SUCCESS;
        }
        if (!ok) {
            release_dev(d);
            return false;
        }
    }
    return true;
}

// ---- execution ------------------------------------------------------------------------------------

clfftDirection direction(const Problem& pb)
{
    return pb.sign < 0 ? CLFFT_FORWARD : CLFFT_BACKWARD;
}

bool run_direct(Plan* p, const Arrays& a, const DirectForm& f)
{
    DevPlan& d = p->direct;
    cl_command_queue q = p->queue;
    const clfftDirection dir = direction(p->pb);
    const int nIn = f.planarIn ? 2 : 1, nOut = f.planarOut ? 2 : 1;
    real_t* hostIn[2] = {a.inRe, a.inIm};
    real_t* hostOut[2] = {a.outRe, a.outIm};
    const size_t inBytes = (size_t)((f.inPlace ? std::max(f.inReach, f.outReach) : f.inReach) * (long long)sizeof(real_t));
    const size_t outBytes = f.inPlace ? inBytes : (size_t)(f.outReach * (long long)sizeof(real_t));
    cl_int err = CL_SUCCESS;
    if (g_env.zeroCopy) {
        cl_mem bin[2] = {nullptr, nullptr}, bout[2] = {nullptr, nullptr};
        bool ok = true;
        for (int k = 0; k < nIn && ok; ++k) {
            bin[k] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, inBytes, hostIn[k], &err);
            ok = bin[k] && err == CL_SUCCESS;
        }
        for (int k = 0; k < nOut && ok && !f.inPlace; ++k) {
            bout[k] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, outBytes, hostOut[k], &err);
            ok = bout[k] && err == CL_SUCCESS;
        }
        if (ok)
            ok = clfftEnqueueTransform(d.handle, dir, 1, &q, 0, nullptr, nullptr, bin, f.inPlace ? nullptr : bout,
                                       nullptr) == CLFFT_SUCCESS;
        if (ok && !g_env.hostStorage) {
            // mapping brings the result into the client's memory where the runtime kept a copy
            // of it; queued behind the transform, so that clFinish is the only wait
            cl_mem* target = f.inPlace ? bin : bout;
            for (int k = 0; k < nOut && ok; ++k) {
                void* m = clEnqueueMapBuffer(q, target[k], CL_FALSE, CL_MAP_READ, 0, outBytes, 0, nullptr, nullptr, &err);
                if (m && err == CL_SUCCESS)
                    clEnqueueUnmapMemObject(q, target[k], m, 0, nullptr, nullptr);
                else
                    ok = false;
            }
        }
        if (clFinish(q) != CL_SUCCESS)
            ok = false;
        for (cl_mem m : {bin[0], bin[1], bout[0], bout[1]})
            if (m)
                clReleaseMemObject(m);
        return ok;
    }
    // copies through the plan's device buffers
    bool ok = true;
    for (int k = 0; k < nIn && ok; ++k)
        ok = clEnqueueWriteBuffer(q, d.bufIn[k], CL_FALSE, 0, d.bytesIn, hostIn[k], 0, nullptr, nullptr) == CL_SUCCESS;
    for (int k = 0; k < nOut && ok && !f.inPlace && !f.outDense; ++k)
        ok = clEnqueueWriteBuffer(q, d.bufOut[k], CL_FALSE, 0, d.bytesOut, hostOut[k], 0, nullptr, nullptr) ==
             CL_SUCCESS;
    if (ok)
        ok = clfftEnqueueTransform(d.handle, dir, 1, &q, 0, nullptr, nullptr, d.bufIn, f.inPlace ? nullptr : d.bufOut,
                                   nullptr) == CLFFT_SUCCESS;
    cl_mem* target = f.inPlace ? d.bufIn : d.bufOut;
    for (int k = 0; k < nOut && ok; ++k)
        ok = clEnqueueReadBuffer(q, target[k], CL_FALSE, 0, outBytes, hostOut[k], 0, nullptr, nullptr) == CL_SUCCESS;
    if (clFinish(q) != CL_SUCCESS)
        ok = false;
    return ok;
}

void host_copy(const Problem& pb, const Arrays& a)
{
    // rank-0 transforms: every element copied (complex to complex, real to complex real part,
    // complex real part to real). The input is read first, so overlapping arrays are fine.
    Walk wi = side_walk(pb, true), wo = side_walk(pb, false);
    std::vector<real_t> tmp;
    const bool cin = is_complex_in(pb.kind), cout = is_complex_out(pb.kind);
    walk_each(wi, [&](long long off) {
        tmp.push_back(a.inRe[off]);
        tmp.push_back(cin ? a.inIm[off] : real_t(0));
    });
    size_t k = 0;
    walk_each(wo, [&](long long off) {
        a.outRe[off] = tmp[k];
        if (cout)
            a.outIm[off] = tmp[k + 1];
        k += 2;
    });
}

bool run_packed(Plan* p, const Arrays& a)
{
    DevPlan& d = p->packed;
    cl_command_queue q = p->queue;
    const Problem& pb = p->pb;
    cl_int err = CL_SUCCESS;
    const bool cin = is_complex_in(pb.kind), cout = is_complex_out(pb.kind);
    real_t* m = (real_t*)clEnqueueMapBuffer(q, d.bufIn[0], CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, d.bytesIn, 0,
                                            nullptr, nullptr, &err);
    if (!m || err != CL_SUCCESS)
        return false;
    Walk wi = side_walk(pb, true);
    size_t k = 0;
    if (cin)
        walk_each(wi, [&](long long off) {
            m[k] = a.inRe[off];
            m[k + 1] = a.inIm[off];
            k += 2;
        });
    else
        walk_each(wi, [&](long long off) { m[k++] = a.inRe[off]; });
    clEnqueueUnmapMemObject(q, d.bufIn[0], m, 0, nullptr, nullptr);
    if (clfftEnqueueTransform(d.handle, direction(pb), 1, &q, 0, nullptr, nullptr, d.bufIn, d.bufOut, nullptr) !=
        CLFFT_SUCCESS) {
        clFinish(q);
        return false;
    }
    real_t* r = (real_t*)clEnqueueMapBuffer(q, d.bufOut[0], CL_TRUE, CL_MAP_READ, 0, d.bytesOut, 0, nullptr, nullptr, &err);
    if (!r || err != CL_SUCCESS) {
        clFinish(q);
        return false;
    }
    Walk wo = side_walk(pb, false);
    k = 0;
    if (cout)
        walk_each(wo, [&](long long off) {
            a.outRe[off] = r[k];
            a.outIm[off] = r[k + 1];
            k += 2;
        });
    else
        walk_each(wo, [&](long long off) { a.outRe[off] = r[k++]; });
    clEnqueueUnmapMemObject(q, d.bufOut[0], r, 0, nullptr, nullptr);
    clFinish(q);
    return true;
}

void execute_arrays(Plan* p, const Arrays& a)
{
    if (!p || p->noop)
        return;
    if (!a.inRe || !a.outRe || (is_complex_in(p->pb.kind) && !a.inIm) || (is_complex_out(p->pb.kind) && !a.outIm)) {
        complain("execute with a NULL array: nothing done");
        return;
    }
    try {
        std::lock_guard<std::mutex> lock(p->execMutex);
        if (p->hostOnly) {
            host_copy(p->pb, a);
            return;
        }
        DirectForm f;
        const bool fits = direct_form(p->pb, a, &f);
        if (fits && !p->directTried) {
            std::lock_guard<std::mutex> plock(g_planMutex);
            p->directTried = true;
            p->hasDirect = make_direct(p, f);
        }
        if (fits && p->hasDirect && same_direct_shape(f, p->direct)) {
            if (run_direct(p, a, f))
                return;
        }
        {
            std::lock_guard<std::mutex> plock(g_planMutex);
            if (!make_packed(p)) {
                complain("cannot run this plan (no clFFT plan could be baked for it)");
                return;
            }
        }
        if (!run_packed(p, a))
            complain("a transform failed on the OpenCL device");
    } catch (...) {
        complain("out of memory in execute");
    }
}

std::string plan_text(const Plan* p);

// ---- planning ----------------------------------------------------------------------------------------

Plan* make_plan(Problem pb, const Arrays& a)
{
    try {
        if (pb.dims.size() > 3)
            return nullptr; // rank > 3: not supported (docs/fftw-compat.md)
        for (const Dim& d : pb.dims)
            if (d.n <= 0)
                return nullptr;
        // element counts and offsets must stay far from overflow (2^50 reals)
        {
            const double limit = std::ldexp(1.0, 50);
            double count = 1, reach = 0;
            for (const std::vector<Dim>* v : {&pb.dims, &pb.loops})
                for (const Dim& d : *v) {
                    count *= (double)std::max(d.n, 1LL);
                    reach += (double)std::max(d.n - 1, 0LL) * (std::fabs((double)d.is) + std::fabs((double)d.os));
                }
            if (count > limit || reach > limit)
                return nullptr;
        }
        bool noop = false;
        for (const Dim& d : pb.loops) {
            if (d.n < 0)
                return nullptr;
            if (d.n == 0)
                noop = true;
        }
        if (pb.kind == Kind::c2c && pb.sign != FFTW_FORWARD && pb.sign != FFTW_BACKWARD)
            return nullptr;
        std::lock_guard<std::mutex> lock(g_planMutex);
        const std::string key = problem_key(pb, a);
        if ((pb.flags & FFTW_WISDOM_ONLY) && !g_wisdom.count(key))
            return nullptr;
        std::unique_ptr<Plan> p(new Plan());
        p->key = key;
        p->arrays = a;
        simplify(pb);
        p->pb = pb;
        p->noop = noop;
        if (!noop && pb.dims.empty())
            p->hostOnly = true;
        if (!noop && !p->hostOnly) {
            if (!env_ready())
                return nullptr;
            cl_int err = CL_SUCCESS;
            p->queue = clCreateCommandQueue(g_env.context, g_env.device, 0, &err);
            if (!p->queue || err != CL_SUCCESS)
                return nullptr;
            // the direct form of the planning arrays; arrays that have none (NULL, overlapping...)
            // get the packed plan now and a direct one at the first execution whose arrays fit
            DirectForm f;
            if (direct_form(p->pb, a, &f)) {
                p->directTried = true;
                p->hasDirect = make_direct(p.get(), f);
            }
            if (!p->hasDirect && !make_packed(p.get()))
                return nullptr;
        }
        g_wisdom.insert(key);
        if (const char* v = std::getenv("CLFFTW_VERBOSE"))
            if (*v && *v != '0')
                std::fprintf(stderr, "clfftw3: %s\n", plan_text(p.get()).c_str());
        return p.release();
    } catch (...) {
        return nullptr;
    }
}

void destroy(Plan* p)
{
    if (!p)
        return;
    try {
        std::lock_guard<std::mutex> lock(g_planMutex);
        delete p;
    } catch (...) {
    }
}

// Array descriptions from the FFTW argument forms.
Arrays complex_io(complex_t* in, complex_t* out)
{
    Arrays a;
    a.inRe = (real_t*)in;
    a.inIm = a.inRe ? a.inRe + 1 : nullptr;
    a.outRe = (real_t*)out;
    a.outIm = a.outRe ? a.outRe + 1 : nullptr;
    return a;
}

// In the basic and advanced interfaces a NULL *nembed means the array's own sizes; for the real
// side of an in-place real transform the last one is padded to 2 (n/2 + 1) reals.
std::vector<long long> embed_of(int rank, const int* n, const int* embed, bool halfLast, bool padLast)
{
    std::vector<long long> e(rank);
    for (int i = 0; i < rank; ++i)
        e[i] = embed ? embed[i] : n[i];
    if (!embed && rank > 0) {
        if (halfLast)
            e[rank - 1] = half_len(n[rank - 1]);
        else if (padLast)
            e[rank - 1] = 2 * half_len(n[rank - 1]);
    }
    return e;
}

// Advanced-interface problem; unit: reals per element of each side (2 complex, 1 real).
bool many_problem(Problem* pb, int rank, const int* n, int howmany, const int* inembed, int istride, int idist,
                  const int* onembed, int ostride, int odist, int unitIn, int unitOut, bool inPlace)
{
    if (rank < 0 || howmany < 0 || (rank > 0 && !n))
        return false;
    for (int i = 0; i < rank; ++i)
        if (n[i] <= 0)
            return false;
    const bool r2c = pb->kind == Kind::r2c, c2r = pb->kind == Kind::c2r;
    std::vector<long long> ei = embed_of(rank, n, inembed, c2r, r2c && inPlace);
    std::vector<long long> eo = embed_of(rank, n, onembed, r2c, c2r && inPlace);
    pb->dims.assign(rank, Dim{0, 0, 0});
    long long si = istride, so = ostride;
    for (int i = rank - 1; i >= 0; --i) {
        pb->dims[i] = Dim{n[i], si * unitIn, so * unitOut};
        si *= ei[i];
        so *= eo[i];
    }
    pb->loops.clear();
    pb->loops.push_back(Dim{howmany, (long long)idist * unitIn, (long long)odist * unitOut});
    return true;
}

template <class IO>
bool guru_problem(Problem* pb, int rank, const IO* dims, int hrank, const IO* hdims, int unitIn, int unitOut)
{
    if (rank < 0 || hrank < 0 || (rank > 0 && !dims) || (hrank > 0 && !hdims))
        return false;
    pb->dims.clear();
    pb->loops.clear();
    for (int i = 0; i < rank; ++i)
        pb->dims.push_back(Dim{(long long)dims[i].n, (long long)dims[i].is * unitIn, (long long)dims[i].os * unitOut});
    for (int i = 0; i < hrank; ++i)
        pb->loops.push_back(
            Dim{(long long)hdims[i].n, (long long)hdims[i].is * unitIn, (long long)hdims[i].os * unitOut});
    return true;
}

Plan* plan_many_c2c(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride, int idist,
                    complex_t* out, const int* onembed, int ostride, int odist, int sign, unsigned flags)
{
    Problem pb;
    pb.kind = Kind::c2c;
    pb.sign = sign;
    pb.flags = flags;
    if (!many_problem(&pb, rank, n, howmany, inembed, istride, idist, onembed, ostride, odist, 2, 2,
                      (void*)in == (void*)out))
        return nullptr;
    return make_plan(pb, complex_io(in, out));
}

Plan* plan_many_r2c(int rank, const int* n, int howmany, real_t* in, const int* inembed, int istride, int idist,
                    complex_t* out, const int* onembed, int ostride, int odist, unsigned flags)
{
    Problem pb;
    pb.kind = Kind::r2c;
    pb.flags = flags;
    if (!many_problem(&pb, rank, n, howmany, inembed, istride, idist, onembed, ostride, odist, 1, 2,
                      (void*)in == (void*)out))
        return nullptr;
    Arrays a;
    a.inRe = in;
    a.outRe = (real_t*)out;
    a.outIm = a.outRe ? a.outRe + 1 : nullptr;
    return make_plan(pb, a);
}

Plan* plan_many_c2r(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride, int idist,
                    real_t* out, const int* onembed, int ostride, int odist, unsigned flags)
{
    Problem pb;
    pb.kind = Kind::c2r;
    pb.flags = flags;
    if (!many_problem(&pb, rank, n, howmany, inembed, istride, idist, onembed, ostride, odist, 2, 1,
                      (void*)in == (void*)out))
        return nullptr;
    Arrays a;
    a.inRe = (real_t*)in;
    a.inIm = a.inRe ? a.inRe + 1 : nullptr;
    a.outRe = out;
    return make_plan(pb, a);
}

template <class IO>
Plan* guru_c2c(int rank, const IO* dims, int hrank, const IO* hdims, real_t* ri, real_t* ii, real_t* ro, real_t* io,
               int sign, unsigned flags, int unit)
{
    Problem pb;
    pb.kind = Kind::c2c;
    pb.sign = sign;
    pb.flags = flags;
    if (!guru_problem(&pb, rank, dims, hrank, hdims, unit, unit))
        return nullptr;
    Arrays a;
    a.inRe = ri;
    a.inIm = ii;
    a.outRe = ro;
    a.outIm = io;
    return make_plan(pb, a);
}

template <class IO>
Plan* guru_r2c(int rank, const IO* dims, int hrank, const IO* hdims, real_t* in, real_t* ro, real_t* io,
               unsigned flags, int unit)
{
    Problem pb;
    pb.kind = Kind::r2c;
    pb.flags = flags;
    if (!guru_problem(&pb, rank, dims, hrank, hdims, 1, unit))
        return nullptr;
    Arrays a;
    a.inRe = in;
    a.outRe = ro;
    a.outIm = io;
    return make_plan(pb, a);
}

template <class IO>
Plan* guru_c2r(int rank, const IO* dims, int hrank, const IO* hdims, real_t* ri, real_t* ii, real_t* out,
               unsigned flags, int unit)
{
    Problem pb;
    pb.kind = Kind::c2r;
    pb.flags = flags;
    if (!guru_problem(&pb, rank, dims, hrank, hdims, unit, 1))
        return nullptr;
    Arrays a;
    a.inRe = ri;
    a.inIm = ii;
    a.outRe = out;
    return make_plan(pb, a);
}

// ---- wisdom ------------------------------------------------------------------------------------------

const char* const kWisdomHead = "(clfftw3-wisdom-1";

std::string wisdom_text()
{
    std::lock_guard<std::mutex> lock(g_planMutex);
    std::string s = std::string(kWisdomHead) + " " + kPrefix + "\n";
    for (const std::string& k : g_wisdom)
        s += "  (" + k + ")\n";
    s += ")\n";
    return s;
}

// Reads one parenthesised text (balanced), as FFTW does, from a character source.
template <class Next> bool read_balanced(Next next, std::string* out)
{
    int c;
    do {
        c = next();
    } while (c != EOF && std::isspace(c));
    if (c != '(')
        return false;
    int depth = 0;
    for (; c != EOF; c = next()) {
        out->push_back((char)c);
        if (c == '(')
            ++depth;
        else if (c == ')' && --depth == 0)
            return true;
        if (out->size() > (64u << 20))
            return false;
    }
    return false;
}

int import_text(const std::string& s)
{
    // our own wisdom: problems planned before; FFTW's own wisdom ("(fftw-3..." ) is accepted and
    // ignored, since plans here need no wisdom
    if (s.compare(0, 6, "(fftw-") == 0)
        return 1;
    const std::string head = std::string(kWisdomHead) + " " + kPrefix;
    if (s.compare(0, head.size(), head) != 0)
        return 0;
    std::vector<std::string> keys;
    size_t i = head.size();
    for (;;) {
        while (i < s.size() && std::isspace((unsigned char)s[i]))
            ++i;
        if (i >= s.size())
            return 0;
        if (s[i] == ')')
            break;
        if (s[i] != '(')
            return 0;
        size_t j = s.find(')', i);
        if (j == std::string::npos)
            return 0;
        keys.push_back(s.substr(i + 1, j - i - 1));
        i = j + 1;
    }
    std::lock_guard<std::mutex> lock(g_planMutex);
    for (const std::string& k : keys)
        g_wisdom.insert(k);
    return 1;
}

std::string plan_text(const Plan* p)
{
    // the problem as planned (kind, dimensions n:is:os with strides in reals, loops, in or out of
    // place, split), then how it runs
    std::string s = "(clfftw3 " + p->key;
    if (p->noop)
        s += " (nothing to do)";
    else if (p->hostOnly)
        s += " (host copy)";
    else
        s += std::string(" (") + (p->hasDirect ? "direct" : "packed") + " clFFT plan on " + g_env.name +
             (!g_env.zeroCopy ? ", device copies" : g_env.hostStorage ? ", host memory used in place" : ", mapped") + ")";
    s += ")";
    return s;
}

double plan_points(const Plan* p, double* transforms)
{
    double n = 1, v = 1;
    for (const Dim& d : p->pb.dims)
        n *= (double)d.n;
    for (const Dim& d : p->pb.loops)
        v *= (double)d.n;
    *transforms = v;
    return n;
}

} // namespace

// ---- the C interface -----------------------------------------------------------------------------------

extern "C" {

void API(execute)(const API(plan) p)
{
    if (p)
        execute_arrays(p, p->arrays);
}

API(plan) API(plan_dft)(int rank, const int* n, complex_t* in, complex_t* out, int sign, unsigned flags)
{
    return plan_many_c2c(rank, n, 1, in, nullptr, 1, 0, out, nullptr, 1, 0, sign, flags);
}

API(plan) API(plan_dft_1d)(int n, complex_t* in, complex_t* out, int sign, unsigned flags)
{
    return API(plan_dft)(1, &n, in, out, sign, flags);
}

API(plan) API(plan_dft_2d)(int n0, int n1, complex_t* in, complex_t* out, int sign, unsigned flags)
{
    const int n[2] = {n0, n1};
    return API(plan_dft)(2, n, in, out, sign, flags);
}

API(plan) API(plan_dft_3d)(int n0, int n1, int n2, complex_t* in, complex_t* out, int sign, unsigned flags)
{
    const int n[3] = {n0, n1, n2};
    return API(plan_dft)(3, n, in, out, sign, flags);
}

API(plan) API(plan_many_dft)(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride,
                             int idist, complex_t* out, const int* onembed, int ostride, int odist, int sign,
                             unsigned flags)
{
    return plan_many_c2c(rank, n, howmany, in, inembed, istride, idist, out, onembed, ostride, odist, sign, flags);
}

API(plan) API(plan_guru_dft)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                             complex_t* in, complex_t* out, int sign, unsigned flags)
{
    real_t* ri = (real_t*)in;
    real_t* ro = (real_t*)out;
    return guru_c2c(rank, dims, howmany_rank, howmany_dims, ri, ri ? ri + 1 : nullptr, ro, ro ? ro + 1 : nullptr, sign,
                    flags, 2);
}

API(plan) API(plan_guru_split_dft)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                   real_t* ri, real_t* ii, real_t* ro, real_t* io, unsigned flags)
{
    return guru_c2c(rank, dims, howmany_rank, howmany_dims, ri, ii, ro, io, FFTW_FORWARD, flags, 1);
}

API(plan) API(plan_guru64_dft)(int rank, const iodim64_t* dims, int howmany_rank, const iodim64_t* howmany_dims,
                               complex_t* in, complex_t* out, int sign, unsigned flags)
{
    real_t* ri = (real_t*)in;
    real_t* ro = (real_t*)out;
    return guru_c2c(rank, dims, howmany_rank, howmany_dims, ri, ri ? ri + 1 : nullptr, ro, ro ? ro + 1 : nullptr, sign,
                    flags, 2);
}

API(plan) API(plan_guru64_split_dft)(int rank, const iodim64_t* dims, int howmany_rank,
                                     const iodim64_t* howmany_dims, real_t* ri, real_t* ii, real_t* ro, real_t* io,
                                     unsigned flags)
{
    return guru_c2c(rank, dims, howmany_rank, howmany_dims, ri, ii, ro, io, FFTW_FORWARD, flags, 1);
}

void API(execute_dft)(const API(plan) p, complex_t* in, complex_t* out)
{
    if (p && p->pb.kind == Kind::c2c)
        execute_arrays(p, complex_io(in, out));
}

void API(execute_split_dft)(const API(plan) p, real_t* ri, real_t* ii, real_t* ro, real_t* io)
{
    if (!p || p->pb.kind != Kind::c2c)
        return;
    Arrays a;
    a.inRe = ri;
    a.inIm = ii;
    a.outRe = ro;
    a.outIm = io;
    execute_arrays(p, a);
}

API(plan) API(plan_many_dft_r2c)(int rank, const int* n, int howmany, real_t* in, const int* inembed, int istride,
                                 int idist, complex_t* out, const int* onembed, int ostride, int odist, unsigned flags)
{
    return plan_many_r2c(rank, n, howmany, in, inembed, istride, idist, out, onembed, ostride, odist, flags);
}

API(plan) API(plan_dft_r2c)(int rank, const int* n, real_t* in, complex_t* out, unsigned flags)
{
    return plan_many_r2c(rank, n, 1, in, nullptr, 1, 0, out, nullptr, 1, 0, flags);
}

API(plan) API(plan_dft_r2c_1d)(int n, real_t* in, complex_t* out, unsigned flags)
{
    return API(plan_dft_r2c)(1, &n, in, out, flags);
}

API(plan) API(plan_dft_r2c_2d)(int n0, int n1, real_t* in, complex_t* out, unsigned flags)
{
    const int n[2] = {n0, n1};
    return API(plan_dft_r2c)(2, n, in, out, flags);
}

API(plan) API(plan_dft_r2c_3d)(int n0, int n1, int n2, real_t* in, complex_t* out, unsigned flags)
{
    const int n[3] = {n0, n1, n2};
    return API(plan_dft_r2c)(3, n, in, out, flags);
}

API(plan) API(plan_many_dft_c2r)(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride,
                                 int idist, real_t* out, const int* onembed, int ostride, int odist, unsigned flags)
{
    return plan_many_c2r(rank, n, howmany, in, inembed, istride, idist, out, onembed, ostride, odist, flags);
}

API(plan) API(plan_dft_c2r)(int rank, const int* n, complex_t* in, real_t* out, unsigned flags)
{
    return plan_many_c2r(rank, n, 1, in, nullptr, 1, 0, out, nullptr, 1, 0, flags);
}

API(plan) API(plan_dft_c2r_1d)(int n, complex_t* in, real_t* out, unsigned flags)
{
    return API(plan_dft_c2r)(1, &n, in, out, flags);
}

API(plan) API(plan_dft_c2r_2d)(int n0, int n1, complex_t* in, real_t* out, unsigned flags)
{
    const int n[2] = {n0, n1};
    return API(plan_dft_c2r)(2, n, in, out, flags);
}

API(plan) API(plan_dft_c2r_3d)(int n0, int n1, int n2, complex_t* in, real_t* out, unsigned flags)
{
    const int n[3] = {n0, n1, n2};
    return API(plan_dft_c2r)(3, n, in, out, flags);
}

API(plan) API(plan_guru_dft_r2c)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                 real_t* in, complex_t* out, unsigned flags)
{
    real_t* ro = (real_t*)out;
    return guru_r2c(rank, dims, howmany_rank, howmany_dims, in, ro, ro ? ro + 1 : nullptr, flags, 2);
}

API(plan) API(plan_guru_dft_c2r)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                 complex_t* in, real_t* out, unsigned flags)
{
    real_t* ri = (real_t*)in;
    return guru_c2r(rank, dims, howmany_rank, howmany_dims, ri, ri ? ri + 1 : nullptr, out, flags, 2);
}

API(plan) API(plan_guru_split_dft_r2c)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                       real_t* in, real_t* ro, real_t* io, unsigned flags)
{
    return guru_r2c(rank, dims, howmany_rank, howmany_dims, in, ro, io, flags, 1);
}

API(plan) API(plan_guru_split_dft_c2r)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                       real_t* ri, real_t* ii, real_t* out, unsigned flags)
{
    return guru_c2r(rank, dims, howmany_rank, howmany_dims, ri, ii, out, flags, 1);
}

API(plan) API(plan_guru64_dft_r2c)(int rank, const iodim64_t* dims, int howmany_rank, const iodim64_t* howmany_dims,
                                   real_t* in, complex_t* out, unsigned flags)
{
    real_t* ro = (real_t*)out;
    return guru_r2c(rank, dims, howmany_rank, howmany_dims, in, ro, ro ? ro + 1 : nullptr, flags, 2);
}

API(plan) API(plan_guru64_dft_c2r)(int rank, const iodim64_t* dims, int howmany_rank, const iodim64_t* howmany_dims,
                                   complex_t* in, real_t* out, unsigned flags)
{
    real_t* ri = (real_t*)in;
    return guru_c2r(rank, dims, howmany_rank, howmany_dims, ri, ri ? ri + 1 : nullptr, out, flags, 2);
}

API(plan) API(plan_guru64_split_dft_r2c)(int rank, const iodim64_t* dims, int howmany_rank,
                                         const iodim64_t* howmany_dims, real_t* in, real_t* ro, real_t* io,
                                         unsigned flags)
{
    return guru_r2c(rank, dims, howmany_rank, howmany_dims, in, ro, io, flags, 1);
}

API(plan) API(plan_guru64_split_dft_c2r)(int rank, const iodim64_t* dims, int howmany_rank,
                                         const iodim64_t* howmany_dims, real_t* ri, real_t* ii, real_t* out,
                                         unsigned flags)
{
    return guru_c2r(rank, dims, howmany_rank, howmany_dims, ri, ii, out, flags, 1);
}

void API(execute_dft_r2c)(const API(plan) p, real_t* in, complex_t* out)
{
    if (!p || p->pb.kind != Kind::r2c)
        return;
    Arrays a;
    a.inRe = in;
    a.outRe = (real_t*)out;
    a.outIm = a.outRe ? a.outRe + 1 : nullptr;
    execute_arrays(p, a);
}

void API(execute_dft_c2r)(const API(plan) p, complex_t* in, real_t* out)
{
    if (!p || p->pb.kind != Kind::c2r)
        return;
    Arrays a;
    a.inRe = (real_t*)in;
    a.inIm = a.inRe ? a.inRe + 1 : nullptr;
    a.outRe = out;
    execute_arrays(p, a);
}

void API(execute_split_dft_r2c)(const API(plan) p, real_t* in, real_t* ro, real_t* io)
{
    if (!p || p->pb.kind != Kind::r2c)
        return;
    Arrays a;
    a.inRe = in;
    a.outRe = ro;
    a.outIm = io;
    execute_arrays(p, a);
}

void API(execute_split_dft_c2r)(const API(plan) p, real_t* ri, real_t* ii, real_t* out)
{
    if (!p || p->pb.kind != Kind::c2r)
        return;
    Arrays a;
    a.inRe = ri;
    a.inIm = ii;
    a.outRe = out;
    execute_arrays(p, a);
}

// Real-to-real transforms are not supported: NULL plans, as FFTW returns when it cannot plan.
API(plan) API(plan_many_r2r)(int, const int*, int, real_t*, const int*, int, int, real_t*, const int*, int, int,
                             const API(r2r_kind)*, unsigned)
{
    return nullptr;
}
API(plan) API(plan_r2r)(int, const int*, real_t*, real_t*, const API(r2r_kind)*, unsigned) { return nullptr; }
API(plan) API(plan_r2r_1d)(int, real_t*, real_t*, API(r2r_kind), unsigned) { return nullptr; }
API(plan) API(plan_r2r_2d)(int, int, real_t*, real_t*, API(r2r_kind), API(r2r_kind), unsigned) { return nullptr; }
API(plan) API(plan_r2r_3d)(int, int, int, real_t*, real_t*, API(r2r_kind), API(r2r_kind), API(r2r_kind), unsigned)
{
    return nullptr;
}
API(plan) API(plan_guru_r2r)(int, const iodim_t*, int, const iodim_t*, real_t*, real_t*, const API(r2r_kind)*, unsigned)
{
    return nullptr;
}
API(plan) API(plan_guru64_r2r)(int, const iodim64_t*, int, const iodim64_t*, real_t*, real_t*, const API(r2r_kind)*,
                               unsigned)
{
    return nullptr;
}
void API(execute_r2r)(const API(plan), real_t*, real_t*) {}

void API(destroy_plan)(API(plan) p) { destroy(p); }

void API(forget_wisdom)(void)
{
    std::lock_guard<std::mutex> lock(g_planMutex);
    g_wisdom.clear();
}

// The OpenCL context stays for the life of the process (the clFFT library is shared with the
// other precision's layer, so clfftTeardown is never called here); cleanup forgets the wisdom.
void API(cleanup)(void) { API(forget_wisdom)(); }

void API(set_timelimit)(double) {}

void API(plan_with_nthreads)(int nthreads)
{
    std::lock_guard<std::mutex> lock(g_planMutex);
    g_nthreads = nthreads > 0 ? nthreads : 1;
}

int API(planner_nthreads)(void)
{
    std::lock_guard<std::mutex> lock(g_planMutex);
    return g_nthreads;
}

int API(init_threads)(void) { return 1; }
void API(cleanup_threads)(void) {}
void API(threads_set_callback)(void (*)(void* (*)(char*), char*, size_t, int, void*), void*) {}
void API(make_planner_thread_safe)(void) {}

void API(export_wisdom)(API(write_char_func) write_char, void* data)
{
    if (!write_char)
        return;
    try {
        for (char c : wisdom_text())
            write_char(c, data);
    } catch (...) {
    }
}

char* API(export_wisdom_to_string)(void)
{
    try {
        const std::string s = wisdom_text();
        char* r = (char*)std::malloc(s.size() + 1);
        if (r)
            std::memcpy(r, s.c_str(), s.size() + 1);
        return r;
    } catch (...) {
        return nullptr;
    }
}

void API(export_wisdom_to_file)(FILE* f)
{
    if (!f)
        return;
    try {
        const std::string s = wisdom_text();
        std::fwrite(s.data(), 1, s.size(), f);
    } catch (...) {
    }
}

int API(export_wisdom_to_filename)(const char* filename)
{
    if (!filename)
        return 0;
    FILE* f = std::fopen(filename, "w");
    if (!f)
        return 0;
    API(export_wisdom_to_file)(f);
    const bool ok = !std::ferror(f);
    return (std::fclose(f) == 0 && ok) ? 1 : 0;
}

int API(import_wisdom)(API(read_char_func) read_char, void* data)
{
    if (!read_char)
        return 0;
    try {
        std::string s;
        if (!read_balanced([&] { return read_char(data); }, &s))
            return 0;
        return import_text(s);
    } catch (...) {
        return 0;
    }
}

int API(import_wisdom_from_string)(const char* input)
{
    if (!input)
        return 0;
    try {
        const char* c = input;
        std::string s;
        if (!read_balanced([&]() -> int { return *c ? (unsigned char)*c++ : EOF; }, &s))
            return 0;
        return import_text(s);
    } catch (...) {
        return 0;
    }
}

int API(import_wisdom_from_file)(FILE* f)
{
    if (!f)
        return 0;
    try {
        std::string s;
        if (!read_balanced([&] { return std::fgetc(f); }, &s))
            return 0;
        return import_text(s);
    } catch (...) {
        return 0;
    }
}

int API(import_wisdom_from_filename)(const char* filename)
{
    if (!filename)
        return 0;
    FILE* f = std::fopen(filename, "r");
    if (!f)
        return 0;
    const int r = API(import_wisdom_from_file)(f);
    std::fclose(f);
    return r;
}

int API(import_system_wisdom)(void) { return 0; }

char* API(sprint_plan)(const API(plan) p)
{
    if (!p)
        return nullptr;
    try {
        std::string s;
        {
            std::lock_guard<std::mutex> lock(g_planMutex);
            s = plan_text(p);
        }
        char* r = (char*)std::malloc(s.size() + 1);
        if (r)
            std::memcpy(r, s.c_str(), s.size() + 1);
        return r;
    } catch (...) {
        return nullptr;
    }
}

void API(fprint_plan)(const API(plan) p, FILE* f)
{
    if (!p || !f)
        return;
    char* s = API(sprint_plan)(p);
    if (s) {
        std::fputs(s, f);
        std::free(s);
    }
}

void API(print_plan)(const API(plan) p) { API(fprint_plan)(p, stdout); }

void* API(malloc)(size_t n)
{
    // 128-byte alignment: what OpenCL CPU runtimes ask of host memory they use without a copy
    // (PoCL reports CL_DEVICE_MEM_BASE_ADDR_ALIGN = 1024 bits), and more than SIMD needs
    void* p = nullptr;
    if (posix_memalign(&p, 128, n ? n : 1) != 0)
        return nullptr;
    return p;
}

real_t* API(alloc_real)(size_t n)
{
    if (n > SIZE_MAX / sizeof(real_t))
        return nullptr;
    return (real_t*)API(malloc)(n * sizeof(real_t));
}

complex_t* API(alloc_complex)(size_t n)
{
    if (n > SIZE_MAX / sizeof(complex_t))
        return nullptr;
    return (complex_t*)API(malloc)(n * sizeof(complex_t));
}

void API(free)(void* p) { std::free(p); }

// Estimated operation counts: 5 N log2 N flops for a complex transform of N points (half for a
// real one), counted as 3/5 additions and 2/5 multiplications, times the number of transforms.
void API(flops)(const API(plan) p, double* add, double* mul, double* fmas)
{
    double a = 0, m = 0;
    if (p && !p->noop && !p->hostOnly) {
        double v = 1;
        const double n = plan_points(p, &v);
        double total = 5.0 * n * std::log2(n > 1 ? n : 1) * v;
        if (p->pb.kind != Kind::c2c)
            total /= 2;
        a = total * 0.6;
        m = total * 0.4;
    }
    if (add)
        *add = a;
    if (mul)
        *mul = m;
    if (fmas)
        *fmas = 0;
}

double API(estimate_cost)(const API(plan) p)
{
    double a = 0, m = 0, f = 0;
    API(flops)(p, &a, &m, &f);
    return a + m;
}

double API(cost)(const API(plan) p) { return API(estimate_cost)(p); }

int API(alignment_of)(real_t* p) { return (int)((uintptr_t)p % 16); }

} // extern "C"
