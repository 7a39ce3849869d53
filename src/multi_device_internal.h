// What the parts of a plan over several devices share (the interface is multi_device.h): the
// shape of the split, the settings of the sub-plans, one enqueue over the devices (Run), the
// sides the pipelines read and write, and the functions one part calls in another.
//
//   multi_device.cpp           the entry points: queue checks, the bake (the split, the sub-plans
//                              and the copy kernel built ahead), the enqueue, the explanation
//   multi_device_geometry.cpp  layouts and element sizes, the split mode, the partition of an
//                              axis over the devices
//   multi_device_subplans.cpp  the sub-plans' settings and their bake, the devices' library
//                              buffers, rows read from every device's pencil (piece rows)
//   multi_device_exchange.cpp  rect and pencil copies, the exchange between slabs and pencils, the
//                              forward and backward pipelines
//   multi_device_client.cpp    an enqueue on the client's buffers: sub-buffers or library copies
//                              of each device's range, the batch, dimension and first-queue runs
//   multi_device_xt.cpp        the descriptors of the Xt-style extension (entry points: xt_api.cpp)
#pragma once

#include "executor.h"
#include "multi_device.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace clfft_ng::multidevice {

enum class Kind { C2C, R2C, C2R };

// An OpenCL error as a StatusError.
inline void check(cl_int err)
{
    if (err != CL_SUCCESS)
        throw StatusError{err};
}

// ---- multi_device_geometry.cpp --------------------------------------------------------------
Kind kindOf(const PlanSettings& s);
bool isPlanar(clfftLayout l);
bool isHermitian(clfftLayout l);
int planesOf(clfftLayout l);
// The layout of a pencil of a complex or hermitian side: a C2C view of it.
clfftLayout complexLayout(clfftLayout l);
std::size_t realBytes(const PlanSettings& s);
// Bytes of one element in one buffer of a side: a complex pair interleaved, else one real.
std::size_t elementBytes(clfftLayout l, std::size_t real);

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
std::size_t spanOf(const Geometry& g, clfftLayout layout, const std::array<std::size_t, 3>& st, bool inner);
// How the client's plan is split: by the batch, by the outermost dimension, or not.
SplitMode clientMode(const PlanSettings& s);
// `total` indices split by the weights, boundaries on multiples of `granule` (the last range
// takes the rest).
std::vector<IndexRange> partition(std::size_t total, const std::vector<double>& weights, std::size_t granule);
// The smallest number of indices whose byte steps keep every device's sub-buffer origins
// aligned; 1 (library copies instead of sub-buffers) when none is small enough.
std::size_t granuleFor(const std::vector<std::size_t>& stepBytes, const std::vector<std::size_t>& aligns,
                       std::size_t total, std::size_t devices);

// ---- multi_device_subplans.cpp --------------------------------------------------------------
// The settings of a sub-plan: rank, lengths and both sides given; the plan's precision, and its
// callbacks where asked for.
struct SideOf {
    clfftLayout layout;
    std::array<std::size_t, 3> strides;
    std::size_t distance;
};

PlanSettings subSettings(const PlanSettings& s, int rank, const std::size_t* lengths, const SideOf& in,
                         const SideOf& out, std::size_t batch, bool inPlace, double forwardScale,
                         double backwardScale, bool pre, bool post);
// The device's sub-plan of these settings, baked at its first use.
Plan& subPlan(MultiDevicePart& part, const PlanSettings& t);
// A library buffer of this device, kept for later enqueues (grown when too small).
cl_mem partBuffer(const PlanSettings& s, MultiDevicePart& part, const std::string& role, std::size_t bytes);

