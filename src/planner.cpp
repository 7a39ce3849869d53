// The planner splits a Problem into passes. Today's strategy: one Stockham kernel per
// transform dimension, each computing whole 1-D transforms in local memory, several
// transforms per work-group; the other dimensions and the batch become the kernel's batch
// dimensions.
//  - complex: dimension 0 reads the input and writes the output; later dimensions work in
//    place on the output, so 2D/3D need no temporary buffer.
//  - real forward: the real pass along dimension 0 writes the hermitian half to the output,
//    then complex passes run in place on it along the other dimensions.
//  - real backward: complex passes along dimensions 1.. first (into a temporary buffer when
//    out of place, so the client's input is never overwritten; in place on the buffer
//    otherwise), then the real pass along dimension 0 writes the real output.
// The pre-callback goes into the first pass, the post-callback into the last.
#include "planner.h"

#include "cl_object.h"
#include "butterfly.h"
#include "factorize.h"
#include "stockham.h"

#include <clFFT.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace clfft_ng {

std::size_t PassPlan::workGroups() const
{
    if (spec.rowPairs) // two real rows per transform slot
        return (transforms + 2 * spec.transformsPerGroup - 1) / (2 * spec.transformsPerGroup);
    if (spec.simdLanes) { // one group per vector of lanes along the lane dimension
        std::size_t groups = 1;
        for (std::size_t d = 0; d < batch.size(); ++d)
            groups *= static_cast<int>(d) == spec.laneDim ? (batch[d].n + spec.simdLanes - 1) / spec.simdLanes : batch[d].n;
        return groups;
    }
    const std::size_t b = spec.transformsPerGroup;
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

namespace {

std::size_t bluesteinLength(std::size_t n);

// Cost model for a length with a prime factor above 13 that fits one kernel: a prime p whose
// p - 1 has factors 2..13 runs Rader's convolution over p - 1 points, which costs about half
// of Bluestein's over M >= 2p - 1 points (two rounds of passes each) and is more accurate;
// any other length runs Bluestein.
bool useRader(std::size_t n)
{
    return n > 13 && n - 1 <= 4096 && primitiveRoot(n) != 0 && hasCodeletFactors(n - 1);
}

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

// Largest offset (in elements) a pass touches on one side, to decide 32- or 64-bit indexing.
std::size_t maxOffset(std::size_t extent, std::size_t stride, const std::vector<IoDim>& batch, bool input)
{
    std::size_t off = (extent - 1) * stride;
    for (const IoDim& d : batch)
        off += (d.n - 1) * (input ? d.inStride : d.outStride);
    return off;
}

// What one pass reads and writes, before the kernel shape is chosen.
struct PassIo {
    PassKind kind = PassKind::Complex;
    std::size_t n = 1;              // transform length along the pass (real length for real passes)
    std::size_t inStride = 1, outStride = 1;
    std::vector<IoDim> batch;       // every other dimension, with this pass's strides
    BufferRole source = BufferRole::Input, destination = BufferRole::Output;
    ComplexLayout sourceLayout = ComplexLayout::Interleaved, destinationLayout = ComplexLayout::Interleaved;
    // Sub-passes of a multi-pass transform: batch[0] is the coordinate the stage twiddles
    // depend on, and must stay batch dimension 0 of the kernel.
    std::size_t stageTwiddleLength = 0;
    bool pinFirstBatchDim = false;  // batch[0] must stay batch dimension 0 (see above)
    BluesteinStep bluesteinStep = BluesteinStep::None;
    std::size_t bluesteinLength = 0, bluesteinPadded = 0, bluesteinPositionStride = 0;
    int realDirection = 0; // Load/Store steps on real data (see KernelSpec::realDirection)
};

// CPU devices: most passes run as lane kernels (simd_columns.cpp), vectors of kLanes
// transforms that neighbour along one batch dimension, when the vectors' local memory fits.
// Plans with callbacks keep the Stockham kernels. CLFFT_NG_LANES=0 turns lane kernels off
// (to compare). 8 lanes: float8/double8 values, float16/double16 loads (OpenCL's widest
// vectors hold two lanes' worth of interleaved complex points).
constexpr std::size_t kLanes = 8;

bool laneKernelsFor(const Problem& problem, const DeviceLimits& limits)
{
    static const bool disabled = [] {
        const char* e = std::getenv("CLFFT_NG_LANES");
        return e && std::string(e) == "0";
    }();
    return limits.isCpu && !disabled && !problem.pre.present && !problem.post.present;
}

// Local memory of a lane kernel over `points` points: kLanes vectors per point, up to 512 KiB
// (4096 single or double points; more is slower on PoCL), 1 MiB for a Bluestein convolution
// (one pass over global memory instead of four, see addDimension).
bool laneLocalFits(std::size_t points, Precision p, bool bluestein, const DeviceLimits& limits)
{
    const std::size_t cap = bluestein ? std::size_t(1) << 20 : std::size_t(1) << 19;
    return kLanes * points * complexBytes(p) <= std::min(limits.localMemBytes, cap);
}

// Local memory of one transform slot of a row-lane kernel: two buffers of the row, each with a
// vector to spare (KernelSpec::localMemBytes).
std::size_t rowLaneSlotBytes(std::size_t rowLength, std::size_t lanes, Precision p)
{
    return 2 * (rowLength + lanes) * complexBytes(p);
}

// The radices of the A-point passes of a row-lane kernel (radices up to 8: 16 vectors of each
// component fit the registers; radix 16 spilled, 2048 x 2048 went from 26 to 34 GFLOP/s with 8).
// The first pass reads `radix x linesPerVector` cache lines per work-item from global memory, and
// more than 8 such streams cost; so the fewest passes whose first radix reads at most 8 lines,
// the rest ascending. Among those, three passes or more take the smallest first radix, two the
// largest. Kernels timed alternately in one process, ms per 32 MiB:
//   c2c 2048  4-8-8 3.87, 8-8-4 4.30        c2c 1024  2-8-8 4.88, 4-4-8 5.24, 8-4-4 5.37
//   c2c 128   8-2 4.65, 2-8 4.80
//   r2c pairs of 16 lanes (two lines per vector, from two rows):
//   4096  4-8-8 4.1, 8-8-4 5.0, 2-4-4-8 4.9   1024  2-4-8 5.3, 4-4-4 5.9, 8-8 5.9
//   256   4-4 5.4, 8-2 5.6, 2-8 5.8
std::vector<int> rowLaneRadices(std::size_t A, std::size_t linesPerVector)
{
    std::vector<int> best;
    for (int first = 2; static_cast<std::size_t>(first) * linesPerVector <= 8; ++first) {
        if (!isCodeletRadix(first) || A % static_cast<std::size_t>(first) != 0)
            continue;
        std::vector<int> radices;
        if (A != static_cast<std::size_t>(first))
            radices = chooseRadices(A / static_cast<std::size_t>(first), 8);
        std::sort(radices.begin(), radices.end());
        radices.insert(radices.begin(), first);
        // fewer passes; with three or more, the smaller first radix (met first); with two, the larger
        if (best.empty() || radices.size() < best.size() || (radices.size() == best.size() && radices.size() <= 2))
            best = radices;
    }
    return best.empty() ? chooseRadices(A, 8) : best;
}

void chooseLaneKernel(const Problem& problem, PassPlan& pass, const DeviceLimits& limits)
{
    KernelSpec& spec = pass.spec;
    const bool realPass = spec.kind == PassKind::RealForward || spec.kind == PassKind::RealBackward;
    const bool bluestein = spec.kind == PassKind::Bluestein && !spec.stageTwiddleLength;
    if (!laneKernelsFor(problem, limits) || (spec.kind != PassKind::Complex && !realPass && !bluestein) ||
        spec.radices.empty() || spec.splitExchange || (spec.bluesteinStep != BluesteinStep::None && spec.realDirection != 0))
        return;
    const std::size_t W = kLanes;
    // Transforms of contiguous points (rows): a row-lane kernel, the points of one transform in
    // the lanes (whole-vector loads and stores, where lanes across rows would be gathered), from
    // 64 points (the same kernels timed alternately in one process, ms per 64 MiB, row lanes /
    // gathered lanes: c2c 64 7.7 / 9.8, 128 8.6 / 10.2, 256 10.2 / 12.0, 512 10.2 / 11.1, 1024
    // 10.9 / 17.1).
    static const bool rowLanes = [] {
        const char* e = std::getenv("CLFFT_NG_ROW_LANES");
        return !(e && std::string(e) == "0");
    }();
    // Even real rows of 128..4096 points: two rows as one complex FFT of their length, which
    // runs at the efficiency of the longer complex kernels (r2c, ms per 64 MiB, pairs / gathered
    // lanes on the half length: 64 8.5 / 7.6, 128 10.7 / 11.4, 256 10.7 / 11.1, 512 11.7 / 13.8,
    // 1024 17.5 / 20.0); longer rows: the half-length FFT.
    const std::size_t minRow = W * W;
    const bool evenReal = (spec.kind == PassKind::RealForward || spec.kind == PassKind::RealBackward) && spec.halfLengthReal();
    const bool pairs = evenReal && spec.realLength >= 2 * minRow && spec.realLength <= 4096 && spec.realLength % (W * W) == 0;
    const std::size_t rowLength = pairs ? spec.realLength : spec.length;
    // Single-precision real rows: 16 lanes (float16, whole cache lines from two real rows), where
    // the 8 k of a DFT across the lanes divide the row (ms per 32 MiB, 16 / 8 lanes, timed
    // alternately in one process: r2c 4096 4.1 / 5.0, 2048 4.5 / 5.9, 1024 5.3 / 6.6, 512 5.7 /
    // 6.2, 256 5.4 / 5.9, 8192 4.3 / 5.5; c2r 4096 4.6 / 4.75). Complex rows keep 8: 16 ran at
    // the same speed or slower (c2c 1024 4.90 / 4.88, 4096 3.54 / 3.67, 2048 4.49 / 3.87).
    const std::size_t lanes = evenReal && spec.precision == Precision::Single && rowLength % (16 * 8) == 0 ? 16 : W;
    if (rowLanes && (spec.kind == PassKind::Complex || evenReal) && !spec.stageTwiddleLength &&
        spec.bluesteinStep == BluesteinStep::None && pass.inStride == 1 && pass.outStride == 1 &&
        rowLength % (W * W) == 0 && rowLength >= minRow &&
        rowLaneSlotBytes(rowLength, lanes, spec.precision) <= limits.localMemBytes) {
        spec.rowPairs = pairs;
        spec.length = rowLength;
        spec.rowLanes = lanes;
        // Lines per vector in the first pass: single precision, 8 complex values are one, 16 two,
        // and a vector of pairs takes one from each of two rows. Double is counted as one: a
        // first pass within 8 lines would take 4 passes at 4096, slower (c2c 4.4 against 4.1 ms
        // per 32 MiB with 8-8-8), while the smaller first radix pays as in single (c2c 2048
        // 4-8-8 3.91 against 8-8-4 4.05, 1024 2-8-8 4.59 against 8-4-4 4.63-4.88, r2c pairs 2048
        // 4-8-8 4.22 against 8-8-4 4.54).
        const std::size_t lines = spec.precision == Precision::Single && (lanes == 16 || pairs) ? 2 : 1;
        spec.radices = rowLaneRadices(spec.length / lanes, lines);
        spec.transformMajorThreads = false;
        const std::size_t maxGroup = std::min<std::size_t>(limits.maxWorkGroupSize, 256);
        spec.threadsPerTransform =
            std::max<std::size_t>(1, std::min(spec.length / lanes / static_cast<std::size_t>(spec.radices.front()), maxGroup));
        // Short transforms: several per work-group (64 work-items, 64 KiB of local memory), so
        // that the work-groups are not too small to be worth their start.
        std::size_t b = std::max<std::size_t>(1, 64 / spec.threadsPerTransform);
        b = std::min(b, std::max<std::size_t>(1, (std::size_t(1) << 16) / (spec.length * complexBytes(spec.precision))));
        b = std::min({floorPow2(b), ceilPow2(pass.transforms), floorPow2(std::max<std::size_t>(1, maxGroup / spec.threadsPerTransform))});
        while (b > 1 && b * rowLaneSlotBytes(rowLength, lanes, spec.precision) > limits.localMemBytes)
            b /= 2;
        spec.transformsPerGroup = b;
        return;
    }
    // The lane dimension: unit strides on both sides if there is one (whole cache lines in and
    // out), else on one side, else any (lanes gathered and scattered element by element still
    // beat real2_t code that the compiler cannot vectorize).
    int lane = -1;
    for (int want = 2; want >= 0 && lane < 0; --want)
        for (std::size_t d = 0; d < pass.batch.size() && lane < 0; ++d)
            if ((pass.batch[d].inStride == 1) + (pass.batch[d].outStride == 1) >= want && pass.batch[d].n >= W)
                lane = static_cast<int>(d);
    if (lane < 0 || !laneLocalFits(spec.length, spec.precision, bluestein, limits))
        return;
    spec.simdLanes = W;
    spec.laneDim = lane;
    const IoDim& d = pass.batch[static_cast<std::size_t>(lane)];
    spec.laneFull = d.n % W == 0;
    spec.realPairs = spec.halfLengthReal() && ((spec.kind == PassKind::RealForward && pass.inStride == 1) ||
                                               (spec.kind == PassKind::RealBackward && pass.outStride == 1));
    // The real side is read and written element by element.
    spec.laneGatherIn = d.inStride != 1 || spec.realInputSide() || spec.bluesteinStep == BluesteinStep::Load;
    spec.laneGatherOut = d.outStride != 1 || spec.realOutputSide() || spec.bluesteinStep == BluesteinStep::Store;
    spec.transformsPerGroup = 1;
    spec.transformMajorThreads = false;
    // Two local buffers where they fit the device, else one (a one-kernel Bluestein of M up to
    // 16384 single points takes 1 MiB with one).
    spec.laneOneBuffer = spec.localMemBytes() > limits.localMemBytes;
}

PassPlan makePass(const Problem& problem, const PassIo& io, const DeviceLimits& limits)
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
    const bool anyLength = (io.kind == PassKind::Complex || io.kind == PassKind::RealForward ||
                            io.kind == PassKind::RealBackward) && !hasCodeletFactors(io.n);
    if (anyLength) {
        spec.realDirection = io.kind == PassKind::RealForward ? 1 : io.kind == PassKind::RealBackward ? -1 : 0;
        spec.bluesteinLength = io.n;
        spec.kind = useRader(io.n) ? PassKind::Rader : PassKind::Bluestein;
        spec.length = useRader(io.n) ? io.n - 1 : bluesteinLength(io.n);
    } else if (io.kind == PassKind::Complex) {
        spec.length = io.n;
    } else {
        spec.realLength = io.n;
        spec.length = io.n % 2 == 0 ? io.n / 2 : io.n;
    }
    const bool splitMerge = io.kind == PassKind::RealMerge || io.kind == PassKind::RealSplit;
    if (!splitMerge)
        spec.radices = chooseRadices(spec.length);
    spec.precision = problem.precision;
    spec.inLayout = io.sourceLayout;
    spec.outLayout = io.destinationLayout;
    spec.batchDims = static_cast<int>(pass.batch.size());
    // The kernels index stage twiddles with 32-bit exponents: transforms up to 2^32 points.
    if (io.stageTwiddleLength > UINT32_MAX || io.bluesteinPadded > UINT32_MAX)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    spec.stageTwiddleLength = io.stageTwiddleLength;
    spec.bluesteinStep = io.bluesteinStep;
    if (io.bluesteinStep != BluesteinStep::None) {
        spec.bluesteinLength = io.bluesteinLength;
        spec.bluesteinPadded = io.bluesteinPadded;
        spec.bluesteinPositionStride = io.bluesteinPositionStride;
        spec.realDirection = io.realDirection;
    }
    if (spec.batchDims > kMaxBatchDims)
        throw StatusError{CLFFT_NOTIMPLEMENTED};

    const std::size_t maxGroup = std::min<std::size_t>(limits.maxWorkGroupSize, 256);
    std::size_t bytesPerTransform = spec.length * complexBytes(spec.precision);
    const bool usesLocal = spec.usesLocalMemory();
    if (usesLocal && bytesPerTransform > limits.localMemBytes) {
        // Exchanging one component at a time halves the local memory (4096 double points in
        // 32 KiB on a GPU with 48 KiB per group), at the price of two more barriers a pass.
        if (bytesPerTransform / 2 > limits.localMemBytes || spec.kind != PassKind::Complex)
            throw StatusError{CLFFT_NOTIMPLEMENTED}; // needs the multi-pass (large transform) path
        spec.splitExchange = true;
        bytesPerTransform /= 2;
    }
    spec.threadsPerTransform =
        usesLocal && !spec.radices.empty()
            ? std::min(spec.length / static_cast<std::size_t>(spec.radices.front()), maxGroup)
            : 1;

    // Several short transforms per work-group keep the group busy; local memory and the
    // work-group size bound how many. Powers of two keep the number of distinct kernels small.
    const std::size_t targetThreads = 64;
    const std::size_t localBudget = std::min<std::size_t>(limits.localMemBytes, 32768);
    std::size_t b = std::max<std::size_t>(1, targetThreads / spec.threadsPerTransform);
    if (usesLocal)
        b = std::min(b, std::max<std::size_t>(1, localBudget / bytesPerTransform));
    b = std::min(b, std::max<std::size_t>(1, maxGroup / spec.threadsPerTransform));
    b = floorPow2(b);
    b = std::min(b, ceilPow2(pass.transforms));
    spec.transformsPerGroup = splitMerge ? 1 : b;
    spec.transformMajorThreads = b > 1 && pass.batch.front().inStride < pass.inStride;

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
    chooseLaneKernel(problem, pass, limits);
    return pass;
}

// ---- Buffer views ----------------------------------------------------------------------
// A view gives, for every dimension of the problem (transform dimensions, then batch
// dimensions), its count and its stride in one buffer.
struct View {
    std::vector<std::size_t> counts;
    std::vector<std::size_t> strides;
    BufferRole role;
    ComplexLayout layout;
};

View viewOf(const std::vector<IoDim>& dims, const std::vector<IoDim>& batch, bool out, BufferRole role,
            ComplexLayout layout)
{
    View v{{}, {}, role, layout};
    for (const IoDim& d : dims) {
        v.counts.push_back(d.n);
        v.strides.push_back(out ? d.outStride : d.inStride);
    }
    for (const IoDim& d : batch) {
        v.counts.push_back(d.n);
        v.strides.push_back(out ? d.outStride : d.inStride);
    }
    return v;
}

// The temporary buffer, packed (interleaved) with dimension `first` innermost.
View tempView(const std::vector<std::size_t>& counts, std::size_t first)
{
    View v{counts, std::vector<std::size_t>(counts.size()), BufferRole::Temp, ComplexLayout::Interleaved};
    std::size_t stride = 1;
    v.strides[first] = stride;
    stride *= counts[first];
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (i != first) {
            v.strides[i] = stride;
            stride *= counts[i];
        }
    return v;
}

std::size_t viewPoints(const View& v)
{
    std::size_t n = 1;
    for (std::size_t c : v.counts)
        n *= c;
    return n;
}

// The longest transform one kernel computes in local memory, where the device's local memory
// holds it; longer ones are split into passes through a temporary buffer. One kernel reads and
// writes the data once and needs no temporary (8192 x 512 c2c on PoCL: 14.9 ms in one kernel,
// 42.5 ms in two passes). Rader and Bluestein run two FFT rounds per kernel: up to 4096 points.
constexpr std::size_t kMaxSingleKernelLength = 8192;
constexpr std::size_t kMaxConvolutionKernelLength = 4096;

// Bluestein's convolution length for n: the cheapest length >= 2n-1 our passes compute
// (factors 2, 3, 5, 7; the cost model of factorize.cpp among the candidates up to 5/4 of the
// minimum, so 2^k usually wins over an odd smooth number a few percent shorter).
std::size_t bluesteinLength(std::size_t n)
{
    const std::size_t least = 2 * n - 1;
    std::size_t best = 0;
    double bestCost = 1e300;
    for (std::size_t m = least; m <= least + least / 4 + 1; ++m) {
        std::size_t r = m;
        for (std::size_t p : {2, 3, 5, 7})
            while (r % p == 0)
                r /= p;
        if (r != 1)
            continue;
        double cost = 0;
        for (int radix : chooseRadices(m))
            cost += 1.0 + 0.02 * radix;
        cost *= static_cast<double>(m);
        if (cost < bestCost) {
            bestCost = cost;
            best = m;
        }
    }
    return best;
}

// Split exchange (half the local memory) is a form of complex passes only (makePass).
bool fitsOneKernel(std::size_t n, Precision p, const DeviceLimits& limits, bool complexPass = true)
{
    // A length with a prime factor above 13 runs as Bluestein over its convolution length.
    const bool direct = hasCodeletFactors(n);
    const std::size_t points = direct ? n : useRader(n) ? n - 1 : bluesteinLength(n);
    const std::size_t bytes = points * complexBytes(p);
    if (points > (direct ? kMaxSingleKernelLength : kMaxConvolutionKernelLength))
        return false;
    // On CPUs, rows above 4096 points run fast in one kernel as row lanes (multiples of 64);
    // gathered lanes over a long row are slower than two passes (5000 x 512: 12.8 against 6.5 ms).
    if (limits.isCpu && points > kMaxConvolutionKernelLength && points % 64 != 0)
        return false;
    return bytes <= limits.localMemBytes || (direct && complexPass && bytes / 2 <= limits.localMemBytes);
}

// On CPUs a lane kernel holds the whole Bluestein convolution of 8 transforms in local memory
// up to 1 MiB (4099: M = 8232), when another dimension (`counts`, d excluded) gives it 8
// transforms (the conditions chooseLaneKernel will find for the pass).
bool laneBluesteinFits(const Problem& problem, std::size_t n, std::size_t d, const std::vector<std::size_t>& counts,
                       const DeviceLimits& limits)
{
    if (!laneKernelsFor(problem, limits) || hasCodeletFactors(n) || useRader(n) ||
        !laneLocalFits(bluesteinLength(n), problem.precision, true, limits))
        return false;
    for (std::size_t e = 0; e < counts.size(); ++e)
        if (e != d && counts[e] >= kLanes)
            return true;
    return false;
}

// Divisors of n (n has only small prime factors), ascending.
std::vector<std::size_t> divisors(std::size_t n)
{
    std::vector<std::size_t> result{1};
    std::size_t rest = n;
    for (std::size_t p = 2; p <= rest; ++p) {
        std::size_t e = 0;
        while (rest % p == 0) {
            rest /= p;
            ++e;
        }
        const std::size_t size = result.size();
        std::size_t power = 1;
        for (std::size_t k = 0; k < e; ++k) {
            power *= p;
            for (std::size_t i = 0; i < size; ++i)
                result.push_back(result[i] * power);
        }
    }
    std::sort(result.begin(), result.end());
    return result;
}

// Splits n into `parts` factors, each computed by one kernel, as equal as possible (equal
// factors balance the work of the passes). Empty when impossible.
std::vector<std::size_t> splitLength(std::size_t n, std::size_t parts, Precision p, const DeviceLimits& limits)
{
    if (parts == 1)
        return fitsOneKernel(n, p, limits) ? std::vector<std::size_t>{n} : std::vector<std::size_t>{};
    std::vector<std::size_t> candidates = divisors(n);
    const double target = std::pow(static_cast<double>(n), 1.0 / static_cast<double>(parts));
    std::stable_sort(candidates.begin(), candidates.end(), [&](std::size_t a, std::size_t b) {
        return std::fabs(std::log(static_cast<double>(a) / target)) < std::fabs(std::log(static_cast<double>(b) / target));
    });
    for (std::size_t f : candidates) {
        if (f < 2 || !fitsOneKernel(f, p, limits))
            continue;
        std::vector<std::size_t> rest = splitLength(n / f, parts - 1, p, limits);
        if (!rest.empty()) {
            rest.insert(rest.begin(), f);
            return rest;
        }
    }
    return {};
}

// Sub-pass of a global Stockham over sub-transforms of `f` points (see addDimension), for the
// transform of `n` points along dimension d, `span` = the product of the earlier factors.
PassIo subPass(std::size_t d, std::size_t n, std::size_t f, std::size_t span, const View& in, const View& out)
{
    const std::size_t sin = in.strides[d], sout = out.strides[d];
    PassIo io;
    io.n = f;
    io.inStride = (n / f) * sin;
    io.outStride = span * sout;
    io.batch.push_back(IoDim{span, sin, sout});                              // jlo
    io.batch.push_back(IoDim{n / (span * f), span * sin, span * f * sout});  // jhi
    for (std::size_t e = 0; e < in.counts.size(); ++e)
        if (e != d)
            io.batch.push_back(IoDim{in.counts[e], in.strides[e], out.strides[e]});
    io.stageTwiddleLength = span > 1 ? span * f : 0;
    if (!io.stageTwiddleLength)
        io.batch.erase(io.batch.begin());
    io.source = in.role;
    io.destination = out.role;
    io.sourceLayout = in.layout;
    io.destinationLayout = out.layout;
    return io;
}

void addBluesteinDimension(ExecutionPlan& plan, const Problem& problem, std::size_t d, std::size_t n, int realDirection,
                           const View& src, const View& dst, const DeviceLimits& limits);
void reserveScratch(ExecutionPlan& plan, const View& v, Precision p);

// Adds the passes transforming dimension d of the data from view `src` into view `dst`
// (which may be the same buffer: one kernel computes whole transforms in place). A length
// too long for one kernel becomes a global Stockham over sub-transforms N = F1*F2*...:
// pass i reads x[j + r*N/Fi], multiplies by exp(-2 pi i (j mod Ns) r / (Ns Fi)) (Ns = F1..F(i-1)),
// transforms over r, and writes y[(j / Ns) Ns Fi + (j mod Ns) + r Ns], so j = jlo + Ns jhi
// gives two affine batch dimensions. Intermediate results alternate between the destination
// and the temporary buffer so that the last pass lands in the destination.
void addDimension(ExecutionPlan& plan, const Problem& problem, std::size_t d, const View& src, const View& dst,
                  bool sameBuffer, const DeviceLimits& limits)
{
    const std::size_t n = src.counts[d];
    auto otherDims = [&](const View& in, const View& out) {
        std::vector<IoDim> dims;
        for (std::size_t e = 0; e < in.counts.size(); ++e)
            if (e != d)
                dims.push_back(IoDim{in.counts[e], in.strides[e], out.strides[e]});
        return dims;
    };
    const bool laneBluestein =
        problem.kind == TransformKind::ComplexToComplex && laneBluesteinFits(problem, n, d, src.counts, limits);
    if (laneBluestein || fitsOneKernel(n, problem.precision, limits)) {
        PassIo io;
        io.n = n;
        io.inStride = src.strides[d];
        io.outStride = dst.strides[d];
        io.batch = otherDims(src, dst);
        io.source = src.role;
        io.destination = dst.role;
        io.sourceLayout = src.layout;
        io.destinationLayout = dst.layout;
        plan.passes.push_back(makePass(problem, io, limits));
        return;
    }
    std::vector<std::size_t> factors;
    if (!hasCodeletFactors(n)) {
        // Split off the factors 2..13 first (1024*17 = 128 x 136); a length with no such split
        // (a large prime) runs as a multi-kernel Bluestein.
        for (std::size_t parts = 2; parts <= 6 && factors.empty(); ++parts)
            if (!(sameBuffer && parts % 2 == 1))
                factors = splitLength(n, parts, problem.precision, limits);
        if (factors.empty()) {
            addBluesteinDimension(plan, problem, d, n, 0, src, dst, limits);
            return;
        }
    }
    for (std::size_t parts = 2; parts <= 6 && factors.empty(); ++parts)
        if (!(sameBuffer && parts % 2 == 1)) // an odd count cannot start and end in one buffer
            factors = splitLength(n, parts, problem.precision, limits);
    if (factors.empty())
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    const std::size_t P = factors.size();
    // Intermediate results go to a temporary that neither end occupies (a C2R out of place
    // works on its hermitian data in Temp: a long dimension there alternates with Temp2).
    View temp = tempView(src.counts, d);
    for (BufferRole r : {BufferRole::Temp, BufferRole::Temp2, BufferRole::Temp3})
        if (r != src.role && r != dst.role) {
            temp.role = r;
            break;
        }
    reserveScratch(plan, temp, problem.precision);
    std::size_t span = 1;
    for (std::size_t i = 0; i < P; ++i) {
        // Buffers: src, then (counting back from dst) dst and temp alternating.
        const View& in = i == 0 ? src : ((P - i) % 2 == 1 ? temp : dst);
        const View& out = i + 1 == P ? dst : ((P - i - 1) % 2 == 1 ? temp : dst);
        plan.passes.push_back(makePass(problem, subPass(d, n, factors[i], span, in, out), limits));
        span *= factors[i];
    }
}

// Scratch for a multi-pass transform that runs between temporaries: the two of Temp, Temp2 and
// Temp3 that neither of its ends occupies, packed with dimension d (`count` points) innermost.
std::pair<View, View> scratchViews(std::size_t d, std::size_t count, const View& src, const View& dst)
{
    std::vector<std::size_t> counts = src.counts;
    counts[d] = count;
    View a = tempView(counts, d), b = tempView(counts, d);
    std::vector<BufferRole> roles;
    for (BufferRole r : {BufferRole::Temp, BufferRole::Temp2, BufferRole::Temp3})
        if (r != src.role && r != dst.role)
            roles.push_back(r);
    a.role = roles[0];
    b.role = roles[1];
    return {a, b};
}

// Reserves the bytes of the scratch buffer a pass touches.
void reserveScratch(ExecutionPlan& plan, const View& v, Precision p)
{
    const std::size_t bytes = viewPoints(v) * complexBytes(p);
    std::size_t& slot = v.role == BufferRole::Temp ? plan.tmpBytes : v.role == BufferRole::Temp2 ? plan.tmp2Bytes : plan.tmp3Bytes;
    slot = std::max(slot, bytes);
}

// Bluestein for a length whose convolution is too long for one kernel (a prime above 2048):
// the chirp multiply, the product with the kernel's spectrum and the final chirp are fused into
// the first and last sub-passes of two multi-pass FFTs of M points, which run between two
// temporary buffers of M points per transform (the client's buffers hold only N). On real data
// (realDirection, see KernelSpec) the first sub-pass reads reals or the hermitian half and the
// last keeps the hermitian half or the real parts.
void addBluesteinDimension(ExecutionPlan& plan, const Problem& problem, std::size_t d, std::size_t n, int realDirection,
                           const View& src, const View& dst, const DeviceLimits& limits)
{
    std::size_t m = bluesteinLength(n);
    std::vector<std::size_t> factors;
    if (laneKernelsFor(problem, limits)) {
        // Lane kernels run whole vectors when every sub-length is a multiple of kLanes: worth
        // up to 25% more points (4099: 8320 = 80 x 104 rather than 8232 = 84 x 98).
        const std::size_t least = 2 * n - 1;
        for (std::size_t c = (least + 63) / 64 * 64; c <= least + least / 4 && factors.empty(); c += 64) {
            if (!hasCodeletFactors(c))
                continue;
            std::vector<std::size_t> f = splitLength(c, 2, problem.precision, limits);
            if (!f.empty() && f[0] % kLanes == 0 && f[1] % kLanes == 0) {
                factors = f;
                m = c;
            }
        }
    }
    for (std::size_t parts = 2; parts <= 6 && factors.empty(); ++parts)
        factors = splitLength(m, parts, problem.precision, limits);
    if (factors.empty())
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    const auto [a, b] = scratchViews(d, m, src, dst);
    reserveScratch(plan, a, problem.precision);
    reserveScratch(plan, b, problem.precision);
    const std::size_t P = factors.size();
    const View* current = &src;
    for (int round = 0; round < 2; ++round) {
        std::size_t span = 1;
        for (std::size_t i = 0; i < P; ++i) {
            const View* next = (current == &a) ? &b : &a;
            if (round == 1 && i + 1 == P)
                next = &dst;
            PassIo io = subPass(d, m, factors[i], span, *current, *next);
            io.bluesteinLength = n;
            io.bluesteinPadded = m;
            if (round == 0 && i == 0) {
                io.bluesteinStep = BluesteinStep::Load;
                io.bluesteinPositionStride = m / factors[i];
                io.pinFirstBatchDim = true;
                io.realDirection = realDirection;
            } else if (i + 1 == P) {
                io.bluesteinStep = round == 0 ? BluesteinStep::Multiply : BluesteinStep::Store;
                io.bluesteinPositionStride = span;
                io.realDirection = round == 0 ? 0 : realDirection;
            }
            plan.passes.push_back(makePass(problem, io, limits));
            span *= factors[i];
            current = next;
        }
    }
}

// A real row too long for one kernel, computed as a complex FFT of all n points (when the
// half-length form of planRealForward/planRealBackward does not apply: odd n, a real side that
// is not a complex array, a callback with the real prototype): the first sub-pass reads the
// reals (R2C) or the hermitian half expanded by symmetry (C2R), the last keeps the hermitian
// half or the real parts, and the passes in between run through scratch buffers of n points
// per row. A length with a prime factor above 13 runs as a Bluestein on real data.
void addRealRow(ExecutionPlan& plan, const Problem& problem, std::size_t n, int realDirection, const View& src,
                const View& dst, const DeviceLimits& limits)
{
    if (!hasCodeletFactors(n)) {
        addBluesteinDimension(plan, problem, 0, n, realDirection, src, dst, limits);
        return;
    }
    std::vector<std::size_t> factors;
    for (std::size_t parts = 2; parts <= 6 && factors.empty(); ++parts)
        factors = splitLength(n, parts, problem.precision, limits);
    if (factors.empty())
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    const auto [a, b] = scratchViews(0, n, src, dst);
    const std::size_t P = factors.size();
    const View* current = &src;
    std::size_t span = 1;
    for (std::size_t i = 0; i < P; ++i) {
        const View* next = i + 1 == P ? &dst : current == &a ? &b : &a;
        if (next != &dst)
            reserveScratch(plan, *next, problem.precision);
        PassIo io = subPass(0, n, factors[i], span, *current, *next);
        io.bluesteinLength = n;
        if (i == 0) {
            io.bluesteinStep = BluesteinStep::RealLoad;
            io.bluesteinPositionStride = n / factors[i];
            io.pinFirstBatchDim = true;
            io.realDirection = realDirection;
        } else if (i + 1 == P) {
            io.bluesteinStep = BluesteinStep::RealStore;
            io.bluesteinPositionStride = span;
            io.realDirection = realDirection;
        }
        plan.passes.push_back(makePass(problem, io, limits));
        span *= factors[i];
        current = next;
    }
}

ExecutionPlan planComplex(const Problem& problem, const DeviceLimits& limits)
{
    ExecutionPlan plan;
    const View in = viewOf(problem.dims, problem.batch, false, BufferRole::Input, problem.inLayout);
    const View out = viewOf(problem.dims, problem.batch, true, BufferRole::Output, problem.outLayout);
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < problem.dims.size(); ++i)
        if (problem.dims[i].n > 1)
            active.push_back(i);
    if (active.empty())
        active.push_back(0); // every length is 1: one scaling copy
    // In place with a transposed output, the buffer is read in one order and written in
    // another: the first dimension goes out to the temporary buffer and the second comes back.
    bool reordered = false;
    for (std::size_t i = 0; i < in.counts.size(); ++i)
        reordered = reordered || (in.counts[i] > 1 && in.strides[i] != out.strides[i]);
    if (problem.inPlace && reordered) {
        if (active.size() < 2)
            throw StatusError{CLFFT_TRANSPOSED_NOTIMPLEMENTED};
        const View temp = tempView(in.counts, active[0]);
        plan.tmpBytes = viewPoints(temp) * complexBytes(problem.precision);
        addDimension(plan, problem, active[0], in, temp, false, limits);
        addDimension(plan, problem, active[1], temp, out, false, limits);
        for (std::size_t k = 2; k < active.size(); ++k)
            addDimension(plan, problem, active[k], out, out, true, limits);
        return plan;
    }
    for (std::size_t k = 0; k < active.size(); ++k)
        addDimension(plan, problem, active[k], k == 0 ? in : out, out, k > 0 || problem.inPlace, limits);
    return plan;
}

