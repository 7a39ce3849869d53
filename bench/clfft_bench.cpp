// clfft-bench: times complex FFT plans through the clFFT 2.x C interface only, so that the same
// binary measures whichever libclFFT.so.2 the dynamic loader picks (ours, or clFFT 2.12 from the
// system, chosen with LD_LIBRARY_PATH). It reports which library file was loaded and its version,
// the bake time, the median and minimum time of enqueue + clFinish, and GFLOP/s counted as
// 5 N log2(N) per transform. The first result is checked against FFTW so that a fast but wrong
// run does not go unnoticed.
//
// Exit status: 0 success, 1 result outside tolerance, 2 error (bad arguments, OpenCL or clFFT
// failure).

#include <clFFT.h>
#include <fftw3.h>

#include <dlfcn.h>
#include <link.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// ---- Status names ------------------------------------------------------------------------

struct StatusName {
    int code;
    const char* name;
};

// clfftStatus reuses OpenCL's error values; names are given without their CL_/CLFFT_ prefix.
const StatusName kStatusNames[] = {
    {CL_SUCCESS, "SUCCESS"},
    {CL_DEVICE_NOT_FOUND, "DEVICE_NOT_FOUND"},
    {CL_DEVICE_NOT_AVAILABLE, "DEVICE_NOT_AVAILABLE"},
    {CL_COMPILER_NOT_AVAILABLE, "COMPILER_NOT_AVAILABLE"},
    {CL_MEM_OBJECT_ALLOCATION_FAILURE, "MEM_OBJECT_ALLOCATION_FAILURE"},
    {CL_OUT_OF_RESOURCES, "OUT_OF_RESOURCES"},
    {CL_OUT_OF_HOST_MEMORY, "OUT_OF_HOST_MEMORY"},
    {CL_PROFILING_INFO_NOT_AVAILABLE, "PROFILING_INFO_NOT_AVAILABLE"},
    {CL_MEM_COPY_OVERLAP, "MEM_COPY_OVERLAP"},
    {CL_IMAGE_FORMAT_MISMATCH, "IMAGE_FORMAT_MISMATCH"},
    {CL_IMAGE_FORMAT_NOT_SUPPORTED, "IMAGE_FORMAT_NOT_SUPPORTED"},
    {CL_BUILD_PROGRAM_FAILURE, "BUILD_PROGRAM_FAILURE"},
    {CL_MAP_FAILURE, "MAP_FAILURE"},
    {CL_INVALID_VALUE, "INVALID_VALUE"},
    {CL_INVALID_DEVICE_TYPE, "INVALID_DEVICE_TYPE"},
    {CL_INVALID_PLATFORM, "INVALID_PLATFORM"},
    {CL_INVALID_DEVICE, "INVALID_DEVICE"},
    {CL_INVALID_CONTEXT, "INVALID_CONTEXT"},
    {CL_INVALID_QUEUE_PROPERTIES, "INVALID_QUEUE_PROPERTIES"},
    {CL_INVALID_COMMAND_QUEUE, "INVALID_COMMAND_QUEUE"},
    {CL_INVALID_HOST_PTR, "INVALID_HOST_PTR"},
    {CL_INVALID_MEM_OBJECT, "INVALID_MEM_OBJECT"},
    {CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "INVALID_IMAGE_FORMAT_DESCRIPTOR"},
    {CL_INVALID_IMAGE_SIZE, "INVALID_IMAGE_SIZE"},
    {CL_INVALID_SAMPLER, "INVALID_SAMPLER"},
    {CL_INVALID_BINARY, "INVALID_BINARY"},
    {CL_INVALID_BUILD_OPTIONS, "INVALID_BUILD_OPTIONS"},
    {CL_INVALID_PROGRAM, "INVALID_PROGRAM"},
    {CL_INVALID_PROGRAM_EXECUTABLE, "INVALID_PROGRAM_EXECUTABLE"},
    {CL_INVALID_KERNEL_NAME, "INVALID_KERNEL_NAME"},
    {CL_INVALID_KERNEL_DEFINITION, "INVALID_KERNEL_DEFINITION"},
    {CL_INVALID_KERNEL, "INVALID_KERNEL"},
    {CL_INVALID_ARG_INDEX, "INVALID_ARG_INDEX"},
    {CL_INVALID_ARG_VALUE, "INVALID_ARG_VALUE"},
    {CL_INVALID_ARG_SIZE, "INVALID_ARG_SIZE"},
    {CL_INVALID_KERNEL_ARGS, "INVALID_KERNEL_ARGS"},
    {CL_INVALID_WORK_DIMENSION, "INVALID_WORK_DIMENSION"},
    {CL_INVALID_WORK_GROUP_SIZE, "INVALID_WORK_GROUP_SIZE"},
    {CL_INVALID_WORK_ITEM_SIZE, "INVALID_WORK_ITEM_SIZE"},
    {CL_INVALID_GLOBAL_OFFSET, "INVALID_GLOBAL_OFFSET"},
    {CL_INVALID_EVENT_WAIT_LIST, "INVALID_EVENT_WAIT_LIST"},
    {CL_INVALID_EVENT, "INVALID_EVENT"},
    {CL_INVALID_OPERATION, "INVALID_OPERATION"},
    {CL_INVALID_GL_OBJECT, "INVALID_GL_OBJECT"},
    {CL_INVALID_BUFFER_SIZE, "INVALID_BUFFER_SIZE"},
    {CL_INVALID_MIP_LEVEL, "INVALID_MIP_LEVEL"},
    {CL_INVALID_GLOBAL_WORK_SIZE, "INVALID_GLOBAL_WORK_SIZE"},
    {CLFFT_BUGCHECK, "BUGCHECK"},
    {CLFFT_NOTIMPLEMENTED, "NOTIMPLEMENTED"},
    {CLFFT_TRANSPOSED_NOTIMPLEMENTED, "TRANSPOSED_NOTIMPLEMENTED"},
    {CLFFT_FILE_NOT_FOUND, "FILE_NOT_FOUND"},
    {CLFFT_FILE_CREATE_FAILURE, "FILE_CREATE_FAILURE"},
    {CLFFT_VERSION_MISMATCH, "VERSION_MISMATCH"},
    {CLFFT_INVALID_PLAN, "INVALID_PLAN"},
    {CLFFT_DEVICE_NO_DOUBLE, "DEVICE_NO_DOUBLE"},
    {CLFFT_DEVICE_MISMATCH, "DEVICE_MISMATCH"},
};

