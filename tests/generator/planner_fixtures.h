// Fixtures of the host-only planner tests: device shapes (what DeviceLimits a GPU or CPU of a
// given local memory and work-group size reports; no machine here has most of them) and packed
// problems.
#pragma once

#include "planner.h"

#include "problem.h"

#include <cstddef>
#include <vector>

namespace clfft_test {

inline clfft_ng::DeviceLimits gpuShape(std::size_t localBytes, std::size_t maxGroup)
{
    clfft_ng::DeviceLimits l;
    l.localMemBytes = localBytes;
    l.maxWorkGroupSize = maxGroup;
    l.deviceClass = clfft_ng::DeviceClass::GpuGeneric;
    return l;
}

// A device shape under the name the tests print for it.
struct DeviceShape {
    const char* name;
    clfft_ng::DeviceLimits limits;
};

// PoCL reports 4096 work-items per group.
inline clfft_ng::DeviceLimits cpuShape(std::size_t localBytes)
{
    clfft_ng::DeviceLimits l = gpuShape(localBytes, 4096);
    l.deviceClass = clfft_ng::DeviceClass::Cpu;
    return l;
}

// A packed problem (ns fastest first, a batch of `batch`); the real side of an in-place plan has
// its rows padded to 2 (n0/2 + 1) reals; `layout` for the complex sides.
inline clfft_ng::Problem packedProblem(clfft_ng::TransformKind kind, const std::vector<std::size_t>& ns,
                                       clfft_ng::Precision p, bool inPlace, std::size_t batch,
                                       clfft_ng::ComplexLayout layout = clfft_ng::ComplexLayout::Interleaved)
{
    using clfft_ng::TransformKind;
    clfft_ng::Problem pr;
    pr.kind = kind;
    pr.precision = p;
    pr.inPlace = inPlace;
    if (kind != TransformKind::RealToComplex)
        pr.inLayout = layout;
    if (kind != TransformKind::ComplexToReal)
        pr.outLayout = layout;
    const std::size_t half = ns[0] / 2 + 1;
    const std::size_t realRow = inPlace ? 2 * half : ns[0];
    std::size_t row0In = ns[0], row0Out = ns[0];
    if (kind == TransformKind::RealToComplex) {
        row0In = realRow;
        row0Out = half;
    } else if (kind == TransformKind::ComplexToReal) {
        row0In = half;
        row0Out = realRow;
    }
    std::size_t in = 1, out = 1;
    for (std::size_t d = 0; d < ns.size(); ++d) {
        pr.dims.push_back(clfft_ng::IoDim{ns[d], in, out});
        in *= d == 0 ? row0In : ns[d];
        out *= d == 0 ? row0Out : ns[d];
    }
    if (batch > 1)
        pr.batch.push_back(clfft_ng::IoDim{batch, in, out});
    return pr;
}

} // namespace clfft_test
