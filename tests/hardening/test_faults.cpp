// Faults survived (issue 17, item 4). With cl_count_shim preloaded (CTest does that), the k-th
// OpenCL call *made by libclFFT* of one kind fails with an error real drivers return
// (cl_fault.h): clCreateBuffer, clCreateProgramWithSource/WithBinary, clBuildProgram,
// clCreateKernel, clSetKernelArg, clEnqueueNDRangeKernel, clEnqueueCopyBuffer (the library makes
// no clEnqueueWriteBuffer/ReadBuffer/FillBuffer calls: counted, and checked to stay at zero).
// For a set of plans spanning the kernel kinds, every fault kind and every k from 1 to the
// number of such calls the plan's bake + enqueue makes (counted first with no fault armed;
// sampled when there are many):
//  - the API call returns the expected status (the injected error, or CLFFT_SUCCESS where the
//    library has a way around the failure: a cached binary the runtime refuses is rebuilt from
//    source), never a crash, an abort, an exception or CLFFT_BUGCHECK, and never an event;
//  - after the fault is disarmed the same plan handle bakes and computes, matching FFTW;
//  - after destroying the plan the references libclFFT holds (buffers, kernels, contexts,
//    programs where the program cache is not involved, events) are back to where they were,
//    and after clfftTeardown every count is zero (events: exactly those handed to the client).
// The disk cache (CLFFT_CACHE_PATH, a fresh directory for each run) is off while program
// creation from source is swept, and on, filled, while loading binaries is swept; every sweep
// of a program-creating call starts from clfftTeardown, so that the in-process cache is empty.
// FAULTS_QUICK=1 (the ASan build in .ci/run) samples fewer k and fewer plans.
#define BOOST_TEST_MODULE clfft_hardening_faults
#include <boost/test/unit_test.hpp>

#include "cl_fault.h"
#include "fftw_reference.h"
#include "hardening_common.h"

#include <clFFT-ng.h>
#include <clFFT.h>
#include <dlfcn.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <ftw.h>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace ref = clfft_test::fftw_ref;

// ---- The shim -------------------------------------------------------------------------------

using LeakCounter = long (*)(int type, int kind);
enum { kContext, kQueue, kMem, kProgram, kKernel, kEvent, kTypes };
const char* const kTypeNames[] = {"context", "queue", "mem", "program", "kernel", "event"};

struct Shim {
    LeakCounter count = nullptr;
    clfault_calls_fn calls = nullptr;
    clfault_arm_fn arm = nullptr;
    clfault_disarm_fn disarm = nullptr;
    clfault_fired_fn fired = nullptr;
    clfault_reset_fn reset = nullptr;
    Shim()
    {
        count = reinterpret_cast<LeakCounter>(dlsym(RTLD_DEFAULT, "clcount_get"));
        calls = reinterpret_cast<clfault_calls_fn>(dlsym(RTLD_DEFAULT, "clfault_calls"));
        arm = reinterpret_cast<clfault_arm_fn>(dlsym(RTLD_DEFAULT, "clfault_arm"));
        disarm = reinterpret_cast<clfault_disarm_fn>(dlsym(RTLD_DEFAULT, "clfault_disarm"));
        fired = reinterpret_cast<clfault_fired_fn>(dlsym(RTLD_DEFAULT, "clfault_fired"));
        reset = reinterpret_cast<clfault_reset_fn>(dlsym(RTLD_DEFAULT, "clfault_reset"));
    }
    bool loaded() const { return count && calls && arm && disarm && fired && reset; }
    long held(int type) const { return count(type, 0) + count(type, 1) - count(type, 2); }
    std::array<long, kTypes> heldAll() const
    {
        std::array<long, kTypes> h{};
        for (int t = 0; t < kTypes; ++t)
            h[t] = held(t);
        return h;
    }
};

Shim& shim()
{
    static Shim s;
    return s;
}

