// The generator's entry points: KernelSpec -> OpenCL C source and the constant table the
// kernel reads (twiddle factors), whatever the kind of pass.
#pragma once

#include "kernel_spec.h"

#include <complex>
#include <string>
#include <vector>

namespace clfft_ng {

std::string generateKernelSource(const KernelSpec& spec);
std::vector<std::complex<long double>> kernelTable(const KernelSpec& spec);

} // namespace clfft_ng
