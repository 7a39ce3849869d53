// Real transforms. Dimension 0 (the real one) as one real pass; or, for a row too long for one
// kernel, a complex FFT of half its length on the reals seen as complex values with a
// split/merge step; or a complex FFT of all its points on real data (dimension.cpp addRealRow).
// The other dimensions are complex passes on the hermitian half: after the real pass (R2C),
// before it (C2R, in a temporary buffer out of place so that the client's input survives).
#include "internal.h"

#include "factorize.h"

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

} // namespace

ExecutionPlan planRealForward(const Context& ctx)
{
    const Problem& problem = ctx.problem;
    ExecutionPlan plan;
    std::vector<IoDim> herm = problem.dims;
    herm[0].n = problem.dims[0].n / 2 + 1;
    const View out = viewOf(herm, problem.batch, true, BufferRole::Output, problem.outLayout);
    // Dimension 0: a long row as a complex FFT of all N points, or of N/2 points and a merge
    // pass; else one real pass.
    if (longRealRow(ctx) && !halfLengthRow(problem, true)) {
        const View realIn = viewOf(problem.dims, problem.batch, false, BufferRole::Input, ComplexLayout::Interleaved);
        addRealRow(ctx, plan, problem.dims[0].n, 1, realIn, out);
    } else if (longRealRow(ctx)) {
        View zOut = out;
        zOut.counts[0] = problem.dims[0].n / 2;
        addDimension(ctx, plan, 0, complexViewOfRealSide(problem, true, BufferRole::Input), zOut,
                     problem.inPlace);
        PassIo merge;
        merge.kind = PassKind::RealMerge;
        merge.n = problem.dims[0].n;
        merge.inStride = merge.outStride = out.strides[0];
        for (std::size_t e = 1; e < out.counts.size(); ++e)
            merge.batch.push_back(IoDim{out.counts[e], out.strides[e], out.strides[e]});
        merge.source = merge.destination = BufferRole::Output;
        merge.sourceLayout = merge.destinationLayout = problem.outLayout;
        plan.passes.push_back(makePass(ctx, merge));
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
        plan.passes.push_back(makePass(ctx, real));
    }
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
    const bool longRow = longRealRow(ctx);
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

    if (longRow && !halfLengthRow(problem, false)) {
        const View out = viewOf(problem.dims, problem.batch, true, BufferRole::Output, ComplexLayout::Interleaved);
        addRealRow(ctx, plan, problem.dims[0].n, -1, work, out);
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
        plan.passes.push_back(makePass(ctx, split));
        addDimension(ctx, plan, 0, zOut, zOut, true);
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
    plan.passes.push_back(makePass(ctx, real));
    return plan;
}

} // namespace clfft_ng::planning
