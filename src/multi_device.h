// One plan over several devices (docs/multi-device.md): the queue arrays of clfftBakePlan and
// clfftEnqueueTransform, and the descriptors of the Xt-style extension (xt_api.cpp). Implemented
// by multi_device.cpp and its parts (multi_device_internal.h lists them).
//
// A batch is split across the devices, each running a sub-plan (the plan with a smaller batch)
// on its range of transforms. A single 2D/3D transform is split along its outermost dimension:
// each device transforms the inner dimensions of its slab, the slabs are exchanged into pencils
// (a range of dimension rank-2, every outermost index), and each device transforms the
// outermost dimension of its pencil. Complex-to-real plans run the other way round.
#pragma once

#include "plan.h"

#include <array>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <vector>

namespace clfft_ng {

// A range of indices along the split axis: batch, outermost dimension or pencil dimension.
struct IndexRange {
    std::size_t begin = 0;
    std::size_t count = 0;
    bool operator==(const IndexRange& o) const { return begin == o.begin && count == o.count; }
};

enum class SplitMode {
    Batch,      // each device a range of the batch
    Dimension,  // one 2D/3D transform: slabs, exchange, pencils
    FirstQueue, // what cannot be split (one 1D transform, transposed output, interleaved
                // batches): the first queue runs it, the others return a marker
};

struct MultiDevicePart {
    QueueRef queue;
    cl_device_id device = nullptr;
    int index = 0;              // position in the queue array: PlanSettings::replica of its sub-plans
    std::size_t alignBytes = 1; // CL_DEVICE_MEM_BASE_ADDR_ALIGN, in bytes: sub-buffer origins
    // Overlapping sub-buffers of a buffer some of whose regions are written run safely (tested on
    // PoCL's CPU devices; NVIDIA's driver, H200 580, crashed releasing them).
    bool overlapSafe = false;
    IndexRange slab;            // Batch: transforms; Dimension: outermost indices
    IndexRange pencil;          // Dimension: indices of dimension rank-2 on the complex side
    // Sub-plans baked for this device, by their settings (subPlanKey), and the library's
    // buffers of this device, by role.
    std::map<std::string, std::unique_ptr<Plan>> subPlans;
    std::map<std::string, MemRef> buffers;
    // The plan's library services (plan.h): its sub-plans bake with them, and the copy kernel
    // below is built through their program cache.
    BakeServices services;
    // The exchange's copy kernel into sub-buffers (multi_device.cpp, copyKernel).
    KernelRef copyKernel;
};

// 2D C2C rows read from every device's pencil (multi_device_subplans.cpp, pieceRows): m columns a pencil,
// `pitch` values between a pencil's rows, `distance` values between the pencils' starts.
struct PieceRows {
    std::size_t m = 0, pitch = 0, distance = 0;
};

struct MultiDeviceBake {
    SplitMode mode = SplitMode::FirstQueue;
    // pieceRows' answer for each output side (layout, strides, distance), decided once (the bake
    // decides the client's side; an enqueue only looks it up).
    std::map<std::array<std::size_t, 5>, std::optional<PieceRows>> pieces;
    std::vector<std::unique_ptr<MultiDevicePart>> parts;
    // The last enqueue's final event on each queue, when a later enqueue must wait for it
    // (library buffers that one device writes and another reads).
    std::vector<EventRef> previous;
};

// Queues of a plan spread over several devices: every queue present (CLFFT_INVALID_COMMAND_QUEUE),
// of the plan's context (CLFFT_INVALID_CONTEXT), no queue twice (CLFFT_INVALID_COMMAND_QUEUE),
// double precision on every device of a double plan (CLFFT_DEVICE_NO_DOUBLE).
clfftStatus checkMultiQueues(const Plan& plan, cl_uint count, const cl_command_queue* queues);

// Bakes the plan for `count` queues (checked by checkMultiQueues; plan mutex held). Throws StatusError.
void bakeMulti(Plan& plan, cl_uint count, const cl_command_queue* queues);

// Whether the plan's work is split over its queues (not run on the first queue only).
inline bool splitOverQueues(const MultiDeviceBake& mb) { return mb.mode != SplitMode::FirstQueue; }

// The printed sub-plans of a plan split over its queues (clfftNgExplainPlan): each queue's
// sub-plans baked so far, under "queue k:". Empty where the plan runs on its first queue only.
std::string explainMulti(const MultiDeviceBake& mb);

// True when plan.multi is baked for exactly these queues.
bool multiBakedFor(const Plan& plan, cl_uint count, const cl_command_queue* queues);

struct MultiRequest {
    clfftDirection direction = CLFFT_FORWARD;
    cl_uint numWaitEvents = 0;
    const cl_event* waitEvents = nullptr;
    cl_event* outEvents = nullptr; // one per queue, may be null
    cl_mem* inputs = nullptr;
    cl_mem* outputs = nullptr;
    cl_mem tmpBuffer = nullptr;    // used by the first-queue mode only
};

// Enqueues the transform on the baked queues (plan.multi set). Throws StatusError.
void enqueueMulti(Plan& plan, const MultiRequest& request);

// ---- Descriptors (multi_device_xt.cpp; entry points: xt_api.cpp) ----------------------------

enum class XtSide { Input, Output };
enum class XtOrder { Natural, Permuted };

// One side of a plan's data spread over its devices, packed and interleaved: part k holds the
// range ranges[k] of the split axis (docs/multi-device.md, "Descriptors").
struct XtDescriptor {
    clfftPlanHandle plan = 0;
    XtSide side = XtSide::Input;
    XtOrder order = XtOrder::Natural;
    SplitMode mode = SplitMode::Batch;
    std::vector<QueueRef> queues;
    std::vector<IndexRange> ranges;
    std::vector<MemRef> buffers;
    std::vector<std::size_t> bytes;
    std::size_t elementBytes = 0;     // one complex or real value
    std::size_t bytesPerIndex = 0;    // Natural: bytes of one index of the split axis
};

// The split and the part sizes of one side of the baked plan, as a descriptor without buffers.
// Throws StatusError (CLFFT_NOTIMPLEMENTED: a plan the descriptors do not split).
XtDescriptor describeXt(const Plan& plan, XtSide side, XtOrder order);

// Host <-> descriptor (natural order; blocking) and natural <-> permuted.
void xtCopyFromHost(Plan& plan, XtDescriptor& to, const void* host);
void xtCopyToHost(Plan& plan, const XtDescriptor& from, void* host);
void xtCopyOrder(Plan& plan, const XtDescriptor& from, XtDescriptor& to);

// Transforms `in` into `out` (may be the same descriptor); one event per queue when outEvents
// is not null. Throws StatusError.
void xtExecute(Plan& plan, clfftDirection direction, const XtDescriptor& in, XtDescriptor& out, cl_event* outEvents);

// Frees every descriptor (clfftTeardown).
void releaseXtDescriptors();

} // namespace clfft_ng
