// FFTW-based reference transforms for the numerical tests, header-only.
//
// Two levels:
//
//  1. fftw_ref::dft_split / r2c_split / c2r_split: thin wrappers over FFTW's 64-bit guru split
//     interface, templated on the reference precision R (float -> fftwf, double -> fftw,
//     long double -> fftwl). Dimensions are given in clFFT order (dims[0] is the fastest, "x",
//     dimension; for r2c/c2r it is the dimension that is halved). Strides are in units of R, so
//     interleaved complex data is passed as re = p, im = p + 1 with every stride doubled.
//     Batches are "howmany" loops with their own input/output strides, exactly as in FFTW.
//
//  2. clFFT-shaped helpers: HostSide<T> mirrors the buffer(s) of one side of a clFFT transform
//     (layout, per-dimension element counts, strides, distance, batch) on the host, and
//     reference_c2c / reference_r2c / reference_c2r compute the expected output of a clFFT plan
//     in precision R from such an input, in any output layout/strides/distance. compare()
//     gives the relative L2 error ||ours - ref|| / ||ref|| over the logical elements only
//     (padding is ignored), accumulated in long double.
//
// Conventions follow clFFT: strides and distances count elements (complex elements for
// interleaved layouts, real elements of each of the two arrays for planar layouts); forward is
// exp(-i...), backward exp(+i...); the scale is applied after the transform. For the Hermitian
// side of a real transform the element count of dimension 0 is N0/2 + 1.
#pragma once

