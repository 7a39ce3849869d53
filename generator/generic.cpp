#include "generic.h"

#include "butterfly.h"

#include <sstream>

namespace clfft_ng {

namespace {

// Both kernels take the same arguments (src/tiering.cpp binds them in this order):
//   input side:  a, b (planar imaginary or unused), layout (GenericLayout, plus 4 x the storage:
//                1 half, 2 bfloat16, widened on load and rounded to nearest even on store),
//                stride along the transform, strides of the three outer axes
//   output side: the same
//   n1, n2, n3:  counts of the outer axes (rows = n1 * n2 * n3)
//   n, radix, span: the transform length, this pass's radix, the product of earlier radices
//   table:       n complex roots exp(-2 pi i m / n), m = 0..n-1
//   sign:        1 forward, -1 backward (conjugates every root)
//   scale:       multiplies every value stored
//   hermIn:      positions past n/2 read as conjugates of n - position (a C2R row's first pass)
//   outLimit:    positions at or past it are not stored (an R2C row's last pass)
//   rowsFirst:   neighbouring work-items take neighbouring rows (a column pass: the rows lie
//                closer together than the points of a row), else neighbouring points of a row
//   zlo, zhi:    zero-input ranges [lo, hi) of the values read (component 0 the position along
//                the row, 1-3 the outer indices i1, i2, i3; lo == hi: none): read as 0, not loaded
//   slo, shi:    skipped-output ranges of the values stored, the same way: not stored
const char* const kBody = R"CLC(
#define GARGS \
    __global const real* ia, __global const real* ib, int ilay, ulong is0, ulong is1, ulong is2, ulong is3, \
    __global real* oa, __global real* ob, int olay, ulong os0, ulong os1, ulong os2, ulong os3, \
    ulong n1, ulong n2, ulong n3, ulong n, uint radix, ulong span, __global const real* table, real sign, \
    real scale, int hermIn, ulong outLimit, int rowsFirst, ulong4 zlo, ulong4 zhi, ulong4 slo, ulong4 shi

// q = a / b, r = a % b; in 32 bits when `small` (a and b below 2^32).
#define GSPLIT(small, a, b, q, r) \
    do { \
        if (small) { \
            const uint a_ = (uint)(a), b_ = (uint)(b), q_ = a_ / b_; \
            r = a_ - q_ * b_; \
            q = q_; \
        } else { \
            const ulong a_ = (a), b_ = (b), q_ = a_ / b_; \
            r = a_ - q_ * b_; \
            q = q_; \
        } \
    } while (0)

inline real2 gmul(real2 x, real2 y) { return (real2)(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x); }

inline real2 groot(__global const real* table, ulong m, real sign)
{
    return (real2)(table[2 * m], sign * table[2 * m + 1]);
}

// Element i of a buffer of 16-bit values (storage 1 half, 2 bfloat16), widened.
inline real gload16(__global const real* p, int storage, ulong i)
{
    if (storage == 1)
        return (real)vload_half(i, (__global const half*)p);
    return (real)as_float((uint)((__global const ushort*)p)[i] << 16);
}

// Rounded to nearest even; a NaN keeps a mantissa bit so that rounding cannot make it infinite.
inline void gstore16(__global real* p, int storage, ulong i, real v)
{
    if (storage == 1) {
        vstore_half_rte((float)v, i, (__global half*)p);
        return;
    }
    const uint u = as_uint((float)v);
    ((__global ushort*)p)[i] =
        (u & 0x7fffffffu) > 0x7f800000u ? (ushort)((u >> 16) | 0x40u) : (ushort)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

inline real2 gload(__global const real* a, __global const real* b, int layout, ulong i)
{
    if (layout >= 4) {
        const int storage = layout >> 2;
        layout &= 3;
        if (layout == 0)
            return (real2)(gload16(a, storage, 2 * i), gload16(a, storage, 2 * i + 1));
        if (layout == 1)
            return (real2)(gload16(a, storage, i), gload16(b, storage, i));
        return (real2)(gload16(a, storage, i), (real)0);
    }
    if (layout == 0)
        return (real2)(a[2 * i], a[2 * i + 1]);
    if (layout == 1)
        return (real2)(a[i], b[i]);
    return (real2)(a[i], (real)0);
}

inline void gstore(__global real* a, __global real* b, int layout, ulong i, real2 v)
{
    if (layout >= 4) {
        const int storage = layout >> 2;
        layout &= 3;
        if (layout == 0) {
            gstore16(a, storage, 2 * i, v.x);
            gstore16(a, storage, 2 * i + 1, v.y);
        } else if (layout == 1) {
            gstore16(a, storage, i, v.x);
            gstore16(b, storage, i, v.y);
        } else {
            gstore16(a, storage, i, v.x);
        }
        return;
    }
    if (layout == 0) {
        a[2 * i] = v.x;
        a[2 * i + 1] = v.y;
    } else if (layout == 1) {
        a[i] = v.x;
        b[i] = v.y;
    } else {
        a[i] = v.x;
    }
}

// Whether position p of row (i1, i2, i3) lies in one of the ranges [lo, hi).
inline int granged(ulong4 lo, ulong4 hi, ulong p, ulong i1, ulong i2, ulong i3)
{
    return (p >= lo.s0 && p < hi.s0) | (i1 >= lo.s1 && i1 < hi.s1) | (i2 >= lo.s2 && i2 < hi.s2) |
           (i3 >= lo.s3 && i3 < hi.s3);
}

// Point m of the row starting at base; a C2R row's first pass extends the stored half. Stored
// elements in a zero-input range read as 0.
inline real2 gpoint(__global const real* a, __global const real* b, int layout, ulong base, ulong stride, ulong m,
                    ulong n, int hermIn, ulong4 zlo, ulong4 zhi, ulong i1, ulong i2, ulong i3)
{
    const int mirrored = hermIn && m > n / 2;
    const ulong e = mirrored ? n - m : m;
    if (granged(zlo, zhi, e, i1, i2, i3))
        return (real2)((real)0, (real)0);
    const real2 v = gload(a, b, layout, base + e * stride);
    return mirrored ? (real2)(v.x, -v.y) : v;
}

#define GZERO zlo, zhi, i1, i2, i3

// One butterfly of a Stockham pass per work-item: reads points j + r * n / radix, twiddles
// them, takes their DFT and writes them radix-contiguous in blocks of span.
__kernel void clfft_ng_generic_radix(GARGS)
{
    const ulong butterflies = n / radix;
    const ulong t = get_global_id(0);
    if (t >= butterflies * n1 * n2 * n3)
        return;
    const ulong rows = n1 * n2 * n3;
    const ulong j = rowsFirst ? t / rows : t % butterflies, row = rowsFirst ? t % rows : t / butterflies;
    const ulong i1 = row % n1, i2 = (row / n1) % n2, i3 = row / (n1 * n2);
    const ulong ibase = i1 * is1 + i2 * is2 + i3 * is3, obase = i1 * os1 + i2 * os2 + i3 * os3;
    const ulong k = j % span;
    const ulong step = n / (span * radix); // table step of the twiddle w_(span * radix)^(r * k)
    const ulong rootStep = n / radix;      // table step of w_radix
    real2 a[16];
    for (uint r = 0; r < radix; ++r) {
        const real2 v = gpoint(ia, ib, ilay, ibase, is0, j + r * butterflies, n, hermIn, GZERO);
        a[r] = r == 0 ? v : gmul(v, groot(table, r * k * step, sign));
    }
    real2 y[16];
    if (radix == 1) {
        y[0] = a[0];
    } else if (radix == 2) {
        y[0] = a[0] + a[1];
        y[1] = a[0] - a[1];
    } else if (radix == 4) {
        const real2 t0 = a[0] + a[2], t1 = a[0] - a[2], t2 = a[1] + a[3], t3 = a[1] - a[3];
        const real2 wt3 = sign * (real2)(t3.y, -t3.x); // w_4 * t3, w_4 = -i forward
        y[0] = t0 + t2;
        y[2] = t0 - t2;
        y[1] = t1 + wt3;
        y[3] = t1 - wt3;
    } else {
        for (uint s = 0; s < radix; ++s) {
            real2 acc = a[0];
            for (uint r = 1; r < radix; ++r)
                acc += gmul(a[r], groot(table, ((r * s) % radix) * rootStep, sign));
            y[s] = acc;
        }
    }
    const ulong first = (j / span) * span * radix + k;
    for (uint s = 0; s < radix; ++s) {
        const ulong position = first + s * span;
        if (position < outLimit && !granged(slo, shi, position, i1, i2, i3))
            gstore(oa, ob, olay, obase + position * os0, scale * y[s]);
    }
}

// The same pass for a large prime radix: one output per work-item, its radix-point sum with
// twiddle and DFT root in one table index.
__kernel void clfft_ng_generic_dft(GARGS)
{
    const ulong t = get_global_id(0);
    const ulong rows = n1 * n2 * n3;
    if (t >= n * rows)
        return;
    const ulong position = rowsFirst ? t / rows : t % n, row = rowsFirst ? t % rows : t / n;
    const ulong i1 = row % n1, i2 = (row / n1) % n2, i3 = row / (n1 * n2);
    if (position >= outLimit || granged(slo, shi, position, i1, i2, i3))
        return;
    const ulong ibase = i1 * is1 + i2 * is2 + i3 * is3, obase = i1 * os1 + i2 * os2 + i3 * os3;
    const ulong butterflies = n / radix;
    const ulong k = position % span, s = (position / span) % radix, block = position / (span * radix);
    const ulong j = block * span + k;
    const ulong step = n / (span * radix);
    const ulong exponent = (k + s * span) * step; // w_n^(r * exponent) for point r
    // Compensated (Kahan) sums: a plain sum of hundreds of terms loses about twice FFTW's accuracy.
    real2 acc = (real2)((real)0, (real)0), lost = acc;
    ulong m = 0;
    for (uint r = 0; r < radix; ++r) {
        const real2 term =
            gmul(gpoint(ia, ib, ilay, ibase, is0, j + r * butterflies, n, hermIn, GZERO), groot(table, m, sign)) -
            lost;
        const real2 next = acc + term;
        lost = (next - acc) - term;
        acc = next;
        m += exponent;
        if (m >= n)
            m %= n;
    }
    gstore(oa, ob, olay, obase + position * os0, scale * acc);
}
)CLC";

// Bluestein's steps for rows whose length has a large prime factor (n points, padded to `span`
// for the convolution): the chirped, zero-padded rows; a pointwise product with a table (the
// convolution kernel's spectrum); the chirped first n points of the convolution.
const char* const kBluestein = R"CLC(
__kernel void clfft_ng_generic_bluestein_in(GARGS)
{
    const ulong t = get_global_id(0);
    if (t >= span * n1 * n2 * n3)
        return;
    const ulong position = t % span, row = t / span;
    const ulong i1 = row % n1, i2 = (row / n1) % n2, i3 = row / (n1 * n2);
    real2 v = (real2)((real)0, (real)0);
    if (position < n)
        v = gmul(gpoint(ia, ib, ilay, i1 * is1 + i2 * is2 + i3 * is3, is0, position, n, hermIn, GZERO),
                 groot(table, position, sign));
    gstore(oa, ob, olay, i1 * os1 + i2 * os2 + i3 * os3 + position * os0, v);
}

__kernel void clfft_ng_generic_pointwise(GARGS)
{
    const ulong t = get_global_id(0);
    if (t >= n * n1 * n2 * n3)
        return;
    const ulong position = t % n, row = t / n;
    const ulong i1 = row % n1, i2 = (row / n1) % n2, i3 = row / (n1 * n2);
    if (position >= outLimit || granged(slo, shi, position, i1, i2, i3))
        return;
    const real2 v = gload(ia, ib, ilay, i1 * is1 + i2 * is2 + i3 * is3 + position * is0);
    gstore(oa, ob, olay, i1 * os1 + i2 * os2 + i3 * os3 + position * os0, scale * gmul(v, groot(table, position, sign)));
}
)CLC";

// The Stockham pass of one radix with the generator's codelet (straight-line code the compiler
// keeps in registers and vectorises across work-items), the backward direction by conjugation
// around the forward codelet.
std::string radixKernel(int radix, Precision precision)
{
    std::ostringstream os;
    os << emitCodelet(radix, precision);
    os << "__kernel void " << genericRadixKernelName(static_cast<unsigned>(radix)) << "(GARGS)\n{\n"
       << "    const ulong butterflies = n / " << radix << ";\n"
       << "    const ulong t = get_global_id(0);\n"
       << "    if (t >= butterflies * n1 * n2 * n3)\n        return;\n"
       << "    // Index arithmetic in 32 bits where the range allows: GPUs emulate 64-bit divisions.\n"
       << "    const int small = butterflies * n1 * n2 * n3 <= 0xffffffffUL;\n"
       << "    ulong j, row, i1, i2, i3, k, block;\n"
       << "    if (rowsFirst)\n        GSPLIT(small, t, n1 * n2 * n3, j, row);\n"
       << "    else\n        GSPLIT(small, t, butterflies, row, j);\n"
       << "    GSPLIT(small, row, n1, i2, i1);\n"
       << "    GSPLIT(small, i2, n2, i3, i2);\n"
       << "    GSPLIT(small, j, span, block, k);\n"
       << "    const ulong ibase = i1 * is1 + i2 * is2 + i3 * is3, obase = i1 * os1 + i2 * os2 + i3 * os3;\n"
       << "    const ulong step = n / (span * " << radix << ");\n"
       << "    real2_t x[" << radix << "];\n";
    for (int r = 0; r < radix; ++r) {
        os << "    {\n        real2 v = gpoint(ia, ib, ilay, ibase, is0, j + " << r
           << " * butterflies, n, hermIn, GZERO);\n";
        if (r > 0)
            os << "        v = gmul(v, groot(table, " << r << " * k * step, sign));\n";
        os << "        x[" << r << "] = (real2_t)(v.x, sign * v.y);\n    }\n";
    }
    os << "    dft" << radix << "(x);\n"
       << "    const ulong first = block * span * " << radix << " + k;\n";
    for (int s = 0; s < radix; ++s)
        os << "    if (first + " << s << " * span < outLimit && !granged(slo, shi, first + " << s
           << " * span, i1, i2, i3))\n        gstore(oa, ob, olay, obase + (first + " << s << " * span) * os0, scale * (real2)(x["
           << s << "].x, sign * x[" << s << "].y));\n";
    os << "}\n";
    return os.str();
}

} // namespace

