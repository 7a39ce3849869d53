// The C entry points of the FFTW 3.3 interface other than wisdom: thin wrappers that turn each
// argument form into the shared planning (clfftw3_problem.cpp) and execution
// (clfftw3_execute.cpp) calls; the threads calls (accepted, no effect), plan printing, aligned
// allocation and operation counts.

#include "clfftw3_internal.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace clfftw;

extern "C" {
extern const char API(version)[] = "clfftw3-0.1.0 (clfft-ng FFTW 3.3 interface)";
extern const char API(cc)[] = "clfft-ng OpenCL kernels";
extern const char API(codelet_optim)[] = "";
}

namespace {

int g_nthreads = 1; // under g_planMutex

} // namespace

extern "C" {

void API(execute)(const API(plan) p)
{
    if (p)
        execute_arrays(p, p->arrays);
}

API(plan) API(plan_dft)(int rank, const int* n, complex_t* in, complex_t* out, int sign, unsigned flags)
{
    return plan_many_c2c(rank, n, 1, in, nullptr, 1, 0, out, nullptr, 1, 0, sign, flags);
}

API(plan) API(plan_dft_1d)(int n, complex_t* in, complex_t* out, int sign, unsigned flags)
{
    return API(plan_dft)(1, &n, in, out, sign, flags);
}

API(plan) API(plan_dft_2d)(int n0, int n1, complex_t* in, complex_t* out, int sign, unsigned flags)
{
    const int n[2] = {n0, n1};
    return API(plan_dft)(2, n, in, out, sign, flags);
}

API(plan) API(plan_dft_3d)(int n0, int n1, int n2, complex_t* in, complex_t* out, int sign, unsigned flags)
{
    const int n[3] = {n0, n1, n2};
    return API(plan_dft)(3, n, in, out, sign, flags);
}

API(plan) API(plan_many_dft)(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride,
                             int idist, complex_t* out, const int* onembed, int ostride, int odist, int sign,
                             unsigned flags)
{
    return plan_many_c2c(rank, n, howmany, in, inembed, istride, idist, out, onembed, ostride, odist, sign, flags);
}

API(plan) API(plan_guru_dft)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                             complex_t* in, complex_t* out, int sign, unsigned flags)
{
    real_t* ri = (real_t*)in;
    real_t* ro = (real_t*)out;
    return guru_c2c(rank, dims, howmany_rank, howmany_dims, ri, ri ? ri + 1 : nullptr, ro, ro ? ro + 1 : nullptr, sign,
                    flags, 2);
}

API(plan) API(plan_guru_split_dft)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                   real_t* ri, real_t* ii, real_t* ro, real_t* io, unsigned flags)
{
    return guru_c2c(rank, dims, howmany_rank, howmany_dims, ri, ii, ro, io, FFTW_FORWARD, flags, 1);
}

API(plan) API(plan_guru64_dft)(int rank, const iodim64_t* dims, int howmany_rank, const iodim64_t* howmany_dims,
                               complex_t* in, complex_t* out, int sign, unsigned flags)
{
    real_t* ri = (real_t*)in;
    real_t* ro = (real_t*)out;
    return guru_c2c(rank, dims, howmany_rank, howmany_dims, ri, ri ? ri + 1 : nullptr, ro, ro ? ro + 1 : nullptr, sign,
                    flags, 2);
}

API(plan) API(plan_guru64_split_dft)(int rank, const iodim64_t* dims, int howmany_rank,
                                     const iodim64_t* howmany_dims, real_t* ri, real_t* ii, real_t* ro, real_t* io,
                                     unsigned flags)
{
    return guru_c2c(rank, dims, howmany_rank, howmany_dims, ri, ii, ro, io, FFTW_FORWARD, flags, 1);
}

void API(execute_dft)(const API(plan) p, complex_t* in, complex_t* out)
{
    if (p && p->pb.kind == Kind::c2c)
        execute_arrays(p, complex_io(in, out));
}

void API(execute_split_dft)(const API(plan) p, real_t* ri, real_t* ii, real_t* ro, real_t* io)
{
    if (!p || p->pb.kind != Kind::c2c)
        return;
    Arrays a;
    a.inRe = ri;
    a.inIm = ii;
    a.outRe = ro;
    a.outIm = io;
    execute_arrays(p, a);
}