// Long real rows (N = 2M, M too long for one kernel): the real side is read (R2C) or written
// (C2R) as M interleaved complex values z[n] = x[2n] + i x[2n+1], which needs unit stride
// along dimension 0 and even strides elsewhere. The complex side keeps its own strides.
bool realSideIsComplexView(const Problem& problem, bool input)
{
    const IoDim& d0 = problem.dims[0];
    if (d0.n % 2 != 0 || (input ? d0.inStride : d0.outStride) != 1)
        return false;
    for (std::size_t i = 1; i < problem.dims.size(); ++i)
        if ((input ? problem.dims[i].inStride : problem.dims[i].outStride) % 2 != 0 && problem.dims[i].n > 1)
            return false;
    for (const IoDim& b : problem.batch)
        if ((input ? b.inStride : b.outStride) % 2 != 0 && b.n > 1)
            return false;
    return true;
}

View complexViewOfRealSide(const Problem& problem, bool input, BufferRole role)
{
    View v = viewOf(problem.dims, problem.batch, !input, role, ComplexLayout::Interleaved);
    v.counts[0] = problem.dims[0].n / 2;
    v.strides[0] = 1;
    for (std::size_t i = 1; i < v.strides.size(); ++i)
        v.strides[i] /= 2;
    return v;
}

