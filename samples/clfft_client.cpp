// clfft-client: runs any clFFT plan from the command line (lengths, batch, strides, distances,
// layouts, precision, direction, placement, scale, transposed output, callbacks, real-to-real
// kinds), on a chosen OpenCL platform and device, through the clFFT 2.x C interface only. It can check the result
// against FFTW (--verify), time it (--profile N) and print everything as one JSON object (--json).
// Flag names follow AMD's clFFT-client where they exist. See docs/client.md.
//
// Exit status: 0 success; 1 --verify found an error above the bound; 2 bad command line (unknown
// flag, bad value, unreadable callback file, no such platform/device); 3 a clFFT call failed (an
// unsupported or invalid plan: the clfftStatus name is printed); 4 an OpenCL or host failure.

#include "float16.h"
#include "json_text.h"

#include <clFFT-ng.h> // clfftNgR2RKind only: clfft-ng's functions are looked up at run time
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
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef CLFFT_CLIENT_VERSION
#define CLFFT_CLIENT_VERSION "0.1.0"
#endif

namespace {

// ---- Errors and status names -------------------------------------------------------------

enum ExitCode { kExitOk = 0, kExitVerify = 1, kExitUsage = 2, kExitClfft = 3, kExitSystem = 4 };

// Thrown for anything that ends the run; carries the exit code and, for clFFT/OpenCL calls,
// the status and the stage (setup, plan, bake, enqueue, ...) at which it happened.
struct ClientError : std::runtime_error {
    int exitCode;
    int status = 0;
    bool hasStatus = false;
    std::string stage;
    ClientError(int code, const std::string& msg) : std::runtime_error(msg), exitCode(code) {}
};

ClientError usageError(const std::string& msg) { return ClientError(kExitUsage, msg); }

const char* statusName(int code)
{
    switch (code) {
    case CLFFT_SUCCESS: return "SUCCESS";
    case CLFFT_DEVICE_NOT_FOUND: return "DEVICE_NOT_FOUND";
    case CLFFT_DEVICE_NOT_AVAILABLE: return "DEVICE_NOT_AVAILABLE";
    case CLFFT_COMPILER_NOT_AVAILABLE: return "COMPILER_NOT_AVAILABLE";
    case CLFFT_MEM_OBJECT_ALLOCATION_FAILURE: return "MEM_OBJECT_ALLOCATION_FAILURE";
    case CLFFT_OUT_OF_RESOURCES: return "OUT_OF_RESOURCES";
    case CLFFT_OUT_OF_HOST_MEMORY: return "OUT_OF_HOST_MEMORY";
    case CLFFT_PROFILING_INFO_NOT_AVAILABLE: return "PROFILING_INFO_NOT_AVAILABLE";
    case CLFFT_MEM_COPY_OVERLAP: return "MEM_COPY_OVERLAP";
    case CLFFT_IMAGE_FORMAT_MISMATCH: return "IMAGE_FORMAT_MISMATCH";
    case CLFFT_IMAGE_FORMAT_NOT_SUPPORTED: return "IMAGE_FORMAT_NOT_SUPPORTED";
    case CLFFT_BUILD_PROGRAM_FAILURE: return "BUILD_PROGRAM_FAILURE";
    case CLFFT_MAP_FAILURE: return "MAP_FAILURE";
    case CLFFT_INVALID_VALUE: return "INVALID_VALUE";
    case CLFFT_INVALID_DEVICE_TYPE: return "INVALID_DEVICE_TYPE";
    case CLFFT_INVALID_PLATFORM: return "INVALID_PLATFORM";
    case CLFFT_INVALID_DEVICE: return "INVALID_DEVICE";
    case CLFFT_INVALID_CONTEXT: return "INVALID_CONTEXT";
    case CLFFT_INVALID_QUEUE_PROPERTIES: return "INVALID_QUEUE_PROPERTIES";
    case CLFFT_INVALID_COMMAND_QUEUE: return "INVALID_COMMAND_QUEUE";
    case CLFFT_INVALID_HOST_PTR: return "INVALID_HOST_PTR";
    case CLFFT_INVALID_MEM_OBJECT: return "INVALID_MEM_OBJECT";
    case CLFFT_INVALID_IMAGE_FORMAT_DESCRIPTOR: return "INVALID_IMAGE_FORMAT_DESCRIPTOR";
    case CLFFT_INVALID_IMAGE_SIZE: return "INVALID_IMAGE_SIZE";
    case CLFFT_INVALID_SAMPLER: return "INVALID_SAMPLER";
    case CLFFT_INVALID_BINARY: return "INVALID_BINARY";
    case CLFFT_INVALID_BUILD_OPTIONS: return "INVALID_BUILD_OPTIONS";
    case CLFFT_INVALID_PROGRAM: return "INVALID_PROGRAM";
    case CLFFT_INVALID_PROGRAM_EXECUTABLE: return "INVALID_PROGRAM_EXECUTABLE";
    case CLFFT_INVALID_KERNEL_NAME: return "INVALID_KERNEL_NAME";
    case CLFFT_INVALID_KERNEL_DEFINITION: return "INVALID_KERNEL_DEFINITION";
    case CLFFT_INVALID_KERNEL: return "INVALID_KERNEL";
    case CLFFT_INVALID_ARG_INDEX: return "INVALID_ARG_INDEX";
    case CLFFT_INVALID_ARG_VALUE: return "INVALID_ARG_VALUE";
    case CLFFT_INVALID_ARG_SIZE: return "INVALID_ARG_SIZE";
    case CLFFT_INVALID_KERNEL_ARGS: return "INVALID_KERNEL_ARGS";
    case CLFFT_INVALID_WORK_DIMENSION: return "INVALID_WORK_DIMENSION";
    case CLFFT_INVALID_WORK_GROUP_SIZE: return "INVALID_WORK_GROUP_SIZE";
    case CLFFT_INVALID_WORK_ITEM_SIZE: return "INVALID_WORK_ITEM_SIZE";
    case CLFFT_INVALID_GLOBAL_OFFSET: return "INVALID_GLOBAL_OFFSET";
    case CLFFT_INVALID_EVENT_WAIT_LIST: return "INVALID_EVENT_WAIT_LIST";
    case CLFFT_INVALID_EVENT: return "INVALID_EVENT";
    case CLFFT_INVALID_OPERATION: return "INVALID_OPERATION";
    case CLFFT_INVALID_GL_OBJECT: return "INVALID_GL_OBJECT";
    case CLFFT_INVALID_BUFFER_SIZE: return "INVALID_BUFFER_SIZE";
    case CLFFT_INVALID_MIP_LEVEL: return "INVALID_MIP_LEVEL";
    case CLFFT_INVALID_GLOBAL_WORK_SIZE: return "INVALID_GLOBAL_WORK_SIZE";
    case CLFFT_BUGCHECK: return "BUGCHECK";
    case CLFFT_NOTIMPLEMENTED: return "NOTIMPLEMENTED";
    case CLFFT_TRANSPOSED_NOTIMPLEMENTED: return "TRANSPOSED_NOTIMPLEMENTED";
    case CLFFT_FILE_NOT_FOUND: return "FILE_NOT_FOUND";
    case CLFFT_FILE_CREATE_FAILURE: return "FILE_CREATE_FAILURE";
    case CLFFT_VERSION_MISMATCH: return "VERSION_MISMATCH";
    case CLFFT_INVALID_PLAN: return "INVALID_PLAN";
    case CLFFT_DEVICE_NO_DOUBLE: return "DEVICE_NO_DOUBLE";
    case CLFFT_DEVICE_MISMATCH: return "DEVICE_MISMATCH";
    default: return "UNKNOWN_STATUS";
    }
}

// "CLFFT_NOTIMPLEMENTED (4097)"; OpenCL calls get the CL_ prefix.
std::string statusText(int code, bool opencl)
{
    return std::string(opencl ? "CL_" : "CLFFT_") + statusName(code) + " (" + std::to_string(code) + ")";
}

std::string g_stage = "setup";  // what the client is doing, for error reports

void fft(clfftStatus st, const char* call)
{
    if (st == CLFFT_SUCCESS)
        return;
    ClientError e(kExitClfft, std::string(call) + " failed: " + statusText(st, false));
    e.status = st;
    e.hasStatus = true;
    e.stage = g_stage;
    throw e;
}

void ocl(cl_int err, const char* call)
{
    if (err == CL_SUCCESS)
        return;
    ClientError e(kExitSystem, std::string(call) + " failed: " + statusText(err, true));
    e.status = err;
    e.hasStatus = true;
    e.stage = g_stage;
    throw e;
}

// ---- Options -----------------------------------------------------------------------------

struct Options {
    size_t len[3] = {1024, 1, 1};  // clFFT-client's default: -x 1024
    int dim = 0;                   // 0: from the lengths given
    size_t batch = 1;
    size_t is[3] = {0, 0, 0}, os[3] = {0, 0, 0};  // 0: derived
    size_t iD = 0, oD = 0;                        // 0: derived
    clfftLayout inLayout = CLFFT_COMPLEX_INTERLEAVED, outLayout = CLFFT_COMPLEX_INTERLEAVED;
    bool dbl = false, inv = false, outPlace = false, transposed = false;
    int storage = 0; // clfft-ng's 16-bit precisions: 16 half, 17 bfloat16 (0: single or double)
    bool scaleGiven = false;
    double scale = 1.0;
    std::string preFile, preName, postFile, postName;
    std::string preText, postText;  // the callback files' contents
    int platform = -1, device = -1;
    cl_device_type devType = CL_DEVICE_TYPE_ALL;
    bool devTypeGiven = false;
    bool list = false, version = false, help = false, printChosen = false, dumpKernels = false;
    bool verify = false, json = false, explain = false;
    int rigor = -1; // --rigor: clfftNgRigor; -1: not set (the library's default)
    int tier = -1;  // --tier: clfftNgTiering; -1: not set (CLFFT_NG_TIERING, else specialized)
    bool identityCallbacks = false;  // the callbacks leave the data as they find it: --verify applies
    int profile = 0, warmup = 3;
    size_t queues = 1; // --queues: a queue array of that many queues on the device (clfft-ng only)
    std::vector<clfftNgR2RKind> r2r; // --r2r: one kind per dimension (clfft-ng only); empty: a DFT
    bool layoutGiven = false;        // --inLayout or --outLayout on the command line
    // --zero-input / --skip-output (clfft-ng only): per dimension [begin, end), begin == end: none
    size_t zeroIn[3][2] = {{0, 0}, {0, 0}, {0, 0}}, skipOut[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    bool ranges() const
    {
        for (int d = 0; d < 3; ++d)
            if (zeroIn[d][1] > zeroIn[d][0] || skipOut[d][1] > skipOut[d][0])
                return true;
        return false;
    }
    int conv = 0;                    // --convolve 1, --correlate 2 (clfft-ng only): clfftNgConvolution
    size_t chIn = 1, chOut = 1;      // --channels IN,OUT of a convolution
};

// "D:BEGIN:END" (--zero-input, --skip-output) into r[D].
void parseRange(const std::string& flag, const std::string& v, size_t (*r)[2])
{
    size_t d = 0, b = 0, e = 0;
    char extra = 0;
    if (std::sscanf(v.c_str(), "%zu:%zu:%zu%c", &d, &b, &e, &extra) != 3 || d > 2 || b > e)
        throw usageError(flag + " takes DIM:BEGIN:END (DIM 0-2, BEGIN <= END), not '" + v + "'");
    r[d][0] = b;
    r[d][1] = e;
}

bool allDigits(const std::string& s)
{
    if (s.empty())
        return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return false;
    return true;
}

unsigned long long parseUnsigned(const std::string& flag, const std::string& v, unsigned long long minValue,
                                 unsigned long long maxValue, const char* what)
{
    errno = 0;
    unsigned long long x = allDigits(v) ? std::strtoull(v.c_str(), nullptr, 10) : 0;
    if (!allDigits(v) || errno != 0 || x < minValue || x > maxValue)
        throw usageError("bad value '" + v + "' for " + flag + ": expected " + what);
    return x;
}

size_t parseLength(const std::string& f, const std::string& v)
{
    return parseUnsigned(f, v, 1, (1ull << 40), "a positive integer");
}

size_t parseStride(const std::string& f, const std::string& v)
{
    return parseUnsigned(f, v, 0, (1ull << 40), "a non-negative integer (0: derived)");
}

int parseCount(const std::string& f, const std::string& v, unsigned long long minValue)
{
    return static_cast<int>(
        parseUnsigned(f, v, minValue, 1000000, minValue ? "a positive integer" : "a non-negative integer"));
}

std::string lower(std::string s)
{
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

const char* layoutName(clfftLayout l)
{
    switch (l) {
    case CLFFT_COMPLEX_INTERLEAVED: return "complex-interleaved";
    case CLFFT_COMPLEX_PLANAR: return "complex-planar";
    case CLFFT_HERMITIAN_INTERLEAVED: return "hermitian-interleaved";
    case CLFFT_HERMITIAN_PLANAR: return "hermitian-planar";
    case CLFFT_REAL: return "real";
    default: return "?";
    }
}

clfftLayout parseLayout(const std::string& f, const std::string& v)
{
    const std::string s = lower(v);
    if (s == "1" || s == "complex-interleaved" || s == "interleaved")
        return CLFFT_COMPLEX_INTERLEAVED;
    if (s == "2" || s == "complex-planar" || s == "planar")
        return CLFFT_COMPLEX_PLANAR;
    if (s == "3" || s == "hermitian-interleaved")
        return CLFFT_HERMITIAN_INTERLEAVED;
    if (s == "4" || s == "hermitian-planar")
        return CLFFT_HERMITIAN_PLANAR;
    if (s == "5" || s == "real")
        return CLFFT_REAL;
    throw usageError("bad value '" + v + "' for " + f +
                     ": expected 1..5 or complex-interleaved, complex-planar, hermitian-interleaved, "
                     "hermitian-planar, real");
}

// FFTW's names of the r2r kinds, in clfftNgR2RKind's (FFTW's) order.
const char* const kR2RNames[] = {"r2hc",    "hc2r",    "dht",     "redft00", "redft01", "redft10",
                                 "redft11", "rodft00", "rodft01", "rodft10", "rodft11"};

const char* r2rName(clfftNgR2RKind k)
{
    const int i = static_cast<int>(k);
    return i >= 0 && i < 11 ? kR2RNames[i] : "?";
}

// "redft10,rodft01": one kind per dimension, dimension 0 first.
std::vector<clfftNgR2RKind> parseR2R(const std::string& f, const std::string& v)
{
    std::vector<clfftNgR2RKind> kinds;
    std::stringstream in(v);
    std::string item;
    while (std::getline(in, item, ',')) {
        const std::string name = lower(item);
        int found = -1;
        for (int i = 0; i < 11; ++i)
            if (name == kR2RNames[i])
                found = i;
        if (found < 0)
            throw usageError("bad kind '" + item + "' for " + f +
                             ": expected r2hc, hc2r, dht, redft00, redft01, redft10, redft11, rodft00, rodft01, "
                             "rodft10 or rodft11, one per dimension, separated by commas");
        kinds.push_back(static_cast<clfftNgR2RKind>(found));
    }
    if (kinds.empty() || kinds.size() > 3 || (!v.empty() && v.back() == ','))
        throw usageError("bad value '" + v + "' for " + f + ": expected 1 to 3 kinds separated by commas");
    return kinds;
}

double parseScale(const std::string& f, const std::string& v)
{
    errno = 0;
    char* end = nullptr;
    double x = v.empty() ? 0.0 : std::strtod(v.c_str(), &end);
    if (v.empty() || errno != 0 || end == nullptr || *end != '\0' || !std::isfinite(x) ||
        std::fabs(x) > 3.0e38)
        throw usageError("bad value '" + v + "' for " + f + ": expected a finite number");
    return x;
}

struct Flag {
    std::vector<std::string> names;  // "-x", "--lenX", ...
    const char* metavar;             // nullptr: takes no value
    const char* help;
    std::function<void(const std::string& flag, const std::string& value)> apply;
};

std::vector<Flag> makeFlags(Options& o)
{
    std::vector<Flag> f;
    auto on = [](bool& b) { return [&b](const std::string&, const std::string&) { b = true; }; };
    f.push_back({{"-h", "--help"}, nullptr, "print this help and exit", on(o.help)});
    f.push_back({{"-v", "--version"}, nullptr, "print the client's and the loaded library's version and exit",
                 on(o.version)});
    f.push_back({{"-i", "--list-devices", "--clinfo"}, nullptr, "list OpenCL platforms and devices (with the indices -p/-d take) and exit",
                 on(o.list)});
    f.push_back({{"-p", "--platform"}, "N", "OpenCL platform index (default: the first platform with a default device)",
                 [&o](const std::string& fl, const std::string& v) { o.platform = parseCount(fl, v, 0); }});
    f.push_back({{"-d", "--device"}, "N", "device index within the platform (and device type) (default 0)",
                 [&o](const std::string& fl, const std::string& v) { o.device = parseCount(fl, v, 0); }});
    f.push_back({{"-g", "--gpu"}, nullptr, "consider GPU devices only",
                 [&o](const std::string&, const std::string&) { o.devType = CL_DEVICE_TYPE_GPU; o.devTypeGiven = true; }});
    f.push_back({{"-c", "--cpu"}, nullptr, "consider CPU devices only",
                 [&o](const std::string&, const std::string&) { o.devType = CL_DEVICE_TYPE_CPU; o.devTypeGiven = true; }});
    f.push_back({{"-a", "--all"}, nullptr, "consider all devices (default)",
                 [&o](const std::string&, const std::string&) { o.devType = CL_DEVICE_TYPE_ALL; o.devTypeGiven = true; }});
    f.push_back({{"--printChosen"}, nullptr, "print details of the chosen platform and device", on(o.printChosen)});
    f.push_back({{"-x", "--lenX"}, "N", "length of the 1st (fastest) dimension (default 1024)",
                 [&o](const std::string& fl, const std::string& v) { o.len[0] = parseLength(fl, v); }});
    f.push_back({{"-y", "--lenY"}, "N", "length of the 2nd dimension (default 1)",
                 [&o](const std::string& fl, const std::string& v) { o.len[1] = parseLength(fl, v); }});
    f.push_back({{"-z", "--lenZ"}, "N", "length of the 3rd dimension (default 1)",
                 [&o](const std::string& fl, const std::string& v) { o.len[2] = parseLength(fl, v); }});
    f.push_back({{"--dim"}, "1|2|3", "rank of the plan (default: 3 if -z > 1, else 2 if -y > 1, else 1)",
                 [&o](const std::string& fl, const std::string& v) {
                     o.dim = static_cast<int>(parseUnsigned(fl, v, 1, 3, "1, 2 or 3"));
                 }});
    f.push_back({{"-b", "--batchSize", "--batch"}, "N", "number of transforms (default 1)",
                 [&o](const std::string& fl, const std::string& v) { o.batch = parseLength(fl, v); }});
    const char* axes[3] = {"X", "Y", "Z"};
    for (int d = 0; d < 3; ++d) {
        f.push_back({{std::string("--is") + axes[d]}, "N",
                     d == 0 ? "input stride of the 1st dimension, in elements (0 or not given: packed)"
                            : (d == 1 ? "input stride of the 2nd dimension" : "input stride of the 3rd dimension"),
                     [&o, d](const std::string& fl, const std::string& v) { o.is[d] = parseStride(fl, v); }});
    }
    for (int d = 0; d < 3; ++d) {
        f.push_back({{std::string("--os") + axes[d]}, "N",
                     d == 0 ? "output stride of the 1st dimension (0 or not given: packed; in place: as the input)"
                            : (d == 1 ? "output stride of the 2nd dimension" : "output stride of the 3rd dimension"),
                     [&o, d](const std::string& fl, const std::string& v) { o.os[d] = parseStride(fl, v); }});
    }
    f.push_back({{"--iD"}, "N", "input distance between transforms of a batch (0: derived)",
                 [&o](const std::string& fl, const std::string& v) { o.iD = parseStride(fl, v); }});
    f.push_back({{"--oD"}, "N", "output distance between transforms of a batch (0: derived)",
                 [&o](const std::string& fl, const std::string& v) { o.oD = parseStride(fl, v); }});
    f.push_back({{"--inLayout"}, "L",
                 "input layout: 1 complex-interleaved (default), 2 complex-planar, 3 hermitian-interleaved, "
                 "4 hermitian-planar, 5 real",
                 [&o](const std::string& fl, const std::string& v) {
                     o.inLayout = parseLayout(fl, v);
                     o.layoutGiven = true;
                 }});
    f.push_back({{"--outLayout"}, "L", "output layout, same values",
                 [&o](const std::string& fl, const std::string& v) {
                     o.outLayout = parseLayout(fl, v);
                     o.layoutGiven = true;
                 }});
    f.push_back({{"--r2r"}, "KIND[,KIND...]",
                 "a real-to-real transform (clfft-ng only): FFTW's kinds r2hc, hc2r, dht, redft00, redft01, redft10, "
                 "redft11, rodft00, rodft01, rodft10, rodft11, one per dimension (dimension 0 first); real layouts, "
                 "--scale is the forward scale",
                 [&o](const std::string& fl, const std::string& v) { o.r2r = parseR2R(fl, v); }});
    f.push_back({{"--zero-input"}, "D:B:E",
                 "input elements B <= i < E along dimension D are zero and never read (clfft-ng only; "
                 "docs/zero-padding.md); --verify writes NaN there",
                 [&o](const std::string& fl, const std::string& v) { parseRange(fl, v, o.zeroIn); }});
    f.push_back({{"--skip-output"}, "D:B:E",
                 "output elements B <= i < E along dimension D are not needed and not written (clfft-ng only); "
                 "--verify checks the others, and out of place that these keep what the buffer held",
                 [&o](const std::string& fl, const std::string& v) { parseRange(fl, v, o.skipOut); }});
    f.push_back({{"--convolve"}, nullptr,
                 "a convolution plan (clfft-ng only): out = IDFT(S * DFT(in)) with a random spectrum S; C2C layouts, "
                 "or real -> hermitian for real data (real output); --scale is the backward scale",
                 [&o](const std::string&, const std::string&) { o.conv = 1; }});
    f.push_back({{"--correlate"}, nullptr, "as --convolve with conj(S): cross-correlation",
                 [&o](const std::string&, const std::string&) { o.conv = 2; }});
    f.push_back({{"--channels"}, "IN,OUT",
                 "channels of --convolve/--correlate (default 1,1): -b counts entries of IN inputs and OUT outputs",
                 [&o](const std::string& fl, const std::string& v) {
                     const size_t comma = v.find(',');
                     if (comma == std::string::npos)
                         throw usageError("bad value '" + v + "' for " + fl + ": expected IN,OUT");
                     o.chIn = parseUnsigned(fl, v.substr(0, comma), 1, 1024, "IN,OUT channels of 1..1024");
                     o.chOut = parseUnsigned(fl, v.substr(comma + 1), 1, 1024, "IN,OUT channels of 1..1024");
                 }});
    f.push_back({{"--double"}, nullptr, "double precision (default single)", on(o.dbl)});
    f.push_back({{"--precision"}, "P",
                 "single, double, or (clfft-ng only) half or bfloat16: 16-bit storage, single-precision arithmetic",
                 [&o](const std::string& fl, const std::string& v) {
                     o.dbl = v == "double";
                     o.storage = v == "half" ? 16 : v == "bfloat16" ? 17 : 0;
                     if (v != "single" && v != "double" && !o.storage)
                         throw usageError(fl + " takes single, double, half or bfloat16, not '" + v + "'");
                 }});
    f.push_back({{"--inv"}, nullptr, "backward transform (default forward; real layouts imply the direction)", on(o.inv)});
    f.push_back({{"-o", "--outPlace"}, nullptr, "out-of-place (default in place)", on(o.outPlace)});
    f.push_back({{"--scale"}, "S", "scale of the transform's direction (default: forward 1, backward 1/N)",
                 [&o](const std::string& fl, const std::string& v) {
                     o.scale = parseScale(fl, v);
                     o.scaleGiven = true;
                 }});
    f.push_back({{"--transposed"}, nullptr, "transposed output (2D)", on(o.transposed)});
    f.push_back({{"--pre-callback"}, "FILE", "OpenCL C source of a pre-callback (load) function (needs --pre-name)",
                 [&o](const std::string&, const std::string& v) { o.preFile = v; }});
    f.push_back({{"--pre-name"}, "NAME", "name of the pre-callback function",
                 [&o](const std::string&, const std::string& v) { o.preName = v; }});
    f.push_back({{"--post-callback"}, "FILE", "OpenCL C source of a post-callback (store) function (needs --post-name)",
                 [&o](const std::string&, const std::string& v) { o.postFile = v; }});
    f.push_back({{"--post-name"}, "NAME", "name of the post-callback function",
                 [&o](const std::string&, const std::string& v) { o.postName = v; }});
    f.push_back({{"--dumpKernels"}, nullptr, "the library writes its generated kernels to .cl files", on(o.dumpKernels)});
    f.push_back({{"--identity-callbacks"}, nullptr,
                 "the callbacks given store what they load (to check the splice): --verify compares with the plain FFT",
                 on(o.identityCallbacks)});
    f.push_back({{"--explain"}, nullptr, "print the baked plan: passes, kernels, buffers, bytes moved (clfft-ng only)",
                 on(o.explain)});
    f.push_back({{"--queues"}, "N",
                 "a queue array of N queues on the device (clfft-ng only): the plan is split over them as over "
                 "N devices (docs/multi-device.md)",
                 [&o](const std::string& fl, const std::string& v) { o.queues = parseUnsigned(fl, v, 1, 16, "1 to 16"); }});
    f.push_back({{"--rigor"}, "R",
                 "estimate, measure or exhaustive: how the plan is chosen (clfft-ng only; measure times the "
                 "candidate plans, --explain shows their times)",
                 [&o](const std::string& fl, const std::string& v) {
                     if (v == "estimate") o.rigor = 0;
                     else if (v == "measure") o.rigor = 1;
                     else if (v == "exhaustive") o.rigor = 2;
                     else throw usageError(fl + " takes estimate, measure or exhaustive, not '" + v + "'");
                 }});
    f.push_back({{"--tier"}, "T",
                 "auto, specialized or generic: which kernels the bake sets up (clfft-ng only; generic: one "
                 "program for every size, no compile; auto: generic first, specialized once compiled)",
                 [&o](const std::string& fl, const std::string& v) {
                     if (v == "auto") o.tier = 0;
                     else if (v == "specialized") o.tier = 1;
                     else if (v == "generic") o.tier = 2;
                     else throw usageError(fl + " takes auto, specialized or generic, not '" + v + "'");
                 }});
    f.push_back({{"--verify"}, nullptr, "check the result against FFTW (relative L2 error; exit 1 above the bound)",
                 on(o.verify)});
    f.push_back({{"--profile"}, "N", "time N runs (enqueue + clFinish) after the warm-up; report the median",
                 [&o](const std::string& fl, const std::string& v) { o.profile = parseCount(fl, v, 1); }});
    f.push_back({{"--warmup"}, "W", "untimed runs before --profile's (default 3)",
                 [&o](const std::string& fl, const std::string& v) { o.warmup = parseCount(fl, v, 0); }});
    f.push_back({{"--json"}, nullptr, "print one JSON object with the plan, device, results (instead of text)",
                 on(o.json)});
    return f;
}

void printHelp(const std::vector<Flag>& flags)
{
    std::printf("usage: clfft-client [options]\n"
                "Runs one clFFT plan on an OpenCL device; optionally checks it against FFTW and times it.\n"
                "Values: -x 4096, -x4096, --lenX 4096 or --lenX=4096.\n\n");
    for (const Flag& fl : flags) {
        std::string names;
        for (const std::string& n : fl.names)
            names += (names.empty() ? "" : ", ") + n;
        if (fl.metavar)
            names += std::string(" ") + fl.metavar;
        std::printf("  %-34s %s\n", names.c_str(), fl.help);
    }
    std::printf("\nExit status: 0 ok, 1 verification failed, 2 bad command line, 3 clFFT error "
                "(status name printed), 4 OpenCL/host error.\n"
                "Example: clfft-client -x 4096 -b 256 -o --verify --profile 20\n");
}

std::string readFile(const std::string& path);

void parseArgs(int argc, char** argv, Options& o)
{
    std::vector<Flag> flags = makeFlags(o);
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        std::string name = arg, value;
        bool hasValue = false;
        if (arg.size() > 2 && arg[0] == '-' && arg[1] == '-') {
            const size_t eq = arg.find('=');
            if (eq != std::string::npos) {
                name = arg.substr(0, eq);
                value = arg.substr(eq + 1);
                hasValue = true;
            }
        } else if (arg.size() > 2 && arg[0] == '-' && std::isalpha(static_cast<unsigned char>(arg[1]))) {
            name = arg.substr(0, 2);
            value = arg.substr(2);
            hasValue = true;
        } else if (arg.empty() || arg[0] != '-' || arg == "-" || arg == "--") {
            throw usageError("unexpected argument '" + arg + "' (options start with - or --; see --help)");
        }
        const Flag* match = nullptr;
        for (const Flag& fl : flags)
            for (const std::string& n : fl.names)
                if (n == name)
                    match = &fl;
        if (!match)
            throw usageError("unknown option '" + arg + "' (see --help)");
        if (match->metavar) {
            if (!hasValue) {
                if (i + 1 >= argc)
                    throw usageError("option " + name + " needs a value (" + match->metavar + ")");
                value = argv[++i];
            }
        } else if (hasValue) {
            throw usageError("option " + name + " takes no value, got '" + arg + "'");
        }
        match->apply(name, value);
    }
    if (o.help || o.version || o.list)
        return;
    // Consistency checks that need all the flags.
    int inferred = o.len[2] > 1 ? 3 : (o.len[1] > 1 ? 2 : 1);
    if (o.dim == 0)
        o.dim = inferred;
    else if (o.dim < inferred)
        throw usageError("--dim " + std::to_string(o.dim) + " but a length of dimension " + std::to_string(inferred) +
                         " is given");
    for (int d = o.dim; d < 3; ++d)
        if (o.is[d] || o.os[d])
            throw usageError(std::string("a stride of dimension ") + std::to_string(d + 1) + " is given for a " +
                             std::to_string(o.dim) + "D plan");
    if (!o.r2r.empty()) {
        if (static_cast<int>(o.r2r.size()) != o.dim)
            throw usageError("--r2r gives " + std::to_string(o.r2r.size()) + " kind(s) for a " + std::to_string(o.dim) +
                             "D plan: one per dimension");
        if (o.layoutGiven && (o.inLayout != CLFFT_REAL || o.outLayout != CLFFT_REAL))
            throw usageError("--r2r transforms real data to real data: its layouts are real (drop --inLayout/--outLayout)");
        o.inLayout = o.outLayout = CLFFT_REAL;
    }
    if (o.conv) {
        auto complexLayout = [](clfftLayout l) { return l == CLFFT_COMPLEX_INTERLEAVED || l == CLFFT_COMPLEX_PLANAR; };
        const bool c2c = complexLayout(o.inLayout) && complexLayout(o.outLayout);
        const bool r2c = o.inLayout == CLFFT_REAL &&
                         (o.outLayout == CLFFT_HERMITIAN_INTERLEAVED || o.outLayout == CLFFT_HERMITIAN_PLANAR);
        if (!o.r2r.empty() || o.transposed || o.queues > 1 || !o.preFile.empty() || !o.postFile.empty())
            throw usageError("--convolve/--correlate take no --r2r, --transposed, --queues or callbacks");
        if (!c2c && !r2c)
            throw usageError("--convolve/--correlate take C2C layouts or real -> hermitian (a real convolution)");
    } else if (o.chIn != 1 || o.chOut != 1) {
        throw usageError("--channels goes with --convolve or --correlate");
    }
    if (o.preFile.empty() != o.preName.empty())
        throw usageError("--pre-callback FILE and --pre-name NAME go together");
    if (o.postFile.empty() != o.postName.empty())
        throw usageError("--post-callback FILE and --post-name NAME go together");
    if (o.verify && !o.identityCallbacks && (!o.preFile.empty() || !o.postFile.empty()))
        throw usageError("--verify cannot check a plan with callbacks (they change the result); drop one of them, "
                         "or say --identity-callbacks");
    if (o.device >= 0 && o.platform < 0 && !o.devTypeGiven)
        o.platform = 0;
    if (!o.preFile.empty())
        o.preText = readFile(o.preFile);
    if (!o.postFile.empty())
        o.postText = readFile(o.postFile);
}

// ---- Small helpers -----------------------------------------------------------------------

double nowMs()
{
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw usageError("cannot read callback file '" + path + "': " + std::strerror(errno));
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// --explain: clfft-ng's clfftNgExplainPlan, looked up at run time so that the client still runs
// on a clFFT 2.x without it (which then says so).
void printExplanation(clfftPlanHandle plan)
{
    using Explain = clfftStatus (*)(clfftPlanHandle, char*, size_t, size_t*);
    const auto explain = reinterpret_cast<Explain>(dlsym(RTLD_DEFAULT, "clfftNgExplainPlan"));
    if (!explain) {
        std::fprintf(stderr, "--explain: the clFFT library in use cannot print its plans\n");
        return;
    }
    size_t needed = 0;
    if (explain(plan, nullptr, 0, &needed) != CLFFT_SUCCESS || needed == 0)
        return;
    std::string text(needed, '\0');
    if (explain(plan, &text[0], text.size(), nullptr) == CLFFT_SUCCESS)
        std::fprintf(stderr, "%s", text.c_str());
}

// --rigor: clfft-ng's clfftNgSetPlanRigor, looked up at run time as --explain's function is.
// A plan that takes a queue array (more than one queue at bake and enqueue).
void setQueueArrays(clfftPlanHandle plan)
{
    using SetQueueArrays = clfftStatus (*)(clfftPlanHandle, cl_bool);
    const auto set = reinterpret_cast<SetQueueArrays>(dlsym(RTLD_DEFAULT, "clfftNgSetPlanQueueArrays"));
    if (!set)
        throw usageError("--queues: the clFFT library in use takes one queue only");
    fft(set(plan, CL_TRUE), "clfftNgSetPlanQueueArrays");
}

// --zero-input / --skip-output: clfft-ng's clfftNgSetPlanZeroInput / SkipOutput, looked up at run time.
void setRanges(clfftPlanHandle plan, const Options& o)
{
    using SetRange = clfftStatus (*)(clfftPlanHandle, size_t, size_t, size_t);
    const auto zero = reinterpret_cast<SetRange>(dlsym(RTLD_DEFAULT, "clfftNgSetPlanZeroInput"));
    const auto skip = reinterpret_cast<SetRange>(dlsym(RTLD_DEFAULT, "clfftNgSetPlanSkipOutput"));
    if (!zero || !skip)
        throw usageError("--zero-input/--skip-output: the clFFT library in use has no ranges");
    for (size_t d = 0; d < 3; ++d) {
        if (o.zeroIn[d][1] > o.zeroIn[d][0])
            fft(zero(plan, d, o.zeroIn[d][0], o.zeroIn[d][1]), "clfftNgSetPlanZeroInput");
        if (o.skipOut[d][1] > o.skipOut[d][0])
            fft(skip(plan, d, o.skipOut[d][0], o.skipOut[d][1]), "clfftNgSetPlanSkipOutput");
    }
}

// Whether logical element k of a side (packed, dimension 0 fastest, counts c) lies in one of the
// ranges r (begin == end: none).
bool inAnyRange(size_t k, const size_t c[3], const size_t (*r)[2])
{
    const size_t i[3] = {k % c[0], (k / c[0]) % c[1], (k / (c[0] * c[1])) % c[2]};
    for (int d = 0; d < 3; ++d)
        if (r[d][1] > r[d][0] && i[d] >= r[d][0] && i[d] < r[d][1])
            return true;
    return false;
}

// --r2r: clfft-ng's clfftNgSetPlanR2R, looked up at run time as --explain's function is.
void setR2R(clfftPlanHandle plan, const std::vector<clfftNgR2RKind>& kinds)
{
    using SetR2R = clfftStatus (*)(clfftPlanHandle, size_t, const clfftNgR2RKind*);
    const auto set = reinterpret_cast<SetR2R>(dlsym(RTLD_DEFAULT, "clfftNgSetPlanR2R"));
    if (!set)
        throw usageError("--r2r: the clFFT library in use has no real-to-real transforms");
    fft(set(plan, kinds.size(), kinds.data()), "clfftNgSetPlanR2R");
}

// --convolve/--correlate: clfft-ng's clfftNgSetPlanConvolution, looked up at run time as
// --explain's function is.
void setConvolution(clfftPlanHandle plan, int mode, cl_mem spectrum, size_t chIn, size_t chOut)
{
    using SetConvolution = clfftStatus (*)(clfftPlanHandle, int, cl_mem, cl_uint, cl_uint);
    const auto set = reinterpret_cast<SetConvolution>(dlsym(RTLD_DEFAULT, "clfftNgSetPlanConvolution"));
    if (!set)
        throw usageError("--convolve/--correlate: the clFFT library in use has no convolution plans");
    fft(set(plan, mode, spectrum, static_cast<cl_uint>(chIn), static_cast<cl_uint>(chOut)),
        "clfftNgSetPlanConvolution");
}

void setRigor(clfftPlanHandle plan, int rigor)
{
    using SetRigor = clfftStatus (*)(clfftPlanHandle, int);
    const auto set = reinterpret_cast<SetRigor>(dlsym(RTLD_DEFAULT, "clfftNgSetPlanRigor"));
    if (!set)
        throw usageError("--rigor: the clFFT library in use has no measured planning");
    fft(set(plan, rigor), "clfftNgSetPlanRigor");
}

// --tier: clfft-ng's clfftNgSetPlanTiering, looked up at run time as --explain's function is.
void setTier(clfftPlanHandle plan, int tier)
{
    using SetTiering = clfftStatus (*)(clfftPlanHandle, int);
    const auto set = reinterpret_cast<SetTiering>(dlsym(RTLD_DEFAULT, "clfftNgSetPlanTiering"));
    if (!set)
        throw usageError("--tier: the clFFT library in use has no tiers");
    fft(set(plan, tier), "clfftNgSetPlanTiering");
}

int findLibclfft(struct dl_phdr_info* info, size_t, void* data)
{
    if (info->dlpi_name && std::strstr(info->dlpi_name, "libclFFT")) {
        *static_cast<std::string*>(data) = info->dlpi_name;
        return 1;
    }
    return 0;
}

// Path of the libclFFT the loader picked (LD_LIBRARY_PATH can pick another clFFT 2.x).
std::string loadedLibrary()
{
    std::string name;
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&clfftBakePlan), &info) && info.dli_fname &&
        std::strstr(info.dli_fname, "libclFFT"))
        name = info.dli_fname;
    else
        dl_iterate_phdr(findLibclfft, &name);
    if (name.empty())
        return "(unknown)";
    char buf[PATH_MAX];
    return realpath(name.c_str(), buf) ? std::string(buf) : name;
}

