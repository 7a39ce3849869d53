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
#include "factorize.h"

#include <clFFT.h>

#include <algorithm>
#include <cstdint>

namespace clfft_ng {

std::size_t PassPlan::workGroups() const
{
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
    while (p < v)
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
};

PassPlan makePass(const Problem& problem, const PassIo& io, const DeviceLimits& limits)
{
    PassPlan pass;
    pass.source = io.source;
    pass.destination = io.destination;
    pass.sourceLayout = io.sourceLayout;
    pass.destinationLayout = io.destinationLayout;
    pass.inStride = io.inStride;
    pass.outStride = io.outStride;
    pass.batch = normaliseBatch(io.batch);
    pass.transforms = 1;
    for (const IoDim& b : pass.batch)
        pass.transforms *= b.n;

    KernelSpec& spec = pass.spec;
    spec.kind = io.kind;
    if (io.kind == PassKind::Complex) {
        spec.length = io.n;
    } else {
        spec.realLength = io.n;
        spec.length = io.n % 2 == 0 ? io.n / 2 : io.n;
    }
    spec.radices = chooseRadices(spec.length);
    spec.precision = problem.precision;
    spec.inLayout = io.sourceLayout;
    spec.outLayout = io.destinationLayout;
    spec.batchDims = static_cast<int>(pass.batch.size());

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
    spec.transformsPerGroup = b;
    spec.transformMajorThreads = b > 1 && pass.batch.front().inStride < pass.inStride;

    // Points stored along the pass on each side (real passes: the hermitian half is shorter).
    std::size_t inExtent = io.n, outExtent = io.n;
    if (io.kind == PassKind::RealForward)
        outExtent = io.n / 2 + 1;
    if (io.kind == PassKind::RealBackward)
        inExtent = io.n / 2 + 1;
    const std::size_t limit32 = UINT32_MAX;
    spec.index64 = pass.transforms > limit32 || maxOffset(inExtent, pass.inStride, pass.batch, true) > limit32 ||
                   maxOffset(outExtent, pass.outStride, pass.batch, false) > limit32;
    return pass;
}

// The batch of a pass along dimension `along`: every other dimension plus the plan's batch,
// with the strides given by `in` and `out` (which side's strides each pass reads and writes).
std::vector<IoDim> otherDims(const std::vector<IoDim>& dims, const std::vector<IoDim>& batch, std::size_t along)
{
    std::vector<IoDim> result;
    for (std::size_t i = 0; i < dims.size(); ++i)
        if (i != along)
            result.push_back(dims[i]);
    result.insert(result.end(), batch.begin(), batch.end());
    return result;
}

// Dimensions seen with both strides taken from one side (for passes in place on that side).
std::vector<IoDim> sameSide(std::vector<IoDim> dims, bool useOut)
{
    for (IoDim& d : dims) {
        if (useOut)
            d.inStride = d.outStride;
        else
            d.outStride = d.inStride;
    }
    return dims;
}

ExecutionPlan planComplex(const Problem& problem, const DeviceLimits& limits)
{
    ExecutionPlan plan;
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < problem.dims.size(); ++i)
        if (problem.dims[i].n > 1)
            active.push_back(i);
    if (active.empty())
        active.push_back(0); // every length is 1: one scaling copy
    for (std::size_t k = 0; k < active.size(); ++k) {
        const bool first = k == 0;
        const IoDim& dim = problem.dims[active[k]];
        PassIo io;
        io.n = dim.n;
        io.inStride = first ? dim.inStride : dim.outStride;
        io.outStride = dim.outStride;
        io.batch = otherDims(problem.dims, problem.batch, active[k]);
        if (!first)
            io.batch = sameSide(io.batch, true);
        io.source = first ? BufferRole::Input : BufferRole::Output;
        io.sourceLayout = first ? problem.inLayout : problem.outLayout;
        io.destinationLayout = problem.outLayout;
        plan.passes.push_back(makePass(problem, io, limits));
    }
    return plan;
}