const char* kindName(int kind)
{
    switch (kind) {
    case CLFAULT_CREATE_BUFFER: return "clCreateBuffer";
    case CLFAULT_CREATE_PROGRAM_WITH_SOURCE: return "clCreateProgramWithSource";
    case CLFAULT_CREATE_PROGRAM_WITH_BINARY: return "clCreateProgramWithBinary";
    case CLFAULT_BUILD_PROGRAM: return "clBuildProgram";
    case CLFAULT_CREATE_KERNEL: return "clCreateKernel";
    case CLFAULT_SET_KERNEL_ARG: return "clSetKernelArg";
    case CLFAULT_ENQUEUE_NDRANGE_KERNEL: return "clEnqueueNDRangeKernel";
    case CLFAULT_ENQUEUE_WRITE_BUFFER: return "clEnqueueWriteBuffer";
    case CLFAULT_ENQUEUE_READ_BUFFER: return "clEnqueueReadBuffer";
    case CLFAULT_ENQUEUE_COPY_BUFFER: return "clEnqueueCopyBuffer";
    case CLFAULT_ENQUEUE_FILL_BUFFER: return "clEnqueueFillBuffer";
    }
    return "?";
}

const char* errorName(int e)
{
    switch (e) {
    case CL_SUCCESS: return "CL_SUCCESS";
    case CL_MEM_OBJECT_ALLOCATION_FAILURE: return "CL_MEM_OBJECT_ALLOCATION_FAILURE";
    case CL_OUT_OF_RESOURCES: return "CL_OUT_OF_RESOURCES";
    case CL_OUT_OF_HOST_MEMORY: return "CL_OUT_OF_HOST_MEMORY";
    case CL_BUILD_PROGRAM_FAILURE: return "CL_BUILD_PROGRAM_FAILURE";
    case CL_INVALID_BINARY: return "CL_INVALID_BINARY";
    }
    return "?";
}

std::string statusText(int s)
{
    const std::string name = hardening::statusName(s);
    return name[0] == '(' ? "status " + std::to_string(s) : name;
}

// Every value of clfftStatus but CLFFT_BUGCHECK: what "a clean status" means here.
bool knownStatus(int s)
{
    return (s < 0 && s >= -80) || (s > CLFFT_BUGCHECK && s < CLFFT_ENDSTATUS);
}

// How a sweep treats the caches: Warm keeps the programs built in process (calls that do not
// create programs); Source and Binary start every trial from clfftTeardown, with the disk cache
// off (programs compiled from source) or on and filled (programs loaded from binaries).
enum class Mode { Warm, Source, Binary };

struct FaultKind {
    int kind;
    Mode mode;
    std::vector<int> errors;
    bool recovers; // the library works around the failure: the call succeeds
};

const std::vector<FaultKind>& faultKinds()
{
    static const std::vector<FaultKind> kinds = {
        {CLFAULT_CREATE_BUFFER, Mode::Warm,
         {CL_MEM_OBJECT_ALLOCATION_FAILURE, CL_OUT_OF_RESOURCES, CL_OUT_OF_HOST_MEMORY}, false},
        {CLFAULT_CREATE_PROGRAM_WITH_SOURCE, Mode::Source, {CL_OUT_OF_HOST_MEMORY, CL_OUT_OF_RESOURCES}, false},
        {CLFAULT_BUILD_PROGRAM, Mode::Source, {CL_BUILD_PROGRAM_FAILURE, CL_OUT_OF_HOST_MEMORY}, false},
        // A binary the runtime refuses is compiled from source (docs/cache.md).
        {CLFAULT_CREATE_PROGRAM_WITH_BINARY, Mode::Binary, {CL_INVALID_BINARY, CL_OUT_OF_HOST_MEMORY}, true},
        {CLFAULT_BUILD_PROGRAM, Mode::Binary, {CL_BUILD_PROGRAM_FAILURE, CL_OUT_OF_HOST_MEMORY}, true},
        {CLFAULT_CREATE_KERNEL, Mode::Warm, {CL_OUT_OF_HOST_MEMORY, CL_OUT_OF_RESOURCES}, false},
        {CLFAULT_SET_KERNEL_ARG, Mode::Warm, {CL_OUT_OF_RESOURCES}, false},
        {CLFAULT_ENQUEUE_NDRANGE_KERNEL, Mode::Warm, {CL_OUT_OF_RESOURCES, CL_MEM_OBJECT_ALLOCATION_FAILURE}, false},
        {CLFAULT_ENQUEUE_COPY_BUFFER, Mode::Warm, {CL_OUT_OF_RESOURCES}, false},
        {CLFAULT_ENQUEUE_WRITE_BUFFER, Mode::Warm, {CL_OUT_OF_RESOURCES}, false},
        {CLFAULT_ENQUEUE_READ_BUFFER, Mode::Warm, {CL_OUT_OF_RESOURCES}, false},
        {CLFAULT_ENQUEUE_FILL_BUFFER, Mode::Warm, {CL_OUT_OF_RESOURCES}, false},
    };
    return kinds;
}

