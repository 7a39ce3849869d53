// An enqueue of a split plan on the client's buffers: each device's range of a side as a
// sub-buffer or a library copy, and the runs by the batch, by the outermost dimension, or on the
// first queue only (multi_device_internal.h).
#include "multi_device_internal.h"

#include <algorithm>
#include <string>

namespace clfft_ng::multidevice {

namespace {

struct Region {
    std::size_t origin = 0, bytes = 0;
};

// Each device's range of a side of the client's buffers: a sub-buffer where the origins are
// aligned for every device (no copy), else a library buffer loaded from the range (and, for
// ranges the devices write, stored back by the first queue after every device is done).
struct RegionViews {
    std::vector<Planes> planes;
    std::vector<std::vector<cl_event>> loaded;
    std::vector<MemRef> subBuffers;
    bool copied = false;
};

// Whether none of the client's planes is itself a sub-buffer (OpenCL creates no sub-buffer of one).
bool noneIsSubBuffer(const cl_mem* client, int nplanes)
{
    bool none = true;
    for (int i = 0; i < nplanes; ++i) {
        cl_mem parent = nullptr;
        check(clGetMemObjectInfo(client[i], CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, nullptr));
        none = none && parent == nullptr;
    }
    return none;
}

// One device's view of each plane of the client's buffers at [origin, origin + bytes), kept in
// `owned`. False when the runtime refuses the origin's alignment: the caller then copies instead.
bool subBuffersAt(const cl_mem* client, int nplanes, std::size_t origin, std::size_t bytes, std::vector<MemRef>& owned,
                  Planes& planes)
{
    for (int i = 0; i < nplanes; ++i) {
        cl_buffer_region reg{origin, bytes};
        cl_int err = CL_SUCCESS;
        cl_mem sub = clCreateSubBuffer(client[i], 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
        if (err == CL_MISALIGNED_SUB_BUFFER_OFFSET)
            return false;
        check(err);
        owned.emplace_back(sub);
        planes[static_cast<std::size_t>(i)] = sub;
    }
    return true;
}

RegionViews regionViews(Run& r, const cl_mem* client, int nplanes, const std::vector<Region>& regions,
                        const std::string& role, bool load)
{
    RegionViews v;
    v.planes.assign(r.devices, Planes{{nullptr, nullptr}});
    v.loaded.resize(r.devices);
    bool direct = noneIsSubBuffer(client, nplanes);
    for (std::size_t k = 0; k < r.devices; ++k)
        direct = direct && (regions[k].bytes == 0 || regions[k].origin % r.part(k).alignBytes == 0);
    if (direct) {
        for (std::size_t k = 0; k < r.devices && direct; ++k)
            if (regions[k].bytes > 0)
                direct = subBuffersAt(client, nplanes, regions[k].origin, regions[k].bytes, v.subBuffers, v.planes[k]);
        if (direct)
            return v;
        v.subBuffers.clear();
        v.planes.assign(r.devices, Planes{{nullptr, nullptr}});
    }
    v.copied = true;
    for (std::size_t k = 0; k < r.devices; ++k) {
        if (regions[k].bytes == 0)
            continue;
        for (int i = 0; i < nplanes; ++i) {
            cl_mem own = partBuffer(r.s, r.part(k), role + std::to_string(i), regions[k].bytes);
            v.planes[k][static_cast<std::size_t>(i)] = own;
            if (!load)
                continue;
            cl_event ev = nullptr;
            check(clEnqueueCopyBuffer(r.queue(k), client[i], own, regions[k].origin, 0, regions[k].bytes,
                                      static_cast<cl_uint>(r.start.size()), orNull(r.start), &ev));
            v.loaded[k].push_back(r.record(k, ev));
        }
    }
    return v;
}

// Library copies of written ranges go back to the client's buffers on the first queue, after
// every device is done (one device writes the client's buffer).
void storeRegions(Run& r, const RegionViews& v, const cl_mem* client, int nplanes, const std::vector<Region>& regions)
{
    if (!v.copied)
        return;
    r.crossQueue = true;
    std::vector<cl_event> all;
    for (auto& q : r.onQueue)
        for (auto& e : q)
            all.push_back(e.get());
    for (std::size_t k = 0; k < r.devices; ++k)
        for (int i = 0; i < nplanes && regions[k].bytes > 0; ++i) {
            cl_event ev = nullptr;
            check(clEnqueueCopyBuffer(r.queue(0), v.planes[k][static_cast<std::size_t>(i)], client[i], 0,
                                      regions[k].origin, regions[k].bytes, static_cast<cl_uint>(all.size()),
                                      orNull(all), &ev));
            r.record(0, ev);
        }
}

std::vector<Region> regionsOf(Run& r, std::size_t stepElems, std::size_t spanElems, std::size_t e)
{
    std::vector<Region> out(r.devices);
    for (std::size_t k = 0; k < r.devices; ++k) {
        const IndexRange s = r.part(k).slab;
        if (s.count > 0)
            out[k] = Region{s.begin * stepElems * e, ((s.count - 1) * stepElems + spanElems) * e};
    }
    return out;
}

// The client's strides of both sides, with the outermost step in st[rank-1].
struct ClientSides {
    std::array<std::size_t, 3> is, os;
    std::size_t idist, odist;
    explicit ClientSides(const PlanSettings& s)
        : is(s.effectiveInStrides()), os(s.effectiveOutStrides()), idist(s.effectiveInDistance()),
          odist(s.effectiveOutDistance())
    {
    }
};

// Each device's pencil of the client's input side: a sub-buffer read with the client's strides
// where its origin is aligned and the pencil's inner indices form one batch dimension (overlapping
// sub-buffers that are only read are defined), else a library copy loaded by rect copies.
PencilSide clientPencils(Run& r, cl_mem* client, clfftLayout layout, const std::array<std::size_t, 3>& st,
                         bool allowDirect = true)
{
    const Geometry& g = r.g;
    const std::size_t D = static_cast<std::size_t>(g.rank - 1);
    const int nplanes = planesOf(layout);
    PencilSide in{complexLayout(layout), true, {}, {}, {}, {}};
    const std::size_t e = elementBytes(in.layout, g.real);
    in.planes.assign(r.devices, Planes{{nullptr, nullptr}});
    in.ready.resize(r.devices);
    const std::size_t step = g.rank == 2 ? st[0] : st[1]; // between pencil indices
    // The client's buffers asked first, whatever else decides: an invalid one fails here as before.
    bool direct = noneIsSubBuffer(client, nplanes) && allowDirect && (g.rank == 2 || st[1] == g.n0c * st[0]);
    for (std::size_t k = 0; k < r.devices; ++k)
        direct = direct && (r.part(k).pencil.count == 0 || (r.part(k).pencil.begin * step * e) % r.part(k).alignBytes == 0);
    if (direct) {
        std::vector<MemRef> subs;
        for (std::size_t k = 0; k < r.devices && direct; ++k) {
            const IndexRange pk = r.part(k).pencil;
            if (pk.count == 0)
                continue;
            const std::size_t span = (g.outer() - 1) * st[D] + (g.pencilInner(pk.count) - 1) * st[0] + 1;
            direct = subBuffersAt(client, nplanes, pk.begin * step * e, span * e, subs, in.planes[k]);
        }
        if (direct) {
            for (std::size_t k = 0; k < r.devices; ++k)
                in.strides.push_back(SideOf{in.layout, {{st[D], 1, 1}}, st[0]});
            in.owned = std::move(subs);
            return in;
        }
        in.planes.assign(r.devices, Planes{{nullptr, nullptr}});
    }
    for (std::size_t k = 0; k < r.devices; ++k) {
        const IndexRange pk = r.part(k).pencil;
        const std::size_t before = r.onQueue[k].size();
        for (int i = 0; i < nplanes; ++i) {
            const std::size_t pitch = g.pencilPitch(pk.count, true);
            cl_mem own = partBuffer(r.s, r.part(k), "pencil-in" + std::to_string(i), pitch * g.outer() * e);
            in.planes[k][static_cast<std::size_t>(i)] = own;
            copyPencil(r, k, true, Strided{client[i], 0, st}, own, 0, pitch, e, g.n0c, pk.begin, pk.count, g.outer(),
                       r.start);
        }
        for (std::size_t i = before; i < r.onQueue[k].size(); ++i)
            in.ready[k].push_back(r.onQueue[k][i].get());
    }
    return in;
}

} // namespace

void runFirstQueue(Plan& plan, const MultiRequest& rq)
{
    MultiDeviceBake& mb = *plan.multi;
    cl_command_queue q0 = mb.parts[0]->queue.get();
    if (!plan.baked || plan.baked->device != mb.parts[0]->device)
        bakePlan(plan, q0);
    std::vector<cl_event> waits(rq.waitEvents, rq.waitEvents + rq.numWaitEvents);
    for (const EventRef& e : mb.previous)
        waits.push_back(e.get());
    EnqueueRequest r;
    r.direction = rq.direction;
    r.queue = q0;
    r.numWaitEvents = static_cast<cl_uint>(waits.size());
    r.waitEvents = orNull(waits);
    cl_event first = nullptr;
    r.outEvent = &first;
    r.inputs = rq.inputs;
    r.outputs = rq.outputs;
    r.tmpBuffer = rq.tmpBuffer;
    enqueuePlan(plan, r);
    EventRef firstRef(first);
    std::vector<EventRef> markers;
    for (std::size_t k = 1; k < mb.parts.size(); ++k) {
        cl_event ev = nullptr;
        check(clEnqueueMarkerWithWaitList(mb.parts[k]->queue.get(), static_cast<cl_uint>(waits.size()),
                                          orNull(waits), &ev));
        markers.emplace_back(ev);
    }
    mb.previous.clear();
    if (rq.outEvents) {
        rq.outEvents[0] = firstRef.release();
        for (std::size_t k = 1; k < mb.parts.size(); ++k)
            rq.outEvents[k] = markers[k - 1].release();
    }
}

void runBatch(Run& r, const MultiRequest& rq)
{
    const PlanSettings& s = r.s;
    const ClientSides c(s);
    const bool inPlace = s.placement == CLFFT_INPLACE;
    const std::size_t ie = elementBytes(s.inLayout, r.g.real), oe = elementBytes(s.outLayout, r.g.real);
    std::vector<Region> inRegions = regionsOf(r, c.idist, spanOf(r.g, s.inLayout, c.is, false), ie);
    const std::vector<Region> outRegions = regionsOf(r, c.odist, spanOf(r.g, s.outLayout, c.os, false), oe);
    if (inPlace)
        for (std::size_t k = 0; k < r.devices; ++k)
            inRegions[k].bytes = std::max(inRegions[k].bytes, outRegions[k].bytes);
    const int nin = planesOf(s.inLayout), nout = planesOf(s.outLayout);
    RegionViews in = regionViews(r, rq.inputs, nin, inRegions, "in", true);
    RegionViews out;
    if (!inPlace)
        out = regionViews(r, rq.outputs, nout, outRegions, "out", true);
    for (std::size_t k = 0; k < r.devices; ++k) {
        MultiDevicePart& p = r.part(k);
        if (p.slab.count == 0)
            continue;
        PlanSettings t = s;
        t.batch = p.slab.count;
        t.inStrides = c.is;
        t.outStrides = c.os;
        t.inStridesSet = t.outStridesSet = true;
        t.inStrideCount = t.outStrideCount = s.rank;
        t.inDistance = c.idist;
        t.outDistance = c.odist;
        t.distancesSet = true;
        t.backwardScale = s.effectiveBackwardScale();
        t.backwardScaleSet = true;
        std::vector<cl_event> w = r.startAnd(in.loaded[k]);
        if (!inPlace)
            w.insert(w.end(), out.loaded[k].begin(), out.loaded[k].end());
        r.runSub(k, subPlan(p, t), rq.direction, w, in.planes[k].data(),
                 inPlace ? in.planes[k].data() : out.planes[k].data());
    }
    if (inPlace)
        storeRegions(r, in, rq.inputs, nin, inRegions);
    else
        storeRegions(r, out, rq.outputs, nout, outRegions);
}

void runDimension(Run& r, const MultiRequest& rq)
{
    const PlanSettings& s = r.s;
    const Geometry& g = r.g;
    const ClientSides c(s);
    const std::size_t D = static_cast<std::size_t>(g.rank - 1);
    if (g.kind == Kind::R2C) {
        // Slabs of the client's input, pencils stored into the client's output.
        const std::size_t ie = elementBytes(s.inLayout, g.real);
        const int nin = planesOf(s.inLayout), nout = planesOf(s.outLayout);
        const auto regions = regionsOf(r, c.is[D], spanOf(g, s.inLayout, c.is, true), ie);
        RegionViews views = regionViews(r, rq.inputs, nin, regions, "in", true);
        SlabSide in{s.inLayout, c.is, views.planes, views.loaded};
        PencilSide out{complexLayout(s.outLayout), true, {}, {}, {}, {}};
        const std::size_t oe = elementBytes(out.layout, g.real);
        out.planes.assign(r.devices, Planes{{nullptr, nullptr}});
        out.ready.resize(r.devices);
        for (std::size_t k = 0; k < r.devices; ++k)
            for (int i = 0; i < nout; ++i)
                out.planes[k][static_cast<std::size_t>(i)] =
                    partBuffer(s, r.part(k), "pencil-out" + std::to_string(i),
                               g.pencilPitch(r.part(k).pencil.count, true) * g.outer() * oe);
        forwardPipeline(r, rq.direction, in, out);
        r.crossQueue = true;
        std::vector<cl_event> all;
        for (auto& q : r.onQueue)
            for (auto& e : q)
                all.push_back(e.get());
        cl_mem* dst = s.placement == CLFFT_INPLACE ? rq.inputs : rq.outputs;
        for (std::size_t k = 0; k < r.devices; ++k) {
            const IndexRange pk = r.part(k).pencil;
            for (int i = 0; i < nout; ++i)
                copyPencil(r, 0, false, Strided{dst[i], 0, c.os}, out.planes[k][static_cast<std::size_t>(i)], 0,
                           g.pencilPitch(pk.count, true), oe, g.n0c, pk.begin, pk.count, g.outer(), all);
        }
        return;
    }
    // C2C and C2R: pencils of the client's input, slabs written into the client's output.
    const bool inPlace = s.placement == CLFFT_INPLACE;
    // In place, the pencils read are sub-buffers overlapping the regions written: NVIDIA's driver
    // (H200, 580) crashed releasing them, even after clFinish. Copies, except where tested safe.
    bool overlapSafe = true;
    for (std::size_t k = 0; k < r.devices; ++k)
        overlapSafe = overlapSafe && r.part(k).overlapSafe;
    PencilSide in = clientPencils(r, rq.inputs, s.inLayout, c.is, !inPlace || overlapSafe);
    cl_mem* client = inPlace ? rq.inputs : rq.outputs;
    const int nout = planesOf(s.outLayout);
    const std::size_t oe = elementBytes(s.outLayout, g.real);
    const auto regions = regionsOf(r, c.os[D], spanOf(g, s.outLayout, c.os, true), oe);
    // An in-place output range is read (by every device's pencils) before it is written.
    RegionViews views = regionViews(r, client, nout, regions, "out", !inPlace);
    if (inPlace && views.copied) {
        // The gaps of a library copy must hold the client's bytes: loaded after the pencils.
        for (std::size_t k = 0; k < r.devices; ++k) {
            if (regions[k].bytes == 0)
                continue;
            std::vector<cl_event> w = r.start;
            for (std::size_t j = 0; j < r.devices; ++j)
                w.insert(w.end(), in.ready[j].begin(), in.ready[j].end());
            for (int i = 0; i < nout; ++i) {
                cl_event ev = nullptr;
                check(clEnqueueCopyBuffer(r.queue(k), client[i], views.planes[k][static_cast<std::size_t>(i)],
                                          regions[k].origin, 0, regions[k].bytes, static_cast<cl_uint>(w.size()),
                                          orNull(w), &ev));
                views.loaded[k].push_back(r.record(k, ev));
            }
        }
    }
    SlabSide out{s.outLayout, c.os, views.planes, views.loaded};
    backwardPipeline(r, rq.direction, in, out);
    storeRegions(r, views, client, nout, regions);
}

} // namespace clfft_ng::multidevice
