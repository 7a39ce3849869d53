#include "generate.h"

#include "real_split.h"
#include "stockham.h"

namespace clfft_ng {

static bool isSplitMerge(const KernelSpec& spec)
{
    return spec.kind == PassKind::RealMerge || spec.kind == PassKind::RealSplit;
}

std::string generateKernelSource(const KernelSpec& spec)
{
    return isSplitMerge(spec) ? generateSplitMergeSource(spec) : generateStockhamSource(spec);
}

std::vector<std::complex<long double>> kernelTable(const KernelSpec& spec)
{
    return isSplitMerge(spec) ? splitMergeTwiddles(spec) : stockhamTwiddles(spec);
}

} // namespace clfft_ng