const char* modeName(Mode m) { return m == Mode::Warm ? "warm" : m == Mode::Source ? "source" : "binary"; }

bool quick()
{
    const char* q = std::getenv("FAULTS_QUICK");
    return q && *q && std::string(q) != "0";
}

// The k swept out of n calls: all of them up to a point, else the first ones, the last ones
// and evenly spaced ones between.
std::vector<long> sample(long n)
{
    std::set<long> ks;
    const long all = quick() ? 3 : 10, spread = quick() ? 1 : 6;
    if (n <= all) {
        for (long k = 1; k <= n; ++k)
            ks.insert(k);
    } else {
        for (long k = 1; k <= (quick() ? 1 : 3); ++k)
            ks.insert(k);
        for (long i = 1; i <= spread; ++i)
            ks.insert(1 + (n - 1) * i / (spread + 1));
        ks.insert(n - 1);
        ks.insert(n);
    }
    return {ks.begin(), ks.end()};
}

// ---- OpenCL environment and cache directory -------------------------------------------------

// Set first: the library reads the cache settings at its first bake.
struct FaultsCacheDir {
    std::string cacheDir;
    FaultsCacheDir()
    {
        char dir[] = "/tmp/clfft-faults-XXXXXX";
        if (!::mkdtemp(dir))
            throw std::runtime_error("mkdtemp failed");
        cacheDir = dir;
        ::setenv("CLFFT_CACHE_PATH", (cacheDir + "/cache").c_str(), 1);
        ::setenv("CLFFT_SYSTEM_CACHE_PATH", "off", 1);
        ::setenv("CLFFT_QUIET", "1", 1); // injected build failures would print empty compiler logs
    }
    ~FaultsCacheDir()
    {
        ::nftw(cacheDir.c_str(), [](const char* p, const struct stat*, int, struct FTW*) { return ::remove(p); }, 16,
               FTW_DEPTH | FTW_PHYS);
    }
};

// Bases in this order: the cache directory outlives the OpenCL objects and the library.
struct Env : FaultsCacheDir, hardening::ContextAndQueue {
    ~Env() { clfftTeardown(); }
};

Env& env()
{
    static Env e;
    return e;
}

void setMode(Mode m)
{
    if (m == Mode::Source)
        ::setenv("CLFFT_CACHE_DISABLE", "1", 1);
    else
        ::unsetenv("CLFFT_CACHE_DISABLE");
    // The environment is read again at the first bake after a teardown.
    clfftTeardown();
}

// ---- Plans ------------------------------------------------------------------------------

struct Case {
    std::string name;
    std::vector<std::size_t> lengths;
    clfftPrecision precision = CLFFT_SINGLE;
    clfftLayout in = CLFFT_COMPLEX_INTERLEAVED, out = CLFFT_COMPLEX_INTERLEAVED;
    clfftResultLocation placement = CLFFT_INPLACE;
    std::size_t batch = 1;
    bool explicitBake = true; // else the enqueue bakes
    bool callback = false;    // a pre-callback that multiplies the input by userdata[0] (= 2)
    bool aliased = false;     // out of place, the input buffers given as the output too
    // Calls whose failure the enqueue may work around: an out-of-place complex plan given one
    // buffer for both sides bakes an in-place twin at that enqueue; when the twin cannot be
    // baked, the input is copied and the out-of-place passes run (executor.cpp, inPlaceTwin).
    std::set<int> workedAround;
    bool quick = false;       // in the FAULTS_QUICK sweep
};