const char* statusName(int code)
{
    for (const StatusName& s : kStatusNames)
        if (s.code == code)
            return s.name;
    return "unknown status";
}

// Errors are thrown as this and reported once in main().
struct BenchError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

void checkCl(cl_int err, const char* what)
{
    if (err != CL_SUCCESS)
        throw BenchError(std::string(what) + " failed: OpenCL status " + std::to_string(err) + " (CL_" +
                         statusName(err) + ")");
}

void checkFft(clfftStatus st, const char* what)
{
    if (st != CLFFT_SUCCESS)
        throw BenchError(std::string(what) + " failed: clfftStatus " + std::to_string(static_cast<int>(st)) +
                         " (CLFFT_" + statusName(static_cast<int>(st)) + ")");
}

// ---- Options -----------------------------------------------------------------------------

struct Options {
    std::vector<size_t> lengths{4096};  // clFFT order: lengths[0] varies fastest
    size_t batch = 0;                   // 0: derive from bytes
    size_t bytes = size_t(32) << 20;    // target input size when batch is not given
    bool dbl = false;
    bool inplace = false;
    bool planar = false;
    int iters = 50;
    int warmup = 5;
    bool csv = false;
    std::string label;
};

void usage(FILE* f, const char* argv0)
{
    std::fprintf(f,
                 "usage: %s [options]\n"
                 "  --len N[xM[xK]]  transform lengths, fastest-varying first (default 4096)\n"
                 "  --batch B        number of transforms\n"
                 "  --bytes S        choose the batch so that the input is about S bytes\n"
                 "                   (suffixes K, M, G are binary; default 32M when --batch is not given)\n"
                 "  --double         double precision (default single)\n"
                 "  --inplace        in-place transform (default out-of-place)\n"
                 "  --planar         complex planar layout (default interleaved)\n"
                 "  --iters K        timed runs (default 50)\n"
                 "  --warmup W       untimed runs before them (default 5)\n"
                 "  --csv            print one CSV line:\n"
                 "                   lib,case,precision,lengths,batch,median_ms,gflops,bake_ms,min_ms,rel_err,ok,libpath\n"
                 "  --label NAME     value of the lib column (default: path of the loaded libclFFT)\n"
                 "The library is whichever libclFFT.so.2 the loader finds; pick one with LD_LIBRARY_PATH.\n",
                 argv0);
}

