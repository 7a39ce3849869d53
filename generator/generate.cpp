#include "generate.h"

#include "real_split.h"
#include "row_lanes.h"
#include "lanes.h"
#include "stockham.h"

namespace clfft_ng {

static bool isSplitMerge(const KernelSpec& spec)
{
    return spec.kind == PassKind::RealMerge || spec.kind == PassKind::RealSplit;
}

std::string generateKernelSource(const KernelSpec& spec)
{
    if (spec.simdLanes)
        return generateLaneSource(spec);
    if (spec.rowLanes)
        return generateRowLaneSource(spec);
    return isSplitMerge(spec) ? generateSplitMergeSource(spec) : generateStockhamSource(spec);
}

std::vector<std::complex<long double>> kernelTable(const KernelSpec& spec)
{
    if (isSplitMerge(spec))
        return splitMergeTwiddles(spec);
    if (spec.rowLanes)
        return rowLaneTwiddles(spec);
    std::vector<std::complex<long double>> table = stockhamTwiddles(spec);
    if (spec.simdLanes) {
        table.resize(laneTableBase(spec)); // zeros after a chirp
        if (!spec.stageTwiddleLength || spec.laneDim != 0)
            return table;
        const auto lanes = laneTwiddles(spec);
        table.insert(table.end(), lanes.begin(), lanes.end());
    }
    return table;
}

} // namespace clfft_ng