std::vector<Case> cases()
{
    std::vector<Case> v;
    auto add = [&](Case c) { v.push_back(std::move(c)); };
    { Case c; c.name = "c2c 1D 64 single in place"; c.lengths = {64}; c.quick = true; add(c); }
    { Case c; c.name = "c2c 1D 210 single out of place, batch 3, enqueue bakes"; c.lengths = {210};
      c.placement = CLFFT_OUTOFPLACE; c.batch = 3; c.explicitBake = false; add(c); }
    { Case c; c.name = "c2c 1D 97 (Rader) single planar out of place"; c.lengths = {97}; c.placement = CLFFT_OUTOFPLACE;
      c.in = c.out = CLFFT_COMPLEX_PLANAR; add(c); }
    { Case c; c.name = "c2c 1D 47 (Bluestein) single in place"; c.lengths = {47}; c.quick = true; add(c); }
    { Case c; c.name = "c2c 1D 2^16 (multi-pass) single out of place"; c.lengths = {65536};
      c.placement = CLFFT_OUTOFPLACE; add(c); }
    { Case c; c.name = "c2c 1D 10007 (multi-kernel Bluestein) single in place"; c.lengths = {10007}; add(c); }
    { Case c; c.name = "c2c 3D 8x8x8 single out of place, enqueue bakes"; c.lengths = {8, 8, 8};
      c.placement = CLFFT_OUTOFPLACE; c.explicitBake = false; add(c); }
    { Case c; c.name = "c2c 1D 64 single out of place, one buffer for both sides (in-place twin)"; c.lengths = {64};
      c.placement = CLFFT_OUTOFPLACE; c.aliased = true;
      c.workedAround = {CLFAULT_CREATE_BUFFER, CLFAULT_CREATE_PROGRAM_WITH_SOURCE, CLFAULT_BUILD_PROGRAM,
                        CLFAULT_CREATE_KERNEL};
      add(c); }
    { Case c; c.name = "r2c 1D 4099 (long real row) single out of place"; c.lengths = {4099};
      c.in = CLFFT_REAL; c.out = CLFFT_HERMITIAN_INTERLEAVED; c.placement = CLFFT_OUTOFPLACE; add(c); }
    { Case c; c.name = "r2c 1D 128 single out of place, one buffer for both sides (input copied)"; c.lengths = {128};
      c.in = CLFFT_REAL; c.out = CLFFT_HERMITIAN_INTERLEAVED; c.placement = CLFFT_OUTOFPLACE; c.aliased = true;
      c.quick = true; add(c); }
    { Case c; c.name = "c2r 2D 16x8 single out of place (temporary buffer), enqueue bakes"; c.lengths = {16, 8};
      c.in = CLFFT_HERMITIAN_INTERLEAVED; c.out = CLFFT_REAL; c.placement = CLFFT_OUTOFPLACE; c.explicitBake = false;
      add(c); }
    { Case c; c.name = "c2c 2D 32x16 double in place"; c.lengths = {32, 16}; c.precision = CLFFT_DOUBLE; add(c); }
    { Case c; c.name = "c2c 1D 32 single with a pre-callback and userdata, out of place"; c.lengths = {32};
      c.placement = CLFFT_OUTOFPLACE; c.callback = true; c.quick = true; add(c); }
    return v;
}

// Host data of one case, its expected result and the buffers of one run.
template <class T>
struct Data {
    ref::HostSide<T> input;
    ref::SideDesc outDesc;
    ref::HostSide<double> expected;
};

std::vector<std::size_t> hermitianCounts(std::vector<std::size_t> n)
{
    n[0] = n[0] / 2 + 1;
    return n;
}

