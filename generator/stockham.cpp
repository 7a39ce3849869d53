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
#include "stockham_kernel.h"
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
        if (spec.transformLength < 3 || spec.length + 1 != spec.transformLength || spec.stockham.splitExchange ||
            primitiveRoot(spec.transformLength) == 0)
            throw std::invalid_argument("KernelSpec: Rader needs a prime p and L = p - 1, in local memory");
    } else if (spec.kind == PassKind::Bluestein) {
        if (spec.transformLength == 0 || spec.length < 2 * spec.transformLength - 1 || spec.stockham.splitExchange)
            throw std::invalid_argument("KernelSpec: Bluestein needs M >= 2N - 1, in local memory");
    } else if (spec.kind != PassKind::Complex) {
        const std::size_t expect = spec.realLength % 2 == 0 ? spec.realLength / 2 : spec.realLength;
        if (spec.realLength == 0 || spec.length != expect)
            throw std::invalid_argument("KernelSpec: real length does not match the complex length");
        if (spec.kind != PassKind::Bluestein && (spec.stockham.splitExchange || spec.stageTwiddleLength))
            throw std::invalid_argument("KernelSpec: split exchange and stage twiddles are for complex passes only");
    }
    if (spec.convolve && (spec.kind != PassKind::Complex || spec.stageTwiddleLength || spec.fusedStep != FusedStep::None ||
                          spec.inStorage != Storage::Native))
        throw std::invalid_argument("KernelSpec: a convolution pass is a complex pass of whole transforms");
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

namespace detail {

// Which transform and which part of it this work-item owns, its offsets, its registers and
// local memory.
void StockhamKernel::ownership()
{
    os << "    const uint lid = (uint)get_local_id(0);\n";
    if (spec.stockham.transformMajor)
        os << "    const uint b = lid % " << u(B) << ", t = lid / " << u(B) << ";\n";
    else
        os << "    const uint b = lid / " << u(T) << ", t = lid % " << u(T) << ";\n";
    os << "    const idx_t m = (idx_t)get_group_id(0) * " << u(B) << " + b;\n"
       << "    const bool valid = m < nTransforms;\n"
       << "    idx_t rest = m, ioff = 0, ooff = 0;\n";
    if (spec.stageTwiddleLength || spec.fusedStep != FusedStep::None)
        os << "    const idx_t coord0 = " << (spec.batchDims > 1 ? "m % count0" : "m") << ";\n";
    os << batchOffsets(spec, "    ", "ioff", "ooff") << "\n";
    if (convolve) // the spectrum is laid out as the input, one period for every batch entry
        os << "    const idx_t soff = ioff % spectrumPeriod;\n";
    // a convolution pass's second round is a forward DFT of the conjugate: conjugated at the store
    os << "    const real_t scaleRe = scale, scaleIm = " << (convolve ? "-" : "") << "scale * dirSign;\n";
    os << io.callbackLocals();

    std::size_t regs = 0;
    for (const PassShape& s : shapes)
        regs = std::max(regs, s.perThread * static_cast<std::size_t>(s.radix));
    if (spec.usesLocalMemory())
        os << "    __local " << (split ? "real_t" : "real2_t") << " lds[" << B * N << "];\n"
           << "    __local " << (split ? "real_t" : "real2_t") << "* slice = lds + b * " << u(N) << ";\n";
    os << "    real2_t v[" << regs << "];\n";
    // A slot past the last transform computes on zeros and stores nothing: no uninitialised
    // value enters local memory.
    os << "    if (!valid)\n        for (uint i = 0u; i < " << u(regs) << "; ++i)\n            v[i] = (real2_t)(0);\n";
}

void StockhamKernel::prelude()
{
    os << kernelHeaderComment(spec, {"Stockham autosort, forward DFT; the backward one by conjugating at load and store."})
       << precisionTypes(spec) << complexMultiply() << io.r2rFunctions();
    std::set<int> distinct(spec.radices.begin(), spec.radices.end());
    for (int r : distinct)
        os << emitCodelet(r, spec.precision) << "\n";
}

// Backward real: the hermitian half expanded into local memory; Rader: x[0] kept aside.
void StockhamKernel::preStage()
{
    if (spec.kind == PassKind::RealBackward)
        expandHermitian();
    if (rader)
        os << "    __local real2_t raderX0[" << B << "], raderSum[" << B << "];\n"
           << "    if (t == 0u) raderX0[b] = (real2_t)(0);\n"
           << "    if (valid && t == 0u) { const real2_t x = " << loadPoint("0u")
           << "; raderX0[b] = (real2_t)(x.x, x.y * dirSign); }\n";
}

void StockhamKernel::postStage()
{
    if (spec.kind == PassKind::RealForward && spec.halfLengthReal())
        mergeHermitian();
}

void StockhamKernel::passes()
{
    const bool expandInput = spec.kind == PassKind::RealBackward;                      // pre-stage
    const bool mergeOutput = spec.kind == PassKind::RealForward && spec.halfLengthReal(); // post-stage
    const std::size_t rounds = (bluestein || rader || convolve) ? 2 : 1;
    for (std::size_t step = 0; step < rounds * shapes.size(); ++step) {
        const std::size_t p = step % shapes.size(), round = step / shapes.size();
        const PassShape& s = shapes[p];
        const bool first = step == 0, last = step + 1 == rounds * shapes.size();
        const bool roundEnd = (bluestein || rader || convolve) && round == 0 && p + 1 == shapes.size();
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
            writeLocal(shapes[p - 1], ".y");
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
}

} // namespace detail

std::string generateStockhamSource(const KernelSpec& spec)
{
    validate(spec);
    return detail::StockhamKernel(spec).source();
}

} // namespace clfft_ng
