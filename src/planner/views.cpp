#include "internal.h"

#include <algorithm>

namespace clfft_ng::planning {

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

View paddedTempView(const std::vector<std::size_t>& counts, std::size_t d, std::size_t inner, std::size_t pitch)
{
    View v = tempView(counts, d);
    v.pitchedDim = d;
    v.inner = inner;
    v.pitch = pitch;
    std::size_t stride = counts[d] / inner * pitch;
    for (std::size_t i = 0; i < counts.size(); ++i)
        if (i != d) {
            v.strides[i] = stride;
            stride *= counts[i];
        }
    return v;
}

View paddedStepsView(const std::vector<std::size_t>& counts, std::size_t elementBytes)
{
    View v{counts, std::vector<std::size_t>(counts.size()), BufferRole::Temp, ComplexLayout::Interleaved};
    std::size_t stride = 1;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        v.strides[i] = stride;
        stride = paddedStep(stride * counts[i], elementBytes);
    }
    return v;
}

std::size_t stepOf(const View& v, std::size_t d, std::size_t s)
{
    if (d == v.pitchedDim && s % v.inner == 0)
        return s / v.inner * v.pitch;
    return s * v.strides[d];
}

std::size_t viewPoints(const View& v)
{
    std::size_t n = 1;
    for (std::size_t c : v.counts)
        n *= c;
    return n;
}

std::size_t viewExtent(const View& v)
{
    std::size_t extent = 1;
    for (std::size_t i = 0; i < v.counts.size(); ++i)
        extent += (v.counts[i] - 1) * v.strides[i];
    return extent;
}

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

void reserveScratch(ExecutionPlan& plan, const View& v, Precision p)
{
    std::size_t points = viewPoints(v);
    if (v.pitch)
        points = points / v.inner * v.pitch;
    points = std::max(points, viewExtent(v)); // padded steps (paddedStepsView)
    const std::size_t bytes = points * complexBytes(p);
    std::size_t& slot = v.role == BufferRole::Temp ? plan.tmpBytes : v.role == BufferRole::Temp2 ? plan.tmp2Bytes : plan.tmp3Bytes;
    slot = std::max(slot, bytes);
}

} // namespace clfft_ng::planning

namespace clfft_ng {

std::size_t paddedStep(std::size_t points, std::size_t elementBytes)
{
    return (points * elementBytes) % 512 == 0 ? points + 64 / elementBytes : points;
}

} // namespace clfft_ng