// Whether the real first dimension is too long for one real pass: a length with a prime factor
// above 13 runs as one Rader/Bluestein kernel on real data, an even one as a complex FFT of
// half its length, an odd one as one of its length.
bool longRealRow(const Problem& problem, const DeviceLimits& limits)
{
    const std::size_t n0 = problem.dims[0].n;
    if (!hasCodeletFactors(n0)) {
        std::vector<std::size_t> counts;
        for (const IoDim& dim : problem.dims)
            counts.push_back(dim.n);
        for (const IoDim& b : problem.batch)
            counts.push_back(b.n);
        return !fitsOneKernel(n0, problem.precision, limits) && !laneBluesteinFits(problem, n0, 0, counts, limits);
    }
    return !fitsOneKernel(n0 % 2 == 0 ? n0 / 2 : n0, problem.precision, limits, false);
}

// Long rows of even length with a real side that is a complex array: a complex FFT of half the
// length and a split/merge step (half the work of addRealRow).
bool halfLengthRow(const Problem& problem, bool input)
{
    return problem.dims[0].n % 2 == 0 && realSideIsComplexView(problem, input) &&
           !(input ? problem.pre.present : problem.post.present); // the real callback prototypes
}

ExecutionPlan planRealForward(const Problem& problem, const DeviceLimits& limits)
{
    ExecutionPlan plan;
    std::vector<IoDim> herm = problem.dims;
    herm[0].n = problem.dims[0].n / 2 + 1;
    const View out = viewOf(herm, problem.batch, true, BufferRole::Output, problem.outLayout);
    // Dimension 0: a long row as a complex FFT of all N points, or of N/2 points and a merge
    // pass; else one real pass.
    if (longRealRow(problem, limits) && !halfLengthRow(problem, true)) {
        const View realIn = viewOf(problem.dims, problem.batch, false, BufferRole::Input, ComplexLayout::Interleaved);
        addRealRow(plan, problem, problem.dims[0].n, 1, realIn, out, limits);
    } else if (longRealRow(problem, limits)) {
        View zOut = out;
        zOut.counts[0] = problem.dims[0].n / 2;
        addDimension(plan, problem, 0, complexViewOfRealSide(problem, true, BufferRole::Input), zOut,
                     problem.inPlace, limits);
        PassIo merge;
        merge.kind = PassKind::RealMerge;
        merge.n = problem.dims[0].n;
        merge.inStride = merge.outStride = out.strides[0];
        for (std::size_t e = 1; e < out.counts.size(); ++e)
            merge.batch.push_back(IoDim{out.counts[e], out.strides[e], out.strides[e]});
        merge.source = merge.destination = BufferRole::Output;
        merge.sourceLayout = merge.destinationLayout = problem.outLayout;
        plan.passes.push_back(makePass(problem, merge, limits));
    } else {
        PassIo real;
        real.kind = PassKind::RealForward;
        real.n = problem.dims[0].n;
        real.inStride = problem.dims[0].inStride;
        real.outStride = problem.dims[0].outStride;
        for (std::size_t i = 1; i < problem.dims.size(); ++i)
            real.batch.push_back(problem.dims[i]);
        real.batch.insert(real.batch.end(), problem.batch.begin(), problem.batch.end());
        real.destinationLayout = problem.outLayout;
        plan.passes.push_back(makePass(problem, real, limits));
    }
    // The other dimensions, in place on the hermitian output (N0/2+1 points along dim 0).
    for (std::size_t d = 1; d < herm.size(); ++d)
        if (herm[d].n > 1)
            addDimension(plan, problem, d, out, out, true, limits);
    return plan;
}

