// Stockham autosort in local memory (Van Loan, "Computational Frameworks for the FFT", 1.7;
// the GPU formulation of Govindaraju et al., SC'08): pass p with radix R and span Ns (product
// of the earlier radices) maps butterfly j < N/R as
//     read   x[j + r*N/R]                         r = 0..R-1
//     twiddle by exp(-2 pi i (j mod Ns) r / (Ns R))
//     R-point DFT
//     write  y[(j / Ns)*Ns*R + (j mod Ns) + r*Ns]
// and leaves the result in natural order after the last pass, without a bit-reversal.
//
// In the kernel the first pass reads global memory straight into registers and the last pass
// writes global memory straight from registers; passes in between exchange through local
// memory (read all, barrier, compute and write, barrier), one slice of N values per transform.
//
// Real data (PassKind::Real*): an even length N runs the complex FFT of M = N/2 points on
// z[n] = x[2n] + i x[2n+1], and splits the result into the hermitian half in a merge stage
// after the last pass (forward) or builds z's spectrum from the hermitian half before the
// first pass (backward); both stages meet X[k] and X[M-k] in local memory (Numerical Recipes
// 12.3; Sorensen et al., IEEE TASSP 35(6), 1987). An odd N runs the full complex FFT with a
// zero imaginary part (forward) or the hermitian half expanded by symmetry (backward).
#include "stockham.h"
#include "unit_roots.h"

#include "butterfly.h"
#include "global_access.h"
#include "kernel_args.h"
#include "kernel_prelude.h"
#include "real_halves.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>
#include <stdexcept>

namespace clfft_ng {

std::vector<PassShape> passShapes(const KernelSpec& spec)
{
    std::vector<int> radices = spec.radices;
    if (radices.empty())
        radices.push_back(1);
    std::vector<PassShape> shapes;
    std::size_t span = 1, base = 0;
    const std::size_t T = spec.threadsPerTransform;
    for (int r : radices) {
        PassShape s;
        s.radix = r;
        s.span = span;
        s.butterflies = spec.length / static_cast<std::size_t>(r);
        s.perThread = (s.butterflies + T - 1) / T;
        s.twiddleBase = base;
        if (span > 1)
            base += span * static_cast<std::size_t>(r - 1);
        shapes.push_back(s);
        span *= static_cast<std::size_t>(r);
    }
    return shapes;
}

std::size_t passTwiddleCount(const KernelSpec& spec)
{
    std::size_t count = 0;
    for (const PassShape& s : passShapes(spec))
        if (s.span > 1)
            count += s.span * static_cast<std::size_t>(s.radix - 1);
    return count;
}

namespace {

void validate(const KernelSpec& spec)
{
    std::size_t product = 1;
    for (int r : spec.radices) {
        if (!isCodeletRadix(r))
            throw std::invalid_argument("KernelSpec: unsupported radix " + std::to_string(r));
        product *= static_cast<std::size_t>(r);
    }
    if (product != spec.length)
        throw std::invalid_argument("KernelSpec: radices do not multiply to the length");
    if (spec.kind == PassKind::Rader) {
        if (spec.transformLength < 3 || spec.length + 1 != spec.transformLength || spec.splitExchange ||
            primitiveRoot(spec.transformLength) == 0)
            throw std::invalid_argument("KernelSpec: Rader needs a prime p and L = p - 1, in local memory");
    } else if (spec.kind == PassKind::Bluestein) {
        if (spec.transformLength == 0 || spec.length < 2 * spec.transformLength - 1 || spec.splitExchange)
            throw std::invalid_argument("KernelSpec: Bluestein needs M >= 2N - 1, in local memory");
    } else if (spec.kind != PassKind::Complex) {
        const std::size_t expect = spec.realLength % 2 == 0 ? spec.realLength / 2 : spec.realLength;
        if (spec.realLength == 0 || spec.length != expect)
            throw std::invalid_argument("KernelSpec: real length does not match the complex length");
        if (spec.kind != PassKind::Bluestein && (spec.splitExchange || spec.stageTwiddleLength))
            throw std::invalid_argument("KernelSpec: split exchange and stage twiddles are for complex passes only");
    }
    if (spec.stageTwiddleLength > 0xFFFFFFFFu)
        throw std::invalid_argument("KernelSpec: stage twiddle length beyond 32 bits");
    if (spec.batchDims < 1 || spec.batchDims > kMaxBatchDims)
        throw std::invalid_argument("KernelSpec: batch dimensions out of range");
    if (spec.transformsPerGroup < 1 || spec.threadsPerTransform < 1)
        throw std::invalid_argument("KernelSpec: empty work-group");
}

} // namespace

std::string stockhamReadElement(std::size_t butterflies, const std::string& j, int r)
{
    return j + " + " + u(static_cast<std::size_t>(r) * butterflies);
}

std::string stockhamWriteElement(int radix, std::size_t span, std::size_t length, const std::string& j, int r)
{
    const std::size_t R = static_cast<std::size_t>(radix);
    std::string base;
    if (span == 1)
        base = j + " * " + u(R);
    else if (span * R == length)
        base = j; // last pass: j < span
    else
        base = "(" + j + " / " + u(span) + ") * " + u(span * R) + " + " + j + " % " + u(span);
    return base + " + " + u(static_cast<std::size_t>(r) * span);
}

namespace {

// The Stockham kernel as a skeleton with hooks (rocFFT's StockhamKernel): source() prints the
// prelude, the work-item's transform and offsets, the real pre-stage, the radix passes (the
// first reads global memory through loadElement, the last writes it through storeElement, the
// others exchange through local memory), the step between Rader's or Bluestein's two rounds,
// and the real post-stage. The variants of the algorithm live in the hooks.
class StockhamKernel {
public:
    explicit StockhamKernel(const KernelSpec& k)
        : spec(k), passes(passShapes(k)), N(k.length), B(k.transformsPerGroup), T(k.threadsPerTransform),
          table(tableLayout(k)), io(k), split(k.splitExchange), barrier(k.barrier()),
          bluestein(k.kind == PassKind::Bluestein), rader(k.kind == PassKind::Rader)
    {
    }
    std::string source();

private:
    const KernelSpec& spec;
    const std::vector<PassShape> passes;
    const std::size_t N, B, T;
    const TableLayout table;
    const GlobalAccess io;
    // Split exchange: local memory holds one real component at a time (half the bytes), and
    // the exchange between passes goes real parts first, then imaginary parts.
    const bool split;
    const std::string barrier;
    // Bluestein runs the passes twice: the forward FFT of the chirped input, then (after the
    // pointwise product with the kernel's spectrum, conjugated) the FFT that inverts it. Rader:
    // the same two rounds over L = p - 1 points, with permuted loads and stores; x[0] and the
    // sum of the other inputs (the first round's output 0) meet every output.
    const bool bluestein, rader;
    std::ostringstream os;

