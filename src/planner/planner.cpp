// The planner's entry: a Problem becomes passes. One kernel per transform dimension where it
// fits (each computing whole 1-D transforms, the other dimensions and the batch as its batch);
// the solvers of dimension.cpp otherwise.
//  - complex: dimension 0 reads the input and writes the output; later dimensions work in
//    place on the output, so 2D/3D need no temporary buffer (on CPUs, some go through a padded
//    temporary instead: paddedDimsFirst).
//  - real forward / backward: real.cpp.
// The pre-callback goes into the first pass, the post-callback into the last, the scale into
// the last.
#include "internal.h"

#include "cost.h"
#include "row_lanes.h"

#include <clFFT.h>

#include "status_error.h"

#include <algorithm>

namespace clfft_ng {

namespace planning {
namespace {

// CPUs: the pass of the last dimension, in place in the output where its step there is a multiple
// of 512 bytes (the 8 KiB rows of 1024 x 1024), puts every row it writes into the same cache
// sets. For the lengths of the profile's window that ran 1.1-1.9x slower than the order below;
// shorter columns stay in cache as they are, longer ones were no faster. The last dimension
// then goes first, from the input into a temporary whose steps are padded by a cache line, the
// middle one in place there, and dimension 0 last, from the temporary into the output.
bool paddedDimsFirst(const Context& ctx, const View& in, const View& out, const std::vector<std::size_t>& active,
                     View& temp)
{
    if (!ctx.cpuForms() || !ctx.limits.paddedDims || ctx.limits.noLibraryMemory || active.size() < 2 ||
        !ctx.tuning.paddedDimsMaxBytes || ctx.problem.leadDim >= 0)
        return false;
    const std::size_t e = complexBytes(ctx.precision()), last = active.back();
    const std::size_t n = out.counts[last], step = out.strides[last] * e;
    if (n < ctx.tuning.paddedDimsLengths[0] || n > ctx.tuning.paddedDimsLengths[1] ||
        step < ctx.tuning.paddedDimsMinStepBytes || step % 512 != 0)
        return false;
    temp = paddedStepsView(in.counts, e);
    return viewExtent(temp) * e <= std::min(ctx.tuning.paddedDimsMaxBytes, ctx.limits.maxAllocBytes);
}

// Zero-padded or pruned (docs/zero-padding.md): each pass over the rows it needs, the masks on the
// pass of the ranged dimension. With pruned output, the passes before the last work in a
// temporary: the client's skipped elements are never written, not even in passing.
ExecutionPlan planComplexRanged(const Context& ctx, const View& in, const View& out,
                                const std::vector<std::size_t>& active)
{
    const Problem& problem = ctx.problem;
    ExecutionPlan plan;
    View work = out;
    if (anySkip(problem) && active.size() > 1) {
        work = tempView(in.counts, active[0]);
        plan.tmpBytes = viewPoints(work) * complexBytes(problem.precision);
    }
    std::vector<bool> transformed(problem.dims.size());
    rangedComplexDims(ctx, plan, active, in, work, out, transformed);
    return plan;
}

ExecutionPlan planComplex(const Context& ctx)
{
    const Problem& problem = ctx.problem;
    ExecutionPlan plan;
    const View in = viewOf(problem.dims, problem.batch, false, BufferRole::Input, problem.inLayout);
    const View out = viewOf(problem.dims, problem.batch, true, BufferRole::Output, problem.outLayout);
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < problem.dims.size(); ++i)
        if (problem.dims[i].n > 1)
            active.push_back(i);
    if (active.empty())
        active.push_back(0); // every length is 1: one scaling copy
    leadFirst(problem, active);
    // In place with a transposed output, the buffer is read in one order and written in
    // another: the first dimension goes out to the temporary buffer and the second comes back.
    bool reordered = false;
    for (std::size_t i = 0; i < in.counts.size(); ++i)
        reordered = reordered || (in.counts[i] > 1 && in.strides[i] != out.strides[i]);
    if (problem.hasRanges()) {
        if (problem.inPlace && reordered)
            throw StatusError{CLFFT_NOTIMPLEMENTED};
        return planComplexRanged(ctx, in, out, active);
    }
    if (problem.inPlace && reordered) {
        if (active.size() < 2)
            throw StatusError{CLFFT_TRANSPOSED_NOTIMPLEMENTED};
        const View temp = tempView(in.counts, active[0]);
        plan.tmpBytes = viewPoints(temp) * complexBytes(problem.precision);
        addDimension(ctx, plan, active[0], in, temp, false);
        addDimension(ctx, plan, active[1], temp, out, false);
        for (std::size_t k = 2; k < active.size(); ++k)
            addDimension(ctx, plan, active[k], out, out, true);
        return plan;
    }
    View temp = in;
    if (paddedDimsFirst(ctx, in, out, active, temp)) {
        reserveScratch(plan, temp, problem.precision);
        addDimension(ctx, plan, active.back(), in, temp, false);
        for (std::size_t k = active.size() - 2; k > 0; --k)
            addDimension(ctx, plan, active[k], temp, temp, true);
        addDimension(ctx, plan, active[0], temp, out, false);
        return plan;
    }
    for (std::size_t k = 0; k < active.size(); ++k)
        addDimension(ctx, plan, active[k], k == 0 ? in : out, out, k > 0 || problem.inPlace);
    return plan;
}

// Bytes from the first to the last point of one side, plus one element, in single precision.
std::size_t sideExtentBytes(const Problem& p, bool output)
{
    const bool hermitian = output ? p.kind == TransformKind::RealToComplex : p.kind == TransformKind::ComplexToReal;
    const bool real = output ? p.kind == TransformKind::ComplexToReal : p.kind == TransformKind::RealToComplex;
    std::size_t last = 0;
    for (std::size_t d = 0; d < p.dims.size(); ++d) {
        const std::size_t n = d == 0 && hermitian ? p.dims[0].n / 2 + 1 : p.dims[d].n;
        last += (n - 1) * (output ? p.dims[d].outStride : p.dims[d].inStride);
    }
    for (const IoDim& b : p.batch)
        last += (b.n - 1) * (output ? b.outStride : b.inStride);
    return (last + 1) * (real ? 4 : 8);
}

// 16-bit plans (docs/precision.md). Every value a pass stores in 16 bits is rounded once more; the
// error bound (twice that of the exact result rounded once) holds for up to this many roundings:
// two give 1.41x, three 1.73x on spectra of random data but 1.92x on a C2R's uniform output.
constexpr std::size_t kSixteenBitRoundings = 2;

// 16-bit sides. Plans of up to kSixteenBitRoundings passes keep every buffer in 16 bits (the
// client's, and the temporaries at half their bytes): each pass converts on load and rounds on
// store, and takes an equal share of the scale so that no intermediate grows past the final
// values' range (a backward transform's 1/N otherwise comes only at the end). Longer plans keep
// single precision between passes: passes reading the client's input convert on load, the last
// pass rounds on store, and passes before the last that would write the client's buffer write
// the Wide buffer instead (single precision, the same element strides, interleaved), and later
// passes read it from there. In place, both roles name the client's one buffer, and Wide mirrors
// it (every offset twice the bytes, so the sides overlap there as in the client's buffer).
void applyStorage(const Problem& problem, ExecutionPlan& plan)
{
    if (problem.inStorage == Storage::Native && problem.outStorage == Storage::Native)
        return;
    if (problem.inStorage != problem.outStorage) {
        // One side 16-bit, the other the library's floats (an r2r or convolution plan's inner FFT,
        // out of place): passes read the input as stored, the last stores the output as stored,
        // and between passes the output's values are floats (in the Wide buffer where the output
        // is 16-bit).
        if (problem.inPlace)
            throw StatusError{CLFFT_NOTIMPLEMENTED};
        bool wide = false;
        for (std::size_t i = 0; i < plan.passes.size(); ++i) {
            PassPlan& pass = plan.passes[i];
            if (pass.destination == BufferRole::Input)
                throw StatusError{CLFFT_NOTIMPLEMENTED};
            if (pass.source == BufferRole::Input)
                pass.spec.inStorage = problem.inStorage;
            if (pass.source == BufferRole::Output && wide) {
                pass.source = BufferRole::Wide;
                pass.sourceLayout = pass.spec.inLayout = ComplexLayout::Interleaved;
            }
            if (pass.destination != BufferRole::Output)
                continue;
            if (i + 1 == plan.passes.size()) {
                pass.spec.outStorage = problem.outStorage;
            } else if (problem.outStorage != Storage::Native) {
                pass.destination = BufferRole::Wide;
                pass.destinationLayout = pass.spec.outLayout = ComplexLayout::Interleaved;
                wide = true;
            }
        }
        if (wide)
            plan.wideBytes = sideExtentBytes(problem, true);
        return;
    }
    if (plan.passes.size() <= kSixteenBitRoundings) {
        for (PassPlan& pass : plan.passes) {
            pass.spec.inStorage = problem.inStorage;
            pass.spec.outStorage = problem.outStorage;
            pass.appliesScale = true;
            pass.scaleShare = 1.0 / static_cast<double>(plan.passes.size());
        }
        for (std::size_t* bytes : {&plan.tmpBytes, &plan.tmp2Bytes, &plan.tmp3Bytes})
            *bytes = (*bytes + 1) / 2;
        return;
    }
    auto client = [&](BufferRole r) {
        return r == BufferRole::Output || (problem.inPlace && r == BufferRole::Input);
    };
    bool wideWritten = false;
    for (std::size_t i = 0; i < plan.passes.size(); ++i) {
        PassPlan& pass = plan.passes[i];
        const bool last = i + 1 == plan.passes.size();
        if (!problem.inPlace && pass.destination == BufferRole::Input) // only without library memory
            throw StatusError{CLFFT_NOTIMPLEMENTED};
        if (pass.source == BufferRole::Input && !problem.inPlace)
            pass.spec.inStorage = problem.inStorage;
        else if (client(pass.source) && !wideWritten)
            pass.spec.inStorage = problem.inStorage; // the client's data, not yet overwritten
        else if (client(pass.source)) {
            pass.source = BufferRole::Wide;
            pass.sourceLayout = pass.spec.inLayout = ComplexLayout::Interleaved;
        }
        if (client(pass.destination) && last)
            pass.spec.outStorage = problem.outStorage;
        else if (client(pass.destination)) {
            pass.destination = BufferRole::Wide;
            pass.destinationLayout = pass.spec.outLayout = ComplexLayout::Interleaved;
            wideWritten = true;
        }
    }
    if (wideWritten)
        plan.wideBytes = problem.inPlace ? std::max(sideExtentBytes(problem, false), sideExtentBytes(problem, true))
                                         : sideExtentBytes(problem, true);
}

ExecutionPlan planWith(const Context& ctx)
{
    const Problem& problem = ctx.problem;
    ExecutionPlan plan;
    switch (problem.kind) {
    case TransformKind::ComplexToComplex: plan = planComplex(ctx); break;
    case TransformKind::RealToComplex: plan = planRealForward(ctx); break;
    case TransformKind::ComplexToReal: plan = planRealBackward(ctx); break;
    }
    // A C2R row whose first pass reads hermitian point k for both k and N-k (odd and long rows,
    // large prime factors): the pre-callback, called once per point, gets a pass of its own.
    if (problem.pre.present && plan.passes.front().spec.realDirection < 0)
        plan = planRealBackward(ctx, true);
    if (problem.pre.present && plan.passes.front().spec.realDirection < 0)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    applyStorage(problem, plan);
    for (PassPlan& pass : plan.passes)
        pass.spec.inPlace = pass.source == pass.destination ||
                            (problem.inPlace && pass.source == BufferRole::Input && pass.destination == BufferRole::Output);
    // Rows in pieces: only one row-lane pass of complex rows from the input reads them.
    if (const RowPieces& rp = problem.inPieces; rp.length) {
        PassPlan& only = plan.passes.front();
        if (plan.passes.size() != 1 || !only.spec.row.width || only.spec.kind != PassKind::Complex ||
            only.source != BufferRole::Input || only.spec.inPlace || only.spec.length % rp.length != 0 ||
            rp.length % 16 != 0 || rp.distance < rp.length)
            throw StatusError{CLFFT_NOTIMPLEMENTED};
        only.spec.row.pieceLength = rp.length;
        only.spec.row.pieceDistance = rp.distance;
        only.spec.row.pieceBase = rp.base;
    }
    // Fused r2r stages: a single real pass, input to output, of the row-lane kernel of two rows
    // (CPU forms, row_lane_r2r.cpp), of an even real lane kernel (CPU forms, columns;
    // lane_r2r.cpp) or of the Stockham kernel (GPU forms, global_access.h) takes them; otherwise
    // the r2r plan runs its stages as kernels of their own.
    const bool pairedColumns = problem.r2rIn.pairedColumns() || problem.r2rOut.pairedColumns();
    if (pairedColumns) { // two real columns as one complex lane (lane_r2r.cpp): a complex lane pass of neighbours
        const PassPlan& only = plan.passes.front();
        const KernelSpec& k = only.spec;
        if (plan.passes.size() != 1 || !k.lane.width || k.kind != PassKind::Complex || k.lane.gatherIn ||
            k.lane.gatherOut || k.lane.rowsIn || k.lane.rowsOut || k.lane.blocksIn || k.lane.blocksOut ||
            k.stageTwiddleLength || k.fusedStep != FusedStep::None || k.convolve ||
            k.inLayout != ComplexLayout::Interleaved || k.outLayout != ComplexLayout::Interleaved ||
            only.source != BufferRole::Input || only.destination != BufferRole::Output)
            throw StatusError{CLFFT_NOTIMPLEMENTED};
        plan.passes.front().spec.r2rIn = problem.r2rIn;
        plan.passes.front().spec.r2rOut = problem.r2rOut;
    } else if (problem.r2rIn.present() || problem.r2rOut.present()) {
        const PassPlan& only = plan.passes.front();
        const KernelSpec& k = only.spec;
        const bool rowPairs = k.row.width && k.row.pairs && !k.row.registers && !k.row.stacked && !k.row.tight &&
                              !rowLanePacked(k);
        const bool stockham = !k.row.width && !k.lane.width && !k.rowVector.rowsPerGroup && !k.pairVector &&
                              !k.stockham.splitExchange && !k.stageTwiddleLength && k.fusedStep == FusedStep::None;
        const bool lanes = k.lane.width && k.halfLengthReal() &&
                           !k.lane.rowsIn && !k.lane.rowsOut && !k.lane.blocksIn && !k.lane.blocksOut &&
                           !k.stageTwiddleLength && k.fusedStep == FusedStep::None &&
                           k.inLayout == ComplexLayout::Interleaved && k.outLayout == ComplexLayout::Interleaved;
        // DCT-IV and DST-IV of even n: a complex FFT of n/2 points
        const int r2rKind = problem.r2rIn.present() ? problem.r2rIn.kind : problem.r2rOut.kind;
        const bool quarterWave = r2rKind == 6 || r2rKind == 10;
        const bool rowComplex = k.row.width == 8 && !k.row.pairs && !k.row.registers && !k.row.stacked && !k.row.tight &&
                                !k.row.pieceLength && !rowLanePacked(k);
        // one real row (merge, split): Makhoul's order and the halfcomplex packing only
        const bool rowOne = k.row.width && !k.row.pairs && k.halfLengthReal() && !k.row.registers && !k.row.stacked &&
                            !k.row.pieceLength &&
                            (r2rKind == 0 || r2rKind == 1 || r2rKind == 2 || r2rKind == 4 || r2rKind == 5 ||
                             r2rKind == 8 || r2rKind == 9);
        const bool extension = r2rKind == 3 || r2rKind == 7; // DCT-I, DST-I: a real FFT of 2(n -+ 1)
        const bool kindFits = quarterWave ? k.kind == PassKind::Complex && (stockham || rowComplex)
                              : extension ? k.kind == PassKind::RealForward && (stockham || rowPairs || lanes)
                                          : (k.kind == PassKind::RealForward || k.kind == PassKind::RealBackward) &&
                                                !(k.row.width && !rowPairs && !rowOne);
        // 16-bit client rows: every form's fused accesses take the storage (global_access.h,
        // storage.h), the row lanes but their packed runs (chooseCpuForm leaves those out).
        if (plan.passes.size() != 1 || !(rowPairs || rowComplex || rowOne || stockham || lanes) || !kindFits ||
            k.inLayout != ComplexLayout::Interleaved || k.outLayout != ComplexLayout::Interleaved ||
            only.source != BufferRole::Input || only.destination != BufferRole::Output)
            throw StatusError{CLFFT_NOTIMPLEMENTED};
        plan.passes.front().spec.r2rIn = problem.r2rIn;
        plan.passes.front().spec.r2rOut = problem.r2rOut;
        if (lanes) { // the client's reals lane by lane (lane_r2r.cpp), each point at its own address
            plan.passes.front().spec.lane.gatherIn = true;
            plan.passes.front().spec.lane.gatherOut = true;
            plan.passes.front().spec.lane.realPairs = false;
        }
    }
    plan.passes.front().spec.pre = problem.pre;
    plan.passes.front().appliesPre = problem.pre.present;
    plan.passes.back().spec.post = problem.post;
    plan.passes.back().appliesPost = problem.post.present;
    plan.passes.back().appliesScale = true;
    for (PassPlan& pass : plan.passes)
        streamLargeStores(ctx, pass);
    return plan;
}

bool samePlan(const ExecutionPlan& a, const ExecutionPlan& b)
{
    if (a.passes.size() != b.passes.size() || a.tmpBytes != b.tmpBytes || a.tmp2Bytes != b.tmp2Bytes ||
        a.tmp3Bytes != b.tmp3Bytes || a.wideBytes != b.wideBytes)
        return false;
    for (std::size_t i = 0; i < a.passes.size(); ++i)
        if (!(a.passes[i].spec == b.passes[i].spec) || a.passes[i].source != b.passes[i].source ||
            a.passes[i].destination != b.passes[i].destination)
            return false;
    return true;
}

} // namespace
} // namespace planning

