#include "generate.h"

#include "families.h"

#include <stdexcept>

namespace clfft_ng {

std::string generateKernelSource(const KernelSpec& spec)
{
    if (spec.convolve && !spec.lane.width) // the lane kernel's two rounds (lanes.cpp) only
        throw std::invalid_argument("KernelSpec: a convolution pass is a lane kernel");
    return familyOf(spec).source(spec);
}

std::vector<std::complex<long double>> kernelTable(const KernelSpec& spec) { return familyOf(spec).table(spec); }

} // namespace clfft_ng