bool parseSize(const std::string& text, size_t& out, bool allowSuffix)
{
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
        return false;
    char* end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (errno != 0)
        return false;
    std::string suffix(end);
    unsigned shift = 0;
    if (allowSuffix && !suffix.empty()) {
        char c = static_cast<char>(std::toupper(static_cast<unsigned char>(suffix[0])));
        if (c == 'K')
            shift = 10;
        else if (c == 'M')
            shift = 20;
        else if (c == 'G')
            shift = 30;
        else
            return false;
        std::string rest = suffix.substr(1);
        if (!(rest.empty() || rest == "B" || rest == "iB" || rest == "IB" || rest == "ib" || rest == "b"))
            return false;
    } else if (!suffix.empty()) {
        return false;
    }
    if (v == 0 || v > (ULLONG_MAX >> shift))
        return false;
    out = static_cast<size_t>(v << shift);
    return true;
}

bool parseLengths(const std::string& text, std::vector<size_t>& out)
{
    out.clear();
    size_t pos = 0;
    while (true) {
        size_t x = text.find('x', pos);
        size_t v = 0;
        if (!parseSize(text.substr(pos, x == std::string::npos ? std::string::npos : x - pos), v, false))
            return false;
        out.push_back(v);
        if (x == std::string::npos)
            break;
        pos = x + 1;
    }
    return out.size() >= 1 && out.size() <= 3;
}

bool parseInt(const std::string& text, int& out, int minValue)
{
    size_t v = 0;
    if (text == "0" && minValue <= 0) {
        out = 0;
        return true;
    }
    if (!parseSize(text, v, false) || v > static_cast<size_t>(INT_MAX) || static_cast<int>(v) < minValue)
        return false;
    out = static_cast<int>(v);
    return true;
}

// Returns -1 to continue, else an exit code.
int parseOptions(int argc, char** argv, Options& o)
{
    bool haveBatch = false, haveBytes = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](std::string& v) {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "error: %s needs a value\n", a.c_str());
                return false;
            }
            v = argv[++i];
            return true;
        };
        std::string v;
        if (a == "-h" || a == "--help") {
            usage(stdout, argv[0]);
            return 0;
        } else if (a == "--double") {
            o.dbl = true;
        } else if (a == "--inplace") {
            o.inplace = true;
        } else if (a == "--planar") {
            o.planar = true;
        } else if (a == "--csv") {
            o.csv = true;
        } else if (a == "--len") {
            if (!value(v))
                return 2;
            if (!parseLengths(v, o.lengths)) {
                std::fprintf(stderr, "error: bad --len '%s' (want N, NxM or NxMxK)\n", v.c_str());
                return 2;
            }
        } else if (a == "--batch") {
            if (!value(v))
                return 2;
            if (!parseSize(v, o.batch, false)) {
                std::fprintf(stderr, "error: bad --batch '%s'\n", v.c_str());
                return 2;
            }
            haveBatch = true;
        } else if (a == "--bytes") {
            if (!value(v))
                return 2;
            if (!parseSize(v, o.bytes, true)) {
                std::fprintf(stderr, "error: bad --bytes '%s'\n", v.c_str());
                return 2;
            }
            haveBytes = true;
        } else if (a == "--iters") {
            if (!value(v))
                return 2;
            if (!parseInt(v, o.iters, 1)) {
                std::fprintf(stderr, "error: bad --iters '%s'\n", v.c_str());
                return 2;
            }
        } else if (a == "--warmup") {
            if (!value(v))
                return 2;
            if (!parseInt(v, o.warmup, 0)) {
                std::fprintf(stderr, "error: bad --warmup '%s'\n", v.c_str());
                return 2;
            }
        } else if (a == "--label") {
            if (!value(o.label))
                return 2;
        } else {
            std::fprintf(stderr, "error: unknown argument '%s'\n", a.c_str());
            usage(stderr, argv[0]);
            return 2;
        }
    }
    if (haveBatch && haveBytes) {
        std::fprintf(stderr, "error: give --batch or --bytes, not both\n");
        return 2;
    }
    if (!haveBatch)
        o.batch = 0;
    return -1;
}

