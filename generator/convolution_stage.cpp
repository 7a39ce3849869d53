// The multiply stage of convolution plans: one work-item per frequency point and output
// channel, summing over the input channels.
#include "convolution_stage.h"

#include <sstream>

namespace clfft_ng {

namespace {

constexpr std::size_t kGroup = 64; // a multiple of every device's SIMD width; the stage is memory-bound

} // namespace

std::string ConvolutionStageSpec::kernelName() const
{
    return std::string("conv_multiply_") + (precision == Precision::Double ? "dp" : "sp") +
           (correlate ? "_correlate" : "_convolve") + (index64 ? "_i64" : "_i32");
}

std::string convolutionStageSource(const ConvolutionStageSpec& spec)
{
    const bool dbl = spec.precision == Precision::Double;
    std::ostringstream os;
    os << "// clfft-ng generated kernel: " << spec.kernelName() << "\n// b_k = sum_j "
       << (spec.correlate ? "conj(S_kj)" : "S_kj") << " * a_j per frequency point, the sizes arguments\n";
    if (dbl)
        os << "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
    os << "typedef " << (dbl ? "double" : "float") << " real_t;\ntypedef " << (dbl ? "double2" : "float2")
       << " real2_t;\ntypedef " << (spec.index64 ? "ulong" : "uint") << " idx_t;\n\n";
    os << "__kernel void " << spec.kernelName()
       << "(__global const real2_t* a, __global const real2_t* s, __global real2_t* b,\n"
          "    idx_t points, idx_t inChannels, idx_t outChannels)\n"
          "{\n"
          "    const idx_t p = (idx_t)get_global_id(0);\n"
          "    const idx_t row = (idx_t)get_global_id(1); // entry * outChannels + k\n"
          "    if (p >= points)\n"
          "        return;\n"
          "    const idx_t entry = row / outChannels;\n"
          "    const idx_t k = row - entry * outChannels;\n"
          "    __global const real2_t* x = a + entry * inChannels * points + p;\n"
          "    __global const real2_t* h = s + k * inChannels * points + p;\n"
          "    real_t re = (real_t)0, im = (real_t)0;\n"
          "    for (idx_t j = 0; j < inChannels; ++j) {\n"
          "        const real2_t u = x[j * points];\n"
          "        const real2_t f = h[j * points];\n";
    if (spec.correlate)
        os << "        re += f.x * u.x + f.y * u.y;\n"
              "        im += f.x * u.y - f.y * u.x;\n";
    else
        os << "        re += f.x * u.x - f.y * u.y;\n"
              "        im += f.x * u.y + f.y * u.x;\n";
    os << "    }\n"
          "    b[row * points + p] = (real2_t)(re, im);\n"
          "}\n";
    return os.str();
}

void convolutionStageLaunch(std::size_t points, std::size_t rows, std::size_t global[2], std::size_t local[2])
{
    local[0] = kGroup;
    local[1] = 1;
    global[0] = (points + kGroup - 1) / kGroup * kGroup;
    global[1] = rows;
}

} // namespace clfft_ng
