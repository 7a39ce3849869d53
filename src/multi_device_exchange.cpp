// Copies between the devices of a split plan: rect copies (by the copy kernel where a side is a
// sub-buffer), pencil copies, the exchange between slabs and pencils, and the two pipelines
// that run the sub-plans around it (multi_device_internal.h).
#include "multi_device_internal.h"

namespace clfft_ng::multidevice {

namespace {

void copyByKernel(Run& r, std::size_t k, cl_mem src, cl_mem dst, std::size_t srcOff, std::size_t srcRow,
                  std::size_t srcSlice, std::size_t dstOff, std::size_t dstRow, std::size_t dstSlice,
                  const std::array<std::size_t, 3>& region, const std::vector<cl_event>& waits)
{
    cl_kernel kernel = copyKernel(r.s, r.part(k));
    const std::size_t w = copyUnitBytes(r.s);
    const cl_ulong args[7] = {srcOff / w, srcRow / w, srcSlice / w, dstOff / w, dstRow / w, dstSlice / w, region[0] / w};
    check(clSetKernelArg(kernel, 0, sizeof src, &src));
    for (cl_uint i = 0; i < 3; ++i)
        check(clSetKernelArg(kernel, 1 + i, sizeof(cl_ulong), &args[i]));
    check(clSetKernelArg(kernel, 4, sizeof dst, &dst));
    for (cl_uint i = 0; i < 4; ++i)
        check(clSetKernelArg(kernel, 5 + i, sizeof(cl_ulong), &args[3 + i]));
    const std::size_t global[2] = {region[1], region[2]}; // a work-item per row
    cl_event ev = nullptr;
    check(clEnqueueNDRangeKernel(r.queue(k), kernel, 2, nullptr, global, nullptr, static_cast<cl_uint>(waits.size()),
                                 orNull(waits), &ev));
    r.record(k, ev);
}

// clEnqueueCopyBufferRect with the byte offsets in the x origin (copyByKernel where a side is a
// sub-buffer). A slice pitch the call does not take (not a multiple of its row pitch, or rows
// overlapping slices) is copied slice by slice.
void copyRect(Run& r, std::size_t k, cl_mem src, cl_mem dst, std::size_t srcOff, std::size_t srcRow,
              std::size_t srcSlice, std::size_t dstOff, std::size_t dstRow, std::size_t dstSlice,
              std::array<std::size_t, 3> region, const std::vector<cl_event>& waits)
{
    if (region[0] == 0 || region[1] == 0 || region[2] == 0)
        return;
    auto fits = [&](std::size_t row, std::size_t slice) { return slice % row == 0 && slice >= region[1] * row; };
    if (region[2] > 1 && !(fits(srcRow, srcSlice) && fits(dstRow, dstSlice))) {
        for (std::size_t z = 0; z < region[2]; ++z)
            copyRect(r, k, src, dst, srcOff + z * srcSlice, srcRow, 0, dstOff + z * dstSlice, dstRow, 0,
                     {{region[0], region[1], 1}}, waits);
        return;
    }
    if (region[2] == 1)
        srcSlice = dstSlice = 0;
    cl_mem srcParent = nullptr, dstParent = nullptr;
    check(clGetMemObjectInfo(src, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof srcParent, &srcParent, nullptr));
    check(clGetMemObjectInfo(dst, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof dstParent, &dstParent, nullptr));
    if (srcParent || dstParent) {
        copyByKernel(r, k, src, dst, srcOff, srcRow, srcSlice, dstOff, dstRow, dstSlice, region, waits);
        return;
    }
    const std::size_t so[3] = {srcOff, 0, 0}, dO[3] = {dstOff, 0, 0};
    cl_event ev = nullptr;
    check(clEnqueueCopyBufferRect(r.queue(k), src, dst, so, dO, region.data(), srcRow, srcSlice, dstRow, dstSlice,
                                  static_cast<cl_uint>(waits.size()), orNull(waits), &ev));
    r.record(k, ev);
}

} // namespace

void copyPencil(Run& r, std::size_t k, bool toPencil, const Strided& a, cl_mem pencil, std::size_t pencilBase,
                std::size_t pitch, std::size_t e, std::size_t n0, std::size_t c, std::size_t m, std::size_t count,
                const std::vector<cl_event>& waits)
{
    if (m == 0 || count == 0)
        return;
    auto go = [&](std::size_t sOff, std::size_t sRow, std::size_t sSlice, std::size_t pOff, std::size_t pRow,
                  std::size_t pSlice, std::array<std::size_t, 3> region) {
        if (toPencil)
            copyRect(r, k, a.mem, pencil, sOff, sRow, sSlice, pOff, pRow, pSlice, region, waits);
        else
            copyRect(r, k, pencil, a.mem, pOff, pRow, pSlice, sOff, sRow, sSlice, region, waits);
    };
    if (r.g.rank == 2) {
        if (a.st[0] == 1)
            go(a.base + c * e, a.st[1] * e, 0, pencilBase, pitch * e, 0, {{m * e, count, 1}});
        else
            go(a.base + c * a.st[0] * e, a.st[0] * e, a.st[1] * e, pencilBase, e, pitch * e, {{e, m, count}});
        return;
    }
    if (a.st[0] == 1) {
        go(a.base + c * a.st[1] * e, a.st[1] * e, a.st[2] * e, pencilBase, n0 * e, pitch * e, {{n0 * e, m, count}});
        return;
    }
    for (std::size_t t = 0; t < count; ++t)
        go(a.base + (c * a.st[1] + t * a.st[2]) * e, a.st[0] * e, a.st[1] * e, pencilBase + t * pitch * e, e,
           n0 * e, {{e, n0, m}});
}

std::vector<std::vector<cl_event>> exchange(Run& r, bool toPencils, const std::vector<cl_mem>& slabs,
                                            const std::vector<cl_mem>& pencils, bool padded,
                                            const std::vector<cl_event>& ready,
                                            const std::array<std::size_t, 3>* slabStrides,
                                            const std::vector<std::vector<cl_event>>* slabReady)
{
    r.crossQueue = true;
    std::vector<std::vector<cl_event>> done(r.devices);
    const std::size_t e = r.g.complexBytes();
    for (std::size_t k = 0; k < r.devices; ++k) {
        const std::size_t before = r.onQueue[k].size();
        for (std::size_t j = 0; j < r.devices; ++j) {
            const std::size_t si = toPencils ? j : k, pi = toPencils ? k : j;
            const IndexRange sr = r.part(si).slab, pr = r.part(pi).pencil;
            std::vector<cl_event> w = r.start;
            for (std::size_t i = 0; i < r.devices; ++i)
                if (ready[i] && (i == j || slabReady))
                    w.push_back(ready[i]);
            if (slabReady)
                w.insert(w.end(), (*slabReady)[k].begin(), (*slabReady)[k].end());
            const std::size_t pitch = r.g.pencilPitch(pr.count, padded);
            copyPencil(r, k, toPencils, Strided{slabs[si], 0, slabStrides ? *slabStrides : r.g.packedComplex()},
                       pencils[pi], sr.begin * pitch * e, pitch, e, r.g.n0c, pr.begin, pr.count, sr.count, w);
        }
        for (std::size_t i = before; i < r.onQueue[k].size(); ++i)
            done[k].push_back(r.onQueue[k][i].get());
    }
    return done;
}

namespace {

// Device k's pencil: a sub-buffer of the library buffer of all pencils (kept between enqueues,
// made again when that buffer grows).
cl_mem piecePencil(Run& r, std::size_t k, const PieceRows& pr)
{
    const std::size_t bytes = pr.distance * r.g.complexBytes();
    cl_mem parent = partBuffer(r.s, r.part(0), "pencils", bytes * r.devices);
    MemRef& view = r.part(k).buffers["pencil piece"];
    if (view) {
        cl_mem was = nullptr;
        std::size_t size = 0, offset = 0;
        check(clGetMemObjectInfo(view.get(), CL_MEM_ASSOCIATED_MEMOBJECT, sizeof was, &was, nullptr));
        check(clGetMemObjectInfo(view.get(), CL_MEM_SIZE, sizeof size, &size, nullptr));
        check(clGetMemObjectInfo(view.get(), CL_MEM_OFFSET, sizeof offset, &offset, nullptr));
        if (was == parent && size == bytes && offset == k * bytes)
            return view.get();
        view = MemRef();
    }
    cl_buffer_region reg{k * bytes, bytes};
    cl_int err = CL_SUCCESS;
    view = MemRef(clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err));
    check(err);
    return view.get();
}

// Device k's slab and pencil work buffers (library buffers, kept between enqueues); no slab
// buffer where `slabs` is false.
void workBuffers(Run& r, std::size_t k, std::vector<cl_mem>& work, std::vector<cl_mem>& pencils, bool slabs = true)
{
    const Geometry& g = r.g;
    MultiDevicePart& p = r.part(k);
    if (slabs)
        work[k] = partBuffer(r.s, p, "slab", p.slab.count * g.slabPoints() * g.complexBytes());
    pencils[k] = partBuffer(r.s, p, "pencil", g.pencilPitch(p.pencil.count, true) * g.outer() * g.complexBytes());
}

// What a device's second step waits for: its exchange copies and its output being ready.
std::vector<cl_event> afterExchange(const std::vector<cl_event>& exchanged, const std::vector<cl_event>& ready)
{
    std::vector<cl_event> w = exchanged;
    w.insert(w.end(), ready.begin(), ready.end());
    return w;
}

} // namespace

