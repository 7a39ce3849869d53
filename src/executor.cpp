#include "executor.h"

#include "env_settings.h"
#include "families.h"
#include "kernel_args.h"
#include "kernel_binding.h"
#include "stage_kernels.h"
#include "convolution.h"
#include "r2r.h"
#include "tiering.h"


#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace clfft_ng {

// A buffer smaller than the plan's data would let the kernels read and write outside it.
void checkBufferSize(cl_mem mem, std::size_t needed)
{
    std::size_t size = 0;
    if (clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, nullptr) != CL_SUCCESS)
        throw StatusError{CLFFT_INVALID_MEM_OBJECT};
    if (size < needed)
        throw StatusError{CLFFT_INVALID_BUFFER_SIZE};
}

namespace {

// Enqueues the passes of `baked` (a plan of settings `s`, in place or not) on rq's queue.
void runPasses(const PlanSettings& s, BakedPlan& baked, bool inPlace, const EnqueueRequest& rq)
{
    auto allocate = [&](MemRef& slot, std::size_t bytes) { return scratchBuffer(s.context.get(), slot, bytes); };
    cl_mem tmp = rq.tmpBuffer, tmp2 = nullptr, tmp3 = nullptr, wide = nullptr;
    if (baked.tmpBytes > 0 && !tmp)
        tmp = allocate(baked.scratch[rq.queue].tmp, baked.tmpBytes);
    if (baked.tmp2Bytes > 0)
        tmp2 = allocate(baked.scratch[rq.queue].tmp2, baked.tmp2Bytes);
    if (baked.tmp3Bytes > 0)
        tmp3 = allocate(baked.scratch[rq.queue].tmp3, baked.tmp3Bytes);
    if (baked.wideBytes > 0)
        wide = allocate(baked.scratch[rq.queue].wide, baked.wideBytes);
    const bool inPlanar = s.inLayout == CLFFT_COMPLEX_PLANAR || s.inLayout == CLFFT_HERMITIAN_PLANAR;
    const bool outPlanar = s.outLayout == CLFFT_COMPLEX_PLANAR || s.outLayout == CLFFT_HERMITIAN_PLANAR;
    // The second buffer of a side is only read from the client's array when that side is planar.
    auto buffers = [&](BufferRole role) -> std::pair<cl_mem, cl_mem> {
        if (role == BufferRole::Temp)
            return {tmp, tmp};
        if (role == BufferRole::Temp2)
            return {tmp2, tmp2};
        if (role == BufferRole::Temp3)
            return {tmp3, tmp3};
        if (role == BufferRole::Wide)
            return {wide, wide};
        if (role == BufferRole::Input || inPlace)
            return {rq.inputs[0], inPlanar ? rq.inputs[1] : nullptr};
        return {rq.outputs[0], outPlanar ? rq.outputs[1] : nullptr};
    };

    const clfftDirection direction = s.effectiveDirection(rq.direction);
    const double scale = s.scaleFor(direction);
    const double dirSign = direction == CLFFT_FORWARD ? 1.0 : -1.0;
    // The callback's userdata buffer i (none set: the callback still takes a userdata parameter).
    auto userdata = [](const CallbackSettings& cb, int i) -> cl_mem {
        return static_cast<std::size_t>(i) < cb.userdata.size() ? cb.userdata[static_cast<std::size_t>(i)].get() : nullptr;
    };

    // A pass's share of the scale (16-bit plans: |scale|^share each, the sign with the last pass).
    auto passScale = [&](const PassPlan& p, bool last) {
        if (p.scaleShare == 1.0)
            return scale;
        const double magnitude = std::pow(std::fabs(scale), p.scaleShare);
        return last && scale < 0 ? -magnitude : magnitude;
    };
    // CLFFT_NG_PROFILE: wait for every kernel and print its wall time (a diagnostic that makes
    // the enqueue blocking; never set in production).
    static const bool profile = EnvSettings::fromEnvironment().profile;
    // Every pass's arguments are set before the first launch: a failure there leaves the
    // client's data untouched (no pass half the plan has run on it).
    for (std::size_t i = 0; i < baked.passes.size(); ++i) {
        BakedPass& bp = baked.passes[i];
        const PassPlan& p = bp.pass;
        ArgBinder arg(bp.kernel.get(), p.spec.index64, p.spec.precision == Precision::Double);
        const auto src = buffers(p.source);
        const auto dst = buffers(p.destination);
        for (const KernelArg& a : kernelArguments(p.spec)) {
            switch (a.role) {
            case KernelArgRole::Input: arg.mem(src.first); break;
            case KernelArgRole::InputImag: arg.mem(src.second); break;
            case KernelArgRole::Output: arg.mem(dst.first); break;
            case KernelArgRole::OutputImag: arg.mem(dst.second); break;
            case KernelArgRole::Twiddles: arg.mem(bp.twiddles.get()); break;
            case KernelArgRole::Spectrum: arg.mem(bp.spectrum.get()); break;
            case KernelArgRole::Period: arg.index(bp.spectrumPeriod); break;
            case KernelArgRole::PreUserdata: arg.mem(userdata(s.preCallback, a.index)); break;
            case KernelArgRole::PostUserdata: arg.mem(userdata(s.postCallback, a.index)); break;
            case KernelArgRole::Transforms: arg.index(p.transforms); break;
            case KernelArgRole::InStride: arg.index(p.inStride); break;
            case KernelArgRole::OutStride: arg.index(p.outStride); break;
            case KernelArgRole::BatchCount: arg.index(p.batch[static_cast<std::size_t>(a.index)].n); break;
            case KernelArgRole::BatchInStride: arg.index(p.batch[static_cast<std::size_t>(a.index)].inStride); break;
            case KernelArgRole::BatchOutStride: arg.index(p.batch[static_cast<std::size_t>(a.index)].outStride); break;
            case KernelArgRole::Scale: arg.real(p.appliesScale ? passScale(p, i + 1 == baked.passes.size()) : 1.0); break;
            case KernelArgRole::DirectionSign: arg.real(p.fixedDirection ? p.fixedDirection : dirSign); break;
            }
        }
    }
    EventRef previous;
    for (std::size_t i = 0; i < baked.passes.size(); ++i) {
        BakedPass& bp = baked.passes[i];
        const PassPlan& p = bp.pass;
        const LaunchShape launch = familyOf(p.spec).launch(p.spec, p.workGroups(), p.transforms);
        const std::size_t* global = launch.global;
        const std::size_t* local = launch.local;
        const cl_uint dims = launch.dims;
        cl_event done = nullptr;
        const cl_event prev = previous.get();
        const cl_int err =
            i == 0 ? clEnqueueNDRangeKernel(rq.queue, bp.kernel.get(), dims, nullptr, global, local, rq.numWaitEvents,
                                            rq.numWaitEvents ? rq.waitEvents : nullptr, &done)
                   : clEnqueueNDRangeKernel(rq.queue, bp.kernel.get(), dims, nullptr, global, local, 1, &prev, &done);
        if (err != CL_SUCCESS)
            throw StatusError{err};
        previous = EventRef(done);
        if (profile) {
            const auto t0 = std::chrono::steady_clock::now();
            clWaitForEvents(1, &done);
            const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            std::fprintf(stderr, "clfft-ng profile: pass %zu %s: %.3f ms (%zu groups x %zu)\n", i,
                         p.spec.kernelName().c_str(), ms, global[0] / local[0] * global[1], local[0]);
        }
    }
    if (rq.outEvent)
        *rq.outEvent = previous.release();
}

bool isPlanar(clfftLayout l) { return l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR; }

// An out-of-place complex plan whose output lies exactly on its input (same buffers, layout,
// strides and distances) computes what the in-place plan of the same settings computes.
bool aliasesAsInPlace(const PlanSettings& s, const EnqueueRequest& rq)
{
    const bool complexSides = (s.inLayout == CLFFT_COMPLEX_INTERLEAVED || s.inLayout == CLFFT_COMPLEX_PLANAR) &&
                              s.inLayout == s.outLayout;
    if (!complexSides || s.transposed != CLFFT_NOTRANSPOSE)
        return false;
    if (rq.inputs[0] != rq.outputs[0] || (isPlanar(s.inLayout) && rq.inputs[1] != rq.outputs[1]))
        return false;
    const auto is = s.effectiveInStrides(), os = s.effectiveOutStrides();
    for (int d = 0; d < s.rank; ++d)
        if (is[d] != os[d])
            return false;
    return s.effectiveInDistance() == s.effectiveOutDistance();
}

// The in-place twin of an out-of-place plan, baked at its first aliased enqueue; null when
// the in-place form cannot be planned (then the input goes through a copy).
BakedPlan* inPlaceTwin(Plan& plan, cl_command_queue queue)
{
    BakedPlan& baked = *plan.baked;
    if (!baked.inPlaceTwin && !baked.inPlaceTwinFailed) {
        Plan twin;
        twin.services = plan.services;
        twin.settings = plan.settings;
        twin.settings.placement = CLFFT_INPLACE;
        twin.settings.outStrides = plan.settings.effectiveInStrides();
        twin.settings.outStridesSet = true;
        // The twin runs its passes here: never the generic tier (its passes live in plan.generic).
        twin.settings.tiering = static_cast<int>(TierMode::SpecializedOnly);
        try {
            bakePlan(twin, queue);
            baked.inPlaceTwin = std::move(twin.baked);
        } catch (const StatusError& e) {
            // Out of memory may pass: a later enqueue tries again. Other failures are for good
            // (the input is copied instead).
            if (e.status != CL_OUT_OF_HOST_MEMORY && e.status != CL_OUT_OF_RESOURCES &&
                e.status != CL_MEM_OBJECT_ALLOCATION_FAILURE)
                baked.inPlaceTwinFailed = true;
        }
    }
    return baked.inPlaceTwin.get();
}

// Copies the input buffers (`bytes` each) into library buffers and runs the out-of-place passes
// from there: for outputs that alias the inputs.
void runFromInputCopy(const PlanSettings& s, BakedPlan& baked, const EnqueueRequest& rq, std::size_t bytes, int nin)
{
    BakedPlan::Scratch& scratch = baked.scratch[rq.queue];
    cl_mem copies[2] = {nullptr, nullptr};
    std::vector<EventRef> copied;
    std::vector<cl_event> waits;
    for (int i = 0; i < nin; ++i) {
        if (!scratch.inputCopy[i]) {
            cl_int err = CL_SUCCESS;
            scratch.inputCopy[i] = MemRef(clCreateBuffer(s.context.get(), CL_MEM_READ_WRITE, bytes, nullptr, &err));
            if (err != CL_SUCCESS)
                throw StatusError{err};
        }
        copies[i] = scratch.inputCopy[i].get();
        cl_event done = nullptr;
        const cl_int err = clEnqueueCopyBuffer(rq.queue, rq.inputs[i], copies[i], 0, 0, bytes, rq.numWaitEvents,
                                               rq.numWaitEvents ? rq.waitEvents : nullptr, &done);
        if (err != CL_SUCCESS)
            throw StatusError{err};
        copied.emplace_back(done);
        waits.push_back(done);
    }
    EnqueueRequest r = rq;
    r.inputs = copies;
    r.numWaitEvents = static_cast<cl_uint>(waits.size());
    r.waitEvents = waits.data();
    runPasses(s, baked, false, r);
}

} // namespace

