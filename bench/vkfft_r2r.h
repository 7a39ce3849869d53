// vkfft_r2r.h: VkFFT's real-to-real transforms on our OpenCL queue, for r2r-bench's VkFFT column.
// The implementation (vkfft_r2r.cpp) is a translation unit of its own because vkFFT.h is a large
// header-only library compiled with VKFFT_BACKEND=3; CMake builds it only where it finds that
// header (Debian: libvkfft-dev), and the stub below says why the column is empty elsewhere.

#pragma once

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <clFFT-ng.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace bench {

// One baked VkFFT application: reads `in`, writes `out` (both packed rows of real values).
class VkfftR2r {
public:
    virtual ~VkfftR2r() = default;
    // Appends one forward transform to the queue given at creation; no wait. False with a message
    // on a VkFFT error.
    virtual bool enqueue(std::string& why) = 0;
};

// The VkFFT version, "1.2.26", or "" without VkFFT.
std::string vkfftVersion();

// A plan of `kind` along every dimension of `lengths` (clFFT order), `batch` transforms, from `in`
// to `out` (`bytes` each), or nullptr with the reason in `why` (a kind VkFFT lacks, a length its
// real-to-real kernels cannot take, no VkFFT at build time).
std::unique_ptr<VkfftR2r> makeVkfftR2r(cl_device_id device, cl_context context, cl_command_queue queue,
                                        const std::vector<size_t>& lengths, size_t batch, bool dbl,
                                        clfftNgR2RKind kind, cl_mem in, cl_mem out, size_t bytes, std::string& why);

#ifndef CLFFT_BENCH_HAVE_VKFFT
inline std::string vkfftVersion()
{
    return "";
}

inline std::unique_ptr<VkfftR2r> makeVkfftR2r(cl_device_id, cl_context, cl_command_queue, const std::vector<size_t>&,
                                               size_t, bool, clfftNgR2RKind, cl_mem, cl_mem, size_t, std::string& why)
{
    why = "VkFFT not found";
    return nullptr;
}
#endif

}  // namespace bench
