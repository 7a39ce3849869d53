// vkfft_convolution.cpp: VkFFT's convolution mode through its OpenCL backend
// (vkfft_convolution.h). Built only when CMake found vkFFT.h; compiled with VKFFT_BACKEND=3.
//
// Two VkFFT applications: one (kernelConvolution) turns the filter, written into VkFFT's padded
// R2C layout (rows of N0 + 2 reals), into the spectrum VkFFT's convolution reads; the other
// (performConvolution) runs the forward transform, the product and the inverse in its own
// kernels, reading the packed input (isInputFormatted) and leaving the result in its padded
// buffer (VkFFT 1.2.26's R2C convolution crashed in PoCL with isOutputFormatted).

#include "vkfft_convolution.h"

#include <vkFFT.h>

#include "vkfft_common.h"

#include <cstdint>
#include <string>

namespace bench {

namespace {

class Convolution final : public VkfftConvolution {
public:
    Convolution(cl_device_id device, cl_context context, cl_command_queue queue, cl_mem in, size_t bytes)
        : h_{device, context, queue}, in_(in), ioBytes_(bytes)
    {
    }

    ~Convolution() override
    {
        if (kernelApp_)
            deleteVkFFT(&kapp_);
        if (convApp_)
            deleteVkFFT(&app_);
        for (cl_mem m : {kernel_, buffer_})
            if (m)
                clReleaseMemObject(m);
    }

    Convolution(const Convolution&) = delete;
    Convolution& operator=(const Convolution&) = delete;

    // Empty on success, else what failed.
    std::string init(const std::vector<size_t>& lengths, bool linear, const std::vector<float>& filter)
    {
        const size_t n0 = lengths[0], rows = filter.size() / n0;
        n0_ = n0;
        paddedBytes_ = (n0 / 2 + 1) * 2 * rows * sizeof(float);
        cl_int err = CL_SUCCESS;
        kernel_ = clCreateBuffer(h_.context, CL_MEM_READ_WRITE, paddedBytes_, nullptr, &err);
        if (err != CL_SUCCESS)
            return "clCreateBuffer: " + std::to_string(err);
        buffer_ = clCreateBuffer(h_.context, CL_MEM_READ_WRITE, paddedBytes_, nullptr, &err);
        if (err != CL_SUCCESS)
            return "clCreateBuffer: " + std::to_string(err);
        // the filter into the padded rows, where VkFFT's in-place R2C reads it
        std::vector<float> padded(paddedBytes_ / sizeof(float), 0.0f);
        for (size_t r = 0; r < rows; ++r)
            for (size_t i = 0; i < n0; ++i)
                padded[r * (n0 + 2 - n0 % 2) + i] = filter[r * n0 + i];
        if (clEnqueueWriteBuffer(h_.queue, kernel_, CL_TRUE, 0, paddedBytes_, padded.data(), 0, nullptr, nullptr) !=
            CL_SUCCESS)
            return "clEnqueueWriteBuffer";

        VkFFTConfiguration k = base(lengths);
        k.kernelConvolution = 1;
        k.coordinateFeatures = 1;
        k.buffer = &kernel_;
        k.bufferSize = &paddedBytes_;
        k.makeForwardPlanOnly = 1;
        VkFFTResult r = initializeVkFFT(&kapp_, k);
        if (r != VKFFT_SUCCESS)
            return vkfftFailure("initializeVkFFT (kernel)", r);
        kernelApp_ = true;
        VkFFTLaunchParams p = {};
        p.buffer = &kernel_;
        std::string why;
        if (!vkfftAppendForward(kapp_, p, h_, why))
            return why + " (kernel)";
        if (clFinish(h_.queue) != CL_SUCCESS)
            return "clFinish (kernel)";

        VkFFTConfiguration c = base(lengths);
        c.performConvolution = 1;
        c.coordinateFeatures = 1;
        c.normalize = 1;
        c.kernel = &kernel_;
        c.kernelSize = &paddedBytes_;
        c.buffer = &buffer_;
        c.bufferSize = &paddedBytes_;
        c.isInputFormatted = 1;
        c.inputBuffer = &in_;
        c.inputBufferSize = &ioBytes_;
        // packed reals in (VkFFT's default is its padded complex rows)
        size_t stride = 1;
        for (size_t d = 0; d < 3; ++d) {
            stride *= d < lengths.size() ? lengths[d] : 1;
            c.inputBufferStride[d] = stride;
        }
        for (size_t d = 0; linear && d < lengths.size(); ++d) {
            c.performZeropadding[d] = 1;
            c.fft_zeropad_left[d] = lengths[d] / 2;
            c.fft_zeropad_right[d] = lengths[d];
        }
        r = initializeVkFFT(&app_, c);
        if (r != VKFFT_SUCCESS)
            return vkfftFailure("initializeVkFFT (convolution)", r);
        convApp_ = true;
        return "";
    }

    bool result(std::vector<float>& packed, std::string& why) override
    {
        std::vector<float> padded(paddedBytes_ / sizeof(float));
        if (clEnqueueReadBuffer(h_.queue, buffer_, CL_TRUE, 0, paddedBytes_, padded.data(), 0, nullptr, nullptr) !=
            CL_SUCCESS) {
            why = "clEnqueueReadBuffer";
            return false;
        }
        const size_t row = n0_ + 2 - n0_ % 2, rows = padded.size() / row;
        packed.resize(rows * n0_);
        for (size_t r = 0; r < rows; ++r)
            for (size_t i = 0; i < n0_; ++i)
                packed[r * n0_ + i] = padded[r * row + i];
        return true;
    }

    bool enqueue(std::string& why) override
    {
        VkFFTLaunchParams p = {};
        p.buffer = &buffer_;
        p.kernel = &kernel_;
        p.inputBuffer = &in_;
        return vkfftAppendForward(app_, p, h_, why);
    }

private:
    VkFFTConfiguration base(const std::vector<size_t>& lengths)
    {
        VkFFTConfiguration c = vkfftBaseConfig(h_, lengths);
        c.performR2C = 1;
        return c;
    }

    VkFFTApplication kapp_ = {}, app_ = {};
    bool kernelApp_ = false, convApp_ = false;
    VkfftHandles h_;
    cl_mem in_, kernel_ = nullptr, buffer_ = nullptr;
    uint64_t ioBytes_, paddedBytes_ = 0;
    size_t n0_ = 0;
};

}  // namespace

std::unique_ptr<VkfftConvolution> makeVkfftConvolution(cl_device_id device, cl_context context,
                                                        cl_command_queue queue, const std::vector<size_t>& lengths,
                                                        bool linear, const std::vector<float>& filter, cl_mem in,
                                                        size_t bytes, std::string& why)
{
    auto conv = std::make_unique<Convolution>(device, context, queue, in, bytes);
    why = conv->init(lengths, linear, filter);
    return why.empty() ? std::move(conv) : nullptr;
}

}  // namespace bench
