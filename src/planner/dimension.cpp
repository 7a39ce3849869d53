// The solvers for one dimension of a problem, tried in order (FFTW's solver list): the first
// that accepts the dimension builds its passes.
//   one kernel            the whole transform in one kernel's local memory (factors 2..13)
//   Rader in one kernel   a prime with smooth p - 1, the convolution over p - 1 points
//   Bluestein in one kernel any other length, the convolution over M >= 2N - 1 points (on CPUs
//                         a lane kernel over a whole convolution of 8 transforms)
//   multi-pass            a global Stockham over factors of the length, one kernel each
//   multi-kernel Bluestein the chirp steps fused into two multi-pass FFTs of the convolution
// Multi-pass, for N = F1*F2*...: pass i reads x[j + r*N/Fi], multiplies by
// exp(-2 pi i (j mod Ns) r / (Ns Fi)) (Ns = F1..F(i-1)), transforms over r, and writes
// y[(j / Ns) Ns Fi + (j mod Ns) + r Ns], so j = jlo + Ns jhi gives two affine batch dimensions.
// Intermediate results alternate between the destination and a temporary buffer so that the
// last pass lands in the destination.
#include "internal.h"

#include "factorize.h"

#include <algorithm>
#include <clFFT.h>

#include "status_error.h"

