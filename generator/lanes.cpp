// Lane kernels: Stockham passes in which every work-item value is an OpenCL vector of W
// transforms that neighbour along one batch dimension ("lanes"). Where the lanes sit at unit
// stride (the columns of a 2D/3D transform, the sub-passes of a long 1-D one) a point of all
// lanes is one vector load or store; elsewhere (rows) the lanes are gathered and scattered.
//
// On a CPU device, work-items run one after the other in a loop, and PoCL's compiler does not
// vectorize that loop for kernels written with real2_t arithmetic. A lane kernel is vector
// code by construction: one vload of 2W reals brings point e of W neighbouring transforms
// (one or two cache lines, used whole), the codelets run on vectors of real and imaginary
// parts, and the stores write whole lines back. The pass structure (radices, spans, local
// exchanges, twiddle tables) is that of stockham.cpp, with one group of W transforms per
// work-group and the real and imaginary parts in separate local arrays.
#include "lanes.h"
#include "unit_roots.h"

#include "butterfly.h"
#include "global_access.h"
#include "kernel_args.h"
#include "kernel_prelude.h"
#include "stockham.h"
#include "vector_passes.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>
#include <stdexcept>

namespace clfft_ng {

namespace {

// The lane kernel as a skeleton with hooks, like stockham.cpp's StockhamKernel: source() prints
// the prelude, the group's lanes and offsets, the real pre-stage, the radix passes (the first
// reads global memory through loadElement, the last writes it through storeElement, the others
// exchange through the local buffers), Bluestein's step between its rounds, and the real
// post-stage.
class LaneKernel {
public:
    explicit LaneKernel(const KernelSpec& k);
    std::string source();

private:
    const KernelSpec& spec;
    const std::size_t W, N, T;
    // Even real passes: a half-length complex FFT with the split (C2R) / merge (R2C) stage.
    const bool realForward, realBackward;
    const FusedStep step;
    // Bluestein in one kernel: the convolution's two rounds of passes over M points.
    const bool bluestein;
    // Odd real passes and Bluestein on real data: the complex FFT of all `points` points, reading
    // reals (realDir > 0) or the hermitian half expanded by X[N-k] = conj(X[k]) (realDir < 0),
    // keeping X[k] for k <= N/2 or the real parts.
    const int realDir;
    const std::size_t points;
    const std::string w, w2; // W and 2W as text (vector widths)
    const std::vector<VectorPass> passes;
    const TableLayout table;
    const std::size_t SL;    // the two-level stage table's split
    const bool perLaneTwiddles;
    // Bluestein steps: the chirp (Load, Store) or the kernel's spectrum (Multiply) at
    // table.steps; point e of lane l sits at position coord0 + l + e * S along the transform
    // when the lanes run along batch dimension 0, at coord0 + e * S for every lane otherwise.
    const bool lanePositions;
    // Every group full: the lanes' table entries are neighbours, one vector load.
    const bool laneTables;
    const std::size_t S, chirpN;
    const GlobalAccess io;
    // Local buffers: passes that read local memory write the other buffer when there are two
    // (laneLocalBuffers), so that no values are held across a barrier.
    const std::size_t buffers;
    const std::string barrier;
    const bool inPlanar, outPlanar;
    std::size_t cur = 0; // the local buffer holding the latest values
    std::ostringstream os;

    void forEachItem(std::size_t count, const std::function<void(std::size_t, const std::string&)>& body)
    {
        forEachVectorItem(os, T, count, body);
    }
    std::string writeElement(const VectorPass& s, const std::string& j, int r) const
    {
        return vectorWriteElement(s, N, j, r);
    }
    // Point `at` (an element offset) of every lane into re, im: one vector load when the lanes
    // are neighbours, else element by element.
    std::string loadInto(const std::string& at, const std::string& re, const std::string& im) const;
    std::string loadText(const std::string& at, const std::string& k) const
    {
        return loadInto(at, "vr[" + k + "]", "vi[" + k + "]");
    }
    // Real side (always element by element): reals at offsets `at` (real part) and `at2`.
    std::string loadRealPair(const std::string& at, const std::string& at2, const std::string& k) const;
    std::string storeRealPair(const std::string& at, const std::string& at2, const std::string& re,
                              const std::string& im) const;
    std::string storeText(const std::string& at, const std::string& re, const std::string& im) const;
    // Point e (< points) of the transform into vr[k], vi[k], on real data too (see realDir).
    std::string loadPoint(const std::string& e, const std::string& k) const;
    // Statement storing point e of the result (scaled already), on real data too.
    std::string storePoint(const std::string& e, const std::string& re, const std::string& im) const;