std::string libraryVersion()
{
    cl_uint a = 0, b = 0, c = 0;
    if (clfftGetVersion(&a, &b, &c) != CLFFT_SUCCESS)
        return "?";
    return std::to_string(a) + "." + std::to_string(b) + "." + std::to_string(c);
}

std::string platformString(cl_platform_id p, cl_platform_info what)
{
    size_t n = 0;
    if (clGetPlatformInfo(p, what, 0, nullptr, &n) != CL_SUCCESS || n == 0)
        return "(unknown)";
    std::string s(n, '\0');
    if (clGetPlatformInfo(p, what, n, &s[0], nullptr) != CL_SUCCESS)
        return "(unknown)";
    s.resize(std::strlen(s.c_str()));
    return s;
}

std::string deviceString(cl_device_id d, cl_device_info what)
{
    size_t n = 0;
    if (clGetDeviceInfo(d, what, 0, nullptr, &n) != CL_SUCCESS || n == 0)
        return "(unknown)";
    std::string s(n, '\0');
    if (clGetDeviceInfo(d, what, n, &s[0], nullptr) != CL_SUCCESS)
        return "(unknown)";
    s.resize(std::strlen(s.c_str()));
    return s;
}

template <typename T>
T deviceValue(cl_device_id d, cl_device_info what)
{
    T v{};
    clGetDeviceInfo(d, what, sizeof v, &v, nullptr);
    return v;
}

