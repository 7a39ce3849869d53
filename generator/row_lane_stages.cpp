// The row-lane kernel's stages around its passes: the real pre-stage (Z from one or two
// hermitian halves), the 8-point DFTs across the lanes with their outputs, and the real
// post-stage (the hermitian halves from Z).
#include "storage.h"
#include "row_lane_kernel.h"

#include "butterfly.h"
#include "kernel_prelude.h"
#include "unit_roots.h"

#include <cmath>
#include <numeric>
#include <sstream>

namespace clfft_ng {
namespace detail {

void RowLaneKernel::preStage()
{
    if (backward && pairs) {
        // Z[k] = X_a[k] + i X_b[k], and from the same loads Z[N-k] = conj(X_a[k]) + i conj(X_b[k]):
        // 8 k below N/2 and their mirrors at a time, then Z[N/2]
        const std::string h = u(N / 2);
        os << "\n    // two hermitian halves -> Z, k and N - k for 8 consecutive k < N/2 at a time, then k = N/2\n";
        forEachItem(N / (2 * V), [&](std::size_t, const std::string& j) {
            os << "        const uint k0 = 8u * " << j << ";\n        creal_t ar, ai, br, bi;\n"
               << (spec.r2rIn.present() ? r2rLoadHalf("ioff", "ar", "ai") + r2rLoadHalf("ioffB", "br", "bi")
                                        : loadPoints("ioff + (idx_t)k0", "ar", "ai", false) +
                                              loadPoints("ioffB + (idx_t)k0", "br", "bi", false))
               // both rows' X[0] imaginary parts count as zero (FFTW, clFFT 2.12)
               << "        if (k0 == 0u) { ai.s0 = 0; bi.s0 = 0; }\n"
               << "        vstore8(ar - bi, 0, zr + k0); vstore8((ai + br) * dirSign, 0, zi + k0);\n"
               << "        vstore8((ar + bi).s76543210, 0, zr + " << u(N - V + 1) << " - k0);\n"
               << "        vstore8(((br - ai) * dirSign).s76543210, 0, zi + " << u(N - V + 1) << " - k0);\n";
        });
        auto point = [&](const std::string& off) {
            const Storage st = spec.inStorage;
            return inPlanar ? "(real2_t)(" + loadRealAt(st, "inRe", off + " + " + h) + ", " + loadRealAt(st, "inIm", off + " + " + h) + ")"
                            : loadComplexAt(st, "in", off + " + " + h);
        };
        if (spec.r2rIn.present())
            os << "    if (t == 0u) { const real2_t a = (real2_t)(" << r2rNyquistIn("ioff") << ", 0), b = (real2_t)("
               << r2rNyquistIn("ioffB") << ", 0);\n";
        else
            os << "    if (t == 0u) { const real2_t a = " << point("ioff") << ", b = " << point("ioffB") << ";\n";
        os << "        zr[" << h << "] = a.x; zi[" << h << "] = b.x * dirSign; } // Nyquist: imaginary parts dropped\n"
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
               << (spec.r2rIn.present()
                       ? r2rLoadHalf("ioff", "Ar", "Ai") + r2rLoadHalf("ioff", "Br", "Bi", "(" + u(N - V + 1) + " - k0)") +
                             "        Br = Br.s76543210; Bi = Bi.s76543210;\n"
                       : loadPoints("ioff + (idx_t)k0", "Ar", "Ai", false) +
                             loadPoints("ioff + (idx_t)(" + u(N - V + 1) + " - k0)", "Br", "Bi", true))
               // the k = 0 pair is (X[0], X[N]): their imaginary parts count as zero (FFTW, clFFT 2.12)
               << "        if (k0 == 0u) { Ai.s0 = 0; Bi.s0 = 0; }\n"
               << "        const creal2_t wz = vload16(0, (__global const real_t*)(tw + " << u(realBase) << " + k0));\n"
               << "        const creal_t Er = Ar + Br, Ei = Ai - Bi, Dr = Ar - Br, Di = Ai + Bi;\n"
               << "        const creal_t Or = Dr * wz.even + Di * wz.odd, Oi = Di * wz.even - Dr * wz.odd;\n"
               << "        vstore8(Er - Oi, 0, zr + k0); vstore8((Ei + Or) * dirSign, 0, zi + k0);\n"
               << "        vstore8((Er + Oi).s76543210, 0, zr + " << u(N - V + 1) << " - k0);\n"
               << "        vstore8(((Or - Ei) * dirSign).s76543210, 0, zi + " << u(N - V + 1) << " - k0);\n";
        });
        const std::string x = spec.r2rIn.present() ? r2rPointIn("ioff", N / 2)
                              : inPlanar ? "(real2_t)(" + loadRealAt(spec.inStorage, "inRe", "ioff + " + h) + ", " +
                                               loadRealAt(spec.inStorage, "inIm", "ioff + " + h) + ")"
                                         : loadComplexAt(spec.inStorage, "in", "ioff + " + h);
        os << "    if (t == 0u) { const real2_t a = " << x << ", w = tw[" << u(realBase) << " + " << h << "];\n"
           << "        const real_t Er = 2 * a.x, Ei = 0, Dr = 0, Di = 2 * a.y;\n"
           << "        const real_t Or = Dr * w.x + Di * w.y, Oi = Di * w.x - Dr * w.y;\n"
           << "        zr[" << h << "] = Er - Oi; zi[" << h << "] = (Ei + Or) * dirSign; }\n"
           << barrier;
    }
}

