// The sub-plans of a plan split over several devices: their settings (a range of the batch, the
// inner dimensions of a slab, the outermost dimension of a pencil, rows read from every device's
// pencil), their bake per device, and the devices' library buffers (multi_device_internal.h).
#include "env_settings.h"
#include "multi_device_internal.h"

#include <algorithm>
#include <sstream>

namespace clfft_ng::multidevice {

namespace {

std::string subPlanKey(const PlanSettings& t)
{
    std::ostringstream o;
    o << std::hexfloat << t.rank << ' ' << t.batch << ' ' << t.precision << ' ' << t.inLayout << ' ' << t.outLayout
      << ' ' << t.placement << ' ' << t.inDistance << ' ' << t.outDistance << ' ' << t.forwardScale << ' '
      << t.backwardScale;
    for (int d = 0; d < t.rank; ++d)
        o << ' ' << t.lengths[d] << ',' << t.inStrides[d] << ',' << t.outStrides[d];
    o << ' ' << t.preCallback.set << t.postCallback.set;
    if (t.inPieces.length)
        o << " pieces " << t.inPieces.length << ',' << t.inPieces.distance << ',' << t.inPieces.base;
    return o.str();
}

SideOf workSlab(const Geometry& g)
{
    const clfftLayout l = g.kind == Kind::C2C ? CLFFT_COMPLEX_INTERLEAVED : CLFFT_HERMITIAN_INTERLEAVED;
    return SideOf{l, g.packedComplex(), g.slabPoints()};
}

} // namespace

PlanSettings subSettings(const PlanSettings& s, int rank, const std::size_t* lengths, const SideOf& in,
                         const SideOf& out, std::size_t batch, bool inPlace, double forwardScale,
                         double backwardScale, bool pre, bool post)
{
    PlanSettings t;
    t.context = s.context;
    t.rank = t.inStrideCount = t.outStrideCount = rank;
    for (int d = 0; d < rank; ++d) {
        t.lengths[d] = lengths[d];
        t.inStrides[d] = in.strides[d];
        t.outStrides[d] = out.strides[d];
    }
    t.inStridesSet = t.outStridesSet = true;
    t.inDistance = in.distance;
    t.outDistance = out.distance;
    t.distancesSet = true;
    t.batch = batch;
    t.precision = s.precision;
    t.inLayout = in.layout;
    t.outLayout = out.layout;
    t.placement = inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE;
    t.forwardScale = forwardScale;
    t.backwardScale = backwardScale;
    t.backwardScaleSet = true;
    if (pre)
        t.preCallback = s.preCallback;
    if (post)
        t.postCallback = s.postCallback;
    return t;
}

Plan& subPlan(MultiDevicePart& part, const PlanSettings& t)
{
    std::unique_ptr<Plan>& slot = part.subPlans[subPlanKey(t)];
    if (!slot) {
        auto p = std::make_unique<Plan>();
        p->services = part.services;
        p->settings = t;
        p->settings.replica = part.index;
        bakePlan(*p, part.queue.get());
        slot = std::move(p);
    }
    return *slot;
}

cl_mem partBuffer(const PlanSettings& s, MultiDevicePart& part, const std::string& role, std::size_t bytes)
{
    MemRef& m = part.buffers[role];
    if (m) {
        std::size_t size = 0;
        check(clGetMemObjectInfo(m.get(), CL_MEM_SIZE, sizeof size, &size, nullptr));
        if (size >= bytes)
            return m.get();
        m = MemRef();
    }
    cl_int err = CL_SUCCESS;
    m = MemRef(clCreateBuffer(s.context.get(), CL_MEM_READ_WRITE, std::max<std::size_t>(bytes, 1), nullptr, &err));
    check(err);
    return m.get();
}

SideOf slabSideOf(const Geometry& g, const SlabSide& side)
{
    SideOf o{side.layout, side.st, side.st[static_cast<std::size_t>(g.rank - 1)]};
    return o;
}

SideOf pencilOf(const Geometry& g, clfftLayout layout, std::size_t m, bool padded)
{
    return SideOf{layout, {{g.pencilPitch(m, padded), 1, 1}}, 1};
}

PlanSettings slabFirst(const Geometry& g, const PlanSettings& s, const SideOf& in, std::size_t count)
{
    return subSettings(s, g.rank - 1, g.n.data(), in, workSlab(g), count, false, 1.0, 1.0, true, false);
}

PlanSettings pencilLast(const Geometry& g, const PlanSettings& s, clfftLayout out, bool outPadded, std::size_t m)
{
    const std::size_t nD = g.outer();
    return subSettings(s, 1, &nD, pencilOf(g, CLFFT_COMPLEX_INTERLEAVED, m, true), pencilOf(g, out, m, outPadded),
                       g.pencilInner(m),
                       false, s.forwardScale, s.effectiveBackwardScale(), false, true);
}

PlanSettings pencilFirst(const Geometry& g, const PlanSettings& s, const SideOf& in, std::size_t m)
{
    const std::size_t nD = g.outer();
    return subSettings(s, 1, &nD, in, pencilOf(g, CLFFT_COMPLEX_INTERLEAVED, m, true), g.pencilInner(m), false, 1.0, 1.0,
                       true, false);
}

PlanSettings slabLast(const Geometry& g, const PlanSettings& s, const SideOf& out, std::size_t count)
{
    return subSettings(s, g.rank - 1, g.n.data(), workSlab(g), out, count, false, s.forwardScale,
                       s.effectiveBackwardScale(), false, true);
}

bool slabsInOutput(const Geometry& g, clfftLayout out) { return g.kind == Kind::C2C && !isPlanar(out); }

PlanSettings slabLastInPlace(const Geometry& g, const PlanSettings& s, const SideOf& out, std::size_t count)
{
    return subSettings(s, g.rank - 1, g.n.data(), out, out, count, true, s.forwardScale, s.effectiveBackwardScale(),
                       false, true);
}

PlanSettings pieceRowSettings(const Geometry& g, const PlanSettings& s, const SideOf& out, const PieceRows& pr,
                              const IndexRange& rows)
{
    PlanSettings t = subSettings(s, 1, g.n.data(), SideOf{CLFFT_COMPLEX_INTERLEAVED, {{1, 1, 1}}, pr.pitch}, out,
                                 rows.count, false, s.forwardScale, s.effectiveBackwardScale(), false, true);
    t.inPieces = RowPieces{pr.m, pr.distance, rows.begin * pr.pitch};
    return t;
}

namespace {

std::optional<PieceRows> decidePieceRows(const Geometry& g, const PlanSettings& s, MultiDeviceBake& mb, const SideOf& out)
{
    const std::size_t devices = mb.parts.size();
    if (g.rank != 2 || g.kind != Kind::C2C || isPlanar(out.layout) || devices < 2)
        return std::nullopt;
    if (!EnvSettings::fromEnvironment().rowPieces) // CLFFT_NG_ROW_PIECES=0, for comparisons
        return std::nullopt;
    PieceRows pr;
    pr.m = mb.parts[0]->pencil.count;
    std::size_t align = g.complexBytes();
    for (std::size_t k = 0; k < devices; ++k) {
        if (mb.parts[k]->pencil.count != pr.m || mb.parts[k]->pencil.begin != k * pr.m)
            return std::nullopt;
        align = std::max(align, mb.parts[k]->alignBytes);
    }
    if (pr.m % 16 != 0 || pr.m * devices != g.n0c || align % g.complexBytes() != 0)
        return std::nullopt;
    pr.pitch = g.pencilPitch(pr.m, true);
    const std::size_t bytes = (pr.pitch * g.outer() * g.complexBytes() + align - 1) / align * align;
    pr.distance = bytes / g.complexBytes();
    if (pr.distance * devices >= (std::size_t{1} << 31)) // 32-bit offsets in the row kernels
        return std::nullopt;
    // Every device's rows as one row-lane pass, or the exchange for all.
    for (std::size_t k = 0; k < devices; ++k) {
        MultiDevicePart& p = *mb.parts[k];
        if (p.slab.count == 0)
            continue;
        try {
            subPlan(p, pieceRowSettings(g, s, out, pr, p.slab));
        } catch (const StatusError& e) {
            if (e.status != CLFFT_NOTIMPLEMENTED)
                throw;
            return std::nullopt;
        }
    }
    return pr;
}

} // namespace

std::optional<PieceRows> pieceRows(const Geometry& g, const PlanSettings& s, MultiDeviceBake& mb, const SideOf& out)
{
    const std::array<std::size_t, 5> key{static_cast<std::size_t>(out.layout), out.strides[0], out.strides[1],
                                         out.strides[2], out.distance};
    const auto found = mb.pieces.find(key);
    if (found != mb.pieces.end())
        return found->second;
    const std::optional<PieceRows> pr = decidePieceRows(g, s, mb, out);
    mb.pieces.emplace(key, pr);
    return pr;
}

} // namespace clfft_ng::multidevice