std::string deviceTypeName(cl_device_type t)
{
    if (t & CL_DEVICE_TYPE_GPU)
        return "GPU";
    if (t & CL_DEVICE_TYPE_CPU)
        return "CPU";
    if (t & CL_DEVICE_TYPE_ACCELERATOR)
        return "accelerator";
    return "other";
}

std::vector<cl_platform_id> platforms()
{
    cl_uint n = 0;
    cl_int err = clGetPlatformIDs(0, nullptr, &n);
    if (err == -1001 /* CL_PLATFORM_NOT_FOUND_KHR (ICD loader) */ || n == 0)
        return {};
    ocl(err, "clGetPlatformIDs");
    std::vector<cl_platform_id> p(n);
    ocl(clGetPlatformIDs(n, p.data(), nullptr), "clGetPlatformIDs");
    return p;
}

std::vector<cl_device_id> devices(cl_platform_id p, cl_device_type t)
{
    cl_uint n = 0;
    if (clGetDeviceIDs(p, t, 0, nullptr, &n) != CL_SUCCESS || n == 0)
        return {};
    std::vector<cl_device_id> d(n);
    ocl(clGetDeviceIDs(p, t, n, d.data(), nullptr), "clGetDeviceIDs");
    return d;
}

void listDevices()
{
    const auto plats = platforms();
    if (plats.empty()) {
        std::printf("no OpenCL platform found\n");
        return;
    }
    for (size_t pi = 0; pi < plats.size(); ++pi) {
        std::printf("platform %zu: %s (%s, %s)\n", pi, platformString(plats[pi], CL_PLATFORM_NAME).c_str(),
                    platformString(plats[pi], CL_PLATFORM_VENDOR).c_str(),
                    platformString(plats[pi], CL_PLATFORM_VERSION).c_str());
        const auto devs = devices(plats[pi], CL_DEVICE_TYPE_ALL);
        for (size_t di = 0; di < devs.size(); ++di) {
            cl_device_id d = devs[di];
            const bool fp64 = deviceValue<cl_device_fp_config>(d, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
            std::printf("  device %zu: %s [%s]\n", di, deviceString(d, CL_DEVICE_NAME).c_str(),
                        deviceTypeName(deviceValue<cl_device_type>(d, CL_DEVICE_TYPE)).c_str());
            std::printf("    %s, driver %s; %u compute units, %.0f MiB global, %.0f KiB local memory, double: %s\n",
                        deviceString(d, CL_DEVICE_VERSION).c_str(), deviceString(d, CL_DRIVER_VERSION).c_str(),
                        deviceValue<cl_uint>(d, CL_DEVICE_MAX_COMPUTE_UNITS),
                        static_cast<double>(deviceValue<cl_ulong>(d, CL_DEVICE_GLOBAL_MEM_SIZE)) / 1048576.0,
                        static_cast<double>(deviceValue<cl_ulong>(d, CL_DEVICE_LOCAL_MEM_SIZE)) / 1024.0,
                        fp64 ? "yes" : "no");
        }
    }
}

struct Device {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    size_t platformIndex = 0, deviceIndex = 0;
};

Device chooseDevice(const Options& o)
{
    const auto plats = platforms();
    if (plats.empty())
        throw ClientError(kExitSystem, "no OpenCL platform found (is an ICD such as pocl-opencl-icd installed?)");
    Device r;
    if (o.platform >= 0) {
        if (static_cast<size_t>(o.platform) >= plats.size())
            throw usageError("there is no platform " + std::to_string(o.platform) + " (found " +
                             std::to_string(plats.size()) + "; see --list-devices)");
        r.platformIndex = static_cast<size_t>(o.platform);
    } else {
        // The first platform with a device of the wanted type (by default: a default device).
        const cl_device_type t = o.devTypeGiven ? o.devType : CL_DEVICE_TYPE_DEFAULT;
        size_t pi = 0;
        while (pi < plats.size() && devices(plats[pi], t).empty())
            ++pi;
        if (pi == plats.size())
            throw ClientError(kExitSystem, "no OpenCL platform has a device of the requested type");
        r.platformIndex = pi;
    }
    r.platform = plats[r.platformIndex];
    const auto devs = devices(r.platform, o.devType);
    const size_t want = o.device >= 0 ? static_cast<size_t>(o.device) : 0;
    if (want >= devs.size())
        throw usageError("platform " + std::to_string(r.platformIndex) + " has no device " + std::to_string(want) +
                         " of the requested type (found " + std::to_string(devs.size()) + "; see --list-devices)");
    r.deviceIndex = want;
    r.device = devs[want];
    return r;
}

// ---- JSON output -------------------------------------------------------------------------

// Collects "key": value pairs in order; values are already JSON text.
struct JsonObject {
    std::vector<std::pair<std::string, std::string>> items;
    void raw(const std::string& k, const std::string& v) { items.emplace_back(k, v); }
    void str(const std::string& k, const std::string& v) { raw(k, jsonString(v)); }
    void num(const std::string& k, double v) { raw(k, jsonNumber(v)); }
    void integer(const std::string& k, unsigned long long v) { raw(k, std::to_string(v)); }
    void boolean(const std::string& k, bool v) { raw(k, v ? "true" : "false"); }
    std::string text() const
    {
        std::string r = "{";
        for (size_t i = 0; i < items.size(); ++i)
            r += (i ? ", " : "") + jsonString(items[i].first) + ": " + items[i].second;
        return r + "}";
    }
};

std::string jsonSizes(const size_t* v, int n)
{
    std::string r = "[";
    for (int i = 0; i < n; ++i)
        r += (i ? ", " : "") + std::to_string(v[i]);
    return r + "]";
}

// ---- Data layout of one side of the transform --------------------------------------------

bool isComplexLayout(clfftLayout l) { return l == CLFFT_COMPLEX_INTERLEAVED || l == CLFFT_COMPLEX_PLANAR; }
bool isHermitianLayout(clfftLayout l) { return l == CLFFT_HERMITIAN_INTERLEAVED || l == CLFFT_HERMITIAN_PLANAR; }
bool isPlanar(clfftLayout l) { return l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR; }

enum class Kind { C2C, R2C, C2R, R2R, Invalid };

Kind kindOf(clfftLayout in, clfftLayout out)
{
    if (isComplexLayout(in) && isComplexLayout(out))
        return Kind::C2C;
    if (in == CLFFT_REAL && isHermitianLayout(out))
        return Kind::R2C;
    if (isHermitianLayout(in) && out == CLFFT_REAL)
        return Kind::C2R;
    return Kind::Invalid;
}

struct Side {
    clfftLayout layout = CLFFT_COMPLEX_INTERLEAVED;
    int rank = 1;
    size_t len[3] = {1, 1, 1};     // logical lengths of this side (hermitian: x/2+1), clFFT order
    bool swap01 = false;           // transposed output: storage dimension 0 holds logical dimension 1
    size_t stride[3] = {1, 1, 1};  // in storage order, elements
    size_t dist = 0;
    size_t perTransform() const { return len[0] * len[1] * len[2]; }
    bool real() const { return layout == CLFFT_REAL; }
    bool planar() const { return isPlanar(layout); }
    size_t buffers() const { return planar() ? 2 : 1; }
    // Storage lengths (the logical ones, with 0 and 1 swapped for a transposed output).
    size_t storageLen(int d) const
    {
        if (swap01 && d < 2)
            return len[1 - d];
        return len[d];
    }
    // Elements one buffer must hold for the batch.
    size_t span(size_t batch) const
    {
        size_t last = (batch - 1) * dist;
        for (int d = 0; d < rank; ++d)
            last += (storageLen(d) - 1) * stride[d];
        return last + 1;
    }
    // Storage offset, in elements, of logical element (i0, i1, i2) of transform b.
    size_t offset(size_t b, size_t i0, size_t i1, size_t i2) const
    {
        if (swap01)
            std::swap(i0, i1);
        return b * dist + i0 * stride[0] + i1 * stride[1] + i2 * stride[2];
    }
};

// Fills the strides and distance a side gets when the user gives none (or only some):
// packed rows; a real side of an in-place transform has rows padded to 2 (x/2+1) reals.
void deriveStrides(Side& s, const size_t* userStride, size_t userDist, size_t paddedRow)
{
    for (int d = 0; d < s.rank; ++d) {
        if (userStride[d])
            s.stride[d] = userStride[d];
        else if (d == 0)
            s.stride[d] = 1;
        else
            s.stride[d] = s.stride[d - 1] * (d == 1 && paddedRow ? paddedRow : s.storageLen(d - 1));
    }
    for (int d = s.rank; d < 3; ++d)
        s.stride[d] = 0;
    const int top = s.rank - 1;
    s.dist = userDist ? userDist
                      : s.stride[top] * (top == 0 && paddedRow ? paddedRow : s.storageLen(top));
}

const char* precisionName(const Options& o)
{
    return o.storage == 16 ? "half" : o.storage == 17 ? "bfloat16" : o.dbl ? "double" : "single";
}

// Host copy of the device buffers of one side, in the device's precision.
struct HostSide {
    const Side* side = nullptr;
    bool dbl = false;
    int storage = 0; // 16: half, 17: bfloat16
    std::vector<std::vector<unsigned char>> bufs;

    void resize(size_t bytesPerBuffer)
    {
        bufs.assign(side->buffers(), std::vector<unsigned char>(bytesPerBuffer, 0));
    }
    size_t elt() const { return storage ? 2 : dbl ? sizeof(double) : sizeof(float); }
    void put(std::vector<unsigned char>& b, size_t idx, double v)
    {
        if (storage) {
            const float f = static_cast<float>(v);
            const std::uint16_t h = storage == 16 ? clfft_ng::floatToHalf(f) : clfft_ng::floatToBf16(f);
            std::memcpy(b.data() + idx * 2, &h, 2);
        } else if (dbl) {
            std::memcpy(b.data() + idx * sizeof(double), &v, sizeof v);
        } else {
            const float f = static_cast<float>(v);
            std::memcpy(b.data() + idx * sizeof(float), &f, sizeof f);
        }
    }
    double get(const std::vector<unsigned char>& b, size_t idx) const
    {
        if (storage) {
            std::uint16_t h;
            std::memcpy(&h, b.data() + idx * 2, 2);
            return static_cast<double>(storage == 16 ? clfft_ng::halfToFloat(h) : clfft_ng::bf16ToFloat(h));
        }
        if (dbl) {
            double v;
            std::memcpy(&v, b.data() + idx * sizeof(double), sizeof v);
            return v;
        }
        float f;
        std::memcpy(&f, b.data() + idx * sizeof(float), sizeof f);
        return static_cast<double>(f);
    }
    // Logical element k (packed, x fastest, then batch) <-> storage.
    void forEach(size_t batch, const std::function<void(size_t k, size_t off)>& fn) const
    {
        const Side& s = *side;
        size_t k = 0;
        for (size_t b = 0; b < batch; ++b)
            for (size_t i2 = 0; i2 < s.len[2]; ++i2)
                for (size_t i1 = 0; i1 < s.len[1]; ++i1)
                    for (size_t i0 = 0; i0 < s.len[0]; ++i0)
                        fn(k++, s.offset(b, i0, i1, i2));
    }
    void store(size_t batch, const std::vector<double>& re, const std::vector<double>& im)
    {
        forEach(batch, [&](size_t k, size_t off) {
            if (side->real()) {
                put(bufs[0], off, re[k]);
            } else if (side->planar()) {
                put(bufs[0], off, re[k]);
                put(bufs[1], off, im[k]);
            } else {
                put(bufs[0], 2 * off, re[k]);
                put(bufs[0], 2 * off + 1, im[k]);
            }
        });
    }
    void load(size_t batch, std::vector<double>& re, std::vector<double>& im) const
    {
        re.assign(batch * side->perTransform(), 0.0);
        im.assign(side->real() ? 0 : re.size(), 0.0);
        forEach(batch, [&](size_t k, size_t off) {
            if (side->real()) {
                re[k] = get(bufs[0], off);
            } else if (side->planar()) {
                re[k] = get(bufs[0], off);
                im[k] = get(bufs[1], off);
            } else {
                re[k] = get(bufs[0], 2 * off);
                im[k] = get(bufs[0], 2 * off + 1);
            }
        });
    }
};

// ---- FFTW reference ----------------------------------------------------------------------

struct FftwBuf {
    void* p = nullptr;
    explicit FftwBuf(size_t bytes) : p(fftw_malloc(std::max<size_t>(bytes, 16)))
    {
        if (!p)
            throw ClientError(kExitSystem, "out of host memory for the FFTW reference");
    }
    ~FftwBuf() { fftw_free(p); }
    FftwBuf(const FftwBuf&) = delete;
    FftwBuf& operator=(const FftwBuf&) = delete;
    double* d() const { return static_cast<double*>(p); }
    fftw_complex* c() const { return static_cast<fftw_complex*>(p); }
};

// Transform of the packed logical input (re, im) by FFTW in double precision, scaled; the
// result is packed logically like the output side.
void reference(Kind kind, int rank, const size_t* len, size_t batch, int sign, double scale,
               const std::vector<double>& inRe, const std::vector<double>& inIm, std::vector<double>& outRe,
               std::vector<double>& outIm)
{
    int n[3];
    for (int d = 0; d < rank; ++d)
        n[d] = static_cast<int>(len[rank - 1 - d]);  // FFTW lists the slowest dimension first
    const size_t full = len[0] * len[1] * len[2];
    const size_t half = (len[0] / 2 + 1) * len[1] * len[2];
    const int howmany = static_cast<int>(batch);
    if (kind == Kind::C2C) {
        FftwBuf a(batch * full * sizeof(fftw_complex)), b(batch * full * sizeof(fftw_complex));
        fftw_plan p = fftw_plan_many_dft(rank, n, howmany, a.c(), nullptr, 1, static_cast<int>(full), b.c(), nullptr,
                                         1, static_cast<int>(full), sign, FFTW_ESTIMATE);
        if (!p)
            throw ClientError(kExitSystem, "FFTW could not plan the reference transform");
        for (size_t k = 0; k < batch * full; ++k) {
            a.c()[k][0] = inRe[k];
            a.c()[k][1] = inIm[k];
        }
        fftw_execute(p);
        fftw_destroy_plan(p);
        outRe.resize(batch * full);
        outIm.resize(batch * full);
        for (size_t k = 0; k < batch * full; ++k) {
            outRe[k] = b.c()[k][0] * scale;
            outIm[k] = b.c()[k][1] * scale;
        }
    } else if (kind == Kind::R2C) {
        FftwBuf a(batch * full * sizeof(double)), b(batch * half * sizeof(fftw_complex));
        fftw_plan p = fftw_plan_many_dft_r2c(rank, n, howmany, a.d(), nullptr, 1, static_cast<int>(full), b.c(),
                                             nullptr, 1, static_cast<int>(half), FFTW_ESTIMATE);
        if (!p)
            throw ClientError(kExitSystem, "FFTW could not plan the reference transform");
        std::copy(inRe.begin(), inRe.end(), a.d());
        fftw_execute(p);
        fftw_destroy_plan(p);
        outRe.resize(batch * half);
        outIm.resize(batch * half);
        for (size_t k = 0; k < batch * half; ++k) {
            outRe[k] = b.c()[k][0] * scale;
            outIm[k] = b.c()[k][1] * scale;
        }
    } else {
        FftwBuf a(batch * half * sizeof(fftw_complex)), b(batch * full * sizeof(double));
        fftw_plan p = fftw_plan_many_dft_c2r(rank, n, howmany, a.c(), nullptr, 1, static_cast<int>(half), b.d(),
                                             nullptr, 1, static_cast<int>(full), FFTW_ESTIMATE);
        if (!p)
            throw ClientError(kExitSystem, "FFTW could not plan the reference transform");
        for (size_t k = 0; k < batch * half; ++k) {  // after planning: FFTW_ESTIMATE keeps the arrays, c2r not
            a.c()[k][0] = inRe[k];
            a.c()[k][1] = inIm[k];
        }
        fftw_execute(p);
        fftw_destroy_plan(p);
        outRe.assign(b.d(), b.d() + batch * full);
        for (double& v : outRe)
            v *= scale;
        outIm.clear();
    }
}

// FFTW's r2r of the packed logical real input in double precision, scaled (kinds[d] along
// dimension d, dimension 0 fastest).
void referenceR2R(int rank, const size_t* len, size_t batch, const std::vector<clfftNgR2RKind>& kinds, double scale,
                  const std::vector<double>& inRe, std::vector<double>& outRe)
{
    int n[3];
    fftw_r2r_kind k[3];
    for (int d = 0; d < rank; ++d) {  // FFTW lists the slowest dimension first
        n[d] = static_cast<int>(len[rank - 1 - d]);
        // clfftNgR2RKind numbers the kinds as FFTW does (clFFT-ng.h).
        k[d] = static_cast<fftw_r2r_kind>(kinds[static_cast<size_t>(rank - 1 - d)]);
    }
    const size_t full = len[0] * len[1] * len[2];
    FftwBuf a(batch * full * sizeof(double)), b(batch * full * sizeof(double));
    fftw_plan p = fftw_plan_many_r2r(rank, n, static_cast<int>(batch), a.d(), nullptr, 1, static_cast<int>(full), b.d(),
                                     nullptr, 1, static_cast<int>(full), k, FFTW_ESTIMATE);
    if (!p)
        throw ClientError(kExitSystem, "FFTW could not plan the reference r2r transform");
    std::copy(inRe.begin(), inRe.end(), a.d());  // after planning: FFTW_ESTIMATE leaves the arrays alone
    fftw_execute(p);
    fftw_destroy_plan(p);
    outRe.assign(b.d(), b.d() + batch * full);
    for (double& v : outRe)
        v *= scale;
}

// ---- The run -----------------------------------------------------------------------------

struct Run {
    // Filled as the run goes, so that a failure can still report what was known.
    std::string library, libVersion, platformName, platformVersion, deviceName, driver, deviceVersion;
    size_t platformIndex = 0, deviceIndex = 0;
    Kind kind = Kind::C2C;
    bool forward = true;
    double scale = 1.0;
    bool baked = false;
    double bakeMs = 0;
    size_t tmpBytes = 0;
    Side in, out;
    bool verified = false, verifyPass = false;
    double relErr = 0, bound = 0;
    bool profiled = false;
    int runs = 0;
    double medianMs = 0, minMs = 0, maxMs = 0, gflops = 0, gbps = 0, flops = 0, bytes = 0;
};

// Resources released in reverse order whatever happens.
struct Resources {
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    std::vector<cl_command_queue> queues; // queue first, then --queues' others
    std::vector<cl_mem> mems;
    bool setup = false;
    clfftPlanHandle plan = 0;
    ~Resources()
    {
        if (plan)
            clfftDestroyPlan(&plan);
        if (setup)
            clfftTeardown();
        for (cl_mem m : mems)
            clReleaseMemObject(m);
        for (size_t q = 1; q < queues.size(); ++q)
            if (queues[q])
                clReleaseCommandQueue(queues[q]);
        if (queue)
            clReleaseCommandQueue(queue);
        if (context)
            clReleaseContext(context);
    }
    cl_mem buffer(size_t bytes)
    {
        cl_int err = CL_SUCCESS;
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, std::max<size_t>(bytes, 1), nullptr, &err);
        ocl(err, "clCreateBuffer");
        mems.push_back(m);
        return m;
    }
};

