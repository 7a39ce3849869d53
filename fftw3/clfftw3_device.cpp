// The OpenCL side of libclfftw3: the one device and context the library owns (chosen with
// CLFFTW_DEVICE, probed once for how it treats host memory), and the clFFT plans baked on it
// with the buffers they own.

#include "clfftw3_internal.h"

#include <clFFT-ng.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace clfftw {

std::mutex g_planMutex;
Env g_env;

void complain(const std::string& text)
{
    const char* q = std::getenv("CLFFTW_QUIET");
    if (!q || !*q || *q == '0')
        std::fprintf(stderr, "clfftw3: %s\n", text.c_str());
}

namespace {

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

} // namespace

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

void release_dev(DevPlan& d)
{
    if (d.handle)
        clfftDestroyPlan(&d.handle);
    for (Pass& p : d.passes)
        if (p.handle)
            clfftDestroyPlan(&p.handle);
    for (cl_mem m : {d.bufIn[0], d.bufIn[1], d.bufOut[0], d.bufOut[1], d.bufTmp})
        if (m)
            clReleaseMemObject(m);
    d = DevPlan();
}

bool bake_clfft(clfftPlanHandle* handle, cl_command_queue queue, const ClfftShape& s, unsigned flags)
{
    *handle = 0;
    const size_t rank = s.n.size();
    if (rank < 1 || rank > 3 || s.is.size() != rank || s.os.size() != rank)
        return false;
    // clFFT counts dimensions from the fastest, FFTW from the slowest
    size_t len[3], ist[3], ost[3];
    clfftNgR2RKind kinds[3] = {CLFFT_NG_R2HC, CLFFT_NG_R2HC, CLFFT_NG_R2HC};
    for (size_t i = 0; i < rank; ++i) {
        len[i] = (size_t)s.n[rank - 1 - i];
        ist[i] = (size_t)s.is[rank - 1 - i];
        ost[i] = (size_t)s.os[rank - 1 - i];
        if (s.kind == Kind::r2r)
            kinds[i] = (clfftNgR2RKind)s.r2r.at(rank - 1 - i);
    }
    const clfftDim dim = rank == 1 ? CLFFT_1D : rank == 2 ? CLFFT_2D : CLFFT_3D;
    clfftPlanHandle h = 0;
    if (clfftCreateDefaultPlan(&h, g_env.context, dim, len) != CLFFT_SUCCESS)
        return false;
    clfftLayout li = s.planarIn ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
    clfftLayout lo = s.planarOut ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
    if (s.kind == Kind::r2c) {
        li = CLFFT_REAL;
        lo = s.planarOut ? CLFFT_HERMITIAN_PLANAR : CLFFT_HERMITIAN_INTERLEAVED;
    } else if (s.kind == Kind::c2r) {
        li = s.planarIn ? CLFFT_HERMITIAN_PLANAR : CLFFT_HERMITIAN_INTERLEAVED;
        lo = CLFFT_REAL;
    } else if (s.kind == Kind::r2r) {
        li = lo = CLFFT_REAL;
    }
    // r2r first: clfftSetLayout takes real to real on an r2r plan only
    bool ok = (s.kind != Kind::r2r || clfftNgSetPlanR2R(h, rank, kinds) == CLFFT_SUCCESS) &&
              clfftSetPlanPrecision(h, kPrecision) == CLFFT_SUCCESS && clfftSetLayout(h, li, lo) == CLFFT_SUCCESS &&
              clfftSetResultLocation(h, s.inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE) == CLFFT_SUCCESS &&
              clfftSetPlanInStride(h, dim, ist) == CLFFT_SUCCESS && clfftSetPlanOutStride(h, dim, ost) == CLFFT_SUCCESS &&
              clfftSetPlanDistance(h, (size_t)s.idist, (size_t)s.odist) == CLFFT_SUCCESS &&
              clfftSetPlanBatchSize(h, (size_t)s.batch) == CLFFT_SUCCESS &&
              clfftSetPlanScale(h, CLFFT_FORWARD, (cl_float)s.scale) == CLFFT_SUCCESS &&
              clfftSetPlanScale(h, CLFFT_BACKWARD, 1.0f) == CLFFT_SUCCESS;
    // FFTW's planner flags as clfft-ng's rigor (docs/tuning.md): ESTIMATE takes the cost model's
    // plan, MEASURE (FFTW's default) times the candidates, PATIENT and EXHAUSTIVE time them all;
    // either way the choice is kept as wisdom. CLFFT_NG_RIGOR, when set, decides instead.
    if (ok && !std::getenv("CLFFT_NG_RIGOR")) {
        const clfftNgRigor rigor = (flags & FFTW_ESTIMATE) ? CLFFT_NG_ESTIMATE
                                   : (flags & (FFTW_PATIENT | FFTW_EXHAUSTIVE)) ? CLFFT_NG_EXHAUSTIVE
                                                                               : CLFFT_NG_MEASURE;
        ok = clfftNgSetPlanRigor(h, rigor) == CLFFT_SUCCESS;
    }
    if (ok)
        ok = clfftBakePlan(h, 1, &queue, nullptr, nullptr) == CLFFT_SUCCESS;
    if (!ok) {
        clfftDestroyPlan(&h);
        return false;
    }
    *handle = h;
    return true;
}

bool make_clfft(DevPlan& d, cl_command_queue queue, const ClfftShape& s, unsigned flags)
{
    if (!bake_clfft(&d.handle, queue, s, flags))
        return false;
    d.inPlace = s.inPlace;
    d.planarIn = s.planarIn;
    d.planarOut = s.planarOut;
    d.made = true;
    return true;
}

} // namespace clfftw