// ---- Which library was loaded ------------------------------------------------------------

std::string realPath(const char* p)
{
    char buf[PATH_MAX];
    if (p && realpath(p, buf))
        return buf;
    return p ? p : "";
}

int findClfftObject(struct dl_phdr_info* info, size_t, void* data)
{
    if (info->dlpi_name && std::strstr(info->dlpi_name, "libclFFT")) {
        *static_cast<std::string*>(data) = info->dlpi_name;
        return 1;
    }
    return 0;
}

std::string loadedLibraryPath()
{
    Dl_info info;
    std::memset(&info, 0, sizeof info);
    // The function's address resolves into the shared object that defines it.
    void* fn = reinterpret_cast<void*>(&clfftEnqueueTransform);
    if (dladdr(fn, &info) != 0 && info.dli_fname && std::strstr(info.dli_fname, "libclFFT"))
        return realPath(info.dli_fname);
    // A non-PIE executable may hand out its own PLT slot as the address; ask the loader instead.
    std::string name;
    dl_iterate_phdr(findClfftObject, &name);
    return name.empty() ? std::string("(unknown)") : realPath(name.c_str());
}

// ---- OpenCL setup ------------------------------------------------------------------------

struct Cl {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    std::vector<cl_mem> mems;

    ~Cl()
    {
        for (cl_mem m : mems)
            clReleaseMemObject(m);
        if (queue)
            clReleaseCommandQueue(queue);
        if (context)
            clReleaseContext(context);
    }

    void open()
    {
        cl_uint n = 0;
        cl_int err = clGetPlatformIDs(0, nullptr, &n);
        if (err != CL_SUCCESS || n == 0)
            throw BenchError("no OpenCL platform found");
        std::vector<cl_platform_id> plats(n);
        checkCl(clGetPlatformIDs(n, plats.data(), nullptr), "clGetPlatformIDs");
        for (cl_platform_id p : plats) {
            cl_uint nd = 0;
            if (clGetDeviceIDs(p, CL_DEVICE_TYPE_DEFAULT, 1, &device, &nd) == CL_SUCCESS && nd > 0) {
                platform = p;
                break;
            }
        }
        if (!platform)
            throw BenchError("no OpenCL platform has a default device");
        context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        checkCl(err, "clCreateContext");
        queue = clCreateCommandQueue(context, device, 0, &err);
        checkCl(err, "clCreateCommandQueue");
    }

    std::string deviceString(cl_device_info what) const
    {
        char buf[512] = {0};
        if (clGetDeviceInfo(device, what, sizeof buf - 1, buf, nullptr) != CL_SUCCESS)
            return "(unknown)";
        return buf;
    }

    cl_mem buffer(size_t bytes)
    {
        cl_int err = CL_SUCCESS;
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &err);
        checkCl(err, "clCreateBuffer");
        mems.push_back(m);
        return m;
    }
};

// ---- Host data in the device format --------------------------------------------------------

// Packs complex values (double) into the bytes of one side of the transform: one buffer
// (interleaved) or two (planar re, im), in float or double.
std::vector<std::vector<unsigned char>> packData(const std::vector<double>& re, const std::vector<double>& im,
                                                 bool dbl, bool planar)
{
    const size_t n = re.size(), elt = dbl ? sizeof(double) : sizeof(float);
    std::vector<std::vector<unsigned char>> out(planar ? 2 : 1);
    for (auto& b : out)
        b.resize(n * elt * (planar ? 1 : 2));
    auto put = [&](std::vector<unsigned char>& b, size_t idx, double v) {
        if (dbl)
            std::memcpy(b.data() + idx * sizeof(double), &v, sizeof(double));
        else {
            float f = static_cast<float>(v);
            std::memcpy(b.data() + idx * sizeof(float), &f, sizeof(float));
        }
    };
    for (size_t i = 0; i < n; ++i) {
        if (planar) {
            put(out[0], i, re[i]);
            put(out[1], i, im[i]);
        } else {
            put(out[0], 2 * i, re[i]);
            put(out[0], 2 * i + 1, im[i]);
        }
    }
    return out;
}