// Deterministic pseudo-random numbers in [-1, 1).
struct Random {
    uint64_t s = 0x2545F4914F6CDD1Dull;
    double next()
    {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return static_cast<double>(s >> 11) / 4503599627370496.0 - 1.0;
    }
};

size_t checkedProduct(size_t a, size_t b)
{
    if (b && a > SIZE_MAX / b)
        throw ClientError(kExitSystem, "the problem is too large for this host");
    return a * b;
}

void execute(const Options& o, Run& r)
{
    Resources res;
    const int rank = o.dim;
    r.kind = o.r2r.empty() ? kindOf(o.inLayout, o.outLayout) : Kind::R2R;
    // Real transforms take their direction from the layouts; r2r transforms from their kinds
    // (the library ignores the direction and applies the forward scale).
    r.forward = r.kind == Kind::R2C || r.kind == Kind::R2R ? true : (r.kind == Kind::C2R ? false : !o.inv);
    // A convolution's direction argument is ignored: its scale is the backward one.
    const clfftDirection scaleDir = o.conv ? CLFFT_BACKWARD : r.forward ? CLFFT_FORWARD : CLFFT_BACKWARD;
    if (r.kind == Kind::R2C && o.inv && !o.json)
        std::fprintf(stderr, "note: real input is always a forward transform; --inv ignored\n");
    if (r.kind == Kind::R2R && o.inv && !o.json)
        std::fprintf(stderr, "note: the r2r kinds decide the transform; --inv ignored\n");
    const clfftDirection dir = r.forward ? CLFFT_FORWARD : CLFFT_BACKWARD;

    // Device.
    g_stage = "device";
    const Device dev = chooseDevice(o);
    r.platformIndex = dev.platformIndex;
    r.deviceIndex = dev.deviceIndex;
    r.platformName = platformString(dev.platform, CL_PLATFORM_NAME);
    r.platformVersion = platformString(dev.platform, CL_PLATFORM_VERSION);
    r.deviceName = deviceString(dev.device, CL_DEVICE_NAME);
    r.deviceVersion = deviceString(dev.device, CL_DEVICE_VERSION);
    r.driver = deviceString(dev.device, CL_DRIVER_VERSION);
    if (!o.json) {
        std::printf("platform:  %zu: %s (%s)\n", r.platformIndex, r.platformName.c_str(), r.platformVersion.c_str());
        std::printf("device:    %zu: %s, driver %s\n", r.deviceIndex, r.deviceName.c_str(), r.driver.c_str());
        if (o.printChosen)
            std::printf("           %s [%s], %u compute units, %.0f MiB global memory\n", r.deviceVersion.c_str(),
                        deviceTypeName(deviceValue<cl_device_type>(dev.device, CL_DEVICE_TYPE)).c_str(),
                        deviceValue<cl_uint>(dev.device, CL_DEVICE_MAX_COMPUTE_UNITS),
                        static_cast<double>(deviceValue<cl_ulong>(dev.device, CL_DEVICE_GLOBAL_MEM_SIZE)) / 1048576.0);
        std::fflush(stdout);
    }
    cl_int err = CL_SUCCESS;
    cl_device_id devId = dev.device;
    res.context = clCreateContext(nullptr, 1, &devId, nullptr, nullptr, &err);
    ocl(err, "clCreateContext");
    res.queue = clCreateCommandQueue(res.context, devId, 0, &err);
    ocl(err, "clCreateCommandQueue");
    res.queues.push_back(res.queue);
    for (size_t q = 1; q < o.queues; ++q) {
        res.queues.push_back(clCreateCommandQueue(res.context, devId, 0, &err));
        ocl(err, "clCreateCommandQueue");
    }

    // Library and plan.
    g_stage = "setup";
    clfftSetupData setupData;
    fft(clfftInitSetupData(&setupData), "clfftInitSetupData");
    if (o.dumpKernels)
        setupData.debugFlags |= CLFFT_DUMP_PROGRAMS;
    fft(clfftSetup(&setupData), "clfftSetup");
    res.setup = true;

    g_stage = "plan";
    size_t lengths[3] = {o.len[0], o.len[1], o.len[2]};
    fft(clfftCreateDefaultPlan(&res.plan, res.context, static_cast<clfftDim>(rank), lengths), "clfftCreateDefaultPlan");
    const clfftPlanHandle plan = res.plan;
    if (!o.r2r.empty())
        setR2R(plan, o.r2r);
    fft(clfftSetPlanPrecision(plan, o.storage ? static_cast<clfftPrecision>(o.storage) : o.dbl ? CLFFT_DOUBLE : CLFFT_SINGLE),
        "clfftSetPlanPrecision");
    fft(clfftSetLayout(plan, o.inLayout, o.outLayout), "clfftSetLayout");
    fft(clfftSetResultLocation(plan, o.outPlace ? CLFFT_OUTOFPLACE : CLFFT_INPLACE), "clfftSetResultLocation");
    fft(clfftSetPlanBatchSize(plan, o.batch), "clfftSetPlanBatchSize");
    if (o.transposed)
        fft(clfftSetPlanTransposeResult(plan, CLFFT_TRANSPOSED), "clfftSetPlanTransposeResult");
    if (r.kind == Kind::Invalid)
        throw ClientError(kExitClfft, std::string("the library accepted the layout pair ") + layoutName(o.inLayout) +
                                          " -> " + layoutName(o.outLayout) + ", which is no clFFT transform");

    // Geometry of both sides: logical lengths, strides, distances (all set on the plan).
    r.in.layout = o.inLayout;
    r.out.layout = o.outLayout;
    r.in.rank = r.out.rank = rank;
    for (int d = 0; d < 3; ++d)
        r.in.len[d] = r.out.len[d] = d < rank ? o.len[d] : 1;
    if (r.kind == Kind::R2C && !o.conv)
        r.out.len[0] = o.len[0] / 2 + 1;
    if (o.conv && r.kind == Kind::R2C)
        r.out.layout = CLFFT_REAL; // a real convolution's output is real, its strides count reals
    // A convolution reads IN channels and writes OUT channels per batch entry.
    const size_t inT = checkedProduct(o.batch, o.conv ? o.chIn : 1);
    const size_t outT = checkedProduct(o.batch, o.conv ? o.chOut : 1);
    if (r.kind == Kind::C2R)
        r.in.len[0] = o.len[0] / 2 + 1;
    r.out.swap01 = o.transposed && rank >= 2;
    const size_t padded = 2 * (o.len[0] / 2 + 1);
    const bool inPlace = !o.outPlace;
    // In place, the real side of R2C/C2R has padded rows; r2r rows hold their n reals.
    const bool padRows = inPlace && r.kind != Kind::R2R;
    deriveStrides(r.in, o.is, o.iD, padRows && r.in.real() ? padded : 0);
    const bool outGiven = o.os[0] || o.os[1] || o.os[2] || o.oD;
    if (inPlace && (r.kind == Kind::C2C || r.kind == Kind::R2R || o.conv) && !outGiven) {
        std::copy(r.in.stride, r.in.stride + 3, r.out.stride);
        r.out.dist = r.in.dist;
    } else {
        deriveStrides(r.out, o.os, o.oD, padRows && r.out.real() ? padded : 0);
    }
    fft(clfftSetPlanInStride(plan, static_cast<clfftDim>(rank), r.in.stride), "clfftSetPlanInStride");
    fft(clfftSetPlanOutStride(plan, static_cast<clfftDim>(rank), r.out.stride), "clfftSetPlanOutStride");
    fft(clfftSetPlanDistance(plan, r.in.dist, r.out.dist), "clfftSetPlanDistance");
    if (o.scaleGiven)
        fft(clfftSetPlanScale(plan, scaleDir, static_cast<cl_float>(o.scale)), "clfftSetPlanScale");
    {
        cl_float s = 1.0f;
        fft(clfftGetPlanScale(plan, scaleDir, &s), "clfftGetPlanScale");
        const double n = static_cast<double>(o.len[0] * (rank > 1 ? o.len[1] : 1) * (rank > 2 ? o.len[2] : 1));
        // The default backward scale is 1/N; a library may keep it exactly, so the reference does too.
        r.scale = (!o.scaleGiven && scaleDir == CLFFT_BACKWARD && std::fabs(s * n - 1.0) < 1e-6)
                      ? 1.0 / n
                      : static_cast<double>(s);
    }
    // --convolve/--correlate: the spectra of random filters (real ones for a real plan, so that
    // the hermitian half describes them), kept in full in double for the reference.
    const size_t nFull = o.len[0] * (rank > 1 ? o.len[1] : 1) * (rank > 2 ? o.len[2] : 1);
    std::vector<double> specRe, specIm;
    if (o.conv) {
        const size_t filters = o.chIn * o.chOut;
        std::vector<double> hRe(checkedProduct(filters, nFull)), hIm(hRe.size()), unusedIm;
        Random frng;
        frng.s = 0x9E3779B97F4A7C15ull;
        for (size_t k = 0; k < hRe.size(); ++k) {
            hRe[k] = frng.next();
            hIm[k] = r.kind == Kind::R2C ? 0.0 : frng.next();
        }
        reference(Kind::C2C, rank, o.len, filters, FFTW_FORWARD, 1.0, hRe, hIm, specRe, specIm);
        std::vector<double> devRe = specRe, devIm = specIm;
        if (r.kind == Kind::R2C)
            reference(Kind::R2C, rank, o.len, filters, FFTW_FORWARD, 1.0, hRe, unusedIm, devRe, devIm);
        const size_t elt = o.dbl ? sizeof(double) : sizeof(float);
        std::vector<unsigned char> bytes(checkedProduct(devRe.size(), 2 * elt));
        for (size_t k = 0; k < devRe.size(); ++k) {
            if (o.dbl) {
                const double v[2] = {devRe[k], devIm[k]};
                std::memcpy(&bytes[2 * k * elt], v, sizeof v);
            } else {
                const float v[2] = {static_cast<float>(devRe[k]), static_cast<float>(devIm[k])};
                std::memcpy(&bytes[2 * k * elt], v, sizeof v);
            }
        }
        cl_mem spectrum = res.buffer(bytes.size());
        ocl(clEnqueueWriteBuffer(res.queue, spectrum, CL_TRUE, 0, bytes.size(), bytes.data(), 0, nullptr, nullptr),
            "clEnqueueWriteBuffer");
        setConvolution(plan, o.conv, spectrum, o.chIn, o.chOut);
    }
    if (!o.preFile.empty())
        fft(clfftSetPlanCallback(plan, o.preName.c_str(), o.preText.c_str(), 0, PRECALLBACK, nullptr, 0),
            "clfftSetPlanCallback (pre)");
    if (!o.postFile.empty())
        fft(clfftSetPlanCallback(plan, o.postName.c_str(), o.postText.c_str(), 0, POSTCALLBACK, nullptr, 0),
            "clfftSetPlanCallback (post)");

    if (o.rigor >= 0)
        setRigor(plan, o.rigor);
    if (o.tier >= 0)
        setTier(plan, o.tier);
    if (o.ranges())
        setRanges(plan, o);
    if (o.queues > 1)
        setQueueArrays(plan);
    g_stage = "bake";
    cl_command_queue queue = res.queue;
    const cl_uint nq = static_cast<cl_uint>(res.queues.size());
    std::vector<cl_event> ends(nq, nullptr);
    // One transform on every queue of the array, waited for.
    auto transform = [&](cl_mem* in, cl_mem* out, cl_mem scratch) {
        fft(clfftEnqueueTransform(plan, dir, nq, res.queues.data(), 0, nullptr, nq > 1 ? ends.data() : nullptr, in, out,
                                  scratch),
            "clfftEnqueueTransform");
        if (nq > 1) {
            ocl(clWaitForEvents(nq, ends.data()), "clWaitForEvents");
            for (cl_event& e : ends) {
                clReleaseEvent(e);
                e = nullptr;
            }
        }
        ocl(clFinish(queue), "clFinish");
    };
    const double t0 = nowMs();
    fft(clfftBakePlan(plan, nq, res.queues.data(), nullptr, nullptr), "clfftBakePlan");
    for (cl_command_queue q : res.queues)
        ocl(clFinish(q), "clFinish");
    r.bakeMs = nowMs() - t0;
    r.baked = true;
    if (o.explain)
        printExplanation(plan);
    fft(clfftGetTmpBufSize(plan, &r.tmpBytes), "clfftGetTmpBufSize");

    // Buffers.
    g_stage = "buffers";
    if (inPlace && r.in.buffers() != r.out.buffers())
        throw usageError(std::string("an in-place transform needs layouts with as many buffers on both sides (") +
                         layoutName(o.inLayout) + " -> " + layoutName(o.outLayout) + "); use -o");
    const size_t elt = o.storage ? 2 : o.dbl ? sizeof(double) : sizeof(float);
    auto bytesPerBuffer = [&](const Side& s, size_t transforms) {
        return checkedProduct(s.span(transforms), (s.real() || s.planar()) ? elt : 2 * elt);
    };
    HostSide hin, hout;
    hin.side = &r.in;
    hout.side = &r.out;
    hin.dbl = hout.dbl = o.dbl;
    hin.storage = hout.storage = o.storage;
    const size_t inBytes =
        inPlace ? std::max(bytesPerBuffer(r.in, inT), bytesPerBuffer(r.out, outT)) : bytesPerBuffer(r.in, inT);
    const size_t outBytes = inPlace ? inBytes : bytesPerBuffer(r.out, outT);
    hin.resize(inBytes);

    // Input data: uniform in [-1, 1); hermitian input is the (scaled) transform of real data, so
    // that it has the symmetry a real result needs.
    g_stage = "data";
    const size_t inCount = checkedProduct(inT, r.in.perTransform());
    std::vector<double> inRe(inCount), inIm;
    Random rng;
    const bool roundToFloat = !o.dbl;
    // the value the device holds (16-bit storage: the input rounded to it, so that FFTW transforms
    // exactly what the plan reads)
    auto devValue = [&](double v) {
        HostSide one;
        one.storage = o.storage;
        one.dbl = o.dbl;
        std::vector<unsigned char> b(8);
        one.put(b, 0, v);
        return roundToFloat ? one.get(b, 0) : v;
    };
    if (r.kind == Kind::C2R) {
        std::vector<double> realData(checkedProduct(o.batch, r.out.perTransform())), unusedIm;
        for (double& v : realData)
            v = rng.next();
        reference(Kind::R2C, rank, o.len, o.batch, FFTW_FORWARD,
                  1.0 / std::sqrt(static_cast<double>(r.out.perTransform())), realData, unusedIm, inRe, inIm);
        for (size_t k = 0; k < inCount; ++k) {
            inRe[k] = devValue(inRe[k]);
            inIm[k] = devValue(inIm[k]);
        }
    } else {
        if (!r.in.real())
            inIm.resize(inCount);
        for (size_t k = 0; k < inCount; ++k) {
            inRe[k] = devValue(rng.next());
            if (!r.in.real())
                inIm[k] = devValue(rng.next());
        }
    }
    // Zero-padded input: NaN in the device's buffer where the plan must not read, zero for FFTW.
    const size_t rank3 = static_cast<size_t>(rank);
    const size_t inCounts[3] = {r.kind == Kind::C2R ? o.len[0] / 2 + 1 : o.len[0], rank3 > 1 ? o.len[1] : 1,
                                rank3 > 2 ? o.len[2] : 1};
    // (a convolution's output is the input's domain: real rows of N0 for a real one)
    const size_t outCounts[3] = {r.kind == Kind::R2C && !o.conv ? o.len[0] / 2 + 1 : o.len[0], inCounts[1],
                                 inCounts[2]};
    if (o.ranges()) {
        std::vector<double> devRe = inRe, devIm = inIm;
        for (size_t k = 0; k < inCount; ++k)
            if (inAnyRange(k, inCounts, o.zeroIn)) {
                devRe[k] = std::nan("");
                inRe[k] = 0;
                if (!inIm.empty()) {
                    devIm[k] = std::nan("");
                    inIm[k] = 0;
                }
            }
        hin.store(inT, devRe, devIm);
    } else
        hin.store(inT, inRe, inIm);

    cl_mem inMem[2] = {nullptr, nullptr}, outMem[2] = {nullptr, nullptr};
    for (size_t k = 0; k < r.in.buffers(); ++k) {
        inMem[k] = res.buffer(inBytes);
        ocl(clEnqueueWriteBuffer(queue, inMem[k], CL_TRUE, 0, inBytes, hin.bufs[k].data(), 0, nullptr, nullptr),
            "clEnqueueWriteBuffer");
    }
    if (!inPlace)
        for (size_t k = 0; k < r.out.buffers(); ++k) {
            outMem[k] = res.buffer(outBytes);
            if (o.ranges()) { // a pattern the skipped output elements must keep
                const cl_uchar pattern = 0x7F;
                ocl(clEnqueueFillBuffer(queue, outMem[k], &pattern, 1, 0, outBytes, 0, nullptr, nullptr),
                    "clEnqueueFillBuffer");
            }
        }
    cl_mem tmp = r.tmpBytes ? res.buffer(r.tmpBytes) : nullptr;
    cl_mem* outArg = inPlace ? nullptr : outMem;
    cl_mem* resultMem = inPlace ? inMem : outMem;

    // One transform; with --verify, read back and compare with FFTW.
    g_stage = "enqueue";
    transform(inMem, outArg, tmp);
    const size_t nLogical = o.len[0] * (rank > 1 ? o.len[1] : 1) * (rank > 2 ? o.len[2] : 1);
    if (o.verify) {
        g_stage = "verify";
        hout.resize(outBytes);
        for (size_t k = 0; k < r.out.buffers(); ++k)
            ocl(clEnqueueReadBuffer(queue, resultMem[k], CL_TRUE, 0, outBytes, hout.bufs[k].data(), 0, nullptr,
                                    nullptr),
                "clEnqueueReadBuffer");
        std::vector<double> gotRe, gotIm, refRe, refIm;
        hout.load(outT, gotRe, gotIm);
        hout.bufs.clear();
        if (o.conv) {
            // FFTW's spectra of the inputs, the channel sums, FFTW's inverse, all in double.
            std::vector<double> xRe, xIm, yRe(checkedProduct(outT, nFull)), yIm(yRe.size());
            std::vector<double> zeroIm(inIm.empty() ? inRe.size() : 0);
            reference(Kind::C2C, rank, o.len, inT, FFTW_FORWARD, 1.0, inRe, inIm.empty() ? zeroIm : inIm, xRe, xIm);
            const double sign = o.conv == 2 ? -1.0 : 1.0;
            for (size_t b = 0; b < o.batch; ++b)
                for (size_t k = 0; k < o.chOut; ++k)
                    for (size_t j = 0; j < o.chIn; ++j)
                        for (size_t p = 0; p < nFull; ++p) {
                            const size_t x = (b * o.chIn + j) * nFull + p, h = (k * o.chIn + j) * nFull + p;
                            const size_t y = (b * o.chOut + k) * nFull + p;
                            const double hr = specRe[h], hi = sign * specIm[h];
                            yRe[y] += hr * xRe[x] - hi * xIm[x];
                            yIm[y] += hr * xIm[x] + hi * xRe[x];
                        }
            reference(Kind::C2C, rank, o.len, outT, FFTW_BACKWARD, r.scale, yRe, yIm, refRe, refIm);
            if (r.kind == Kind::R2C)
                refIm.clear();
        } else if (r.kind == Kind::R2R)
            referenceR2R(rank, o.len, o.batch, o.r2r, r.scale, inRe, refRe);
        else
            reference(r.kind, rank, o.len, o.batch, r.forward ? FFTW_FORWARD : FFTW_BACKWARD, r.scale, inRe, inIm,
                      refRe, refIm);
        double diff2 = 0, ref2 = 0;
        // the value the 0x7F pattern reads as (16-bit storage: a NaN)
        HostSide pattern;
        pattern.storage = o.storage;
        pattern.dbl = o.dbl;
        const double kept = pattern.get(std::vector<unsigned char>(8, 0x7F), 0);
        size_t overwritten = 0;
        for (size_t k = 0; k < refRe.size(); ++k) {
            if (o.ranges() && inAnyRange(k, outCounts, o.skipOut)) {
                auto same = [&](double g) { return std::isnan(kept) ? std::isnan(g) : g == kept; };
                if (!inPlace && (!same(gotRe[k]) || (!gotIm.empty() && !same(gotIm[k]))))
                    ++overwritten;
                continue;
            }
            const double dr = gotRe[k] - refRe[k];
            diff2 += dr * dr;
            ref2 += refRe[k] * refRe[k];
            if (!refIm.empty()) {
                const double di = gotIm[k] - refIm[k];
                diff2 += di * di;
                ref2 += refIm[k] * refIm[k];
            }
        }
        r.relErr = ref2 > 0 ? std::sqrt(diff2 / ref2) : std::sqrt(diff2);
        r.bound = (o.dbl ? 1e-13 : 2e-6) * std::max(1.0, std::log2(static_cast<double>(nLogical)) / 12.0);
        if (o.storage) { // docs/precision.md: twice the error of the exact result rounded once to the storage
            double round2 = 0;
            for (size_t k = 0; k < refRe.size(); ++k) {
                const double dr = devValue(refRe[k]) - refRe[k];
                round2 += dr * dr;
                if (!refIm.empty()) {
                    const double di = devValue(refIm[k]) - refIm[k];
                    round2 += di * di;
                }
            }
            r.bound = std::max(2 * std::sqrt(round2 / std::max(ref2, 1e-300)), r.bound);
        }
        r.verified = true;
        r.verifyPass = r.relErr <= r.bound;  // false for NaN
        if (overwritten) {
            std::fprintf(stderr, "verify: %zu skipped output element(s) written\n", overwritten);
            r.verifyPass = false;
        }
    }

    // Work and data volume of one batch.
    const double logN = std::log2(static_cast<double>(nLogical));
    const double perFlops = (r.kind == Kind::C2C ? 5.0 : 2.5) * static_cast<double>(nLogical) * logN;
    r.flops = perFlops * static_cast<double>(o.batch);
    auto sideBytes = [&](const Side& s) {
        return static_cast<double>(s.perTransform()) * static_cast<double>(s.real() ? elt : 2 * elt);
    };
    r.bytes = (sideBytes(r.in) + sideBytes(r.out)) * static_cast<double>(o.batch);

    if (o.profile > 0) {
        g_stage = "profile";
        std::vector<double> times;
        for (int i = 0; i < o.warmup + o.profile; ++i) {
            const double s = nowMs();
            transform(inMem, outArg, tmp);
            if (i >= o.warmup)
                times.push_back(nowMs() - s);
        }
        std::sort(times.begin(), times.end());
        const size_t m = times.size();
        r.medianMs = (m % 2) ? times[m / 2] : 0.5 * (times[m / 2 - 1] + times[m / 2]);
        r.minMs = times.front();
        r.maxMs = times.back();
        r.runs = o.profile;
        r.gflops = r.medianMs > 0 ? r.flops / (r.medianMs * 1e6) : 0;
        r.gbps = r.medianMs > 0 ? r.bytes / (r.medianMs * 1e6) : 0;
        r.profiled = true;
    }
    g_stage = "done";
}

