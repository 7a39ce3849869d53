// The Stockham kernel's hooks: the first pass's element loads and the last pass's element
// stores for every variant (plain, stage twiddles, Rader, Bluestein, fused steps, real data),
// the step between Rader's or Bluestein's rounds, and the real pre- and post-stages.
#include "stockham_kernel.h"

#include "butterfly.h"
#include "real_halves.h"
#include "unit_roots.h"

#include <sstream>

namespace clfft_ng {
namespace detail {

void StockhamKernel::loadElement(const PassShape& s, std::size_t q, int r, const std::string& e)
{
    std::string x;
    if (rader) {
        // a[e] = x[g^e mod p]
        os << "            { const uint n = (uint)tw[" << u(permIn()) << " + (" << e << ")].x; const real2_t x = "
           << loadPoint("n") << "; " << slot(s, q, r) << " = (real2_t)(x.x, x.y * dirSign);";
        if (spec.stageTwiddleLength) { // sub-transform of a multi-pass length: point n's twiddle
            const std::size_t SL = stageSplit(spec);
            os << " const uint te = (uint)coord0 * n; " << slot(s, q, r) << " = cmul(" << slot(s, q, r)
               << ", cmul(tw[" << u(table.stageTables) << " + te % " << u(SL) << "], tw[" << u(table.stageTables) << " + "
               << u(SL) << " + te / " << u(SL) << "]));";
        }
        os << " }\n";
        return;
    }
    if (bluestein) {
        // x[e] conj(b[e]) for e < N (after the stage twiddle of a multi-pass
        // transform), zero padding up to M.
        os << "            if ((" << e << ") < " << u(spec.transformLength) << ") { const real2_t x = "
           << loadPoint(e) << "; real2_t y = (real2_t)(x.x, x.y * dirSign);";
        if (spec.stageTwiddleLength) {
            const std::size_t L = stageSplit(spec);
            os << " const uint te = (uint)coord0 * (" << e << "); y = cmul(y, cmul(tw[" << u(table.stageTables)
               << " + te % " << u(L) << "], tw[" << u(table.stageTables) << " + " << u(L) << " + te / " << u(L)
               << "]));";
        }
        os << " " << slot(s, q, r) << " = cmul(y, tw[" << u(chirpBase()) << " + (" << e
           << ")]); } else " << slot(s, q, r) << " = (real2_t)(0);\n";
        return;
    }
    if (spec.fusedStep == FusedStep::Load || spec.fusedStep == FusedStep::RealLoad) {
        // The point at position pos: real input (R2C), or the hermitian half with
        // X[pos] = conj(X[N - pos]) above N/2 (C2R; positions are consecutive
        // elements of batch dimension 0, so N - pos sits (N - pos) * inStride0
        // from the transform's start).
        std::string point = io.loadComplex(e);
        if (spec.realDirection > 0)
            point = "(real2_t)(" + io.loadReal(e) + ", 0)";
        if (spec.realDirection < 0)
            point = "(pos <= " + u(spec.transformLength / 2) + " ? " + point + " : (real2_t)(1, -1) * " +
                io.loadComplexAt("ioff - coord0 * inStride0 + (" + u(spec.transformLength) +
                                 " - pos) * inStride0") + ")";
        if (spec.realDirection < 0 && spec.transformLength % 2 == 0) // X[0], X[N/2]: imaginary parts count as zero
            point = "((pos == 0 || pos == " + u(spec.transformLength / 2) + ") ? (real2_t)(1, 0) * " + point + " : " +
                    point + ")";
        if (spec.fusedStep == FusedStep::RealLoad) { // every position is a point
            os << "            { ";
            if (spec.realDirection < 0)
                os << "const idx_t pos = coord0 + (idx_t)(" << e << ") * " << u(spec.fusedPositionStride)
                   << "; ";
            os << "const real2_t x = " << point << "; " << slot(s, q, r)
               << " = (real2_t)(x.x, x.y * dirSign); }\n";
            return;
        }
        os << "            { const idx_t pos = coord0 + (idx_t)(" << e << ") * " << u(spec.fusedPositionStride)
           << "; if (pos < " << u(spec.transformLength) << ") { const real2_t x = " << point
           << "; " << slot(s, q, r) << " = cmul((real2_t)(x.x, x.y * dirSign), tw[" << u(table.steps)
           << " + pos]); } else " << slot(s, q, r) << " = (real2_t)(0); }\n";
        return;
    }
    if (spec.kind == PassKind::Complex)
        x = io.loadComplex(e);
    else if (spec.halfLengthReal())
        x = "(real2_t)(" + io.loadReal("2u * (" + e + ")") + ", " + io.loadReal("2u * (" + e + ") + 1u") + ")";
    else
        x = "(real2_t)(" + io.loadReal(e) + ", 0)";
    os << "            { const real2_t x = " << x << "; " << slot(s, q, r)
       << " = (real2_t)(x.x, x.y * dirSign);";
    if (spec.stageTwiddleLength) {
        // exp(-2 pi i coord0 e / M): coord0 < M / length and e < length, so no wrap.
        const std::size_t L = stageSplit(spec);
        const std::string base = u(table.stageTables);
        os << " const uint te = (uint)coord0 * (" << e << "); " << slot(s, q, r) << " = cmul("
           << slot(s, q, r) << ", cmul(tw[" << base << " + te % " << u(L) << "], tw[" << base << " + "
           << u(L) << " + te / " << u(L) << "]));";
    }
    os << " }\n";
}

void StockhamKernel::storeElement(const PassShape& s, std::size_t q, int r, const std::string& e, const std::string& y)
{
    if (rader) {
        // X[g^-m mod p] = x[0] + conj(v[m]); X[0] = x[0] + (sum of the others).
        os << "            { const uint k = (uint)tw[" << u(permOut()) << " + (" << e
           << ")].x; const real2_t X = raderX0[b] + (real2_t)(" << y << ".x, -" << y << ".y); "
           << storePoint("k", "(real2_t)(X.x * scaleRe, X.y * scaleIm)") << " }\n";
        if (q == 0 && r == 0)
            os << "            if (t == 0u) { const real2_t X = raderX0[b] + raderSum[b]; "
               << storePoint("0u", "(real2_t)(X.x * scaleRe, X.y * scaleIm)") << " }\n";
        return;
    }
    if (bluestein) {
        // X[k] = conj(b[k]) conj(v[k]) for k < N (v: the inverting FFT's output).
        os << "            if ((" << e << ") < " << u(spec.transformLength) << ") { const real2_t X = cmul((real2_t)("
           << y << ".x, -" << y << ".y), tw[" << u(chirpBase()) << " + (" << e << ")]); "
           << storePoint(e, "(real2_t)(X.x * scaleRe, X.y * scaleIm)") << " }\n";
    } else if (spec.fusedStep == FusedStep::Multiply) {
        os << "            { const idx_t pos = coord0 + (idx_t)(" << e << ") * "
           << u(spec.fusedPositionStride) << "; const real2_t c = cmul(" << y << ", tw[" << u(table.steps)
           << " + pos]); " << io.storeComplex(e, "(real2_t)(c.x * scaleRe, -c.y * scaleIm)") << " }\n";
    } else if (spec.fusedStep == FusedStep::Store) {
        // R2C keeps the hermitian half (pos <= N/2), C2R the real parts.
        const std::size_t keep = spec.realDirection > 0 ? spec.transformLength / 2 + 1 : spec.transformLength;
        const std::string store = spec.realDirection < 0
                                      ? io.storeReal(e, "X.x * scaleRe")
                                      : io.storeComplex(e, "(real2_t)(X.x * scaleRe, X.y * scaleIm)");
        os << "            { const idx_t pos = coord0 + (idx_t)(" << e << ") * "
           << u(spec.fusedPositionStride) << "; if (pos < " << u(keep)
           << ") { const real2_t X = cmul((real2_t)(" << y << ".x, -" << y << ".y), tw[" << u(table.steps)
           << " + pos]); " << store << " } }\n";
    } else if (spec.fusedStep == FusedStep::RealStore) {
        const std::size_t keep = spec.realDirection > 0 ? spec.transformLength / 2 + 1 : spec.transformLength;
        const std::string store = spec.realDirection < 0
                                      ? io.storeReal(e, y + ".x * scaleRe")
                                      : io.storeComplex(e, "(real2_t)(" + y + ".x * scaleRe, " + y + ".y * scaleIm)");
        os << "            { const idx_t pos = coord0 + (idx_t)(" << e << ") * "
           << u(spec.fusedPositionStride) << "; if (pos < " << u(keep) << ") " << store << " }\n";
    } else if (spec.kind == PassKind::Complex) {
        os << "            " << io.storeComplex(e, "(real2_t)(" + y + ".x * scaleRe, " + y + ".y * scaleIm)")
           << "\n";
    } else if (spec.kind == PassKind::RealForward) { // odd length: keep k <= N/2
        os << "            if ((" << e << ") <= " << u(N / 2) << ") "
           << io.storeComplex(e, "(real2_t)(" + y + ".x * scaleRe, " + y + ".y * scaleIm)") << "\n";
    } else if (spec.halfLengthReal()) {
        os << "            " << io.storeReal("2u * (" + e + ")", y + ".x * scaleRe") << "\n"
           << "            " << io.storeReal("2u * (" + e + ") + 1u", y + ".y * scaleIm") << "\n";
    } else {
        os << "            " << io.storeReal(e, y + ".x * scaleRe") << "\n";
    }
}

// Backward real: the complex FFT's input built in local memory from the hermitian half.
void StockhamKernel::expandHermitian()
{
    if (spec.halfLengthReal()) {
        const std::size_t M = N;
        os << "\n    // hermitian half -> spectrum of z[n] = x[2n] + i x[2n+1]:\n"
           << "    // Z[k] = E + iO, E = X[k] + conj(X[M-k]), O = (X[k] - conj(X[M-k])) exp(2 pi i k / N)\n"
           << "    if (valid) {\n";
        forEachItem(M / 2 + 1, "        ", [&](std::size_t, const std::string& k) {
            os << "            const uint k = " << k << ";\n"
               << "            const real2_t A = " << io.loadComplex("k") << ";\n"
               << "            const real2_t B = (k == " << u(M) << " - k) ? A : " << io.loadComplex(u(M) + " - k")
               << ";\n"
               << realSplitArithmetic("            ", "            const real2_t w = tw[" + u(table.realFactors) + " + k];\n")
               << "            slice[k] = (real2_t)(E.x - O.y, (E.y + O.x) * dirSign);\n"
               << "            if (k > 0u && k < " << u(M) << " - k)\n"
               << "                slice[" << u(M) << " - k] = (real2_t)(E.x + O.y, (O.x - E.y) * dirSign);\n";
        });
        os << "    } else {\n        for (uint k = t; k < " << u(M) << "; k += " << u(T) << ")\n            slice[k] = (real2_t)(0);\n    }\n";
    } else {
        os << "\n    // hermitian half -> full spectrum: X[N-k] = conj(X[k])\n    if (valid) {\n";
        forEachItem((N - 1) / 2 + 1, "        ", [&](std::size_t, const std::string& k) {
            os << "            const uint k = " << k << ";\n"
               << "            const real2_t X = " << io.loadComplex("k") << ";\n"
               << "            slice[k] = (real2_t)(X.x, X.y * dirSign);\n"
               << "            if (k > 0u)\n"
               << "                slice[" << u(N) << " - k] = (real2_t)(X.x, -X.y * dirSign);\n";
        });
        os << "    } else {\n        for (uint k = t; k < " << u(N) << "; k += " << u(T) << ")\n            slice[k] = (real2_t)(0);\n    }\n";
    }
}

// Forward real, even length: Z split into the hermitian half X[0..M].
void StockhamKernel::mergeHermitian()
{
    const std::size_t M = N;
    os << "\n    // Z (spectrum of z[n] = x[2n] + i x[2n+1]) -> X[k] = E + W^k O, X[M-k] = conj(E - W^k O),\n"
       << "    // E = (Z[k] + conj(Z[M-k])) / 2, O = -i (Z[k] - conj(Z[M-k])) / 2, W = exp(-2 pi i / N)\n"
       << barrier << "    if (valid) {\n";
    forEachItem(M / 2 + 1, "        ", [&](std::size_t, const std::string& k) {
        const std::string half = realLiteral(0.5L, spec.precision);
        os << "            const uint k = " << k << ";\n"
           << "            const real2_t A = slice[k];\n"
           << "            const real2_t B = slice[k == 0u ? 0u : " << u(M) << " - k];\n"
           << realMergeArithmetic("            ", half, "tw[" + u(table.realFactors) + " + k]")
           << "            " << io.storeComplex("k", "(real2_t)(P.x * scaleRe, P.y * scaleIm)") << "\n"
           << "            if (k == 0u || k < " << u(M) << " - k)\n"
           << "                " << io.storeComplex(u(M) + " - k", "(real2_t)(Q.x * scaleRe, -Q.y * scaleIm)")
           << "\n";
    });
    os << "    }\n";
}

// Between the rounds: the product with the kernel's spectrum, conjugated so that the second
// (forward) FFT computes the conjugate of the inverse.
void StockhamKernel::betweenRounds(const PassShape& s)
{
    const int R = s.radix;
    const std::size_t spectrum = rader ? raderSpectrum() : kernelBase();
    forEachItem(s.butterflies, "    ", [&](std::size_t q, const std::string& j) {
        for (int r = 0; r < R; ++r) {
            const std::string y = slot(s, q, r);
            const std::string e = writeElement(s, j, r);
            if (convolve) { // the client's spectrum (a slot past the last transform reads none)
                os << "        { const real2_t S = spectrum[valid ? soff + (idx_t)(" << e
                   << ") * inStride : 0]; const real2_t c = cmul(" << y << ", "
                   << (convolve == 2 ? "(real2_t)(S.x, -S.y)" : "S") << "); " << y << " = (real2_t)(c.x, -c.y); }\n";
                continue;
            }
            if (rader) // the first round's output 0 is the sum of x[1..p-1]
                os << "        if ((" << e << ") == 0u) raderSum[b] = " << y << ";\n";
            os << "        { const real2_t c = cmul(" << y << ", tw[" << u(spectrum) << " + (" << e << ")]); "
               << y << " = (real2_t)(c.x, -c.y); }\n";
        }
    });
}

} // namespace detail
} // namespace clfft_ng