std::vector<cl_event> forwardPipeline(Run& r, clfftDirection dir, const SlabSide& in, PencilSide& out)
{
    const Geometry& g = r.g;
    std::vector<cl_mem> work(r.devices), pencils(r.devices);
    std::vector<cl_event> aDone(r.devices, nullptr);
    const clfftDirection inner = g.kind == Kind::R2C ? CLFFT_FORWARD : dir;
    for (std::size_t k = 0; k < r.devices; ++k) {
        MultiDevicePart& p = r.part(k);
        workBuffers(r, k, work, pencils);
        if (p.slab.count == 0)
            continue;
        const PlanSettings t = slabFirst(g, r.s, slabSideOf(g, in), p.slab.count);
        Planes src = in.planes[k];
        cl_mem dst[2] = {work[k], nullptr};
        aDone[k] = r.runSub(k, subPlan(p, t), inner, r.startAnd(in.ready[k]), src.data(), dst);
    }
    const auto exchanged = exchange(r, true, work, pencils, true, aDone);
    std::vector<cl_event> bDone(r.devices, nullptr);
    for (std::size_t k = 0; k < r.devices; ++k) {
        MultiDevicePart& p = r.part(k);
        if (p.pencil.count == 0)
            continue;
        const PlanSettings t = pencilLast(g, r.s, out.layout, out.padded, p.pencil.count);
        cl_mem src[2] = {pencils[k], nullptr};
        const std::vector<cl_event> w = afterExchange(exchanged[k], out.ready[k]);
        bDone[k] = r.runSub(k, subPlan(p, t), inner, w, src, out.planes[k].data());
    }
    return bDone;
}

