// The arguments of every generated kernel, declared once (rocFFT's habit): the generators print
// the parameter list from this list and the executor binds the values in its order, so the two
// cannot drift apart. Buffers and callback userdata first, then the runtime shape (transform
// count, strides, the batch dimensions' counts and strides), then the scale and the direction.
#pragma once

#include "kernel_spec.h"

#include <string>
#include <vector>

namespace clfft_ng {

enum class KernelArgRole {
    Input,         // the input buffer (planar: its real parts)
    InputImag,     // planar input: the imaginary parts
    Output,
    OutputImag,
    Twiddles,      // the pass's constant table (generate.h kernelTable)
    Spectrum,      // convolution passes (KernelSpec::convolve): the filter's spectrum
    Period,        // idx_t: the spectrum's points (an input offset modulo it is the spectrum's)
    PreUserdata,   // `index`: which of the pre-callback's userdata buffers
    PostUserdata,
    Transforms,    // idx_t: transforms the launch computes
    InStride,      // idx_t: element stride along the transform, input side
    OutStride,
    BatchCount,    // idx_t: count of batch dimension `index`
    BatchInStride, // idx_t: its input stride
    BatchOutStride,
    Scale,         // real_t: the plan's scale (1 on every pass but the last)
    DirectionSign, // real_t: +1 forward, -1 backward
};

struct KernelArg {
    KernelArgRole role;
    int index;          // userdata buffer or batch dimension; 0 otherwise
    std::string type;   // OpenCL C type
    std::string name;   // parameter name in the source
    int line;           // parameters of one line of the printed signature share it
};

std::vector<KernelArg> kernelArguments(const KernelSpec& spec);

// The parameter list as the generators print it, from "(" excluded to ")" included.
std::string kernelParameters(const KernelSpec& spec);

} // namespace clfft_ng