void enqueuePlan(Plan& plan, const EnqueueRequest& rq)
{
    if (plan.conv) {
        enqueueConvolution(plan, rq);
        return;
    }
    if (plan.r2r) {
        enqueueR2R(plan, rq);
        return;
    }
    if (plan.generic) {
        enqueueGenericTier(plan, rq);
        return;
    }
    const PlanSettings& s = plan.settings;
    BakedPlan& baked = *plan.baked;
    const bool inPlace = s.placement == CLFFT_INPLACE && !baked.inPlaceViaCopy;

    std::size_t inBytes = 0, outBytes = 0;
    if (!planBufferBytes(s, &inBytes, &outBytes))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const int nin = isPlanar(s.inLayout) ? 2 : 1, nout = isPlanar(s.outLayout) ? 2 : 1;
    if (baked.inPlaceViaCopy) {
        // One buffer, real and hermitian rows at unrelated places: the out-of-place passes read
        // a copy of the buffer (inBytes covers both sides in place) and write the buffer.
        checkBufferSize(rq.inputs[0], inBytes);
        EnqueueRequest r = rq;
        r.outputs = rq.inputs;
        runFromInputCopy(s, baked, r, inBytes, 1);
        return;
    }
    for (int i = 0; i < nin; ++i)
        checkBufferSize(rq.inputs[i], inBytes);
    if (!inPlace)
        for (int i = 0; i < nout; ++i)
            checkBufferSize(rq.outputs[i], outBytes);
    if (rq.tmpBuffer && baked.tmpBytes > 0)
        checkBufferSize(rq.tmpBuffer, baked.tmpBytes);

    bool aliased = false;
    if (!inPlace)
        for (int i = 0; i < nin; ++i)
            for (int o = 0; o < nout; ++o)
                aliased = aliased || rq.inputs[i] == rq.outputs[o];
    if (!aliased) {
        runPasses(s, baked, inPlace, rq);
        return;
    }

    // clFFT 2.12 accepts one buffer as both sides of an out-of-place plan (ufo-filters does
    // this). Run it in place where that computes the same, else from a copy of the input.
    if (aliasesAsInPlace(s, rq)) {
        if (BakedPlan* twin = inPlaceTwin(plan, rq.queue)) {
            EnqueueRequest r = rq;
            if (r.tmpBuffer && twin->tmpBytes > 0) {
                std::size_t size = 0;
                if (clGetMemObjectInfo(r.tmpBuffer, CL_MEM_SIZE, sizeof size, &size, nullptr) != CL_SUCCESS ||
                    size < twin->tmpBytes)
                    r.tmpBuffer = nullptr; // sized for the out-of-place plan: take our own
            }
            runPasses(s, *twin, true, r);
            return;
        }
    }
    runFromInputCopy(s, baked, rq, inBytes, nin);
}

} // namespace clfft_ng
