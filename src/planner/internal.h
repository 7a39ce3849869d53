// What the planner's parts share: the planning context, buffer views, the description of one
// pass before its kernel is shaped, and the functions one part calls in another. Internal to
// src/planner/; the interface is src/planner.h.
//
//   planner.cpp    the entry: the problem's kind, multi-dimensional order, callbacks, candidates
//   real.cpp       real transforms: the real-row solvers (one real pass, a half-length FFT with
//                  a split/merge pass, a complex FFT of all points on real data)
//   dimension.cpp  the solvers for one dimension (one kernel: direct, Rader, Bluestein;
//                  multi-pass; multi-kernel Bluestein)
//   lengths.cpp    algorithm per length: Rader or Bluestein, convolution length, what fits one
//                  kernel, the split of a long length into passes
//   pass_shape.cpp a pass's kernel: its spec and its Stockham launch shape (the GPU form)
//   cpu_forms.cpp  the CPU forms of a pass: lane and row-lane kernels
//   views.cpp      buffer views (counts and strides of every dimension in one buffer), scratch
#pragma once

#include "planner.h"
#include "tuning.h"

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace clfft_ng::planning {

// What every decision of one plan reads: the problem, the device and its tuning profile.
struct Context {
    const Problem& problem;
    const DeviceLimits& limits;
    const TuningProfile& tuning;
    // Zero-padded input and pruned output of the dimension being planned (docs/zero-padding.md):
    // its passes' masks, set by the ranged plans on a copy of the context per dimension.
    PointRange zeroIn{}, skipOut{};
    Precision precision() const { return problem.precision; }
    // Lane and row-lane kernels may run (a CPU device, no callbacks, not switched off).
    bool cpuForms() const;
};

// ---- views.cpp ---------------------------------------------------------------------------
// For every dimension of the problem (transform dimensions, then batch dimensions), its count
// and its stride in one buffer.
struct View {
    std::vector<std::size_t> counts;
    std::vector<std::size_t> strides;
    BufferRole role;
    ComplexLayout layout;
    // A temporary between the two passes of a split dimension may store it as rows of `inner`
    // points `pitch` apart (pitch > inner: no power-of-two row pitch; see paddedTempView).
    std::size_t pitchedDim = static_cast<std::size_t>(-1);
    std::size_t inner = 0, pitch = 0;
};

View viewOf(const std::vector<IoDim>& dims, const std::vector<IoDim>& batch, bool out, BufferRole role,
            ComplexLayout layout);
// The temporary buffer, packed (interleaved) with dimension `first` innermost.
View tempView(const std::vector<std::size_t>& counts, std::size_t first);
std::size_t viewPoints(const View& v);
// Elements from the view's first to its last point, plus one (viewPoints where packed).
std::size_t viewExtent(const View& v);
// The temporary of a dimension d of n = inner x rows points split in two passes, rows `pitch`
// points apart (the other dimensions after it, packed).
View paddedTempView(const std::vector<std::size_t>& counts, std::size_t d, std::size_t inner, std::size_t pitch);
// The temporary of a whole problem (dimensions, then batch dimensions, in the view's order),
// each step one cache line longer where it is a multiple of 512 bytes.
View paddedStepsView(const std::vector<std::size_t>& counts, std::size_t elementBytes);
// Elements between indices s apart along dimension d of the view.
std::size_t stepOf(const View& v, std::size_t d, std::size_t s);
// The two of Temp, Temp2 and Temp3 that neither end occupies, packed with dimension d
// (`count` points) innermost.
std::pair<View, View> scratchViews(std::size_t d, std::size_t count, const View& src, const View& dst);
// Reserves the bytes of the scratch buffer a pass touches.
void reserveScratch(ExecutionPlan& plan, const View& v, Precision p);

// ---- lengths.cpp -------------------------------------------------------------------------
// A prime p whose p - 1 has factors 2..13 (and fits a kernel) runs Rader's algorithm.
bool useRader(const Context& ctx, std::size_t n);
// Bluestein's convolution length for n.
std::size_t bluesteinLength(std::size_t n);
// Bluestein's convolution length for a row-lane kernel (a multiple of 64), and whether a pass
// of this context would take one (complex rows, unit stride on both sides).
std::size_t rowLaneBluesteinLength(std::size_t n);
bool rowLaneBluesteinFits(const Context& ctx, std::size_t n);
// Whether one kernel computes a transform of n points (complexPass: split exchange allowed).
bool fitsOneKernel(const Context& ctx, std::size_t n, bool complexPass = true);
// Lane kernels hold a whole Bluestein convolution of n (dimension d; `counts` the problem's);
// overRader: also for a prime Rader would take.
bool laneBluesteinFits(const Context& ctx, std::size_t n, std::size_t d, const std::vector<std::size_t>& counts,
                       bool overRader = false);
// n as `parts` factors each computed by one kernel, as equal as possible (the first near
// firstScale times the others); empty if impossible.
std::vector<std::size_t> splitLength(const Context& ctx, std::size_t n, std::size_t parts, double firstScale = 1);
// The fewest passes (from two, an even count when the passes start and end in one buffer).
std::vector<std::size_t> splitIntoPasses(const Context& ctx, std::size_t n, bool sameBuffer);

// ---- pass_shape.cpp ----------------------------------------------------------------------
// What one pass reads and writes, before the kernel is chosen.
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
    FusedStep fusedStep = FusedStep::None;
    std::size_t transformLength = 0, bluesteinPadded = 0, fusedPositionStride = 0;
    int realDirection = 0; // Load/Store steps on real data (see KernelSpec::realDirection)
    bool bluesteinOverRader = false; // a prime Rader could take runs Bluestein (a lane kernel on CPUs)
};

