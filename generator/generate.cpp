#include "generate.h"

#include "families.h"

namespace clfft_ng {

std::string generateKernelSource(const KernelSpec& spec) { return familyOf(spec).source(spec); }

std::vector<std::complex<long double>> kernelTable(const KernelSpec& spec) { return familyOf(spec).table(spec); }

} // namespace clfft_ng
