// The Xt-style extension (include/clFFT-ng.h, "Several devices"): split weights, queues, and
// descriptors with their handle table. The work is multi_device.cpp's (queues) and
// multi_device_xt.cpp's (descriptors); this file checks arguments and turns internal errors into
// a clfftStatus, as api.cpp does.
#include "api_guard.h"
#include "library.h"
#include "multi_device.h"

#include <clFFT-ng.h>

#include <cmath>
#include <cstring>
#include <map>
#include <mutex>

using namespace clfft_ng;

namespace {

// Descriptor handles: a freed or unknown handle is found missing, never dereferenced.
struct Descriptors {
    std::mutex mutex;
    std::map<clfftNgXtDescriptor, std::shared_ptr<XtDescriptor>> table;
    clfftNgXtDescriptor next = 1;
};

Descriptors& descriptors()
{
    static Descriptors* d = new Descriptors(); // never destroyed, as Library
    return *d;
}

std::shared_ptr<XtDescriptor> findDescriptor(clfftNgXtDescriptor h)
{
    Descriptors& d = descriptors();
    std::lock_guard<std::mutex> lock(d.mutex);
    auto it = d.table.find(h);
    return it == d.table.end() ? nullptr : it->second;
}

// The descriptor still describes the plan as baked now (a setter or another bake may have
// changed the split): CLFFT_INVALID_OPERATION when the plan is not baked for several queues,
// CLFFT_INVALID_ARG_VALUE when the split differs.
clfftStatus fits(const Plan& plan, const XtDescriptor& d)
{
    if (!plan.multi)
        return CLFFT_INVALID_OPERATION;
    XtDescriptor now;
    try {
        now = describeXt(plan, d.side, d.order);
    } catch (const StatusError&) {
        return CLFFT_INVALID_ARG_VALUE;
    }
    if (now.mode != d.mode || now.ranges != d.ranges || now.bytes != d.bytes || now.queues.size() != d.queues.size())
        return CLFFT_INVALID_ARG_VALUE;
    for (std::size_t k = 0; k < d.queues.size(); ++k)
        if (now.queues[k].get() != d.queues[k].get())
            return CLFFT_INVALID_ARG_VALUE;
    return CLFFT_SUCCESS;
}

bool isReal(const PlanSettings& s) { return s.inLayout == CLFFT_REAL || s.outLayout == CLFFT_REAL; }

// A copy between the host and one descriptor: the descriptor found and still fitting its plan.
template <class Copy> clfftStatus hostCopy(clfftNgXtDescriptor handle, const void* host, Copy copy)
{
    std::shared_ptr<XtDescriptor> d = findDescriptor(handle);
    if (!d)
        return CLFFT_INVALID_MEM_OBJECT;
    if (!host)
        return CLFFT_INVALID_HOST_PTR;
    return withPlan(d->plan, [&](Plan& p) -> clfftStatus {
        const clfftStatus f = fits(p, *d);
        if (f != CLFFT_SUCCESS)
            return f;
        copy(p, *d);
        return CLFFT_SUCCESS;
    });
}

} // namespace

namespace clfft_ng {

void releaseXtDescriptors()
{
    std::map<clfftNgXtDescriptor, std::shared_ptr<XtDescriptor>> doomed;
    Descriptors& d = descriptors();
    {
        std::lock_guard<std::mutex> lock(d.mutex);
        doomed.swap(d.table);
    }
}

} // namespace clfft_ng