const char* kindName(Kind k)
{
    switch (k) {
    case Kind::C2C: return "c2c";
    case Kind::R2C: return "r2c";
    case Kind::C2R: return "c2r";
    case Kind::R2R: return "r2r";
    default: return "invalid";
    }
}

std::string lengthsText(const Options& o)
{
    std::string s = std::to_string(o.len[0]);
    for (int d = 1; d < o.dim; ++d)
        s += "x" + std::to_string(o.len[d]);
    return s;
}

std::string stridesText(const Side& s)
{
    std::string t;
    for (int d = 0; d < s.rank; ++d)
        t += (d ? "," : "") + std::to_string(s.stride[d]);
    return t;
}

// "redft10,rodft01" (the --r2r value); empty for a DFT.
std::string r2rText(const Options& o)
{
    std::string t;
    for (size_t d = 0; d < o.r2r.size(); ++d)
        t += std::string(d ? "," : "") + r2rName(o.r2r[d]);
    return t;
}

void printPlan(const Options& o, const Run& r)
{
    const std::string kinds = o.r2r.empty() ? "" : " (" + r2rText(o) + ")";
    std::printf("plan:      %dD %s%s %s, lengths %s, batch %zu, %s, %s, %s -> %s%s\n", o.dim, kindName(r.kind),
                kinds.c_str(), precisionName(o), lengthsText(o).c_str(), o.batch,
                o.outPlace ? "out-of-place" : "in place", r.forward ? "forward" : "backward", layoutName(o.inLayout), layoutName(o.outLayout),
                o.transposed ? ", transposed" : "");
}