std::string genericRadixKernelName(unsigned radix)
{
    return "clfft_ng_generic_r" + std::to_string(radix);
}

const std::vector<unsigned>& genericCodeletRadices()
{
    static const std::vector<unsigned> radices{2, 3, 4, 5, 7, 8, 9, 11, 13, 16};
    return radices;
}

std::string genericProgramSource(Precision precision)
{
    std::string head =
        precision == Precision::Double
            ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\ntypedef double real;\ntypedef double2 real2;\n"
            : "typedef float real;\ntypedef float2 real2;\n";
    std::string text = "// clfft-ng generic tier (one program per precision, any size)\n" + head +
                       "typedef real real_t;\ntypedef real2 real2_t;\n" + kBody + kBluestein;
    for (unsigned r : genericCodeletRadices())
        text += radixKernel(static_cast<int>(r), precision);
    return text;
}

std::size_t largestPrimeFactor(std::size_t n)
{
    std::size_t largest = 1;
    for (std::size_t p = 2; p * p <= n; ++p)
        while (n % p == 0) {
            largest = p;
            n /= p;
        }
    return n > 1 ? n : largest;
}

std::vector<std::size_t> genericRadices(std::size_t n)
{
    std::vector<std::size_t> radices;
    if (n <= 1)
        return {1};
    // Few passes (each reads and writes every point): 16s, then one of 8, 4, 2; 9s, then 3s.
    while (n % 16 == 0) {
        radices.push_back(16);
        n /= 16;
    }
    for (std::size_t r : {8, 4, 2})
        if (n % r == 0) {
            radices.push_back(r);
            n /= r;
        }
    while (n % 9 == 0) {
        radices.push_back(9);
        n /= 9;
    }
    for (std::size_t p = 2; p * p <= n; ++p)
        while (n % p == 0) {
            radices.push_back(p);
            n /= p;
        }
    if (n > 1)
        radices.push_back(n);
    return radices;
}

} // namespace clfft_ng
