// The CPU forms of a pass (PoCL and other CPU devices): lane kernels (generator/lanes.cpp),
// OpenCL vectors of `lanes` neighbouring transforms, and row-lane kernels (generator/row_lanes.cpp),
// the points of one contiguous row in the vector lanes. PoCL's compiler does not vectorise
// ordinary work-item code across work-items; these forms write the vectors out. The numbers
// are the CPU profile's (tuning.cpp); how they were measured: docs/tuning.md.
#include "internal.h"

#include "butterfly.h"
#include "cost.h"
#include "factorize.h"
#include "lanes.h"
#include "row_lanes.h"
#include "row_vectors.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

namespace clfft_ng::planning {

// Plans with callbacks keep the Stockham kernels (the callbacks take one point, not a vector).
bool Context::cpuForms() const
{
    return limits.isCpu() && tuning.laneKernels && limits.laneKernels && !problem.pre.present &&
           !problem.post.present;
}

std::size_t laneLocalRoom(const Context& ctx, bool bluestein)
{
    return std::min(ctx.limits.localMemBytes, bluestein ? ctx.tuning.laneConvolutionLocalCap : ctx.tuning.laneLocalCap);
}

// `lanes` vectors per point, within the profile's cap and the device's local memory.
bool laneLocalFits(const Context& ctx, std::size_t points, bool bluestein)
{
    return laneLocalLanes(ctx, points, bluestein) > 0;
}

// The lanes a lane kernel of `points` gets within its local memory: the profile's, or for a
// Bluestein convolution where the profile says so 4 (0: none fit).
std::size_t laneLocalLanes(const Context& ctx, std::size_t points, bool bluestein)
{
    const std::size_t room = laneLocalRoom(ctx, bluestein), bytes = points * complexBytes(ctx.precision());
    if (ctx.tuning.lanes * bytes <= room)
        return ctx.tuning.lanes;
    const std::size_t narrowRoom =
        ctx.tuning.laneBluesteinNarrowMaxBytes ? std::min(room, ctx.tuning.laneBluesteinNarrowMaxBytes) : room;
    return bluestein && ctx.tuning.laneBluesteinNarrow && ctx.tuning.lanes > 4 && 4 * bytes <= narrowRoom ? 4 : 0;
}

// Local memory of one transform slot of a row-lane kernel: two buffers of the row, each with a
// vector to spare and the padding of complex rows (KernelSpec::localMemBytes; real rows take
// none, so for them an upper bound), or tight: exactly the row.
std::size_t rowLaneSlotBytes(std::size_t rowLength, std::size_t lanes, Precision p, bool tight)
{
    return 2 * (tight ? rowLength / lanes : rowLaneBufferVectors(rowLength / lanes, lanes, p)) * lanes * complexBytes(p);
}

namespace {

// Whether a pass over rows of `length` points reads and writes more than the device's cache.
bool pastCache(const Context& ctx, const PassPlan& pass, std::size_t length)
{
    return ctx.limits.cacheBytes > 0 && 2 * pass.transforms * length * complexBytes(ctx.precision()) > ctx.limits.cacheBytes;
}

// The radices of the A-point passes of a row-lane kernel: the first pass reads `radix x
// linesPerVector` cache lines per work-item, and more than the profile's streams cost; so the
// fewest passes whose first radix stays within them, the rest ascending. Among those, three
// passes or more take the smallest first radix, two the largest (or, where the profile says
// so, the smallest largest radix); a profile's register budget bounds the radices it may take.
std::vector<int> rowLaneRadices(const TuningProfile& t, std::size_t A, std::size_t linesPerVector, std::size_t vectorBytes)
{
    const int maxRadix = static_cast<int>(t.rowLaneMaxRadix);
    // a radix whose vectors fit the profile's registers (vectorBytes: one vector of complex values)
    const auto fits = [&](std::size_t radix) { return !t.rowLanePassRegisterBytes || radix * vectorBytes <= t.rowLanePassRegisterBytes; };
    // one pass where the whole row's lines are few enough (fewer trips through local memory)
    if (isCodeletRadix(static_cast<int>(A)) && A * linesPerVector <= t.rowLaneOnePassLines && fits(A))
        return {static_cast<int>(A)};
    std::vector<int> best;
    for (int first = 2; static_cast<std::size_t>(first) * linesPerVector <= t.rowLaneFirstPassLines; ++first) {
        if (!isCodeletRadix(first) || A % static_cast<std::size_t>(first) != 0 || !fits(static_cast<std::size_t>(first)))
            continue;
        std::vector<int> radices;
        if (A != static_cast<std::size_t>(first))
            radices = chooseRadices(A / static_cast<std::size_t>(first), maxRadix);
        std::sort(radices.begin(), radices.end());
        radices.insert(radices.begin(), first);
        // fewer passes; with three or more, the smaller first radix (met first); with two, the
        // larger, or where the profile says so the smaller largest radix (fewer registers)
        const auto largest = [](const std::vector<int>& r) { return *std::max_element(r.begin(), r.end()); };
        const bool tie = radices.size() == best.size() && radices.size() <= 2 &&
                         (!t.rowLaneTwoPassBalanced || largest(radices) <= largest(best));
        if (best.empty() || radices.size() < best.size() || tie)
            best = radices;
    }
    return best.empty() ? chooseRadices(A, maxRadix) : best;
}

// The lanes of a packed row-lane kernel (row_lanes.h) for a complex row, 0 where it takes none
// (the ranges are measured, docs/tuning.md): single rows of 8A points (A not a multiple of 8),
// 8 lanes (4, stacked, for rows of 16A points in rowLanesStacked16A); single rows of 8A + 4
// points longer than the rows moved as blocks, and double rows of 16A points (every block of 4
// lanes within one row, stored as whole lines), 4 lanes.
std::size_t packedRowLanes(const TuningProfile& t, const KernelSpec& spec, std::size_t rowLength)
{
    if (t.lanes != 8 || spec.kind != PassKind::Complex)
        return 0;
    if (spec.precision == Precision::Double)
        return rowLength % std::max<std::size_t>(t.rowLanesPacked4DoubleMultiple, 4) == 0 && rowLength % 64 != 0 &&
                       rowLength >= t.rowLanesPacked4Double[0] &&
                       rowLength <= t.rowLanesPacked4Double[1]
                   ? 4
                   : 0;
    if (t.rowLanesStacked4 && rowLength % 16 == 0 && rowLength % 64 != 0 && rowLength >= t.rowLanesStacked16A[0] &&
        rowLength <= t.rowLanesStacked16A[1])
        return 4;
    if (rowLength % 8 == 0 && rowLength % 64 != 0 && rowLength >= 16 && rowLength <= t.rowLanesPackedMaxLength)
        return 8;
    if (rowLength % 8 == 4 && rowLength > t.laneRowBlocksMaxLength && rowLength <= t.rowLanesPacked4MaxLength)
        return 4;
    return 0;
}

// Rows of contiguous points: the row-lane kernel, where the row is a multiple of lanes^2 points.
bool chooseRowLanes(const Context& ctx, PassPlan& pass)
{
    const TuningProfile& t = ctx.tuning;
    KernelSpec& spec = pass.spec;
    const std::size_t W = t.lanes;
    const std::size_t minRow = W * W;
    // Even real rows up to realPairMaxLength: two rows as one complex FFT of their length (the
    // efficiency of the longer complex kernels); longer rows: the half-length FFT.
    const bool evenReal = (spec.kind == PassKind::RealForward || spec.kind == PassKind::RealBackward) && spec.halfLengthReal();
    const bool pairs = evenReal && spec.realLength >= 2 * minRow && spec.realLength <= t.realPairMaxLength &&
                       spec.realLength % (W * W) == 0;
    // Bluestein's convolution of a row (complex, or real data of either direction): over the
    // row-lane length (a multiple of 64).
    const bool bluestein = spec.kind == PassKind::Bluestein && rowLaneBluesteinFits(ctx, spec.transformLength);
    const std::size_t rowLength =
        pairs ? spec.realLength : bluestein ? rowLaneBluesteinLength(spec.transformLength) : spec.length;
    const std::size_t packedLanes = packedRowLanes(t, spec, rowLength);
    // Past the cache, the shortest packed rows lose to lane kernels that stream their stores.
    if (packedLanes == 8 && rowLength < t.rowLanesPackedMinLengthPastCache && pastCache(ctx, pass, rowLength))
        return false;
    const bool packed = packedLanes > 0;
    // Single-precision real rows: wider vectors (whole cache lines from two real rows), where
    // the W k of a DFT across the lanes divide the row. Other complex rows keep W.
    const std::size_t lanes = packed ? packedLanes
                              : evenReal && spec.precision == Precision::Single && rowLength % (t.realRowLanes * W) == 0
                                  ? t.realRowLanes
                                  : W;
    const std::size_t packedPeriod = packed ? lanes / std::gcd(rowLength / lanes, lanes) : 1; // transforms
    if (packedPeriod > std::min(ctx.limits.maxWorkGroupSize, t.maxWorkGroup))
        return false;
    // Complex rows whose buffers fit local memory only without padding and spare vector: tight.
    const bool tight = spec.kind == PassKind::Complex && !packed &&
                       rowLaneSlotBytes(rowLength, lanes, spec.precision) > ctx.limits.localMemBytes;
    if (!ctx.limits.rowLaneKernels || !(spec.kind == PassKind::Complex || evenReal || bluestein) || spec.stageTwiddleLength ||
        spec.fusedStep != FusedStep::None || pass.inStride != 1 || pass.outStride != 1 ||
        ((rowLength % (W * W) != 0 || rowLength < minRow) && !packed) ||
        (packed ? packedPeriod : 1) * rowLaneSlotBytes(rowLength, lanes, spec.precision, tight) > ctx.limits.localMemBytes)
        return false;
    // Cache lines per vector in the first pass: single precision, 8 complex values are one, 16
    // two, and a vector of pairs takes one from each of two rows. Double is counted as one (a
    // first pass within the line budget would take more passes, slower).
    const std::size_t lines = spec.precision == Precision::Single && (lanes == 16 || pairs) ? 2 : 1;
    std::vector<int> radices = rowLaneRadices(t, rowLength / lanes, lines, lanes * complexBytes(spec.precision));
    std::size_t product = 1;
    for (int r : radices)
        product *= static_cast<std::size_t>(r);
    if (product != rowLength / lanes) // a factor above the profile's largest radix (a candidate's)
        return false;
    const std::size_t maxGroup = std::min(ctx.limits.maxWorkGroupSize, t.maxWorkGroup);
    spec.row.pairs = pairs;
    spec.row.tight = tight;
    spec.length = rowLength;
    spec.row.width = lanes;
    spec.radices = std::move(radices);
    spec.stockham.transformMajor = false;
    spec.threadsPerTransform =
        std::max<std::size_t>(1, std::min(spec.length / lanes / static_cast<std::size_t>(spec.radices.front()), maxGroup));
    // Short complex rows whose blocks of the DFTs across the lanes lie in one row (A a multiple of
    // the lanes): every pass on one work-item, in registers, within the profile's bytes of vectors.
    const bool stack = packed && lanes == 4 && spec.precision == Precision::Single && t.rowLanesStacked4 &&
                       !ctx.problem.inPieces.length;
    if (spec.kind == PassKind::Complex && !tight && (spec.length / lanes) % lanes == 0 &&
        spec.length * (stack ? 2 : 1) * complexBytes(spec.precision) <= t.rowLaneRegistersBytes) {
        spec.threadsPerTransform = 1;
        spec.row.registers = true;
    }
    // Short transforms: several per work-group, so that the groups are worth their start.
    std::size_t b = std::max<std::size_t>(1, t.rowLaneGroupThreads / spec.threadsPerTransform);
    b = std::min(b, std::max<std::size_t>(1, t.rowLaneGroupBytes / (spec.length * complexBytes(spec.precision))));
    b = std::min({floorPow2(b), ceilPow2(pass.transforms), floorPow2(std::max<std::size_t>(1, maxGroup / spec.threadsPerTransform))});
    while (b > 1 && b * rowLaneSlotBytes(rowLength, lanes, spec.precision, tight) > ctx.limits.localMemBytes)
        b /= 2;
    if (packed) { // whole periods of lcm(A, 8) vectors per group (local memory: checked above)
        b = std::max(b, packedPeriod);
        spec.threadsPerTransform = std::min(spec.threadsPerTransform, maxGroup / b);
        // Single rows of 4 lanes: a second transform in the high half of each float8 (each slot
        // then holds two transforms, as with real pairs), in fewer slots where local memory
        // needs it, down to one period; not rows read in pieces (the loads of one row only).
        const std::size_t slot = rowLaneSlotBytes(rowLength, lanes, spec.precision);
        while (stack && b > packedPeriod && 2 * b * slot > ctx.limits.localMemBytes)
            b /= 2;
        spec.row.stacked = stack && 2 * b * slot <= ctx.limits.localMemBytes;
    }
    spec.transformsPerGroup = b;
    return true;
}

// Short complex rows of factors 2, 3, 5, 7, 11 and 13 in the profile's ranges, at unit stride on
// both sides, interleaved: the row-vector kernel, one work-item per group walking about
// laneGroupBytes of rows (PoCL's start of a group), keeping at least 64 groups for the cores.
bool chooseRowVectors(const Context& ctx, PassPlan& pass)
{
    const TuningProfile& t = ctx.tuning;
    KernelSpec& spec = pass.spec;
    const bool odd = spec.length % 2 == 1;
    const std::size_t reals = rowVectorReals(spec.length);
    const std::size_t* range = spec.precision == Precision::Double ? (odd ? t.rowVectorsOddDouble : t.rowVectorsDouble)
                               : odd                                ? t.rowVectorsOddSingle
                                                                    : t.rowVectorsSingle;
    // (Rows read in pieces, docs/multi-device.md, are the row lanes' alone.)
    if (!ctx.limits.rowVectorKernels || ctx.problem.inPieces.length || spec.kind != PassKind::Complex || spec.stageTwiddleLength ||
        spec.fusedStep != FusedStep::None || pass.inStride != 1 || pass.outStride != 1 ||
        spec.inLayout != ComplexLayout::Interleaved || spec.outLayout != ComplexLayout::Interleaved ||
        reals == 0 || spec.length < range[0] || spec.length > range[1] || 2 * spec.length / reals > t.rowVectorsMaxVectors)
        return false;
    spec.radices = rowVectorRadices(spec.length);
    spec.transformsPerGroup = spec.threadsPerTransform = 1;
    spec.stockham.transformMajor = false;
    const std::size_t groupBytes = ctx.limits.laneGroupBytes ? ctx.limits.laneGroupBytes : t.laneGroupBytes;
    const std::size_t rowBytes = spec.length * complexBytes(spec.precision);
    spec.rowVector.rowsPerGroup = std::max<std::size_t>(
        1, std::min(floorPow2(std::max(groupBytes, rowBytes) / rowBytes), floorPow2(std::max<std::size_t>(1, pass.transforms / 64))));
    // Rows side by side where one row's vectors are narrower than the profile's (odd lengths: one
    // point each), for the lengths whose stacked vectors still fit the registers; no more rows
    // than a group walks (fewer would be loaded twice).
    const std::size_t* stackRange = spec.precision == Precision::Double ? t.rowVectorStackDouble : t.rowVectorStackSingle;
    const std::size_t vectorBytes = reals * complexBytes(spec.precision) / 2;
    if (spec.length >= stackRange[0] && spec.length <= stackRange[1] && vectorBytes < t.rowVectorStackBytes)
        spec.rowVector.stack = std::min(t.rowVectorStackBytes / vectorBytes, spec.rowVector.rowsPerGroup);
    return true;
}

// Work-items of a lane pass that holds registers across barriers (one buffer: every item reads
// all its inputs before any writes). PoCL keeps those per item, and with a multiple of 32 items
// the blocks alias in the cache (2-6x slower, docs/tuning.md); so another count, the one with the
// fewest register slots in all (partial rounds leave slots unused), each slot being unrolled code.
constexpr std::size_t kLaneMaxSlots = 96;
constexpr std::size_t kLaneAliasingItems = 32;

std::size_t laneThreadsAcrossBarriers(std::size_t n, const std::vector<int>& radices, std::size_t items)
{
    std::size_t best = items, bestSlots = SIZE_MAX;
    for (std::size_t t = 1; t <= items; ++t) {
        if (t % kLaneAliasingItems == 0)
            continue;
        std::size_t slots = 0;
        for (int r : radices) {
            const std::size_t butterflies = n / static_cast<std::size_t>(r);
            slots = std::max(slots, (butterflies + t - 1) / t * static_cast<std::size_t>(r));
        }
        if (slots <= kLaneMaxSlots && (bestSlots == SIZE_MAX || t * slots <= best * bestSlots)) {
            best = t;
            bestSlots = slots;
        }
    }
    return best;
}

} // namespace

void chooseCpuForm(const Context& ctx, PassPlan& pass)
{
    KernelSpec& spec = pass.spec;
    const bool realPass = spec.kind == PassKind::RealForward || spec.kind == PassKind::RealBackward;
    const bool bluestein = spec.kind == PassKind::Bluestein && !spec.stageTwiddleLength;
    // 16-bit storage (docs/precision.md): every CPU form converts but the row lanes' packed runs.
    const bool sixteen = ctx.problem.inStorage != Storage::Native || ctx.problem.outStorage != Storage::Native;
    if (ctx.cpuForms() && (spec.kind == PassKind::RealMerge || spec.kind == PassKind::RealSplit)) {
        // Consecutive pairs as vectors, interleaved on both sides, no callbacks.
        const std::size_t V = ctx.tuning.splitMergeVector;
        if (V && spec.inLayout == ComplexLayout::Interleaved && spec.outLayout == ComplexLayout::Interleaved &&
            !spec.pre.present && !spec.post.present && spec.length % (2 * V) == 0)
            spec.pairVector = V;
        return;
    }
    if (!ctx.cpuForms() || (spec.kind != PassKind::Complex && !realPass && !bluestein) || spec.radices.empty() ||
        spec.stockham.splitExchange || (spec.fusedStep != FusedStep::None && spec.realDirection != 0))
        return;
    // Zero-padded input, pruned output (docs/zero-padding.md): the masks are in the lane kernels'
    // element loads and stores (complex passes), else in the Stockham kernel's.
    const bool ranged = spec.zeroIn.present() || spec.skipOut.present();
    if (ranged && (spec.kind != PassKind::Complex || spec.stageTwiddleLength || spec.fusedStep != FusedStep::None))
        return;
    if (!ranged && (chooseRowVectors(ctx, pass) || (!sixteen && chooseRowLanes(ctx, pass))))
        return;
    if (ranged) { // complex row lanes of single vectors, the ranges whole vectors of 8 points
        PassPlan tried = pass;
        const KernelSpec& k = tried.spec;
        auto whole = [&](const PointRange& r, std::size_t grain) {
            return !r.present() || (r.begin % grain == 0 && r.end % grain == 0);
        };
        if (!sixteen && chooseRowLanes(ctx, tried) && k.row.width == 8 && !k.row.stacked && !k.row.pairs &&
            !k.row.pieceLength && !rowLanePacked(k) && whole(k.zeroIn, 8) && whole(k.skipOut, 8) &&
            (!k.skipOut.present() || (k.length / 8) % 8 == 0)) { // stored vectors start at 8g + c N/8

            pass = tried;
            return;
        }
    }
    if (sixteen) { // row lanes but their packed runs (partial vector stores)
        PassPlan tried = pass;
        if (chooseRowLanes(ctx, tried) && !rowLanePacked(tried.spec) && !tried.spec.row.pieceLength) {
            pass = tried;
            return;
        }
    }
    // The lane dimension: unit strides on both sides if there is one (whole cache lines in and
    // out), else on one side, else any (lanes gathered and scattered element by element still
    // beat scalar code that the compiler cannot vectorise).
    std::size_t W = ctx.tuning.lanes;
    int lane = -1;
    for (int want = 2; want >= 0 && lane < 0; --want)
        for (std::size_t d = 0; d < pass.batch.size() && lane < 0; ++d)
            if ((pass.batch[d].inStride == 1) + (pass.batch[d].outStride == 1) >= want && pass.batch[d].n >= W)
                lane = static_cast<int>(d);
    if (lane < 0 || !laneLocalFits(ctx, spec.length, bluestein))
        return;
    const IoDim& d = pass.batch[static_cast<std::size_t>(lane)];
    // Short double rows gathered on both sides: narrower vectors (half the registers per value;
    // LLVM splits a double8 into two 256-bit halves on these CPUs).
    const bool narrow = spec.precision == Precision::Double && spec.kind == PassKind::Complex && !spec.stageTwiddleLength &&
                        spec.fusedStep == FusedStep::None && d.inStride != 1 && d.outStride != 1 &&
                        spec.length >= 3 && spec.length <= ctx.tuning.narrowDoubleLanesMaxLength &&
                        ctx.tuning.narrowDoubleLanes >= 2;
    if (narrow)
        W = ctx.tuning.narrowDoubleLanes;
    // Complex passes whose two local buffers of W lanes exceed the lane kernels' room: W / 2 lanes
    // in two buffers rather than W in one (whose passes hold every value across a barrier), where
    // the narrower vectors keep 256 bits (double) or the length is no power of two (single
    // float4 lost on those: 8192 columns 0.42x).
    const std::size_t halfW = W / 2, halfBytes = 2 * spec.length * halfW * complexBytes(spec.precision);
    const bool powerOfTwo = (spec.length & (spec.length - 1)) == 0;
    if (ctx.tuning.laneHalfWidthForTwoBuffers && spec.kind == PassKind::Complex &&
        (halfW * complexBytes(spec.precision) / 2 >= 32 || (!powerOfTwo && halfW >= 4)) &&
        2 * halfBytes > laneLocalRoom(ctx, false) && halfBytes <= laneLocalRoom(ctx, false))
        W = halfW;
    if (bluestein)
        W = laneLocalLanes(ctx, spec.length, true);
    spec.lane.width = W;
    spec.lane.dim = lane;
    // Not the convolutions beyond a plain lane pass's local memory (one buffer, M = 16384: the
    // 5-pass kernel crashed PoCL 3.1). Double8 values (512 bits): no radix 16 at all.
    if (ctx.tuning.laneRadix16Cost > 0 && laneLocalFits(ctx, spec.length, false)) {
        const bool wideDouble = spec.precision == Precision::Double && W >= 8 && !ctx.tuning.laneWideDoubleRadix16;
        spec.radices = chooseRadices(spec.length, 16, laneRadix16PassCost(ctx.tuning, wideDouble));
        // Double: two radices with a large one spill the registers; more passes of smaller ones.
        const std::size_t largest = static_cast<std::size_t>(*std::max_element(spec.radices.begin(), spec.radices.end()));
        const std::size_t cap = ctx.tuning.laneDoubleTwoRadicesMax[narrow ? 0 : 1];
        if (spec.precision == Precision::Double && spec.radices.size() == 2 && cap &&
            (narrow ? largest >= 10 && spec.length >= 60 : largest >= 14))
            spec.radices = chooseRadices(spec.length, static_cast<int>(cap), kNoRadix16Cost);
        const std::size_t maxGroup = std::min(ctx.limits.maxWorkGroupSize, ctx.tuning.maxWorkGroup);
        spec.threadsPerTransform = std::min(spec.length / static_cast<std::size_t>(spec.radices.front()), maxGroup);
    }
    // Short rows of several passes: one work-item per set of lanes, every index a constant, so
    // the exchange between passes stays in registers (no local memory, no barriers).
    const bool evenReal = (spec.kind == PassKind::RealForward || spec.kind == PassKind::RealBackward) && spec.halfLengthReal();
    spec.lane.registers = (spec.kind == PassKind::Complex || evenReal) && !spec.stageTwiddleLength &&
                          spec.fusedStep == FusedStep::None && (spec.radices.size() >= 2 || evenReal) &&
                          (spec.length * W * complexBytes(spec.precision) <= ctx.tuning.laneRegistersMaxBytes ||
                           (spec.length == ctx.tuning.laneRegistersColumnLength && spec.precision == Precision::Single &&
                            d.inStride == 1 && d.outStride == 1) ||
                           (narrow && spec.length <= ctx.tuning.laneRegistersNarrowMaxLength) ||
                           (narrow && spec.length % W != 0 &&
                            spec.length <= ctx.tuning.laneRegistersNarrowUnalignedMaxLength));
    // Single rows of odd length gathered across the lanes, of small radices only: local memory.
    if (spec.kind == PassKind::Complex && spec.precision == Precision::Single && spec.length % 2 == 1 && d.inStride != 1 &&
        static_cast<std::size_t>(*std::max_element(spec.radices.begin(), spec.radices.end())) <=
            ctx.tuning.laneLocalOddRowsMaxRadix)
        spec.lane.registers = false;
    // Radix 16 through local memory where the profile keeps it to registers (a second pass
    // exchanges anyway, so a kernel of one radix-16 pass keeps it).
    if (ctx.tuning.laneRadix16OnlyInRegisters && !spec.lane.registers && spec.radices.size() >= 2 &&
        std::find(spec.radices.begin(), spec.radices.end(), 16) != spec.radices.end() &&
        laneLocalFits(ctx, spec.length, false)) {
        spec.radices = chooseRadices(spec.length, 16, kNoRadix16Cost);
        const std::size_t maxGroup = std::min(ctx.limits.maxWorkGroupSize, ctx.tuning.maxWorkGroup);
        spec.threadsPerTransform = std::min(spec.length / static_cast<std::size_t>(spec.radices.front()), maxGroup);
    }
    // Narrow double rows of small radices through local memory where the profile says so (not
    // the rows of up to 20 points that start every vector: 20 lost out of place).
    if (narrow && (spec.length % W != 0 || spec.length > 20) &&
        static_cast<std::size_t>(*std::max_element(spec.radices.begin(), spec.radices.end())) <=
            ctx.tuning.laneLocalNarrowMaxRadix)
        spec.lane.registers = false;
    if (spec.lane.registers)
        spec.threadsPerTransform = 1;
    // Passes through local memory, the smallest radix first where the work-items (length over
    // the first radix) fit one group: more items per set of lanes (300 as 5 x 6 x 10, 60 items).
    const std::size_t maxItems = std::min(ctx.limits.maxWorkGroupSize, ctx.tuning.maxWorkGroup);
    if (ctx.tuning.laneRadicesAscending && !spec.lane.registers && !bluestein && !powerOfTwo &&
        spec.length / static_cast<std::size_t>(*std::min_element(spec.radices.begin(), spec.radices.end())) <= maxItems) {
        std::sort(spec.radices.begin(), spec.radices.end());
        spec.threadsPerTransform = spec.length / static_cast<std::size_t>(spec.radices.front());
    }
    spec.lane.full = d.n % W == 0;
    spec.lane.realPairs = spec.halfLengthReal() && ((spec.kind == PassKind::RealForward && pass.inStride == 1) ||
                                               (spec.kind == PassKind::RealBackward && pass.outStride == 1));
    // The real side is read and written element by element.
    spec.lane.gatherIn = d.inStride != 1 || spec.realInputSide() || spec.fusedStep == FusedStep::Load;
    spec.lane.gatherOut = d.outStride != 1 || spec.realOutputSide() || spec.fusedStep == FusedStep::Store;
    // Short rows, one pass on one work-item, whose rows sit back to back (the usual batch): the
    // W rows as one block of vector loads and stores (the kernel checks the distance at run time).
    const bool blocks = ctx.limits.laneRowBlocks && spec.length <= ctx.tuning.laneRowBlocksMaxLength &&
                        laneOnePassOneItem(spec) && !sixteen; // blocks move complex values as 64-bit units
    spec.lane.blocksIn = blocks && pass.inStride == 1 && d.inStride == spec.length && laneCanMoveRowsByChunks(spec, true);
    spec.lane.blocksOut =
        blocks && pass.outStride == 1 && d.outStride == spec.length && laneCanMoveRowsByChunks(spec, false);
    // Other rows of unit-stride points, at least a chunk long: whole chunks of every row at a
    // time (out always; in unless the first of two passes has a large radix, measured slower).
    // Rows of one chunk only where the chunk goes straight to the registers (one pass, one
    // work-item) and no points are left over: a trip through local memory, or one chunk and
    // gathered points (10, 12), cost more than one chunk gains.
    const bool inRegisters = laneOnePassOneItem(spec) && spec.length % W == 0;
    const bool longEnough = ctx.tuning.laneRowChunks && ctx.limits.laneRowChunks && spec.length >= (inRegisters ? W : 2 * W);
    const bool chunksIn = spec.radices.size() != 2 ||
                          static_cast<std::size_t>(spec.radices.front()) <= ctx.tuning.laneRowChunksInMaxRadix;
    spec.lane.rowsIn =
        !spec.lane.blocksIn && longEnough && chunksIn && pass.inStride == 1 && laneCanMoveRowsByChunks(spec, true);
    spec.lane.rowsOut = !spec.lane.blocksOut && longEnough && pass.outStride == 1 && laneCanMoveRowsByChunks(spec, false);
    if (ranged) { // the masked paths: elements, and chunks where the ranges hold whole chunks
        auto wholeChunks = [&](const PointRange& r) {
            return !r.present() || (r.begin % W == 0 && (r.end % W == 0 || r.end == spec.length));
        };
        spec.lane.blocksIn = spec.lane.blocksOut = false;
        spec.lane.rowsIn = spec.lane.rowsIn && wholeChunks(spec.zeroIn);
        spec.lane.rowsOut = spec.lane.rowsOut && wholeChunks(spec.skipOut);
    }
    spec.transformsPerGroup = 1;
    spec.stockham.transformMajor = false;
    // Several sets of lanes per group where a set is little work (PoCL's start of a group costs
    // as much as moving a few hundred bytes), keeping at least 64 groups for the cores.
    const std::size_t groupBytes = ctx.limits.laneGroupBytes ? ctx.limits.laneGroupBytes : ctx.tuning.laneGroupBytes;
    const std::size_t setBytes = W * spec.length * complexBytes(spec.precision);
    spec.lane.setsPerGroup = 1;
    const std::size_t sets = pass.workGroups();
    if (spec.threadsPerTransform == 1 && groupBytes > setBytes) // more work-items: no gain (24-100)
        spec.lane.setsPerGroup = std::min(floorPow2(groupBytes / setBytes), floorPow2(std::max<std::size_t>(1, sets / 64)));
    // Two local buffers where they fit the device, else one (a one-kernel Bluestein of M up to
    // 16384 single points takes 1 MiB with one). No chunks with one buffer: measured slower
    // (double 3000: 0.53x).
    spec.lane.oneBuffer = false;
    if ((spec.lane.rowsIn || spec.lane.rowsOut) && spec.localMemBytes() > ctx.limits.localMemBytes)
        spec.lane.rowsIn = spec.lane.rowsOut = false;
    spec.lane.oneBuffer = spec.localMemBytes() > ctx.limits.localMemBytes;
    // Bluestein's two-round kernels hold registers across barriers with two buffers too; there only
    // counts that alias move (2017: 3.9x; 1009's 135 items as 45 lost).
    if (spec.threadsPerTransform > 1 &&
        (spec.lane.oneBuffer || (bluestein && spec.threadsPerTransform % kLaneAliasingItems == 0)))
        spec.threadsPerTransform = laneThreadsAcrossBarriers(spec.length, spec.radices, spec.threadsPerTransform);
}

// Passes whose input and output together exceed the device's cache: each line of the output
// would be read into the cache before it is written, and pushed out before it is read again.
// Only whole vectors of one row or of neighbouring transforms: row lanes, and lane passes out of
// place (in place lost: 128^3 0.6x, 32 0.85x) over unit-stride columns, moving rows by chunks
// whose every row starts a vector (double 81: 0.59x) or moving blocks of rows.
void streamLargeStores(const Context& ctx, PassPlan& pass)
{
    KernelSpec& spec = pass.spec;
    const std::size_t vectorBytes = spec.lane.width * complexBytes(spec.precision);
    const bool laneRows = (spec.lane.rowsOut || spec.lane.blocksOut) && !spec.inPlace &&
                          static_cast<std::size_t>(spec.lane.dim) < pass.batch.size() &&
                          pass.batch[static_cast<std::size_t>(spec.lane.dim)].outStride * complexBytes(spec.precision) %
                                  vectorBytes == 0;
    const bool columns = spec.lane.width && !spec.lane.gatherOut && !spec.inPlace; // lanes at unit stride
    // Blocks of W short rows are stored as whole vectors from the block's start, wherever the
    // rows start (single 3 1.21x, 6 1.14x, 10 1.17x; double 5 1.20x).
    const bool blocks = spec.lane.blocksOut && !spec.inPlace;
    const bool rowVectors = spec.rowVector.rowsPerGroup && spec.rowVector.stack == 1 && !spec.inPlace;
    const bool rows = spec.row.width || laneRows || columns || blocks || rowVectors;
    // Packed row lanes store runs of a block's lanes: lines written part streamed, part not, or
    // streamed in pieces far apart in time, cost up to 10x (48: 2.96 GFLOP/s against 33.4). Only
    // whole lines stream (single 32 points 1.2x, double 16A points).
    const bool packedRuns = rowLanePacked(spec) && !rowLanePackedWholeLines(spec);
    spec.streamStores = !packedRuns && ctx.tuning.streamStores && rows && pastCache(ctx, pass, spec.length) && !spec.post.present &&
                         // fused r2r stores of the R2C kinds write half lines (8 reals here, 8 reversed
                         // there): streamed, DCT-II rows of 512 took 3.19 ms against 2.53 (R2C 2.44);
                         // the staged stores of DCT-III and DCT-IV row lanes write whole lines
                         !(spec.r2rOut.present() && (!spec.row.width || spec.kind == PassKind::RealForward)) &&
                         spec.outStorage == Storage::Native;
}

} // namespace clfft_ng::planning
