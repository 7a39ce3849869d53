// Row-lane kernels: vector code for transforms whose points are contiguous (the rows of a
// batch), where lane kernels (lanes.cpp) would gather their lanes element by element
// from 8 different rows.
//
// With W lanes (8, or 16 below) and N = W * A, point n = W a + b of the transform goes to lane b
// of vector a, so one vload16 brings the vector (8 neighbouring points, one cache line of
// single-precision complex values). Then
//   X[k + A c] = sum_b  w_N^(b k) w_W^(b c) Y_b[k],   Y_b[k] = sum_a x[W a + b] w_A^(a k):
//  1. the A-point DFTs Y_b, one per lane, by Stockham passes on vectors (local memory between
//     passes, as in a lane kernel), the twiddle w_N^(b k) applied to lane b of output k;
//  2. 8-point DFTs across the lanes: for 8 consecutive k, the 8 vectors Y[k..k+7] are read back
//     from local memory and transposed in registers (vector b then holds lane b of each; scalar
//     transposed reads were 8-12% slower overall), and one vector codelet over them gives
//     X[k + A c] for the 8 values of k, 8 contiguous points: one vstore16 each.
// Local memory holds the transform twice (two buffers, the passes alternating between them).
// W = 16 (single-precision real rows, float16 vectors: a whole 64-byte line of a real row per
// vector) splits step 2 into a radix-2 step over the halves of each vector, then two 8-point
// DFTs on 8-lane halves; the complex side is always moved 8 points at a time (creal_t).
#include "row_lanes.h"
#include "unit_roots.h"

#include "butterfly.h"
#include "global_access.h"
#include "kernel_args.h"
#include "kernel_prelude.h"
#include "vector_passes.h"

#include <cmath>
#include <functional>
#include <set>
#include <sstream>
#include <stdexcept>

namespace clfft_ng {

namespace {

void check(const KernelSpec& spec)
{
    const std::size_t W = spec.rowLanes, N = spec.length;
    const bool real = (spec.kind == PassKind::RealForward || spec.kind == PassKind::RealBackward) && spec.halfLengthReal() &&
                      spec.realLength == (spec.rowPairs ? N : 2 * N);
    if ((W != 8 && W != 16) || N % (W * 8) != 0 || (spec.kind != PassKind::Complex && !real) || spec.radices.empty() ||
        spec.stageTwiddleLength || spec.fusedStep != FusedStep::None || spec.simdLanes || spec.splitExchange ||
        spec.pre.present || spec.post.present || spec.transformsPerGroup == 0 || spec.threadsPerTransform == 0 ||
        spec.batchDims < 1 || spec.batchDims > kMaxBatchDims)
        throw std::invalid_argument("KernelSpec: not a row-lane kernel");
    std::size_t product = 1;
    for (int r : spec.radices)
        product *= static_cast<std::size_t>(r);
    if (product * W != N)
        throw std::invalid_argument("KernelSpec: row-lane radices must multiply to length / 8");
}

} // namespace

std::vector<std::complex<long double>> rowLaneTwiddles(const KernelSpec& spec)
{
    check(spec);
    const std::size_t W = spec.rowLanes, N = spec.length, A = N / W;
    auto root = unitRoot;
    std::vector<std::complex<long double>> table;
    for (const VectorPass& s : vectorPasses(spec.radices, A)) {
        if (s.span == 1)
            continue;
        for (std::size_t k = 0; k < s.span; ++k)
            for (int r = 1; r < s.radix; ++r)
                table.push_back(root(k * static_cast<std::size_t>(r), s.span * static_cast<std::size_t>(s.radix)));
    }
    for (std::size_t k = 0; k < A; ++k)
        for (std::size_t b = 0; b < W; ++b)
            table.push_back(root(b * k, N));
    if (spec.halfLengthReal() && !spec.rowPairs) // split/merge factors exp(-2 pi i k / realLength), k < length
        for (std::size_t k = 0; k < N; ++k)
            table.push_back(root(k, spec.realLength));
    return table;
}

namespace {

// The row-lane kernel in stages (the skeleton of stockham.cpp's and lanes.cpp's kernels, with
// the lanes holding the points of one row): prelude, ownership, the real pre-stage, the
// A-point passes on vectors, the 8-point DFTs across the lanes, the real post-stage.
class RowLaneKernel {
public:
    explicit RowLaneKernel(const KernelSpec& k);
    std::string source();

private:
    const KernelSpec& spec;
    const std::size_t W, N, A, T, B;
    const std::string w;
    // The complex side is read and written 8 points at a time (creal_t: one 64-byte line of
    // interleaved single values), and the DFTs across the lanes take 8 outputs k at a time.
    static constexpr std::size_t V = 8;
    const std::vector<VectorPass> passes;
    const std::size_t laneBase, realBase; // table: the lanes' twiddles, then the real factors
    // Even real transforms: the complex FFT of z[n] = x[2n] + i x[2n+1] (N = length points),
    // with the hermitian half X[0..N] built from its spectrum Z (R2C, after) or Z from the
    // hermitian half (C2R, before), 8 consecutive k at a time through local memory.
    const bool forward, backward;
    // Two real rows at once (rowPairs): z = x_a + i x_b, one complex FFT of N points, then
    // X_a[k] = (Z[k] + conj(Z[N-k])) / 2 and X_b[k] = -i (Z[k] - conj(Z[N-k])) / 2 for k <= N/2
    // (R2C), or Z[k] = X_a[k] + i X_b[k] over all k by symmetry (C2R); no twiddles.
    const bool pairs, merge, split;
    const bool inPlanar, outPlanar;
    const GlobalAccess io;
    const std::string barrier;
    std::ostringstream os;

