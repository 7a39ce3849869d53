// A pass's kernel: the spec from what the pass computes, then the Stockham launch shape (the
// GPU form: transforms per work-group, work-items per transform, split exchange, index width);
// cpu_forms.cpp may then turn it into a lane or row-lane kernel.
#include "internal.h"

#include "factorize.h"

#include <clFFT.h>

#include "status_error.h"

#include <algorithm>
#include <cstdint>

namespace clfft_ng {

std::size_t PassPlan::workGroups() const
{
    if (spec.row.pairs || spec.row.stacked) // two rows per transform slot
        return (transforms + 2 * spec.transformsPerGroup - 1) / (2 * spec.transformsPerGroup);
    if (spec.lane.width) { // one group per vector of lanes along the lane dimension
        std::size_t groups = 1;
        for (std::size_t d = 0; d < batch.size(); ++d)
            groups *= static_cast<int>(d) == spec.lane.dim ? (batch[d].n + spec.lane.width - 1) / spec.lane.width : batch[d].n;
        return (groups + spec.lane.setsPerGroup - 1) / spec.lane.setsPerGroup;
    }
    const std::size_t b = spec.rowVector.rowsPerGroup ? spec.rowVector.rowsPerGroup : spec.transformsPerGroup;
    return (transforms + b - 1) / b;
}

std::vector<IoDim> normaliseBatch(std::vector<IoDim> dims)
{
    dims.erase(std::remove_if(dims.begin(), dims.end(), [](const IoDim& d) { return d.n == 1; }), dims.end());
    // Innermost first, so that consecutive transform indices sit close in memory.
    std::stable_sort(dims.begin(), dims.end(),
                     [](const IoDim& a, const IoDim& b) { return a.inStride < b.inStride; });
    bool merged = true;
    while (merged) {
        merged = false;
        for (std::size_t i = 0; i < dims.size() && !merged; ++i)
            for (std::size_t j = 0; j < dims.size() && !merged; ++j) {
                if (i == j)
                    continue;
                if (dims[j].inStride == dims[i].n * dims[i].inStride &&
                    dims[j].outStride == dims[i].n * dims[i].outStride) {
                    dims[i].n *= dims[j].n;
                    dims.erase(dims.begin() + static_cast<std::ptrdiff_t>(j));
                    merged = true;
                }
            }
    }
    if (dims.empty())
        dims.push_back(IoDim{1, 0, 0});
    return dims;
}

namespace planning {

std::size_t floorPow2(std::size_t v)
{
    std::size_t p = 1;
    while (p * 2 <= v)
        p *= 2;
    return p;
}

std::size_t ceilPow2(std::size_t v)
{
    std::size_t p = 1;
    while (p < v && p <= (SIZE_MAX >> 1))
        p *= 2;
    return p;
}

namespace {

// Largest offset (in elements) a pass touches on one side, to decide 32- or 64-bit indexing.
std::size_t maxOffset(std::size_t extent, std::size_t stride, const std::vector<IoDim>& batch, bool input)
{
    std::size_t off = (extent - 1) * stride;
    for (const IoDim& d : batch)
        off += (d.n - 1) * (input ? d.inStride : d.outStride);
    return off;
}

} // namespace

PassPlan makePass(const Context& ctx, const PassIo& io)
{
    PassPlan pass;
    pass.source = io.source;
    pass.destination = io.destination;
    pass.sourceLayout = io.sourceLayout;
    pass.destinationLayout = io.destinationLayout;
    pass.inStride = io.inStride;
    pass.outStride = io.outStride;
    if (io.stageTwiddleLength || io.pinFirstBatchDim) {
        pass.batch = normaliseBatch(std::vector<IoDim>(io.batch.begin() + 1, io.batch.end()));
        if (pass.batch.size() == 1 && pass.batch[0].n == 1)
            pass.batch.clear();
        pass.batch.insert(pass.batch.begin(), io.batch.front());
    } else {
        pass.batch = normaliseBatch(io.batch);
    }
    pass.transforms = 1;
    for (const IoDim& b : pass.batch)
        pass.transforms *= b.n;

    KernelSpec& spec = pass.spec;
    spec.kind = io.kind;
    // Lengths with a prime factor above 13 (complex, or a real dimension computed as a complex
    // transform of real input / hermitian output): Rader or Bluestein.
    const DeviceLimits& limits = ctx.limits;
    const TuningProfile& tuning = ctx.tuning;
    const bool anyLength = (io.kind == PassKind::Complex || io.kind == PassKind::RealForward ||
                            io.kind == PassKind::RealBackward) && !hasCodeletFactors(io.n);
    if (anyLength) {
        spec.realDirection = io.kind == PassKind::RealForward ? 1 : io.kind == PassKind::RealBackward ? -1 : 0;
        spec.transformLength = io.n;
        const bool rader = useRader(ctx, io.n) && !io.bluesteinOverRader;
        spec.kind = rader ? PassKind::Rader : PassKind::Bluestein;
        spec.length = rader ? io.n - 1 : bluesteinLength(io.n);
    } else if (io.kind == PassKind::Complex) {
        spec.length = io.n;
    } else {
        spec.realLength = io.n;
        spec.length = io.n % 2 == 0 ? io.n / 2 : io.n;
    }
    const bool splitMerge = io.kind == PassKind::RealMerge || io.kind == PassKind::RealSplit;
    if (!splitMerge)
        spec.radices = chooseRadices(spec.length);
    spec.precision = ctx.precision();
    spec.inLayout = io.sourceLayout;
    spec.outLayout = io.destinationLayout;
    spec.batchDims = static_cast<int>(pass.batch.size());
    // The kernels index stage twiddles with 32-bit exponents: transforms up to 2^32 points.
    if (io.stageTwiddleLength > UINT32_MAX || io.bluesteinPadded > UINT32_MAX)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    spec.stageTwiddleLength = io.stageTwiddleLength;
    spec.fusedStep = io.fusedStep;
    if (io.fusedStep != FusedStep::None) {
        spec.transformLength = io.transformLength;
        spec.bluesteinPadded = io.bluesteinPadded;
        spec.fusedPositionStride = io.fusedPositionStride;
        spec.realDirection = io.realDirection;
    }
    if (spec.batchDims > kMaxBatchDims)
        throw StatusError{CLFFT_NOTIMPLEMENTED};

    const std::size_t maxGroup = std::min(limits.maxWorkGroupSize, tuning.maxWorkGroup);
    std::size_t bytesPerTransform = spec.length * complexBytes(spec.precision);
    const bool usesLocal = spec.usesLocalMemory();
    if (usesLocal && bytesPerTransform > limits.localMemBytes) {
        // Exchanging one component at a time halves the local memory (4096 double points in
        // 32 KiB on a GPU with 48 KiB per group), at the price of two more barriers a pass.
        if (bytesPerTransform / 2 > limits.localMemBytes || spec.kind != PassKind::Complex)
            throw StatusError{CLFFT_NOTIMPLEMENTED}; // needs the multi-pass (large transform) path
        spec.stockham.splitExchange = true;
        bytesPerTransform /= 2;
    }
    spec.threadsPerTransform =
        usesLocal && !spec.radices.empty()
            ? std::min(spec.length / static_cast<std::size_t>(spec.radices.front()), maxGroup)
            : 1;

    // Several short transforms per work-group keep the group busy; local memory and the
    // work-group size bound how many. Powers of two keep the number of distinct kernels small.
    const std::size_t targetThreads = tuning.targetGroupThreads;
    const std::size_t localBudget = std::min(limits.localMemBytes, tuning.groupLocalBudget);
    std::size_t b = std::max<std::size_t>(1, targetThreads / spec.threadsPerTransform);
    if (tuning.stridedGroupRowBytes && !pass.batch.empty()) {
        const IoDim& next = pass.batch.front();
        if ((next.inStride == 1 && pass.inStride > 1) || (next.outStride == 1 && pass.outStride > 1))
            b = std::max(b, tuning.stridedGroupRowBytes / complexBytes(spec.precision));
    }
    if (usesLocal)
        b = std::min(b, std::max<std::size_t>(1, localBudget / bytesPerTransform));
    b = std::min(b, std::max<std::size_t>(1, maxGroup / spec.threadsPerTransform));
    b = floorPow2(b);
    b = std::min(b, ceilPow2(pass.transforms));
    spec.transformsPerGroup = splitMerge ? 1 : b;
    spec.stockham.transformMajor = b > 1 && pass.batch.front().inStride < pass.inStride;

    // Points stored along the pass on each side (real passes: the hermitian half is shorter).
    std::size_t inExtent = io.n, outExtent = io.n;
    if (io.kind == PassKind::RealForward)
        outExtent = io.n / 2 + 1;
    if (io.kind == PassKind::RealBackward)
        inExtent = io.n / 2 + 1;
    if (splitMerge)
        inExtent = outExtent = io.n / 2 + 1;
    const std::size_t limit32 = UINT32_MAX;
    spec.index64 = pass.transforms > limit32 || maxOffset(inExtent, pass.inStride, pass.batch, true) > limit32 ||
                   maxOffset(outExtent, pass.outStride, pass.batch, false) > limit32;
    spec.zeroIn = ctx.zeroIn;
    spec.skipOut = ctx.skipOut;
    chooseCpuForm(ctx, pass);
    return pass;
}

} // namespace planning
} // namespace clfft_ng