#include <clFFT.h>
#include <fftw3.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace clfft_test {
namespace fftw_ref {

// ---- Level 1: FFTW guru split interface -----------------------------------------------------

// One dimension (or one batch loop): n points, input stride is, output stride os (units of R).
struct Dim {
    std::ptrdiff_t n = 1;
    std::ptrdiff_t is = 1;
    std::ptrdiff_t os = 1;
};

template <class R> struct Api;

#define CLFFT_TEST_FFTW_API(R, P)                                                                      \
    template <> struct Api<R> {                                                                        \
        using plan_t = P##_plan;                                                                       \
        using iodim_t = P##_iodim64;                                                                   \
        static plan_t dft(int r, const iodim_t* d, int hr, const iodim_t* hd, R* ri, R* ii, R* ro,     \
                          R* io)                                                                       \
        {                                                                                              \
            return P##_plan_guru64_split_dft(r, d, hr, hd, ri, ii, ro, io, FFTW_ESTIMATE);             \
        }                                                                                              \
        static plan_t r2c(int r, const iodim_t* d, int hr, const iodim_t* hd, R* in, R* ro, R* io)     \
        {                                                                                              \
            return P##_plan_guru64_split_dft_r2c(r, d, hr, hd, in, ro, io, FFTW_ESTIMATE);             \
        }                                                                                              \
        static plan_t c2r(int r, const iodim_t* d, int hr, const iodim_t* hd, R* ri, R* ii, R* out)    \
        {                                                                                              \
            return P##_plan_guru64_split_dft_c2r(r, d, hr, hd, ri, ii, out, FFTW_ESTIMATE);            \
        }                                                                                              \
        static void execute(plan_t p) { P##_execute(p); }                                              \
        static void destroy(plan_t p) { P##_destroy_plan(p); }                                         \
    };
CLFFT_TEST_FFTW_API(float, fftwf)
CLFFT_TEST_FFTW_API(double, fftw)
CLFFT_TEST_FFTW_API(long double, fftwl)
#undef CLFFT_TEST_FFTW_API

namespace detail {

template <class R>
std::vector<typename Api<R>::iodim_t> toIodims(const std::vector<Dim>& dims, bool reverse)
{
    std::vector<typename Api<R>::iodim_t> out;
    for (const Dim& d : dims)
        out.push_back({d.n, d.is, d.os});
    if (reverse) // FFTW lists the slowest dimension first; clFFT order is fastest first
        std::reverse(out.begin(), out.end());
    return out;
}

template <class R> void runPlan(typename Api<R>::plan_t p, const char* what)
{
    if (!p)
        throw std::runtime_error(std::string("FFTW could not plan the reference ") + what);
    Api<R>::execute(p);
    Api<R>::destroy(p);
}

} // namespace detail

// Complex DFT, out of place. sign = -1 (forward) or +1 (backward). The input is not modified.
// Output arrays must not overlap the input arrays.
template <class R>
void dft_split(int sign, const std::vector<Dim>& dims, const std::vector<Dim>& howmany, const R* ri,
               const R* ii, R* ro, R* io)
{
    auto d = detail::toIodims<R>(dims, true);
    auto h = detail::toIodims<R>(howmany, false);
    // FFTW's split interface computes the forward transform; swapping real and imaginary parts
    // of both input and output gives the backward one.
    R* a = const_cast<R*>(ri);
    R* b = const_cast<R*>(ii);
    if (sign > 0) {
        std::swap(a, b);
        std::swap(ro, io);
    }
    // FFTW_ESTIMATE planning never touches the arrays; out-of-place c2c preserves the input.
    detail::runPlan<R>(Api<R>::dft(int(d.size()), d.data(), int(h.size()), h.data(), a, b, ro, io), "c2c");
}

// Real-to-complex forward DFT (exp(-i...)); dims[0] is halved on output (n0/2+1 values).
// The input is not modified.
template <class R>
void r2c_split(const std::vector<Dim>& dims, const std::vector<Dim>& howmany, const R* in, R* ro, R* io)
{
    auto d = detail::toIodims<R>(dims, true);
    auto h = detail::toIodims<R>(howmany, false);
    detail::runPlan<R>(
        Api<R>::r2c(int(d.size()), d.data(), int(h.size()), h.data(), const_cast<R*>(in), ro, io), "r2c");
}

// Complex-to-real backward DFT (exp(+i...)); dims[0] is the real length, the input holds n0/2+1
// values along it. FFTW destroys the input of c2r, so this works on a packed copy; the caller's
// input is not modified.
template <class R>
void c2r_split(const std::vector<Dim>& dims, const std::vector<Dim>& howmany, const R* ri, const R* ii,
               R* out)
{
    // Pack the input: logical counts are n0/2+1, n1, ..., then the batch loops.
    std::vector<std::ptrdiff_t> counts, strides;
    for (std::size_t k = 0; k < dims.size(); ++k) {
        counts.push_back(k == 0 ? dims[k].n / 2 + 1 : dims[k].n);
        strides.push_back(dims[k].is);
    }
    for (const Dim& h : howmany) {
        counts.push_back(h.n);
        strides.push_back(h.is);
    }
    std::size_t total = 1;
    for (auto c : counts)
        total *= std::size_t(c);
    std::vector<R> pr(total), pi(total);
    std::vector<std::ptrdiff_t> idx(counts.size(), 0);
    for (std::size_t lin = 0; lin < total; ++lin) {
        std::ptrdiff_t off = 0;
        for (std::size_t k = 0; k < idx.size(); ++k)
            off += idx[k] * strides[k];
        pr[lin] = ri[off];
        pi[lin] = ii[off];
        for (std::size_t k = 0; k < idx.size(); ++k) {
            if (++idx[k] < counts[k])
                break;
            idx[k] = 0;
        }
    }
    std::vector<Dim> pd = dims, ph = howmany;
    std::ptrdiff_t packed = 1;
    for (std::size_t k = 0; k < pd.size(); ++k) {
        pd[k].is = packed;
        packed *= counts[k];
    }
    for (std::size_t k = 0; k < ph.size(); ++k) {
        ph[k].is = packed;
        packed *= counts[pd.size() + k];
    }
    auto d = detail::toIodims<R>(pd, true);
    auto h = detail::toIodims<R>(ph, false);
    detail::runPlan<R>(
        Api<R>::c2r(int(d.size()), d.data(), int(h.size()), h.data(), pr.data(), pi.data(), out), "c2r");
}

// ---- Level 2: clFFT-shaped host data -------------------------------------------------------

inline bool isPlanar(clfftLayout l) { return l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR; }
inline bool isReal(clfftLayout l) { return l == CLFFT_REAL; }

inline const char* layoutName(clfftLayout l)
{
    switch (l) {
    case CLFFT_COMPLEX_INTERLEAVED: return "interleaved";
    case CLFFT_COMPLEX_PLANAR: return "planar";
    case CLFFT_HERMITIAN_INTERLEAVED: return "hermitian-interleaved";
    case CLFFT_HERMITIAN_PLANAR: return "hermitian-planar";
    case CLFFT_REAL: return "real";
    default: return "?";
    }
}

// Memory description of one side of a transform: element counts per dimension (clFFT order),
// strides per dimension and batch distance (in elements), number of batches.
struct SideDesc {
    clfftLayout layout = CLFFT_COMPLEX_INTERLEAVED;
    std::vector<std::size_t> counts;
    std::vector<std::size_t> strides;
    std::size_t dist = 0;
    std::size_t batch = 1;

    // Packed row-major strides and a distance of one whole transform (clFFT's defaults).
    static SideDesc packed(clfftLayout layout, const std::vector<std::size_t>& counts, std::size_t batch)
    {
        SideDesc s;
        s.layout = layout;
        s.counts = counts;
        s.batch = batch;
        std::size_t st = 1;
        for (std::size_t c : counts) {
            s.strides.push_back(st);
            st *= c;
        }
        s.dist = st;
        return s;
    }

    // Elements one array must hold: 1 + the largest offset of a logical element.
    std::size_t extent() const
    {
        std::size_t e = 1;
        for (std::size_t k = 0; k < counts.size(); ++k)
            e += (counts[k] - 1) * strides[k];
        return e + (batch - 1) * dist;
    }
    std::size_t elementsPerBatch() const
    {
        std::size_t n = 1;
        for (std::size_t c : counts)
            n *= c;
        return n;
    }

    // Calls f(offset, linearLogicalIndex) for every logical element, batch by batch, dimension 0
    // fastest.
    template <class F> void forEach(F f) const
    {
        const std::size_t rank = counts.size();
        std::vector<std::size_t> idx(rank, 0);
        const std::size_t per = elementsPerBatch();
        std::size_t lin = 0;
        for (std::size_t b = 0; b < batch; ++b) {
            std::fill(idx.begin(), idx.end(), 0);
            for (std::size_t e = 0; e < per; ++e) {
                std::size_t off = b * dist;
                for (std::size_t k = 0; k < rank; ++k)
                    off += idx[k] * strides[k];
                f(off, lin++);
                for (std::size_t k = 0; k < rank; ++k) {
                    if (++idx[k] < counts[k])
                        break;
                    idx[k] = 0;
                }
            }
        }
    }
};

// Host mirror of one side's buffer(s): `a` holds interleaved (re,im) pairs, or the real parts
// (planar), or the real values (REAL layout); `b` holds the imaginary parts (planar only).
template <class T> struct HostSide {
    SideDesc desc;
    std::vector<T> a, b;

    HostSide() = default;
    explicit HostSide(const SideDesc& d, T fill = T(0)) : desc(d)
    {
        const std::size_t ext = d.extent();
        if (isPlanar(d.layout)) {
            a.assign(ext, fill);
            b.assign(ext, fill);
        } else if (isReal(d.layout)) {
            a.assign(ext, fill);
        } else {
            a.assign(2 * ext, fill);
        }
    }

    bool planar() const { return isPlanar(desc.layout); }
    bool real() const { return isReal(desc.layout); }
    // Number of host arrays (clFFT buffers) this side uses: 1 or 2.
    std::size_t arrays() const { return planar() ? 2 : 1; }
    std::vector<T>& array(std::size_t k) { return k == 0 ? a : b; }
    const std::vector<T>& array(std::size_t k) const { return k == 0 ? a : b; }

    T re(std::size_t off) const { return planar() || real() ? a[off] : a[2 * off]; }
    T im(std::size_t off) const { return planar() ? b[off] : real() ? T(0) : a[2 * off + 1]; }
    void set(std::size_t off, T r, T i)
    {
        if (planar()) {
            a[off] = r;
            b[off] = i;
        } else if (real()) {
            a[off] = r;
        } else {
            a[2 * off] = r;
            a[2 * off + 1] = i;
        }
    }

    // Pointers and stride multiplier for the level-1 FFTW wrappers.
    T* rePtr() { return a.data(); }
    T* imPtr() { return planar() ? b.data() : a.data() + 1; }
    const T* rePtr() const { return a.data(); }
    const T* imPtr() const { return planar() ? b.data() : a.data() + 1; }
    std::ptrdiff_t strideUnit() const { return planar() || real() ? 1 : 2; }

    template <class U> HostSide<U> convert() const
    {
        HostSide<U> out;
        out.desc = desc;
        out.a.assign(a.begin(), a.end());
        out.b.assign(b.begin(), b.end());
        return out;
    }
};

// Deterministic generator of values in [-1, 1) (splitmix64; identical on every platform).
class Random {
public:
    explicit Random(std::uint64_t seed) : s_(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Multiples of 2^-23 so the value is exact in float and double alike.
    double uniform() { return double(std::int64_t(next() >> 40) - (std::int64_t(1) << 23)) / double(1 << 23); }

private:
    std::uint64_t s_;
};

inline std::uint64_t seedFrom(const std::string& s)
{
    std::uint64_t h = 1469598103934665603ull; // FNV-1a
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

// Fills every array entry (padding included) with values in [-1, 1).
template <class T> void fillRandom(HostSide<T>& h, std::uint64_t seed)
{
    Random r(seed);
    for (T& v : h.a)
        v = T(r.uniform());
    for (T& v : h.b)
        v = T(r.uniform());
}

namespace detail {

inline std::vector<Dim> transformDims(const std::vector<std::size_t>& lengths, const SideDesc& in,
                                      const SideDesc& out, std::ptrdiff_t iu, std::ptrdiff_t ou)
{
    std::vector<Dim> d;
    for (std::size_t k = 0; k < lengths.size(); ++k)
        d.push_back({std::ptrdiff_t(lengths[k]), std::ptrdiff_t(in.strides[k]) * iu,
                     std::ptrdiff_t(out.strides[k]) * ou});
    return d;
}

template <class R> void scaleLogical(HostSide<R>& h, R scale)
{
    if (scale == R(1))
        return;
    h.desc.forEach([&](std::size_t off, std::size_t) { h.set(off, h.re(off) * scale, h.im(off) * scale); });
}

} // namespace detail

// Expected output of a complex-to-complex clFFT transform computed in precision R.
// `lengths` are the transform lengths (clFFT order), dir the clFFT direction, scale the
// plan's scale for that direction. Output padding is zero.
template <class R, class T>
HostSide<R> reference_c2c(const std::vector<std::size_t>& lengths, clfftDirection dir, R scale,
                          const HostSide<T>& in, const SideDesc& outDesc)
{
    if (in.desc.batch != outDesc.batch || in.desc.counts != lengths || outDesc.counts != lengths)
        throw std::logic_error("reference_c2c: inconsistent shapes");
    HostSide<R> x = in.template convert<R>();
    HostSide<R> y(outDesc);
    auto dims = detail::transformDims(lengths, in.desc, outDesc, x.strideUnit(), y.strideUnit());
    std::vector<Dim> hm{{std::ptrdiff_t(in.desc.batch), std::ptrdiff_t(in.desc.dist) * x.strideUnit(),
                         std::ptrdiff_t(outDesc.dist) * y.strideUnit()}};
    dft_split<R>(dir == CLFFT_FORWARD ? -1 : +1, dims, hm, x.rePtr(), x.imPtr(), y.rePtr(), y.imPtr());
    detail::scaleLogical(y, scale);
    return y;
}

// Expected output of a REAL -> HERMITIAN_* forward transform. outDesc.counts[0] must be
// lengths[0]/2+1.
template <class R, class T>
HostSide<R> reference_r2c(const std::vector<std::size_t>& lengths, R scale, const HostSide<T>& in,
                          const SideDesc& outDesc)
{
    HostSide<R> x = in.template convert<R>();
    HostSide<R> y(outDesc);
    auto dims = detail::transformDims(lengths, in.desc, outDesc, 1, y.strideUnit());
    std::vector<Dim> hm{{std::ptrdiff_t(in.desc.batch), std::ptrdiff_t(in.desc.dist),
                         std::ptrdiff_t(outDesc.dist) * y.strideUnit()}};
    r2c_split<R>(dims, hm, x.rePtr(), y.rePtr(), y.imPtr());
    detail::scaleLogical(y, scale);
    return y;
}

// Expected output of a HERMITIAN_* -> REAL backward transform. in.desc.counts[0] must be
// lengths[0]/2+1.
template <class R, class T>
HostSide<R> reference_c2r(const std::vector<std::size_t>& lengths, R scale, const HostSide<T>& in,
                          const SideDesc& outDesc)
{
    HostSide<R> x = in.template convert<R>();
    HostSide<R> y(outDesc);
    auto dims = detail::transformDims(lengths, in.desc, outDesc, x.strideUnit(), 1);
    std::vector<Dim> hm{{std::ptrdiff_t(in.desc.batch), std::ptrdiff_t(in.desc.dist) * x.strideUnit(),
                         std::ptrdiff_t(outDesc.dist)}};
    c2r_split<R>(dims, hm, x.rePtr(), x.imPtr(), y.rePtr());
    detail::scaleLogical(y, scale);
    return y;
}

struct ErrorStats {
    long double relL2 = 0;   // ||ours - ref * refScale|| / ||ref * refScale||
    long double maxAbs = 0;  // largest |ours - ref * refScale| over the logical elements
    std::size_t worst = 0;   // logical linear index of that element
    long double refNorm = 0; // ||ref * refScale||
};

// Compares the logical elements of two sides with the same element counts and batch
// (layouts, strides and distances may differ). refScale multiplies the reference first.
template <class T, class R>
ErrorStats compare(const HostSide<T>& ours, const HostSide<R>& ref, long double refScale = 1.0L)
{
    if (ours.desc.counts != ref.desc.counts || ours.desc.batch != ref.desc.batch)
        throw std::logic_error("compare: inconsistent shapes");
    std::vector<std::size_t> refOffsets;
    refOffsets.reserve(ref.desc.elementsPerBatch() * ref.desc.batch);
    ref.desc.forEach([&](std::size_t off, std::size_t) { refOffsets.push_back(off); });
    long double num = 0, den = 0;
    ErrorStats st;
    ours.desc.forEach([&](std::size_t off, std::size_t lin) {
        const std::size_t ro = refOffsets[lin];
        const long double rr = (long double)ref.re(ro) * refScale, ri = (long double)ref.im(ro) * refScale;
        const long double dr = (long double)ours.re(off) - rr, di = (long double)ours.im(off) - ri;
        const long double e2 = dr * dr + di * di;
        num += e2;
        den += rr * rr + ri * ri;
        const long double e = std::sqrt(e2);
        if (!(e <= st.maxAbs)) { // also catches NaN
            st.maxAbs = e;
            st.worst = lin;
        }
    });
    st.refNorm = std::sqrt(den);
    st.relL2 = den > 0 ? std::sqrt(num / den) : std::sqrt(num);
    return st;
}

// Array positions of `side` that hold no logical element (padding), as a mask over the
// extent: true = padding.
inline std::vector<bool> paddingMask(const SideDesc& side)
{
    std::vector<bool> pad(side.extent(), true);
    side.forEach([&](std::size_t off, std::size_t) { pad[off] = false; });
    return pad;
}

} // namespace fftw_ref
} // namespace clfft_test
