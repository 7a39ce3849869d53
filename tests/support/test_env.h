// Shared test fixture: one OpenCL context and queue on the test device, created once per test
// program. Header-only so each test program stays standalone.
//
// The device: CLFFT_TEST_DEVICE (P:D or part of the device name, cl_device_select.h), else the
// first platform's default device (PoCL on the CI machine).
//
// Tests that hold on any machine: every expectation that depends on the device (largest
// allocation, global and local memory, work-group size, fp64, address bits) is derived from what
// the device reports (ClEnv::limits), never from the machine a test was written on. A case the
// device cannot run either checks the opposite expectation (a double-precision plan on a device
// without fp64 must fail its bake with CLFFT_DEVICE_NO_DOUBLE: checkDoubleRefused) or is
// reported with notRunOnThisDevice(): a line on stderr, a Boost.Test warning in the log, and a
// count at the end of the program. tests/support/device_limits_shim.c makes the device look
// smaller, to check that (tests/README.md, "Any device").
#pragma once

#include <clFFT.h>

#include <boost/test/unit_test.hpp>

#include "cl_device_select.h"

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <iostream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace clfft_test {

// What the device reports (through clGetDeviceInfo, so a device_limits_shim profile too).
struct DeviceLimits {
    std::string platformName, deviceName;
    unsigned platformIndex = 0, deviceIndex = 0;
    cl_ulong maxAlloc = 0;       // CL_DEVICE_MAX_MEM_ALLOC_SIZE
    cl_ulong globalMem = 0;      // CL_DEVICE_GLOBAL_MEM_SIZE
    cl_ulong localMem = 0;       // CL_DEVICE_LOCAL_MEM_SIZE
    std::size_t maxWorkGroup = 0; // CL_DEVICE_MAX_WORK_GROUP_SIZE
    cl_uint addressBits = 0;     // CL_DEVICE_ADDRESS_BITS
    bool hasDouble = false;      // CL_DEVICE_DOUBLE_FP_CONFIG != 0
    bool isCpu = false;          // CL_DEVICE_TYPE has CL_DEVICE_TYPE_CPU
    // The library plans the CPU forms: a CPU device unless CLFFT_NG_FORMS asks for a GPU's, or
    // any device where it asks for a CPU's (docs/environment.md).
    bool cpuForms = false;
};

namespace detail {
template <class T> T deviceValue(cl_device_id d, cl_device_info what)
{
    T v{};
    if (clGetDeviceInfo(d, what, sizeof v, &v, nullptr) != CL_SUCCESS)
        throw std::runtime_error("clGetDeviceInfo(" + std::to_string(what) + ") failed");
    return v;
}
inline std::string deviceText(cl_device_id d, cl_device_info what)
{
    char buf[512] = {0};
    clGetDeviceInfo(d, what, sizeof buf - 1, buf, nullptr);
    return buf;
}
} // namespace detail

inline DeviceLimits readDeviceLimits(cl_platform_id platform, cl_device_id device)
{
    DeviceLimits l;
    char pname[512] = {0};
    clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof pname - 1, pname, nullptr);
    l.platformName = pname;
    l.deviceName = detail::deviceText(device, CL_DEVICE_NAME);
    l.maxAlloc = detail::deviceValue<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    l.globalMem = detail::deviceValue<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE);
    l.localMem = detail::deviceValue<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE);
    l.maxWorkGroup = detail::deviceValue<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    l.addressBits = detail::deviceValue<cl_uint>(device, CL_DEVICE_ADDRESS_BITS);
    l.hasDouble = detail::deviceValue<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
    l.isCpu = (detail::deviceValue<cl_device_type>(device, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CPU) != 0;
    const char* forms = std::getenv("CLFFT_NG_FORMS");
    const std::string f = forms ? forms : "";
    l.cpuForms = f.rfind("cpu", 0) == 0 || (l.isCpu && f.rfind("gpu", 0) != 0);
    return l;
}

struct ClEnv {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    bool hasDouble = false; // limits.hasDouble
    DeviceLimits limits;