ExecutionPlan planProblem(const Problem& problem, const DeviceLimits& limits)
{
    return planning::planWith(planning::Context{problem, limits, tuningFor(limits)});
}

namespace {

// One variant of the profile's choices: what it changes, and whether the default set (what
// MEASURE times) holds it or only the exhaustive one.
struct Variant {
    const char* label;
    bool exhaustiveOnly;
    bool cpuOnly;
    void (*apply)(TuningProfile& t, DeviceLimits& l);
};

// The padded-dimension rule of the generic CPU profile (a profile that leaves it out gets it back).
void usePaddedDims(TuningProfile& t)
{
    const TuningProfile& cpu = tuningProfile(DeviceClass::Cpu);
    t.paddedDimsMaxBytes = cpu.paddedDimsMaxBytes;
    t.paddedDimsLengths[0] = cpu.paddedDimsLengths[0];
    t.paddedDimsLengths[1] = cpu.paddedDimsLengths[1];
    t.paddedDimsMinStepBytes = cpu.paddedDimsMinStepBytes;
}

// Short lane passes in registers up to `times` the Intel CPU profile's bytes (the generic CPU
// profile leaves them out).
void useLaneRegisters(TuningProfile& t, std::size_t times)
{
    const TuningProfile& intel = tuningProfile(DeviceClass::CpuIntel);
    t.laneRegistersMaxBytes = times * intel.laneRegistersMaxBytes;
    t.laneRegistersNarrowMaxLength = intel.laneRegistersNarrowMaxLength;
    t.laneLocalOddRowsMaxRadix = 0;
}

void capKernelLength(TuningProfile& t, std::size_t n)
{
    t.maxSingleKernelLength = std::min(t.maxSingleKernelLength, n);
    t.maxConvolutionKernelLength = std::min(t.maxConvolutionKernelLength, n);
    t.rowLanesBeyondMaxLength = false;
}

// In the order they are tried: a plan two variants share keeps the first one's label (wisdom
// names a candidate by label and plan), so the default set comes first.
const Variant kVariants[] = {
    // The split of a long length into passes, and of a convolution (Rader, Bluestein) in kernels.
    {"one kernel up to 4096", false, false, [](TuningProfile& t, DeviceLimits&) { capKernelLength(t, 4096); }},
    {"one kernel up to 2048", false, false, [](TuningProfile& t, DeviceLimits&) { capKernelLength(t, 2048); }},
    {"one kernel up to 1024", false, false, [](TuningProfile& t, DeviceLimits&) { capKernelLength(t, 1024); }},
    {"one kernel up to 512", false, false, [](TuningProfile& t, DeviceLimits&) { capKernelLength(t, 512); }},
    {"first pass shorter", false, false, [](TuningProfile& t, DeviceLimits&) { t.firstPassScale = 0.25; t.splitFewestRadixPasses = false; }},
    {"passes split in balance", false, true, [](TuningProfile& t, DeviceLimits&) { t.splitFewestRadixPasses = t.splitForFullLanes = false; }},
    {"Bluestein in lanes of 4", false, true, [](TuningProfile& t, DeviceLimits&) { t.laneBluesteinNarrow = true; t.laneBluesteinNarrowMaxBytes = 0; }},
    {"no Bluestein in lanes of 4", false, true, [](TuningProfile& t, DeviceLimits&) { t.laneBluesteinNarrow = false; }},
    {"Bluestein passes reversed", false, false, [](TuningProfile& t, DeviceLimits&) { t.bluesteinPassesReversed = !t.bluesteinPassesReversed; }},
    // Work-items per group and transforms per group.
    {"groups of 32", false, false, [](TuningProfile& t, DeviceLimits&) { t.targetGroupThreads = t.rowLaneGroupThreads = 32; }},
    {"groups of 128", false, false, [](TuningProfile& t, DeviceLimits&) { t.targetGroupThreads = t.rowLaneGroupThreads = 128; }},
    {"groups of 256", false, false, [](TuningProfile& t, DeviceLimits&) { t.targetGroupThreads = t.rowLaneGroupThreads = 256; }},
    {"at most 64 per group", false, false, [](TuningProfile& t, DeviceLimits&) { t.maxWorkGroup = std::min<std::size_t>(t.maxWorkGroup, 64); }},
    // Kernel family (CPU forms), radices of the row-lane passes, real rows in pairs.
    {"no row lanes", false, true, [](TuningProfile&, DeviceLimits& l) { l.rowLaneKernels = false; }},
    {"no lane kernels", false, true, [](TuningProfile&, DeviceLimits& l) { l.laneKernels = false; }},
    {"no row vectors", false, true, [](TuningProfile&, DeviceLimits& l) { l.rowVectorKernels = false; }},
    // Short rows side by side in 32-byte vectors: measured on one CPU class (docs/tuning.md).
    {"row vectors: one row per vector", false, true, [](TuningProfile& t, DeviceLimits&) { t.rowVectorStackBytes = 0; }},
    // Bluestein rows of 900 points and more in row lanes; below, they won and lost by length.
    {"no row-lane Bluestein", false, true, [](TuningProfile&, DeviceLimits& l) { l.rowLaneBluestein = false; }},
    {"row-lane Bluestein from 256 points", false, true, [](TuningProfile& t, DeviceLimits&) {
         if (t.rowLaneBluesteinMinLength)
             t.rowLaneBluesteinMinLength = std::min<std::size_t>(t.rowLaneBluesteinMinLength, 256);
     }},
    {"row lanes: radices up to 4", false, true, [](TuningProfile& t, DeviceLimits&) { t.rowLaneMaxRadix = 4; }},
    // Double rows of 4A points as packed row lanes of 4: out of place 20 1.13x, 24 1.22x, 28 1.15x
    // over the lanes, in place 24 0.9x of the lanes through local memory (docs/tuning.md).
    {"double row lanes of 4 from 4A points", false, true, [](TuningProfile& t, DeviceLimits&) { t.rowLanesPacked4DoubleMultiple = 4; }},
    {"lane passes: radices in the other order", false, true, [](TuningProfile& t, DeviceLimits&) { t.laneRadicesAscending = !t.laneRadicesAscending; }},
    {"lane passes: radix 16 at the model's cost", false, true, [](TuningProfile& t, DeviceLimits&) { t.laneRadix16Cost = 0; }},
    {"no real row pairs", false, true, [](TuningProfile& t, DeviceLimits&) { t.realPairMaxLength = 0; }},
    {"lane passes in registers", false, true, [](TuningProfile& t, DeviceLimits&) { useLaneRegisters(t, 1); }},
    {"lane passes through local memory", false, true, [](TuningProfile& t, DeviceLimits&) { t.laneRegistersMaxBytes = t.laneRegistersNarrowMaxLength = t.laneRegistersNarrowUnalignedMaxLength = 0; }},
    // 2D/3D through a padded temporary or not: it won on an AMD CPU, lost on an Intel one.
    {"no padded dimensions", false, true, [](TuningProfile& t, DeviceLimits&) { t.paddedDimsMaxBytes = 0; }},
    {"padded dimensions", false, true, [](TuningProfile& t, DeviceLimits&) { usePaddedDims(t); }},
    // Exhaustive only: finer values.
    {"one kernel up to 256", true, false, [](TuningProfile& t, DeviceLimits&) { capKernelLength(t, 256); }},
    {"at most 128 per group", true, false, [](TuningProfile& t, DeviceLimits&) { t.maxWorkGroup = std::min<std::size_t>(t.maxWorkGroup, 128); }},
    {"16 KiB per packed group", true, false, [](TuningProfile& t, DeviceLimits&) { t.groupLocalBudget = 16384; }},
    {"64 KiB per packed group", true, false, [](TuningProfile& t, DeviceLimits&) { t.groupLocalBudget = 65536; }},
    {"lane kernels in half the local memory", true, true, [](TuningProfile& t, DeviceLimits&) { t.laneLocalCap /= 2; }},
    {"row lanes: fewer lines in the first pass", true, true, [](TuningProfile& t, DeviceLimits&) { t.rowLaneFirstPassLines /= 2; }},
    {"split/merge: one pair per work-item", true, true, [](TuningProfile& t, DeviceLimits&) { t.splitMergeVector = 0; }},
    {"row lanes: one row per vector", true, true, [](TuningProfile& t, DeviceLimits&) { t.rowLanesStacked4 = false; }},
    {"row lanes: more lines in the first pass", true, true, [](TuningProfile& t, DeviceLimits&) { t.rowLaneFirstPassLines *= 2; }},
    {"lane passes in registers up to twice the bytes", true, true, [](TuningProfile& t, DeviceLimits&) { useLaneRegisters(t, 2); }},
};

} // namespace

