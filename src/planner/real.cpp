// Real transforms. The real dimension (0) goes to the real-row solvers, tried in order: one
// real pass; for a row too long for one kernel, a complex FFT of half its length on the reals
// seen as complex values with a split/merge pass; or a complex FFT of all its points on real
// data (dimension.cpp addRealRow). The other dimensions are complex passes on the hermitian
// half: after the real pass (R2C), before it (C2R, in a temporary buffer out of place so that
// the client's input survives).
#include "internal.h"

#include "factorize.h"
#include "status_error.h"

#include <clFFT.h>

namespace clfft_ng::planning {

namespace {

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
bool longRealRow(const Context& ctx)
{
    const Problem& problem = ctx.problem;
    const std::size_t n0 = problem.dims[0].n;
    if (!hasCodeletFactors(n0)) {
        std::vector<std::size_t> counts;
        for (const IoDim& dim : problem.dims)
            counts.push_back(dim.n);
        for (const IoDim& b : problem.batch)
            counts.push_back(b.n);
        return !fitsOneKernel(ctx, n0) && !laneBluesteinFits(ctx, n0, 0, counts);
    }
    return !fitsOneKernel(ctx, n0 % 2 == 0 ? n0 / 2 : n0, false);
}

// Long rows of even length with a real side that is a complex array: a complex FFT of half the
// length and a split/merge step (half the work of addRealRow).
bool halfLengthRow(const Problem& problem, bool input)
{
    return problem.dims[0].n % 2 == 0 && realSideIsComplexView(problem, input) &&
           !(input ? problem.pre.present : problem.post.present); // the real callback prototypes
}

// The real dimension (0): its solvers, tried in order like dimension.cpp's. `complexSide` is the
// hermitian side: the output (forward) or where the complex passes left the hermitian data
// (backward).
struct RealRowTask {
    bool forward;
    const View& complexSide;
};

struct RealRowSolver {
    const char* name;
    bool (*build)(const Context&, const RealRowTask&, ExecutionPlan&);
};

// The real dimension as one pass of the whole row (the real-pass kinds; makePass picks the
// kernel's algorithm and form).
void realPass(const Context& ctx, const RealRowTask& t, ExecutionPlan& plan, bool bluesteinOverRader = false)
{
    const Problem& problem = ctx.problem;
    PassIo real;
    real.n = problem.dims[0].n;
    if (t.forward) {
        real.kind = PassKind::RealForward;
        real.inStride = problem.dims[0].inStride;
        real.outStride = problem.dims[0].outStride;
        for (std::size_t i = 1; i < problem.dims.size(); ++i)
            real.batch.push_back(problem.dims[i]);
        real.batch.insert(real.batch.end(), problem.batch.begin(), problem.batch.end());
        real.destinationLayout = problem.outLayout;
    } else {
        const View& work = t.complexSide;
        const View out = viewOf(problem.dims, problem.batch, true, BufferRole::Output, problem.outLayout);
        real.kind = PassKind::RealBackward;
        real.inStride = work.strides[0];
        real.outStride = problem.dims[0].outStride;
        for (std::size_t e = 1; e < work.counts.size(); ++e)
            real.batch.push_back(IoDim{work.counts[e], work.strides[e], out.strides[e]});
        real.source = work.role;
        real.sourceLayout = work.layout;
    }
    real.bluesteinOverRader = bluesteinOverRader;
    plan.passes.push_back(makePass(ctx, real));
}

// The whole row as one row-lane Bluestein kernel on real data (CPUs, unit stride): its first
// loads read the reals (R2C) or the hermitian half (C2R), its last stores keep the hermitian half
// or the real parts (row_lanes.cpp). False, and nothing added, where makePass does not give
// the pass that form.
bool addRowLaneBluesteinOnRealData(const Context& ctx, const RealRowTask& t, ExecutionPlan& plan, bool overRader)
{
    ExecutionPlan trial;
    try {
        realPass(ctx, t, trial, overRader);
    } catch (const StatusError&) { // no one-kernel form of M points but the row lanes' refused
        return false;
    }
    PassPlan& pass = trial.passes.back();
    if (!(pass.spec.kind == PassKind::Bluestein && pass.spec.row.width))
        return false;
    plan.passes.push_back(std::move(pass));
    return true;
}

// A prime Rader would take (p - 1 smooth), from the row-lane Bluestein's minimum: that kernel
// instead of Rader's Stockham kernel of one transform per group (R2C 1009 3.9x, 2017 3.3x,
// 4001 5.9x; C2R 1009 3.9x, 2017 3.6x, 4001 3.8x; docs/tuning.md).
bool rowLaneBluesteinForRealPrime(const Context& ctx, const RealRowTask& t, ExecutionPlan& plan)
{
    const std::size_t n = ctx.problem.dims[0].n;
    return !hasCodeletFactors(n) && useRader(ctx, n) && rowLaneBluesteinFits(ctx, n) &&
           addRowLaneBluesteinOnRealData(ctx, t, plan, true);
}

// A row that fits one kernel: one real pass (the half-length FFT with its split/merge stage for
// even lengths, the full complex FFT for odd ones, Rader or Bluestein for large prime factors).
bool oneRealPass(const Context& ctx, const RealRowTask& t, ExecutionPlan& plan)
{
    if (longRealRow(ctx))
        return false;
    realPass(ctx, t, plan);
    return true;
}

// A long even row whose real side is a complex array: a complex FFT of half the length on
// z[n] = x[2n] + i x[2n+1] and a split/merge pass.
bool halfLengthSplitMerge(const Context& ctx, const RealRowTask& t, ExecutionPlan& plan)
{
    const Problem& problem = ctx.problem;
    if (!longRealRow(ctx) || !halfLengthRow(problem, t.forward))
        return false;
    if (t.forward) {
        const View& out = t.complexSide;
        View zOut = out;
        zOut.counts[0] = problem.dims[0].n / 2;
        addDimension(ctx, plan, 0, complexViewOfRealSide(problem, true, BufferRole::Input), zOut, problem.inPlace);
        PassIo merge;
        merge.kind = PassKind::RealMerge;
        merge.n = problem.dims[0].n;
        merge.inStride = merge.outStride = out.strides[0];
        for (std::size_t e = 1; e < out.counts.size(); ++e)
            merge.batch.push_back(IoDim{out.counts[e], out.strides[e], out.strides[e]});
        merge.source = merge.destination = BufferRole::Output;
        merge.sourceLayout = merge.destinationLayout = problem.outLayout;
        plan.passes.push_back(makePass(ctx, merge));
        return true;
    }
    // Split X into Z (the spectrum of z) in the output buffer seen as complex, then the
    // backward complex FFT of M points there.
    const View& work = t.complexSide;
    const View zOut = complexViewOfRealSide(problem, false, BufferRole::Output);
    // In place, Z[k] may land only where its own work-item read X[k] and X[M-k]: where the
    // hermitian points sit elsewhere than z's (a hermitian stride above 1), other work-items'
    // Z would overwrite X still to be read. Z then stays in X's places, and the FFT moves it.
    View zSplit = zOut;
    if (problem.inPlace && work.role == BufferRole::Input && work.strides != zOut.strides) {
        zSplit = work;
        zSplit.counts[0] = zOut.counts[0];
    }
    PassIo split;
    split.kind = PassKind::RealSplit;
    split.n = problem.dims[0].n;
    split.inStride = work.strides[0];
    split.outStride = zSplit.strides[0];
    for (std::size_t e = 1; e < work.counts.size(); ++e)
        split.batch.push_back(IoDim{work.counts[e], work.strides[e], zSplit.strides[e]});
    split.source = work.role;
    split.sourceLayout = work.layout;
    split.destination = zSplit.role;
    plan.passes.push_back(makePass(ctx, split));
    addDimension(ctx, plan, 0, zSplit, zOut, true);
    return true;
}

// A long row of a Bluestein length (odd: the half-length form did not apply): the row-lane
// Bluestein on real data where the row lanes hold it.
bool rowLaneBluesteinOnRealData(const Context& ctx, const RealRowTask& t, ExecutionPlan& plan)
{
    const std::size_t n = ctx.problem.dims[0].n;
    return longRealRow(ctx) && !hasCodeletFactors(n) && rowLaneBluesteinFits(ctx, n) &&
           addRowLaneBluesteinOnRealData(ctx, t, plan, false);
}

// Any other long row: a complex FFT of all N points, its first pass reading real data and its
// last keeping the hermitian half or the real parts (dimension.cpp addRealRow).
bool allPointsOnRealData(const Context& ctx, const RealRowTask& t, ExecutionPlan& plan)
{
    const Problem& problem = ctx.problem;
    if (!longRealRow(ctx) || halfLengthRow(problem, t.forward))
        return false;
    if (t.forward) {
        const View realIn = viewOf(problem.dims, problem.batch, false, BufferRole::Input, ComplexLayout::Interleaved);
        addRealRow(ctx, plan, problem.dims[0].n, 1, realIn, t.complexSide);
    } else {
        const View out = viewOf(problem.dims, problem.batch, true, BufferRole::Output, ComplexLayout::Interleaved);
        addRealRow(ctx, plan, problem.dims[0].n, -1, t.complexSide, out);
    }
    return true;
}

const RealRowSolver kRealRowSolvers[] = {
    {"Bluestein row lanes for a real prime", rowLaneBluesteinForRealPrime},
    {"one real pass", oneRealPass},
    {"half length with split/merge", halfLengthSplitMerge},
    {"Bluestein row lanes on real data", rowLaneBluesteinOnRealData},
    {"all points on real data", allPointsOnRealData},
};

void addRealDimension(const Context& ctx, const RealRowTask& task, ExecutionPlan& plan)
{
    for (const RealRowSolver& solver : kRealRowSolvers)
        if (solver.build(ctx, task, plan))
            return;
    throw StatusError{CLFFT_NOTIMPLEMENTED};
}

// Zero-padded or pruned real rows (docs/zero-padding.md): the real dimension as one real pass from
// view src to view dst over the rows it needs (neededRows), its own ranges as masks.
void rangedRealPass(const Context& ctx, ExecutionPlan& plan, bool forward, const View& src, const View& dst,
                    const std::vector<bool>& transformed)
{
    const Problem& problem = ctx.problem;
    if (longRealRow(ctx))
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    const View s = neededRows(problem, src, 0, transformed), d = neededRows(problem, dst, 0, transformed);
    PassIo real;
    real.kind = forward ? PassKind::RealForward : PassKind::RealBackward;
    real.n = problem.dims[0].n;
    real.inStride = s.strides[0];
    real.outStride = d.strides[0];
    for (std::size_t e = 1; e < s.counts.size(); ++e)
        real.batch.push_back(IoDim{s.counts[e], s.strides[e], d.strides[e]});
    real.source = s.role;
    real.destination = d.role;
    real.sourceLayout = s.layout;
    real.destinationLayout = d.layout;
    const std::size_t first = plan.passes.size();
    plan.passes.push_back(makePass(dimensionContext(ctx, 0), real));
    rangeOwnDimension(problem, plan, first, 0);
}

} // namespace

ExecutionPlan planRealForward(const Context& ctx)
{
    const Problem& problem = ctx.problem;
    ExecutionPlan plan;
    std::vector<IoDim> herm = problem.dims;
    herm[0].n = problem.dims[0].n / 2 + 1;
    const View out = viewOf(herm, problem.batch, true, BufferRole::Output, problem.outLayout);
    if (problem.hasRanges()) {
        // With pruned output, the passes before the last write a temporary (planComplexRanged).
        std::vector<std::size_t> dims;
        for (std::size_t d = 1; d < herm.size(); ++d)
            if (herm[d].n > 1)
                dims.push_back(d);
        View work = out;
        if (anySkip(problem) && !dims.empty()) {
            work = tempView(out.counts, 0);
            plan.tmpBytes = viewPoints(work) * complexBytes(problem.precision);
        }
        std::vector<bool> transformed(problem.dims.size());
        const View real = viewOf(problem.dims, problem.batch, false, BufferRole::Input, ComplexLayout::Interleaved);
        rangedRealPass(ctx, plan, true, real, dims.empty() ? out : work, transformed);
        transformed[0] = true;
        if (!dims.empty())
            rangedComplexDims(ctx, plan, dims, work, work, out, transformed);
        return plan;
    }
    addRealDimension(ctx, RealRowTask{true, out}, plan);
    // The other dimensions, in place on the hermitian output (N0/2+1 points along dim 0).
    for (std::size_t d = 1; d < herm.size(); ++d)
        if (herm[d].n > 1)
            addDimension(ctx, plan, d, out, out, true);
    return plan;
}

// stagePre: the first pass only applies the pre-callback, copying the hermitian input (each
// point once) into Temp3; the passes after it read Temp3. For rows whose first pass reads
// hermitian point k for k and N-k, where the callback would run twice for one point.
ExecutionPlan planRealBackward(const Context& ctx, bool stagePre)
{
    const Problem& problem = ctx.problem;
    const DeviceLimits& limits = ctx.limits;
    ExecutionPlan plan;
    std::vector<IoDim> herm = problem.dims;
    herm[0].n = problem.dims[0].n / 2 + 1;
    View in = viewOf(herm, problem.batch, false, BufferRole::Input, problem.inLayout);
    std::vector<std::size_t> complexDims;
    for (std::size_t d = 1; d < herm.size(); ++d)
        if (herm[d].n > 1)
            complexDims.push_back(d);
    leadFirst(problem, complexDims);

    if (problem.hasRanges()) {
        // The complex dimensions in a temporary (the client's output is written once, by the
        // real pass; its input is never written), then the real one.
        if (stagePre)
            throw StatusError{CLFFT_NOTIMPLEMENTED};
        std::vector<bool> transformed(problem.dims.size());
        View work = in;
        if (!complexDims.empty()) {
            work = tempView(in.counts, 0);
            plan.tmpBytes = viewPoints(work) * complexBytes(problem.precision);
            rangedComplexDims(ctx, plan, complexDims, in, work, work, transformed);
        }
        const View out = viewOf(problem.dims, problem.batch, true, BufferRole::Output, ComplexLayout::Interleaved);
        rangedRealPass(ctx, plan, false, work, out, transformed);
        return plan;
    }

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
        plan.passes.push_back(makePass(ctx, copy));
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
        addDimension(ctx, plan, complexDims[k], k == 0 ? in : work, work, k > 0 || work.role == in.role);
    addRealDimension(ctx, RealRowTask{false, work}, plan);
    return plan;
}

} // namespace clfft_ng::planning
