#include "multi_device.h"

#include "api_guard.h"
#include "executor.h"
#include "library.h"

#include <algorithm>
#include <optional>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace clfft_ng {

namespace {

enum class Kind { C2C, R2C, C2R };

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
// The layout of a pencil of a complex or hermitian side: a C2C view of it.
clfftLayout complexLayout(clfftLayout l) { return isPlanar(l) ? CLFFT_COMPLEX_PLANAR : CLFFT_COMPLEX_INTERLEAVED; }

std::size_t realBytes(const PlanSettings& s)
{
    return s.precision == CLFFT_DOUBLE || s.precision == CLFFT_DOUBLE_FAST ? sizeof(cl_double) : sizeof(cl_float);
}

// Bytes of one element in one buffer of a side: a complex pair interleaved, else one real.
std::size_t elementBytes(clfftLayout l, std::size_t real)
{
    return l == CLFFT_COMPLEX_INTERLEAVED || l == CLFFT_HERMITIAN_INTERLEAVED ? 2 * real : real;
}

void check(cl_int err)
{
    if (err != CL_SUCCESS)
        throw StatusError{err};
}

// The shape every split is computed from.
struct Geometry {
    int rank = 1;
    std::array<std::size_t, 3> n{{1, 1, 1}};
    std::size_t n0c = 1; // dimension 0 on the complex side (N0/2+1 for real transforms)
    std::size_t real = 4;
    Kind kind = Kind::C2C;

    explicit Geometry(const PlanSettings& s)
        : rank(s.rank), n(s.lengths), real(realBytes(s)), kind(kindOf(s))
    {
        n0c = kind == Kind::C2C ? n[0] : n[0] / 2 + 1;
    }
    std::size_t outer() const { return n[static_cast<std::size_t>(rank - 1)]; }
    std::size_t pencilTotal() const { return rank == 2 ? n0c : n[1]; }
    // Complex values of one outermost index in a pencil of m indices.
    std::size_t pencilInner(std::size_t m) const { return rank == 2 ? m : n0c * m; }
    // Values between outermost indices of a pencil buffer. The library's own pencils are padded
    // (paddedStep): the pencil transforms write one short run per outermost index, and
    // power-of-two steps put every run in the same cache sets (pencils of 512 single values:
    // 1.6x slower). Descriptors stay packed.
    std::size_t pencilPitch(std::size_t m, bool padded) const
    {
        return padded ? paddedStep(pencilInner(m), complexBytes()) : pencilInner(m);
    }
    std::size_t slabPoints() const { return rank == 2 ? n0c : n0c * n[1]; }
    std::array<std::size_t, 3> packedComplex() const { return {{1, n0c, n0c * n[1]}}; }
    std::size_t complexBytes() const { return 2 * real; }
    // Dimension 0 as stored on a side of this layout.
    std::size_t count0(clfftLayout l) const { return isHermitian(l) ? n[0] / 2 + 1 : n[0]; }
};

// Elements one transform (or, inner = true, one outermost index) spans on a side.
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

// `total` indices split by the weights, boundaries on multiples of `granule` (the last range
// takes the rest).
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

// The smallest number of indices whose byte steps keep every device's sub-buffer origins
// aligned; 1 (library copies instead of sub-buffers) when none is small enough.
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

// The settings of a sub-plan: rank, lengths and both sides given; the plan's precision, and its
// callbacks where asked for.
struct SideOf {
    clfftLayout layout;
    std::array<std::size_t, 3> strides;
    std::size_t distance;
};

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
        p->settings = t;
        p->settings.replica = part.index;
        bakePlan(*p, part.queue.get());
        slot = std::move(p);
    }
    return *slot;
}

// A library buffer of this device, kept for later enqueues (grown when too small).
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

std::vector<cl_event> handles(const std::vector<EventRef>& events)
{
    std::vector<cl_event> h;
    for (const EventRef& e : events)
        if (e)
            h.push_back(e.get());
    return h;
}

const cl_event* orNull(const std::vector<cl_event>& v) { return v.empty() ? nullptr : v.data(); }

