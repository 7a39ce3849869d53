// Helpers shared by the hardening tests (tests/hardening) and the API fuzzer (tests/fuzz):
// status names, a naive DFT reference, device buffers. Header-only; no Boost dependency.
#pragma once

#include <clFFT.h>

#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hardening {

inline const char* statusName(int s)
{
    switch (s) {
    case CLFFT_SUCCESS: return "CLFFT_SUCCESS";
    case CLFFT_INVALID_HOST_PTR: return "CLFFT_INVALID_HOST_PTR";
    case CLFFT_INVALID_PLAN: return "CLFFT_INVALID_PLAN";
    case CLFFT_INVALID_ARG_VALUE: return "CLFFT_INVALID_ARG_VALUE";
    case CLFFT_INVALID_CONTEXT: return "CLFFT_INVALID_CONTEXT";
    case CLFFT_INVALID_VALUE: return "CLFFT_INVALID_VALUE";
    case CLFFT_INVALID_COMMAND_QUEUE: return "CLFFT_INVALID_COMMAND_QUEUE";
    case CLFFT_INVALID_EVENT_WAIT_LIST: return "CLFFT_INVALID_EVENT_WAIT_LIST";
    case CLFFT_INVALID_MEM_OBJECT: return "CLFFT_INVALID_MEM_OBJECT";
    case CLFFT_INVALID_OPERATION: return "CLFFT_INVALID_OPERATION";
    case CLFFT_INVALID_BUFFER_SIZE: return "CLFFT_INVALID_BUFFER_SIZE";
    case CLFFT_DEVICE_NO_DOUBLE: return "CLFFT_DEVICE_NO_DOUBLE";
    case CLFFT_NOTIMPLEMENTED: return "CLFFT_NOTIMPLEMENTED";
    case CLFFT_TRANSPOSED_NOTIMPLEMENTED: return "CLFFT_TRANSPOSED_NOTIMPLEMENTED";
    case CLFFT_BUILD_PROGRAM_FAILURE: return "CLFFT_BUILD_PROGRAM_FAILURE";
    case CLFFT_BUGCHECK: return "CLFFT_BUGCHECK";
    case CLFFT_OUT_OF_HOST_MEMORY: return "CLFFT_OUT_OF_HOST_MEMORY";
    case CLFFT_MEM_OBJECT_ALLOCATION_FAILURE: return "CLFFT_MEM_OBJECT_ALLOCATION_FAILURE";
    default: return "(other status)";
    }
}

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