// The pass with its kernel: the spec, the Stockham shape, then a CPU form where one applies.
PassPlan makePass(const Context& ctx, const PassIo& io);
std::size_t floorPow2(std::size_t v);
std::size_t ceilPow2(std::size_t v);

// ---- cpu_forms.cpp -----------------------------------------------------------------------
// Turns the pass into a lane or row-lane kernel where one applies (else leaves it).
void chooseCpuForm(const Context& ctx, PassPlan& pass);
// Sets spec.streamStores where the pass's data exceed the device's cache (after inPlace and the
// callbacks are known).
void streamLargeStores(const Context& ctx, PassPlan& pass);
// Local memory a lane kernel may take: the device's, within the profile's cap (bluestein: the
// convolution cap).
std::size_t laneLocalRoom(const Context& ctx, bool bluestein);
// Local memory of a lane kernel over `points` points fits (bluestein: the convolution cap).
bool laneLocalFits(const Context& ctx, std::size_t points, bool bluestein);
std::size_t laneLocalLanes(const Context& ctx, std::size_t points, bool bluestein);
// Local memory of one transform of a row-lane kernel of rows of rowLength points.
// `tight`: complex rows with buffers of exactly the row (KernelSpec::row.tight).
std::size_t rowLaneSlotBytes(std::size_t rowLength, std::size_t lanes, Precision p, bool tight = false);

// ---- dimension.cpp -----------------------------------------------------------------------
// Transforms dimension d of the data from view src into view dst (the same buffer when
// sameBuffer); the first solver that accepts builds the passes.
void addDimension(const Context& ctx, ExecutionPlan& plan, std::size_t d, const View& src, const View& dst,
                  bool sameBuffer);
// The Bluestein of a length whose convolution needs several kernels (realDirection: real data).
void addBluesteinDimension(const Context& ctx, ExecutionPlan& plan, std::size_t d, std::size_t n, int realDirection,
                           const View& src, const View& dst);
// A real row too long for one kernel as a complex FFT of all n points (first pass reads real
// data, the last keeps the hermitian half or the real parts).
void addRealRow(const Context& ctx, ExecutionPlan& plan, std::size_t n, int realDirection, const View& src,
                const View& dst);
// Sub-pass of a global Stockham over sub-transforms of f points (see dimension.cpp).
PassIo subPass(std::size_t d, std::size_t n, std::size_t f, std::size_t span, const View& in, const View& out);

// ---- ranges.cpp ----------------------------------------------------------------------------
// Zero-padded input and pruned output (docs/zero-padding.md). The counts a pass over dimension
// d needs along the other transform dimensions: before a dimension's transform only the rows
// below its zero-input range (a range to the end; the rows above are zero), after it only those
// below its skipped range (the rows above are not needed). Throws CLFFT_NOTIMPLEMENTED where a
// range that does not run to the end would have to be skipped by rows.
View neededRows(const Problem& p, View v, std::size_t d, const std::vector<bool>& transformed);
// Puts dimension d's own ranges on the pass that transforms it (passes from `first` on), whose
// loads and stores index the dimension: one pass, not a sub-pass of a multi-pass transform.
void rangeOwnDimension(const Problem& p, ExecutionPlan& plan, std::size_t first, std::size_t d);
bool anySkip(const Problem& p);
// The complex dimensions `dims` of a plan with ranges, in order, from src (first) through work to
// dst (last), each over the rows it needs, with its own ranges as masks.
void rangedComplexDims(const Context& ctx, ExecutionPlan& plan, const std::vector<std::size_t>& dims, const View& src,
                       const View& work, const View& dst, std::vector<bool>& transformed);
// The context of dimension d's passes: its ranges on them (Context::zeroIn, skipOut).
Context dimensionContext(const Context& ctx, std::size_t d);
// Whether one buffer holds both views' data (the pass then works in place).
bool sameData(const Problem& p, const View& src, const View& dst);

// Problem::leadDim moved to the front of the complex dimensions `dims` (in their planned order).
inline void leadFirst(const Problem& p, std::vector<std::size_t>& dims)
{
    const auto lead = std::find(dims.begin(), dims.end(), static_cast<std::size_t>(p.leadDim));
    if (p.leadDim >= 0 && lead != dims.end())
        std::rotate(dims.begin(), lead, lead + 1);
}

// ---- real.cpp ------------------------------------------------------------------------------
ExecutionPlan planRealForward(const Context& ctx);
// stagePre: a first pass applies the pre-callback alone (see real.cpp).
ExecutionPlan planRealBackward(const Context& ctx, bool stagePre = false);

} // namespace clfft_ng::planning