    // Table sections: Bluestein's chirp then its kernel's spectrum; Rader's permutations and
    // spectrum.
    std::size_t chirpBase() const { return table.steps; }
    std::size_t kernelBase() const { return table.steps + spec.transformLength; }
    std::size_t permIn() const { return table.steps; }
    std::size_t permOut() const { return table.steps + spec.length; }
    std::size_t raderSpectrum() const { return table.steps + 2 * spec.length; }

    static std::string slot(const PassShape& s, std::size_t q, int r)
    {
        return "v[" + std::to_string(q * static_cast<std::size_t>(s.radix) + static_cast<std::size_t>(r)) + "]";
    }
    // Element pass s reads for (j, r), and the element it writes.
    std::string readElement(const PassShape& s, const std::string& j, int r) const
    {
        return stockhamReadElement(s.butterflies, j, r);
    }
    std::string writeElement(const PassShape& s, const std::string& j, int r) const
    {
        return stockhamWriteElement(s.radix, s.span, N, j, r);
    }
    // Runs body(q, j) for each of `count` items (butterflies, or points of a real stage) a
    // work-item owns, j = t + q*T, guarded when the items do not divide among the work-items.
    void forEachItem(std::size_t count, const std::string& indent,
                     const std::function<void(std::size_t, const std::string&)>& body)
    {
        const bool guarded = count % T != 0;
        const std::size_t perThread = (count + T - 1) / T;
        for (std::size_t q = 0; q < perThread; ++q) {
            const std::string j = "(t + " + u(q * T) + ")";
            os << indent << (guarded ? "if (" + j + " < " + u(count) + ") " : "") << "{\n";
            body(q, j);
            os << indent << "}\n";
        }
    }
    void readLocal(const PassShape& s, const std::string& comp)
    {
        forEachItem(s.butterflies, "    ", [&](std::size_t q, const std::string& j) {
            for (int r = 0; r < s.radix; ++r)
                os << "        " << slot(s, q, r) << comp << " = slice[" << readElement(s, j, r) << "];\n";
        });
    }
    void writeLocal(const PassShape& s, const std::string& comp)
    {
        forEachItem(s.butterflies, "    ", [&](std::size_t q, const std::string& j) {
            for (int r = 0; r < s.radix; ++r)
                os << "        slice[" << writeElement(s, j, r) << "] = " << slot(s, q, r) << comp << ";\n";
        });
    }
    // Points of a Rader/Bluestein transform, on real data too: an R2C reads reals (zero
    // imaginary part) and keeps the outputs k <= N/2; a C2R reads the hermitian half (k > N/2
    // by symmetry, conj(X[N-k])) and keeps the real parts.
    std::string loadPoint(const std::string& n) const
    {
        const std::size_t pointsN = spec.transformLength;
        if (spec.realDirection > 0)
            return "(real2_t)(" + io.loadReal(n) + ", 0)";
        if (spec.realDirection < 0)
            return "((" + n + ") <= " + u(pointsN / 2) + " ? " + io.loadComplex(n) +
                   " : (real2_t)(1, -1) * " + io.loadComplex(u(pointsN) + " - (" + n + ")") + ")";
        return io.loadComplex(n);
    }
    std::string storePoint(const std::string& k, const std::string& value) const
    {
        const std::size_t pointsN = spec.transformLength;
        if (spec.realDirection > 0)
            return "if ((" + k + ") <= " + u(pointsN / 2) + ") " + io.storeComplex(k, value);
        if (spec.realDirection < 0)
            return "{ const real2_t z = " + value + "; " + io.storeReal(k, "z.x") + " }";
        return io.storeComplex(k, value);
    }

