#include "families.h"

#include "lanes.h"
#include "real_split.h"
#include "row_lanes.h"
#include "row_vectors.h"
#include "stockham.h"

namespace clfft_ng {

namespace {

bool isSplitMerge(const KernelSpec& s) { return s.kind == PassKind::RealMerge || s.kind == PassKind::RealSplit; }

// One work-group of workGroupSize() work-items per group the planner counted.
LaunchShape groupsOfSpec(const KernelSpec& spec, std::size_t groups, std::size_t)
{
    LaunchShape l;
    l.global[0] = groups * spec.workGroupSize();
    l.local[0] = spec.workGroupSize();
    return l;
}

// One work-item per pair (k, M - k), or per vector of pairs, by transforms.
LaunchShape pairsByTransforms(const KernelSpec& spec, std::size_t, std::size_t transforms)
{
    LaunchShape l;
    const std::size_t pairs = spec.pairVector ? spec.length / (2 * spec.pairVector) : spec.length / 2 + 1;
    l.dims = 2;
    l.global[0] = (pairs + kSplitMergeGroup - 1) / kSplitMergeGroup * kSplitMergeGroup;
    l.global[1] = transforms;
    l.local[0] = kSplitMergeGroup;
    return l;
}

// Lane kernels read the Stockham table, zero-padded past a chirp, then their lane table.
std::vector<std::complex<long double>> laneTable(const KernelSpec& spec)
{
    std::vector<std::complex<long double>> table = stockhamTwiddles(spec);
    table.resize(laneTableBase(spec));
    if (!spec.stageTwiddleLength || spec.lane.dim != 0)
        return table;
    const auto lanes = laneTwiddles(spec);
    table.insert(table.end(), lanes.begin(), lanes.end());
    return table;
}

const KernelFamily kFamilies[] = {
    {"split/merge", isSplitMerge, generateSplitMergeSource, splitMergeTwiddles, pairsByTransforms},
    {"lanes", [](const KernelSpec& s) { return s.lane.width != 0; }, generateLaneSource, laneTable, groupsOfSpec},
    {"row lanes", [](const KernelSpec& s) { return s.row.width != 0; }, generateRowLaneSource, rowLaneTwiddles,
     groupsOfSpec},
    {"row vectors", [](const KernelSpec& s) { return s.rowVector.rowsPerGroup != 0; }, generateRowVectorSource,
     [](const KernelSpec&) { return std::vector<std::complex<long double>>(1); }, groupsOfSpec},
    {"stockham", [](const KernelSpec&) { return true; }, generateStockhamSource, stockhamTwiddles, groupsOfSpec},
};

} // namespace

const KernelFamily& familyOf(const KernelSpec& spec)
{
    for (const KernelFamily& f : kFamilies)
        if (f.accepts(spec))
            return f;
    return kFamilies[sizeof kFamilies / sizeof kFamilies[0] - 1];
}

} // namespace clfft_ng
