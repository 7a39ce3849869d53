// Planning: a Problem and the planning arrays become a plan (fftw_plan_s) with its queue and
// either a direct clFFT plan over the client's layout or the packed one (rank > 3: several
// passes); the checks that make a problem unplannable (sizes near overflow, WISDOM_ONLY without
// wisdom, REDFT00 of one point); and how a plan describes itself.

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

namespace {

// Row-major strides, in elements, of the axes in this order with these lengths (both indexed by
// axis); the result is indexed by axis too.
std::vector<long long> packed_strides(const std::vector<int>& order, const std::vector<long long>& len)
{
    std::vector<long long> st(len.size(), 1);
    long long s = 1;
    for (size_t k = order.size(); k-- > 0;) {
        st[(size_t)order[k]] = s;
        s *= len[(size_t)order[k]];
    }
    return st;
}

// Rank > 3: passes of clFFT plans of rank <= 3 between packed device buffers. The transform
// dimensions go in groups of at most 3 (the last group ends at the last dimension, which a real
// transform needs whole). A pass transforms the group at one end of the current layout and moves
// it to the other end, so that the rest stays one block (one clFFT batch with one distance).
// c2c, r2c and r2r take the groups from the last (r2c: the real group first, then the complex
// passes over the others); c2r from the first, so that its real group comes last.
bool make_passes(Plan* p, DevPlan& d)
{
    const Problem& pb = p->pb;
    const int loops = (int)pb.loops.size(), rank = (int)pb.dims.size(), axes = loops + rank;
    const int realAxis = axes - 1;
    std::vector<std::vector<int>> groups;
    for (int end = rank; end > 0; end -= 3) {
        std::vector<int> g;
        for (int i = std::max(0, end - 3); i < end; ++i)
            g.push_back(loops + i);
        groups.insert(groups.begin(), g);
    }
    const bool fromFirst = pb.kind == Kind::c2r;
    if (!fromFirst)
        std::reverse(groups.begin(), groups.end());
    std::vector<int> order;
    for (int a = 0; a < axes; ++a)
        order.push_back(fromFirst ? (a + loops) % axes : a); // c2r: the loops at the end
    d.gatherOrder = order;
    std::vector<long long> len(axes);
    for (int a = 0; a < axes; ++a)
        len[(size_t)a] = axis_len(pb, a, true);
    const clfftDirection dir = pb.kind == Kind::c2r || (pb.kind == Kind::c2c && pb.sign > 0) ? CLFFT_BACKWARD
                                                                                              : CLFFT_FORWARD;
    int cur = 0;
    for (size_t j = 0; j < groups.size(); ++j) {
        const std::vector<int>& g = groups[j];
        const bool realPass = (pb.kind == Kind::r2c && j == 0) || (pb.kind == Kind::c2r && j + 1 == groups.size());
        std::vector<long long> next = len;
        if (realPass)
            next[(size_t)realAxis] = axis_len(pb, realAxis, false);
        std::vector<int> rest, nextOrder;
        for (int a : order)
            if (std::find(g.begin(), g.end(), a) == g.end())
                rest.push_back(a);
        nextOrder = fromFirst ? rest : g;
        nextOrder.insert(nextOrder.end(), fromFirst ? g.begin() : rest.begin(), fromFirst ? g.end() : rest.end());
        const std::vector<long long> sin = packed_strides(order, len), sout = packed_strides(nextOrder, next);
        ClfftShape s;
        s.kind = realPass ? pb.kind : pb.kind == Kind::r2r ? Kind::r2r : Kind::c2c;
        for (int a : g) {
            const Dim& dim = pb.dims[(size_t)(a - loops)];
            s.n.push_back(dim.n);
            s.is.push_back(sin[(size_t)a]);
            s.os.push_back(sout[(size_t)a]);
            if (s.kind == Kind::r2r)
                s.r2r.push_back(dim.r2r);
        }
        // the rest is one block in both layouts: a batch stepping by its innermost axis
        s.batch = 1;
        for (int a : rest)
            s.batch *= len[(size_t)a];
        s.idist = sin[(size_t)rest.back()];
        s.odist = sout[(size_t)rest.back()];
        s.scale = j == 0 ? pb.scale : 1;
        // buffers: c2c and r2r alternate between in and out; r2c goes to out, then alternates
        // between out and tmp; c2r alternates between in and tmp, and ends in out
        Pass pass;
        pass.dir = dir;
        pass.src = cur;
        if (pb.kind == Kind::r2c)
            pass.dst = j == 0 ? 1 : cur == 1 ? 2 : 1;
        else if (pb.kind == Kind::c2r)
            pass.dst = realPass ? 1 : cur == 0 ? 2 : 0;
        else
            pass.dst = cur == 0 ? 1 : 0;
        if (!bake_clfft(&pass.handle, p->queue, s, pb.flags))
            return false;
        d.passes.push_back(pass);
        cur = pass.dst;
        order = nextOrder;
        len = next;
    }
    d.scatterOrder = order;
    d.result = cur;
    return true;
}

} // namespace