void RowLaneKernel::postStage()
{
    if (backward && pairs && spec.r2rOut.present())
        r2rStoreStaged();
    if ((spec.kind == PassKind::Complex || split) && spec.r2rOut.present())
        r2rStoreStagedQuarter();
    if (forward && pairs) {
        const std::string half = realLiteral(0.5L, spec.precision);
        os << "\n    // Z -> the two hermitian halves, 8 consecutive k at a time, and k = " << N / 2 << "\n" << barrier;
        forEachItem(N / (2 * V), [&](std::size_t, const std::string& j) {
            os << "        const uint k0 = 8u * " << j << ";\n"
               << "        const creal_t Ar = vload8(0, zr + k0), Ai = vload8(0, zi + k0);\n"
               << "        const creal_t Br = vload8(0, zr + " << u(N - V + 1) << " - k0).s76543210,\n"
               << "                      Bi = vload8(0, zi + " << u(N - V + 1) << " - k0).s76543210;\n"
               << "        if (valid) "
               << (spec.r2rOut.present() ? r2rStoreHalf("ooff", half + " * (Ar + Br) * scaleRe", half + " * (Ai - Bi) * scaleIm")
                                         : storePoints("ooff + k0", half + " * (Ar + Br) * scaleRe", half + " * (Ai - Bi) * scaleIm"))
               << "\n        if (validB) "
               << (spec.r2rOut.present() ? r2rStoreHalf("ooffB", half + " * (Ai + Bi) * scaleRe", half + " * (Br - Ar) * scaleIm")
                                         : storePoints("ooffB + k0", half + " * (Ai + Bi) * scaleRe", half + " * (Br - Ar) * scaleIm"))
               << "\n";
        }, true);
        const std::string h = u(N / 2);
        if (spec.r2rOut.present())
            os << "    if (t == 0u) { if (valid) " << r2rNyquistOut("ooff", "zr[" + h + "] * scaleRe") << " if (validB) "
               << r2rNyquistOut("ooffB", "zi[" + h + "] * scaleRe") << " }\n";
        else if (outPlanar) {
            const Storage st = spec.outStorage;
            os << "    if (t == 0u) { if (valid) { " << storeRealAt(st, "outRe", "ooff + " + h, "zr[" + h + "] * scaleRe") << " "
               << storeRealAt(st, "outIm", "ooff + " + h, "0") << " } if (validB) { "
               << storeRealAt(st, "outRe", "ooffB + " + h, "zi[" + h + "] * scaleRe") << " "
               << storeRealAt(st, "outIm", "ooffB + " + h, "0") << " } }\n";
        } else
            os << "    if (t == 0u) { if (valid) "
               << storeComplexAt(spec.outStorage, "out", "ooff + " + h, "(real2_t)(zr[" + h + "] * scaleRe, 0)") << " if (validB) "
               << storeComplexAt(spec.outStorage, "out", "ooffB + " + h, "(real2_t)(zi[" + h + "] * scaleRe, 0)") << " }\n";
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
               << "        if (valid) "
               << (spec.r2rOut.present() ? r2rStoreHalf("ooff", "(Er + WOr) * scaleRe", "(Ei + WOi) * scaleIm")
                                         : storePoints("ooff + k0", "(Er + WOr) * scaleRe", "(Ei + WOi) * scaleIm"))
               << "\n"
               << "        if (valid) "
               << (spec.r2rOut.present()
                       ? r2rStoreHalf("ooff", "((Er - WOr) * scaleRe).s76543210", "((WOi - Ei) * scaleIm).s76543210",
                                      "(" + u(N - V + 1) + " - k0)")
                       : storePoints("ooff + " + u(N - V + 1) + " - k0", "((Er - WOr) * scaleRe).s76543210",
                                     "((WOi - Ei) * scaleIm).s76543210"))
               << "\n";
        }, true);
        const std::string store = spec.r2rOut.present() ? r2rPointOut("ooff", N / 2, "Xr", "Xi")
                                  : outPlanar ? "{ " + storeRealAt(spec.outStorage, "outRe", "ooff + " + h, "Xr") + " " +
                                                    storeRealAt(spec.outStorage, "outIm", "ooff + " + h, "Xi") + " }"
                                              : storeComplexAt(spec.outStorage, "out", "ooff + " + h, "(real2_t)(Xr, Xi)");
        os << "    if (valid && t == 0u) { const real_t Ar = zr[" << h << "], Ai = zi[" << h << "];\n"
           << "        const real2_t w = tw[" << u(realBase) << " + " << h << "];\n"
           << "        const real_t Er = " << half << " * (Ar + Ar), Ei = 0, Or = " << half << " * (Ai + Ai), Oi = 0;\n"
           << "        const real_t Xr = (Er + Or * w.x - Oi * w.y) * scaleRe, Xi = (Ei + Oi * w.x + Or * w.y) * scaleIm;\n"
           << "        " << store << " }\n";
    }
}

