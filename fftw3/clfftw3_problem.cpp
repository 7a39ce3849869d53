// From FFTW's argument forms to a Problem: the basic and advanced interfaces (n, howmany, embed,
// stride, dist, in elements) and the guru ones (iodim / iodim64 tensors), strides turned into
// reals, arrays into real and imaginary pointers, r2r kinds onto their dimensions; then planned
// by make_plan.

#include "clfftw3_internal.h"

namespace clfftw {

// Array descriptions from the FFTW argument forms.
Arrays complex_io(complex_t* in, complex_t* out)
{
    Arrays a;
    a.inRe = (real_t*)in;
    a.inIm = a.inRe ? a.inRe + 1 : nullptr;
    a.outRe = (real_t*)out;
    a.outIm = a.outRe ? a.outRe + 1 : nullptr;
    return a;
}

namespace {

// In the basic and advanced interfaces a NULL *nembed means the array's own sizes; for the real
// side of an in-place real transform the last one is padded to 2 (n/2 + 1) reals.
std::vector<long long> embed_of(int rank, const int* n, const int* embed, bool halfLast, bool padLast)
{
    std::vector<long long> e(rank);
    for (int i = 0; i < rank; ++i)
        e[i] = embed ? embed[i] : n[i];
    if (!embed && rank > 0) {
        if (halfLast)
            e[rank - 1] = half_len(n[rank - 1]);
        else if (padLast)
            e[rank - 1] = 2 * half_len(n[rank - 1]);
    }
    return e;
}

// Advanced-interface problem; unit: reals per element of each side (2 complex, 1 real).
bool many_problem(Problem* pb, int rank, const int* n, int howmany, const int* inembed, int istride, int idist,
                  const int* onembed, int ostride, int odist, int unitIn, int unitOut, bool inPlace)
{
    if (rank < 0 || howmany < 0 || (rank > 0 && !n))
        return false;
    for (int i = 0; i < rank; ++i)
        if (n[i] <= 0)
            return false;
    const bool r2c = pb->kind == Kind::r2c, c2r = pb->kind == Kind::c2r;
    std::vector<long long> ei = embed_of(rank, n, inembed, c2r, r2c && inPlace);
    std::vector<long long> eo = embed_of(rank, n, onembed, r2c, c2r && inPlace);
    pb->dims.assign(rank, Dim{0, 0, 0});
    long long si = istride, so = ostride;
    for (int i = rank - 1; i >= 0; --i) {
        pb->dims[i] = Dim{n[i], si * unitIn, so * unitOut};
        si *= ei[i];
        so *= eo[i];
    }
    pb->loops.clear();
    pb->loops.push_back(Dim{howmany, (long long)idist * unitIn, (long long)odist * unitOut});
    return true;
}

template <class IO>
bool guru_problem(Problem* pb, int rank, const IO* dims, int hrank, const IO* hdims, int unitIn, int unitOut)
{
    if (rank < 0 || hrank < 0 || (rank > 0 && !dims) || (hrank > 0 && !hdims))
        return false;
    pb->dims.clear();
    pb->loops.clear();
    for (int i = 0; i < rank; ++i)
        pb->dims.push_back(Dim{(long long)dims[i].n, (long long)dims[i].is * unitIn, (long long)dims[i].os * unitOut});
    for (int i = 0; i < hrank; ++i)
        pb->loops.push_back(
            Dim{(long long)hdims[i].n, (long long)hdims[i].is * unitIn, (long long)hdims[i].os * unitOut});
    return true;
}

} // namespace

Plan* plan_many_c2c(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride, int idist,
                    complex_t* out, const int* onembed, int ostride, int odist, int sign, unsigned flags)
{
    Problem pb;
    pb.kind = Kind::c2c;
    pb.sign = sign;
    pb.flags = flags;
    if (!many_problem(&pb, rank, n, howmany, inembed, istride, idist, onembed, ostride, odist, 2, 2,
                      (void*)in == (void*)out))
        return nullptr;
    return make_plan(pb, complex_io(in, out));
}

Plan* plan_many_r2c(int rank, const int* n, int howmany, real_t* in, const int* inembed, int istride, int idist,
                    complex_t* out, const int* onembed, int ostride, int odist, unsigned flags)
{
    Problem pb;
    pb.kind = Kind::r2c;
    pb.flags = flags;
    if (!many_problem(&pb, rank, n, howmany, inembed, istride, idist, onembed, ostride, odist, 1, 2,
                      (void*)in == (void*)out))
        return nullptr;
    Arrays a;
    a.inRe = in;
    a.outRe = (real_t*)out;
    a.outIm = a.outRe ? a.outRe + 1 : nullptr;
    return make_plan(pb, a);
}

Plan* plan_many_c2r(int rank, const int* n, int howmany, complex_t* in, const int* inembed, int istride, int idist,
                    real_t* out, const int* onembed, int ostride, int odist, unsigned flags)
{
    Problem pb;
    pb.kind = Kind::c2r;
    pb.flags = flags;
    if (!many_problem(&pb, rank, n, howmany, inembed, istride, idist, onembed, ostride, odist, 2, 1,
                      (void*)in == (void*)out))
        return nullptr;
    Arrays a;
    a.inRe = (real_t*)in;
    a.inIm = a.inRe ? a.inRe + 1 : nullptr;
    a.outRe = out;
    return make_plan(pb, a);
}

template <class IO>
Plan* guru_c2c(int rank, const IO* dims, int hrank, const IO* hdims, real_t* ri, real_t* ii, real_t* ro, real_t* io,
               int sign, unsigned flags, int unit)
{
    Problem pb;
    pb.kind = Kind::c2c;
    pb.sign = sign;
    pb.flags = flags;
    if (!guru_problem(&pb, rank, dims, hrank, hdims, unit, unit))
        return nullptr;
    Arrays a;
    a.inRe = ri;
    a.inIm = ii;
    a.outRe = ro;
    a.outIm = io;
    return make_plan(pb, a);
}

template <class IO>
Plan* guru_r2c(int rank, const IO* dims, int hrank, const IO* hdims, real_t* in, real_t* ro, real_t* io,
               unsigned flags, int unit)
{
    Problem pb;
    pb.kind = Kind::r2c;
    pb.flags = flags;
    if (!guru_problem(&pb, rank, dims, hrank, hdims, 1, unit))
        return nullptr;
    Arrays a;
    a.inRe = in;
    a.outRe = ro;
    a.outIm = io;
    return make_plan(pb, a);
}

template <class IO>
Plan* guru_c2r(int rank, const IO* dims, int hrank, const IO* hdims, real_t* ri, real_t* ii, real_t* out,
               unsigned flags, int unit)
{
    Problem pb;
    pb.kind = Kind::c2r;
    pb.flags = flags;
    if (!guru_problem(&pb, rank, dims, hrank, hdims, unit, 1))
        return nullptr;
    Arrays a;
    a.inRe = ri;
    a.inIm = ii;
    a.outRe = out;
    return make_plan(pb, a);
}

namespace {

// Puts the r2r kinds on the transform dimensions; false for a kind FFTW does not have.
bool set_r2r_kinds(Problem* pb, const r2r_kind_t* kinds)
{
    if (!pb->dims.empty() && !kinds)
        return false;
    for (size_t i = 0; i < pb->dims.size(); ++i) {
        const int k = (int)kinds[i];
        if (k < FFTW_R2HC || k > FFTW_RODFT11)
            return false;
        pb->dims[i].r2r = k;
    }
    return true;
}

} // namespace

Plan* plan_many_r2r(int rank, const int* n, int howmany, real_t* in, const int* inembed, int istride, int idist,
                    real_t* out, const int* onembed, int ostride, int odist, const r2r_kind_t* kinds, unsigned flags)
{
    Problem pb;
    pb.kind = Kind::r2r;
    pb.flags = flags;
    if (!many_problem(&pb, rank, n, howmany, inembed, istride, idist, onembed, ostride, odist, 1, 1,
                      (void*)in == (void*)out) ||
        !set_r2r_kinds(&pb, kinds))
        return nullptr;
    Arrays a;
    a.inRe = in;
    a.outRe = out;
    return make_plan(pb, a);
}

template <class IO>
Plan* guru_r2r(int rank, const IO* dims, int hrank, const IO* hdims, real_t* in, real_t* out,
               const r2r_kind_t* kinds, unsigned flags)
{
    Problem pb;
    pb.kind = Kind::r2r;
    pb.flags = flags;
    if (!guru_problem(&pb, rank, dims, hrank, hdims, 1, 1) || !set_r2r_kinds(&pb, kinds))
        return nullptr;
    Arrays a;
    a.inRe = in;
    a.outRe = out;
    return make_plan(pb, a);
}

// the guru entry points (clfftw3_api.cpp) take both tensor forms, iodim and iodim64
template Plan* guru_c2c<iodim_t>(int, const iodim_t*, int, const iodim_t*, real_t*, real_t*, real_t*, real_t*, int,
                                 unsigned, int);
template Plan* guru_c2c<iodim64_t>(int, const iodim64_t*, int, const iodim64_t*, real_t*, real_t*, real_t*, real_t*,
                                   int, unsigned, int);
template Plan* guru_r2c<iodim_t>(int, const iodim_t*, int, const iodim_t*, real_t*, real_t*, real_t*, unsigned, int);
template Plan* guru_r2c<iodim64_t>(int, const iodim64_t*, int, const iodim64_t*, real_t*, real_t*, real_t*, unsigned,
                                   int);
template Plan* guru_c2r<iodim_t>(int, const iodim_t*, int, const iodim_t*, real_t*, real_t*, real_t*, unsigned, int);
template Plan* guru_c2r<iodim64_t>(int, const iodim64_t*, int, const iodim64_t*, real_t*, real_t*, real_t*, unsigned,
                                   int);
template Plan* guru_r2r<iodim_t>(int, const iodim_t*, int, const iodim_t*, real_t*, real_t*, const r2r_kind_t*,
                                 unsigned);
template Plan* guru_r2r<iodim64_t>(int, const iodim64_t*, int, const iodim64_t*, real_t*, real_t*, const r2r_kind_t*,
                                   unsigned);

} // namespace clfftw
