// The multiply stage of a convolution plan (clfftNgSetPlanConvolution, docs/convolution.md):
// between the forward and the inverse transform, each output channel's spectrum is the sum over
// the input channels of the filter spectrum times the input's (conjugated filter: correlation).
// Pure C++, no OpenCL calls.
#pragma once

#include "kernel_spec.h"

#include <cstddef>
#include <string>

namespace clfft_ng {

struct ConvolutionStageSpec {
    Precision precision = Precision::Single;
    bool correlate = false; // conj(S) instead of S
    bool index64 = false;   // offsets past 2^32 complex values

    std::string kernelName() const;
};

// The stage's OpenCL C. Parameters, in order: __global const real2_t* a (the input spectra,
// entry-major then channel), __global const real2_t* s (the filter spectra, S_kj at
// k * inChannels + j), __global real2_t* b (the output spectra), then idx_t points (complex
// values of one spectrum), idx_t inChannels, idx_t outChannels. Sizes reach it only as
// arguments: one program per precision, mode and index width.
std::string convolutionStageSource(const ConvolutionStageSpec& spec);

// The launch: work-items over (points rounded up to the work-group, entries * outChannels).
void convolutionStageLaunch(std::size_t points, std::size_t rows, std::size_t global[2], std::size_t local[2]);

} // namespace clfft_ng