    ClEnv()
    {
        char err[512] = {0};
        unsigned pi = 0, di = 0;
        if (clfft_select_device(&platform, &device, &pi, &di, err, sizeof err) != 0)
            throw std::runtime_error(err);
        limits = readDeviceLimits(platform, device);
        limits.platformIndex = pi;
        limits.deviceIndex = di;
        hasDouble = limits.hasDouble;
        const char* chosen = std::getenv("CLFFT_TEST_DEVICE");
        const char* fake = std::getenv("CLFFT_FAKE_DEVICE");
        if ((chosen && *chosen) || (fake && *fake))
            std::fprintf(stderr,
                         "test device %u:%u %s / %s: max alloc %llu, global %llu, local %llu, work-group %zu, "
                         "fp64 %s%s%s\n",
                         pi, di, limits.platformName.c_str(), limits.deviceName.c_str(),
                         (unsigned long long)limits.maxAlloc, (unsigned long long)limits.globalMem,
                         (unsigned long long)limits.localMem, limits.maxWorkGroup, limits.hasDouble ? "yes" : "no",
                         fake && *fake ? " (CLFFT_FAKE_DEVICE=" : "", fake && *fake ? (std::string(fake) + ")").c_str() : "");
        cl_int e = CL_SUCCESS;
        context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &e);
        if (e != CL_SUCCESS)
            throw std::runtime_error("clCreateContext failed");
        queue = clCreateCommandQueue(context, device, 0, &e);
        if (e != CL_SUCCESS)
            throw std::runtime_error("clCreateCommandQueue failed");
        clfftSetupData setup;
        clfftInitSetupData(&setup);
        if (clfftSetup(&setup) != CLFFT_SUCCESS)
            throw std::runtime_error("clfftSetup failed");
    }
    ~ClEnv()
    {
        clfftTeardown();
        if (queue)
            clReleaseCommandQueue(queue);
        if (context)
            clReleaseContext(context);
        std::lock_guard<std::mutex> lock(notRunMutex());
        if (!notRun().empty()) {
            std::fprintf(stderr, "\n*** %zu case(s) NOT RUN on this device (%s / %s):\n", notRun().size(),
                         limits.platformName.c_str(), limits.deviceName.c_str());
            for (const std::string& s : notRun())
                std::fprintf(stderr, "***   %s\n", s.c_str());
        }
    }

    static ClEnv& get()
    {
        static ClEnv env;
        return env;
    }

    cl_mem buffer(std::size_t bytes, const void* host = nullptr) const
    {
        cl_int err = CL_SUCCESS;
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | (host ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                                  const_cast<void*>(host), &err);
        if (err != CL_SUCCESS)
            throw std::runtime_error("clCreateBuffer of " + std::to_string(bytes) + " bytes failed (" +
                                     std::to_string(err) + ")");
        return m;
    }
    void read(cl_mem m, std::size_t bytes, void* host) const
    {
        if (clEnqueueReadBuffer(queue, m, CL_TRUE, 0, bytes, host, 0, nullptr, nullptr) != CL_SUCCESS)
            throw std::runtime_error("clEnqueueReadBuffer failed");
    }
    void write(cl_mem m, std::size_t bytes, const void* host) const
    {
        const cl_int e = clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, bytes, host, 0, nullptr, nullptr);
        if (e != CL_SUCCESS)
            throw std::runtime_error("clEnqueueWriteBuffer failed: " + std::to_string(e));
    }

    // Whether the device can hold these buffers at once: each within the largest allocation,
    // and all of them plus a library temporary as large as the largest within the global memory
    // (multi-pass plans take a temporary of up to the data's size).
    bool canHold(std::initializer_list<std::size_t> buffers) const { return canHold(std::vector<std::size_t>(buffers)); }
    bool canHold(const std::vector<std::size_t>& buffers) const
    {
        cl_ulong total = 0, largest = 0;
        for (std::size_t b : buffers) {
            if (b > limits.maxAlloc)
                return false;
            total += b;
            largest = b > largest ? b : largest;
        }
        return total + largest <= limits.globalMem;
    }

    // Never destroyed: ~ClEnv (a static) reads them at exit.
    static std::vector<std::string>& notRun()
    {
        static auto* v = new std::vector<std::string>;
        return *v;
    }
    static std::mutex& notRunMutex()
    {
        static auto* m = new std::mutex;
        return *m;
    }
};

// A whole host vector to or from a buffer of the test context (blocking).
template <class V> void writeBuffer(cl_mem m, const V& v) { ClEnv::get().write(m, v.size() * sizeof(v[0]), v.data()); }
template <class V> void readBuffer(cl_mem m, V& v) { ClEnv::get().read(m, v.size() * sizeof(v[0]), v.data()); }