void unpackData(const std::vector<std::vector<unsigned char>>& in, bool dbl, bool planar, std::vector<double>& re,
                std::vector<double>& im)
{
    auto get = [&](const std::vector<unsigned char>& b, size_t idx) {
        if (dbl) {
            double v;
            std::memcpy(&v, b.data() + idx * sizeof(double), sizeof(double));
            return v;
        }
        float f;
        std::memcpy(&f, b.data() + idx * sizeof(float), sizeof(float));
        return static_cast<double>(f);
    };
    for (size_t i = 0; i < re.size(); ++i) {
        re[i] = planar ? get(in[0], i) : get(in[0], 2 * i);
        im[i] = planar ? get(in[1], i) : get(in[0], 2 * i + 1);
    }
}

double nowMs()
{
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

std::string joinLengths(const std::vector<size_t>& l)
{
    std::string s;
    for (size_t i = 0; i < l.size(); ++i)
        s += (i ? "x" : "") + std::to_string(l[i]);
    return s;
}

// Relative L2 error of the device result against FFTW in double precision.
double referenceError(const Options& o, size_t batch, const std::vector<double>& inRe, const std::vector<double>& inIm,
                      const std::vector<double>& outRe, const std::vector<double>& outIm)
{
    size_t per = 1;
    for (size_t l : o.lengths)
        per *= l;
    const size_t total = per * batch;
    fftw_complex* a = static_cast<fftw_complex*>(fftw_malloc(total * sizeof(fftw_complex)));
    fftw_complex* b = static_cast<fftw_complex*>(fftw_malloc(total * sizeof(fftw_complex)));
    if (!a || !b) {
        fftw_free(a);
        fftw_free(b);
        throw BenchError("out of host memory for the FFTW reference");
    }
    for (size_t i = 0; i < total; ++i) {
        a[i][0] = inRe[i];
        a[i][1] = inIm[i];
    }
    // FFTW wants the slowest-varying dimension first; clFFT lists the fastest first.
    int n[3];
    const int rank = static_cast<int>(o.lengths.size());
    for (int d = 0; d < rank; ++d)
        n[d] = static_cast<int>(o.lengths[o.lengths.size() - 1 - static_cast<size_t>(d)]);
    fftw_plan p = fftw_plan_many_dft(rank, n, static_cast<int>(batch), a, nullptr, 1, static_cast<int>(per), b, nullptr,
                                     1, static_cast<int>(per), FFTW_FORWARD, FFTW_ESTIMATE);
    if (!p) {
        fftw_free(a);
        fftw_free(b);
        throw BenchError("FFTW could not plan the reference transform");
    }
    fftw_execute(p);
    fftw_destroy_plan(p);
    double diff2 = 0, ref2 = 0;
    for (size_t i = 0; i < total; ++i) {
        const double dr = outRe[i] - b[i][0], di = outIm[i] - b[i][1];
        diff2 += dr * dr + di * di;
        ref2 += b[i][0] * b[i][0] + b[i][1] * b[i][1];
    }
    fftw_free(a);
    fftw_free(b);
    return ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
}

struct Result {
    size_t batch = 0;
    double bakeMs = 0, medianMs = 0, minMs = 0, gflops = 0, relErr = 0;
    bool ok = false;
};

Result runBenchmark(const Options& o, Cl& cl)
{
    Result r;
    size_t per = 1;
    for (size_t l : o.lengths) {
        if (l > SIZE_MAX / per)
            throw BenchError("lengths too large");
        per *= l;
    }
    const size_t elt = o.dbl ? sizeof(double) : sizeof(float);
    r.batch = o.batch ? o.batch : std::max<size_t>(1, o.bytes / (per * 2 * elt));
    if (r.batch > SIZE_MAX / per || per * r.batch > static_cast<size_t>(INT_MAX))
        throw BenchError("problem too large");
    const size_t total = per * r.batch;

    // Plan.
    clfftSetupData setup;
    checkFft(clfftInitSetupData(&setup), "clfftInitSetupData");
    checkFft(clfftSetup(&setup), "clfftSetup");
    struct Teardown {
        clfftPlanHandle plan = 0;
        ~Teardown()
        {
            if (plan)
                clfftDestroyPlan(&plan);
            clfftTeardown();
        }
    } guard;
    const clfftDim dim = static_cast<clfftDim>(o.lengths.size());
    checkFft(clfftCreateDefaultPlan(&guard.plan, cl.context, dim, o.lengths.data()), "clfftCreateDefaultPlan");
    clfftPlanHandle plan = guard.plan;
    checkFft(clfftSetPlanPrecision(plan, o.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE), "clfftSetPlanPrecision");
    const clfftLayout layout = o.planar ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED;
    checkFft(clfftSetLayout(plan, layout, layout), "clfftSetLayout");
    checkFft(clfftSetResultLocation(plan, o.inplace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE), "clfftSetResultLocation");
    checkFft(clfftSetPlanBatchSize(plan, r.batch), "clfftSetPlanBatchSize");

    double t0 = nowMs();
    checkFft(clfftBakePlan(plan, 1, &cl.queue, nullptr, nullptr), "clfftBakePlan");
    checkCl(clFinish(cl.queue), "clFinish");
    r.bakeMs = nowMs() - t0;

    size_t tmpBytes = 0;
    checkFft(clfftGetTmpBufSize(plan, &tmpBytes), "clfftGetTmpBufSize");
    cl_mem tmp = tmpBytes ? cl.buffer(tmpBytes) : nullptr;

    // Data: a fixed pseudo-random sequence in [-1, 1).
    std::vector<double> inRe(total), inIm(total);
    uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&state]() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return static_cast<double>(state >> 11) / 4503599627370496.0 - 1.0;  // 2^52
    };
    for (size_t i = 0; i < total; ++i) {
        // Round to the device precision so that the reference sees the same input.
        inRe[i] = o.dbl ? next() : static_cast<double>(static_cast<float>(next()));
        inIm[i] = o.dbl ? next() : static_cast<double>(static_cast<float>(next()));
    }
    auto host = packData(inRe, inIm, o.dbl, o.planar);
    const size_t bufBytes = host[0].size();
    cl_mem in[2] = {nullptr, nullptr}, out[2] = {nullptr, nullptr};
    for (size_t k = 0; k < host.size(); ++k) {
        in[k] = cl.buffer(bufBytes);
        checkCl(clEnqueueWriteBuffer(cl.queue, in[k], CL_TRUE, 0, bufBytes, host[k].data(), 0, nullptr, nullptr),
                "clEnqueueWriteBuffer");
        if (!o.inplace)
            out[k] = cl.buffer(bufBytes);
    }
    cl_mem* outArg = o.inplace ? nullptr : out;
    cl_mem* resultBufs = o.inplace ? in : out;

    // First run, checked against FFTW.
    checkFft(clfftEnqueueTransform(plan, CLFFT_FORWARD, 1, &cl.queue, 0, nullptr, nullptr, in, outArg, tmp),
             "clfftEnqueueTransform");
    for (size_t k = 0; k < host.size(); ++k)
        checkCl(clEnqueueReadBuffer(cl.queue, resultBufs[k], CL_TRUE, 0, bufBytes, host[k].data(), 0, nullptr, nullptr),
                "clEnqueueReadBuffer");
    {
        std::vector<double> outRe(total), outIm(total);
        unpackData(host, o.dbl, o.planar, outRe, outIm);
        host.clear();
        host.shrink_to_fit();
        r.relErr = referenceError(o, r.batch, inRe, inIm, outRe, outIm);
    }
    const double tolerance = o.dbl ? 1e-12 : 1e-5;
    r.ok = r.relErr <= tolerance;  // false for NaN

    // Timed runs. In place, the data would grow by sqrt(N) per forward transform, so the
    // directions alternate (the backward transform scales by 1/N and brings it back).
    std::vector<double> times;
    times.reserve(static_cast<size_t>(o.iters));
    for (int i = 0; i < o.warmup + o.iters; ++i) {
        const clfftDirection dir = (o.inplace && i % 2 == 0) ? CLFFT_BACKWARD : CLFFT_FORWARD;
        const double s = nowMs();
        checkFft(clfftEnqueueTransform(plan, dir, 1, &cl.queue, 0, nullptr, nullptr, in, outArg, tmp),
                 "clfftEnqueueTransform");
        checkCl(clFinish(cl.queue), "clFinish");
        if (i >= o.warmup)
            times.push_back(nowMs() - s);
    }
    std::sort(times.begin(), times.end());
    const size_t m = times.size();
    r.medianMs = (m % 2) ? times[m / 2] : 0.5 * (times[m / 2 - 1] + times[m / 2]);
    r.minMs = times.front();
    const double flops = 5.0 * static_cast<double>(per) * std::log2(static_cast<double>(per)) *
                         static_cast<double>(r.batch);
    r.gflops = r.medianMs > 0 ? flops / (r.medianMs * 1e6) : 0.0;
    return r;
}

}  // namespace