    void ownership();
    void expandHermitian();
    // Hook: input element e of the first pass into register slot (s, q, r).
    void loadElement(const PassShape& s, std::size_t q, int r, const std::string& e);
    // Hook: register y, output element e of the last pass, to global memory.
    void storeElement(const PassShape& s, std::size_t q, int r, const std::string& e, const std::string& y);
    // Hook: between the rounds of Rader and Bluestein, the product with the kernel's spectrum.
    void betweenRounds(const PassShape& s);
    void mergeHermitian();
};

// Which transform and which part of it this work-item owns, its offsets, its registers and
// local memory.
void StockhamKernel::ownership()
{
    os << "    const uint lid = (uint)get_local_id(0);\n";
    if (spec.transformMajorThreads)
        os << "    const uint b = lid % " << u(B) << ", t = lid / " << u(B) << ";\n";
    else
        os << "    const uint b = lid / " << u(T) << ", t = lid % " << u(T) << ";\n";
    os << "    const idx_t m = (idx_t)get_group_id(0) * " << u(B) << " + b;\n"
       << "    const bool valid = m < nTransforms;\n"
       << "    idx_t rest = m, ioff = 0, ooff = 0;\n";
    if (spec.stageTwiddleLength || spec.fusedStep != FusedStep::None)
        os << "    const idx_t coord0 = " << (spec.batchDims > 1 ? "m % count0" : "m") << ";\n";
    os << batchOffsets(spec, "    ", "ioff", "ooff") << "\n";
    os << "    const real_t scaleRe = scale, scaleIm = scale * dirSign;\n";
    os << io.callbackLocals();

    std::size_t regs = 0;
    for (const PassShape& s : passes)
        regs = std::max(regs, s.perThread * static_cast<std::size_t>(s.radix));
    if (spec.usesLocalMemory())
        os << "    __local " << (split ? "real_t" : "real2_t") << " lds[" << B * N << "];\n"
           << "    __local " << (split ? "real_t" : "real2_t") << "* slice = lds + b * " << u(N) << ";\n";
    os << "    real2_t v[" << regs << "];\n";
    // A slot past the last transform computes on zeros and stores nothing: no uninitialised
    // value enters local memory.
    os << "    if (!valid)\n        for (uint i = 0u; i < " << u(regs) << "; ++i)\n            v[i] = (real2_t)(0);\n";
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
            if (rader) // the first round's output 0 is the sum of x[1..p-1]
                os << "        if ((" << e << ") == 0u) raderSum[b] = " << y << ";\n";
            os << "        { const real2_t c = cmul(" << y << ", tw[" << u(spectrum) << " + (" << e << ")]); "
               << y << " = (real2_t)(c.x, -c.y); }\n";
        }
    });
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