API(plan) API(plan_many_dft_r2c)(int rank, const int* n, int howmany, real_t* in, const int* inembed, int istride,
                                 int idist, complex_t* out, const int* onembed, int ostride, int odist, unsigned flags)
{
    return plan_many_r2c(rank, n, howmany, in, inembed, istride, idist, out, onembed, ostride, odist, flags);
}

API(plan) API(plan_dft_r2c)(int rank, const int* n, real_t* in, complex_t* out, unsigned flags)
{
    return plan_many_r2c(rank, n, 1, in, nullptr, 1, 0, out, nullptr, 1, 0, flags);
}

API(plan) API(plan_dft_r2c_1d)(int n, real_t* in, complex_t* out, unsigned flags)
{
    return API(plan_dft_r2c)(1, &n, in, out, flags);
}

API(plan) API(plan_dft_r2c_2d)(int n0, int n1, real_t* in, complex_t* out, unsigned flags)
{
    const int n[2] = {n0, n1};
    return API(plan_dft_r2c)(2, n, in, out, flags);
}

API(plan) API(plan_dft_r2c_3d)(int n0, int n1, int n2, real_t* in, complex_t* out, unsigned flags)
{
    const int n[3] = {n0, n1, n2};
    return API(plan_dft_r2c)(3, n, in, out, flags);
}

API(plan) API(plan_many_dft_c2r)(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride,
                                 int idist, real_t* out, const int* onembed, int ostride, int odist, unsigned flags)
{
    return plan_many_c2r(rank, n, howmany, in, inembed, istride, idist, out, onembed, ostride, odist, flags);
}

API(plan) API(plan_dft_c2r)(int rank, const int* n, complex_t* in, real_t* out, unsigned flags)
{
    return plan_many_c2r(rank, n, 1, in, nullptr, 1, 0, out, nullptr, 1, 0, flags);
}

API(plan) API(plan_dft_c2r_1d)(int n, complex_t* in, real_t* out, unsigned flags)
{
    return API(plan_dft_c2r)(1, &n, in, out, flags);
}

API(plan) API(plan_dft_c2r_2d)(int n0, int n1, complex_t* in, real_t* out, unsigned flags)
{
    const int n[2] = {n0, n1};
    return API(plan_dft_c2r)(2, n, in, out, flags);
}

API(plan) API(plan_dft_c2r_3d)(int n0, int n1, int n2, complex_t* in, real_t* out, unsigned flags)
{
    const int n[3] = {n0, n1, n2};
    return API(plan_dft_c2r)(3, n, in, out, flags);
}

API(plan) API(plan_guru_dft_r2c)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                 real_t* in, complex_t* out, unsigned flags)
{
    real_t* ro = (real_t*)out;
    return guru_r2c(rank, dims, howmany_rank, howmany_dims, in, ro, ro ? ro + 1 : nullptr, flags, 2);
}

API(plan) API(plan_guru_dft_c2r)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                 complex_t* in, real_t* out, unsigned flags)
{
    real_t* ri = (real_t*)in;
    return guru_c2r(rank, dims, howmany_rank, howmany_dims, ri, ri ? ri + 1 : nullptr, out, flags, 2);
}

API(plan) API(plan_guru_split_dft_r2c)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                       real_t* in, real_t* ro, real_t* io, unsigned flags)
{
    return guru_r2c(rank, dims, howmany_rank, howmany_dims, in, ro, io, flags, 1);
}

API(plan) API(plan_guru_split_dft_c2r)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                                       real_t* ri, real_t* ii, real_t* out, unsigned flags)
{
    return guru_c2r(rank, dims, howmany_rank, howmany_dims, ri, ii, out, flags, 1);
}

API(plan) API(plan_guru64_dft_r2c)(int rank, const iodim64_t* dims, int howmany_rank, const iodim64_t* howmany_dims,
                                   real_t* in, complex_t* out, unsigned flags)
{
    real_t* ro = (real_t*)out;
    return guru_r2c(rank, dims, howmany_rank, howmany_dims, in, ro, ro ? ro + 1 : nullptr, flags, 2);
}

