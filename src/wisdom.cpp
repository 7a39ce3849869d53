#include "wisdom.h"

#include "sha256.h"

#include <sstream>

namespace clfft_ng {

const char* rigorName(Rigor r)
{
    switch (r) {
    case Rigor::Measure: return "measure";
    case Rigor::Exhaustive: return "exhaustive";
    case Rigor::Estimate: break;
    }
    return "estimate";
}

std::string problemText(const Problem& p)
{
    std::ostringstream t;
    t << (p.kind == TransformKind::ComplexToComplex ? "c2c" : p.kind == TransformKind::RealToComplex ? "r2c" : "c2r")
      << (p.precision == Precision::Double ? " double" : " single")
      << (p.inStorage == Storage::Half ? " half" : p.inStorage == Storage::BFloat16 ? " bfloat16" : "")
      // an r2r plan's inner FFT may store its sides differently (docs/r2r.md)
      << (p.outStorage == p.inStorage ? ""
          : p.outStorage == Storage::Half ? " out-half"
          : p.outStorage == Storage::BFloat16 ? " out-bfloat16"
                                              : " out-native")
      << " in "
      << (p.inLayout == ComplexLayout::Planar ? "planar" : "interleaved") << " out "
      << (p.outLayout == ComplexLayout::Planar ? "planar" : "interleaved")
      << (p.inPlace ? " inplace" : " outofplace") << (p.inPlaceViaCopy ? " viacopy" : "") << " dims";
    for (const IoDim& d : p.dims)
        t << ' ' << d.n << ':' << d.inStride << ':' << d.outStride;
    t << " batch";
    for (const IoDim& d : p.batch)
        t << ' ' << d.n << ':' << d.inStride << ':' << d.outStride;
    if (p.pre.present || p.post.present)
        t << " callbacks";
    if (p.inPieces.length)
        t << " pieces " << p.inPieces.length << ':' << p.inPieces.distance << ':' << p.inPieces.base;
    if (p.leadDim >= 0)
        t << " lead " << p.leadDim;
    return t.str();
}

std::string wisdomKey(const Problem& problem, const DeviceLimits& limits, const DeviceIdentity& device)
{
    Sha256 h;
    auto field = [&](const std::string& s) {
        const std::string size = std::to_string(s.size()) + ":";
        h.update(size);
        h.update(s);
    };
    field("clfft-ng wisdom key 1");
    field(libraryRelease());
    field(device.platformName);
    field(device.platformVersion);
    field(device.deviceName);
    field(device.deviceVendor);
    field(device.deviceVersion);
    field(device.driverVersion);
    field(problemText(problem));
    std::ostringstream l;
    l << limits.localMemBytes << ' ' << limits.maxWorkGroupSize << ' ' << static_cast<int>(limits.deviceClass) << ' '
      << limits.laneKernels << limits.rowLaneKernels << limits.noLibraryMemory << ' ' << limits.maxAllocBytes;
    field(l.str());
    return toHex(h.digest());
}

std::string planFingerprint(const std::string& explainedPlan) { return toHex(Sha256::of(explainedPlan)); }

} // namespace clfft_ng
