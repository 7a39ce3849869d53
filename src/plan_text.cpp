#include "plan_text.h"

#include "families.h"
#include "planner/cost.h"

#include <sstream>

namespace clfft_ng {

const char* kernelFamily(const KernelSpec& spec) { return familyOf(spec).name; }

namespace {

const char* roleName(BufferRole r)
{
    switch (r) {
    case BufferRole::Input: return "input";
    case BufferRole::Output: return "output";
    case BufferRole::Temp: return "temp";
    case BufferRole::Temp2: return "temp2";
    case BufferRole::Temp3: return "temp3";
    case BufferRole::Wide: return "wide";
    }
    return "?";
}

std::string bytesText(std::size_t b)
{
    std::ostringstream os;
    if (b >= (std::size_t(1) << 30) && b % (std::size_t(1) << 20) == 0)
        os << double(b) / double(std::size_t(1) << 30) << " GiB";
    else if (b >= (std::size_t(1) << 20))
        os << double(b) / double(std::size_t(1) << 20) << " MiB";
    else if (b >= 1024)
        os << double(b) / 1024.0 << " KiB";
    else
        os << b << " B";
    return os.str();
}

const char* kindText(TransformKind k)
{
    return k == TransformKind::ComplexToComplex ? "c2c" : k == TransformKind::RealToComplex ? "r2c" : "c2r";
}

} // namespace

std::string explainPlan(const ExecutionPlan& plan, const Problem& problem)
{
    std::ostringstream os;
    os << kindText(problem.kind) << ' ' << (problem.precision == Precision::Double ? "double" : "single") << ' ';
    // docs/precision.md; the sides differ only in an r2r plan's inner FFT (docs/r2r.md).
    auto storageName = [](Storage s) { return s == Storage::BFloat16 ? "bfloat16" : s == Storage::Half ? "half" : "native"; };
    if (problem.inStorage != Storage::Native || problem.outStorage != Storage::Native) {
        if (problem.inStorage == problem.outStorage)
            os << "arithmetic, " << storageName(problem.inStorage) << " storage ";
        else
            os << "arithmetic, " << storageName(problem.inStorage) << " in, " << storageName(problem.outStorage)
               << " out storage ";
    }
    for (std::size_t d = 0; d < problem.dims.size(); ++d)
        os << (d ? " x " : "") << problem.dims[d].n;
    std::size_t batch = 1;
    for (const IoDim& b : problem.batch)
        batch *= b.n;
    os << ", batch " << batch << ", " << (problem.inPlace ? "in place" : "out of place") << ": "
       << plan.passes.size() << (plan.passes.size() == 1 ? " pass" : " passes");
    if (plan.tmpBytes)
        os << ", temp " << bytesText(plan.tmpBytes);
    if (plan.tmp2Bytes)
        os << ", temp2 " << bytesText(plan.tmp2Bytes);
    if (plan.tmp3Bytes)
        os << ", temp3 " << bytesText(plan.tmp3Bytes);
    if (plan.wideBytes)
        os << ", wide output " << bytesText(plan.wideBytes);
    os << '\n';
    if (problem.hasRanges()) { // docs/zero-padding.md: each pass's rows and masks are below
        os << "  ranges:";
        const char* sep = " ";
        for (int side = 0; side < 2; ++side)
            for (std::size_t d = 0; d < problem.dims.size(); ++d) {
                const std::vector<PointRange>& r = side ? problem.skipOut : problem.zeroIn;
                if (d < r.size() && r[d].present()) {
                    os << sep << (side ? "skipped output" : "zero input") << " dim " << d << ' ' << r[d].begin << ".."
                       << r[d].end;
                    sep = ", ";
                }
            }
        os << " (the passes leave out those rows, loads and stores)\n";
    }
    std::size_t total = 0;
    for (std::size_t i = 0; i < plan.passes.size(); ++i) {
        const PassPlan& p = plan.passes[i];
        const PassTraffic t = passTraffic(p);
        total += t.readBytes + t.writeBytes;
        const LaunchShape launch = familyOf(p.spec).launch(p.spec, p.workGroups(), p.transforms);
        const std::size_t groupSize = launch.local[0] * launch.local[1];
        const std::size_t groups = launch.global[0] * launch.global[1] / groupSize;
        os << "  pass " << i + 1 << ": " << kernelFamily(p.spec) << ", " << roleName(p.source) << " -> "
           << roleName(p.destination) << ", " << p.transforms << " transform(s), " << groups << " group(s) of "
           << groupSize << ", local " << bytesText(p.spec.localMemBytes())
           << ", reads " << bytesText(t.readBytes) << ", writes " << bytesText(t.writeBytes)
           << (p.appliesScale ? ", scales" : "") << '\n'
           << "    " << p.spec.kernelName() << '\n'
           << "    " << p.spec.describe() << '\n';
    }
    os << "  global memory traffic " << bytesText(total) << '\n';
    return os.str();
}

} // namespace clfft_ng