    static std::string buffer(std::size_t pass) { return std::to_string(pass % 2); }
    void forEachItem(std::size_t count, const std::function<void(std::size_t, const std::string&)>& body)
    {
        forEachVectorItem(os, T, count, body);
    }
    // Loads of 8 consecutive complex points from a complex side into (re, im); `reversed`: the
    // points at..at+7 in the opposite order.
    std::string loadPoints(const std::string& at, const std::string& re, const std::string& im, bool reversed) const;
    // Statement storing 8 consecutive complex points (re, im) at offset `at` of the complex side.
    std::string storePoints(const std::string& at, const std::string& re, const std::string& im) const;
    // W points at a time from 2W interleaved reals at `ptr` into (re, im).
    std::string loadEvenOdd(const std::string& ptr, const std::string& re, const std::string& im) const;
    // Statements for output X[k + A c], k = 8g..8g+7, held in (ur[reg], ui[reg]).
    void output(std::size_t c, std::size_t reg);

    void prelude();
    void ownership();
    void preStage();
    void lanePasses();
    void acrossLanes();
    void postStage();
};

RowLaneKernel::RowLaneKernel(const KernelSpec& k)
    : spec(k), W(k.rowLanes), N(k.length), A(N / W), T(k.threadsPerTransform), B(k.transformsPerGroup),
      w(std::to_string(W)), passes(vectorPasses(k.radices, A)), laneBase(vectorPassTwiddleEnd(passes)),
      realBase(laneBase + A * W), forward(k.kind == PassKind::RealForward), backward(k.kind == PassKind::RealBackward),
      pairs(k.rowPairs), merge(forward && !pairs), split(backward && !pairs),
      inPlanar(k.inLayout == ComplexLayout::Planar), outPlanar(k.outLayout == ComplexLayout::Planar), io(k),
      barrier(k.barrier())
{
}

std::string RowLaneKernel::loadPoints(const std::string& at, const std::string& re, const std::string& im,
                                      bool reversed) const
{
    const std::string rev = reversed ? ".s76543210" : "";
    if (inPlanar)
        return "        " + re + " = vload8(0, inRe + " + at + ")" + rev + "; " + im + " = vload8(0, inIm + " + at +
               ")" + rev + ";\n";
    return "        { const creal2_t z = vload16(0, (__global const real_t*)in + 2u * (" + at + ")); " + re + " = z.even" +
           rev + "; " + im + " = z.odd" + rev + "; }\n";
}

std::string RowLaneKernel::storePoints(const std::string& at, const std::string& re, const std::string& im) const
{
    if (outPlanar)
        return "vstore8(" + re + ", 0, outRe + " + at + "); vstore8(" + im + ", 0, outIm + " + at + ");";
    return "{ creal2_t z; z.even = " + re + "; z.odd = " + im + "; vstore16(z, 0, (__global real_t*)out + 2u * (" + at +
           ")); }";
}

std::string RowLaneKernel::loadEvenOdd(const std::string& ptr, const std::string& re, const std::string& im) const
{
    if (W == 8)
        return "{ const creal2_t z = vload16(0, " + ptr + "); " + re + " = z.even; " + im + " = z.odd; }";
    return "{ const creal2_t z0 = vload16(0, " + ptr + "), z1 = vload16(1, " + ptr + "); " + re +
           " = (vreal_t)(z0.even, z1.even); " + im + " = (vreal_t)(z0.odd, z1.odd); }";
}

void RowLaneKernel::output(std::size_t c, std::size_t reg)
{
    const std::string r = std::to_string(reg);
    if (forward) { // Z to local memory
        os << "        vstore8(ur[" << r << "], 0, zr + 8u * g + " << u(A * c) << "); vstore8(ui[" << r
           << "], 0, zi + 8u * g + " << u(A * c) << ");\n";
        if (c == 0)
            os << "        if (g == 0u) { zr[" << u(N) << "] = ur[0].s0; zi[" << u(N) << "] = ui[0].s0; }\n";
    } else if (backward && pairs) { // rows 2m and 2m + 1
        os << "        if (valid) vstore8(ur[" << r << "] * scaleRe, 0, out + ooff + 8u * g + " << u(A * c)
           << ");\n        if (validB) vstore8(ui[" << r << "] * scaleIm, 0, out + ooffB + 8u * g + " << u(A * c) << ");\n";
    } else if (backward) { // z[n] = x[2n] + i x[2n+1]: 16 reals
        os << "        if (valid) { creal2_t z; z.even = ur[" << r << "] * scaleRe; z.odd = ui[" << r
           << "] * scaleIm; vstore16(z, 0, out + ooff + 2u * (8u * g + " << u(A * c) << ")); }\n";
    } else {
        os << "        if (valid) "
           << storePoints("ooff + (idx_t)(8u * g + " + u(A * c) + ")", "ur[" + r + "] * scaleRe", "ui[" + r + "] * scaleIm")
           << "\n";
    }
}

void RowLaneKernel::prelude()
{
    os << kernelHeaderComment(spec, {std::to_string(B) + " transform(s) per work-group, points n = 8a + b in lane b of vector a (row_lanes.cpp):",
                                     std::to_string(A) + "-point Stockham passes on vectors, then 8-point DFTs across the lanes."})
       << precisionTypes(spec, {{"vreal_t", w}, {"creal_t", "8"}, {"creal2_t", "16"}});
    std::set<int> distinct(spec.radices.begin(), spec.radices.end());
    if (W == 8)
        distinct.insert(8);
    for (int r : distinct)
        os << emitScalarCodelet(r, spec.precision, "vreal_t") << "\n";
    if (W == 16) { // the 8-point DFTs across the lanes are on halves of vectors
        std::string c = emitScalarCodelet(8, spec.precision, "creal_t");
        const std::size_t at = c.find("dft8s(");
        os << c.replace(at, 6, "dft8c(") << "\n";
    }

    // 8 x 8 transpose of 8 vectors in three rounds of two-vector shuffles: t[b] lane l = v[l] lane b
    os << "static inline void transpose8(" << (W == 8 ? "__local " : "") << "const creal_t* v, creal_t* t)\n{\n"
       << "    const creal_t r0 = v[0], r1 = v[1], r2 = v[2], r3 = v[3], r4 = v[4], r5 = v[5], r6 = v[6], r7 = v[7];\n";
    auto pairs2 = [&](const std::string& name, const std::string& a, const std::string& b, const char* i) {
        // lanes i[0..3] of a and b alternated
        return "    const creal_t " + name + " = (creal_t)(" + a + ".s" + i[0] + ", " + b + ".s" + i[0] + ", " + a + ".s" + i[1] +
               ", " + b + ".s" + i[1] + ", " + a + ".s" + i[2] + ", " + b + ".s" + i[2] + ", " + a + ".s" + i[3] + ", " + b +
               ".s" + i[3] + ");\n";
    };
    for (int q = 0; q < 4; ++q) { // u(2q), u(2q+1): lanes 0 1 4 5 / 2 3 6 7 of rows 2q, 2q+1 interleaved
        const std::string a = "r" + std::to_string(2 * q), b = "r" + std::to_string(2 * q + 1);
        os << pairs2("u" + std::to_string(2 * q), a, b, "0145") << pairs2("u" + std::to_string(2 * q + 1), a, b, "2367");
    }
    for (int h = 0; h < 2; ++h) // v: pairs of lanes of u(4h + i) and u(4h + i + 2), four rows per vector
        for (int i = 0; i < 2; ++i) {
            const std::string a = "u" + std::to_string(4 * h + i), b = "u" + std::to_string(4 * h + i + 2);
            for (int lo = 0; lo < 2; ++lo)
                os << "    const creal_t v" << 4 * h + 2 * i + (lo ? 0 : 1) << " = (creal_t)(" << a << (lo ? ".s01, " : ".s23, ")
                   << b << (lo ? ".s01, " : ".s23, ") << a << (lo ? ".s45, " : ".s67, ") << b << (lo ? ".s45);\n" : ".s67);\n");
        }
    for (int c = 0; c < 8; ++c) // column c: rows 0-3 from v(c % 4), rows 4-7 from v(c % 4 + 4), low or high half
        os << "    t[" << c << "] = (creal_t)(v" << c % 4 << (c < 4 ? ".lo" : ".hi") << ", v" << c % 4 + 4
           << (c < 4 ? ".lo" : ".hi") << ");\n";
    os << "}\n\n";

}

void RowLaneKernel::ownership()
{
    os << kernelSignature(spec, B * T)
       << "    const uint lid = (uint)get_local_id(0), s = lid / " << u(T) << ", t = lid % " << u(T) << ";\n"
       << "    // transform slot s of the group; a slot past the last transform computes the last one again\n"
       << "    // and stores nothing\n"
       << "    const idx_t m = (idx_t)get_group_id(0) * " << u(B) << " + s;\n";
    // Offsets of transform `index` into (inOff, outOff).
    auto offsets = [&](const std::string& index, const std::string& inOff, const std::string& outOff) {
        os << "    { idx_t rest = " << index << ";\n" << batchOffsets(spec, "      ", inOff, outOff) << " }\n";
    };
    if (pairs) { // rows 2m (ioff, ooff) and 2m + 1 (ioffB, ooffB)
        os << "    const bool valid = 2u * m < nTransforms, validB = 2u * m + 1u < nTransforms;\n"
           << "    idx_t ioff = 0, ooff = 0, ioffB = 0, ooffB = 0;\n";
        offsets("valid ? 2u * m : nTransforms - 1u", "ioff", "ooff");
        offsets("validB ? 2u * m + 1u : (valid ? 2u * m : nTransforms - 1u)", "ioffB", "ooffB");
    } else {
        os << "    const bool valid = m < nTransforms;\n    idx_t ioff = 0, ooff = 0;\n";
        offsets("valid ? m : nTransforms - 1u", "ioff", "ooff");
    }
    // Two buffers, the passes alternating between them (pass p writes buffer p % 2): no pass reads
    // and writes one buffer, so one barrier per pass and no values held across one (PoCL keeps
    // those in per-work-item memory; measured 6-10% faster at 4096 than one buffer). Z of a real
    // transform sits in the buffer the passes next to it do not use, a vector past its end for
    // Z[N] = Z[0] (R2C).
    const std::size_t slot = A + 1;
    os << "    const real_t scaleRe = scale, scaleIm = scale * dirSign;\n";
    for (int b = 0; b < 2; ++b)
        os << "    __local vreal_t lr" << b << "All[" << B * slot << "], li" << b << "All[" << B * slot << "];\n"
           << "    __local vreal_t* lr" << b << " = lr" << b << "All + s * " << u(slot) << ";\n"
           << "    __local vreal_t* li" << b << " = li" << b << "All + s * " << u(slot) << ";\n";
    if (forward || backward) { // R2C: after the last pass; C2R: before the first, which writes buffer 0
        const std::string z = forward ? buffer(passes.size()) : "1";
        os << "    __local real_t* zr = (__local real_t*)lr" << z << ";\n"
           << "    __local real_t* zi = (__local real_t*)li" << z << ";\n";
    }
    os << "    vreal_t vr[" << vectorRegisters(passes, T) << "], vi[" << vectorRegisters(passes, T) << "];\n";

}

void RowLaneKernel::preStage()
{
    if (backward && pairs) {
        // Z[k] = X_a[k] + i X_b[k], and from the same loads Z[N-k] = conj(X_a[k]) + i conj(X_b[k]):
        // 8 k below N/2 and their mirrors at a time, then Z[N/2]
        const std::string h = u(N / 2);
        os << "\n    // two hermitian halves -> Z, k and N - k for 8 consecutive k < N/2 at a time, then k = N/2\n";
        forEachItem(N / (2 * V), [&](std::size_t, const std::string& j) {
            os << "        const uint k0 = 8u * " << j << ";\n        creal_t ar, ai, br, bi;\n"
               << loadPoints("ioff + (idx_t)k0", "ar", "ai", false) << loadPoints("ioffB + (idx_t)k0", "br", "bi", false)
               << "        vstore8(ar - bi, 0, zr + k0); vstore8((ai + br) * dirSign, 0, zi + k0);\n"
               << "        vstore8((ar + bi).s76543210, 0, zr + " << u(N - V + 1) << " - k0);\n"
               << "        vstore8(((br - ai) * dirSign).s76543210, 0, zi + " << u(N - V + 1) << " - k0);\n";
        });
        auto point = [&](const std::string& off) {
            return inPlanar ? "(real2_t)(inRe[" + off + " + " + h + "], inIm[" + off + " + " + h + "])"
                            : "in[" + off + " + " + h + "]";
        };
        os << "    if (t == 0u) { const real2_t a = " << point("ioff") << ", b = " << point("ioffB") << ";\n"
           << "        zr[" << h << "] = a.x - b.y; zi[" << h << "] = (a.y + b.x) * dirSign; }\n"
           << barrier;
    }
    if (split) {
        // Z[k] = E + iO, E = X[k] + conj(X[N-k]), O = (X[k] - conj(X[N-k])) exp(2 pi i k / 2N), and
        // from the same loads Z[N-k] = conj(E) + i conj(O): 8 k below N/2 and their mirrors at a
        // time, then Z[N/2]
        const std::string h = u(N / 2);
        os << "\n    // hermitian half -> Z, k and N - k for 8 consecutive k < N/2 at a time, then k = N/2\n";
        forEachItem(N / (2 * V), [&](std::size_t, const std::string& j) {
            os << "        const uint k0 = 8u * " << j << ";\n        creal_t Ar, Ai, Br, Bi;\n"
               << loadPoints("ioff + (idx_t)k0", "Ar", "Ai", false)
               << loadPoints("ioff + (idx_t)(" + u(N - V + 1) + " - k0)", "Br", "Bi", true)
               << "        const creal2_t wz = vload16(0, (__global const real_t*)(tw + " << u(realBase) << " + k0));\n"
               << "        const creal_t Er = Ar + Br, Ei = Ai - Bi, Dr = Ar - Br, Di = Ai + Bi;\n"
               << "        const creal_t Or = Dr * wz.even + Di * wz.odd, Oi = Di * wz.even - Dr * wz.odd;\n"
               << "        vstore8(Er - Oi, 0, zr + k0); vstore8((Ei + Or) * dirSign, 0, zi + k0);\n"
               << "        vstore8((Er + Oi).s76543210, 0, zr + " << u(N - V + 1) << " - k0);\n"
               << "        vstore8(((Or - Ei) * dirSign).s76543210, 0, zi + " << u(N - V + 1) << " - k0);\n";
        });
        const std::string x = inPlanar ? "(real2_t)(inRe[ioff + " + h + "], inIm[ioff + " + h + "])" : "in[ioff + " + h + "]";
        os << "    if (t == 0u) { const real2_t a = " << x << ", w = tw[" << u(realBase) << " + " << h << "];\n"
           << "        const real_t Er = 2 * a.x, Ei = 0, Dr = 0, Di = 2 * a.y;\n"
           << "        const real_t Or = Dr * w.x + Di * w.y, Oi = Di * w.x - Dr * w.y;\n"
           << "        zr[" << h << "] = Er - Oi; zi[" << h << "] = (Ei + Or) * dirSign; }\n"
           << barrier;
    }
}

void RowLaneKernel::lanePasses()
{
    // ---- 1. A-point DFTs of the lanes
    for (std::size_t p = 0; p < passes.size(); ++p) {
        const VectorPass& s = passes[p];
        const int R = s.radix;
        const bool last = p + 1 == passes.size();
        const std::string from = buffer(p + 1), to = buffer(p);
        os << "\n    // pass " << p << ": radix " << R << ", span " << s.span << ", " << s.butterflies << " butterflies";
        if (p > 0)
            os << ", buffer " << from << " -> " << to << "\n" << barrier;
        else
            os << " -> buffer " << to << "\n";
        forEachItem(s.butterflies, [&](std::size_t q, const std::string& j) {
            std::ostringstream rowB; // pairs: the loads of row 2m + 1 after those of row 2m (measured 2-5% faster)
            for (int r = 0; r < R; ++r) {
                const std::string e = vectorReadElement(s, j, r), k = vectorSlot(s, q, r);
                if (p > 0) {
                    os << "        vr[" << k << "] = lr" << from << "[" << e << "]; vi[" << k << "] = li" << from << "[" << e
                       << "];\n";
                    continue;
                }
                const std::string at = "ioff + (idx_t)(" + e + ") * " + u(W);
                if (backward) // Z from local memory
                    os << "        vr[" << k << "] = vload" << w << "(0, zr + (" << e << ") * " << u(W) << "); vi[" << k
                       << "] = vload" << w << "(0, zi + (" << e << ") * " << u(W) << ");\n";
                else if (forward && pairs) { // rows 2m and 2m + 1
                    os << "        vr[" << k << "] = vload" << w << "(0, in + ioff + (idx_t)(" << e << ") * " << u(W) << ");\n";
                    rowB << "        vi[" << k << "] = vload" << w << "(0, in + ioffB + (idx_t)(" << e << ") * " << u(W) << ");\n";
                } else if (forward) // z[n] = x[2n] + i x[2n+1]: 2W reals
                    os << "        "
                       << loadEvenOdd("in + ioff + (idx_t)(" + e + ") * " + u(2 * W), "vr[" + k + "]", "vi[" + k + "]") << "\n";
                else if (W == 8)
                    os << loadPoints(at, "vr[" + k + "]", "vi[" + k + "]", false) << "        vi[" << k << "] *= dirSign;\n";
                else
                    os << "        { creal_t r0, i0, r1, i1;\n" << loadPoints(at, "r0", "i0", false)
                       << loadPoints(at + " + 8u", "r1", "i1", false) << "        vr[" << k << "] = (vreal_t)(r0, r1); vi[" << k
                       << "] = (vreal_t)(i0, i1) * dirSign; }\n";
            }
            os << rowB.str();
            emitVectorButterfly(os, s, q, j);
            for (int r = 0; r < R; ++r) {
                const std::string e = vectorWriteElement(s, A, j, r), k = vectorSlot(s, q, r);
                if (last) // lane b of output k: times w_N^(b k)
                    os << "        { vreal_t cr, ci; "
                       << loadEvenOdd("(__global const real_t*)(tw + " + u(laneBase) + " + (" + e + ") * " + u(W) + ")", "cr",
                                      "ci")
                       << " const vreal_t a = vr[" << k << "]; vr[" << k << "] = a * cr - vi[" << k << "] * ci; vi[" << k
                       << "] = a * ci + vi[" << k << "] * cr; }\n";
                os << "        lr" << to << "[" << e << "] = vr[" << k << "]; li" << to << "[" << e << "] = vi[" << k << "];\n";
            }
        });
    }
}

void RowLaneKernel::acrossLanes()
{
    // ---- 2. DFTs across the lanes, 8 outputs k at a time: the 8 vectors of each group
    // transposed in registers (lane b of vector 8g + l to lane l of vector b). With 16 lanes, a
    // radix-2 step first: X[k + A (2c + h)] = sum_b w_8^(b c) w_16^(b h) (Y_b[k] + (-1)^h Y_(b+8)[k]),
    // two 8-point DFTs over halves of the vectors.
    const std::string from = buffer(passes.size() + 1);
    os << "\n    // across the lanes: X[k + " << A << " c] for k = 8g..8g+7\n" << barrier;
    std::string twr = "(creal_t)(", twi = "(creal_t)("; // w_16^b, b < 8, for the radix-2 step of 16 lanes
    for (int b = 0; b < 8; ++b) {
        const long double angle = 2 * kPi * b / 16;
        twr += (b ? ", " : "") + realLiteral(std::cos(angle), spec.precision);
        twi += (b ? ", " : "") + realLiteral(-std::sin(angle), spec.precision);
    }
    twr += ")";
    twi += ")";
    forEachItem(A / V, [&](std::size_t, const std::string& j) {
        os << "        const uint g = " << j << ";\n        creal_t ur[8], ui[8];\n";
        if (W == 8) {
            for (int c = 0; c < 2; ++c)
                os << "        transpose8(" << (c ? "li" : "lr") << from << " + 8u * g, " << (c ? "ui" : "ur") << ");\n";
            os << "        dft8s(ur, ui);\n";
            for (std::size_t c = 0; c < W; ++c)
                output(c, c);
            return;
        }
        os << "        creal_t hr[8], hi[8];\n";
        for (int h = 0; h < 2; ++h) {
            os << "        for (uint i = 0; i < 8u; ++i) {\n"
               << "            const vreal_t yr = lr" << from << "[8u * g + i], yi = li" << from << "[8u * g + i];\n";
            if (h == 0)
                os << "            hr[i] = yr.lo + yr.hi; hi[i] = yi.lo + yi.hi;\n";
            else
                os << "            const creal_t dr = yr.lo - yr.hi, di = yi.lo - yi.hi;\n"
                   << "            hr[i] = dr * " << twr << " - di * " << twi << "; hi[i] = dr * " << twi << " + di * " << twr
                   << ";\n";
            os << "        }\n        transpose8(hr, ur); transpose8(hi, ui); dft8c(ur, ui);\n";
            for (std::size_t c = 0; c < 8; ++c)
                output(2 * c + static_cast<std::size_t>(h), c);
        }
    });
}

void RowLaneKernel::postStage()
{
    if (forward && pairs) {
        const std::string half = realLiteral(0.5L, spec.precision);
        os << "\n    // Z -> the two hermitian halves, 8 consecutive k at a time, and k = " << N / 2 << "\n" << barrier;
        forEachItem(N / (2 * V), [&](std::size_t, const std::string& j) {
            os << "        const uint k0 = 8u * " << j << ";\n"
               << "        const creal_t Ar = vload8(0, zr + k0), Ai = vload8(0, zi + k0);\n"
               << "        const creal_t Br = vload8(0, zr + " << u(N - V + 1) << " - k0).s76543210,\n"
               << "                      Bi = vload8(0, zi + " << u(N - V + 1) << " - k0).s76543210;\n"
               << "        if (valid) " << storePoints("ooff + k0", half + " * (Ar + Br) * scaleRe", half + " * (Ai - Bi) * scaleIm")
               << "\n        if (validB) " << storePoints("ooffB + k0", half + " * (Ai + Bi) * scaleRe", half + " * (Br - Ar) * scaleIm")
               << "\n";
        });
        const std::string h = u(N / 2);
        if (outPlanar)
            os << "    if (t == 0u) { if (valid) { outRe[ooff + " << h << "] = zr[" << h << "] * scaleRe; outIm[ooff + " << h
               << "] = 0; } if (validB) { outRe[ooffB + " << h << "] = zi[" << h << "] * scaleRe; outIm[ooffB + " << h
               << "] = 0; } }\n";
        else
            os << "    if (t == 0u) { if (valid) out[ooff + " << h << "] = (real2_t)(zr[" << h
               << "] * scaleRe, 0); if (validB) out[ooffB + " << h << "] = (real2_t)(zi[" << h << "] * scaleRe, 0); }\n";
    }
    if (merge) {
        // X[k] = E + W^k O, E = (Z[k] + conj(Z[N-k])) / 2, O = -i (Z[k] - conj(Z[N-k])) / 2, W = exp(-2 pi i / 2N),
        // and from the same loads X[N-k] = conj(E - W^k O): 8 k below N/2 and their mirrors (down to
        // X[N]) at a time, then X[N/2]
        const std::string half = realLiteral(0.5L, spec.precision), h = u(N / 2);
        os << "\n    // Z -> hermitian half, k and N - k for 8 consecutive k < N/2 at a time, then k = N/2\n" << barrier;
        forEachItem(N / (2 * V), [&](std::size_t, const std::string& j) {
            os << "        const uint k0 = 8u * " << j << ";\n"
               << "        const creal_t Ar = vload8(0, zr + k0), Ai = vload8(0, zi + k0);\n"
               << "        const creal_t Br = vload8(0, zr + " << u(N - V + 1) << " - k0).s76543210,\n"
               << "                      Bi = vload8(0, zi + " << u(N - V + 1) << " - k0).s76543210;\n"
               << "        const creal2_t wz = vload16(0, (__global const real_t*)(tw + " << u(realBase)
               << " + k0));\n"
               << "        const creal_t Er = " << half << " * (Ar + Br), Ei = " << half << " * (Ai - Bi);\n"
               << "        const creal_t Or = " << half << " * (Ai + Bi), Oi = " << half << " * (Br - Ar);\n"
               << "        const creal_t WOr = Or * wz.even - Oi * wz.odd, WOi = Oi * wz.even + Or * wz.odd;\n"
               << "        if (valid) " << storePoints("ooff + k0", "(Er + WOr) * scaleRe", "(Ei + WOi) * scaleIm") << "\n"
               << "        if (valid) "
               << storePoints("ooff + " + u(N - V + 1) + " - k0", "((Er - WOr) * scaleRe).s76543210",
                              "((WOi - Ei) * scaleIm).s76543210")
               << "\n";
        });
        const std::string store = outPlanar ? "{ outRe[ooff + " + h + "] = Xr; outIm[ooff + " + h + "] = Xi; }"
                                            : "out[ooff + " + h + "] = (real2_t)(Xr, Xi);";
        os << "    if (valid && t == 0u) { const real_t Ar = zr[" << h << "], Ai = zi[" << h << "];\n"
           << "        const real2_t w = tw[" << u(realBase) << " + " << h << "];\n"
           << "        const real_t Er = " << half << " * (Ar + Ar), Ei = 0, Or = " << half << " * (Ai + Ai), Oi = 0;\n"
           << "        const real_t Xr = (Er + Or * w.x - Oi * w.y) * scaleRe, Xi = (Ei + Oi * w.x + Or * w.y) * scaleIm;\n"
           << "        " << store << " }\n";
    }
}

std::string RowLaneKernel::source()
{
    prelude();
    ownership();
    preStage();
    lanePasses();
    acrossLanes();
    postStage();
    os << "}\n";
    return os.str();
}

} // namespace

std::string generateRowLaneSource(const KernelSpec& spec)
{
    check(spec);
    return RowLaneKernel(spec).source();
}

} // namespace clfft_ng
