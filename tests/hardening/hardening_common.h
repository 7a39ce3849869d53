// Helpers shared by the hardening tests (tests/hardening) and the API fuzzer (tests/fuzz):
// status names (tests/support/clfft_status.h), a context of their own, a naive DFT reference.
// Header-only; no Boost dependency.
#pragma once

#include <clFFT.h>

#include "cl_device_select.h"
#include "clfft_status.h"

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace hardening {

using clfft_test::statusName;

// A context and queue on the test device (CLFFT_TEST_DEVICE, else the default one, as every
// test program), made here rather than by ClEnv so that the test controls their lifetime and
// clfftSetup/clfftTeardown.
struct ContextAndQueue {
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    bool hasDouble = false;
    ContextAndQueue()
    {
        cl_platform_id platform = nullptr;
        char why[512] = {0};
        if (clfft_select_device(&platform, &device, nullptr, nullptr, why, sizeof why) != 0)
            throw std::runtime_error(why);
        cl_int err = CL_SUCCESS;
        context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        queue = clCreateCommandQueue(context, device, 0, &err);
        if (err != CL_SUCCESS)
            throw std::runtime_error("no queue");
        cl_device_fp_config fp64 = 0;
        clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, nullptr);
        hasDouble = fp64 != 0;
    }
    ~ContextAndQueue()
    {
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
    ContextAndQueue(const ContextAndQueue&) = delete;
    ContextAndQueue& operator=(const ContextAndQueue&) = delete;
    // A new buffer (the caller releases it): a copy of `host`, else zeros.
    cl_mem buffer(std::size_t bytes, const void* host = nullptr) const
    {
        cl_int err = CL_SUCCESS;
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE | (host ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                                  const_cast<void*>(host), &err);
        if (err != CL_SUCCESS)
            throw std::runtime_error("clCreateBuffer failed");
        if (!host) {
            std::vector<unsigned char> zeros(bytes, 0);
            clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, bytes, zeros.data(), 0, nullptr, nullptr);
        }
        return m;
    }
};

// Deterministic test signal: transform t, point j.
template <typename T>
std::vector<std::complex<T>> signal(std::size_t n, std::size_t batch, unsigned seed)
{
    std::vector<std::complex<T>> x(n * batch);
    for (std::size_t i = 0; i < x.size(); ++i) {
        const double a = 0.37 * double(i) + 0.11 * seed;
        x[i] = std::complex<T>(T(std::cos(a) + 0.01 * double(i % 7)), T(std::sin(1.7 * a) - 0.02 * double(i % 5)));
    }
    return x;
}

// Relative L2 error of `got` against the naive DFT of `x` (batch transforms of n points,
// packed). sign -1: forward (scale 1); +1: backward with scale 1/n.
template <typename T>
double dftError(const std::vector<std::complex<T>>& x, const std::vector<std::complex<T>>& got, std::size_t n,
                int sign)
{
    using cld = std::complex<long double>;
    const long double pi = std::acos(-1.0L);
    const std::size_t batch = x.size() / n;
    long double num = 0, den = 0;
    for (std::size_t b = 0; b < batch; ++b)
        for (std::size_t k = 0; k < n; ++k) {
            cld acc = 0;
            for (std::size_t j = 0; j < n; ++j) {
                const long double a = sign * 2 * pi * static_cast<long double>((j * k) % n) / n;
                acc += cld(x[b * n + j].real(), x[b * n + j].imag()) * cld(std::cos(a), std::sin(a));
            }
            if (sign > 0)
                acc /= static_cast<long double>(n);
            const std::complex<T>& g = got[b * n + k];
            num += std::norm(cld(g.real(), g.imag()) - acc);
            den += std::norm(acc);
        }
    return double(std::sqrt(num / (den > 0 ? den : 1)));
}

} // namespace hardening