std::string StockhamKernel::source()
{
    const bool expandInput = spec.kind == PassKind::RealBackward;                      // pre-stage
    const bool mergeOutput = spec.kind == PassKind::RealForward && spec.halfLengthReal(); // post-stage
    os << kernelHeaderComment(spec, {"Stockham autosort, forward DFT; the backward one by conjugating at load and store."})
       << precisionTypes(spec) << complexMultiply();
    std::set<int> distinct(spec.radices.begin(), spec.radices.end());
    for (int r : distinct)
        os << emitCodelet(r, spec.precision) << "\n";
    os << callbackSources(spec) << kernelSignature(spec, spec.workGroupSize());
    ownership();
    if (expandInput)
        expandHermitian();
    if (rader)
        os << "    __local real2_t raderX0[" << B << "], raderSum[" << B << "];\n"
           << "    if (t == 0u) raderX0[b] = (real2_t)(0);\n"
           << "    if (valid && t == 0u) { const real2_t x = " << loadPoint("0u")
           << "; raderX0[b] = (real2_t)(x.x, x.y * dirSign); }\n";
    const std::size_t rounds = (bluestein || rader) ? 2 : 1;
    for (std::size_t step = 0; step < rounds * passes.size(); ++step) {
        const std::size_t p = step % passes.size(), round = step / passes.size();
        const PassShape& s = passes[p];
        const bool first = step == 0, last = step + 1 == rounds * passes.size();
        const bool roundEnd = (bluestein || rader) && round == 0 && p + 1 == passes.size();
        const bool readsGlobal = first && !expandInput;
        const bool writesGlobal = last && !mergeOutput;
        const int R = s.radix;
        os << "\n    // pass " << p << ": radix " << R << ", span " << s.span << ", " << s.butterflies
           << " butterflies, " << s.perThread << " per work-item\n";
        // ---- read
        if (readsGlobal) {
            os << "    if (valid) {\n";
            forEachItem(s.butterflies, "        ", [&](std::size_t q, const std::string& j) {
                for (int r = 0; r < R; ++r)
                    loadElement(s, q, r, readElement(s, j, r));
            });
            os << "    }\n";
        } else if (!split) {
            os << barrier;
            readLocal(s, "");
        } else {
            // The previous pass left its real parts in local memory and its imaginary parts in
            // registers: read the reals, then pass the imaginaries through the same memory.
            os << barrier;
            readLocal(s, ".x");
            os << barrier;
            writeLocal(passes[p - 1], ".y");
            os << barrier;
            readLocal(s, ".y");
        }
        // A pass that reads and writes local memory must let every work-item finish reading.
        if (!readsGlobal && !writesGlobal)
            os << barrier;
        // ---- twiddle and butterfly
        if (R > 1)
            forEachItem(s.butterflies, "    ", [&](std::size_t q, const std::string& j) {
                if (s.span > 1) {
                    os << "        __global const real2_t* w = tw + " << u(s.twiddleBase) << " + (" << j << " % "
                       << u(s.span) << ") * " << u(static_cast<std::size_t>(R - 1)) << ";\n";
                    for (int r = 1; r < R; ++r)
                        os << "        " << slot(s, q, r) << " = cmul(" << slot(s, q, r) << ", w[" << r - 1 << "]);\n";
                }
                os << "        dft" << R << "(v + " << q * static_cast<std::size_t>(R) << ");\n";
            });
        // ---- write
        if (writesGlobal) {
            os << "    if (valid) {\n";
            forEachItem(s.butterflies, "        ", [&](std::size_t q, const std::string& j) {
                for (int r = 0; r < R; ++r)
                    storeElement(s, q, r, writeElement(s, j, r), slot(s, q, r));
            });
            os << "    }\n";
        } else {
            if (roundEnd)
                betweenRounds(s);
            writeLocal(s, split ? ".x" : "");
        }
    }
    if (mergeOutput)
        mergeHermitian();
    os << "}\n";
    return os.str();
}

} // namespace

std::string generateStockhamSource(const KernelSpec& spec)
{
    validate(spec);
    return StockhamKernel(spec).source();
}

} // namespace clfft_ng