// One enqueue over the plan's devices: the events each queue holds, and what every first
// command waits for.
struct Run {
    Plan& plan;
    const PlanSettings& s;
    MultiDeviceBake& mb;
    Geometry g;
    std::size_t devices;
    std::vector<cl_event> start; // the client's wait events and the previous enqueue's ends
    std::vector<std::vector<EventRef>> onQueue;
    bool crossQueue = false;     // a device reads what another wrote

    Run(Plan& p, cl_uint numWaits, const cl_event* waits)
        : plan(p), s(p.settings), mb(*p.multi), g(p.settings), devices(p.multi->parts.size()), onQueue(devices)
    {
        for (cl_uint i = 0; i < numWaits; ++i)
            start.push_back(waits[i]);
        for (const EventRef& e : mb.previous)
            if (e)
                start.push_back(e.get());
    }
    MultiDevicePart& part(std::size_t k) { return *mb.parts[k]; }
    cl_command_queue queue(std::size_t k) { return mb.parts[k]->queue.get(); }
    cl_event record(std::size_t k, cl_event e)
    {
        onQueue[k].emplace_back(e);
        return e;
    }
    std::vector<cl_event> startAnd(const std::vector<cl_event>& more) const
    {
        std::vector<cl_event> w = start;
        w.insert(w.end(), more.begin(), more.end());
        return w;
    }

    cl_event runSub(std::size_t k, Plan& sp, clfftDirection dir, const std::vector<cl_event>& waits, cl_mem* in,
                    cl_mem* out)
    {
        EnqueueRequest rq;
        rq.direction = dir;
        rq.queue = queue(k);
        rq.numWaitEvents = static_cast<cl_uint>(waits.size());
        rq.waitEvents = orNull(waits);
        cl_event ev = nullptr;
        rq.outEvent = &ev;
        rq.inputs = in;
        rq.outputs = out;
        enqueuePlan(sp, rq);
        return record(k, ev);
    }

    // A marker per queue after everything enqueued on it; kept for the next enqueue when a
    // device reads another's buffers, returned to the client when asked for.
    void finish(cl_event* outEvents)
    {
        std::vector<EventRef> ends(devices);
        for (std::size_t k = 0; k < devices; ++k) {
            // One command on this queue (a batch's part): its own event ends the queue's work.
            if (onQueue[k].size() == 1) {
                ends[k] = EventRef::retain(onQueue[k][0].get());
                continue;
            }
            std::vector<cl_event> w = onQueue[k].empty() ? start : handles(onQueue[k]);
            cl_event ev = nullptr;
            check(clEnqueueMarkerWithWaitList(queue(k), static_cast<cl_uint>(w.size()), orNull(w), &ev));
            ends[k] = EventRef(ev);
        }
        if (outEvents)
            for (std::size_t k = 0; k < devices; ++k)
                outEvents[k] = EventRef::retain(ends[k].get()).release();
        mb.previous.clear();
        if (crossQueue)
            mb.previous = std::move(ends);
        // Commands that other queues wait on must be flushed (OpenCL 1.2, 5.13).
        for (std::size_t k = 0; k < devices; ++k)
            check(clFlush(queue(k)));
    }
};

// PoCL 3.1 crashes in clEnqueueCopyBufferRect from or into a sub-buffer (a segfault in its copy,
// on one device as on several), so copyRect copies those with a kernel of our own: one work-item per row, offsets and
// pitches in 32-bit words (every copy here moves whole floats). Each queue after the first builds
// its own program (PoCL shares loaded kernels between identical devices; see bakeMulti).
cl_kernel copyKernel(const PlanSettings& s, MultiDevicePart& part)
{
    KernelRef& slot = part.copyKernel;
    if (slot)
        return slot.get();
    std::ostringstream src;
    if (part.index > 0)
        src << "#define CLFFT_NG_REPLICA " << part.index << "\n";
    // Rows copied as 32-bit words, 16 at a time (the runtime's copy is a memcpy per row).
    src << "__kernel void clfft_ng_copy_rect(__global const uint* src, ulong so, ulong sr, ulong ss,"
        << " __global uint* dst, ulong d0, ulong dr, ulong ds, ulong n)\n{\n"
        << "    const ulong y = get_global_id(0), z = get_global_id(1);\n"
        << "    __global const uint* a = src + so + y * sr + z * ss;\n"
        << "    __global uint* b = dst + d0 + y * dr + z * ds;\n"
        << "    ulong x = 0;\n"
        << "    for (; x + 16 <= n; x += 16)\n        vstore16(vload16(0, a + x), 0, b + x);\n"
        << "    for (; x < n; ++x)\n        b[x] = a[x];\n}\n";
    ProgramCache::Result built =
        Library::get().programs().get(s.context.get(), part.device, src.str(), "-cl-std=CL1.2", part.index == 0);
    if (built.status != CL_SUCCESS)
        throw StatusError{built.status == CL_OUT_OF_HOST_MEMORY || built.status == CL_OUT_OF_RESOURCES
                              ? built.status
                              : CLFFT_BUILD_PROGRAM_FAILURE};
    cl_int err = CL_SUCCESS;
    KernelRef kernel(clCreateKernel(built.program.get(), "clfft_ng_copy_rect", &err));
    check(err);
    slot = std::move(kernel);
    return slot.get();
}

