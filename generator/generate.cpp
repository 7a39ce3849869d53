#include "generate.h"

#include "families.h"

#include <stdexcept>

namespace clfft_ng {

std::string generateKernelSource(const KernelSpec& spec)
{
    // two rounds in one kernel: the lane and Stockham kernels (lanes.cpp, stockham.cpp)
    if (spec.convolve && (spec.row.width || spec.rowVector.rowsPerGroup || spec.pairVector ||
                          spec.kind == PassKind::RealMerge || spec.kind == PassKind::RealSplit))
        throw std::invalid_argument("KernelSpec: a convolution pass is a lane or Stockham kernel");
    return familyOf(spec).source(spec);
}

std::vector<std::complex<long double>> kernelTable(const KernelSpec& spec) { return familyOf(spec).table(spec); }

} // namespace clfft_ng
