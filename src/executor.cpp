#include "executor.h"

#include "real_split.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace clfft_ng {

namespace {

// A buffer smaller than the plan's data would let the kernels read and write outside it.
void checkSize(cl_mem mem, std::size_t needed)
{
    std::size_t size = 0;
    if (clGetMemObjectInfo(mem, CL_MEM_SIZE, sizeof size, &size, nullptr) != CL_SUCCESS)
        throw StatusError{CLFFT_INVALID_MEM_OBJECT};
    if (size < needed)
        throw StatusError{CLFFT_INVALID_BUFFER_SIZE};
}

class ArgBinder {
public:
    ArgBinder(cl_kernel k, bool index64, bool dbl) : kernel_(k), index64_(index64), double_(dbl) {}

    void mem(cl_mem m) { set(sizeof m, &m); }
    void index(std::size_t v)
    {
        if (index64_) {
            const cl_ulong x = v;
            set(sizeof x, &x);
        } else {
            const cl_uint x = static_cast<cl_uint>(v);
            set(sizeof x, &x);
        }
    }
    void real(double v)
    {
        if (double_) {
            const cl_double x = v;
            set(sizeof x, &x);
        } else {
            const cl_float x = static_cast<cl_float>(v);
            set(sizeof x, &x);
        }
    }

private:
    void set(std::size_t size, const void* value)
    {
        const cl_int err = clSetKernelArg(kernel_, next_++, size, value);
        if (err != CL_SUCCESS)
            throw StatusError{err};
    }
    cl_kernel kernel_;
    bool index64_, double_;
    cl_uint next_ = 0;
};

} // namespace

void enqueuePlan(Plan& plan, const EnqueueRequest& rq)
{
    const PlanSettings& s = plan.settings;
    BakedPlan& baked = *plan.baked;
    const bool inPlace = s.placement == CLFFT_INPLACE;

    std::size_t inBytes = 0, outBytes = 0;
    if (!planBufferBytes(s, &inBytes, &outBytes))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const bool inPlanarSide = s.inLayout == CLFFT_COMPLEX_PLANAR || s.inLayout == CLFFT_HERMITIAN_PLANAR;
    const bool outPlanarSide = s.outLayout == CLFFT_COMPLEX_PLANAR || s.outLayout == CLFFT_HERMITIAN_PLANAR;
    for (int i = 0; i < (inPlanarSide ? 2 : 1); ++i)
        checkSize(rq.inputs[i], inBytes);
    if (!inPlace)
        for (int i = 0; i < (outPlanarSide ? 2 : 1); ++i)
            checkSize(rq.outputs[i], outBytes);
    if (rq.tmpBuffer && baked.tmpBytes > 0)
        checkSize(rq.tmpBuffer, baked.tmpBytes);

    auto allocate = [&](MemRef& slot, std::size_t bytes) {
        if (!slot) {
            cl_int err = CL_SUCCESS;
            slot = MemRef(clCreateBuffer(s.context.get(), CL_MEM_READ_WRITE, bytes, nullptr, &err));
            if (err != CL_SUCCESS)
                throw StatusError{err};
        }
        return slot.get();
    };
    cl_mem tmp = rq.tmpBuffer, tmp2 = nullptr, tmp3 = nullptr;
    if (baked.tmpBytes > 0 && !tmp)
        tmp = allocate(baked.scratch[rq.queue].tmp, baked.tmpBytes);
    if (baked.tmp2Bytes > 0)
        tmp2 = allocate(baked.scratch[rq.queue].tmp2, baked.tmp2Bytes);
    if (baked.tmp3Bytes > 0)
        tmp3 = allocate(baked.scratch[rq.queue].tmp3, baked.tmp3Bytes);
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
        if (role == BufferRole::Input || inPlace)
            return {rq.inputs[0], inPlanar ? rq.inputs[1] : nullptr};
        return {rq.outputs[0], outPlanar ? rq.outputs[1] : nullptr};
    };

    // Real transforms take their direction from the layouts, whatever the client asks.
    clfftDirection direction = rq.direction;
    if (s.inLayout == CLFFT_REAL)
        direction = CLFFT_FORWARD;
    else if (s.outLayout == CLFFT_REAL)
        direction = CLFFT_BACKWARD;
    const double scale = direction == CLFFT_FORWARD ? s.forwardScale : s.effectiveBackwardScale();
    const double dirSign = direction == CLFFT_FORWARD ? 1.0 : -1.0;
    auto bindUserdata = [](ArgBinder& arg, const CallbackSettings& cb) {
        if (cb.userdata.empty())
            arg.mem(nullptr); // the callback still takes a userdata parameter
        for (const MemRef& m : cb.userdata)
            arg.mem(m.get());
    };

    // CLFFT_NG_PROFILE: wait for every kernel and print its wall time (a diagnostic that makes
    // the enqueue blocking; never set in production).
    static const bool profile = std::getenv("CLFFT_NG_PROFILE") != nullptr;
    EventRef previous;
    for (std::size_t i = 0; i < baked.passes.size(); ++i) {
        BakedPass& bp = baked.passes[i];
        const PassPlan& p = bp.pass;
        ArgBinder arg(bp.kernel.get(), p.spec.index64, p.spec.precision == Precision::Double);
        const auto src = buffers(p.source);
        const auto dst = buffers(p.destination);
        arg.mem(src.first);
        if (!p.spec.realInputSide() && p.spec.inLayout == ComplexLayout::Planar)
            arg.mem(src.second);
        arg.mem(dst.first);
        if (!p.spec.realOutputSide() && p.spec.outLayout == ComplexLayout::Planar)
            arg.mem(dst.second);
        arg.mem(bp.twiddles.get());
        if (p.appliesPre)
            bindUserdata(arg, s.preCallback);
        if (p.appliesPost)
            bindUserdata(arg, s.postCallback);
        arg.index(p.transforms);
        arg.index(p.inStride);
        arg.index(p.outStride);
        for (const IoDim& d : p.batch) {
            arg.index(d.n);
            arg.index(d.inStride);
            arg.index(d.outStride);
        }
        arg.real(p.appliesScale ? scale : 1.0);
        arg.real(dirSign);

        // Stockham kernels: one work-group per transformsPerGroup transforms. Split/merge
        // steps of long real transforms: one work-item per pair (k, M-k), by transforms.
        std::size_t global[2] = {p.workGroups() * p.spec.workGroupSize(), 1};
        std::size_t local[2] = {p.spec.workGroupSize(), 1};
        cl_uint dims = 1;
        if (p.spec.kind == PassKind::RealMerge || p.spec.kind == PassKind::RealSplit) {
            const std::size_t pairs = p.spec.length / 2 + 1;
            global[0] = (pairs + kSplitMergeGroup - 1) / kSplitMergeGroup * kSplitMergeGroup;
            global[1] = p.transforms;
            local[0] = kSplitMergeGroup;
            dims = 2;
        }
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

} // namespace clfft_ng