template <class T>
Data<T> prepare(const Case& c)
{
    Data<T> d;
    const bool r2c = c.in == CLFFT_REAL, c2r = c.out == CLFFT_REAL;
    const auto inCounts = c2r ? hermitianCounts(c.lengths) : c.lengths;
    const auto outCounts = r2c ? hermitianCounts(c.lengths) : c.lengths;
    d.outDesc = ref::SideDesc::packed(c.out, outCounts, c.batch);
    const std::uint64_t seed = ref::seedFrom(c.name);
    if (c2r) {
        // A hermitian input: the forward transform of real data.
        ref::HostSide<double> real(ref::SideDesc::packed(CLFFT_REAL, c.lengths, c.batch));
        ref::fillRandom(real, seed);
        const ref::HostSide<double> herm =
            ref::reference_r2c<double>(c.lengths, 1.0, real, ref::SideDesc::packed(c.in, inCounts, c.batch));
        d.input = herm.template convert<T>();
        d.expected = ref::reference_c2r<double>(c.lengths, 1.0 / double(real.desc.elementsPerBatch()), d.input,
                                                d.outDesc);
    } else {
        d.input = ref::HostSide<T>(ref::SideDesc::packed(c.in, inCounts, c.batch));
        ref::fillRandom(d.input, seed);
        if (r2c)
            d.expected = ref::reference_r2c<double>(c.lengths, 1.0, d.input, d.outDesc);
        else
            d.expected = ref::reference_c2c<double>(c.lengths, CLFFT_FORWARD, 1.0, d.input, d.outDesc);
    }
    return d;
}

std::size_t elementBytes(clfftLayout l, clfftPrecision p)
{
    const std::size_t real = p == CLFFT_DOUBLE ? sizeof(double) : sizeof(float);
    return l == CLFFT_COMPLEX_INTERLEAVED || l == CLFFT_HERMITIAN_INTERLEAVED ? 2 * real : real;
}

struct Context {
    cl_mem userdata = nullptr; // the callback's: one float, 2
    long handedEvents = 0;     // events libclFFT returned through outEvents (released here)
};

Context& ctx()
{
    static Context c;
    if (!c.userdata) {
        const float two[1] = {2.0f};
        c.userdata = env().buffer(sizeof two, two);
    }
    return c;
}

clfftPlanHandle makePlan(const Case& c)
{
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env().context, static_cast<clfftDim>(c.lengths.size()),
                                               c.lengths.data()),
                        CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetPlanPrecision(h, c.precision), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetLayout(h, c.in, c.out), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetResultLocation(h, c.placement), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetPlanBatchSize(h, c.batch), CLFFT_SUCCESS);
    if (c.callback) {
        const char* text = "float2 mulIn(__global void* in, uint off, __global void* ud)\n"
                           "{ return ((__global float2*)in)[off] * ((__global float*)ud)[0]; }\n";
        cl_mem ud = ctx().userdata;
        BOOST_REQUIRE_EQUAL(clfftSetPlanCallback(h, "mulIn", text, 0, PRECALLBACK, &ud, 1), CLFFT_SUCCESS);
    }
    return h;
}

