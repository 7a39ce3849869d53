// Execution: a plan run on the arrays given at planning or on new ones. Direct when the arrays
// fit the plan's direct form (wrapped host memory on a CPU device, else copies through the
// plan's device buffers); otherwise packed: gathered into a mapped buffer, transformed out of
// place, scattered back (rank > 3: through the plan's passes). Rank-0 problems are copies on the
// host.

#include "clfftw3_internal.h"

#include <algorithm>

namespace clfftw {

namespace {

clfftDirection direction(const Problem& pb)
{
    return pb.sign < 0 ? CLFFT_FORWARD : CLFFT_BACKWARD;
}

bool run_direct(Plan* p, const Arrays& a, const DirectForm& f)
{
    DevPlan& d = p->direct;
    cl_command_queue q = p->queue;
    const clfftDirection dir = direction(p->pb);
    const int nIn = f.planarIn ? 2 : 1, nOut = f.planarOut ? 2 : 1;
    real_t* hostIn[2] = {a.inRe, a.inIm};
    real_t* hostOut[2] = {a.outRe, a.outIm};
    const size_t inBytes = (size_t)((f.inPlace ? std::max(f.inReach, f.outReach) : f.inReach) * (long long)sizeof(real_t));
    const size_t outBytes = f.inPlace ? inBytes : (size_t)(f.outReach * (long long)sizeof(real_t));
    cl_int err = CL_SUCCESS;
    if (g_env.zeroCopy) {
        cl_mem bin[2] = {nullptr, nullptr}, bout[2] = {nullptr, nullptr};
        bool ok = true;
        for (int k = 0; k < nIn && ok; ++k) {
            bin[k] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, inBytes, hostIn[k], &err);
            ok = bin[k] && err == CL_SUCCESS;
        }
        for (int k = 0; k < nOut && ok && !f.inPlace; ++k) {
            bout[k] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, outBytes, hostOut[k], &err);
            ok = bout[k] && err == CL_SUCCESS;
        }
        if (ok)
            ok = clfftEnqueueTransform(d.handle, dir, 1, &q, 0, nullptr, nullptr, bin, f.inPlace ? nullptr : bout,
                                       nullptr) == CLFFT_SUCCESS;
        if (ok && !g_env.hostStorage) {
            // mapping brings the result into the client's memory where the runtime kept a copy
            // of it; queued behind the transform, so that clFinish is the only wait
            cl_mem* target = f.inPlace ? bin : bout;
            for (int k = 0; k < nOut && ok; ++k) {
                void* m = clEnqueueMapBuffer(q, target[k], CL_FALSE, CL_MAP_READ, 0, outBytes, 0, nullptr, nullptr, &err);
                if (m && err == CL_SUCCESS)
                    clEnqueueUnmapMemObject(q, target[k], m, 0, nullptr, nullptr);
                else
                    ok = false;
            }
        }
        if (clFinish(q) != CL_SUCCESS)
            ok = false;
        for (cl_mem m : {bin[0], bin[1], bout[0], bout[1]})
            if (m)
                clReleaseMemObject(m);
        return ok;
    }
    // copies through the plan's device buffers
    bool ok = true;
    for (int k = 0; k < nIn && ok; ++k)
        ok = clEnqueueWriteBuffer(q, d.bufIn[k], CL_FALSE, 0, d.bytesIn, hostIn[k], 0, nullptr, nullptr) == CL_SUCCESS;
    for (int k = 0; k < nOut && ok && !f.inPlace && !f.outDense; ++k)
        ok = clEnqueueWriteBuffer(q, d.bufOut[k], CL_FALSE, 0, d.bytesOut, hostOut[k], 0, nullptr, nullptr) ==
             CL_SUCCESS;
    if (ok)
        ok = clfftEnqueueTransform(d.handle, dir, 1, &q, 0, nullptr, nullptr, d.bufIn, f.inPlace ? nullptr : d.bufOut,
                                   nullptr) == CLFFT_SUCCESS;
    cl_mem* target = f.inPlace ? d.bufIn : d.bufOut;
    for (int k = 0; k < nOut && ok; ++k)
        ok = clEnqueueReadBuffer(q, target[k], CL_FALSE, 0, outBytes, hostOut[k], 0, nullptr, nullptr) == CL_SUCCESS;
    if (clFinish(q) != CL_SUCCESS)
        ok = false;
    return ok;
}

