// Planning: a Problem and the planning arrays become a plan (fftw_plan_s) with its queue and
// either a direct clFFT plan over the client's layout or the packed one; the checks that make a
// problem unplannable (rank > 3, sizes near overflow, WISDOM_ONLY without wisdom); and how a
// plan describes itself.

#include "clfftw3_internal.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

API(plan_s)::~API(plan_s)()
{
    release_dev(direct);
    release_dev(packed);
    if (queue)
        clReleaseCommandQueue(queue);
}

namespace clfftw {

// Under g_planMutex: the packed plan (gather, out-of-place transform, scatter).
bool make_packed(Plan* p)
{
    if (p->packedTried)
        return p->packed.made;
    p->packedTried = true;
    const Problem& pb = p->pb;
    std::vector<long long> n, is, os;
    for (const Dim& d : pb.dims)
        n.push_back(d.n);
    const size_t rank = n.size();
    // packed row-major strides of each side, in the side's elements
    std::vector<long long> nin(n), nout(n);
    if (pb.kind == Kind::r2c)
        nout.back() = half_len(n.back());
    if (pb.kind == Kind::c2r)
        nin.back() = half_len(n.back());
    is.assign(rank, 1);
    os.assign(rank, 1);
    for (size_t i = rank - 1; i-- > 0;) {
        is[i] = is[i + 1] * nin[i + 1];
        os[i] = os[i + 1] * nout[i + 1];
    }
    long long cin = 1, cout = 1, batch = 1;
    for (size_t i = 0; i < rank; ++i) {
        cin *= nin[i];
        cout *= nout[i];
    }
    for (const Dim& d : pb.loops)
        batch *= d.n;
    DevPlan& d = p->packed;
    if (!make_clfft(d, p->queue, pb.kind, false, false, false, n, is, os, batch, cin, cout, pb.flags))
        return false;
    d.bytesIn = (size_t)(cin * batch) * sizeof(real_t) * (is_complex_in(pb.kind) ? 2 : 1);
    d.bytesOut = (size_t)(cout * batch) * sizeof(real_t) * (is_complex_out(pb.kind) ? 2 : 1);
    cl_int e1 = CL_SUCCESS, e2 = CL_SUCCESS;
    d.bufIn[0] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, d.bytesIn, nullptr, &e1);
    d.bufOut[0] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, d.bytesOut, nullptr, &e2);
    if (e1 != CL_SUCCESS || e2 != CL_SUCCESS || !d.bufIn[0] || !d.bufOut[0]) {
        release_dev(d);
        return false;
    }
    return true;
}

// Under g_planMutex: the direct plan for the arrays given at planning.
bool make_direct(Plan* p, const DirectForm& f)
{
    DevPlan& d = p->direct;
    if (!make_clfft(d, p->queue, p->pb.kind, f.inPlace, f.planarIn, f.planarOut, f.n, f.is, f.os, f.batch, f.idist,
                    f.odist, p->pb.flags))
        return false;
    d.inReach = f.inReach;
    d.outReach = f.outReach;
    d.outDense = f.outDense;
    if (!g_env.zeroCopy) {
        cl_int err = CL_SUCCESS;
        d.bytesIn = (size_t)((f.inPlace ? std::max(f.inReach, f.outReach) : f.inReach) * (long long)sizeof(real_t));
        d.bytesOut = f.inPlace ? d.bytesIn : (size_t)(f.outReach * (long long)sizeof(real_t));
        bool ok = true;
        for (int k = 0; k < (f.planarIn ? 2 : 1) && ok; ++k) {
            d.bufIn[k] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE, d.bytesIn, nullptr, &err);
            ok = d.bufIn[k] && err == CL_SUCCESS;
        }
        for (int k = 0; k < (f.planarOut ? 2 : 1) && ok && !f.inPlace; ++k) {
            d.bufOut[k] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE, d.bytesOut, nullptr, &err);
            ok = d.bufOut[k] && err == CL_SUCCESS;
        }
        if (!ok) {
            release_dev(d);
            return false;
        }
    }
    return true;
}