JsonObject toJson(const Options& o, const Run& r, int exitCode, const ClientError* error)
{
    JsonObject j;
    j.str("client", "clfft-client " CLFFT_CLIENT_VERSION);
    j.str("library", r.library);
    j.str("library_version", r.libVersion);
    j.integer("platform_index", r.platformIndex);
    j.str("platform", r.platformName);
    j.str("platform_version", r.platformVersion);
    j.integer("device_index", r.deviceIndex);
    j.str("device", r.deviceName);
    j.str("device_version", r.deviceVersion);
    j.str("driver", r.driver);
    j.integer("dim", static_cast<unsigned>(o.dim));
    j.raw("lengths", jsonSizes(o.len, o.dim));
    j.integer("batch", o.batch);
    j.str("kind", kindName(r.kind));
    if (o.r2r.empty()) {
        j.raw("r2r_kinds", "null");
    } else {
        std::string list = "[";
        for (size_t d = 0; d < o.r2r.size(); ++d)
            list += (d ? ", " : "") + jsonString(r2rName(o.r2r[d]));
        j.raw("r2r_kinds", list + "]");
    }
    j.str("precision", precisionName(o));
    j.str("direction", r.forward ? "forward" : "backward");
    j.str("placement", o.outPlace ? "out-of-place" : "in-place");
    j.str("in_layout", layoutName(o.inLayout));
    j.str("out_layout", layoutName(o.outLayout));
    j.boolean("transposed", o.transposed);
    j.raw("in_strides", jsonSizes(r.in.stride, r.in.rank));
    j.raw("out_strides", jsonSizes(r.out.stride, r.out.rank));
    j.integer("in_distance", r.in.dist);
    j.integer("out_distance", r.out.dist);
    j.num("scale", r.scale);
    j.boolean("pre_callback", !o.preFile.empty());
    j.boolean("post_callback", !o.postFile.empty());
    j.raw("bake_ms", r.baked ? jsonNumber(r.bakeMs) : "null");
    j.integer("tmp_buffer_bytes", r.tmpBytes);
    j.num("flops", r.flops);
    j.num("bytes", r.bytes);
    if (r.verified) {
        JsonObject v;
        v.num("rel_l2_error", r.relErr);
        v.num("bound", r.bound);
        v.boolean("pass", r.verifyPass);
        j.raw("verify", v.text());
    } else {
        j.raw("verify", "null");
    }
    if (r.profiled) {
        JsonObject p;
        p.integer("runs", static_cast<unsigned>(r.runs));
        p.integer("warmup", static_cast<unsigned>(o.warmup));
        p.num("median_ms", r.medianMs);
        p.num("per_transform_us", r.medianMs * 1e3 / static_cast<double>(o.batch));
        p.num("min_ms", r.minMs);
        p.num("max_ms", r.maxMs);
        p.num("gflops", r.gflops);
        p.num("gbps", r.gbps);
        j.raw("profile", p.text());
    } else {
        j.raw("profile", "null");
    }
    j.boolean("ok", exitCode == kExitOk);
    j.integer("exit_code", static_cast<unsigned>(exitCode));
    if (error) {
        j.str("stage", error->stage.empty() ? g_stage : error->stage);
        j.str("error", error->what());
        if (error->hasStatus)
            j.str("status", std::string(error->exitCode == kExitSystem ? "CL_" : "CLFFT_") + statusName(error->status));
        else
            j.raw("status", "null");
    } else {
        j.str("status", "CLFFT_SUCCESS");
    }
    return j;
}

}  // namespace