void host_copy(const Problem& pb, const Arrays& a)
{
    // rank-0 transforms: every element copied (complex to complex, real to complex real part,
    // complex real part to real; r2r times the scale of its size-1 dimensions). The input is
    // read first, so overlapping arrays are fine.
    Walk wi = side_walk(pb, true), wo = side_walk(pb, false);
    std::vector<real_t> tmp;
    const bool cin = is_complex_in(pb.kind), cout = is_complex_out(pb.kind);
    const real_t scale = (real_t)pb.scale;
    walk_each(wi, [&](long long off) {
        tmp.push_back(a.inRe[off] * scale);
        tmp.push_back(cin ? a.inIm[off] : real_t(0));
    });
    size_t k = 0;
    walk_each(wo, [&](long long off) {
        a.outRe[off] = tmp[k];
        if (cout)
            a.outIm[off] = tmp[k + 1];
        k += 2;
    });
}

bool run_packed(Plan* p, const Arrays& a)
{
    DevPlan& d = p->packed;
    cl_command_queue q = p->queue;
    const Problem& pb = p->pb;
    cl_int err = CL_SUCCESS;
    const bool cin = is_complex_in(pb.kind), cout = is_complex_out(pb.kind);
    real_t* m = (real_t*)clEnqueueMapBuffer(q, d.bufIn[0], CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, d.bytesIn, 0,
                                            nullptr, nullptr, &err);
    if (!m || err != CL_SUCCESS)
        return false;
    Walk wi = order_walk(pb, d.gatherOrder, true);
    size_t k = 0;
    if (cin)
        walk_each(wi, [&](long long off) {
            m[k] = a.inRe[off];
            m[k + 1] = a.inIm[off];
            k += 2;
        });
    else
        walk_each(wi, [&](long long off) { m[k++] = a.inRe[off]; });
    clEnqueueUnmapMemObject(q, d.bufIn[0], m, 0, nullptr, nullptr);
    bool ok = true;
    cl_mem result = d.bufOut[0];
    if (d.passes.empty()) {
        ok = clfftEnqueueTransform(d.handle, direction(pb), 1, &q, 0, nullptr, nullptr, d.bufIn, d.bufOut, nullptr) ==
             CLFFT_SUCCESS;
    } else {
        // the passes of a rank > 3 plan, in order on the plan's in-order queue
        cl_mem bufs[3] = {d.bufIn[0], d.bufOut[0], d.bufTmp};
        for (size_t i = 0; i < d.passes.size() && ok; ++i) {
            const Pass& ps = d.passes[i];
            ok = clfftEnqueueTransform(ps.handle, ps.dir, 1, &q, 0, nullptr, nullptr, &bufs[ps.src], &bufs[ps.dst],
                                       nullptr) == CLFFT_SUCCESS;
        }
        result = bufs[d.result];
    }
    if (!ok) {
        clFinish(q);
        return false;
    }
    real_t* r = (real_t*)clEnqueueMapBuffer(q, result, CL_TRUE, CL_MAP_READ, 0, d.bytesOut, 0, nullptr, nullptr, &err);
    if (!r || err != CL_SUCCESS) {
        clFinish(q);
        return false;
    }
    Walk wo = order_walk(pb, d.scatterOrder, false);
    k = 0;
    if (cout)
        walk_each(wo, [&](long long off) {
            a.outRe[off] = r[k];
            a.outIm[off] = r[k + 1];
            k += 2;
        });
    else
        walk_each(wo, [&](long long off) { a.outRe[off] = r[k++]; });
    clEnqueueUnmapMemObject(q, result, r, 0, nullptr, nullptr);
    clFinish(q);
    return true;
}

} // namespace

void execute_arrays(Plan* p, const Arrays& a)
{
    if (!p || p->noop)
        return;
    if (!a.inRe || !a.outRe || (is_complex_in(p->pb.kind) && !a.inIm) || (is_complex_out(p->pb.kind) && !a.outIm)) {
        complain("execute with a NULL array: nothing done");
        return;
    }
    try {
        std::lock_guard<std::mutex> lock(p->execMutex);
        if (p->hostOnly) {
            host_copy(p->pb, a);
            return;
        }
        DirectForm f;
        const bool fits = direct_form(p->pb, a, &f);
        if (fits && !p->directTried) {
            std::lock_guard<std::mutex> plock(g_planMutex);
            p->directTried = true;
            p->hasDirect = make_direct(p, f);
        }
        if (fits && p->hasDirect && same_direct_shape(f, p->direct)) {
            if (run_direct(p, a, f))
                return;
        }
        {
            std::lock_guard<std::mutex> plock(g_planMutex);
            if (!make_packed(p)) {
                complain("cannot run this plan (no clFFT plan could be baked for it)");
                return;
            }
        }
        if (!run_packed(p, a))
            complain("a transform failed on the OpenCL device");
    } catch (...) {
        complain("out of memory in execute");
    }
}

} // namespace clfftw