// Under g_planMutex: the packed plan (gather, out-of-place transform, scatter).
bool make_packed(Plan* p)
{
    if (p->packedTried)
        return p->packed.made;
    p->packedTried = true;
    const Problem& pb = p->pb;
    const size_t rank = pb.dims.size();
    // element counts of each side (complex or real elements), batch included
    long long cin = 1, cout = 1, batch = 1;
    const int loops = (int)pb.loops.size();
    for (size_t i = 0; i < rank; ++i) {
        cin *= axis_len(pb, loops + (int)i, true);
        cout *= axis_len(pb, loops + (int)i, false);
    }
    for (const Dim& l : pb.loops)
        batch *= l.n;
    DevPlan& d = p->packed;
    if (rank <= 3) {
        ClfftShape s;
        s.kind = pb.kind;
        s.scale = pb.scale;
        for (const Dim& dim : pb.dims) {
            s.n.push_back(dim.n);
            s.r2r.push_back(dim.r2r);
        }
        // packed row-major strides of each side, in the side's elements
        s.is.assign(rank, 1);
        s.os.assign(rank, 1);
        for (size_t i = rank - 1; i-- > 0;) {
            s.is[i] = s.is[i + 1] * axis_len(pb, loops + (int)i + 1, true);
            s.os[i] = s.os[i + 1] * axis_len(pb, loops + (int)i + 1, false);
        }
        s.batch = batch;
        s.idist = cin;
        s.odist = cout;
        if (!make_clfft(d, p->queue, s, pb.flags))
            return false;
    } else {
        if (!make_passes(p, d)) {
            release_dev(d);
            return false;
        }
        d.made = true;
    }
    const size_t unitIn = is_complex_in(pb.kind) ? 2 : 1, unitOut = is_complex_out(pb.kind) ? 2 : 1;
    d.bytesIn = (size_t)(cin * batch) * sizeof(real_t) * unitIn;
    d.bytesOut = (size_t)(cout * batch) * sizeof(real_t) * unitOut;
    cl_int e1 = CL_SUCCESS, e2 = CL_SUCCESS, e3 = CL_SUCCESS;
    d.bufIn[0] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, d.bytesIn, nullptr, &e1);
    d.bufOut[0] = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, d.bytesOut, nullptr, &e2);
    // real multi-pass plans keep their intermediate complex results in a third buffer
    const bool tmp = !d.passes.empty() && (pb.kind == Kind::r2c || pb.kind == Kind::c2r);
    if (tmp)
        d.bufTmp = clCreateBuffer(g_env.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                  pb.kind == Kind::r2c ? d.bytesOut : d.bytesIn, nullptr, &e3);
    if (e1 != CL_SUCCESS || e2 != CL_SUCCESS || e3 != CL_SUCCESS || !d.bufIn[0] || !d.bufOut[0] ||
        (tmp && !d.bufTmp)) {
        release_dev(d);
        return false;
    }
    return true;
}

// Under g_planMutex: the direct plan for the arrays given at planning.
bool make_direct(Plan* p, const DirectForm& f)
{
    DevPlan& d = p->direct;
    ClfftShape s;
    s.kind = p->pb.kind;
    s.scale = p->pb.scale;
    for (const Dim& dim : p->pb.dims)
        s.r2r.push_back(dim.r2r);
    s.inPlace = f.inPlace;
    s.planarIn = f.planarIn;
    s.planarOut = f.planarOut;
    s.n = f.n;
    s.is = f.is;
    s.os = f.os;
    s.batch = f.batch;
    s.idist = f.idist;
    s.odist = f.odist;
    if (!make_clfft(d, p->queue, s, p->pb.flags))
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
        if (!simplify(pb))
            return nullptr;
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
        s += std::string(" (") +
             (p->hasDirect ? "direct clFFT plan"
              : p->packed.passes.empty() ? "packed clFFT plan"
                                         : "packed, " + std::to_string(p->packed.passes.size()) + " passes of clFFT plans") +
             " on " + g_env.name +
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
