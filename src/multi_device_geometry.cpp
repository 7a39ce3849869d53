// The shape of a plan split over several devices: layouts and element sizes, the split mode,
// and the partition of the split axis by the devices' weights (multi_device_internal.h).
#include "multi_device_internal.h"

#include <algorithm>
#include <cmath>

namespace clfft_ng::multidevice {

Kind kindOf(const PlanSettings& s)
{
    if (s.inLayout == CLFFT_REAL)
        return Kind::R2C;
    if (s.outLayout == CLFFT_REAL)
        return Kind::C2R;
    return Kind::C2C;
}

bool isPlanar(clfftLayout l) { return l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR; }
bool isHermitian(clfftLayout l) { return l == CLFFT_HERMITIAN_INTERLEAVED || l == CLFFT_HERMITIAN_PLANAR; }
int planesOf(clfftLayout l) { return isPlanar(l) ? 2 : 1; }
clfftLayout complexLayout(clfftLayout l) { return isPlanar(l) ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED; }

std::size_t realBytes(const PlanSettings& s)
{
    if (storageOf(s.precision) != Storage::Native) // docs/precision.md
        return 2;
    return s.precision == CLFFT_DOUBLE || s.precision == CLFFT_DOUBLE_FAST ? sizeof(cl_double) : sizeof(cl_float);
}

std::size_t copyUnitBytes(const PlanSettings& s) { return realBytes(s) == 2 ? 2 : 4; }

std::size_t elementBytes(clfftLayout l, std::size_t real)
{
    return l == CLFFT_COMPLEX_INTERLEAVED || l == CLFFT_HERMITIAN_INTERLEAVED ? 2 * real : real;
}

std::size_t spanOf(const Geometry& g, clfftLayout layout, const std::array<std::size_t, 3>& st, bool inner)
{
    std::size_t span = 1;
    const int dims = inner ? g.rank - 1 : g.rank;
    for (int d = 0; d < dims; ++d) {
        const std::size_t c = d == 0 ? g.count0(layout) : g.n[static_cast<std::size_t>(d)];
        span += (c - 1) * st[static_cast<std::size_t>(d)];
    }
    return span;
}

SplitMode clientMode(const PlanSettings& s)
{
    const Geometry g(s);
    if (s.transposed == CLFFT_TRANSPOSED && s.rank > 1)
        return SplitMode::FirstQueue;
    const auto is = s.effectiveInStrides(), os = s.effectiveOutStrides();
    const std::size_t ie = elementBytes(s.inLayout, g.real), oe = elementBytes(s.outLayout, g.real);
    if (s.batch > 1) {
        // Each device's transforms must lie apart from the others', in place at one origin.
        const std::size_t id = s.effectiveInDistance(), od = s.effectiveOutDistance();
        if (spanOf(g, s.inLayout, is, false) > id || spanOf(g, s.outLayout, os, false) > od)
            return SplitMode::FirstQueue;
        if (s.placement == CLFFT_INPLACE && id * ie != od * oe)
            return SplitMode::FirstQueue;
        return SplitMode::Batch;
    }
    if (s.rank >= 2 && g.outer() >= 2) {
        // The slabs of the side the devices access by slab must lie apart (R2C: the input;
        // C2C and C2R run pencils first: the output).
        const bool slabsIn = g.kind == Kind::R2C;
        const clfftLayout l = slabsIn ? s.inLayout : s.outLayout;
        const auto& st = slabsIn ? is : os;
        if (spanOf(g, l, st, true) > st[static_cast<std::size_t>(s.rank - 1)])
            return SplitMode::FirstQueue;
        return SplitMode::Dimension;
    }
    return SplitMode::FirstQueue;
}

std::vector<IndexRange> partition(std::size_t total, const std::vector<double>& weights, std::size_t granule)
{
    double sum = 0;
    for (double w : weights)
        sum += w;
    std::vector<IndexRange> r(weights.size());
    std::size_t previous = 0;
    double acc = 0;
    for (std::size_t k = 0; k < weights.size(); ++k) {
        acc += weights[k];
        std::size_t end = total;
        if (k + 1 < weights.size()) {
            const double units = static_cast<double>(total) * acc / sum / static_cast<double>(granule);
            end = static_cast<std::size_t>(std::llround(units)) * granule;
        }
        end = std::min(std::max(end, previous), total);
        r[k] = IndexRange{previous, end - previous};
        previous = end;
    }
    return r;
}

std::size_t granuleFor(const std::vector<std::size_t>& stepBytes, const std::vector<std::size_t>& aligns,
                       std::size_t total, std::size_t devices)
{
    for (std::size_t g = 1; g * devices <= total && g <= 4096; ++g) {
        bool ok = true;
        for (std::size_t step : stepBytes)
            for (std::size_t a : aligns)
                ok = ok && (g * step) % a == 0;
        if (ok)
            return g;
    }
    return 1;
}

} // namespace clfft_ng::multidevice