void RowLaneKernel::acrossLanes(std::size_t round)
{
    // ---- 2. DFTs across the lanes, 8 outputs k at a time: the 8 vectors of each group
    // transposed in registers (lane b of vector 8g + l to lane l of vector b). With 16 lanes, a
    // radix-2 step first: X[k + A (2c + h)] = sum_b w_8^(b c) w_16^(b h) (Y_b[k] + (-1)^h Y_(b+8)[k]),
    // two 8-point DFTs over halves of the vectors.
    if (packed) {
        packedAcrossLanes();
        return;
    }
    const std::string from = buffer(shapes.size() + 1 + (round ? shapes.size() + 1 : 0));
    os << "\n    // " << (round ? "round 1, " : "") << "across the lanes: X[k + " << A << " c] for k = 8g..8g+7\n" << barrier;
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
                os << "        transpose8(" << (c ? "li" : "lr") << from << " + " << at("8u * g") << ", " << (c ? "ui" : "ur") << ");\n";
            os << "        dft8s(ur, ui);\n";
            for (std::size_t c = 0; c < W; ++c)
                if (bluestein)
                    bluesteinOutput(round, c, c);
                else
                    output(c, c);
            return;
        }
        os << "        creal_t hr[8], hi[8];\n";
        for (int h = 0; h < 2; ++h) {
            os << "        for (uint i = 0; i < 8u; ++i) {\n"
               << "            const vreal_t yr = lr" << from << "[" << at("8u * g") << " + i], yi = li" << from << "[" << at("8u * g") << " + i];\n";
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
    }, true);
}