    void ownership();
    // Backward real: the spectrum of z[n] = x[2n] + i x[2n+1] from the hermitian half, into
    // local memory (the algebra of stockham.cpp's pre-stage, on lanes).
    void expandHermitian();
    // Hook: input element e of the first pass into vr[k], vi[k].
    void loadElement(const std::string& e, const std::string& k);
    // Hook: vr[k], vi[k], output element e of the last pass, to global memory.
    void storeElement(const std::string& e, const std::string& k);
    // Forward real: Z split into the hermitian half X[0..M] (stockham.cpp's merge stage).
    void mergeHermitian();
};

LaneKernel::LaneKernel(const KernelSpec& k)
    : spec(k), W(k.simdLanes), N(k.length), T(k.threadsPerTransform),
      realForward(k.kind == PassKind::RealForward && k.halfLengthReal()),
      realBackward(k.kind == PassKind::RealBackward && k.halfLengthReal()), step(k.fusedStep),
      bluestein(k.kind == PassKind::Bluestein),
      realDir(k.kind == PassKind::RealForward    ? 1
              : k.kind == PassKind::RealBackward ? -1
              : bluestein                        ? k.realDirection
                                                 : 0),
      points(bluestein ? k.transformLength : N), w(std::to_string(W)), w2(std::to_string(2 * W)),
      passes(vectorPasses(k.radices, N)), table(tableLayout(k)), SL(k.stageTwiddleLength ? stageSplit(k) : 0),
      perLaneTwiddles(k.stageTwiddleLength && k.laneDim == 0), lanePositions(step != FusedStep::None && k.laneDim == 0),
      laneTables(lanePositions && k.laneFull), S(k.fusedPositionStride), chirpN(k.transformLength), io(k),
      buffers(laneLocalBuffers(k)), barrier(k.barrier()), inPlanar(k.inLayout == ComplexLayout::Planar),
      outPlanar(k.outLayout == ComplexLayout::Planar)
{
}

std::string LaneKernel::loadInto(const std::string& at, const std::string& re, const std::string& im) const
{
    std::ostringstream t;
    if (!spec.laneGatherIn) {
        // neighbours: one vector load; when not every group is full, the group cut short by
        // the end of the dimension takes the element-by-element form below
        t << "        " << (spec.laneFull ? "" : "if (valid == " + u(W) + ") ");
        if (inPlanar)
            t << "{ " << re << " = vload" << w << "(0, inRe + " << at << "); " << im << " = vload" << w
              << "(0, inIm + " << at << "); }\n";
        else
            t << "{ const vreal2_t z = vload" << w2 << "(0, (__global const real_t*)in + 2u * (" << at
              << ")); " << re << " = z.even; " << im << " = z.odd; }\n";
        if (spec.laneFull)
            return t.str();
        t << "        else";
    }
    t << "        { const idx_t o = " << at << ";";
    for (int c = 0; c < 2; ++c) {
        t << " " << (c ? im : re) << " = (vreal_t)(";
        for (std::size_t l = 0; l < W; ++l) {
            t << (l ? ", " : "");
            if (inPlanar)
                t << (c ? "inIm" : "inRe") << "[o + laneIn[" << l << "]]";
            else
                t << "in[o + laneIn[" << l << "]]." << (c ? "y" : "x");
        }
        t << ");";
    }
    t << " }\n";
    return t.str();
}

std::string LaneKernel::loadRealPair(const std::string& at, const std::string& at2, const std::string& k) const
{
    std::ostringstream t;
    if (spec.realPairs) { // x[2e], x[2e+1] side by side: one 8- or 16-byte load per lane
        t << "        { const idx_t o = " << at << ";";
        for (std::size_t l = 0; l < W; ++l)
            t << " const real2_t p" << l << " = vload2(0, in + o + laneIn[" << l << "]);";
        for (int c = 0; c < 2; ++c) {
            t << " v" << (c ? "i" : "r") << "[" << k << "] = (vreal_t)(";
            for (std::size_t l = 0; l < W; ++l)
                t << (l ? ", " : "") << "p" << l << (c ? ".y" : ".x");
            t << ");";
        }
        t << " }\n";
        return t.str();
    }
    t << "        { const idx_t o = " << at << ", o2 = " << at2 << ";";
    for (int c = 0; c < 2; ++c) {
        t << " v" << (c ? "i" : "r") << "[" << k << "] = (vreal_t)(";
        for (std::size_t l = 0; l < W; ++l)
            t << (l ? ", " : "") << "in[" << (c ? "o2" : "o") << " + laneIn[" << l << "]]";
        t << ");";
    }
    t << " }\n";
    return t.str();
}

std::string LaneKernel::storeRealPair(const std::string& at, const std::string& at2, const std::string& re,
                                      const std::string& im) const
{
    std::ostringstream t;
    if (spec.realPairs) {
        t << "        { const idx_t o = " << at << "; const vreal_t a = " << re << ", b = " << im << ";";
        for (std::size_t l = W; l-- > 0;) {
            const std::string lane(1, "0123456789abcdef"[l]);
            t << " vstore2((real2_t)(a.s" << lane << ", b.s" << lane << "), 0, out + o + laneOut[" << l << "]);";
        }
        t << " }\n";
        return t.str();
    }
    t << "        { const idx_t o = " << at << ", o2 = " << at2 << "; const vreal_t a = " << re << ", b = " << im << ";";
    for (std::size_t l = W; l-- > 0;) {
        const std::string lane(1, "0123456789abcdef"[l]);
        t << " out[o + laneOut[" << l << "]] = a.s" << lane << "; out[o2 + laneOut[" << l << "]] = b.s" << lane << ";";
    }
    t << " }\n";
    return t.str();
}

std::string LaneKernel::storeText(const std::string& at, const std::string& re, const std::string& im) const
{
    std::ostringstream t;
    if (!spec.laneGatherOut) {
        t << "        " << (spec.laneFull ? "" : "if (valid == " + u(W) + ") ");
        if (outPlanar)
            t << "{ vstore" << w << "(" << re << ", 0, outRe + " << at << "); vstore" << w << "(" << im
              << ", 0, outIm + " << at << "); }\n";
        else
            t << "{ vreal2_t z; z.even = " << re << "; z.odd = " << im << "; vstore" << w2
              << "(z, 0, (__global real_t*)out + 2u * (" << at << ")); }\n";
        if (spec.laneFull)
            return t.str();
        t << "        else";
    }
    // Lanes past the end share the last valid lane's offset but may hold other values (their
    // stage twiddles differ): the stores go from the last lane down, so the valid lane's
    // value is the one that stays.
    t << "        { const idx_t o = " << at << "; const vreal_t a = " << re << ", b = " << im << ";";
    for (std::size_t l = W; l-- > 0;) {
        const std::string lane = W <= 16 ? std::string(1, "0123456789abcdef"[l]) : std::to_string(l);
        if (outPlanar)
            t << " outRe[o + laneOut[" << l << "]] = a.s" << lane << "; outIm[o + laneOut[" << l << "]] = b.s" << lane << ";";
        else
            t << " out[o + laneOut[" << l << "]] = (real2_t)(a.s" << lane << ", b.s" << lane << ");";
    }
    t << " }\n";
    return t.str();
}

std::string LaneKernel::loadPoint(const std::string& e, const std::string& k) const
{
    const std::string at = "ioff + (idx_t)(" + e + ") * inStride";
    if (realDir > 0) {
        std::ostringstream t;
        t << "        { const idx_t o = " << at << "; vr[" << k << "] = (vreal_t)(";
        for (std::size_t l = 0; l < W; ++l)
            t << (l ? ", " : "") << "in[o + laneIn[" << l << "]]";
        t << "); vi[" << k << "] = (vreal_t)0; }\n";
        return t.str();
    }
    if (realDir < 0)
        return "        if ((" + e + ") <= " + u(points / 2) + ") {\n    " + loadText(at, k) + "        } else {\n    " +
               loadText("ioff + (idx_t)(" + u(points) + " - (" + e + ")) * inStride", k) + "            vi[" + k +
               "] = -vi[" + k + "];\n        }\n";
    return loadText(at, k);
}

std::string LaneKernel::storePoint(const std::string& e, const std::string& re, const std::string& im) const
{
    const std::string at = "ooff + (idx_t)(" + e + ") * outStride";
    if (realDir > 0)
        return "        if ((" + e + ") <= " + u(points / 2) + ") {\n    " + storeText(at, re, im) + "        }\n";
    if (realDir < 0) {
        std::ostringstream t;
        t << "        { const idx_t o = " << at << "; const vreal_t a = " << re << ";";
        for (std::size_t l = W; l-- > 0;)
            t << " out[o + laneOut[" << l << "]] = a.s" << "0123456789abcdef"[l] << ";";
        t << " }\n";
        return t.str();
    }
    return storeText(at, re, im);
}

// The group's lanes and offsets (masked and gathered lanes), the locals and the registers.
void LaneKernel::ownership()
{
    os << "    const uint t = (uint)get_local_id(0);\n"
       << "    idx_t rest = (idx_t)get_group_id(0), ioff = 0, ooff = 0, coord0 = 0;\n"
       << "    uint valid = " << w << "u;\n";
    for (int d = 0; d < spec.batchDims; ++d) {
        const std::string cnt = "count" + std::to_string(d);
        const bool lane = d == spec.laneDim;
        const std::string groups = lane ? "((" + cnt + " + " + u(W - 1) + ") / " + u(W) + ")" : cnt;
        os << "    { idx_t c = " << (d + 1 < spec.batchDims ? "rest % " + groups : "rest") << "; rest /= " << groups << ";";
        if (lane)
            os << " c *= " << u(W) << "; valid = (uint)min((idx_t)" << u(W) << ", " << cnt << " - c);";
        if (d == 0)
            os << " coord0 = c;";
        os << " ioff += c * inStride" << d << "; ooff += c * outStride" << d << "; }\n";
    }
    // Gathered sides: the offset of each lane, lanes past the end of the dimension clamped to
    // the last valid one, so no lane needs a branch (see the stores for why that is safe).
    for (int side = 0; side < 2; ++side) {
        if (!(side == 0 ? spec.laneGatherIn : spec.laneGatherOut) && spec.laneFull)
            continue;
        const std::string name = side == 0 ? "laneIn" : "laneOut";
        const std::string stride = (side == 0 ? "inStride" : "outStride") + std::to_string(spec.laneDim);
        os << "    const idx_t " << name << "[" << W << "] = {";
        for (std::size_t l = 0; l < W; ++l)
            os << (l ? ", " : "") << "(idx_t)min(" << u(l) << ", valid - 1u) * " << stride;
        os << "};\n";
    }
    if (step != FusedStep::None) {
        if (step == FusedStep::Load)
            os << "    const idx_t first = ioff - coord0 * inStride0; // the transform's point 0, always readable\n";
        if (lanePositions) {
            os << "    const uint lc[" << W << "] = {";
            for (std::size_t l = 0; l < W; ++l)
                os << (l ? ", " : "") << "min(" << u(l) << ", valid - 1u)";
            os << "};\n";
        }
    }
    os << "    const real_t scaleRe = scale, scaleIm = scale * dirSign;\n";
    for (std::size_t b = 0; b < buffers; ++b)
        os << "    __local vreal_t lr" << b << "[" << N << "], li" << b << "[" << N << "];\n";
    os << "    vreal_t vr[" << vectorRegisters(passes, T) << "], vi[" << vectorRegisters(passes, T) << "];\n";
}

void LaneKernel::expandHermitian()
{
    const std::size_t M = N;
    os << "\n    // Z[k] = E + iO, E = X[k] + conj(X[M-k]), O = (X[k] - conj(X[M-k])) exp(2 pi i k / N)\n";
    forEachItem(M / 2 + 1, [&](std::size_t, const std::string& k) {
        os << "        const uint k = " << k << ";\n        vreal_t Ar, Ai, Br, Bi;\n"
           << loadInto("ioff + (idx_t)k * inStride", "Ar", "Ai")
           << loadInto("ioff + (idx_t)(" + u(M) + " - k) * inStride", "Br", "Bi")
           << "        const real2_t w = tw[" << u(table.realFactors) << " + k];\n"
           << "        const vreal_t Er = Ar + Br, Ei = Ai - Bi, Dr = Ar - Br, Di = Ai + Bi;\n"
           << "        const vreal_t Or = Dr * w.x + Di * w.y, Oi = Di * w.x - Dr * w.y;\n"
           << "        lr0[k] = Er - Oi; li0[k] = (Ei + Or) * dirSign;\n"
           << "        if (k > 0u && k < " << u(M) << " - k) { lr0[" << u(M) << " - k] = Er + Oi; li0[" << u(M)
           << " - k] = (Or - Ei) * dirSign; }\n";
    });
}

void LaneKernel::loadElement(const std::string& e, const std::string& k)
{
    if (bluestein) {
        // x[e] conj(b[e]) for e < N, zero padding up to M
        os << "        if ((" << e << ") < " << u(spec.transformLength) << ") {\n    "
           << loadPoint(e, k) << "            { const real2_t c = tw["
           << u(table.steps) << " + (" << e << ")]; const vreal_t a = vr[" << k << "], b = vi[" << k
           << "] * dirSign; vr[" << k << "] = a * c.x - b * c.y; vi[" << k << "] = a * c.y + b * c.x; }\n"
           << "        } else { vr[" << k << "] = (vreal_t)0; vi[" << k << "] = (vreal_t)0; }\n";
        return;
    }
    if (step == FusedStep::Load) {
        // x[p] conj(b[p]) for p < N, zero beyond (masked lanes read point 0).
        os << "        { const uint p0 = (uint)coord0 + (" << e << ") * " << u(S) << "; const idx_t o = ioff + (idx_t)("
           << e << ") * inStride;";
        if (laneTables) {
            // chirp entries p0..p0+W-1, zero past N (the table is padded), so the
            // lanes past N come out zero without a mask on the product
            os << " const vreal2_t c = vload" << w2 << "(0, (__global const real_t*)(tw + " << u(table.steps)
               << " + min(p0, " << u(chirpN) << ")));";
            for (std::size_t l = 0; l < W; ++l) {
                const std::string addr =
                    "p0 + " + u(l) + " < " + u(chirpN) + " ? o + laneIn[" + std::to_string(l) + "] : first";
                os << " const real2_t x" << l << " = "
                   << (inPlanar ? "(real2_t)(inRe[" + addr + "], inIm[" + addr + "])" : "in[" + addr + "]") << ";";
            }
            for (int c = 0; c < 2; ++c) {
                os << " const vreal_t x" << (c ? "i" : "r") << " = (vreal_t)(";
                for (std::size_t l = 0; l < W; ++l)
                    os << (l ? ", " : "") << "x" << l << (c ? ".y" : ".x");
                os << ")" << (c ? " * dirSign" : "") << ";";
            }
            os << " vr[" << k << "] = xr * c.even - xi * c.odd; vi[" << k << "] = xr * c.odd + xi * c.even; }\n";
            return;
        }
        for (std::size_t l = 0; l < W; ++l) {
            const std::string pl = lanePositions ? "(p0 + lc[" + std::to_string(l) + "])" : "p0";
            const std::string addr = "m" + std::to_string(l) + " ? o + laneIn[" + std::to_string(l) + "] : first";
            os << " const bool m" << l << " = " << pl << " < " << u(chirpN) << "; const real2_t x" << l << " = "
               << (inPlanar ? "(real2_t)(inRe[" + addr + "], inIm[" + addr + "])" : "in[" + addr + "]")
               << "; const real2_t c" << l << " = tw["
               << u(table.steps) << " + (m" << l << " ? " << pl << " : 0u)];";
        }
        for (int c = 0; c < 2; ++c) {
            os << " v" << (c ? "i" : "r") << "[" << k << "] = (vreal_t)(";
            for (std::size_t l = 0; l < W; ++l) {
                const std::string L = std::to_string(l);
                const std::string xi = "(x" + L + ".y * dirSign)";
                os << (l ? ", " : "") << "m" << L << " ? "
                   << (c ? "x" + L + ".x * c" + L + ".y + " + xi + " * c" + L + ".x"
                         : "x" + L + ".x * c" + L + ".x - " + xi + " * c" + L + ".y")
                   << " : (real_t)0";
            }
            os << ");";
        }
        os << " }\n";
        return;
    }
    if (realForward)
        os << loadRealPair("ioff + (idx_t)(2u * (" + e + ")) * inStride",
                           "ioff + (idx_t)(2u * (" + e + ") + 1u) * inStride", k);
    else
        os << loadPoint(e, k);
    os << "        vi[" << k << "] *= dirSign;\n";
    if (spec.stageTwiddleLength) {
        // exp(-2 pi i c e / M) for the lanes' coordinates c = coord0 + l: the
        // group's factor (coord0 e) from the two-level table times the lanes'
        // (l e) from the lane table (perLaneTwiddles), else coord0's alone.
        os << "        { const uint te = (uint)coord0 * (" << e << "); const real2_t x = tw["
           << u(table.stageTables) << " + te % " << u(SL) << "], y = tw[" << u(table.stageTables + SL) << " + te / "
           << u(SL) << "];";
        if (perLaneTwiddles)
            os << " const real_t br = x.x * y.x - x.y * y.y, bi = x.x * y.y + x.y * y.x; const vreal2_t z = vload"
               << w2 << "(0, (__global const real_t*)(tw + " << u(table.laneTable) << " + (" << e << ") * " << u(W)
               << ")); const vreal_t wr = br * z.even - bi * z.odd, wi = br * z.odd + bi * z.even;";
        else
            os << " const real_t wr = x.x * y.x - x.y * y.y, wi = x.x * y.y + x.y * y.x;";
        os << " const vreal_t a = vr[" << k << "]; vr[" << k << "] = a * wr - vi[" << k << "] * wi; vi[" << k
           << "] = a * wi + vi[" << k << "] * wr; }\n";
    }
}

void LaneKernel::storeElement(const std::string& e, const std::string& k)
{
    if (bluestein) {
        // X[e] = conj(b[e]) conj(v[e]) for e < N
        os << "        if ((" << e << ") < " << u(spec.transformLength) << ") { const real2_t c = tw[" << u(table.steps)
           << " + (" << e << ")]; const vreal_t a = vr[" << k << "], b = vi[" << k
           << "]; const vreal_t Xr = a * c.x + b * c.y, Xi = a * c.y - b * c.x;\n    "
           << storePoint(e, "Xr * scaleRe", "Xi * scaleIm") << "        }\n";
        return;
    }
    if (step == FusedStep::Multiply || step == FusedStep::Store) {
        const std::string at = "ooff + (idx_t)(" + e + ") * outStride";
        os << "        { const uint p0 = (uint)coord0 + (" << e << ") * " << u(S) << ";";
        if (step == FusedStep::Store)
            os << " if (p0 < " << u(chirpN) << ") {";
        // the factor of each lane: the table entry at its position
        const std::size_t lastEntry = (step == FusedStep::Store ? chirpN : spec.bluesteinPadded) - 1;
        if (laneTables)
            os << " const vreal2_t f = vload" << w2 << "(0, (__global const real_t*)(tw + " << u(table.steps)
               << " + p0)); const vreal_t fr = f.even, fi = f.odd;";
        else
        for (int c = 0; c < 2; ++c) {
            os << " const vreal_t f" << (c ? "i" : "r") << " = (vreal_t)(";
            for (std::size_t l = 0; l < W; ++l) {
                const std::string pl =
                    lanePositions ? "min(p0 + lc[" + std::to_string(l) + "], " + u(lastEntry) + ")" : "p0";
                os << (l ? ", " : "") << "tw[" << u(table.steps) << " + " << pl << "]." << (c ? "y" : "x");
            }
            os << ");";
        }
        const std::string y = "vr[" + k + "]", yi = "vi[" + k + "]";
        if (step == FusedStep::Multiply) {
            // conj(v[p] * DFT_M(b~)[p] / M)
            os << " const vreal_t cr = " << y << " * fr - " << yi << " * fi, ci = " << y << " * fi + " << yi
               << " * fr;\n" << storeText(at, "cr * scaleRe", "-ci * scaleIm") << "        }\n";
        } else {
            // X[p] = conj(b[p]) conj(v[p]) for p < N; lanes past N store lane 0's point again
            // (lane 0 has the smallest position and is stored last).
            os << " const vreal_t Xr = " << y << " * fr + " << yi << " * fi, Xi = " << y << " * fi - " << yi
               << " * fr; const vreal_t a = Xr * scaleRe, b = Xi * scaleIm; const idx_t o = " << at << ";";
            for (std::size_t l = W; l-- > 0;) {
                const std::string lane(1, "0123456789abcdef"[l]);
                const std::string pl = lanePositions ? "(p0 + lc[" + std::to_string(l) + "])" : "p0";
                const std::string addr = "(" + pl + " < " + u(chirpN) + " ? o + laneOut[" + std::to_string(l) +
                                         "] : o + laneOut[0])";
                if (outPlanar)
                    os << " outRe[" << addr << "] = a.s" << lane << "; outIm[" << addr << "] = b.s" << lane << ";";
                else
                    os << " out[" << addr << "] = (real2_t)(a.s" << lane << ", b.s" << lane << ");";
            }
            os << " } }\n";
        }
        return;
    }
    if (realBackward)
        os << storeRealPair("ooff + (idx_t)(2u * (" + e + ")) * outStride",
                            "ooff + (idx_t)(2u * (" + e + ") + 1u) * outStride", "vr[" + k + "] * scaleRe",
                            "vi[" + k + "] * scaleIm");
    else
        os << storePoint(e, "vr[" + k + "] * scaleRe", "vi[" + k + "] * scaleIm");
}

void LaneKernel::mergeHermitian()
{
    const std::size_t M = N;
    const std::string half = realLiteral(0.5L, spec.precision);
    os << "\n    // X[k] = E + W^k O, X[M-k] = conj(E - W^k O), E = (Z[k] + conj(Z[M-k])) / 2,\n"
       << "    // O = -i (Z[k] - conj(Z[M-k])) / 2, W = exp(-2 pi i / N)\n" << barrier;
    forEachItem(M / 2 + 1, [&](std::size_t, const std::string& k) {
        os << "        const uint k = " << k << ", kk = k == 0u ? 0u : " << u(M) << " - k;\n"
           << "        const vreal_t Ar = lr" << cur << "[k], Ai = li" << cur << "[k], Br = lr" << cur << "[kk], Bi = li" << cur
           << "[kk];\n"
           << "        const vreal_t Er = " << half << " * (Ar + Br), Ei = " << half << " * (Ai - Bi);\n"
           << "        const vreal_t Or = " << half << " * (Ai + Bi), Oi = " << half << " * (Br - Ar);\n"
           << "        const real2_t w = tw[" << u(table.realFactors) << " + k];\n"
           << "        const vreal_t WOr = Or * w.x - Oi * w.y, WOi = Oi * w.x + Or * w.y;\n"
           << storeText("ooff + (idx_t)k * outStride", "(Er + WOr) * scaleRe", "(Ei + WOi) * scaleIm")
           << "        if (k == 0u || k < " << u(M) << " - k)\n"
           << storeText("ooff + (idx_t)(" + u(M) + " - k) * outStride", "(Er - WOr) * scaleRe",
                        "(WOi - Ei) * scaleIm");
    });
}

std::string LaneKernel::source()
{
    os << kernelHeaderComment(spec, {"Stockham autosort on vectors of " + w + " neighbouring transforms (lanes), forward DFT; the",
                                     "backward one by conjugating at load and store."})
       << precisionTypes(spec, {{"vreal_t", w}, {"vreal2_t", w2}});
    std::set<int> distinct(spec.radices.begin(), spec.radices.end());
    for (int r : distinct)
        os << emitScalarCodelet(r, spec.precision, "vreal_t") << "\n";
    os << kernelSignature(spec, T);
    ownership();
    if (realBackward)
        expandHermitian();
    const std::size_t spectrumBase = table.steps + spec.transformLength; // Bluestein: after the chirp
    const std::size_t rounds = bluestein ? 2 : 1;
    for (std::size_t stepIndex = 0; stepIndex < rounds * passes.size(); ++stepIndex) {
        const std::size_t p = stepIndex % passes.size();
        const VectorPass& s = passes[p];
        const bool first = stepIndex == 0, last = stepIndex + 1 == rounds * passes.size();
        const bool roundEnd = bluestein && stepIndex + 1 == passes.size();
        const bool readsGlobal = first && !realBackward, writesGlobal = last && !realForward;
        const int R = s.radix;
        os << "\n    // pass " << p << ": radix " << R << ", span " << s.span << ", " << s.butterflies << " butterflies\n";
        if (readsGlobal) {
            forEachItem(s.butterflies, [&](std::size_t q, const std::string& j) {
                for (int r = 0; r < R; ++r)
                    loadElement(vectorReadElement(s, j, r), vectorSlot(s, q, r));
            });
        }
        const std::string from = std::to_string(cur);
        if (!readsGlobal && !writesGlobal && buffers == 2)
            cur = 1 - cur;
        const std::string to = std::to_string(cur);
        const bool fused = !readsGlobal && (writesGlobal || buffers == 2); // reads, computes, writes per item
        auto readLocal = [&](std::size_t q, const std::string& j) {
            for (int r = 0; r < R; ++r)
                os << "        vr[" << vectorSlot(s, q, r) << "] = lr" << from << "[" << vectorReadElement(s, j, r)
                   << "]; vi[" << vectorSlot(s, q, r) << "] = li" << from << "[" << vectorReadElement(s, j, r) << "];\n";
        };
        if (!readsGlobal) {
            os << barrier;
            if (!fused) { // one buffer: every item read before any is written
                forEachItem(s.butterflies, readLocal);
                os << barrier;
            }
        }
        forEachItem(s.butterflies, [&](std::size_t q, const std::string& j) {
            if (fused)
                readLocal(q, j);
            emitVectorButterfly(os, s, q, j);
            for (int r = 0; r < R; ++r) {
                const std::string e = writeElement(s, j, r), k = vectorSlot(s, q, r);
                if (roundEnd) // conj(v * DFT_M(b~) / M): the second round's forward FFT inverts
                    os << "        { const real2_t c = tw[" << u(spectrumBase) << " + (" << e << ")]; const vreal_t a = vr["
                       << k << "]; vr[" << k << "] = a * c.x - vi[" << k << "] * c.y; vi[" << k << "] = -(a * c.y + vi[" << k
                       << "] * c.x); }\n";
                if (writesGlobal)
                    storeElement(e, k);
                else
                    os << "        lr" << to << "[" << e << "] = vr[" << k << "]; li" << to << "[" << e << "] = vi[" << k << "];\n";
            }
        });
    }
    if (realForward)
        mergeHermitian();
    os << "}\n";
    return os.str();
}

// The spec's checks (the lane form's preconditions).
void validateLaneSpec(const KernelSpec& spec)
{
    const std::size_t W = spec.simdLanes, N = spec.length;
    const bool realForward = spec.kind == PassKind::RealForward && spec.halfLengthReal(),
               realBackward = spec.kind == PassKind::RealBackward && spec.halfLengthReal();
    const FusedStep step = spec.fusedStep;
    const bool bluestein = spec.kind == PassKind::Bluestein;
    if (bluestein && (spec.stageTwiddleLength || spec.transformLength == 0 || N < 2 * spec.transformLength - 1))
        throw std::invalid_argument("KernelSpec: not a lane Bluestein kernel");
    const bool oddReal = (spec.kind == PassKind::RealForward || spec.kind == PassKind::RealBackward) && !spec.halfLengthReal();
    const int realDir = spec.kind == PassKind::RealForward ? 1 : spec.kind == PassKind::RealBackward ? -1
                        : bluestein ? spec.realDirection : 0;
    if ((realDir > 0 && !spec.laneGatherIn) || (realDir < 0 && !spec.laneGatherOut))
        throw std::invalid_argument("KernelSpec: the real side of a lane kernel is gathered");
    if ((spec.kind != PassKind::Complex && !bluestein && !realForward && !realBackward && !oddReal) || W < 2 ||
        spec.pre.present || spec.post.present || spec.splitExchange ||
        (step == FusedStep::Load && !spec.laneGatherIn) || (step == FusedStep::Store && !spec.laneGatherOut) ||
        spec.radices.empty() || spec.laneDim < 0 ||
        spec.laneDim >= spec.batchDims)
        throw std::invalid_argument("KernelSpec: not a lane kernel");
    std::size_t product = 1;
    for (int r : spec.radices)
        product *= static_cast<std::size_t>(r);
    if (product != N)
        throw std::invalid_argument("KernelSpec: radices do not multiply to the length");
}

} // namespace

std::string generateLaneSource(const KernelSpec& spec)
{
    validateLaneSpec(spec);
    return LaneKernel(spec).source();
}

} // namespace clfft_ng