API(plan) API(plan_guru64_dft_c2r)(int rank, const iodim64_t* dims, int howmany_rank, const iodim64_t* howmany_dims,
                                   complex_t* in, real_t* out, unsigned flags)
{
    real_t* ri = (real_t*)in;
    return guru_c2r(rank, dims, howmany_rank, howmany_dims, ri, ri ? ri + 1 : nullptr, out, flags, 2);
}

API(plan) API(plan_guru64_split_dft_r2c)(int rank, const iodim64_t* dims, int howmany_rank,
                                         const iodim64_t* howmany_dims, real_t* in, real_t* ro, real_t* io,
                                         unsigned flags)
{
    return guru_r2c(rank, dims, howmany_rank, howmany_dims, in, ro, io, flags, 1);
}

API(plan) API(plan_guru64_split_dft_c2r)(int rank, const iodim64_t* dims, int howmany_rank,
                                         const iodim64_t* howmany_dims, real_t* ri, real_t* ii, real_t* out,
                                         unsigned flags)
{
    return guru_c2r(rank, dims, howmany_rank, howmany_dims, ri, ii, out, flags, 1);
}

void API(execute_dft_r2c)(const API(plan) p, real_t* in, complex_t* out)
{
    if (!p || p->pb.kind != Kind::r2c)
        return;
    Arrays a;
    a.inRe = in;
    a.outRe = (real_t*)out;
    a.outIm = a.outRe ? a.outRe + 1 : nullptr;
    execute_arrays(p, a);
}

void API(execute_dft_c2r)(const API(plan) p, complex_t* in, real_t* out)
{
    if (!p || p->pb.kind != Kind::c2r)
        return;
    Arrays a;
    a.inRe = (real_t*)in;
    a.inIm = a.inRe ? a.inRe + 1 : nullptr;
    a.outRe = out;
    execute_arrays(p, a);
}

void API(execute_split_dft_r2c)(const API(plan) p, real_t* in, real_t* ro, real_t* io)
{
    if (!p || p->pb.kind != Kind::r2c)
        return;
    Arrays a;
    a.inRe = in;
    a.outRe = ro;
    a.outIm = io;
    execute_arrays(p, a);
}

void API(execute_split_dft_c2r)(const API(plan) p, real_t* ri, real_t* ii, real_t* out)
{
    if (!p || p->pb.kind != Kind::c2r)
        return;
    Arrays a;
    a.inRe = ri;
    a.inIm = ii;
    a.outRe = out;
    execute_arrays(p, a);
}

API(plan) API(plan_many_r2r)(int rank, const int* n, int howmany, real_t* in, const int* inembed, int istride,
                             int idist, real_t* out, const int* onembed, int ostride, int odist,
                             const API(r2r_kind)* kind, unsigned flags)
{
    return plan_many_r2r(rank, n, howmany, in, inembed, istride, idist, out, onembed, ostride, odist, kind, flags);
}

API(plan) API(plan_r2r)(int rank, const int* n, real_t* in, real_t* out, const API(r2r_kind)* kind, unsigned flags)
{
    return plan_many_r2r(rank, n, 1, in, nullptr, 1, 0, out, nullptr, 1, 0, kind, flags);
}

API(plan) API(plan_r2r_1d)(int n, real_t* in, real_t* out, API(r2r_kind) kind, unsigned flags)
{
    return API(plan_r2r)(1, &n, in, out, &kind, flags);
}

API(plan) API(plan_r2r_2d)(int n0, int n1, real_t* in, real_t* out, API(r2r_kind) kind0, API(r2r_kind) kind1,
                           unsigned flags)
{
    const int n[2] = {n0, n1};
    const API(r2r_kind) k[2] = {kind0, kind1};
    return API(plan_r2r)(2, n, in, out, k, flags);
}

API(plan) API(plan_r2r_3d)(int n0, int n1, int n2, real_t* in, real_t* out, API(r2r_kind) kind0,
                           API(r2r_kind) kind1, API(r2r_kind) kind2, unsigned flags)
{
    const int n[3] = {n0, n1, n2};
    const API(r2r_kind) k[3] = {kind0, kind1, kind2};
    return API(plan_r2r)(3, n, in, out, k, flags);
}

API(plan) API(plan_guru_r2r)(int rank, const iodim_t* dims, int howmany_rank, const iodim_t* howmany_dims,
                             real_t* in, real_t* out, const API(r2r_kind)* kind, unsigned flags)
{
    return guru_r2r(rank, dims, howmany_rank, howmany_dims, in, out, kind, flags);
}