int main(int argc, char** argv)
{
    Options o;
    int rc = parseOptions(argc, argv, o);
    if (rc >= 0)
        return rc;

    const std::string libPath = loadedLibraryPath();
    cl_uint vmaj = 0, vmin = 0, vpat = 0;
    std::string version = "?";
    if (clfftGetVersion(&vmaj, &vmin, &vpat) == CLFFT_SUCCESS)
        version = std::to_string(vmaj) + "." + std::to_string(vmin) + "." + std::to_string(vpat);

    const std::string caseName = "c2c-" + std::to_string(o.lengths.size()) + "d-" +
                                 (o.inplace ? "inplace" : "outofplace") + "-" + (o.planar ? "planar" : "interleaved");
    const char* precision = o.dbl ? "double" : "single";
    const std::string lengths = joinLengths(o.lengths);

    Cl cl;
    Result r;
    try {
        cl.open();
        if (!o.csv) {
            std::printf("library:   %s (clFFT %s)\n", libPath.c_str(), version.c_str());
            std::printf("device:    %s, driver %s\n", cl.deviceString(CL_DEVICE_NAME).c_str(),
                        cl.deviceString(CL_DRIVER_VERSION).c_str());
            std::fflush(stdout);
        }
        r = runBenchmark(o, cl);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s [%s %s %s; library %s]\n", e.what(), caseName.c_str(), precision,
                     lengths.c_str(), libPath.c_str());
        return 2;
    }

    size_t per = 1;
    for (size_t l : o.lengths)
        per *= l;
    const double inMiB = static_cast<double>(per * r.batch * 2 * (o.dbl ? 8 : 4)) / (1024.0 * 1024.0);
    if (o.csv) {
        std::printf("%s,%s,%s,%s,%zu,%.4f,%.3f,%.1f,%.4f,%.3e,%d,%s\n", o.label.empty() ? libPath.c_str() : o.label.c_str(),
                    caseName.c_str(), precision, lengths.c_str(), r.batch, r.medianMs, r.gflops, r.bakeMs, r.minMs,
                    r.relErr, r.ok ? 1 : 0, libPath.c_str());
    } else {
        std::printf("case:      %s %s, lengths %s, batch %zu (%.1f MiB in)\n", caseName.c_str(), precision,
                    lengths.c_str(), r.batch, inMiB);
        std::printf("bake:      %.1f ms\n", r.bakeMs);
        std::printf("check:     relative L2 error vs FFTW %.3e%s\n", r.relErr,
                    r.ok ? "" : "   <-- WRONG RESULT (above tolerance)");
        std::printf("time:      median %.4f ms, min %.4f ms over %d runs (%d warm-up)%s\n", r.medianMs, r.minMs, o.iters,
                    o.warmup, o.inplace ? ", directions alternating" : "");
        std::printf("speed:     %.3f GFLOP/s (5 N log2 N per transform, median)\n", r.gflops);
    }
    if (!r.ok)
        std::fprintf(stderr, "warning: relative error %.3e above tolerance %s %s %s [library %s]\n", r.relErr,
                     caseName.c_str(), precision, lengths.c_str(), libPath.c_str());
    return r.ok ? 0 : 1;
}
