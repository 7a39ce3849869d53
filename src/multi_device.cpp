// One plan over several devices (multi_device.h): the queue checks, the bake (the split, the
// sub-plans and the copy kernel built ahead), the enqueue and the explanation. The parts are
// listed in multi_device_internal.h. The library's program cache (for the copy kernel) comes
// with the plan (Plan::services): this layer does not reach up to the library.
#include "multi_device.h"

#include "copy_sources.h"
#include "device_info.h"
#include "multi_device_internal.h"
#include "program_cache.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace clfft_ng {

namespace multidevice {

cl_kernel copyKernel(const PlanSettings& s, MultiDevicePart& part)
{
    KernelRef& slot = part.copyKernel;
    if (slot)
        return slot.get();
    const std::string src = multiDeviceCopySource(part.index, copyUnitBytes(s)); // generator/copy_sources.h
    ProgramCache::Result built =
        part.services.programs->get(s.context.get(), part.device, src, "-cl-std=CL1.2", part.index == 0);
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

} // namespace multidevice

using namespace multidevice;

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
    if (!s.r2rKinds.empty()) // real-to-real plans run on one queue (docs/r2r.md)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
    if (s.convolution.set()) // so do convolution plans (docs/convolution.md)
        throw StatusError{CLFFT_NOTIMPLEMENTED};
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
        part->services = plan.services;
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

} // namespace clfft_ng
