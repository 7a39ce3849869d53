// The C entry points of the library's and plans' lifetimes, bake and enqueue: argument checks,
// the handle table, and translation of internal errors into clfftStatus. No exception crosses
// this boundary; nothing else happens here. The plan's getters and setters: api_settings.cpp.
#include "executor.h"
#include "api_checks.h"
#include "api_guard.h"
#include "library.h"
#include "multi_device.h"
#include "plan.h"

#include <clFFT-ng.h>
#include <clFFT.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <new>

using namespace clfft_ng;

namespace {

// The command queue given to bake or enqueue: present, and of the plan's context.
// A count of 0 with a queue in the array runs on that queue: clFFT 2.12 reads commQueues[0]
// whatever the count, and refuses only counts above 1.
// More than one queue spreads the plan over their devices (multi_device.h; checkMultiQueues).
// clFFT 2.12 refuses more than one queue (CLFFT_NOTIMPLEMENTED), and its own tests pass a count
// above the array's length: a plan takes queue arrays only once its client enabled them
// (clfftNgSetPlanQueueArrays, clfftNgSetPlanQueues).
clfftStatus checkQueues(cl_uint count, const cl_command_queue* queues, bool queueArrays)
{
    if (count > 1)
        return queueArrays ? CLFFT_SUCCESS : CLFFT_NOTIMPLEMENTED;

    if (!queues)
        return CLFFT_INVALID_HOST_PTR;
    if (!queues[0])
        return CLFFT_INVALID_COMMAND_QUEUE;
    return CLFFT_SUCCESS;
}

clfftStatus checkQueueContext(const Plan& plan, cl_command_queue queue)
{
    cl_context ctx = nullptr;
    if (clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof ctx, &ctx, nullptr) != CL_SUCCESS)
        return CLFFT_INVALID_COMMAND_QUEUE;
    return ctx == plan.settings.context.get() ? CLFFT_SUCCESS : CLFFT_INVALID_CONTEXT;
}

} // namespace