API(plan) API(plan_guru64_r2r)(int rank, const iodim64_t* dims, int howmany_rank, const iodim64_t* howmany_dims,
                               real_t* in, real_t* out, const API(r2r_kind)* kind, unsigned flags)
{
    return guru_r2r(rank, dims, howmany_rank, howmany_dims, in, out, kind, flags);
}

void API(execute_r2r)(const API(plan) p, real_t* in, real_t* out)
{
    if (!p || p->pb.kind != Kind::r2r)
        return;
    Arrays a;
    a.inRe = in;
    a.outRe = out;
    execute_arrays(p, a);
}

void API(destroy_plan)(API(plan) p) { destroy(p); }

// The OpenCL context stays for the life of the process (the clFFT library is shared with the
// other precision's layer, so clfftTeardown is never called here); cleanup forgets the wisdom.
void API(cleanup)(void) { API(forget_wisdom)(); }

void API(set_timelimit)(double) {}

void API(plan_with_nthreads)(int nthreads)
{
    std::lock_guard<std::mutex> lock(g_planMutex);
    g_nthreads = nthreads > 0 ? nthreads : 1;
}

int API(planner_nthreads)(void)
{
    std::lock_guard<std::mutex> lock(g_planMutex);
    return g_nthreads;
}

int API(init_threads)(void) { return 1; }
void API(cleanup_threads)(void) {}
void API(threads_set_callback)(void (*)(void* (*)(char*), char*, size_t, int, void*), void*) {}
void API(make_planner_thread_safe)(void) {}

char* API(sprint_plan)(const API(plan) p)
{
    if (!p)
        return nullptr;
    try {
        std::string s;
        {
            std::lock_guard<std::mutex> lock(g_planMutex);
            s = plan_text(p);
        }
        return malloc_copy(s);
    } catch (...) {
        return nullptr;
    }
}

void API(fprint_plan)(const API(plan) p, FILE* f)
{
    if (!p || !f)
        return;
    char* s = API(sprint_plan)(p);
    if (s) {
        std::fputs(s, f);
        std::free(s);
    }
}

void API(print_plan)(const API(plan) p) { API(fprint_plan)(p, stdout); }

void* API(malloc)(size_t n)
{
    // 128-byte alignment: what OpenCL CPU runtimes ask of host memory they use without a copy
    // (PoCL reports CL_DEVICE_MEM_BASE_ADDR_ALIGN = 1024 bits), and more than SIMD needs
    void* p = nullptr;
    if (posix_memalign(&p, 128, n ? n : 1) != 0)
        return nullptr;
    return p;
}

real_t* API(alloc_real)(size_t n)
{
    if (n > SIZE_MAX / sizeof(real_t))
        return nullptr;
    return (real_t*)API(malloc)(n * sizeof(real_t));
}

complex_t* API(alloc_complex)(size_t n)
{
    if (n > SIZE_MAX / sizeof(complex_t))
        return nullptr;
    return (complex_t*)API(malloc)(n * sizeof(complex_t));
}

void API(free)(void* p) { std::free(p); }

// Estimated operation counts: 5 N log2 N flops for a complex transform of N points (half for a
// real one), counted as 3/5 additions and 2/5 multiplications, times the number of transforms.
void API(flops)(const API(plan) p, double* add, double* mul, double* fmas)
{
    double a = 0, m = 0;
    if (p && !p->noop && !p->hostOnly) {
        double v = 1;
        const double n = plan_points(p, &v);
        double total = 5.0 * n * std::log2(n > 1 ? n : 1) * v;
        if (p->pb.kind != Kind::c2c)
            total /= 2;
        a = total * 0.6;
        m = total * 0.4;
    }
    if (add)
        *add = a;
    if (mul)
        *mul = m;
    if (fmas)
        *fmas = 0;
}

double API(estimate_cost)(const API(plan) p)
{
    double a = 0, m = 0, f = 0;
    API(flops)(p, &a, &m, &f);
    return a + m;
}

double API(cost)(const API(plan) p) { return API(estimate_cost)(p); }

int API(alignment_of)(real_t* p) { return (int)((uintptr_t)p % 16); }

} // extern "C"