// stagePre: the first pass only applies the pre-callback, copying the hermitian input (each
// point once) into Temp3; the passes after it read Temp3. For rows whose first pass reads
// hermitian point k for k and N-k, where the callback would run twice for one point.
ExecutionPlan planRealBackward(const Problem& problem, const DeviceLimits& limits, bool stagePre = false)
{
    ExecutionPlan plan;
    const bool longRow = longRealRow(problem, limits);
    std::vector<IoDim> herm = problem.dims;
    herm[0].n = problem.dims[0].n / 2 + 1;
    View in = viewOf(herm, problem.batch, false, BufferRole::Input, problem.inLayout);
    std::vector<std::size_t> complexDims;
    for (std::size_t d = 1; d < herm.size(); ++d)
        if (herm[d].n > 1)
            complexDims.push_back(d);

    if (stagePre) {
        View staged = tempView(in.counts, 0);
        staged.role = BufferRole::Temp3;
        reserveScratch(plan, staged, problem.precision);
        PassIo copy; // a transform of length 1 over every hermitian point: load (with the callback), store
        copy.n = 1;
        copy.source = in.role;
        copy.destination = staged.role;
        copy.sourceLayout = in.layout;
        copy.destinationLayout = staged.layout;
        for (std::size_t e = 0; e < in.counts.size(); ++e)
            if (in.counts[e] > 1)
                copy.batch.push_back(IoDim{in.counts[e], in.strides[e], staged.strides[e]});
        plan.passes.push_back(makePass(problem, copy, limits));
        in = staged;
    }

    // Where the hermitian data sits while the complex passes work on it: the input buffer in
    // place; out of place a packed interleaved temporary, so the client's input survives.
    View work = in;
    if (!complexDims.empty() && !problem.inPlace && !limits.noLibraryMemory && !stagePre) {
        work = tempView(in.counts, 0);
        plan.tmpBytes = viewPoints(work) * complexBytes(problem.precision);
    }
    for (std::size_t k = 0; k < complexDims.size(); ++k)
        addDimension(plan, problem, complexDims[k], k == 0 ? in : work, work, k > 0 || work.role == in.role, limits);

    if (longRow && !halfLengthRow(problem, false)) {
        const View out = viewOf(problem.dims, problem.batch, true, BufferRole::Output, ComplexLayout::Interleaved);
        addRealRow(plan, problem, problem.dims[0].n, -1, work, out, limits);
        return plan;
    }
    if (longRow) {
        // Split X into Z (the spectrum of z[n] = x[2n] + i x[2n+1]) in the output buffer seen
        // as complex, then the backward complex FFT of M points there.
        const View zOut = complexViewOfRealSide(problem, false, BufferRole::Output);
        PassIo split;
        split.kind = PassKind::RealSplit;
        split.n = problem.dims[0].n;
        split.inStride = work.strides[0];
        split.outStride = zOut.strides[0];
        for (std::size_t e = 1; e < work.counts.size(); ++e)
            split.batch.push_back(IoDim{work.counts[e], work.strides[e], zOut.strides[e]});
        split.source = work.role;
        split.sourceLayout = work.layout;
        plan.passes.push_back(makePass(problem, split, limits));
        addDimension(plan, problem, 0, zOut, zOut, true, limits);
        return plan;
    }
    PassIo real;
    real.kind = PassKind::RealBackward;
    real.n = problem.dims[0].n;
    real.inStride = work.strides[0];
    real.outStride = problem.dims[0].outStride;
    const View out = viewOf(problem.dims, problem.batch, true, BufferRole::Output, problem.outLayout);
    for (std::size_t e = 1; e < work.counts.size(); ++e)
        real.batch.push_back(IoDim{work.counts[e], work.strides[e], out.strides[e]});
    real.source = work.role;
    real.sourceLayout = work.layout;
    plan.passes.push_back(makePass(problem, real, limits));
    return plan;
}

} // namespace