void copyByKernel(Run& r, std::size_t k, cl_mem src, cl_mem dst, std::size_t srcOff, std::size_t srcRow,
                  std::size_t srcSlice, std::size_t dstOff, std::size_t dstRow, std::size_t dstSlice,
                  const std::array<std::size_t, 3>& region, const std::vector<cl_event>& waits)
{
    cl_kernel kernel = copyKernel(r.s, r.part(k));
    const cl_ulong args[7] = {srcOff / 4, srcRow / 4, srcSlice / 4, dstOff / 4, dstRow / 4, dstSlice / 4, region[0] / 4};
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

// One buffer of a side seen with element strides: st[rank-1] steps the outermost index, `base`
// (bytes) is the first outermost index copied.
struct Strided {
    cl_mem mem;
    std::size_t base;
    std::array<std::size_t, 3> st;
};

// Copies the pencil [c, c+m) of dimension rank-2 over `count` outermost indices between a
// strided buffer and a pencil buffer (pencilBase: bytes of its first outermost index; pitch:
// values between outermost indices, Geometry::pencilPitch).
// Pencil layout: 2D (i0 - c) + pitch * iD; 3D i0 + n0 * (i1 - c) + pitch * iD.
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

using Planes = std::array<cl_mem, 2>;

// The exchange between slabs and pencils (complex, one buffer of each per device; pencils
// padded as Geometry::pencilPitch says): toPencils, device k receives its pencil of every
// device's slab; else device k receives its outermost indices of every device's pencil.
// `ready[j]`: what device j's source waits for. Returns, per device, the copies it made.
// The slabs are packed unless `slabStrides` says otherwise (st[rank-1] steps the outermost
// index); with `slabReady` (slabs in the client's output) every copy into device k's slab waits
// for every source and for slabReady[k].
std::vector<std::vector<cl_event>> exchange(Run& r, bool toPencils, const std::vector<cl_mem>& slabs,
                                            const std::vector<cl_mem>& pencils, bool padded,
                                            const std::vector<cl_event>& ready,
                                            const std::array<std::size_t, 3>* slabStrides = nullptr,
                                            const std::vector<std::vector<cl_event>>* slabReady = nullptr)
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

// How one side of the whole problem is stored by slabs: its layout and strides (st[rank-1]
// steps the outermost index); buffers per device.
struct SlabSide {
    clfftLayout layout;
    std::array<std::size_t, 3> st;
    std::vector<Planes> planes;
    std::vector<std::vector<cl_event>> ready;
};

struct PencilSide {
    clfftLayout layout; // complex interleaved or planar
    bool padded;        // library buffers (Geometry::pencilPitch), not a descriptor's
    std::vector<Planes> planes;
    std::vector<std::vector<cl_event>> ready;
    std::vector<SideOf> strides; // per device, where not packed (sub-buffers of the client's)
    std::vector<MemRef> owned;   // those sub-buffers
};

SideOf slabSideOf(const Geometry& g, const SlabSide& side)
{
    SideOf o{side.layout, side.st, side.st[static_cast<std::size_t>(g.rank - 1)]};
    return o;
}

SideOf workSlab(const Geometry& g)
{
    const clfftLayout l = g.kind == Kind::C2C ? CLFFT_COMPLEX_INTERLEAVED : CLFFT_HERMITIAN_INTERLEAVED;
    return SideOf{l, g.packedComplex(), g.slabPoints()};
}

SideOf pencilOf(const Geometry& g, clfftLayout layout, std::size_t m, bool padded)
{
    return SideOf{layout, {{g.pencilPitch(m, padded), 1, 1}}, 1};
}

// The four sub-plans of a split transform: the inner dimensions of a slab and the outermost
// dimension of a pencil, first (no scale, the pre-callback) or last (the plan's scales, the
// post-callback). The work side of each is packed and interleaved.
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

// C2C into an interleaved output: the exchange lands in the output's slabs and the inner
// dimensions are transformed there in place. No work slabs: a buffer of the data's size less
// for the caches to hold (1024 x 1024 on two PoCL devices: 0.81-0.86 -> 0.89-0.91x of one).
bool slabsInOutput(const Geometry& g, clfftLayout out) { return g.kind == Kind::C2C && !isPlanar(out); }

PlanSettings slabLastInPlace(const Geometry& g, const PlanSettings& s, const SideOf& out, std::size_t count)
{
    return subSettings(s, g.rank - 1, g.n.data(), out, out, count, true, s.forwardScale, s.effectiveBackwardScale(),
                       false, true);
}

// C2C 2D into an interleaved output whose devices hold pencils of equal counts, each a multiple
// of 16 columns: the pencils are sub-buffers of one library buffer (each written by its own
// device), and each device transforms its rows straight from all of them (RowPieces, a row-lane
// kernel) into the output. No exchange: one read and write of the data less (1024 x 1024 on
// two PoCL devices: docs/multi-device.md). `distance`: values between the pencils' starts.
PlanSettings pieceRowSettings(const Geometry& g, const PlanSettings& s, const SideOf& out, const PieceRows& pr,
                              const IndexRange& rows)
{
    PlanSettings t = subSettings(s, 1, g.n.data(), SideOf{CLFFT_COMPLEX_INTERLEAVED, {{1, 1, 1}}, pr.pitch}, out,
                                 rows.count, false, s.forwardScale, s.effectiveBackwardScale(), false, true);
    t.inPieces = RowPieces{pr.m, pr.distance, rows.begin * pr.pitch};
    return t;
}

std::optional<PieceRows> decidePieceRows(const Geometry& g, const PlanSettings& s, MultiDeviceBake& mb, const SideOf& out)
{
    const std::size_t devices = mb.parts.size();
    if (g.rank != 2 || g.kind != Kind::C2C || isPlanar(out.layout) || devices < 2)
        return std::nullopt;
    if (const char* v = std::getenv("CLFFT_NG_ROW_PIECES"); v && std::string(v) == "0") // for comparisons
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

// decidePieceRows once per output side: the bake decides (and bakes) for the client's side.
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

// Slabs in -> inner dimensions -> exchange -> outermost dimension -> pencils out.
// Returns each device's last event (null where it has no pencil).
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

// Pencils in -> outermost dimension -> exchange -> inner dimensions -> slabs out.
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

} // namespace

std::string explainMulti(const MultiDeviceBake& mb)
{
    if (!splitOverQueues(mb))
        return {};
    std::ostringstream o;
    o << "split over " << mb.parts.size() << " queues, "
      << (mb.mode == SplitMode::Batch ? "by the batch" : "by the outermost dimension") << "\n";
    for (const auto& p : mb.parts)
        for (const auto& entry : p->subPlans)
            if (entry.second && entry.second->baked)
                o << "queue " << p->index << ": " << entry.second->baked->explanation;
    return o.str();
}

namespace {

// ---- The client's buffers ---------------------------------------------------------------------

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

RegionViews regionViews(Run& r, const cl_mem* client, int nplanes, const std::vector<Region>& regions,
                        const std::string& role, bool load)
{
    RegionViews v;
    v.planes.assign(r.devices, Planes{{nullptr, nullptr}});
    v.loaded.resize(r.devices);
    bool direct = true;
    for (int i = 0; i < nplanes; ++i) {
        cl_mem parent = nullptr;
        check(clGetMemObjectInfo(client[i], CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, nullptr));
        direct = direct && parent == nullptr;
    }
    for (std::size_t k = 0; k < r.devices; ++k)
        direct = direct && (regions[k].bytes == 0 || regions[k].origin % r.part(k).alignBytes == 0);
    if (direct) {
        for (std::size_t k = 0; k < r.devices && direct; ++k)
            for (int i = 0; i < nplanes && regions[k].bytes > 0; ++i) {
                cl_buffer_region reg{regions[k].origin, regions[k].bytes};
                cl_int err = CL_SUCCESS;
                cl_mem sub = clCreateSubBuffer(client[i], 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
                if (err == CL_MISALIGNED_SUB_BUFFER_OFFSET) {
                    direct = false;
                    break;
                }
                check(err);
                v.subBuffers.emplace_back(sub);
                v.planes[k][static_cast<std::size_t>(i)] = sub;
            }
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
    bool direct = allowDirect && (g.rank == 2 || st[1] == g.n0c * st[0]);
    for (int i = 0; i < nplanes; ++i) {
        cl_mem parent = nullptr;
        check(clGetMemObjectInfo(client[i], CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, nullptr));
        direct = direct && parent == nullptr;
    }
    for (std::size_t k = 0; k < r.devices; ++k)
        direct = direct && (r.part(k).pencil.count == 0 || (r.part(k).pencil.begin * step * e) % r.part(k).alignBytes == 0);
    if (direct) {
        std::vector<MemRef> subs;
        for (std::size_t k = 0; k < r.devices && direct; ++k) {
            const IndexRange pk = r.part(k).pencil;
            if (pk.count == 0)
                continue;
            const std::size_t span = (g.outer() - 1) * st[D] + (g.pencilInner(pk.count) - 1) * st[0] + 1;
            for (int i = 0; i < nplanes; ++i) {
                cl_buffer_region reg{pk.begin * step * e, span * e};
                cl_int err = CL_SUCCESS;
                cl_mem sub = clCreateSubBuffer(client[i], 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
                if (err == CL_MISALIGNED_SUB_BUFFER_OFFSET) {
                    direct = false;
                    break;
                }
                check(err);
                subs.emplace_back(sub);
                in.planes[k][static_cast<std::size_t>(i)] = sub;
            }
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

} // namespace

clfftStatus checkMultiQueues(const Plan& plan, cl_uint count, const cl_command_queue* queues)
{
    if (!queues)
        return CLFFT_INVALID_HOST_PTR;
    const bool dbl = plan.settings.precision == CLFFT_DOUBLE || plan.settings.precision == CLFFT_DOUBLE_FAST;
    for (cl_uint i = 0; i < count; ++i) {
        if (!queues[i])
            return CLFFT_INVALID_COMMAND_QUEUE;
        for (cl_uint j = 0; j < i; ++j)
            if (queues[j] == queues[i])
                return CLFFT_INVALID_COMMAND_QUEUE;
        cl_context ctx = nullptr;
        cl_device_id device = nullptr;
        if (clGetCommandQueueInfo(queues[i], CL_QUEUE_CONTEXT, sizeof ctx, &ctx, nullptr) != CL_SUCCESS ||
            clGetCommandQueueInfo(queues[i], CL_QUEUE_DEVICE, sizeof device, &device, nullptr) != CL_SUCCESS)
            return CLFFT_INVALID_COMMAND_QUEUE;
        if (ctx != plan.settings.context.get())
            return CLFFT_INVALID_CONTEXT;
        cl_device_fp_config fp64 = 0;
        if (dbl && (clGetDeviceInfo(device, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, nullptr) != CL_SUCCESS ||
                    fp64 == 0))
            return CLFFT_DEVICE_NO_DOUBLE;
    }
    return CLFFT_SUCCESS;
}

bool multiBakedFor(const Plan& plan, cl_uint count, const cl_command_queue* queues)
{
    if (!plan.multi || plan.multi->parts.size() != count)
        return false;
    for (cl_uint i = 0; i < count; ++i)
        if (plan.multi->parts[i]->queue.get() != queues[i])
            return false;
    return true;
}

void bakeMulti(Plan& plan, cl_uint count, const cl_command_queue* queues)
{
    const PlanSettings& s = plan.settings;
    if (s.batch == 0)
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    std::size_t inBytes = 0, outBytes = 0;
    if (!planBufferBytes(s, &inBytes, &outBytes))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const Geometry g(s);
    auto mb = std::make_shared<MultiDeviceBake>();
    mb->mode = clientMode(s);
    std::vector<std::size_t> aligns;
    for (cl_uint i = 0; i < count; ++i) {
        auto part = std::make_unique<MultiDevicePart>();
        part->queue = QueueRef::retain(queues[i]);
        part->index = static_cast<int>(i);
        check(clGetCommandQueueInfo(queues[i], CL_QUEUE_DEVICE, sizeof part->device, &part->device, nullptr));
        part->alignBytes = std::max<std::size_t>(deviceInfo<cl_uint>(part->device, CL_DEVICE_MEM_BASE_ADDR_ALIGN) / 8, 1);
        part->overlapSafe = isPoclCpu(part->device);
        aligns.push_back(part->alignBytes);
        mb->parts.push_back(std::move(part));
    }
    std::vector<double> weights = plan.splitWeights;
    if (weights.size() != count)
        weights.assign(count, 1.0);
    // The split axis: the batch, else the outermost dimension; pencils along dimension rank-2.
    const std::size_t total = s.batch > 1 ? s.batch : g.outer();
    std::size_t granule = 1, pencilGranule = 1;
    if (mb->mode != SplitMode::FirstQueue) {
        const std::size_t ie = elementBytes(s.inLayout, g.real), oe = elementBytes(s.outLayout, g.real);
        const auto is = s.effectiveInStrides(), os = s.effectiveOutStrides();
        const std::size_t D = static_cast<std::size_t>(s.rank - 1);
        std::vector<std::size_t> steps;
        if (mb->mode == SplitMode::Batch)
            steps = {s.effectiveInDistance() * ie, s.effectiveOutDistance() * oe};
        else
            steps = {g.kind == Kind::R2C ? is[D] * ie : os[D] * oe};
        granule = granuleFor(steps, aligns, total, count);
        // C2C and C2R read each device's pencil of the input through a sub-buffer where aligned.
        if (mb->mode == SplitMode::Dimension && g.kind != Kind::R2C) {
            const std::size_t pe = elementBytes(complexLayout(s.inLayout), g.real);
            pencilGranule = granuleFor({(s.rank == 2 ? is[0] : is[1]) * pe}, aligns, g.pencilTotal(), count);
        }
    }
    const auto slabs = partition(total, weights, granule);
    const auto pencils = partition(s.rank >= 2 ? g.pencilTotal() : 1, weights, pencilGranule);
    for (cl_uint i = 0; i < count; ++i) {
        mb->parts[i]->slab = slabs[i];
        mb->parts[i]->pencil = pencils[i];
    }
    plan.multi = mb;
    try {
        // Bake what an enqueue runs now, so that build errors and compile time belong to the bake.
        if (mb->mode == SplitMode::FirstQueue) {
            bakePlan(plan, queues[0]);
            return;
        }
        // The sub-plans the enqueue will look up (by their settings), baked now.
        const auto is = s.effectiveInStrides(), os = s.effectiveOutStrides();
        const std::size_t D = static_cast<std::size_t>(s.rank - 1);
        const std::optional<PieceRows> pieces =
            mb->mode == SplitMode::Dimension && g.kind == Kind::C2C
                ? pieceRows(g, s, *mb, SideOf{s.outLayout, os, os[D]})
                : std::nullopt;
        for (cl_uint i = 0; i < count; ++i) {
            MultiDevicePart& p = *mb->parts[i];
            if (mb->mode == SplitMode::Batch) {
                if (p.slab.count == 0)
                    continue;
                PlanSettings t = s;
                t.batch = p.slab.count;
                t.inStrides = is;
                t.outStrides = os;
                t.inStridesSet = t.outStridesSet = true;
                t.inStrideCount = t.outStrideCount = s.rank;
                t.inDistance = s.effectiveInDistance();
                t.outDistance = s.effectiveOutDistance();
                t.distancesSet = true;
                t.backwardScale = s.effectiveBackwardScale();
                t.backwardScaleSet = true;
                subPlan(p, t);
            } else if (g.kind == Kind::R2C) {
                if (p.slab.count > 0)
                    subPlan(p, slabFirst(g, s, SideOf{s.inLayout, is, is[D]}, p.slab.count));
                if (p.pencil.count > 0)
                    subPlan(p, pencilLast(g, s, complexLayout(s.outLayout), true, p.pencil.count));
            } else {
                // The pencils as clientPencils reads them from a buffer that is not a sub-buffer.
                const clfftLayout l = complexLayout(s.inLayout);
                const std::size_t step = (s.rank == 2 ? is[0] : is[1]) * elementBytes(l, g.real);
                bool direct = s.rank == 2 || is[1] == g.n0c * is[0];
                for (const auto& q : mb->parts)
                    direct = direct && (q->pencil.count == 0 || (q->pencil.begin * step) % q->alignBytes == 0);
                if (p.pencil.count > 0)
                    subPlan(p, pencilFirst(g, s, direct ? SideOf{l, {{is[D], 1, 1}}, is[0]} : pencilOf(g, l, p.pencil.count, true),
                                           p.pencil.count));
                const SideOf out{s.outLayout, os, os[D]};
                if (pieces) // the rows from every pencil (pieceRows baked them)
                    continue;
                if (p.slab.count > 0)
                    subPlan(p, slabsInOutput(g, s.outLayout) ? slabLastInPlace(g, s, out, p.slab.count)
                                                             : slabLast(g, s, out, p.slab.count));
                if (slabsInOutput(g, s.outLayout))
                    copyKernel(s, p);
            }
        }
    } catch (...) {
        plan.multi.reset();
        throw;
    }
}

void enqueueMulti(Plan& plan, const MultiRequest& rq)
{
    const PlanSettings& s = plan.settings;
    std::size_t inBytes = 0, outBytes = 0;
    if (!planBufferBytes(s, &inBytes, &outBytes))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const int nin = planesOf(s.inLayout), nout = planesOf(s.outLayout);
    for (int i = 0; i < nin; ++i)
        checkBufferSize(rq.inputs[i], inBytes);
    bool aliased = false;
    if (s.placement == CLFFT_OUTOFPLACE)
        for (int o = 0; o < nout; ++o) {
            checkBufferSize(rq.outputs[o], outBytes);
            for (int i = 0; i < nin; ++i)
                aliased = aliased || rq.inputs[i] == rq.outputs[o];
        }
    // One buffer as both sides of an out-of-place plan: the one-device path knows how.
    if (plan.multi->mode == SplitMode::FirstQueue || aliased) {
        runFirstQueue(plan, rq);
        return;
    }
    Run r(plan, rq.numWaitEvents, rq.waitEvents);
    if (plan.multi->mode == SplitMode::Batch)
        runBatch(r, rq);
    else
        runDimension(r, rq);
    r.finish(rq.outEvents);
}


// ---- Descriptors ------------------------------------------------------------------------------

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
    Run r(plan, 0, nullptr);
    const auto* bytes = static_cast<const unsigned char*>(host);
    for (std::size_t k = 0; k < to.queues.size(); ++k) {
        if (to.bytes[k] == 0)
            continue;
        cl_event ev = nullptr;
        check(clEnqueueWriteBuffer(r.queue(k), to.buffers[k].get(), CL_FALSE, 0, to.bytes[k],
                                   bytes + to.ranges[k].begin * to.bytesPerIndex, static_cast<cl_uint>(r.start.size()),
                                   orNull(r.start), &ev));
        r.record(k, ev);
    }
    waitAll(r);
}

void xtCopyToHost(Plan& plan, const XtDescriptor& from, void* host)
{
    if (from.order == XtOrder::Permuted) {
        XtDescriptor n = naturalTwin(plan, from);
        xtCopyOrder(plan, from, n);
        xtCopyToHost(plan, n, host);
        return;
    }
    Run r(plan, 0, nullptr);
    auto* bytes = static_cast<unsigned char*>(host);
    for (std::size_t k = 0; k < from.queues.size(); ++k) {
        if (from.bytes[k] == 0)
            continue;
        cl_event ev = nullptr;
        check(clEnqueueReadBuffer(r.queue(k), from.buffers[k].get(), CL_FALSE, 0, from.bytes[k],
                                  bytes + from.ranges[k].begin * from.bytesPerIndex, static_cast<cl_uint>(r.start.size()),
                                  orNull(r.start), &ev));
        r.record(k, ev);
    }
    waitAll(r);
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