Plan* make_plan(Problem pb, const Arrays& a)
{
    try {
        if (pb.dims.size() > 3)
            return nullptr; // rank > 3: not supported (docs/fftw-compat.md)
        for (const Dim& d : pb.dims)
            if (d.n <= 0)
                return nullptr;
        // element counts and offsets must stay far from overflow (2^50 reals)
        {
            const double limit = std::ldexp(1.0, 50);
            double count = 1, reach = 0;
            for (const std::vector<Dim>* v : {&pb.dims, &pb.loops})
                for (const Dim& d : *v) {
                    count *= (double)std::max(d.n, 1LL);
                    reach += (double)std::max(d.n - 1, 0LL) * (std::fabs((double)d.is) + std::fabs((double)d.os));
                }
            if (count > limit || reach > limit)
                return nullptr;
        }
        bool noop = false;
        for (const Dim& d : pb.loops) {
            if (d.n < 0)
                return nullptr;
            if (d.n == 0)
                noop = true;
        }
        if (pb.kind == Kind::c2c && pb.sign != FFTW_FORWARD && pb.sign != FFTW_BACKWARD)
            return nullptr;
        std::lock_guard<std::mutex> lock(g_planMutex);
        const std::string key = problem_key(pb, a);
        if ((pb.flags & FFTW_WISDOM_ONLY) && !g_wisdom.count(key))
            return nullptr;
        std::unique_ptr<Plan> p(new Plan());
        p->key = key;
        p->arrays = a;
        simplify(pb);
        p->pb = pb;
        p->noop = noop;
        if (!noop && pb.dims.empty())
            p->hostOnly = true;
        if (!noop && !p->hostOnly) {
            if (!env_ready())
                return nullptr;
            cl_int err = CL_SUCCESS;
            p->queue = clCreateCommandQueue(g_env.context, g_env.device, 0, &err);
            if (!p->queue || err != CL_SUCCESS)
                return nullptr;
            // the direct form of the planning arrays; arrays that have none (NULL, overlapping...)
            // get the packed plan now and a direct one at the first execution whose arrays fit
            DirectForm f;
            if (direct_form(p->pb, a, &f)) {
                p->directTried = true;
                p->hasDirect = make_direct(p.get(), f);
            }
            if (!p->hasDirect && !make_packed(p.get()))
                return nullptr;
        }
        g_wisdom.insert(key);
        if (const char* v = std::getenv("CLFFTW_VERBOSE"))
            if (*v && *v != '0')
                std::fprintf(stderr, "clfftw3: %s\n", plan_text(p.get()).c_str());
        return p.release();
    } catch (...) {
        return nullptr;
    }
}

void destroy(Plan* p)
{
    if (!p)
        return;
    try {
        std::lock_guard<std::mutex> lock(g_planMutex);
        delete p;
    } catch (...) {
    }
}

char* malloc_copy(const std::string& s)
{
    char* r = static_cast<char*>(std::malloc(s.size() + 1));
    if (r)
        std::memcpy(r, s.c_str(), s.size() + 1);
    return r;
}

std::string plan_text(const Plan* p)
{
    // the problem as planned (kind, dimensions n:is:os with strides in reals, loops, in or out of
    // place, split), then how it runs
    std::string s = "(clfftw3 " + p->key;
    if (p->noop)
        s += " (nothing to do)";
    else if (p->hostOnly)
        s += " (host copy)";
    else
        s += std::string(" (") + (p->hasDirect ? "direct" : "packed") + " clFFT plan on " + g_env.name +
             (!g_env.zeroCopy ? ", device copies" : g_env.hostStorage ? ", host memory used in place" : ", mapped") + ")";
    s += ")";
    return s;
}

double plan_points(const Plan* p, double* transforms)
{
    double n = 1, v = 1;
    for (const Dim& d : p->pb.dims)
        n *= (double)d.n;
    for (const Dim& d : p->pb.loops)
        v *= (double)d.n;
    *transforms = v;
    return n;
}

} // namespace clfftw