namespace clfft_ng::planning {

namespace {

// One dimension to transform: dimension d of `src` into `dst`.
struct DimensionTask {
    std::size_t d;
    std::size_t n;
    const View& src;
    const View& dst;
    bool sameBuffer;
};

// A solver appends the passes of the task and returns true, or declines (false) and leaves
// the plan as it was.
struct DimensionSolver {
    const char* name;
    bool (*build)(const Context&, const DimensionTask&, ExecutionPlan&);
};

// The pass of the whole transform in one kernel: every other dimension a batch dimension.
PassIo oneKernelIo(const DimensionTask& t)
{
    PassIo io;
    io.n = t.n;
    io.inStride = t.src.strides[t.d];
    io.outStride = t.dst.strides[t.d];
    for (std::size_t e = 0; e < t.src.counts.size(); ++e)
        if (e != t.d)
            io.batch.push_back(IoDim{t.src.counts[e], t.src.strides[e], t.dst.strides[e]});
    io.source = t.src.role;
    io.destination = t.dst.role;
    io.sourceLayout = t.src.layout;
    io.destinationLayout = t.dst.layout;
    return io;
}

// The whole transform in one kernel (makePass picks the kernel's algorithm from the length).
void addOneKernel(const Context& ctx, const DimensionTask& t, ExecutionPlan& plan)
{
    plan.passes.push_back(makePass(ctx, oneKernelIo(t)));
}

// The same where its kernel comes out in a form `wanted` accepts (false, and nothing added,
// otherwise, also where the device has no one-kernel form at all).
template <typename Wanted> bool addOneKernelIf(const Context& ctx, const DimensionTask& t, ExecutionPlan& plan, Wanted wanted)
{
    try {
        PassPlan pass = makePass(ctx, oneKernelIo(t));
        if (!wanted(pass.spec))
            return false;
        plan.passes.push_back(std::move(pass));
        return true;
    } catch (const StatusError&) {
        return false;
    }
}

bool addRowLaneKernel(const Context& ctx, const DimensionTask& t, ExecutionPlan& plan)
{
    return addOneKernelIf(ctx, t, plan, [](const KernelSpec& s) { return s.row.width != 0; });
}

// Factors 2..13 only: Stockham passes in local memory.
bool directOneKernel(const Context& ctx, const DimensionTask& t, ExecutionPlan& plan)
{
    if (!hasCodeletFactors(t.n))
        return false;
    if (fitsOneKernel(ctx, t.n)) {
        addOneKernel(ctx, t, plan);
        return true;
    }
    // CPUs: a longer complex row still in one trip where the row lanes hold it (a column, or a
    // row the local memory does not hold twice, would get the Stockham form: passes instead).
    if (!ctx.cpuForms())
        return false;
    if (ctx.tuning.rowLanesBeyondMaxLength && t.n % ctx.tuning.longRowMultiple == 0 &&
        rowLaneSlotBytes(t.n, ctx.tuning.lanes, ctx.precision(), true) <= ctx.limits.localMemBytes)
        return addRowLaneKernel(ctx, t, plan);
    // ... and other lengths up to the one-kernel maximum in one lane kernel of two buffers (half
    // the lanes), where the other dimensions give it lanes (single 4500 2.5x, 5000 1.7x, 6000
    // 2.2x, 7000 1.35x over two lane passes); one buffer, or the Stockham form, lost.
    if (!ctx.tuning.laneHalfWidthForTwoBuffers || t.n <= ctx.tuning.maxConvolutionKernelLength ||
        t.n > ctx.tuning.maxSingleKernelLength)
        return false;
    return addOneKernelIf(ctx, t, plan, [](const KernelSpec& s) { return s.lane.width && !s.lane.oneBuffer; });
}

// On CPUs, a complex prime Rader could take runs Bluestein in a lane kernel instead, where the
// other dimensions give it 8 transforms, or in a row-lane kernel (one row, from
// rowLaneBluesteinMinLength): Rader has only the Stockham form there.
bool laneBluesteinForPrime(const Context& ctx, const DimensionTask& t, ExecutionPlan& plan)
{
    if (ctx.problem.kind != TransformKind::ComplexToComplex || hasCodeletFactors(t.n) || !useRader(ctx, t.n) ||
        (ctx.precision() == Precision::Double && t.n <= ctx.tuning.raderDoubleMaxPrime))
        return false;
    const bool lanes =
        bluesteinLength(t.n) * ctx.tuning.lanes * complexBytes(ctx.precision()) <= ctx.tuning.laneBluesteinOverRaderBytes &&
        laneBluesteinFits(ctx, t.n, t.d, t.src.counts, true);
    if (!lanes && !rowLaneBluesteinFits(ctx, t.n))
        return false;
    PassIo io = oneKernelIo(t);
    io.bluesteinOverRader = true;
    PassPlan pass = makePass(ctx, io);
    if (!pass.spec.lane.width && !pass.spec.row.width)
        return false; // no lane form after all: Rader's Stockham kernel is the faster one
    plan.passes.push_back(std::move(pass));
    return true;
}

// A prime with smooth p - 1: Rader's convolution over p - 1 points in one kernel.
bool raderOneKernel(const Context& ctx, const DimensionTask& t, ExecutionPlan& plan)
{
    if (hasCodeletFactors(t.n) || !useRader(ctx, t.n) || !fitsOneKernel(ctx, t.n))
        return false;
    addOneKernel(ctx, t, plan);
    return true;
}

// Any other length: Bluestein's convolution in one kernel (on CPUs a lane kernel holds the
// convolution of 8 transforms where another dimension gives them, a row-lane kernel that of a
// complex row from rowLaneBluesteinMinLength; chooseCpuForm picks).
bool bluesteinOneKernel(const Context& ctx, const DimensionTask& t, ExecutionPlan& plan)
{
    if (hasCodeletFactors(t.n) || useRader(ctx, t.n))
        return false;
    const bool laneBluestein = ctx.problem.kind == TransformKind::ComplexToComplex &&
                               laneBluesteinFits(ctx, t.n, t.d, t.src.counts);
    // CPUs: a convolution longer than the other forms hold, in one trip where the row lanes do
    if (!laneBluestein && !fitsOneKernel(ctx, t.n))
        return rowLaneBluesteinFits(ctx, t.n) && addRowLaneKernel(ctx, t, plan);
    addOneKernel(ctx, t, plan);
    return true;
}

bool multiPass(const Context& ctx, const DimensionTask& t, ExecutionPlan& plan)
{
    // Lengths with a prime factor above 13 split off their factors 2..13 (1024*17 = 128 x 136).
    const std::vector<std::size_t> factors = splitIntoPasses(ctx, t.n, t.sameBuffer);
    if (factors.empty())
        return false;
    const std::size_t P = factors.size();
    // Intermediate results go to a temporary that neither end occupies (a C2R out of place
    // works on its hermitian data in Temp: a long dimension there alternates with Temp2).
    // Two passes on CPUs: the temporary's rows (the first pass's transforms) one cache line
    // longer when they are a power of two of 8 KiB or more, so that the lanes of rows a power
    // of two apart do not share cache sets (docs/history/performance.md, "Where the time goes").
    const std::size_t rowBytes = factors[0] * complexBytes(ctx.precision());
    const bool padRows = P == 2 && ctx.cpuForms() && ctx.tuning.padSplitRows && rowBytes >= 8192 &&
                         (rowBytes & (rowBytes - 1)) == 0;
    View temp = tempView(t.src.counts, t.d);
    if (padRows) {
        const View padded =
            paddedTempView(t.src.counts, t.d, factors[0], factors[0] + 64 / complexBytes(ctx.precision()));
        if (viewPoints(padded) / padded.inner * padded.pitch <= ctx.limits.maxAllocBytes / complexBytes(ctx.precision()))
            temp = padded;
    }
    for (BufferRole r : {BufferRole::Temp, BufferRole::Temp2, BufferRole::Temp3})
        if (r != t.src.role && r != t.dst.role) {
            temp.role = r;
            break;
        }
    reserveScratch(plan, temp, ctx.precision());
    std::size_t span = 1;
    for (std::size_t i = 0; i < P; ++i) {
        // Buffers: src, then (counting back from dst) dst and temp alternating.
        const View& in = i == 0 ? t.src : ((P - i) % 2 == 1 ? temp : t.dst);
        const View& out = i + 1 == P ? t.dst : ((P - i - 1) % 2 == 1 ? temp : t.dst);
        plan.passes.push_back(makePass(ctx, subPass(t.d, t.n, factors[i], span, in, out)));
        span *= factors[i];
    }
    return true;
}

bool multiKernelBluestein(const Context& ctx, const DimensionTask& t, ExecutionPlan& plan)
{
    if (hasCodeletFactors(t.n))
        return false;
    addBluesteinDimension(ctx, plan, t.d, t.n, 0, t.src, t.dst);
    return true;
}

const DimensionSolver kDimensionSolvers[] = {
    {"one kernel", directOneKernel},
    {"Bluestein lanes for a prime", laneBluesteinForPrime},
    {"Rader in one kernel", raderOneKernel},
    {"Bluestein in one kernel", bluesteinOneKernel},
    {"multi-pass", multiPass},
    {"multi-kernel Bluestein", multiKernelBluestein},
};

} // namespace

void addDimension(const Context& ctx, ExecutionPlan& plan, std::size_t d, const View& src, const View& dst,
                  bool sameBuffer)
{
    const DimensionTask task{d, src.counts[d], src, dst, sameBuffer};
    for (const DimensionSolver& solver : kDimensionSolvers)
        if (solver.build(ctx, task, plan))
            return;
    throw StatusError{CLFFT_NOTIMPLEMENTED};
}

PassIo subPass(std::size_t d, std::size_t n, std::size_t f, std::size_t span, const View& in, const View& out)
{
    PassIo io;
    io.n = f;
    io.inStride = stepOf(in, d, n / f);
    io.outStride = stepOf(out, d, span);
    io.batch.push_back(IoDim{span, stepOf(in, d, 1), stepOf(out, d, 1)});                          // jlo
    io.batch.push_back(IoDim{n / (span * f), stepOf(in, d, span), stepOf(out, d, span * f)});  // jhi
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

// Bluestein for a length whose convolution is too long for one kernel (a prime above 2048):
// the chirp multiply, the product with the kernel's spectrum and the final chirp are fused into
// the first and last sub-passes of two multi-pass FFTs of M points, which run between two
// temporary buffers of M points per transform (the client's buffers hold only N). On real data
// (realDirection, see KernelSpec) the first sub-pass reads reals or the hermitian half and the
// last keeps the hermitian half or the real parts.
void addBluesteinDimension(const Context& ctx, ExecutionPlan& plan, std::size_t d, std::size_t n, int realDirection,
                           const View& src, const View& dst)
{
    std::size_t m = bluesteinLength(n);
    std::vector<std::size_t> factors;
    if (ctx.cpuForms()) {
        // Lane kernels run whole vectors when every sub-length is a multiple of the lanes: worth
        // up to 25% more points (4099: 8320 = 80 x 104 rather than 8232 = 84 x 98).
        const std::size_t W = ctx.tuning.lanes, step = W * W;
        const std::size_t least = 2 * n - 1;
        for (std::size_t c = (least + step - 1) / step * step; c <= least + least / 4 && factors.empty(); c += step) {
            if (!hasFactorsUpTo(c, 13))
                continue;
            std::vector<std::size_t> f = splitLength(ctx, c, 2);
            if (!f.empty() && f[0] % W == 0 && f[1] % W == 0) {
                factors = f;
                m = c;
            }
        }
    }
    if (factors.empty())
        factors = splitIntoPasses(ctx, m, false);
    if (factors.empty())
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    if (ctx.tuning.bluesteinPassesReversed)
        std::reverse(factors.begin(), factors.end());
    const auto [a, b] = scratchViews(d, m, src, dst);
    reserveScratch(plan, a, ctx.precision());
    reserveScratch(plan, b, ctx.precision());
    const std::size_t P = factors.size();
    const View* current = &src;
    for (int round = 0; round < 2; ++round) {
        std::size_t span = 1;
        for (std::size_t i = 0; i < P; ++i) {
            const View* next = (current == &a) ? &b : &a;
            if (round == 1 && i + 1 == P)
                next = &dst;
            PassIo io = subPass(d, m, factors[i], span, *current, *next);
            io.transformLength = n;
            io.bluesteinPadded = m;
            if (round == 0 && i == 0) {
                io.fusedStep = FusedStep::Load;
                io.fusedPositionStride = m / factors[i];
                io.pinFirstBatchDim = true;
                io.realDirection = realDirection;
            } else if (i + 1 == P) {
                io.fusedStep = round == 0 ? FusedStep::Multiply : FusedStep::Store;
                io.fusedPositionStride = span;
                io.realDirection = round == 0 ? 0 : realDirection;
            }
            plan.passes.push_back(makePass(ctx, io));
            span *= factors[i];
            current = next;
        }
    }
}

// When the half-length form of real.cpp does not apply (odd n, a real side that is not a
// complex array, a callback with the real prototype); the passes in between run through
// scratch buffers of n points per row. A length with a prime factor above 13 runs as a
// Bluestein on real data.
void addRealRow(const Context& ctx, ExecutionPlan& plan, std::size_t n, int realDirection, const View& src,
                const View& dst)
{
    if (!hasCodeletFactors(n)) {
        addBluesteinDimension(ctx, plan, 0, n, realDirection, src, dst);
        return;
    }
    const std::vector<std::size_t> factors = splitIntoPasses(ctx, n, false);
    if (factors.empty())
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    const auto [a, b] = scratchViews(0, n, src, dst);
    const std::size_t P = factors.size();
    const View* current = &src;
    std::size_t span = 1;
    for (std::size_t i = 0; i < P; ++i) {
        const View* next = i + 1 == P ? &dst : current == &a ? &b : &a;
        if (next != &dst)
            reserveScratch(plan, *next, ctx.precision());
        PassIo io = subPass(0, n, factors[i], span, *current, *next);
        io.transformLength = n;
        if (i == 0) {
            io.fusedStep = FusedStep::RealLoad;
            io.fusedPositionStride = n / factors[i];
            io.pinFirstBatchDim = true;
            io.realDirection = realDirection;
        } else if (i + 1 == P) {
            io.fusedStep = FusedStep::RealStore;
            io.fusedPositionStride = span;
            io.realDirection = realDirection;
        }
        plan.passes.push_back(makePass(ctx, io));
        span *= factors[i];
        current = next;
    }
}

} // namespace clfft_ng::planning
