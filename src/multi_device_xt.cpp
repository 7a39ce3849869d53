// The descriptors of the Xt-style extension (multi_device.h, "Descriptors"): one side of a
// split plan's data held packed on its devices, copied to and from the host, between natural
// and permuted order, and transformed by the pipelines of multi_device_exchange.cpp. The entry
// points, argument checks and handle table are xt_api.cpp's.
#include "multi_device_internal.h"

#include <string>

namespace clfft_ng {

using namespace multidevice;

namespace {

// The layout of a descriptor's side: interleaved, or real.
clfftLayout xtLayout(const PlanSettings& s, XtSide side)
{
    const clfftLayout l = side == XtSide::Input ? s.inLayout : s.outLayout;
    if (l == CLFFT_REAL)
        return CLFFT_REAL;
    return isHermitian(l) ? CLFFT_HERMITIAN_INTERLEAVED : CLFFT_COMPLEX_INTERLEAVED;
}

std::array<std::size_t, 3> packedOf(const Geometry& g, clfftLayout l)
{
    const std::size_t n0 = g.count0(l);
    return {{1, n0, n0 * g.n[1]}};
}

std::size_t transformPoints(const Geometry& g, clfftLayout l)
{
    std::size_t n = g.count0(l);
    for (int d = 1; d < g.rank; ++d)
        n *= g.n[static_cast<std::size_t>(d)];
    return n;
}

void waitAll(Run& r)
{
    for (std::size_t k = 0; k < r.devices; ++k)
        check(clFlush(r.queue(k)));
    const auto& onQueue = r.onQueue;
    std::vector<cl_event> all;
    for (const auto& q : onQueue)
        for (const auto& e : q)
            all.push_back(e.get());
    if (!all.empty())
        check(clWaitForEvents(static_cast<cl_uint>(all.size()), all.data()));
}

std::vector<cl_mem> raw(const std::vector<MemRef>& v)
{
    std::vector<cl_mem> r;
    for (const MemRef& m : v)
        r.push_back(m.get());
    return r;
}

// Each device's range of a natural-order descriptor read into, or written from, host memory;
// the two directions differ only in the OpenCL call.
void copyHost(Plan& plan, const XtDescriptor& d, void* host, bool toHost)
{
    Run r(plan, 0, nullptr);
    auto* bytes = static_cast<unsigned char*>(host);
    for (std::size_t k = 0; k < d.queues.size(); ++k) {
        if (d.bytes[k] == 0)
            continue;
        cl_event ev = nullptr;
        unsigned char* at = bytes + d.ranges[k].begin * d.bytesPerIndex;
        const cl_uint waits = static_cast<cl_uint>(r.start.size());
        check(toHost ? clEnqueueReadBuffer(r.queue(k), d.buffers[k].get(), CL_FALSE, 0, d.bytes[k], at, waits,
                                           orNull(r.start), &ev)
                     : clEnqueueWriteBuffer(r.queue(k), d.buffers[k].get(), CL_FALSE, 0, d.bytes[k], at, waits,
                                            orNull(r.start), &ev));
        r.record(k, ev);
    }
    waitAll(r);
}

// A natural-order copy of a permuted descriptor in the library's buffers.
XtDescriptor naturalTwin(Plan& plan, const XtDescriptor& d)
{
    XtDescriptor n = describeXt(plan, d.side, XtOrder::Natural);
    for (std::size_t k = 0; k < n.queues.size(); ++k)
        n.buffers.push_back(MemRef::retain(partBuffer(plan.settings, *plan.multi->parts[k], "xt-natural", n.bytes[k])));
    return n;
}

} // namespace

XtDescriptor describeXt(const Plan& plan, XtSide side, XtOrder order)
{
    if (!plan.multi)
        throw StatusError{CLFFT_INVALID_OPERATION};
    const PlanSettings& s = plan.settings;
    const Geometry g(s);
    if (s.transposed == CLFFT_TRANSPOSED && s.rank > 1)
        throw StatusError{CLFFT_TRANSPOSED_NOTIMPLEMENTED};
    XtDescriptor d;
    d.side = side;
    d.order = order;
    if (s.batch > 1)
        d.mode = SplitMode::Batch;
    else if (s.rank >= 2 && g.outer() >= 2)
        d.mode = SplitMode::Dimension;
    else
        throw StatusError{CLFFT_NOTIMPLEMENTED}; // one 1D transform is not split
    const clfftLayout l = xtLayout(s, side);
    if (order == XtOrder::Permuted && (d.mode != SplitMode::Dimension || l == CLFFT_REAL))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    d.elementBytes = elementBytes(l, g.real);
    const std::size_t points = transformPoints(g, l);
    d.bytesPerIndex = (d.mode == SplitMode::Batch ? points : points / g.outer()) * d.elementBytes;
    for (const auto& p : plan.multi->parts) {
        d.queues.push_back(QueueRef::retain(p->queue.get()));
        if (order == XtOrder::Natural) {
            d.ranges.push_back(p->slab);
            d.bytes.push_back(p->slab.count * d.bytesPerIndex);
        } else {
            d.ranges.push_back(p->pencil);
            d.bytes.push_back(g.pencilInner(p->pencil.count) * g.outer() * d.elementBytes);
        }
    }
    return d;
}

void xtCopyFromHost(Plan& plan, XtDescriptor& to, const void* host)
{
    if (to.order == XtOrder::Permuted) {
        XtDescriptor n = naturalTwin(plan, to);
        xtCopyFromHost(plan, n, host);
        xtCopyOrder(plan, n, to);
        return;
    }
    // Only read on this path (clEnqueueWriteBuffer takes it const).
    copyHost(plan, to, const_cast<void*>(host), false);
}

void xtCopyToHost(Plan& plan, const XtDescriptor& from, void* host)
{
    if (from.order == XtOrder::Permuted) {
        XtDescriptor n = naturalTwin(plan, from);
        xtCopyOrder(plan, from, n);
        xtCopyToHost(plan, n, host);
        return;
    }
    copyHost(plan, from, host, true);
}

void xtCopyOrder(Plan& plan, const XtDescriptor& from, XtDescriptor& to)
{
    Run r(plan, 0, nullptr);
    const std::vector<cl_event> none(r.devices, nullptr);
    if (from.order == XtOrder::Natural && to.order == XtOrder::Permuted)
        exchange(r, true, raw(from.buffers), raw(to.buffers), false, none);
    else if (from.order == XtOrder::Permuted && to.order == XtOrder::Natural)
        exchange(r, false, raw(to.buffers), raw(from.buffers), false, none);
    else
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    waitAll(r);
}

void xtExecute(Plan& plan, clfftDirection dir, const XtDescriptor& in, XtDescriptor& out, cl_event* outEvents)
{
    const PlanSettings& s = plan.settings;
    Run r(plan, 0, nullptr);
    const Geometry& g = r.g;
    const clfftLayout inL = xtLayout(s, XtSide::Input), outL = xtLayout(s, XtSide::Output);
    const bool same = &in == &out;
    auto planesOfParts = [&](const std::vector<cl_mem>& mems) {
        std::vector<Planes> p;
        for (cl_mem m : mems)
            p.push_back(Planes{{m, nullptr}});
        return p;
    };
    auto library = [&](const std::string& role) {
        std::vector<cl_mem> mems;
        for (std::size_t k = 0; k < r.devices; ++k) {
            MultiDevicePart& p = r.part(k);
            mems.push_back(partBuffer(s, p, role, g.pencilPitch(p.pencil.count, true) * g.outer() * g.complexBytes()));
        }
        return mems;
    };
    if (in.mode == SplitMode::Batch) {
        for (std::size_t k = 0; k < r.devices; ++k) {
            MultiDevicePart& p = r.part(k);
            if (p.slab.count == 0)
                continue;
            const SideOf a{inL, packedOf(g, inL), transformPoints(g, inL)};
            const SideOf b{outL, packedOf(g, outL), transformPoints(g, outL)};
            const PlanSettings t = subSettings(s, g.rank, g.n.data(), a, b, p.slab.count, same, s.forwardScale,
                                               s.effectiveBackwardScale(), true, true);
            cl_mem src[2] = {in.buffers[k].get(), nullptr}, dst[2] = {out.buffers[k].get(), nullptr};
            r.runSub(k, subPlan(p, t), dir, r.start, src, dst);
        }
    } else if (g.kind == Kind::R2C || (g.kind == Kind::C2C && in.order == XtOrder::Natural)) {
        SlabSide a{inL, packedOf(g, inL), planesOfParts(raw(in.buffers)), std::vector<std::vector<cl_event>>(r.devices)};
        const bool permutedOut = out.order == XtOrder::Permuted;
        const std::vector<cl_mem> pencils = permutedOut ? raw(out.buffers) : library("xt-pencil");
        PencilSide b{CLFFT_COMPLEX_INTERLEAVED, !permutedOut, planesOfParts(pencils),
                     std::vector<std::vector<cl_event>>(r.devices), {}, {}};
        const auto done = forwardPipeline(r, dir, a, b);
        if (!permutedOut)
            exchange(r, false, raw(out.buffers), pencils, true, done);
    } else {
        std::vector<cl_mem> pencils = raw(in.buffers);
        std::vector<std::vector<cl_event>> ready(r.devices);
        if (in.order == XtOrder::Natural) {
            pencils = library("xt-pencil");
            ready = exchange(r, true, raw(in.buffers), pencils, true, std::vector<cl_event>(r.devices, nullptr));
        }
        PencilSide a{CLFFT_COMPLEX_INTERLEAVED, in.order == XtOrder::Natural, planesOfParts(pencils), ready, {}, {}};
        const bool permutedOut = out.order == XtOrder::Permuted;
        std::vector<cl_mem> slabs = raw(out.buffers);
        if (permutedOut) {
            slabs.clear();
            for (std::size_t k = 0; k < r.devices; ++k)
                slabs.push_back(partBuffer(s, r.part(k), "xt-slab", r.part(k).slab.count * g.slabPoints() * g.complexBytes()));
        }
        SlabSide b{outL, packedOf(g, outL), planesOfParts(slabs), std::vector<std::vector<cl_event>>(r.devices)};
        const auto done = backwardPipeline(r, dir, a, b);
        if (permutedOut)
            exchange(r, true, slabs, raw(out.buffers), false, done);
    }
    r.finish(outEvents);
}

} // namespace clfft_ng