// One bake (when the case bakes explicitly) and one forward enqueue of plan `h` on fresh
// buffers. Returns the first status that is not CLFFT_SUCCESS, or CLFFT_SUCCESS with *error set
// to the relative L2 error against FFTW.
template <class T>
clfftStatus run(const Case& c, const Data<T>& d, clfftPlanHandle h, double* error)
{
    cl_command_queue q = env().queue;
    if (c.explicitBake) {
        const clfftStatus st = clfftBakePlan(h, 1, &q, nullptr, nullptr);
        if (st != CLFFT_SUCCESS)
            return st;
    }
    const bool inPlace = c.placement == CLFFT_INPLACE;
    const std::size_t inBytes = d.input.desc.extent() * elementBytes(c.in, c.precision);
    const std::size_t outBytes = d.outDesc.extent() * elementBytes(c.out, c.precision);
    const std::size_t nin = ref::isPlanar(c.in) ? 2 : 1, nout = ref::isPlanar(c.out) ? 2 : 1;
    std::vector<T> padded[2];
    cl_mem in[2] = {nullptr, nullptr}, out[2] = {nullptr, nullptr};
    for (std::size_t i = 0; i < nin; ++i) {
        padded[i] = d.input.array(i);
        if (c.aliased) // one buffer for both sides
            padded[i].resize(std::max(inBytes, outBytes) / sizeof(T), T(0));
        in[i] = env().buffer(padded[i].size() * sizeof(T), padded[i].data());
    }
    if (!inPlace && !c.aliased)
        for (std::size_t i = 0; i < nout; ++i)
            out[i] = env().buffer(outBytes, nullptr);
    cl_mem* outputs = inPlace ? nullptr : c.aliased ? in : out;
    cl_event ev = nullptr;
    const clfftStatus st = clfftEnqueueTransform(h, CLFFT_FORWARD, 1, &q, 0, nullptr, &ev, in, outputs, nullptr);
    if (st != CLFFT_SUCCESS) {
        BOOST_CHECK_MESSAGE(ev == nullptr, "a failed enqueue returned an event");
    } else {
        BOOST_REQUIRE(ev != nullptr);
    }
    if (ev) {
        ++ctx().handedEvents;
        clWaitForEvents(1, &ev);
        clReleaseEvent(ev);
    }
    clFinish(q);
    if (st == CLFFT_SUCCESS) {
        ref::HostSide<T> got(d.outDesc);
        cl_mem* result = inPlace || c.aliased ? in : out;
        for (std::size_t i = 0; i < nout; ++i) {
            // In place (or aliased) the result lies in the input buffer, which may be longer.
            const std::size_t bytes = inPlace || c.aliased ? padded[i].size() * sizeof(T) : outBytes;
            std::vector<T> values(bytes / sizeof(T));
            BOOST_REQUIRE_EQUAL(clEnqueueReadBuffer(q, result[i], CL_TRUE, 0, bytes, values.data(), 0, nullptr, nullptr),
                                CL_SUCCESS);
            values.resize(got.array(i).size());
            got.array(i) = values;
        }
        *error = double(ref::compare(got, d.expected, c.callback ? 2.0L : 1.0L).relL2);
    }
    for (cl_mem m : {in[0], in[1], out[0], out[1]})
        if (m)
            clReleaseMemObject(m);
    return st;
}

double tolerance(const Case& c) { return c.precision == CLFFT_DOUBLE ? 1e-12 : 2e-5; }

cl_uint refCount(cl_mem m)
{
    cl_uint n = 0;
    clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof n, &n, nullptr);
    return n;
}

// What the sweep saw, for the summary (docs/hardening.md).
struct Tally {
    long injected = 0, trials = 0, recovered = 0, leaks = 0, maxCalls = 0, workedAround = 0;
    std::map<std::string, long> statuses;
};
std::map<std::string, Tally>& tallies()
{
    static std::map<std::string, Tally> t;
    return t;
}

std::string tallyKey(const FaultKind& f)
{
    std::string key = kindName(f.kind);
    if (f.kind == CLFAULT_BUILD_PROGRAM)
        key += f.mode == Mode::Binary ? " (cached binary)" : " (source)";
    return key;
}

void checkTeardownLeavesNothing(const char* when)
{
    BOOST_REQUIRE_EQUAL(clfftTeardown(), CLFFT_SUCCESS);
    const Shim& s = shim();
    for (int t = 0; t < kTypes; ++t) {
        const long expected = t == kEvent ? ctx().handedEvents : 0;
        BOOST_CHECK_MESSAGE(s.held(t) == expected, when << ": after clfftTeardown libclFFT holds " << s.held(t) << " "
                                                        << kTypeNames[t] << " references (expected " << expected
                                                        << ")");
    }
}

