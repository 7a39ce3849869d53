// The planner splits a Problem into passes. Today's strategy: one Stockham kernel per
// transform dimension, each computing whole 1-D transforms in local memory, several
// transforms per work-group; the other dimensions and the batch become the kernel's batch
// dimensions. Dimension 0 reads the input and writes the output; later dimensions work in
// place on the output, so no temporary buffer is needed for lengths that fit local memory.
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
std::size_t maxOffset(std::size_t n, std::size_t stride, const std::vector<IoDim>& batch, bool input)
{
    std::size_t off = (n - 1) * stride;
    for (const IoDim& d : batch)
        off += (d.n - 1) * (input ? d.inStride : d.outStride);
    return off;
}

PassPlan planDimension(const Problem& problem, std::size_t dimIndex, bool first, bool last,
                       const DeviceLimits& limits)
{
    const IoDim& dim = problem.dims[dimIndex];
    PassPlan pass;
    pass.source = first ? BufferRole::Input : BufferRole::Output;
    pass.destination = BufferRole::Output;
    pass.sourceLayout = first ? problem.inLayout : problem.outLayout;
    pass.destinationLayout = problem.outLayout;
    pass.inStride = first ? dim.inStride : dim.outStride;
    pass.outStride = dim.outStride;
    pass.appliesScale = last;

    std::vector<IoDim> batch;
    for (std::size_t i = 0; i < problem.dims.size(); ++i)
        if (i != dimIndex)
            batch.push_back(problem.dims[i]);
    for (const IoDim& b : problem.batch)
        batch.push_back(b);
    if (!first)
        for (IoDim& b : batch)
            b.inStride = b.outStride;
    pass.batch = normaliseBatch(batch);
    pass.transforms = 1;
    for (const IoDim& b : pass.batch)
        pass.transforms *= b.n;

    KernelSpec& spec = pass.spec;
    spec.length = dim.n;
    spec.radices = chooseRadices(dim.n);
    spec.precision = problem.precision;
    spec.inLayout = pass.sourceLayout;
    spec.outLayout = pass.destinationLayout;
    spec.batchDims = static_cast<int>(pass.batch.size());

    const std::size_t maxGroup = std::min<std::size_t>(limits.maxWorkGroupSize, 256);
    std::size_t bytesPerTransform = spec.length * complexBytes(spec.precision);
    const bool usesLocal = spec.radices.size() >= 2;
    if (usesLocal && bytesPerTransform > limits.localMemBytes) {
        // Exchanging one component at a time halves the local memory (4096 double points in
        // 32 KiB on a GPU with 48 KiB per group), at the price of two more barriers a pass.
        if (bytesPerTransform / 2 > limits.localMemBytes)
            throw StatusError{CLFFT_NOTIMPLEMENTED}; // needs the multi-pass (large transform) path
        spec.splitExchange = true;
        bytesPerTransform /= 2;
    }
    spec.threadsPerTransform =
        usesLocal ? std::min(spec.length / static_cast<std::size_t>(spec.radices.front()), maxGroup) : 1;

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

    const std::size_t limit32 = UINT32_MAX;
    spec.index64 = pass.transforms > limit32 || maxOffset(dim.n, pass.inStride, pass.batch, true) > limit32 ||
                   maxOffset(dim.n, pass.outStride, pass.batch, false) > limit32;
    return pass;
}

} // namespace

ExecutionPlan planProblem(const Problem& problem, const DeviceLimits& limits)
{
    if (problem.kind != TransformKind::ComplexToComplex)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    for (const IoDim& d : problem.dims)
        if (!hasCodeletFactors(d.n))
            throw StatusError{CLFFT_NOTIMPLEMENTED}; // prime factors above 13: not yet

    ExecutionPlan plan;
    std::vector<std::size_t> active;
    for (std::size_t i = 0; i < problem.dims.size(); ++i)
        if (problem.dims[i].n > 1)
            active.push_back(i);
    if (active.empty())
        active.push_back(0); // every length is 1: one scaling copy
    for (std::size_t k = 0; k < active.size(); ++k)
        plan.passes.push_back(planDimension(problem, active[k], k == 0, k + 1 == active.size(), limits));
    return plan;
}

} // namespace clfft_ng
