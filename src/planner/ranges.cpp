// Zero-padded input and pruned output (docs/zero-padding.md): the rows a pass may leave out, and
// the masks of the pass that transforms a ranged dimension.
#include "internal.h"

#include <clFFT.h>

#include "status_error.h"

namespace clfft_ng::planning {

namespace {

const PointRange* rangeOf(const std::vector<PointRange>& side, std::size_t j)
{
    return j < side.size() && side[j].present() ? &side[j] : nullptr;
}

} // namespace

View neededRows(const Problem& p, View v, std::size_t d, const std::vector<bool>& transformed)
{
    for (std::size_t j = 0; j < p.dims.size() && j < v.counts.size(); ++j) {
        if (j == d)
            continue;
        const PointRange* r = rangeOf(transformed[j] ? p.skipOut : p.zeroIn, j);
        if (!r)
            continue;
        // Rows in a range that stops short of the end would need a mask on the pass's batch
        // coordinates: not yet (a range to the end only shortens the count).
        if (r->end < v.counts[j])
            throw StatusError{CLFFT_NOTIMPLEMENTED};
        v.counts[j] = r->begin;
    }
    return v;
}

void rangeOwnDimension(const Problem& p, ExecutionPlan& plan, std::size_t first, std::size_t d)
{
    const PointRange* zero = rangeOf(p.zeroIn, d);
    const PointRange* skip = rangeOf(p.skipOut, d);
    if (!zero && !skip)
        return;
    if (plan.passes.size() != first + 1)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    KernelSpec& spec = plan.passes.back().spec;
    // Loads and stores indexed by the point along the dimension: the Stockham kernel of whole
    // transforms (global_access.h), or a complex lane kernel's element paths (lane_memory.cpp);
    // not a sub-pass of a multi-pass transform.
    const bool lanes = spec.lane.width && spec.kind == PassKind::Complex && !spec.lane.blocksIn && !spec.lane.blocksOut;
    const bool rowLanes = spec.row.width == 8 && spec.kind == PassKind::Complex && !spec.row.stacked && !spec.row.pairs;
    if (spec.stageTwiddleLength || spec.fusedStep != FusedStep::None || (spec.lane.width && !lanes) ||
        (spec.row.width && !rowLanes) ||
        spec.rowVector.rowsPerGroup || spec.pairVector || spec.kind == PassKind::RealMerge ||
        spec.kind == PassKind::RealSplit)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    if (zero)
        spec.zeroIn = *zero;
    if (skip)
        spec.skipOut = *skip;
}

void rangedComplexDims(const Context& ctx, ExecutionPlan& plan, const std::vector<std::size_t>& dims, const View& src,
                       const View& work, const View& dst, std::vector<bool>& transformed)
{
    for (std::size_t k = 0; k < dims.size(); ++k) {
        const View& a = k == 0 ? src : work;
        const View& b = k + 1 == dims.size() ? dst : work;
        const std::size_t first = plan.passes.size();
        addDimension(dimensionContext(ctx, dims[k]), plan, dims[k], neededRows(ctx.problem, a, dims[k], transformed),
                     neededRows(ctx.problem, b, dims[k], transformed), sameData(ctx.problem, a, b));
        rangeOwnDimension(ctx.problem, plan, first, dims[k]);
        transformed[dims[k]] = true;
    }
}

Context dimensionContext(const Context& ctx, std::size_t d)
{
    Context c = ctx;
    if (const PointRange* r = rangeOf(ctx.problem.zeroIn, d))
        c.zeroIn = *r;
    if (const PointRange* r = rangeOf(ctx.problem.skipOut, d))
        c.skipOut = *r;
    return c;
}

bool anySkip(const Problem& p)
{
    for (const PointRange& r : p.skipOut)
        if (r.present())
            return true;
    return false;
}

bool sameData(const Problem& p, const View& src, const View& dst)
{
    return src.role == dst.role || (p.inPlace && src.role == BufferRole::Input && dst.role == BufferRole::Output);
}

} // namespace clfft_ng::planning