std::vector<cl_event> backwardPipeline(Run& r, clfftDirection dir, const PencilSide& in, SlabSide& out)
{
    const Geometry& g = r.g;
    const clfftDirection d = g.kind == Kind::C2R ? CLFFT_BACKWARD : dir;
    const bool inOutput = slabsInOutput(g, out.layout);
    const std::optional<PieceRows> pieces = pieceRows(g, r.s, r.mb, slabSideOf(g, out));
    std::vector<cl_mem> work(r.devices), pencils(r.devices);
    std::vector<cl_event> aDone(r.devices, nullptr);
    for (std::size_t k = 0; k < r.devices; ++k) {
        MultiDevicePart& p = r.part(k);
        if (pieces)
            pencils[k] = piecePencil(r, k, *pieces);
        else
            workBuffers(r, k, work, pencils, !inOutput);
        if (p.pencil.count == 0)
            continue;
        const SideOf from = in.strides.empty() ? pencilOf(g, in.layout, p.pencil.count, in.padded) : in.strides[k];
        const PlanSettings t = pencilFirst(g, r.s, from, p.pencil.count);
        Planes src = in.planes[k];
        cl_mem dst[2] = {pencils[k], nullptr};
        aDone[k] = r.runSub(k, subPlan(p, t), d, r.startAnd(in.ready[k]), src.data(), dst);
    }
    if (pieces) { // every device's rows from every pencil once all are written
        r.crossQueue = true;
        std::vector<cl_mem> all{partBuffer(r.s, r.part(0), "pencils", pieces->distance * g.complexBytes() * r.devices),
                                nullptr};
        std::vector<cl_event> written;
        for (cl_event e : aDone)
            if (e)
                written.push_back(e);
        std::vector<cl_event> bDone(r.devices, nullptr);
        for (std::size_t k = 0; k < r.devices; ++k) {
            MultiDevicePart& p = r.part(k);
            if (p.slab.count == 0)
                continue;
            const PlanSettings t = pieceRowSettings(g, r.s, slabSideOf(g, out), *pieces, p.slab);
            bDone[k] = r.runSub(k, subPlan(p, t), d, afterExchange(r.startAnd(written), out.ready[k]), all.data(),
                                out.planes[k].data());
        }
        return bDone;
    }
    std::vector<cl_mem> outSlabs;
    for (const Planes& pl : out.planes)
        outSlabs.push_back(pl[0]);
    const auto exchanged = inOutput ? exchange(r, false, outSlabs, pencils, true, aDone, &out.st, &out.ready)
                                    : exchange(r, false, work, pencils, true, aDone);
    std::vector<cl_event> bDone(r.devices, nullptr);
    for (std::size_t k = 0; k < r.devices; ++k) {
        MultiDevicePart& p = r.part(k);
        if (p.slab.count == 0)
            continue;
        const std::vector<cl_event> w = afterExchange(exchanged[k], out.ready[k]);
        if (inOutput) {
            const PlanSettings t = slabLastInPlace(g, r.s, slabSideOf(g, out), p.slab.count);
            bDone[k] = r.runSub(k, subPlan(p, t), d, w, out.planes[k].data(), out.planes[k].data());
            continue;
        }
        const PlanSettings t = slabLast(g, r.s, slabSideOf(g, out), p.slab.count);
        cl_mem src[2] = {work[k], nullptr};
        bDone[k] = r.runSub(k, subPlan(p, t), d, w, src, out.planes[k].data());
    }
    return bDone;
}

} // namespace clfft_ng::multidevice
