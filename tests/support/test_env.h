// Shared test fixture: one OpenCL context and queue on the default device (PoCL on the CI
// machine), created once per test program. Header-only so each test program stays standalone.
#pragma once

#include <clFFT.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace clfft_test {

struct ClEnv {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    bool hasDouble = false;

    ClEnv()
    {
        cl_uint n = 0;
        if (clGetPlatformIDs(0, nullptr, &n) != CL_SUCCESS || n == 0)
            throw std::runtime_error("no OpenCL platform (install pocl-opencl-icd)");
        std::vector<cl_platform_id> platforms(n);
        clGetPlatformIDs(n, platforms.data(), nullptr);
        for (cl_platform_id p : platforms) {
            cl_uint nd = 0;
            if (clGetDeviceIDs(p, CL_DEVICE_TYPE_DEFAULT, 1, &device, &nd) == CL_SUCCESS && nd > 0) {
                platform = p;
                break;
            }
        }
        if (!platform)
            throw std::runtime_error("no OpenCL device");
        cl_int err = CL_SUCCESS;
        context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        if (err != CL_SUCCESS)
            throw std::runtime_error("clCreateContext failed");
        queue = clCreateCommandQueue(context, device, 0, &err);
        if (err != CL_SUCCESS)
            throw std::runtime_error("clCreateCommandQueue failed");
        cl_device_fp_config fp64 = 0;
        clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, nullptr);
        hasDouble = fp64 != 0;
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
            throw std::runtime_error("clCreateBuffer failed");
        return m;
    }
    void read(cl_mem m, std::size_t bytes, void* host) const
    {
        if (clEnqueueReadBuffer(queue, m, CL_TRUE, 0, bytes, host, 0, nullptr, nullptr) != CL_SUCCESS)
            throw std::runtime_error("clEnqueueReadBuffer failed");
    }
};

} // namespace clfft_test