int main(int argc, char** argv)
{
    Options o;
    try {
        parseArgs(argc, argv, o);
    } catch (const ClientError& e) {
        std::fprintf(stderr, "clfft-client: error: %s\n", e.what());
        return e.exitCode;
    }
    if (o.help) {
        Options scratch;
        printHelp(makeFlags(scratch));
        return kExitOk;
    }
    Run r;
    r.library = loadedLibrary();
    r.libVersion = libraryVersion();
    if (o.version) {
        std::printf("clfft-client %s\nlibrary: %s (clFFT interface %s)\n", CLFFT_CLIENT_VERSION, r.library.c_str(),
                    r.libVersion.c_str());
        return kExitOk;
    }
    if (o.list) {
        try {
            listDevices();
        } catch (const ClientError& e) {
            std::fprintf(stderr, "clfft-client: error: %s\n", e.what());
            return e.exitCode;
        }
        return kExitOk;
    }
    if (!o.json) {
        std::printf("library:   %s (clFFT %s)\n", r.library.c_str(), r.libVersion.c_str());
    }
    int exitCode = kExitOk;
    try {
        execute(o, r);
        if (r.verified && !r.verifyPass)
            exitCode = kExitVerify;
    } catch (const ClientError& e) {
        exitCode = e.exitCode;
        std::fprintf(stderr, "clfft-client: error: %s%s\n", e.what(),
                     e.stage.empty() ? "" : (" [at " + e.stage + "]").c_str());
        if (e.hasStatus && e.status == CLFFT_NOTIMPLEMENTED)
            std::fprintf(stderr, "clfft-client: this library does not implement that plan yet\n");
        if (o.json)
            std::printf("%s\n", toJson(o, r, exitCode, &e).text().c_str());
        return exitCode;
    } catch (const std::exception& e) {
        ClientError ce(kExitSystem, e.what());
        std::fprintf(stderr, "clfft-client: error: %s\n", e.what());
        if (o.json)
            std::printf("%s\n", toJson(o, r, kExitSystem, &ce).text().c_str());
        return kExitSystem;
    }
    if (o.json) {
        std::printf("%s\n", toJson(o, r, exitCode, nullptr).text().c_str());
        return exitCode;
    }
    printPlan(o, r);
    std::printf("layout:    in strides %s distance %zu; out strides %s distance %zu; scale %g\n",
                stridesText(r.in).c_str(), r.in.dist, stridesText(r.out).c_str(), r.out.dist, r.scale);
    std::printf("bake:      %.1f ms%s\n", r.bakeMs,
                r.tmpBytes ? (" (temporary buffer " + std::to_string(r.tmpBytes) + " bytes)").c_str() : "");
    if (r.verified)
        std::printf("verify:    relative L2 error vs FFTW %.3e (bound %.1e): %s\n", r.relErr, r.bound,
                    r.verifyPass ? "PASS" : "FAIL");
    if (r.profiled)
        std::printf("time:      %.4f ms per batch of %zu, %.3f us per transform (median of %d after %d warm-up; "
                    "min %.4f, max %.4f ms)\n"
                    "speed:     %.2f GFLOP/s, %.2f GB/s\n",
                    r.medianMs, o.batch, r.medianMs * 1e3 / static_cast<double>(o.batch), r.runs, o.warmup, r.minMs,
                    r.maxMs, r.gflops, r.gbps);
    if (!r.verified && !r.profiled)
        std::printf("ran:       1 transform (add --verify to check it, --profile N to time it)\n");
    return exitCode;
}