// Vector v of the group holds block k = v % A of transform v / A (Y[k], lanes b). A period of
// lcm(A, 8) vectors is Q whole transforms in P blocks of 8: a work-item takes whole periods, so
// where each block's lanes go is known here. After the 8-point DFT across the lanes of a block,
// output c's lane j is X[k + A c] of vector 8 (per P + p) + j: runs of lanes of one transform
// are consecutive points.
void RowLaneKernel::packedAcrossLanes()
{
    const std::string from = buffer(shapes.size() + 1);
    const std::size_t L = std::lcm(A, PB), P = L / PB, Q = L / A, periods = B * A / L;
    os << "\n    // across the lanes, the group's vectors in blocks of " << PB << " (vector v: block v % " << A << " of transform v / " << A
       << "), " << P << " block(s) per period of " << Q << " transform(s)\n"
       << barrier;
    if (spec.row.registers) // one transform a period, the work-item's own (its private arrays)
        os << "    {\n        const uint per = s;\n";
    else
        os << "    for (uint per = lid; per < " << u(periods) << "; per += " << u(B * T) << ") {\n";
    os << "        idx_t ioffUnused = 0;\n";
    const char* half[] = {"", "H"};
    for (std::size_t h = 0; h < H; ++h) // stacked: the high lanes' transforms B further on
        for (std::size_t q = 0; q < Q; ++q) {
            const std::string m = "m" + std::to_string(q) + half[h], tag = std::to_string(q) + half[h];
            os << "        const idx_t " << m << " = (idx_t)get_group_id(0) * " << u(H * B) << " + per * " << u(Q) << " + "
               << u(q + h * B) << ";\n        const bool valid" << tag << " = " << m << " < nTransforms;\n        idx_t ooff"
               << tag << " = 0;\n"
               << "        { idx_t rest = " << m << ";\n" << batchOffsets(spec, "          ", "ioffUnused", "ooff" + tag)
               << " }\n";
        }
    const char* halves[] = {"", ".lo", ".hi"};
    for (std::size_t p = 0; p < P; ++p) {
        os << "        {\n            vreal_t ur[" << PB << "], ui[" << PB << "];\n";
        for (int c = 0; c < 2; ++c)
            os << "            transpose" << PB << "(" << (c ? "li" : "lr") << from
               << (spec.row.registers ? " + " + u(p * PB) : "All + (per * " + u(P) + " + " + u(p) + ") * " + u(PB)) << ", "
               << (c ? "ui" : "ur") << ");\n";
        os << "            dft" << PB << "s(ur, ui);\n";
        for (std::size_t c = 0; c < PB; ++c)
            for (std::size_t h = 0; h < H; ++h) {
                const std::string lanes = halves[H == 2 ? h + 1 : 0];
                os << "            { const creal_t zr = ur[" << c << "]" << lanes << " * scaleRe, zi = ui[" << c << "]" << lanes
                   << " * scaleIm;\n";
                for (std::size_t j0 = 0; j0 < PB;) {
                    const std::size_t v = PB * p + j0, q = v / A, k = v % A;
                    std::size_t len = 1;
                    while (j0 + len < PB && (PB * p + j0 + len) / A == q)
                        ++len;
                    const std::string tag = std::to_string(q) + half[h];
                    os << "              if (valid" << tag << ") {\n" << storeRun("ooff" + tag + " + " + u(k + A * c), j0, len)
                       << "              }\n";
                    j0 += len;
                }
                os << "            }\n";
            }
        os << "        }\n";
    }
    os << "    }\n";
}

