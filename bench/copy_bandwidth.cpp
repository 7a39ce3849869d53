// copy-bandwidth: the OpenCL device's copy bandwidth, the memory-bound reference of run_bench.py.
// Copies one buffer to another with clEnqueueCopyBuffer (default 256 MiB), 2 warm-up copies, then
// the median of 10 (enqueue + clFinish); GB/s counts the bytes read plus the bytes written
// (2 x size / time), as clfft-client's GB/s does. Prints one JSON object with the device too.
//   copy-bandwidth [--mib N] [--runs K]     (default device, as clfft-client chooses it)

#include <CL/cl.h>

#include "cl_device_select.h" // tests/support: CLFFT_TEST_DEVICE

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

std::string quoted(const std::string& s)
{
    std::string r = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            r += '\\';
        if (static_cast<unsigned char>(c) >= 0x20)
            r += c;
    }
    return r + "\"";
}

std::string devInfo(cl_device_id d, cl_device_info what)
{
    char buf[1024] = {0};
    return clGetDeviceInfo(d, what, sizeof buf - 1, buf, nullptr) == CL_SUCCESS ? buf : "(unknown)";
}

int fail(const char* what, cl_int err)
{
    std::fprintf(stderr, "copy-bandwidth: %s failed: OpenCL status %d\n", what, static_cast<int>(err));
    return 4;
}

}  // namespace

int main(int argc, char** argv)
{
    size_t mib = 256;
    int runs = 10;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--mib" || a == "--runs") && i + 1 < argc) {
            const long v = std::strtol(argv[++i], nullptr, 10);
            if (v <= 0) {
                std::fprintf(stderr, "copy-bandwidth: %s wants a positive integer\n", a.c_str());
                return 2;
            }
            if (a == "--mib")
                mib = static_cast<size_t>(v);
            else
                runs = static_cast<int>(v);
        } else {
            std::fprintf(stderr, "usage: copy-bandwidth [--mib N] [--runs K]\n");
            return a == "-h" || a == "--help" ? 0 : 2;
        }
    }
    // The device CLFFT_TEST_DEVICE names, else the first platform's default device.
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    char why[512] = {0};
    if (clfft_select_device(&platform, &device, nullptr, nullptr, why, sizeof why) != 0) {
        std::fprintf(stderr, "copy-bandwidth: %s\n", why);
        return 4;
    }
    char pname[512] = {0};
    clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof pname - 1, pname, nullptr);
    cl_int err = CL_SUCCESS;
    cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    if (err != CL_SUCCESS)
        return fail("clCreateContext", err);
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    if (err != CL_SUCCESS)
        return fail("clCreateCommandQueue", err);
    const size_t bytes = mib << 20;
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    if (err != CL_SUCCESS)
        return fail("clCreateBuffer", err);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
    if (err != CL_SUCCESS)
        return fail("clCreateBuffer", err);
    const unsigned char zero = 1;
    if ((err = clEnqueueFillBuffer(q, a, &zero, 1, 0, bytes, 0, nullptr, nullptr)) != CL_SUCCESS ||
        (err = clEnqueueFillBuffer(q, b, &zero, 1, 0, bytes, 0, nullptr, nullptr)) != CL_SUCCESS)
        return fail("clEnqueueFillBuffer", err);
    clFinish(q);
    std::vector<double> times;
    for (int i = 0; i < 2 + runs; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        if ((err = clEnqueueCopyBuffer(q, a, b, 0, 0, bytes, 0, nullptr, nullptr)) != CL_SUCCESS)
            return fail("clEnqueueCopyBuffer", err);
        clFinish(q);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (i >= 2)
            times.push_back(s);
    }
    std::sort(times.begin(), times.end());
    const double med = times[times.size() / 2];
    std::printf("{\"platform\": %s, \"device\": %s, \"driver\": %s, \"device_version\": %s, \"compute_units\": %u, "
                "\"copy_mib\": %zu, \"copy_median_ms\": %.4f, \"copy_gbps\": %.3f}\n",
                quoted(pname).c_str(), quoted(devInfo(device, CL_DEVICE_NAME)).c_str(),
                quoted(devInfo(device, CL_DRIVER_VERSION)).c_str(), quoted(devInfo(device, CL_DEVICE_VERSION)).c_str(),
                [&] {
                    cl_uint cu = 0;
                    clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, nullptr);
                    return cu;
                }(),
                mib, med * 1e3, 2.0 * static_cast<double>(bytes) / med / 1e9);
    clReleaseMemObject(a);
    clReleaseMemObject(b);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return 0;
}
