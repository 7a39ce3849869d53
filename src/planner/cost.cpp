#include "cost.h"

#include "factorize.h"

#include <algorithm>

namespace clfft_ng {

double fftCost(std::size_t n)
{
    double cost = 0;
    for (int radix : chooseRadices(n))
        cost += radixPassCost(radix);
    return cost * static_cast<double>(n);
}

double laneRadix16PassCost(const TuningProfile& profile, bool withoutRadix16)
{
    return withoutRadix16 ? kNoRadix16Cost : profile.laneRadix16Cost;
}

namespace {

// Points one transform of the pass reads (input side) or writes, and whether they are reals.
struct SidePoints {
    std::size_t points;
    bool real;
};

SidePoints sidePoints(const KernelSpec& s, bool input)
{
    const bool realSide = input ? s.realInputSide() : s.realOutputSide();
    switch (s.kind) {
    case PassKind::RealForward:
    case PassKind::RealBackward:
        return realSide ? SidePoints{s.realLength, true} : SidePoints{s.realLength / 2 + 1, false};
    case PassKind::RealMerge:
        return {input ? s.realLength / 2 : s.realLength / 2 + 1, false};
    case PassKind::RealSplit:
        return {input ? s.realLength / 2 + 1 : s.realLength / 2, false};
    case PassKind::Bluestein:
    case PassKind::Rader:
        if (s.realDirection == 0)
            return {s.transformLength, false};
        return realSide ? SidePoints{s.transformLength, true} : SidePoints{s.transformLength / 2 + 1, false};
    case PassKind::Complex:
        break;
    }
    // A complex pass (a sub-pass of a longer transform among them): its length on each side,
    // reals where a real step reads or writes them.
    return {s.length, realSide};
}

// A pass's kernel form weighs its bytes: row lanes and row vectors 1, lanes and Stockham as
// the profile measured them against those.
double formCostFactor(const KernelSpec& spec, const TuningProfile& profile)
{
    return spec.row.width || spec.rowVector.rowsPerGroup ? 1.0
           : spec.lane.width                            ? profile.laneCostFactor
                                                        : profile.stockhamCostFactor;
}

} // namespace

PassTraffic passTraffic(const PassPlan& pass)
{
    // 16-bit sides: two bytes a real (docs/precision.md).
    const std::size_t inReal = realBytes(pass.spec.precision, pass.spec.inStorage);
    const std::size_t outReal = realBytes(pass.spec.precision, pass.spec.outStorage);
    // Row pairs: `transforms` counts real rows, each read and written once.
    const std::size_t transforms = pass.transforms;
    const SidePoints in = sidePoints(pass.spec, true), out = sidePoints(pass.spec, false);
    return {transforms * in.points * (in.real ? inReal : 2 * inReal), transforms * out.points * (out.real ? outReal : 2 * outReal)};
}

double estimatedCost(const ExecutionPlan& plan, const TuningProfile& profile)
{
    double cost = 0;
    for (const PassPlan& pass : plan.passes) {
        const PassTraffic t = passTraffic(pass);
        const double points = static_cast<double>(pass.transforms) * fftCost(std::max<std::size_t>(pass.spec.length, 1));
        const double factor = formCostFactor(pass.spec, profile);
        cost += factor * (static_cast<double>(t.readBytes + t.writeBytes) +
                          kLocalTripCost * points * static_cast<double>(complexBytes(pass.spec.precision)));
    }
    return cost;
}

} // namespace clfft_ng