std::string RowLaneKernel::storeRun(const std::string& at, std::size_t j0, std::size_t len) const
{
    std::ostringstream t;
    if (!outPlanar)
        t << "                creal2_t z; z.even = zr; z.odd = zi;\n";
    // aligned pieces of 8, 4, 2, 1 lanes: whole swizzles of the vectors
    for (std::size_t j = j0; j < j0 + len;) {
        std::size_t s = PB;
        while (s > j0 + len - j || j % s != 0)
            s /= 2;
        const std::string point = "(" + at + " + " + u(j - j0) + ")";
        auto lanes = [&](std::size_t first, std::size_t count) {
            std::string sw = ".s";
            for (std::size_t i = first; i < first + count; ++i)
                sw += "0123456789abcdef"[i];
            return sw;
        };
        t << "                ";
        if (outPlanar) {
            for (int c = 0; c < 2; ++c) {
                const std::string value = c ? "zi" : "zr", base = c ? "outIm + " : "outRe + ";
                if (s == PB)
                    t << vectorStore(spec, PB, value, base + point);
                else if (s == 1)
                    t << (c ? "outIm[" : "outRe[") << point << "] = " << value << lanes(j, 1) << ";";
                else
                    t << "vstore" << s << "(" << value << lanes(j, s) << ", 0, " << base << point << ");";
                t << (c ? "\n" : " ");
            }
        } else {
            const std::string ptr = "(__global real_t*)out + 2u * " + point;
            if (s == PB)
                t << vectorStore(spec, 2 * PB, "z", ptr) << "\n";
            else if (s == PB / 2) // streamed only where rowLanePackedWholeLines (the planner)
                t << vectorStore(spec, PB, "z" + lanes(2 * j, 2 * s), ptr) << "\n";
            else
                t << "vstore" << 2 * s << "(z" << lanes(2 * j, 2 * s) << ", 0, " << ptr << ");\n";
        }
        j += s;
    }
    return t.str();
}

void RowLaneKernel::bluesteinOutput(std::size_t round, std::size_t c, std::size_t reg)
{
    const std::string r = std::to_string(reg), k0 = "(8u * g + " + u(A * c) + ")";
    if (round == 0) {
        // conj(v DFT_M(b~) / M) to vector k0 / 8 of buffer S: round 1's (forward) FFT inverts
        os << "        { const creal2_t f = vload16(0, (__global const real_t*)(tw + " << u(spectrumBase) << " + " << k0
           << ")); const creal_t a = ur[" << r << "], b = ui[" << r << "];\n"
           << "          lr" << buffer(shapes.size()) << "[" << at("g + " + u(A / 8 * c)) << "] = a * f.even - b * f.odd; li"
           << buffer(shapes.size()) << "[" << at("g + " + u(A / 8 * c)) << "] = -(a * f.odd + b * f.even); }\n";
        return;
    }
    // X[k] = conj(b[k]) conj(y[k]) for k < Nt (R2C: the hermitian half, k <= Nt/2; C2R: the real
    // parts): whole vectors, then the last partial one
    const int real = spec.realDirection;
    const std::string keep = u(real > 0 ? Nt / 2 + 1 : Nt);
    os << "        if (valid && " << k0 << " < " << keep << ") { const uint k0 = " << k0
       << "; const creal2_t f = vload16(0, (__global const real_t*)(tw + " << u(chirpBase)
       << " + k0)); const creal_t a = ur[" << r << "], b = ui[" << r << "];\n"
       << "          const creal_t Xr = (a * f.even + b * f.odd) * scaleRe, Xi = (a * f.odd - b * f.even) * scaleIm;\n"
       << "          if (k0 + 8u <= " << keep << ") ";
    if (real < 0)
        os << storeVectorAt(spec, spec.outStorage, 8, "Xr", "out", "ooff + k0");
    else
        os << storePoints("ooff + (idx_t)k0", "Xr", "Xi");
    os << "\n          else { real_t xr[8], xi[8]; vstore8(Xr, 0, xr); vstore8(Xi, 0, xi);\n"
       << "            for (uint l = 0u; l < " << keep << " - k0; ++l) ";
    const Storage so = spec.outStorage;
    if (real < 0)
        os << storeRealAt(so, "out", "ooff + k0 + l", "xr[l]");
    else if (outPlanar)
        os << "{ " << storeRealAt(so, "outRe", "ooff + k0 + l", "xr[l]") << " " << storeRealAt(so, "outIm", "ooff + k0 + l", "xi[l]")
           << " }";
    else
        os << storeComplexAt(so, "out", "ooff + k0 + l", "(real2_t)(xr[l], xi[l])");
    os << " }\n        }\n";
}