// A pencil of m indices as a sub-plan's side: one transform per inner index (Geometry::pencilPitch).
SideOf pencilOf(const Geometry& g, clfftLayout layout, std::size_t m, bool padded);
// The four sub-plans of a split transform: the inner dimensions of a slab and the outermost
// dimension of a pencil, first (no scale, the pre-callback) or last (the plan's scales, the
// post-callback). The work side of each is packed and interleaved.
PlanSettings slabFirst(const Geometry& g, const PlanSettings& s, const SideOf& in, std::size_t count);
PlanSettings pencilLast(const Geometry& g, const PlanSettings& s, clfftLayout out, bool outPadded, std::size_t m);
PlanSettings pencilFirst(const Geometry& g, const PlanSettings& s, const SideOf& in, std::size_t m);
PlanSettings slabLast(const Geometry& g, const PlanSettings& s, const SideOf& out, std::size_t count);
// C2C into an interleaved output: the exchange lands in the output's slabs and the inner
// dimensions are transformed there in place. No work slabs: a buffer of the data's size less
// for the caches to hold (1024 x 1024 on two PoCL devices: 0.81-0.86 -> 0.89-0.91x of one).
bool slabsInOutput(const Geometry& g, clfftLayout out);
PlanSettings slabLastInPlace(const Geometry& g, const PlanSettings& s, const SideOf& out, std::size_t count);
// C2C 2D into an interleaved output whose devices hold pencils of equal counts, each a multiple
// of 16 columns: the pencils are sub-buffers of one library buffer (each written by its own
// device), and each device transforms its rows straight from all of them (RowPieces, a row-lane
// kernel) into the output. No exchange: one read and write of the data less (1024 x 1024 on
// two PoCL devices: docs/multi-device.md). `distance`: values between the pencils' starts.
PlanSettings pieceRowSettings(const Geometry& g, const PlanSettings& s, const SideOf& out, const PieceRows& pr,
                              const IndexRange& rows);
// decidePieceRows once per output side: the bake decides (and bakes) for the client's side.
std::optional<PieceRows> pieceRows(const Geometry& g, const PlanSettings& s, MultiDeviceBake& mb, const SideOf& out);

// ---- One enqueue over the devices ----------------------------------------------------------
inline std::vector<cl_event> handles(const std::vector<EventRef>& events)
{
    std::vector<cl_event> h;
    for (const EventRef& e : events)
        if (e)
            h.push_back(e.get());
    return h;
}

inline const cl_event* orNull(const std::vector<cl_event>& v) { return v.empty() ? nullptr : v.data(); }

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

using Planes = std::array<cl_mem, 2>;

// One buffer of a side seen with element strides: st[rank-1] steps the outermost index, `base`
// (bytes) is the first outermost index copied.
struct Strided {
    cl_mem mem;
    std::size_t base;
    std::array<std::size_t, 3> st;
};

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

// A slab side as a sub-plan's side (multi_device_subplans.cpp).
SideOf slabSideOf(const Geometry& g, const SlabSide& side);

// ---- multi_device_exchange.cpp --------------------------------------------------------------
// Copies the pencil [c, c+m) of dimension rank-2 over `count` outermost indices between a
// strided buffer and a pencil buffer (pencilBase: bytes of its first outermost index; pitch:
// values between outermost indices, Geometry::pencilPitch).
// Pencil layout: 2D (i0 - c) + pitch * iD; 3D i0 + n0 * (i1 - c) + pitch * iD.
void copyPencil(Run& r, std::size_t k, bool toPencil, const Strided& a, cl_mem pencil, std::size_t pencilBase,
                std::size_t pitch, std::size_t e, std::size_t n0, std::size_t c, std::size_t m, std::size_t count,
                const std::vector<cl_event>& waits);
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
                                            const std::vector<std::vector<cl_event>>* slabReady = nullptr);
// Slabs in -> inner dimensions -> exchange -> outermost dimension -> pencils out.
// Returns each device's last event (null where it has no pencil).
std::vector<cl_event> forwardPipeline(Run& r, clfftDirection dir, const SlabSide& in, PencilSide& out);
// Pencils in -> outermost dimension -> exchange -> inner dimensions -> slabs out.
std::vector<cl_event> backwardPipeline(Run& r, clfftDirection dir, const PencilSide& in, SlabSide& out);

// ---- multi_device_client.cpp ----------------------------------------------------------------
// The plan's transform on the first queue, a marker on every other.
void runFirstQueue(Plan& plan, const MultiRequest& rq);
// Each device its range of the batch, on the client's buffers.
void runBatch(Run& r, const MultiRequest& rq);
// One 2D/3D transform split along its outermost dimension, between the client's buffers.
void runDimension(Run& r, const MultiRequest& rq);

// ---- multi_device.cpp -----------------------------------------------------------------------
// PoCL 3.1 crashes in clEnqueueCopyBufferRect from or into a sub-buffer (a segfault in its copy,
// on one device as on several), so copyRect copies those with a kernel of our own: one work-item per row, offsets and
// pitches in 32-bit words (every copy here moves whole floats). Each queue after the first builds
// its own program (PoCL shares loaded kernels between identical devices; see bakeMulti).
cl_kernel copyKernel(const PlanSettings& s, MultiDevicePart& part);
// The copy kernel's unit: 32-bit words, 16 bits for 16-bit plans (their rows may be odd reals).
std::size_t copyUnitBytes(const PlanSettings& s);

} // namespace clfft_ng::multidevice