extern "C" {

CLFFTAPI clfftStatus clfftNgSetPlanSplitWeights(clfftPlanHandle plHandle, cl_uint count, const double* weights)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (count > 0 && !weights)
            return CLFFT_INVALID_HOST_PTR;
        double sum = 0;
        for (cl_uint i = 0; i < count; ++i) {
            if (!std::isfinite(weights[i]) || weights[i] < 0)
                return CLFFT_INVALID_ARG_VALUE;
            sum += weights[i];
        }
        if (count > 0 && !(sum > 0))
            return CLFFT_INVALID_ARG_VALUE;
        p.splitWeights.assign(weights, weights + count);
        p.invalidate();
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgSetPlanQueueArrays(clfftPlanHandle plHandle, cl_bool enable)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        p.settings.queueArrays = enable != CL_FALSE;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgSetPlanQueues(clfftPlanHandle plHandle, cl_uint numQueues, const cl_command_queue* queues)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (numQueues == 0)
            return CLFFT_INVALID_VALUE;
        const clfftStatus m = checkMultiQueues(p, numQueues, queues);
        if (m != CLFFT_SUCCESS)
            return m;
        bakeMulti(p, numQueues, queues);
        p.settings.queueArrays = true;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgXtMalloc(clfftPlanHandle plHandle, clfftNgXtSide side, clfftNgXtOrder order,
                                     clfftNgXtDescriptor* desc)
{
    if (!desc)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (raw(side) != CLFFT_NG_XT_INPUT && raw(side) != CLFFT_NG_XT_OUTPUT)
            return CLFFT_INVALID_ARG_VALUE;
        if (raw(order) != CLFFT_NG_XT_NATURAL && raw(order) != CLFFT_NG_XT_PERMUTED)
            return CLFFT_INVALID_ARG_VALUE;
        auto d = std::make_shared<XtDescriptor>(
            describeXt(p, raw(side) == CLFFT_NG_XT_INPUT ? XtSide::Input : XtSide::Output,
                       raw(order) == CLFFT_NG_XT_NATURAL ? XtOrder::Natural : XtOrder::Permuted));
        d->plan = plHandle;
        for (std::size_t bytes : d->bytes) {
            cl_int err = CL_SUCCESS;
            MemRef m(clCreateBuffer(p.settings.context.get(), CL_MEM_READ_WRITE, std::max<std::size_t>(bytes, 1),
                                    nullptr, &err));
            if (err != CL_SUCCESS)
                return static_cast<clfftStatus>(err);
            d->buffers.push_back(std::move(m));
        }
        Descriptors& t = descriptors();
        std::lock_guard<std::mutex> lock(t.mutex);
        *desc = t.next++;
        t.table.emplace(*desc, std::move(d));
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgXtFree(clfftNgXtDescriptor desc)
{
    return guarded([&]() -> clfftStatus {
        std::shared_ptr<XtDescriptor> doomed;
        Descriptors& t = descriptors();
        {
            std::lock_guard<std::mutex> lock(t.mutex);
            auto it = t.table.find(desc);
            if (it == t.table.end())
                return CLFFT_INVALID_MEM_OBJECT;
            doomed = std::move(it->second);
            t.table.erase(it);
        }
        return CLFFT_SUCCESS; // buffers released here, or by a call still using them
    });
}

CLFFTAPI clfftStatus clfftNgXtGetPartCount(clfftNgXtDescriptor desc, cl_uint* count)
{
    return guarded([&]() -> clfftStatus {
        std::shared_ptr<XtDescriptor> d = findDescriptor(desc);
        if (!d)
            return CLFFT_INVALID_MEM_OBJECT;
        if (!count)
            return CLFFT_INVALID_HOST_PTR;
        *count = static_cast<cl_uint>(d->queues.size());
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgXtGetPart(clfftNgXtDescriptor desc, cl_uint part, cl_command_queue* queue, cl_mem* buffer,
                                      size_t* first, size_t* count, size_t* bytes)
{
    return guarded([&]() -> clfftStatus {
        std::shared_ptr<XtDescriptor> d = findDescriptor(desc);
        if (!d)
            return CLFFT_INVALID_MEM_OBJECT;
        if (part >= d->queues.size())
            return CLFFT_INVALID_ARG_INDEX;
        if (queue)
            *queue = d->queues[part].get();
        if (buffer)
            *buffer = d->buffers[part].get();
        if (first)
            *first = d->ranges[part].begin;
        if (count)
            *count = d->ranges[part].count;
        if (bytes)
            *bytes = d->bytes[part];
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgXtCopyHostToDescriptor(clfftNgXtDescriptor dst, const void* host)
{
    return hostCopy(dst, host, [&](Plan& p, XtDescriptor& d) { xtCopyFromHost(p, d, host); });
}

CLFFTAPI clfftStatus clfftNgXtCopyDescriptorToHost(void* host, clfftNgXtDescriptor src)
{
    return hostCopy(src, host, [&](Plan& p, XtDescriptor& d) { xtCopyToHost(p, d, host); });
}

CLFFTAPI clfftStatus clfftNgXtCopyDescriptor(clfftNgXtDescriptor dst, clfftNgXtDescriptor src)
{
    std::shared_ptr<XtDescriptor> to = findDescriptor(dst), from = findDescriptor(src);
    if (!to || !from)
        return CLFFT_INVALID_MEM_OBJECT;
    if (to->plan != from->plan || to->side != from->side || to->order == from->order)
        return CLFFT_INVALID_ARG_VALUE;
    return withPlan(to->plan, [&](Plan& p) -> clfftStatus {
        clfftStatus f = fits(p, *to);
        if (f == CLFFT_SUCCESS)
            f = fits(p, *from);
        if (f != CLFFT_SUCCESS)
            return f;
        xtCopyOrder(p, *from, *to);
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgXtExecDescriptor(clfftPlanHandle plHandle, clfftDirection dir, clfftNgXtDescriptor in,
                                             clfftNgXtDescriptor out, cl_event* outEvents)
{
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        std::shared_ptr<XtDescriptor> a = findDescriptor(in), b = findDescriptor(out);
        if (!a || !b)
            return CLFFT_INVALID_MEM_OBJECT;
        if (a->plan != plHandle || b->plan != plHandle)
            return CLFFT_INVALID_ARG_VALUE; // a descriptor of another plan
        const bool real = isReal(p.settings);
        if (!real && raw(dir) != CLFFT_FORWARD && raw(dir) != CLFFT_BACKWARD)
            return CLFFT_INVALID_ARG_VALUE;
        // Real transforms go from the input side to the output side; one descriptor is both
        // sides of an in-place C2C transform only.
        if (real && (a->side != XtSide::Input || b->side != XtSide::Output))
            return CLFFT_INVALID_ARG_VALUE;
        if (a.get() == b.get() && real)
            return CLFFT_INVALID_ARG_VALUE;
        clfftStatus f = fits(p, *a);
        if (f == CLFFT_SUCCESS)
            f = fits(p, *b);
        if (f != CLFFT_SUCCESS)
            return f;
        xtExecute(p, dir, *a, *b, outEvents);
        return CLFFT_SUCCESS;
    });
}

} // extern "C"