namespace clfft_ng {

std::size_t laneLocalBuffers(const KernelSpec& spec)
{
    const bool realForward = spec.kind == PassKind::RealForward && spec.halfLengthReal(),
               realBackward = spec.kind == PassKind::RealBackward && spec.halfLengthReal();
    const bool bluestein = spec.kind == PassKind::Bluestein;
    const std::size_t steps = spec.radices.size() * (bluestein ? 2 : 1);
    if (!(steps >= 2 || realForward || realBackward || bluestein))
        return 0;
    // a step that reads local memory and writes it: not the first (unless the C2R split comes
    // before it) and not the last (unless the R2C merge comes after it)
    const bool localToLocal = steps >= 3 || (steps == 2 && (realForward || realBackward));
    return localToLocal && !spec.laneOneBuffer ? 2 : 1;
}

std::size_t laneTableBase(const KernelSpec& spec) { return tableLayout(spec).laneTable; }

std::vector<std::complex<long double>> laneTwiddles(const KernelSpec& spec)
{
    // For e < length and l < W: exp(-2 pi i (l e mod M) / M), M = stageTwiddleLength.
    std::vector<std::complex<long double>> table;
    const std::size_t M = spec.stageTwiddleLength, W = spec.simdLanes;
    table.reserve(spec.length * W);
    for (std::size_t e = 0; e < spec.length; ++e)
        for (std::size_t l = 0; l < W; ++l) {
            table.push_back(unitRoot(l * e, M));
        }
    return table;
}

} // namespace clfft_ng