template <class T>
void sweep(const Case& c)
{
    const Data<T> d = prepare<T>(c);
    Shim& s = shim();
    const cl_uint userdata0 = refCount(ctx().userdata);
    for (const FaultKind& f : faultKinds()) {
        BOOST_TEST_CONTEXT(c.name << ", " << kindName(f.kind) << " (" << modeName(f.mode) << ")")
        {
            const auto t0 = std::chrono::steady_clock::now();
            setMode(f.mode);
            // Count the calls of a clean bake + enqueue in the state every trial starts from.
            auto clean = [&](const char* what) {
                if (f.mode != Mode::Warm)
                    BOOST_REQUIRE_EQUAL(clfftTeardown(), CLFFT_SUCCESS);
                clfftPlanHandle h = makePlan(c);
                double err = 1;
                const clfftStatus st = run<T>(c, d, h, &err);
                BOOST_REQUIRE_MESSAGE(st == CLFFT_SUCCESS, what << ": " << statusText(st));
                BOOST_CHECK_MESSAGE(err < tolerance(c), what << ": error " << err);
                BOOST_REQUIRE_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
            };
            clean("warm-up"); // builds the programs, fills the disk cache (Binary), PoCL's cache
            s.reset();
            clean("count");
            const long n = s.calls(f.kind);
            Tally& tally = tallies()[tallyKey(f)];
            tally.maxCalls = std::max(tally.maxCalls, n);
            if (f.kind == CLFAULT_ENQUEUE_WRITE_BUFFER || f.kind == CLFAULT_ENQUEUE_READ_BUFFER ||
                f.kind == CLFAULT_ENQUEUE_FILL_BUFFER)
                BOOST_CHECK_MESSAGE(n == 0, "the library now calls " << kindName(f.kind)
                                                                     << ": give it an expected status here");
            if (f.mode == Mode::Binary) {
                clfftNgCacheStats st{};
                clfftNgGetCacheStats(&st);
                BOOST_TEST_MESSAGE("binary mode: " << st.binaryLoads << " binary loads so far");
            }
            const std::vector<long> ks = sample(n);
            for (const int error : f.errors) {
                for (const long k : ks) {
                    BOOST_TEST_CONTEXT("call " << k << " of " << n << " fails with " << errorName(error))
                    {
                        if (f.mode != Mode::Warm)
                            BOOST_REQUIRE_EQUAL(clfftTeardown(), CLFFT_SUCCESS);
                        const auto before = s.heldAll();
                        clfftNgCacheStats cache0{};
                        clfftNgGetCacheStats(&cache0);
                        clfftPlanHandle h = makePlan(c);
                        const long fired0 = s.fired();
                        s.arm(f.kind, k, error);
                        double err = 1;
                        const clfftStatus st = run<T>(c, d, h, &err);
                        s.disarm();
                        ++tally.trials;
                        tally.injected += s.fired() - fired0;
                        BOOST_CHECK_MESSAGE(s.fired() - fired0 == 1, "the fault did not fire");
                        ++tally.statuses[statusText(st)];
                        BOOST_CHECK_MESSAGE(knownStatus(st) || st == CLFFT_SUCCESS,
                                            "not a clfftStatus: " << int(st));
                        if (f.recovers) {
                            BOOST_CHECK_MESSAGE(st == CLFFT_SUCCESS,
                                                "expected the library to work around it, got " << int(st) << " "
                                                                                               << statusText(st));
                            if (st == CLFFT_SUCCESS)
                                BOOST_CHECK_MESSAGE(err < tolerance(c), "error " << err);
                            clfftNgCacheStats cache1{};
                            clfftNgGetCacheStats(&cache1);
                            BOOST_CHECK_EQUAL(cache1.binaryLoadFailures - cache0.binaryLoadFailures, 1u);
                        } else if (st == CLFFT_SUCCESS && c.workedAround.count(f.kind)) {
                            ++tally.workedAround;
                            BOOST_CHECK_MESSAGE(err < tolerance(c), "worked around, error " << err);
                        } else {
                            BOOST_CHECK_MESSAGE(st == error || (error == CL_BUILD_PROGRAM_FAILURE &&
                                                                st == CLFFT_BUILD_PROGRAM_FAILURE),
                                                "status " << int(st) << " " << statusText(st)
                                                          << ", expected " << errorName(error));
                        }
                        // The same handle, fault disarmed: bakes (again, if needed) and computes.
                        double err2 = 1;
                        const clfftStatus again = run<T>(c, d, h, &err2);
                        BOOST_CHECK_MESSAGE(again == CLFFT_SUCCESS, "after the fault: " << statusText(again));
                        BOOST_CHECK_MESSAGE(again != CLFFT_SUCCESS || err2 < tolerance(c),
                                            "after the fault: error " << err2);
                        if (again == CLFFT_SUCCESS && err2 < tolerance(c))
                            ++tally.recovered;
                        BOOST_REQUIRE_EQUAL(clfftDestroyPlan(&h), CLFFT_SUCCESS);
                        const auto after = s.heldAll();
                        bool leaked = false;
                        for (int t : {kContext, kQueue, kMem, kKernel, kProgram}) {
                            // Programs built in this trial stay in the program cache until teardown.
                            if (t == kProgram && f.mode != Mode::Warm)
                                continue;
                            if (after[t] != before[t]) {
                                leaked = true;
                                BOOST_ERROR("after clfftDestroyPlan libclFFT holds " << after[t] - before[t] << " more "
                                                                                     << kTypeNames[t] << " references");
                            }
                        }
                        if (s.held(kEvent) != ctx().handedEvents) {
                            leaked = true;
                            BOOST_ERROR("libclFFT holds " << s.held(kEvent) - ctx().handedEvents << " events");
                        }
                        BOOST_CHECK_EQUAL(refCount(ctx().userdata), userdata0);
                        tally.leaks += leaked ? 1 : 0;
                    }
                }
            }
            checkTeardownLeavesNothing("end of the sweep");
            const double secs =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            BOOST_TEST_MESSAGE(c.name << ": " << kindName(f.kind) << " (" << modeName(f.mode) << "): " << n
                                      << " calls, " << ks.size() * f.errors.size() << " trials, " << secs << " s");
        }
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(faults_in_every_opencl_call_of_the_library)
{
    BOOST_REQUIRE_MESSAGE(shim().loaded(), "cl_count_shim is not preloaded (LD_PRELOAD); CTest sets it");
    clfftSetupData setup;
    BOOST_REQUIRE_EQUAL(clfftInitSetupData(&setup), CLFFT_SUCCESS);
    BOOST_REQUIRE_EQUAL(clfftSetup(&setup), CLFFT_SUCCESS);
    ctx();
    checkTeardownLeavesNothing("start");
    for (const Case& c : cases()) {
        if (quick() && !c.quick)
            continue;
        if (c.precision == CLFFT_DOUBLE && !env().hasDouble) {
            BOOST_TEST_MESSAGE(c.name << ": no fp64 on this device, skipped");
            continue;
        }
        const auto t0 = std::chrono::steady_clock::now();
        if (c.precision == CLFFT_DOUBLE)
            sweep<double>(c);
        else
            sweep<float>(c);
        BOOST_TEST_MESSAGE(c.name << ": "
                                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()
                                  << " s");
    }
    std::ostringstream table;
    table << "| call | trials | faults injected | most calls in one plan | statuses | leaks | recovered |\n"
          << "|---|---|---|---|---|---|---|\n";
    for (const auto& [name, t] : tallies()) {
        table << "| " << name << " | " << t.trials << " | " << t.injected << " | " << t.maxCalls << " | ";
        bool first = true;
        for (const auto& [status, count] : t.statuses) {
            table << (first ? "" : ", ") << status << " x" << count;
            if (status == "CLFFT_SUCCESS" && t.workedAround)
                table << " (" << t.workedAround << " through the input copy)";
            first = false;
        }
        table << " | " << t.leaks << " | " << t.recovered << "/" << t.trials << " |\n";
    }
    BOOST_TEST_MESSAGE("summary:\n" << table.str());
    clReleaseMemObject(ctx().userdata);
    ctx().userdata = nullptr;
}
