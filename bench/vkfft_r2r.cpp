// vkfft_r2r.cpp: VkFFT's discrete cosine transforms through its OpenCL backend (vkfft_r2r.h).
// Built only when CMake found vkFFT.h; compiled with VKFFT_BACKEND=3.

#include "vkfft_r2r.h"

#include <vkFFT.h>

#include "vkfft_common.h"

#include <cstdint>
#include <string>

namespace bench {

namespace {

// VkFFT's DCT type (performDCT) for an FFTW kind, 0 where this VkFFT has none.
uint64_t dctType(clfftNgR2RKind kind)
{
    switch (kind) {
    case CLFFT_NG_REDFT00:
        return 1;
    case CLFFT_NG_REDFT10:
        return 2;
    case CLFFT_NG_REDFT01:
        return 3;
    case CLFFT_NG_REDFT11:
        return 4;
    default:
        return 0;
    }
}

// The configuration and launch parameters hold pointers to these handles, so the object stays put
// (it lives behind the unique_ptr makeVkfftR2r returns).
class Plan final : public VkfftR2r {
public:
    Plan(cl_device_id device, cl_context context, cl_command_queue queue, cl_mem in, cl_mem out, size_t bytes)
        : h_{device, context, queue}, in_(in), out_(out), bytes_(bytes)
    {
    }

    ~Plan() override
    {
        if (initialised_)
            deleteVkFFT(&app_);
    }

    Plan(const Plan&) = delete;
    Plan& operator=(const Plan&) = delete;

    VkFFTResult init(const std::vector<size_t>& lengths, size_t batch, bool dbl, uint64_t type)
    {
        VkFFTConfiguration c = vkfftBaseConfig(h_, lengths);
        c.numberBatches = batch;
        c.performDCT = type;
        c.doublePrecision = dbl ? 1 : 0;
        // Out of place, as ours and FFTW run: an unpadded input buffer read by the first pass,
        // the result in `buffer`. In place, repeated DCTs would grow the data without bound.
        c.isInputFormatted = 1;
        c.inputBuffer = &in_;
        c.inputBufferSize = &bytes_;
        c.buffer = &out_;
        c.bufferSize = &bytes_;
        c.makeForwardPlanOnly = 1;
        const VkFFTResult r = initializeVkFFT(&app_, c);
        // initializeVkFFT releases what it made when it fails.
        initialised_ = r == VKFFT_SUCCESS;
        return r;
    }

    bool enqueue(std::string& why) override
    {
        VkFFTLaunchParams p = {};
        p.inputBuffer = &in_;
        p.buffer = &out_;
        return vkfftAppendForward(app_, p, h_, why);
    }

private:
    VkFFTApplication app_ = {};
    bool initialised_ = false;
    VkfftHandles h_;
    cl_mem in_, out_;
    uint64_t bytes_;
};

}  // namespace

std::string vkfftVersion()
{
    const int v = VkFFTGetVersion();  // X.XX.XX as one number: 10226 is 1.2.26
    return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
}

std::unique_ptr<VkfftR2r> makeVkfftR2r(cl_device_id device, cl_context context, cl_command_queue queue,
                                        const std::vector<size_t>& lengths, size_t batch, bool dbl,
                                        clfftNgR2RKind kind, cl_mem in, cl_mem out, size_t bytes, std::string& why)
{
    const uint64_t type = dctType(kind);
    if (type == 0) {
        why = kind >= CLFFT_NG_RODFT00 ? "VkFFT " + vkfftVersion() + " has no DST"
                                       : "VkFFT has no " + std::string(kind == CLFFT_NG_DHT ? "DHT" : "halfcomplex") +
                                             " transform";
        return nullptr;
    }
    auto plan = std::make_unique<Plan>(device, context, queue, in, out, bytes);
    const VkFFTResult r = plan->init(lengths, batch, dbl, type);
    if (r != VKFFT_SUCCESS) {
        why = r == VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH_DCT
                  ? "VkFFT " + vkfftVersion() + ": DCT longer than one pass (VKFFT_ERROR_UNSUPPORTED_FFT_LENGTH_DCT)"
                  : vkfftFailure("initializeVkFFT", r);
        return nullptr;
    }
    return plan;
}

}  // namespace bench