void RowLaneKernel::output(std::size_t c, std::size_t reg)
{
    const std::string r = std::to_string(reg);
    if (forward) { // Z to local memory
        os << "        vstore8(ur[" << r << "], 0, zr + 8u * g + " << u(A * c) << "); vstore8(ui[" << r
           << "], 0, zi + 8u * g + " << u(A * c) << ");\n";
        if (c == 0)
            os << "        if (g == 0u) { zr[" << u(N) << "] = ur[0].s0; zi[" << u(N) << "] = ui[0].s0; }\n";
    } else if (backward && pairs && spec.r2rOut.present()) { // rows 2m and 2m + 1 in Makhoul's order undone
        const std::string m0 = "8u * g + " + u(A * c);
        os << "        " << r2rStageVector("a", m0, "ur[" + r + "] * scaleRe") << " "
           << r2rStageVector("b", m0, "ui[" + r + "] * scaleIm") << "\n";
    } else if (backward && pairs) { // rows 2m and 2m + 1
        os << "        if (valid) " << storeVectorAt(spec, spec.outStorage, 8, "ur[" + r + "] * scaleRe", "out", "ooff + 8u * g + " + u(A * c))
           << "\n        if (validB) "
           << storeVectorAt(spec, spec.outStorage, 8, "ui[" + r + "] * scaleIm", "out", "ooffB + 8u * g + " + u(A * c)) << "\n";
    } else if (backward && spec.r2rOut.present()) { // 16 reals to local memory: the row's first half to lr, second to li
        const std::string m0 = "2u * (8u * g + " + u(A * c) + ")", S = buffer(shapes.size());
        os << "        { creal2_t z; z.even = ur[" << r << "] * scaleRe; z.odd = ui[" << r << "] * scaleIm; const uint m0 = " << m0
           << "; if (m0 < " << u(N) << ") vstore16(z, 0, (__local real_t*)lr" << S << " + m0); else vstore16("
           << (spec.r2rOut.kind == 8 ? "-z" : "z") << ", 0, (__local real_t*)li" << S << " + m0 - " << u(N) << "); }\n";
    } else if (backward) { // z[n] = x[2n] + i x[2n+1]: 16 reals
        os << "        if (valid) { creal2_t z; z.even = ur[" << r << "] * scaleRe; z.odd = ui[" << r << "] * scaleIm; "
           << storeVectorAt(spec, spec.outStorage, 16, "z", "out", "ooff + 2u * (8u * g + " + u(A * c) + ")") << " }\n";
    } else if (spec.r2rOut.present()) { // DCT-IV: u = Y e^{-i pi q / n} to local memory, 2 Re u and -2 Im u
        os << "        " << r2rStageQuarter("8u * g + " + u(A * c), "ur[" + r + "] * scaleRe", "ui[" + r + "] * scaleIm") << "\n";
    } else {
        // pruned output: whole vectors of the range not stored (the planner aligns them)
        const std::string keep =
            spec.skipOut.present() ? " && !" + pointInRange("8u * g + " + u(A * c), spec.skipOut) : std::string();
        os << "        if (valid" << keep << ") "
           << storePoints("ooff + (idx_t)(8u * g + " + u(A * c) + ")", "ur[" + r + "] * scaleRe", "ui[" + r + "] * scaleIm")
           << "\n";
    }
}

} // namespace detail
} // namespace clfft_ng
