// Layouts: how a Problem's dimensions and strides reach into the client's arrays. Walks over the
// elements of one side, in any order of the axes (used by the packed gather and scatter and the
// host copy), the simplification of a problem (size-1 dimensions dropped or, for r2r, turned
// into a scale; nested loops merged), and the direct form: whether clFFT can read and write the
// arrays as they are, and with which description.

#include "clfftw3_internal.h"

#include <cmath>
#include <cstdint>

namespace clfftw {

long long axis_len(const Problem& pb, int axis, bool input)
{
    const int loops = (int)pb.loops.size();
    if (axis < loops)
        return pb.loops[axis].n;
    const size_t i = (size_t)(axis - loops);
    const bool complexSide = (pb.kind == Kind::r2c && !input) || (pb.kind == Kind::c2r && input);
    return complexSide && i + 1 == pb.dims.size() ? half_len(pb.dims[i].n) : pb.dims[i].n;
}

Walk order_walk(const Problem& pb, const std::vector<int>& order, bool input)
{
    const int loops = (int)pb.loops.size(), axes = loops + (int)pb.dims.size();
    Walk w;
    for (int k = 0; k < axes; ++k) {
        const int a = order.empty() ? k : order[(size_t)k];
        const Dim& d = a < loops ? pb.loops[(size_t)a] : pb.dims[(size_t)(a - loops)];
        w.n.push_back(axis_len(pb, a, input));
        w.s.push_back(input ? d.is : d.os);
    }
    return w;
}

Walk side_walk(const Problem& pb, bool input) { return order_walk(pb, {}, input); }

long long walk_count(const Walk& w)
{
    long long c = 1;
    for (long long n : w.n)
        c *= n;
    return c;
}

// Lowest and highest offset (in reals) the walk reaches.
void walk_span(const Walk& w, long long* lo, long long* hi)
{
    long long a = 0, b = 0;
    for (size_t i = 0; i < w.n.size(); ++i) {
        if (w.n[i] <= 0)
            continue;
        const long long e = w.s[i] * (w.n[i] - 1);
        if (e < 0)
            a += e;
        else
            b += e;
    }
    *lo = a;
    *hi = b;
}

bool simplify(Problem& pb)
{
    std::vector<Dim> loops;
    for (const Dim& d : pb.loops)
        if (d.n != 1)
            loops.push_back(d);
    // merge a with its inner neighbour b when a steps over exactly b's whole run on both sides
    bool merged = true;
    while (merged && loops.size() > 1) {
        merged = false;
        for (size_t i = 0; i < loops.size(); ++i) {
            for (size_t j = 0; j < loops.size(); ++j) {
                if (i == j)
                    continue;
                const Dim& a = loops[i];
                const Dim& b = loops[j];
                if (a.is == b.is * b.n && a.os == b.os * b.n) {
                    Dim m{a.n * b.n, b.is, b.os};
                    std::vector<Dim> next;
                    for (size_t k = 0; k < loops.size(); ++k)
                        if (k != i && k != j)
                            next.push_back(loops[k]);
                    next.push_back(m);
                    loops = next;
                    merged = true;
                    break;
                }
            }
            if (merged)
                break;
        }
    }
    pb.loops = loops;
    if (pb.kind == Kind::r2r) {
        // FFTW's definitions at n = 1: R2HC, HC2R, DHT, REDFT01 and RODFT01 copy; REDFT10, RODFT00
        // and RODFT10 double; REDFT11 and RODFT11 multiply by 2 cos(pi/4) = sqrt 2. clFFT's
        // scale is a float, exact for powers of 2 only: an odd sqrt 2 stays a size-1 dimension
        // for the library, unless no other dimension is left (a host copy, scaled in full).
        std::vector<Dim> dims;
        const Dim* root = nullptr;
        int roots = 0;
        for (const Dim& d : pb.dims) {
            if (d.n != 1) {
                dims.push_back(d);
                continue;
            }
            switch (d.r2r) {
            case FFTW_REDFT00:
                return false;
            case FFTW_REDFT10:
            case FFTW_RODFT00:
            case FFTW_RODFT10:
                pb.scale *= 2;
                break;
            case FFTW_REDFT11:
            case FFTW_RODFT11:
                if (++roots % 2 == 0)
                    pb.scale *= 2;
                root = &d;
                break;
            default:
                break;
            }
        }
        if (roots % 2) {
            if (dims.empty())
                pb.scale *= std::sqrt(2.0);
            else
                dims.insert(dims.begin(), *root);
        }
        pb.dims = dims;
    } else if (pb.kind == Kind::c2c) {
        std::vector<Dim> dims;
        for (const Dim& d : pb.dims)
            if (d.n != 1)
                dims.push_back(d);
        pb.dims = dims;
    } else if (pb.dims.size() > 1) {
        std::vector<Dim> dims;
        for (size_t i = 0; i + 1 < pb.dims.size(); ++i)
            if (pb.dims[i].n != 1)
                dims.push_back(pb.dims[i]);
        dims.push_back(pb.dims.back());
        pb.dims = dims;
    }
    return true;
}

namespace {

bool spans_overlap(const real_t* a, long long na, const real_t* b, long long nb)
{
    const uintptr_t a0 = (uintptr_t)a, a1 = a0 + (uintptr_t)na * sizeof(real_t);
    const uintptr_t b0 = (uintptr_t)b, b1 = b0 + (uintptr_t)nb * sizeof(real_t);
    return a0 < b1 && b0 < a1;
}

} // namespace

bool direct_form(const Problem& pb, const Arrays& a, DirectForm* f)
{
    const size_t rank = pb.dims.size();
    if (rank < 1 || rank > 3 || pb.loops.size() > 1)
        return false;
    const bool cin = is_complex_in(pb.kind), cout = is_complex_out(pb.kind);
    // an interleaved side: imaginary parts right after the real parts, even strides (in reals);
    // any other complex side is planar (split arrays), strides counted in reals
    bool evenIn = true, evenOut = true;
    for (const std::vector<Dim>* v : {&pb.dims, &pb.loops})
        for (const Dim& d : *v) {
            evenIn = evenIn && d.is % 2 == 0;
            evenOut = evenOut && d.os % 2 == 0;
        }
    f->planarIn = cin && !(a.inIm == a.inRe + 1 && evenIn);
    f->planarOut = cout && !(a.outIm == a.outRe + 1 && evenOut);
    const long long unitIn = cin && !f->planarIn ? 2 : 1, unitOut = cout && !f->planarOut ? 2 : 1;
    f->n.clear();
    f->is.clear();
    f->os.clear();
    for (const Dim& d : pb.dims) {
        if (d.is <= 0 || d.os <= 0)
            return false;
        f->n.push_back(d.n);
        f->is.push_back(d.is / unitIn);
        f->os.push_back(d.os / unitOut);
    }
    Walk wi = side_walk(pb, true), wo = side_walk(pb, false);
    long long lo = 0, hiIn = 0, hiOut = 0;
    walk_span(wi, &lo, &hiIn);
    walk_span(wo, &lo, &hiOut);
    f->inReach = hiIn + unitIn;
    f->outReach = hiOut + unitOut;
    f->batch = 1;
    if (pb.loops.size() == 1) {
        const Dim& v = pb.loops[0];
        if (v.is <= 0 || v.os <= 0)
            return false;
        f->batch = v.n;
        f->idist = v.is / unitIn;
        f->odist = v.os / unitOut;
    } else {
        // one transform: distances that cover it
        f->idist = (f->inReach + unitIn - 1) / unitIn;
        f->odist = (f->outReach + unitOut - 1) / unitOut;
    }
    // the real and imaginary arrays of a planar side must not overlap
    if (f->planarIn && spans_overlap(a.inRe, f->inReach, a.inIm, f->inReach))
        return false;
    if (f->planarOut && spans_overlap(a.outRe, f->outReach, a.outIm, f->outReach))
        return false;
    f->inPlace = a.inRe == a.outRe;
    if (!f->inPlace) {
        // out-of-place arrays must not overlap
        const real_t* ins[2] = {a.inRe, f->planarIn ? a.inIm : nullptr};
        const real_t* outs[2] = {a.outRe, f->planarOut ? a.outIm : nullptr};
        for (const real_t* i : ins)
            for (const real_t* o : outs)
                if (i && o && spans_overlap(i, f->inReach, o, f->outReach))
                    return false;
    } else {
        // clFFT in place: no planar real transforms; complex and r2r ones with one layout on both
        // sides
        if (pb.kind != Kind::c2c && (f->planarIn || f->planarOut))
            return false;
        if (pb.kind == Kind::c2c || pb.kind == Kind::r2r) {
            if (f->planarIn != f->planarOut || (f->planarIn && a.inIm != a.outIm))
                return false;
            for (const Dim& d : pb.dims)
                if (d.is != d.os)
                    return false;
            if (f->idist != f->odist)
                return false;
        }
    }
    f->outDense = walk_count(wo) * unitOut == f->outReach;
    return true;
}

bool same_direct_shape(const DirectForm& f, const DevPlan& d)
{
    return f.inPlace == d.inPlace && f.planarIn == d.planarIn && f.planarOut == d.planarOut &&
           f.inReach == d.inReach && f.outReach == d.outReach;
}

} // namespace clfftw
