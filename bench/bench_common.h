// bench_common.h: what clfft-bench (clfft_bench.cpp) and real-ratio (real_ratio.cpp) share. Both
// time plans through the clFFT 2.x C interface only, so that one binary measures whichever
// libclFFT.so.2 the dynamic loader picks; this header holds their error reporting (status names,
// checkCl/checkFft), command-line parsing (the options both take, counts, N[xM[xK]] lengths),
// the search for the loaded libclFFT, the OpenCL setup (first platform with a default device),
// host data in the device's precision and timing. Header-only: each tool is one translation unit.

#pragma once

#include <clFFT.h>

#include "cl_device_select.h" // tests/support: CLFFT_TEST_DEVICE

#include <dlfcn.h>
#include <link.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace bench {

// ---- Errors ------------------------------------------------------------------------------

// Errors are thrown as this and reported once in main().
struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct StatusName {
    int code;
    const char* name;
};

// clfftStatus reuses OpenCL's error values (clFFT.h's CLFFT_INVALID_VALUE is CL_INVALID_VALUE)
// and adds its own; each is named here as CL/cl.h or clFFT.h defines it.
inline constexpr StatusName kStatusNames[] = {
    {CL_SUCCESS, "CL_SUCCESS"},
    {CL_DEVICE_NOT_FOUND, "CL_DEVICE_NOT_FOUND"},
    {CL_DEVICE_NOT_AVAILABLE, "CL_DEVICE_NOT_AVAILABLE"},
    {CL_COMPILER_NOT_AVAILABLE, "CL_COMPILER_NOT_AVAILABLE"},
    {CL_MEM_OBJECT_ALLOCATION_FAILURE, "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
    {CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"},
    {CL_OUT_OF_HOST_MEMORY, "CL_OUT_OF_HOST_MEMORY"},
    {CL_PROFILING_INFO_NOT_AVAILABLE, "CL_PROFILING_INFO_NOT_AVAILABLE"},
    {CL_MEM_COPY_OVERLAP, "CL_MEM_COPY_OVERLAP"},
    {CL_IMAGE_FORMAT_MISMATCH, "CL_IMAGE_FORMAT_MISMATCH"},
    {CL_IMAGE_FORMAT_NOT_SUPPORTED, "CL_IMAGE_FORMAT_NOT_SUPPORTED"},
    {CL_BUILD_PROGRAM_FAILURE, "CL_BUILD_PROGRAM_FAILURE"},
    {CL_MAP_FAILURE, "CL_MAP_FAILURE"},
    {CL_INVALID_VALUE, "CL_INVALID_VALUE"},
    {CL_INVALID_DEVICE_TYPE, "CL_INVALID_DEVICE_TYPE"},
    {CL_INVALID_PLATFORM, "CL_INVALID_PLATFORM"},
    {CL_INVALID_DEVICE, "CL_INVALID_DEVICE"},
    {CL_INVALID_CONTEXT, "CL_INVALID_CONTEXT"},
    {CL_INVALID_QUEUE_PROPERTIES, "CL_INVALID_QUEUE_PROPERTIES"},
    {CL_INVALID_COMMAND_QUEUE, "CL_INVALID_COMMAND_QUEUE"},
    {CL_INVALID_HOST_PTR, "CL_INVALID_HOST_PTR"},
    {CL_INVALID_MEM_OBJECT, "CL_INVALID_MEM_OBJECT"},
    {CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR"},
    {CL_INVALID_IMAGE_SIZE, "CL_INVALID_IMAGE_SIZE"},
    {CL_INVALID_SAMPLER, "CL_INVALID_SAMPLER"},
    {CL_INVALID_BINARY, "CL_INVALID_BINARY"},
    {CL_INVALID_BUILD_OPTIONS, "CL_INVALID_BUILD_OPTIONS"},
    {CL_INVALID_PROGRAM, "CL_INVALID_PROGRAM"},
    {CL_INVALID_PROGRAM_EXECUTABLE, "CL_INVALID_PROGRAM_EXECUTABLE"},
    {CL_INVALID_KERNEL_NAME, "CL_INVALID_KERNEL_NAME"},
    {CL_INVALID_KERNEL_DEFINITION, "CL_INVALID_KERNEL_DEFINITION"},
    {CL_INVALID_KERNEL, "CL_INVALID_KERNEL"},
    {CL_INVALID_ARG_INDEX, "CL_INVALID_ARG_INDEX"},
    {CL_INVALID_ARG_VALUE, "CL_INVALID_ARG_VALUE"},
    {CL_INVALID_ARG_SIZE, "CL_INVALID_ARG_SIZE"},
    {CL_INVALID_KERNEL_ARGS, "CL_INVALID_KERNEL_ARGS"},
    {CL_INVALID_WORK_DIMENSION, "CL_INVALID_WORK_DIMENSION"},
    {CL_INVALID_WORK_GROUP_SIZE, "CL_INVALID_WORK_GROUP_SIZE"},
    {CL_INVALID_WORK_ITEM_SIZE, "CL_INVALID_WORK_ITEM_SIZE"},
    {CL_INVALID_GLOBAL_OFFSET, "CL_INVALID_GLOBAL_OFFSET"},
    {CL_INVALID_EVENT_WAIT_LIST, "CL_INVALID_EVENT_WAIT_LIST"},
    {CL_INVALID_EVENT, "CL_INVALID_EVENT"},
    {CL_INVALID_OPERATION, "CL_INVALID_OPERATION"},
    {CL_INVALID_GL_OBJECT, "CL_INVALID_GL_OBJECT"},
    {CL_INVALID_BUFFER_SIZE, "CL_INVALID_BUFFER_SIZE"},
    {CL_INVALID_MIP_LEVEL, "CL_INVALID_MIP_LEVEL"},
    {CL_INVALID_GLOBAL_WORK_SIZE, "CL_INVALID_GLOBAL_WORK_SIZE"},
    {CLFFT_BUGCHECK, "CLFFT_BUGCHECK"},
    {CLFFT_NOTIMPLEMENTED, "CLFFT_NOTIMPLEMENTED"},
    {CLFFT_TRANSPOSED_NOTIMPLEMENTED, "CLFFT_TRANSPOSED_NOTIMPLEMENTED"},
    {CLFFT_FILE_NOT_FOUND, "CLFFT_FILE_NOT_FOUND"},
    {CLFFT_FILE_CREATE_FAILURE, "CLFFT_FILE_CREATE_FAILURE"},
    {CLFFT_VERSION_MISMATCH, "CLFFT_VERSION_MISMATCH"},
    {CLFFT_INVALID_PLAN, "CLFFT_INVALID_PLAN"},
    {CLFFT_DEVICE_NO_DOUBLE, "CLFFT_DEVICE_NO_DOUBLE"},
    {CLFFT_DEVICE_MISMATCH, "CLFFT_DEVICE_MISMATCH"},
};

// "CL_INVALID_VALUE", "CLFFT_BUGCHECK", or "unknown status".
inline const char* statusName(int code)
{
    for (const StatusName& s : kStatusNames)
        if (s.code == code)
            return s.name;
    return "unknown status";
}

// The name without its CL_ or CLFFT_ prefix: "INVALID_VALUE", "BUGCHECK", or "unknown status".
inline const char* bareStatusName(int code)
{
    const char* name = statusName(code);
    if (std::strncmp(name, "CLFFT_", 6) == 0)
        return name + 6;
    if (std::strncmp(name, "CL_", 3) == 0)
        return name + 3;
    return name;
}

// Throws Error("<what> failed: <kind> <code> (<name>)") unless code is CL_SUCCESS (= CLFFT_SUCCESS).
// name: the status's name as the headers define it; given a prefix, that prefix and the bare name.
inline void checkStatus(int code, const std::string& what, const char* kind, const char* prefix = nullptr)
{
    if (code == CL_SUCCESS)
        return;
    const std::string name = prefix ? std::string(prefix) + bareStatusName(code) : std::string(statusName(code));
    throw Error(what + " failed: " + kind + " " + std::to_string(code) + " (" + name + ")");
}

inline void checkCl(cl_int err, const std::string& what)
{
    checkStatus(err, what, "OpenCL status");
}

inline void checkFft(clfftStatus st, const std::string& what)
{
    checkStatus(static_cast<int>(st), what, "clfftStatus");
}

// ---- Option values -----------------------------------------------------------------------

// Reads the decimal count that text starts with (a digit first: no sign, no space); rest points
// at what follows it in text. False on overflow.
inline bool parseLeadingCount(const std::string& text, unsigned long long& v, const char*& rest)
{
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
        return false;
    char* end = nullptr;
    errno = 0;
    v = std::strtoull(text.c_str(), &end, 10);
    rest = end;
    return errno == 0;
}

// All of text as a count; 0 is one.
inline bool parseCount(const std::string& text, size_t& out)
{
    unsigned long long v = 0;
    const char* rest = nullptr;
    if (!parseLeadingCount(text, v, rest) || *rest != '\0' || v > SIZE_MAX)
        return false;
    out = static_cast<size_t>(v);
    return true;
}

// N, NxM or NxMxK, none of them 0; clFFT order: out[0] varies fastest.
inline bool parseLengths(const std::string& text, std::vector<size_t>& out)
{
    out.clear();
    size_t pos = 0;
    while (true) {
        const size_t x = text.find('x', pos);
        size_t v = 0;
        if (!parseCount(text.substr(pos, x == std::string::npos ? std::string::npos : x - pos), v) || v == 0)
            return false;
        out.push_back(v);
        if (x == std::string::npos)
            break;
        pos = x + 1;
    }
    return out.size() <= 3;
}

// A count from minValue to INT_MAX.
inline bool parseInt(const std::string& text, int& out, int minValue)
{
    size_t v = 0;
    if (!parseCount(text, v) || v > static_cast<size_t>(INT_MAX) || static_cast<int>(v) < minValue)
        return false;
    out = static_cast<int>(v);
    return true;
}

// ---- Command line ------------------------------------------------------------------------

// The options both tools take; each tool's Options derives from this with its own defaults of
// iters and warmup.
struct CommonOptions {
    std::vector<size_t> lengths{4096};  // clFFT order: lengths[0] varies fastest
    int iters;
    int warmup;
    bool dbl = false;

    CommonOptions(int defaultIters, int defaultWarmup) : iters(defaultIters), warmup(defaultWarmup) {}
};

// A tool's command line, one argument at a time. Messages go to stderr, led by prefix; value()
// and bad() mark the command line as failed.
class Args {
public:
    Args(int argc, char** argv, const char* prefix) : argc_(argc), argv_(argv), prefix_(prefix) {}

    // Moves to the next argument; false after the last.
    bool next()
    {
        if (i_ + 1 >= argc_)
            return false;
        arg_ = argv_[++i_];
        return true;
    }

    const std::string& arg() const { return arg_; }
    bool failed() const { return failed_; }

    // Takes the argument after the current option as its value; false, with a message, if none.
    bool value(std::string& v)
    {
        if (i_ + 1 >= argc_) {
            std::fprintf(stderr, "%s%s needs a value\n", prefix_, arg_.c_str());
            failed_ = true;
            return false;
        }
        v = argv_[++i_];
        return true;
    }

    // "bad <option> '<v>'<hint>".
    void bad(const std::string& v, const char* hint = "")
    {
        std::fprintf(stderr, "%sbad %s '%s'%s\n", prefix_, arg_.c_str(), v.c_str(), hint);
        failed_ = true;
    }

private:
    int argc_;
    char** argv_;
    const char* prefix_;
    int i_ = 0;
    std::string arg_;
    bool failed_ = false;
};

// What differs between the tools' command lines, apart from their own options.
struct CommandLine {
    const char* prefix;          // leads every message: "error: ", "real-ratio: "
    void (*usageRest)(FILE* f);  // the usage text after the lines printUsage starts it with
    const char* itersHint;       // follows "bad --iters '<v>'"
    const char* warmupHint;      // follows "bad --warmup '<v>'"
};

// The --double line of the usage texts, which each tool places among its own lines.
inline constexpr const char kDoubleHelp[] = "  --double         double precision (default single)\n";

// The usage text: "usage: <argv0> [options]" and the --len line, then the tool's lines. To stdout
// for --help, to stderr after an unknown argument.
inline void printUsage(FILE* f, const char* argv0, const CommandLine& cmd)
{
    std::fprintf(f,
                 "usage: %s [options]\n"
                 "  --len N[xM[xK]]  transform lengths, fastest-varying first (default 4096)\n",
                 argv0);
    cmd.usageRest(f);
}

// Reads argv into o: -h/--help, --len, --iters, --warmup and --double here, any other argument
// through toolOption(Args&), which returns whether it is one of the tool's options (and reports a
// bad value through Args). Returns -1 to continue, else an exit code: 0 after --help, 2 on an
// error.
template <class ToolOption>
int parseCommandLine(int argc, char** argv, const CommandLine& cmd, CommonOptions& o, ToolOption toolOption)
{
    Args args(argc, argv, cmd.prefix);
    while (args.next()) {
        const std::string& a = args.arg();
        std::string v;
        if (a == "-h" || a == "--help") {
            printUsage(stdout, argv[0], cmd);
            return 0;
        } else if (a == "--double") {
            o.dbl = true;
        } else if (a == "--len") {
            if (args.value(v) && !parseLengths(v, o.lengths))
                args.bad(v, " (want N, NxM or NxMxK)");
        } else if (a == "--iters") {
            if (args.value(v) && !parseInt(v, o.iters, 1))
                args.bad(v, cmd.itersHint);
        } else if (a == "--warmup") {
            if (args.value(v) && !parseInt(v, o.warmup, 0))
                args.bad(v, cmd.warmupHint);
        } else if (!toolOption(args)) {
            std::fprintf(stderr, "%sunknown argument '%s'\n", cmd.prefix, a.c_str());
            printUsage(stderr, argv[0], cmd);
            return 2;
        }
        if (args.failed())
            return 2;
    }
    return -1;
}

// ---- Which library was loaded ------------------------------------------------------------

inline std::string realPath(const char* p)
{
    char buf[PATH_MAX];
    if (p && realpath(p, buf))
        return buf;
    return p ? p : "";
}

inline int findClfftObject(struct dl_phdr_info* info, size_t, void* data)
{
    if (info->dlpi_name && std::strstr(info->dlpi_name, "libclFFT")) {
        *static_cast<std::string*>(data) = info->dlpi_name;
        return 1;
    }
    return 0;
}

// The real path of the libclFFT this process runs on, or "(unknown)".
inline std::string loadedLibraryPath()
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

// "2.12.2" from clfftGetVersion, or "?".
inline std::string clfftVersion()
{
    cl_uint vmaj = 0, vmin = 0, vpat = 0;
    if (clfftGetVersion(&vmaj, &vmin, &vpat) != CLFFT_SUCCESS)
        return "?";
    return std::to_string(vmaj) + "." + std::to_string(vmin) + "." + std::to_string(vpat);
}

// ---- OpenCL setup ------------------------------------------------------------------------

// A context and an in-order queue on the default device of the first platform that has one;
// buffers made with buffer() are released with it.
struct Cl {
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    std::vector<cl_mem> mems;

    Cl() = default;
    Cl(const Cl&) = delete;
    Cl& operator=(const Cl&) = delete;

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
        // The device CLFFT_TEST_DEVICE names, else the first platform's default device.
        cl_platform_id platform = nullptr;
        char why[512] = {0};
        if (clfft_select_device(&platform, &device, nullptr, nullptr, why, sizeof why) != 0)
            throw Error(why);
        cl_int err = CL_SUCCESS;
        context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        checkCl(err, "clCreateContext");
        queue = clCreateCommandQueue(context, device, 0, &err);
        checkCl(err, "clCreateCommandQueue");
    }

    // A string property of the device (CL_DEVICE_NAME, CL_DRIVER_VERSION), or "(unknown)".
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

// ---- Sizes, host data and timing ---------------------------------------------------------

// Points in one transform: the product of the lengths.
inline size_t pointsPerTransform(const std::vector<size_t>& lengths)
{
    size_t per = 1;
    for (size_t l : lengths) {
        if (l > SIZE_MAX / per)
            throw Error("lengths too large");
        per *= l;
    }
    return per;
}

// "1024", "64x32": the lengths as --len takes them.
inline std::string joinLengths(const std::vector<size_t>& l)
{
    std::string s;
    for (size_t i = 0; i < l.size(); ++i)
        s += (i ? "x" : "") + std::to_string(l[i]);
    return s;
}

// A fixed pseudo-random sequence (xorshift64) of values in [-1, 1).
struct Random {
    uint64_t state;

    double next()
    {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return static_cast<double>(state >> 11) / 4503599627370496.0 - 1.0;  // 2^52
    }
};

// Value idx of a buffer of floats (dbl false) or doubles.
inline void storeValue(std::vector<unsigned char>& b, size_t idx, double v, bool dbl)
{
    if (dbl) {
        std::memcpy(b.data() + idx * sizeof(double), &v, sizeof(double));
    } else {
        const float f = static_cast<float>(v);
        std::memcpy(b.data() + idx * sizeof(float), &f, sizeof(float));
    }
}

inline double loadValue(const std::vector<unsigned char>& b, size_t idx, bool dbl)
{
    if (dbl) {
        double v;
        std::memcpy(&v, b.data() + idx * sizeof(double), sizeof(double));
        return v;
    }
    float f;
    std::memcpy(&f, b.data() + idx * sizeof(float), sizeof(float));
    return static_cast<double>(f);
}

inline double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t m = v.size();
    return (m % 2) ? v[m / 2] : 0.5 * (v[m / 2 - 1] + v[m / 2]);
}

inline double nowMs()
{
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace bench
