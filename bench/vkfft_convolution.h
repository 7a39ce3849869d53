// vkfft_convolution.h: VkFFT's convolution mode (performConvolution, with its zero padding) on our
// OpenCL queue, for convolution-bench's VkFFT column (issue 60's goal: >= 1.0x VkFFT's
// convolution). vkfft_convolution.cpp is its own translation unit (vkFFT.h is a large header-only
// library compiled with VKFFT_BACKEND=3), built where CMake finds the header (libvkfft-dev).

#pragma once

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace bench {

// One baked VkFFT convolution: reads `in` (packed reals), leaves the result in VkFFT's own buffer.
class VkfftConvolution {
public:
    virtual ~VkfftConvolution() = default;
    // Appends one convolution to the queue given at creation; no wait. False with a message on a
    // VkFFT error.
    virtual bool enqueue(std::string& why) = 0;
    // The last result, packed (rows of N0 reals); false with a message on an OpenCL error.
    virtual bool result(std::vector<float>& packed, std::string& why) = 0;
};

// A real single-precision convolution of one transform of `lengths` (clFFT order) with the real
// filter `filter` (packed reals, host memory), reading `in` (packed reals, `bytes`), normalised
// as ours (1/N). `linear`: along every dimension the input is zero in the upper half
// [n/2, n) and the outputs there are not needed (VkFFT's performZeropadding). nullptr with the
// reason in `why` (no VkFFT at build time, a VkFFT error).
std::unique_ptr<VkfftConvolution> makeVkfftConvolution(cl_device_id device, cl_context context,
                                                        cl_command_queue queue, const std::vector<size_t>& lengths,
                                                        bool linear, const std::vector<float>& filter, cl_mem in,
                                                        size_t bytes, std::string& why);

#ifndef CLFFT_BENCH_HAVE_VKFFT
inline std::unique_ptr<VkfftConvolution> makeVkfftConvolution(cl_device_id, cl_context, cl_command_queue,
                                                               const std::vector<size_t>&, bool,
                                                               const std::vector<float>&, cl_mem, size_t,
                                                               std::string& why)
{
    why = "VkFFT not found";
    return nullptr;
}
#endif

}  // namespace bench