// Case descriptions: "{1,2,3}" and "2D 64x32".
template <class V> std::string listText(const V& v)
{
    std::ostringstream s;
    s << '{';
    for (std::size_t k = 0; k < v.size(); ++k)
        s << (k ? "," : "") << v[k];
    s << '}';
    return s.str();
}
inline std::string shapeText(const std::vector<std::size_t>& lengths)
{
    std::ostringstream s;
    s << lengths.size() << "D ";
    for (std::size_t k = 0; k < lengths.size(); ++k)
        s << (k ? "x" : "") << lengths[k];
    return s.str();
}

inline std::string mib(cl_ulong bytes)
{
    char b[64];
    std::snprintf(b, sizeof b, "%.1f MiB", double(bytes) / 1048576.0);
    return b;
}

// A case (or part of one) this device cannot run, said loudly: on stderr, as a warning in the
// Boost.Test log (visible with --log_level=warning or lower; CTest runs the suites with
// test_suite), and in the list printed when the program ends.
inline void notRunOnThisDevice(const std::string& what, const std::string& why)
{
    std::cerr << "\n*** NOT RUN on this device: " << what << ": " << why << " ***\n";
    BOOST_WARN_MESSAGE(false, "not run on this device: " << what << ": " << why);
    std::lock_guard<std::mutex> lock(ClEnv::notRunMutex());
    ClEnv::notRun().push_back(what + ": " + why);
}

// A double-precision plan on a device without fp64: what can be checked is that the library
// refuses it at bake with CLFFT_DEVICE_NO_DOUBLE (as clFFT 2.12 does) and the plan stays
// un-baked. Returns true when the case was replaced by that check (the caller returns): the
// plan has the case's lengths, layouts and placement.
inline bool checkDoubleRefused(clfftPrecision precision, const std::vector<std::size_t>& lengths,
                               const std::string& what, clfftLayout in = CLFFT_COMPLEX_INTERLEAVED,
                               clfftLayout out = CLFFT_COMPLEX_INTERLEAVED, bool inPlace = false)
{
    ClEnv& env = ClEnv::get();
    if ((precision != CLFFT_DOUBLE && precision != CLFFT_DOUBLE_FAST) || env.hasDouble)
        return false;
    clfftPlanHandle h = 0;
    BOOST_REQUIRE_EQUAL(clfftCreateDefaultPlan(&h, env.context, clfftDim(lengths.size()), lengths.data()),
                        CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftSetPlanPrecision(h, CLFFT_DOUBLE), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftSetLayout(h, in, out), CLFFT_SUCCESS);
    BOOST_CHECK_EQUAL(clfftSetResultLocation(h, inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE), CLFFT_SUCCESS);
    if (in == CLFFT_REAL || out == CLFFT_REAL) { // packed real rows: the hermitian side has N/2+1
        std::size_t realDist = 1, hermDist = 1;
        for (std::size_t i = 0; i < lengths.size(); ++i) {
            realDist *= i == 0 && inPlace ? 2 * (lengths[0] / 2 + 1) : lengths[i];
            hermDist *= i == 0 ? lengths[0] / 2 + 1 : lengths[i];
        }
        if (in == CLFFT_REAL)
            clfftSetPlanDistance(h, realDist, hermDist);
        else
            clfftSetPlanDistance(h, hermDist, realDist);
    }
    const clfftStatus st = clfftBakePlan(h, 1, &env.queue, nullptr, nullptr);
    BOOST_CHECK_MESSAGE(st == CLFFT_DEVICE_NO_DOUBLE, what << ": a double-precision bake on a device without fp64 "
                                                           << "returned " << int(st) << ", expected CLFFT_DEVICE_NO_DOUBLE");
    clfftPlanHandle copy = h;
    clfftDestroyPlan(&copy);
    std::cerr << "\n*** the device has no fp64: double-precision case " << what
              << " replaced by the check that its bake fails with CLFFT_DEVICE_NO_DOUBLE ***\n";
    BOOST_TEST_MESSAGE("no fp64: " << what << ": bake checked to fail with CLFFT_DEVICE_NO_DOUBLE");
    return true;
}

} // namespace clfft_test
