// The lane kernel's global-memory hooks: loads and stores of vectors of lanes (whole vectors
// where the lanes are neighbours, gathered and scattered elsewhere), the first pass's element
// loads and the last pass's element stores for every variant (plain, stage and lane twiddles,
// Bluestein, fused steps, real data).
#include "global_access.h"
#include "lane_kernel.h"
#include "lanes.h"
#include "storage.h"

#include <sstream>

namespace clfft_ng {
namespace detail {

namespace {

// Element accesses of the pass's two sides in their storage (storage.h).
std::string inC(const KernelSpec& s, const std::string& at) { return loadComplexAt(s.inStorage, "in", at); }
std::string inR(const KernelSpec& s, const char* p, const std::string& at) { return loadRealAt(s.inStorage, p, at); }
std::string outC(const KernelSpec& s, const std::string& at, const std::string& v)
{
    return storeComplexAt(s.outStorage, "out", at, v);
}
std::string outR(const KernelSpec& s, const char* p, const std::string& at, const std::string& v)
{
    return storeRealAt(s.outStorage, p, at, v);
}

} // namespace

std::string LaneKernel::loadInto(const std::string& at, const std::string& re, const std::string& im,
                                 const std::string& buffer) const
{
    std::ostringstream t;
    if (!spec.lane.gatherIn) {
        // neighbours: one vector load; when not every group is full, the group cut short by
        // the end of the dimension takes the element-by-element form below
        t << "        " << (spec.lane.full ? "" : "if (valid == " + u(W) + ") ");
        if (inPlanar)
            t << "{ " << re << " = " << loadVectorAt(spec.inStorage, W, "inRe", at) << "; " << im << " = "
              << loadVectorAt(spec.inStorage, W, "inIm", at) << "; }\n";
        else
            t << "{ const vreal2_t z = " << loadVectorAt(spec.inStorage, 2 * W, buffer, "2u * (" + at + ")", true)
              << "; " << re << " = z.even; " << im << " = z.odd; }\n";
        if (spec.lane.full)
            return t.str();
        t << "        else";
    }
    t << "        { const idx_t o = " << at << ";";
    for (int c = 0; c < 2; ++c) {
        t << " " << (c ? im : re) << " = (vreal_t)(";
        for (std::size_t l = 0; l < W; ++l) {
            t << (l ? ", " : "");
            const std::string el = "o + laneIn[" + std::to_string(l) + "]";
            if (inPlanar)
                t << inR(spec, c ? "inIm" : "inRe", el);
            else
                t << loadComplexAt(spec.inStorage, buffer, el) << "." << (c ? "y" : "x");
        }
        t << ");";
    }
    t << " }\n";
    return t.str();
}

std::string LaneKernel::loadRealPair(const std::string& at, const std::string& at2, const std::string& k) const
{
    std::ostringstream t;
    if (spec.lane.realPairs) { // x[2e], x[2e+1] side by side: one 8- or 16-byte load per lane
        t << "        { const idx_t o = " << at << ";";
        for (std::size_t l = 0; l < W; ++l)
            t << " const real2_t p" << l << " = " << loadVectorAt(spec.inStorage, 2, "in", "o + laneIn[" + std::to_string(l) + "]")
              << ";";
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
            t << (l ? ", " : "") << inR(spec, "in", std::string(c ? "o2" : "o") + " + laneIn[" + std::to_string(l) + "]");
        t << ");";
    }
    t << " }\n";
    return t.str();
}

std::string LaneKernel::storeRealPair(const std::string& at, const std::string& at2, const std::string& re,
                                      const std::string& im) const
{
    std::ostringstream t;
    if (spec.lane.realPairs) {
        t << "        { const idx_t o = " << at << "; const vreal_t a = " << re << ", b = " << im << ";";
        for (std::size_t l = W; l-- > 0;) {
            const std::string lane(1, componentDigit(l));
            t << " "
              << storeVectorAt(spec, spec.outStorage, 2, "(real2_t)(a.s" + lane + ", b.s" + lane + ")", "out",
                               "o + laneOut[" + std::to_string(l) + "]", false, false);
        }
        t << " }\n";
        return t.str();
    }
    t << "        { const idx_t o = " << at << ", o2 = " << at2 << "; const vreal_t a = " << re << ", b = " << im << ";";
    for (std::size_t l = W; l-- > 0;) {
        const std::string lane(1, componentDigit(l));
        const std::string L = std::to_string(l);
        t << " " << outR(spec, "out", "o + laneOut[" + L + "]", "a.s" + lane) << " "
          << outR(spec, "out", "o2 + laneOut[" + L + "]", "b.s" + lane);
    }
    t << " }\n";
    return t.str();
}

std::string LaneKernel::storeText(const std::string& at, const std::string& re, const std::string& im) const
{
    std::ostringstream t;
    if (!spec.lane.gatherOut) {
        t << "        " << (spec.lane.full ? "" : "if (valid == " + u(W) + ") ");
        if (outPlanar)
            t << "{ " << storeVectorAt(spec, spec.outStorage, W, re, "outRe", at) << " "
              << storeVectorAt(spec, spec.outStorage, W, im, "outIm", at) << " }\n";
        else
            t << "{ vreal2_t z; z.even = " << re << "; z.odd = " << im << "; "
              << storeVectorAt(spec, spec.outStorage, 2 * W, "z", "out", "2u * (" + at + ")", true) << " }\n";
        if (spec.lane.full)
            return t.str();
        t << "        else";
    }
    // Lanes past the end share the last valid lane's offset but may hold other values (their
    // stage twiddles differ): the stores go from the last lane down, so the valid lane's
    // value is the one that stays.
    t << "        { const idx_t o = " << at << "; const vreal_t a = " << re << ", b = " << im << ";";
    for (std::size_t l = W; l-- > 0;) {
        const std::string lane = W <= 16 ? std::string(1, componentDigit(l)) : std::to_string(l);
        const std::string el = "o + laneOut[" + std::to_string(l) + "]";
        if (outPlanar)
            t << " " << outR(spec, "outRe", el, "a.s" + lane) << " " << outR(spec, "outIm", el, "b.s" + lane);
        else
            t << " " << outC(spec, el, "(real2_t)(a.s" + lane + ", b.s" + lane + ")");
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
            t << (l ? ", " : "") << inR(spec, "in", "o + laneIn[" + std::to_string(l) + "]");
        t << "); vi[" << k << "] = (vreal_t)0; }\n";
        return t.str();
    }
    if (realDir < 0) {
        std::string t = "        if ((" + e + ") <= " + u(points / 2) + ") {\n    " + loadText(at, k) + "        } else {\n    " +
                        loadText("ioff + (idx_t)(" + u(points) + " - (" + e + ")) * inStride", k) + "            vi[" + k +
                        "] = -vi[" + k + "];\n        }\n";
        if (points % 2 == 0) // X[0] and X[N/2]'s imaginary parts count as zero (FFTW, clFFT 2.12)
            t += "        if ((" + e + ") == 0u || (" + e + ") == " + u(points / 2) + ") vi[" + k + "] = (vreal_t)0;\n";
        return t;
    }
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
            t << " " << outR(spec, "out", "o + laneOut[" + std::to_string(l) + "]", std::string("a.s") + componentDigit(l));
        t << " }\n";
        return t.str();
    }
    return storeText(at, re, im);
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
                   << (inPlanar ? "(real2_t)(" + inR(spec, "inRe", addr) + ", " + inR(spec, "inIm", addr) + ")" : inC(spec, addr)) << ";";
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
               << (inPlanar ? "(real2_t)(" + inR(spec, "inRe", addr) + ", " + inR(spec, "inIm", addr) + ")" : inC(spec, addr))
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
    if (pairForward)
        os << r2rPairLoad(e, k);
    else if (realForward && spec.r2rIn.present())
        os << r2rLoadPair(e, k);
    else if (realForward)
        os << loadRealPair("ioff + (idx_t)(2u * (" + e + ")) * inStride",
                           "ioff + (idx_t)(2u * (" + e + ") + 1u) * inStride", k);
    else if (spec.zeroIn.present()) // zero-padded input: the range is not loaded
        os << "        if " << pointInRange(e, spec.zeroIn) << " { vr[" << k << "] = (vreal_t)0; vi[" << k
           << "] = (vreal_t)0; } else {\n"
           << loadPoint(e, k) << "        }\n";
    else
        os << loadPoint(e, k);
    os << "        vi[" << k << "] *= dirSign;\n";
    if (spec.stageTwiddleLength && laneDirectStageTwiddles(spec)) {
        // every lane's exp(-2 pi i c e / M), c = coord0 + l, from one row of the lane table
        const std::size_t C = laneTwiddleCount(spec) / spec.length;
        os << "        { const vreal2_t z = vload" << w2 << "(0, (__global const real_t*)(tw + " << u(table.laneTable)
           << " + (" << e << ") * " << u(C) << " + (uint)coord0)); const vreal_t wr = z.even, wi = z.odd;"
           << " const vreal_t a = vr[" << k << "]; vr[" << k << "] = a * wr - vi[" << k << "] * wi; vi[" << k
           << "] = a * wi + vi[" << k << "] * wr; }\n";
    } else if (spec.stageTwiddleLength) {
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
                const std::string lane(1, componentDigit(l));
                const std::string pl = lanePositions ? "(p0 + lc[" + std::to_string(l) + "])" : "p0";
                const std::string addr = "(" + pl + " < " + u(chirpN) + " ? o + laneOut[" + std::to_string(l) +
                                         "] : o + laneOut[0])";
                if (outPlanar)
                    os << " " << outR(spec, "outRe", addr, "a.s" + lane) << " " << outR(spec, "outIm", addr, "b.s" + lane);
                else
                    os << " " << outC(spec, addr, "(real2_t)(a.s" + lane + ", b.s" + lane + ")");
            }
            os << " } }\n";
        }
        return;
    }
    if (pairBackward)
        os << r2rPairStore(e, "vr[" + k + "] * scaleRe", "vi[" + k + "] * scaleIm");
    else if (realBackward && spec.r2rOut.present())
        os << r2rStorePair(e, "vr[" + k + "] * scaleRe", "vi[" + k + "] * scaleIm");
    else if (realBackward)
        os << storeRealPair("ooff + (idx_t)(2u * (" + e + ")) * outStride",
                            "ooff + (idx_t)(2u * (" + e + ") + 1u) * outStride", "vr[" + k + "] * scaleRe",
                            "vi[" + k + "] * scaleIm");
    else if (spec.skipOut.present()) // pruned output: the range is not stored
        os << "        if (!" << pointInRange(e, spec.skipOut) << ") {\n"
           << storePoint(e, "vr[" + k + "] * scaleRe", "vi[" + k + "] * scaleIm") << "        }\n";
    else
        os << storePoint(e, "vr[" + k + "] * scaleRe", "vi[" + k + "] * scaleIm");
}

} // namespace detail
} // namespace clfft_ng