std::vector<Candidate> planCandidates(const Problem& problem, const DeviceLimits& limits, CandidateSet set)
{
    const TuningProfile& base = tuningFor(limits);
    std::vector<Candidate> out;
    auto consider = [&](const char* label, const TuningProfile& tuning, const DeviceLimits& l) {
        try {
            ExecutionPlan plan = planning::planWith(planning::Context{problem, l, tuning});
            for (const Candidate& c : out)
                if (planning::samePlan(c.plan, plan))
                    return;
            out.push_back(Candidate{label, estimatedCost(plan, tuning), std::move(plan)});
        } catch (const StatusError&) {
            // this variant has no plan for the problem; the others may
        }
    };
    consider("profile", base, limits);
    if (out.empty())
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    for (const Variant& v : kVariants) {
        if ((v.exhaustiveOnly && set != CandidateSet::Exhaustive) || (v.cpuOnly && !limits.isCpu()))
            continue;
        TuningProfile t = base;
        DeviceLimits l = limits;
        v.apply(t, l);
        consider(v.label, t, l);
    }
    // The profile's plan first (it is what ESTIMATE runs), the others by estimated cost.
    std::stable_sort(out.begin() + 1, out.end(),
                     [](const Candidate& a, const Candidate& b) { return a.estimatedCost < b.estimatedCost; });
    if (set == CandidateSet::Default && base.measureCostCutoff > 0) {
        double cheapest = out.front().estimatedCost;
        for (const Candidate& c : out)
            cheapest = std::min(cheapest, c.estimatedCost);
        const double limit = base.measureCostCutoff * cheapest;
        out.erase(std::remove_if(out.begin() + 1, out.end(),
                                 [&](const Candidate& c) { return c.estimatedCost > limit; }),
                  out.end());
    }
    return out;
}

std::optional<ExecutionPlan> planVariant(const Problem& problem, const DeviceLimits& limits, const std::string& label)
{
    TuningProfile t = tuningFor(limits);
    DeviceLimits l = limits;
    if (label != "profile") {
        const Variant* v = nullptr;
        for (const Variant& candidate : kVariants)
            if (label == candidate.label)
                v = &candidate;
        if (!v || (v->cpuOnly && !limits.isCpu()))
            return std::nullopt;
        v->apply(t, l);
    }
    try {
        return planning::planWith(planning::Context{problem, l, t});
    } catch (const StatusError&) {
        return std::nullopt;
    }
}

} // namespace clfft_ng