ExecutionPlan planRealForward(const Problem& problem, const DeviceLimits& limits)
{
    ExecutionPlan plan;
    PassIo real;
    real.kind = PassKind::RealForward;
    real.n = problem.dims[0].n;
    real.inStride = problem.dims[0].inStride;
    real.outStride = problem.dims[0].outStride;
    real.batch = otherDims(problem.dims, problem.batch, 0);
    real.destinationLayout = problem.outLayout;
    plan.passes.push_back(makePass(problem, real, limits));
    // The other dimensions, in place on the hermitian output (N0/2+1 points along dim 0).
    std::vector<IoDim> herm = sameSide(problem.dims, true);
    herm[0].n = problem.dims[0].n / 2 + 1;
    const std::vector<IoDim> batch = sameSide(problem.batch, true);
    for (std::size_t d = 1; d < herm.size(); ++d) {
        if (herm[d].n == 1)
            continue;
        PassIo io;
        io.n = herm[d].n;
        io.inStride = io.outStride = herm[d].outStride;
        io.batch = otherDims(herm, batch, d);
        io.source = io.destination = BufferRole::Output;
        io.sourceLayout = io.destinationLayout = problem.outLayout;
        plan.passes.push_back(makePass(problem, io, limits));
    }
    return plan;
}

ExecutionPlan planRealBackward(const Problem& problem, const DeviceLimits& limits)
{
    ExecutionPlan plan;
    std::vector<std::size_t> complexDims;
    for (std::size_t d = 1; d < problem.dims.size(); ++d)
        if (problem.dims[d].n > 1)
            complexDims.push_back(d);

    // Where the hermitian data sits while the complex passes work on it: the input buffer in
    // place; out of place a packed interleaved temporary, so the client's input survives.
    std::vector<IoDim> herm = problem.dims, hermBatch = problem.batch;
    herm[0].n = problem.dims[0].n / 2 + 1;
    BufferRole work = BufferRole::Input;
    ComplexLayout workLayout = problem.inLayout;
    if (!complexDims.empty() && !problem.inPlace) {
        std::size_t stride = 1;
        for (IoDim& d : herm) {
            d.outStride = stride;
            stride *= d.n;
        }
        for (IoDim& b : hermBatch) {
            b.outStride = stride;
            stride *= b.n;
        }
        plan.tmpBytes = stride * complexBytes(problem.precision);
        work = BufferRole::Temp;
        workLayout = ComplexLayout::Interleaved;
    } else {
        herm = sameSide(herm, false);
        hermBatch = sameSide(hermBatch, false);
    }
    // herm[d].inStride: the client's input; herm[d].outStride: where the work copy lives.
    for (std::size_t k = 0; k < complexDims.size(); ++k) {
        const bool first = k == 0;
        const std::size_t d = complexDims[k];
        PassIo io;
        io.n = herm[d].n;
        io.inStride = first ? herm[d].inStride : herm[d].outStride;
        io.outStride = herm[d].outStride;
        io.batch = otherDims(herm, hermBatch, d);
        if (!first)
            io.batch = sameSide(io.batch, true);
        io.source = first ? BufferRole::Input : work;
        io.destination = work;
        io.sourceLayout = first ? problem.inLayout : workLayout;
        io.destinationLayout = workLayout;
        plan.passes.push_back(makePass(problem, io, limits));
    }
    PassIo real;
    real.kind = PassKind::RealBackward;
    real.n = problem.dims[0].n;
    const bool fromWork = !complexDims.empty();
    real.inStride = fromWork ? herm[0].outStride : problem.dims[0].inStride;
    real.outStride = problem.dims[0].outStride;
    std::vector<IoDim> batch = otherDims(problem.dims, problem.batch, 0);
    if (fromWork) {
        const std::vector<IoDim> workSide = otherDims(herm, hermBatch, 0);
        for (std::size_t i = 0; i < batch.size(); ++i)
            batch[i].inStride = workSide[i].outStride;
    }
    real.batch = batch;
    real.source = fromWork ? work : BufferRole::Input;
    real.sourceLayout = fromWork ? workLayout : problem.inLayout;
    plan.passes.push_back(makePass(problem, real, limits));
    return plan;
}

} // namespace

ExecutionPlan planProblem(const Problem& problem, const DeviceLimits& limits)
{
    // (A real length's half has no prime factor its length lacks.)
    for (const IoDim& d : problem.dims)
        if (!hasCodeletFactors(d.n))
            throw StatusError{CLFFT_NOTIMPLEMENTED}; // prime factors above 13: not yet

    ExecutionPlan plan;
    switch (problem.kind) {
    case TransformKind::ComplexToComplex: plan = planComplex(problem, limits); break;
    case TransformKind::RealToComplex: plan = planRealForward(problem, limits); break;
    case TransformKind::ComplexToReal: plan = planRealBackward(problem, limits); break;
    }
    plan.passes.front().spec.pre = problem.pre;
    plan.passes.front().appliesPre = problem.pre.present;
    plan.passes.back().spec.post = problem.post;
    plan.passes.back().appliesPost = problem.post.present;
    plan.passes.back().appliesScale = true;
    return plan;
}

} // namespace clfft_ng