extern "C" {

// ---- Library lifetime ----------------------------------------------------------------------

CLFFTAPI clfftStatus clfftInitSetupData(clfftSetupData* setupData)
{
    if (!setupData)
        return CLFFT_INVALID_HOST_PTR;
    setupData->major = clfftVersionMajor;
    setupData->minor = clfftVersionMinor;
    setupData->patch = clfftVersionPatch;
    setupData->debugFlags = 0;
    return CLFFT_SUCCESS;
}

CLFFTAPI clfftStatus clfftSetup(const clfftSetupData* setupData)
{
    return guarded([&]() -> clfftStatus {
        // clFFT 2.12 reads only debugFlags and accepts any version fields; clients such as
        // ufo-filters pass a zero-filled struct.
        if (setupData)
            Library::get().setDebugFlags(setupData->debugFlags);
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftTeardown(void)
{
    return guarded([&]() -> clfftStatus {
        Library::get().teardown();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftGetVersion(cl_uint* major, cl_uint* minor, cl_uint* patch)
{
    if (!major || !minor || !patch)
        return CLFFT_INVALID_HOST_PTR;
    *major = clfftVersionMajor;
    *minor = clfftVersionMinor;
    *patch = clfftVersionPatch;
    return CLFFT_SUCCESS;
}

// ---- Plan lifetime --------------------------------------------------------------------------

CLFFTAPI clfftStatus clfftCreateDefaultPlan(clfftPlanHandle* plHandle, cl_context context, const clfftDim dim,
                                            const size_t* clLengths)
{
    return guarded([&]() -> clfftStatus {
        if (!plHandle || !clLengths)
            return CLFFT_INVALID_HOST_PTR;
        if (!context)
            return CLFFT_INVALID_CONTEXT;
        if (!validDim(dim))
            return badDimStatus();
        const int rank = raw(dim);
        if (!allPositive(clLengths, rank))
            return CLFFT_INVALID_ARG_VALUE;
        auto plan = std::make_shared<Plan>();
        plan->services = Library::get().bakeServices();
        PlanSettings& s = plan->settings;
        s.context = ContextRef::retain(context);
        s.rank = s.inStrideCount = s.outStrideCount = rank;
        for (int d = 0; d < rank; ++d)
            s.lengths[d] = clLengths[d];
        // clFFT 2.12 fixes the backward scale at 1/N of the lengths the plan is created with;
        // later length changes leave it as it is.
        s.backwardScale = 1.0 / static_cast<double>(s.points());
        s.backwardScaleSet = true;
        *plHandle = Library::get().add(std::move(plan));
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftCopyPlan(clfftPlanHandle* out_plHandle, cl_context new_context, clfftPlanHandle in_plHandle)
{
    if (!out_plHandle)
        return CLFFT_INVALID_HOST_PTR;
    if (!new_context)
        return CLFFT_INVALID_CONTEXT;
    return withPlan(in_plHandle, [&](Plan& source) -> clfftStatus {
        auto copy = std::make_shared<Plan>();
        copy->services = source.services;
        copy->settings = source.settings;
        copy->settings.context = ContextRef::retain(new_context);
        // clFFT 2.12 copies every setting but the callbacks.
        copy->settings.preCallback = CallbackSettings{};
        copy->settings.postCallback = CallbackSettings{};
        *out_plHandle = Library::get().add(std::move(copy));
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftBakePlan(clfftPlanHandle plHandle, cl_uint numQueues, cl_command_queue* commQueueFFT,
                                   void(CL_CALLBACK* pfn_notify)(clfftPlanHandle plHandle, void* user_data),
                                   void* user_data)
{
    const clfftStatus q = checkQueues(numQueues, commQueueFFT, true); // queue arrays: below, with the plan
    if (q != CLFFT_SUCCESS)
        return Library::get().find(plHandle) ? q : CLFFT_INVALID_PLAN;
    // clFFT 2.12 has no bake notification and says so; its own tests expect the status.
    if (pfn_notify || user_data)
        return CLFFT_NOTIMPLEMENTED;
    const clfftStatus status = withPlan(plHandle, [&](Plan& plan) -> clfftStatus {
        if (numQueues > 1) {
            if (!plan.settings.queueArrays)
                return CLFFT_NOTIMPLEMENTED;
            for (std::size_t d = 0; d < 3; ++d) // not yet split across devices (docs/zero-padding.md)
                if (plan.settings.zeroInput[d].present() || plan.settings.skipOutput[d].present())
                    return CLFFT_NOTIMPLEMENTED;
            const clfftStatus m = checkMultiQueues(plan, numQueues, commQueueFFT);
            if (m != CLFFT_SUCCESS)
                return m;
            bakeMulti(plan, numQueues, commQueueFFT);
            return CLFFT_SUCCESS;
        }
        const clfftStatus c = checkQueueContext(plan, commQueueFFT[0]);
        if (c != CLFFT_SUCCESS)
            return c;
        bakePlan(plan, commQueueFFT[0]);
        return CLFFT_SUCCESS;
    });
    return status;
}

CLFFTAPI clfftStatus clfftDestroyPlan(clfftPlanHandle* plHandle)
{
    return guarded([&]() -> clfftStatus {
        if (!plHandle)
            return CLFFT_INVALID_HOST_PTR;
        std::shared_ptr<Plan> plan = Library::get().remove(*plHandle);
        if (!plan)
            return CLFFT_INVALID_PLAN;
        {
            // Wait for a bake or enqueue in another thread to finish with it.
            std::lock_guard<std::mutex> lock(plan->mutex);
        }
        plan.reset();
        *plHandle = 0;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftGetPlanContext(const clfftPlanHandle plHandle, cl_context* context)
{
    if (!context)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        *context = p.settings.context.get();
        return CLFFT_SUCCESS;
    });
}

// ---- Execution --------------------------------------------------------------------------

CLFFTAPI clfftStatus clfftEnqueueTransform(clfftPlanHandle plHandle, clfftDirection dir, cl_uint numQueuesAndEvents,
                                           cl_command_queue* commQueues, cl_uint numWaitEvents,
                                           const cl_event* waitEvents, cl_event* outEvents, cl_mem* inputBuffers,
                                           cl_mem* outputBuffers, cl_mem tmpBuffer)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        // Real transforms take their direction from the layouts and ignore this argument, as
        // clFFT 2.12 does (its own tests pass CLFFT_ENDDIRECTION there).
        const bool real = p.settings.inLayout == CLFFT_REAL || p.settings.outLayout == CLFFT_REAL;
        if (!real && !validDirection(dir))
            return CLFFT_INVALID_ARG_VALUE;
        const clfftStatus q = checkQueues(numQueuesAndEvents, commQueues, p.settings.queueArrays);
        if (q != CLFFT_SUCCESS)
            return q;
        if ((numWaitEvents > 0) != (waitEvents != nullptr))
            return CLFFT_INVALID_EVENT_WAIT_LIST;
        for (cl_uint i = 0; i < numWaitEvents; ++i)
            if (!waitEvents[i])
                return CLFFT_INVALID_EVENT_WAIT_LIST;
        const PlanSettings& s = p.settings;
        if (!inputBuffers || !inputBuffers[0] || (isPlanarLayout(s.inLayout) && !inputBuffers[1]))
            return CLFFT_INVALID_MEM_OBJECT;
        // A real convolution plan's output is real, one buffer whatever its hermitian layout says.
        const bool realOut = s.convolution.set() && s.inLayout == CLFFT_REAL;
        if (s.placement == CLFFT_OUTOFPLACE &&
            (!outputBuffers || !outputBuffers[0] || (isPlanarLayout(s.outLayout) && !realOut && !outputBuffers[1])))
            return CLFFT_INVALID_MEM_OBJECT;
        if (numQueuesAndEvents > 1) {
            const clfftStatus m = checkMultiQueues(p, numQueuesAndEvents, commQueues);
            if (m != CLFFT_SUCCESS)
                return m;
            if (!multiBakedFor(p, numQueuesAndEvents, commQueues))
                bakeMulti(p, numQueuesAndEvents, commQueues); // implicit bake, for these queues
            MultiRequest rq;
            rq.direction = dir;
            rq.numWaitEvents = numWaitEvents;
            rq.waitEvents = waitEvents;
            rq.outEvents = outEvents;
            rq.inputs = inputBuffers;
            rq.outputs = outputBuffers;
            rq.tmpBuffer = tmpBuffer;
            enqueueMulti(p, rq);
            return CLFFT_SUCCESS;
        }
        const clfftStatus c = checkQueueContext(p, commQueues[0]);
        if (c != CLFFT_SUCCESS)
            return c;

        cl_device_id device = nullptr;
        if (clGetCommandQueueInfo(commQueues[0], CL_QUEUE_DEVICE, sizeof device, &device, nullptr) != CL_SUCCESS)
            return CLFFT_INVALID_COMMAND_QUEUE;
        if (!p.baked || p.baked->device != device)
            bakePlan(p, commQueues[0]); // implicit bake, for this queue's device

        EnqueueRequest rq;
        rq.direction = dir;
        rq.queue = commQueues[0];
        rq.numWaitEvents = numWaitEvents;
        rq.waitEvents = waitEvents;
        rq.outEvent = outEvents;
        rq.inputs = inputBuffers;
        rq.outputs = outputBuffers;
        rq.tmpBuffer = tmpBuffer;
        enqueuePlan(p, rq);
        return CLFFT_SUCCESS;
    });
}

} // extern "C"
