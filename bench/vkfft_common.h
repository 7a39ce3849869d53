// vkfft_common.h: what the VkFFT columns' translation units share (vkfft_r2r.cpp,
// vkfft_convolution.cpp): the handles VkFFT points to, its base configuration, one launch and
// its error text. Include after <vkFFT.h> (VKFFT_BACKEND=3).

#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace bench {

// The OpenCL handles a VkFFT configuration and its launches hold pointers to: the object that
// holds them stays put while its applications live.
struct VkfftHandles {
    cl_device_id device;
    cl_context context;
    cl_command_queue queue;
};

inline std::string vkfftFailure(const char* call, VkFFTResult r)
{
    return std::string(call) + ": VkFFTResult " + std::to_string(static_cast<int>(r));
}

// Lengths (clFFT order, up to 3) and the handles; the caller sets the transform's kind and buffers.
inline VkFFTConfiguration vkfftBaseConfig(VkfftHandles& h, const std::vector<size_t>& lengths)
{
    VkFFTConfiguration c = {};
    c.FFTdim = lengths.size();
    for (size_t d = 0; d < 3; ++d)
        c.size[d] = d < lengths.size() ? lengths[d] : 1;
    c.device = &h.device;
    c.context = &h.context;
    c.commandQueue = &h.queue;
    return c;
}

// Appends one forward transform (VkFFT's direction -1) with the launch's buffers `p` on the
// handles' queue; no wait. False with the reason in `why`.
inline bool vkfftAppendForward(VkFFTApplication& app, VkFFTLaunchParams p, VkfftHandles& h, std::string& why)
{
    p.commandQueue = &h.queue;
    const VkFFTResult r = VkFFTAppend(&app, -1, &p);
    if (r != VKFFT_SUCCESS) {
        why = vkfftFailure("VkFFTAppend", r);
        return false;
    }
    return true;
}

}  // namespace bench
