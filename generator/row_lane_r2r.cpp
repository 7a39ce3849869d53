// Real-to-real stages fused into the row-lane kernel of two real rows (spec.r2rIn, r2rOut;
// docs/r2r.md): the reordering, halfcomplex packing and twiddles of r2r_stages.cpp's stage
// kernels done in the kernel's own first loads and last stores, so that an r2r transform of a
// row moves its data once, as the R2C or C2R of the row does. The row holds N reals (N =
// realLength, a multiple of 128); every block of points below is within one half of the row.
#include "row_lane_kernel.h"

#include "kernel_prelude.h"
#include "r2r_stages.h"
#include "storage.h"

namespace clfft_ng {
namespace detail {

namespace {

R2RKind kindOf(const R2RFusion& f)
{
    return static_cast<R2RKind>(f.kind);
}

// The client's rows as the sides store them (storage.h: 16-bit rows widened on load, rounded
// on store); p_ points into them in elements of that storage.
std::string inPointer(const KernelSpec& k, const std::string& off)
{
    return "__global const " + storageRealType(k.inStorage) + "* p_ = in + " + off + ";";
}

std::string outPointer(const KernelSpec& k, const std::string& off)
{
    return "__global " + storageRealType(k.outStorage) + "* p_ = out + " + off + ";";
}

std::string ld(const KernelSpec& k, std::size_t n, const std::string& at) { return loadVectorAt(k.inStorage, n, "p_", at); }

std::string st(const KernelSpec& k, std::size_t n, const std::string& v, const std::string& at)
{
    return storeVectorAt(k, k.outStorage, n, v, "p_", at, false, false);
}

} // namespace

std::string RowLaneKernel::r2rLoadExtension(const std::string& off, const std::string& e, const std::string& dest) const
{
    // DCT-I: point j of the even extension (m = 2(n-1)) is x[j] below n, x[m - j] above; DST-I
    // (m = 2(n+1)): 0, x[j-1] up to n, 0, -x[2n+1-j]. Whole vectors, reversed above; the
    // vectors across a boundary point by point.
    const std::size_t n = spec.r2rIn.n, m = N;
    const bool dst = kindOf(spec.r2rIn) == R2RKind::RODFT00;
    const std::string rev = W == 16 ? ".sfedcba9876543210" : ".s76543210", vl = "vload" + std::to_string(W);
    const Storage s = spec.inStorage;
    std::string t = "        { " + inPointer(spec, off) + " const uint m0 = (" + e + ") * " + u(W) + ";\n";
    if (!dst)
        t += "          if (m0 + " + u(W) + " <= " + u(n) + ") " + dest + " = " + ld(spec, W, "m0") + ";\n"
             "          else if (m0 >= " + u(n) + ") " + dest + " = " + ld(spec, W, u(m - W + 1) + " - m0") + rev + ";\n"
             "          else { real_t t_[" + std::to_string(W) + "]; for (uint l = 0u; l < " + u(W) +
             "; ++l) { const uint j = m0 + l; t_[l] = " + loadRealAt(s, "p_", "j < " + u(n) + " ? j : " + u(m) + " - j") +
             "; } " + dest + " = " + vl + "(0, t_); }\n";
    else
        t += "          if (m0 >= 1u && m0 + " + u(W) + " <= " + u(n + 1) + ") " + dest + " = " + ld(spec, W, "m0 - 1u") + ";\n"
             "          else if (m0 >= " + u(n + 2) + ") " + dest + " = -" + ld(spec, W, u(2 * n + 2 - W) + " - m0") + rev +
             ";\n"
             "          else { real_t t_[" + std::to_string(W) + "]; for (uint l = 0u; l < " + u(W) +
             "; ++l) { const uint j = m0 + l; t_[l] = j >= 1u && j <= " + u(n) + " ? " + loadRealAt(s, "p_", "j - 1u") +
             " : j > " + u(n + 1) + " ? -" + loadRealAt(s, "p_", u(2 * n + 1) + " - j") + " : (real_t)0; } " + dest + " = " +
             vl + "(0, t_); }\n";
    return t + "        }\n";
}

std::string RowLaneKernel::r2rLoadVector(const std::string& off, const std::string& e, const std::string& dest,
                                         int half) const
{
    if (kindOf(spec.r2rIn) == R2RKind::REDFT00 || kindOf(spec.r2rIn) == R2RKind::RODFT00)
        return r2rLoadExtension(off, e, dest);
    // Makhoul's order: v[m] = x[2m] below N/2, x[2N - 1 - 2m] above (the odd points
    // descending); DST-II also negates the odd points. 2W reals hold the W points of a block.
    const bool dst = kindOf(spec.r2rIn) == R2RKind::RODFT10;
    const std::size_t n = spec.r2rIn.n;
    const std::string low = "2u * m0", high = u(2 * n - 2 * W) + " - 2u * m0";
    std::string even, odd;
    if (W == 16) {
        auto two = [&](const std::string& at) {
            return "const vreal_t z0 = " + ld(spec, 16, at) + ", z1 = " + ld(spec, 16, at + " + 16u") + "; ";
        };
        even = two(low) + dest + " = (vreal_t)(z0.even, z1.even);";
        odd = two(high) + dest + " = " + (dst ? "-" : "") + "(vreal_t)(z1.odd.s76543210, z0.odd.s76543210);";
    } else {
        even = "const creal2_t z = " + ld(spec, 16, low) + "; " + dest + " = z.even;";
        odd = "const creal2_t z = " + ld(spec, 16, high) + "; " + dest + " = " + (dst ? "-" : "") + "z.odd.s76543210;";
    }
    const std::string head = "        { " + inPointer(spec, off) + " const uint m0 = (" + e + ") * " + u(W) + ";\n";
    if (half >= 0)
        return head + "          { " + (half ? odd : even) + " } }\n";
    return head + "          if (m0 < " + u(n / 2) + ") { " + even + " } else { " + odd + " } }\n";
}

std::string RowLaneKernel::r2rLoadHalf(const std::string& off, const std::string& re, const std::string& im,
                                       const std::string& k0) const
{
    // V[k] = (x[k], x[n-k]) (HC2R); DCT-III: e^{i pi k / 2n} (x[k] - i x[n-k]); DST-III: the
    // same of the reversed row; k = k0..k0+7. x[n] counts as zero (k = 0).
    const R2RKind kind = kindOf(spec.r2rIn);
    const std::size_t n = spec.r2rIn.n;
    std::string t = "        { " + inPointer(spec, off) + " const uint q0 = " + k0 + "; creal_t P, Q;\n";
    if (kind == R2RKind::RODFT01)
        t += "          P = " + ld(spec, 8, u(n - 8) + " - q0") + ".s76543210;\n"
             "          if (q0 != 0u) Q = " + ld(spec, 8, "q0 - 1u") + "; else { Q = " + ld(spec, 8, "0") +
             ".s70123456; Q.s0 = 0; }\n";
    else
        t += "          P = " + ld(spec, 8, "q0") + ";\n"
             "          if (q0 != 0u) Q = " + ld(spec, 8, u(n - 7) + " - q0") + ".s76543210; else { Q = " +
             ld(spec, 8, u(n - 8)) + ".s07654321; Q.s0 = 0; }\n";
    if (kind == R2RKind::HC2R)
        t += "          " + re + " = P; " + im + " = Q; }\n";
    else
        t += "          const creal2_t w = vload16(0, (__global const real_t*)(tw + " + u(r2rInBase) + " + q0));\n"
             "          " + re + " = w.even * P + w.odd * Q; " + im + " = w.odd * P - w.even * Q; }\n";
    return t;
}

std::string RowLaneKernel::r2rPointIn(const std::string& off, std::size_t k) const
{
    // V[k] of one k (0 < k < n/2), as r2rLoadHalf's lanes
    const R2RKind kind = kindOf(spec.r2rIn);
    const std::size_t n = spec.r2rIn.n;
    const std::string p = loadRealAt(spec.inStorage, "in", off + " + " + u(kind == R2RKind::RODFT01 ? n - 1 - k : k)),
                      q = loadRealAt(spec.inStorage, "in", off + " + " + u(kind == R2RKind::RODFT01 ? k - 1 : n - k));
    if (kind == R2RKind::HC2R)
        return "(real2_t)(" + p + ", " + q + ")";
    const std::string tw_ = "tw[" + u(r2rInBase + k) + "]";
    return "(real2_t)(" + tw_ + ".x * " + p + " + " + tw_ + ".y * " + q + ", " + tw_ + ".y * " + p + " - " + tw_ + ".x * " + q + ")";
}

std::string RowLaneKernel::r2rNyquistIn(const std::string& off) const
{
    const R2RKind kind = kindOf(spec.r2rIn);
    const std::size_t n = spec.r2rIn.n;
    const std::string x = loadRealAt(spec.inStorage, "in", off + " + " + u(kind == R2RKind::RODFT01 ? n / 2 - 1 : n / 2));
    if (kind == R2RKind::HC2R)
        return x;
    const std::string tw = "tw[" + u(r2rInBase + n / 2) + "]";
    return "(" + tw + ".x + " + tw + ".y) * " + x;
}

std::string RowLaneKernel::r2rStoreHalf(const std::string& off, const std::string& re, const std::string& im,
                                        const std::string& k0) const
{
    // Point q = k of the DCT-II (R2HC, DHT) goes to k, q = N - k to N - k; DST-II puts point q at
    // N - 1 - q. Lane 0 of the first block (k = 0) has no point N - k.
    const R2RKind kind = kindOf(spec.r2rOut);
    const std::size_t n = spec.r2rOut.n;
    const Storage so = spec.outStorage;
    if (kind == R2RKind::REDFT00) // DCT-I: y[k] = Re X[k], k < n - 1 here
        return "{ " + storeVectorAt(spec, so, 8, re, "out", off + " + " + k0) + " }";
    // the first block's points 1..7 (point 0 has no place in the row)
    const std::string firstSeven = st(spec, 4, "b.s1234", "0") + " " + st(spec, 2, "b.s56", "4u") + " " +
                                   storeRealAt(so, "p_", "6", "b.s7");
    if (kind == R2RKind::RODFT00) // DST-I: y[k-1] = -Im X[k]
        return "{ const creal_t b = -(" + im + "); " + outPointer(spec, off) + " const uint q0 = " + k0 +
               "; if (q0 != 0u) " + st(spec, 8, "b", "q0 - 1u") + " else { " + firstSeven + " } }";
    std::string t = "{ const uint q0 = " + k0 + "; const creal_t xr = " + re + ", xi = " + im + ";\n";
    switch (kind) {
    case R2RKind::R2HC: t += "          const creal_t a = xr, b = xi;\n"; break;
    case R2RKind::DHT: t += "          const creal_t a = xr - xi, b = xr + xi;\n"; break;
    default:
        t += "          const creal2_t w = vload16(0, (__global const real_t*)(tw + " + u(r2rOutBase) +
             " + q0));\n"
             "          const creal_t a = 2 * (w.even * xr + w.odd * xi), b = 2 * (w.odd * xr - w.even * xi);\n";
        break;
    }
    t += "          " + outPointer(spec, off) + "\n";
    if (kind == R2RKind::RODFT10)
        t += "          if (q0 != 0u) " + st(spec, 8, "b", "q0 - 1u") + " else { " + firstSeven + " }\n"
             "          " + st(spec, 8, "a.s76543210", u(n - 8) + " - q0") + "\n";
    else
        t += "          if (q0 != 0u) " + st(spec, 8, "b.s76543210", u(n - 7) + " - q0") + " else { " +
             st(spec, 4, "b.s7654", u(n - 7)) + " " + st(spec, 2, "b.s32", u(n - 3)) + " " +
             storeRealAt(so, "p_", u(n - 1), "b.s1") + " }\n"
             "          " + st(spec, 8, "a", "q0") + "\n";
    return t + "        }";
}

std::string RowLaneKernel::r2rPointOut(const std::string& off, std::size_t k, const std::string& xr,
                                       const std::string& xi) const
{
    // X[k] of one k (0 < k < n/2), as r2rStoreHalf's lanes
    const R2RKind kind = kindOf(spec.r2rOut);
    const std::size_t n = spec.r2rOut.n;
    std::string a = xr, b = xi;
    if (kind == R2RKind::DHT) {
        a = "(" + xr + ") - (" + xi + ")";
        b = "(" + xr + ") + (" + xi + ")";
    } else if (kind != R2RKind::R2HC) {
        const std::string tw_ = "tw[" + u(r2rOutBase + k) + "]";
        a = "2 * (" + tw_ + ".x * (" + xr + ") + " + tw_ + ".y * (" + xi + "))";
        b = "2 * (" + tw_ + ".y * (" + xr + ") - " + tw_ + ".x * (" + xi + "))";
    }
    const bool dst = kind == R2RKind::RODFT10;
    return "{ " + storeRealAt(spec.outStorage, "out", off + " + " + u(dst ? n - 1 - k : k), a) + " " +
           storeRealAt(spec.outStorage, "out", off + " + " + u(dst ? k - 1 : n - k), b) + " }";
}

std::string RowLaneKernel::r2rNyquistOut(const std::string& off, const std::string& x) const
{
    const R2RKind kind = kindOf(spec.r2rOut);
    const std::size_t n = spec.r2rOut.n;
    const Storage so = spec.outStorage;
    if (kind == R2RKind::REDFT00) // X[m/2]: y[n-1]
        return storeRealAt(so, "out", off + " + " + u(spec.r2rOut.n - 1), x);
    if (kind == R2RKind::RODFT00) // X[m/2] = X[n+1]: no point of the row
        return "{ }";
    const std::string at = off + " + " + u(kind == R2RKind::RODFT10 ? n / 2 - 1 : n / 2);
    if (kind == R2RKind::R2HC || kind == R2RKind::DHT)
        return storeRealAt(so, "out", at, x);
    return storeRealAt(so, "out", at, "2 * tw[" + u(r2rOutBase + n / 2) + "].x * " + x);
}

std::string RowLaneKernel::r2rStageVector(const std::string& row, const std::string& m0, const std::string& value) const
{
    // To local memory (the buffer the DFTs across the lanes do not read), whole rows of N reals.
    const std::string local = "(__local real_t*)" + std::string(row == "a" ? "lr" : "li") + buffer(shapes.size());
    return "vstore8(" + value + ", 0, " + local + " + " + m0 + ");";
}

void RowLaneKernel::r2rStoreStaged()
{
    // Makhoul's order undone: point m below N/2 goes to 2m, point m above to 2(N - 1 - m) + 1
    // (DST-III negates the odd points), so that positions 16j..16j+15 are points 8j..8j+7 and,
    // reversed, N-8-8j..N-1-8j: two vector loads from local memory, one store of 16 reals.
    const std::string sign = kindOf(spec.r2rOut) == R2RKind::RODFT01 ? "-" : "";
    os << "\n    // the rows of N reals in Makhoul's order undone, 16 positions at a time\n" << barrier;
    forEachItem(N / 16, [&](std::size_t, const std::string& j) {
        os << "        const uint j = " << j << ";\n";
        for (int r = 0; r < 2; ++r) {
            const std::string local = "(__local real_t*)" + std::string(r ? "li" : "lr") + buffer(shapes.size());
            os << "        if (" << (r ? "validB" : "valid") << ") { creal2_t z; z.even = vload8(0, " << local
               << " + 8u * j); z.odd = " << sign << "vload8(0, " << local << " + " << u(N - 8)
               << " - 8u * j).s76543210; "
               << storeVectorAt(spec, spec.outStorage, 16, "z", "out", std::string(r ? "ooffB" : "ooff") + " + 16u * j") << " }\n";
        }
    }, true);
}

std::string RowLaneKernel::r2rLoadQuarter(const std::string& e, const std::string& re, const std::string& im) const
{
    // z[m] = (x[2m] + i x[n-1-2m]) e^{-i pi (4m+1) / 4n} (DST-IV: the row reversed), m = 8e..8e+7:
    // the even reals of 16 from 2m0, and the odd reals of 16 ending at n - 1 - 2m0, reversed.
    const std::size_t n = spec.r2rIn.n;
    const bool dst = kindOf(spec.r2rIn) == R2RKind::RODFT11;
    const std::string a = ld(spec, 16, "2u * m0") + ".even", b = ld(spec, 16, u(n - 16) + " - 2u * m0") + ".odd.s76543210";
    return "        { " + inPointer(spec, "ioff") + " const uint m0 = (" + e + ") * 8u;\n"
           "          const creal_t zr = " + (dst ? b : a) + ", zi = " + (dst ? a : b) + ";\n"
           "          const creal2_t w = vload16(0, (__global const real_t*)(tw + " + u(r2rInBase) + " + m0));\n"
           "          " + re + " = zr * w.even - zi * w.odd; " + im + " = zr * w.odd + zi * w.even; }\n";
}

std::string RowLaneKernel::r2rStageQuarter(const std::string& q0, const std::string& re, const std::string& im) const
{
    const std::string sign = kindOf(spec.r2rOut) == R2RKind::RODFT11 ? "" : "-";
    return "{ const uint q0 = " + q0 + "; const creal_t yr = " + re + ", yi = " + im +
           "; const creal2_t w = vload16(0, (__global const real_t*)(tw + " + u(r2rOutBase) +
           " + q0)); vstore8(2 * (yr * w.even - yi * w.odd), 0, (__local real_t*)lr" + buffer(shapes.size()) +
           " + q0); vstore8(" + sign + "2 * (yr * w.odd + yi * w.even), 0, (__local real_t*)li" + buffer(shapes.size()) +
           " + q0); }";
}

void RowLaneKernel::r2rStoreStagedQuarter()
{
    // y[2q] = a[q], y[n-1-2q] = b[q]: positions 16j..16j+15 are a[8j..8j+7] and, reversed,
    // b[n/2-8-8j..n/2-1-8j], interleaved.
    const std::size_t n = spec.r2rOut.n;
    os << "\n    // the row of n reals, 16 positions at a time\n" << barrier;
    forEachItem(n / 16, [&](std::size_t, const std::string& j) {
        os << "        const uint j = " << j << ";\n        if (valid) { creal2_t z; z.even = vload8(0, (__local real_t*)lr"
           << buffer(shapes.size()) << " + 8u * j); z.odd = vload8(0, (__local real_t*)li" << buffer(shapes.size()) << " + "
           << u(n / 2 - 8) << " - 8u * j).s76543210; "
           << storeVectorAt(spec, spec.outStorage, 16, "z", "out", "ooff + 16u * j") << " }\n";
    }, true);
}

std::string RowLaneKernel::r2rLoadMerge(const std::string& e, const std::string& re, const std::string& im, int half) const
{
    // z[j] = v[2j] + i v[2j+1], j = j0..j0+W-1, v in Makhoul's order: below n/2 the reals
    // 4j0, 4j0+2, ... (every other even one of 4W), above the odd ones descending from
    // 2n - 1 - 4j0 (DST-II: negated).
    const std::size_t n = spec.r2rIn.n;
    const bool dst = kindOf(spec.r2rIn) == R2RKind::RODFT10;
    const std::string neg = dst ? "-" : "";
    std::string lo, hi;
    const Storage s = spec.inStorage;
    auto v = [&](int i) { return loadVectorAt(s, 16, "q_", u(16 * static_cast<std::size_t>(i))); };
    if (W == 16) {
        lo = "const vreal_t E0 = (vreal_t)(" + v(0) + ".even, " + v(1) + ".even), E1 = (vreal_t)(" + v(2) + ".even, " + v(3) +
             ".even); " + re + " = (vreal_t)(E0.even, E1.even); " + im + " = (vreal_t)(E0.odd, E1.odd);";
        hi = "const vreal_t O0 = (vreal_t)(" + v(0) + ".odd, " + v(1) + ".odd), O1 = (vreal_t)(" + v(2) + ".odd, " + v(3) +
             ".odd); " + re + " = " + neg + "(vreal_t)(O1.odd.s76543210, O0.odd.s76543210); " + im + " = " + neg +
             "(vreal_t)(O1.even.s76543210, O0.even.s76543210);";
    } else {
        lo = "const creal2_t E = (creal2_t)(" + v(0) + ".even, " + v(1) + ".even); " + re + " = E.even; " + im + " = E.odd;";
        hi = "const creal2_t O = (creal2_t)(" + v(0) + ".odd, " + v(1) + ".odd); " + re + " = " + neg + "O.odd.s76543210; " +
             im + " = " + neg + "O.even.s76543210;";
    }
    const std::string ptr = "__global const " + storageRealType(s) + "* q_ = p_ + ";
    const std::string head = "        { " + inPointer(spec, "ioff") + " const uint j0 = (" + e + ") * " + u(W) + ";\n",
                      first = "{ " + ptr + "4u * j0; " + lo + " }",
                      second = "{ " + ptr + u(2 * n - 4 * W) + " - 4u * j0; " + hi + " }";
    if (half >= 0)
        return head + "          " + (half ? second : first) + " }\n";
    return head + "          if (4u * j0 < " + u(n) + ") " + first + "\n          else " + second + " }\n";
}

} // namespace detail
} // namespace clfft_ng