ExecutionPlan planProblem(const Problem& problem, const DeviceLimits& limits)
{
    ExecutionPlan plan;
    switch (problem.kind) {
    case TransformKind::ComplexToComplex: plan = planComplex(problem, limits); break;
    case TransformKind::RealToComplex: plan = planRealForward(problem, limits); break;
    case TransformKind::ComplexToReal: plan = planRealBackward(problem, limits); break;
    }
    // A C2R row whose first pass reads hermitian point k for both k and N-k (odd and long rows,
    // large prime factors): the pre-callback, called once per point, gets a pass of its own.
    if (problem.pre.present && plan.passes.front().spec.realDirection < 0)
        plan = planRealBackward(problem, limits, true);
    if (problem.pre.present && plan.passes.front().spec.realDirection < 0)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    for (PassPlan& pass : plan.passes)
        pass.spec.inPlace = pass.source == pass.destination ||
                            (problem.inPlace && pass.source == BufferRole::Input && pass.destination == BufferRole::Output);
    plan.passes.front().spec.pre = problem.pre;
    plan.passes.front().appliesPre = problem.pre.present;
    plan.passes.back().spec.post = problem.post;
    plan.passes.back().appliesPost = problem.post.present;
    plan.passes.back().appliesScale = true;
    return plan;
}

} // namespace clfft_ng
