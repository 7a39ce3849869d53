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
#include "stockham.h"

#include "butterfly.h"

#include <algorithm>
#include <functional>
#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

namespace clfft_ng {

namespace {

constexpr long double kPi = 3.141592653589793238462643383279502884L;

struct PassShape {
    int radix;
    std::size_t span;        // Ns
    std::size_t butterflies; // N / R
    std::size_t perThread;   // butterflies per work-item, ceil(N/R / T)
    std::size_t twiddleBase; // first table entry of this pass
};

std::vector<PassShape> passShapes(const KernelSpec& spec)
{
    std::vector<PassShape> shapes;
    std::size_t span = 1, base = 0;
    const std::size_t T = spec.threadsPerTransform;
    for (int r : spec.radices) {
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
    if (spec.batchDims < 1 || spec.batchDims > kMaxBatchDims)
        throw std::invalid_argument("KernelSpec: batch dimensions out of range");
    if (spec.transformsPerGroup < 1 || spec.threadsPerTransform < 1)
        throw std::invalid_argument("KernelSpec: empty work-group");
}

// Source-text helpers for one side (input or output) of the kernel.
std::string globalLoad(const KernelSpec& spec, const std::string& element)
{
    const std::string at = "ioff + (idx_t)(" + element + ") * inStride";
    if (spec.inLayout == ComplexLayout::Interleaved)
        return "in[" + at + "]";
    return "(real2_t)(inRe[" + at + "], inIm[" + at + "])";
}

std::string globalStore(const KernelSpec& spec, const std::string& element, const std::string& value)
{
    const std::string at = "ooff + (idx_t)(" + element + ") * outStride";
    if (spec.outLayout == ComplexLayout::Interleaved)
        return "out[" + at + "] = (real2_t)(" + value + ".x * scaleRe, " + value + ".y * scaleIm);";
    return "outRe[" + at + "] = " + value + ".x * scaleRe; outIm[" + at + "] = " + value + ".y * scaleIm;";
}

} // namespace

std::size_t stockhamTwiddleCount(const KernelSpec& spec)
{
    std::size_t count = 0;
    for (const PassShape& s : passShapes(spec))
        if (s.span > 1)
            count += s.span * static_cast<std::size_t>(s.radix - 1);
    return std::max<std::size_t>(count, 1);
}

std::vector<std::complex<long double>> stockhamTwiddles(const KernelSpec& spec)
{
    std::vector<std::complex<long double>> table;
    table.reserve(stockhamTwiddleCount(spec));
    for (const PassShape& s : passShapes(spec)) {
        if (s.span == 1)
            continue;
        const std::size_t n = s.span * static_cast<std::size_t>(s.radix);
        for (std::size_t k = 0; k < s.span; ++k)
            for (int r = 1; r < s.radix; ++r) {
                // Reduce the exponent modulo n before scaling, so the argument stays in [0, 2 pi).
                const std::size_t e = (k * static_cast<std::size_t>(r)) % n;
                const long double angle = -2.0L * kPi * static_cast<long double>(e) / static_cast<long double>(n);
                table.emplace_back(std::cos(angle), std::sin(angle));
            }
    }
    if (table.empty())
        table.emplace_back(1.0L, 0.0L);
    return table;
}

std::string generateStockhamSource(const KernelSpec& spec)
{
    validate(spec);
    const std::vector<PassShape> passes = passShapes(spec);
    const std::size_t N = spec.length, B = spec.transformsPerGroup, T = spec.threadsPerTransform;
    const bool dbl = spec.precision == Precision::Double;
    const bool useLocal = passes.size() >= 2;

    std::ostringstream os;
    os << "// clfft-ng generated kernel: " << spec.kernelName() << "\n"
       << "// " << spec.describe() << "\n"
       << "// Stockham autosort, forward DFT; the backward one by conjugating at load and store.\n";
    if (dbl)
        os << "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
           << "typedef double real_t;\ntypedef double2 real2_t;\n";
    else
        os << "typedef float real_t;\ntypedef float2 real2_t;\n";
    os << (spec.index64 ? "typedef ulong idx_t;\n" : "typedef uint idx_t;\n") << "\n";
    os << "static inline real2_t cmul(real2_t a, real2_t b)\n{\n"
       << "    return (real2_t)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);\n}\n\n";
    std::set<int> distinct(spec.radices.begin(), spec.radices.end());
    for (int r : distinct)
        os << emitCodelet(r, spec.precision) << "\n";

    // ---- signature
    os << "__kernel __attribute__((reqd_work_group_size(" << spec.workGroupSize() << ", 1, 1)))\n"
       << "void " << spec.kernelName() << "(\n";
    if (spec.inLayout == ComplexLayout::Interleaved)
        os << "    __global const real2_t* in,\n";
    else
        os << "    __global const real_t* inRe, __global const real_t* inIm,\n";
    if (spec.outLayout == ComplexLayout::Interleaved)
        os << "    __global real2_t* out,\n";
    else
        os << "    __global real_t* outRe, __global real_t* outIm,\n";
    os << "    __global const real2_t* tw,\n"
       << "    const idx_t nTransforms, const idx_t inStride, const idx_t outStride,\n";
    for (int d = 0; d < spec.batchDims; ++d)
        os << "    const idx_t count" << d << ", const idx_t inStride" << d << ", const idx_t outStride" << d << ",\n";
    os << "    const real_t scale, const real_t dirSign)\n{\n";

    // ---- which transform and which part of it this work-item owns
    os << "    const uint lid = (uint)get_local_id(0);\n";
    if (spec.transformMajorThreads)
        os << "    const uint b = lid % " << B << "u, t = lid / " << B << "u;\n";
    else
        os << "    const uint b = lid / " << T << "u, t = lid % " << T << "u;\n";
    os << "    const idx_t m = (idx_t)get_group_id(0) * " << B << "u + b;\n"
       << "    const bool valid = m < nTransforms;\n"
       << "    idx_t rest = m, ioff = 0, ooff = 0;\n";
    for (int d = 0; d + 1 < spec.batchDims; ++d)
        os << "    { const idx_t c = rest % count" << d << "; rest /= count" << d << "; ioff += c * inStride" << d
           << "; ooff += c * outStride" << d << "; }\n";
    os << "    ioff += rest * inStride" << spec.batchDims - 1 << "; ooff += rest * outStride" << spec.batchDims - 1
       << ";\n";
    os << "    const real_t scaleRe = scale, scaleIm = scale * dirSign;\n";

    if (passes.empty()) {
        // Length 1: the transform is the identity, scaled.
        os << "    if (valid && t == 0) {\n"
           << "        const real2_t x = " << globalLoad(spec, "0") << ";\n"
           << "        const real2_t y = (real2_t)(x.x, x.y * dirSign);\n"
           << "        " << globalStore(spec, "0", "y") << "\n    }\n}\n";
        return os.str();
    }

    std::size_t regs = 0;
    for (const PassShape& s : passes)
        regs = std::max(regs, s.perThread * static_cast<std::size_t>(s.radix));
    // Split exchange: local memory holds one real component at a time (half the bytes), and
    // the exchange between passes goes real parts first, then imaginary parts.
    const bool split = spec.splitExchange;
    if (useLocal)
        os << "    __local " << (split ? "real_t" : "real2_t") << " lds[" << B * N << "];\n"
           << "    __local " << (split ? "real_t" : "real2_t") << "* slice = lds + b * " << N << "u;\n";
    os << "    real2_t v[" << regs << "];\n";

    auto butterflyIndex = [&](std::size_t q) { return "(t + " + std::to_string(q * T) + "u)"; };
    // Runs `body(q, j)` for each butterfly a work-item owns in pass s, guarded when the
    // butterflies do not divide evenly among the work-items.
    auto forEachButterfly = [&](const PassShape& s, const std::string& indent,
                                const std::function<void(std::size_t, const std::string&)>& body) {
        const bool guarded = s.butterflies % T != 0;
        for (std::size_t q = 0; q < s.perThread; ++q) {
            const std::string j = butterflyIndex(q);
            os << indent << (guarded ? "if (" + j + " < " + std::to_string(s.butterflies) + "u) " : "") << "{\n";
            body(q, j);
            os << indent << "}\n";
        }
    };
    auto slot = [](const PassShape& s, std::size_t q, int r) {
        return "v[" + std::to_string(q * static_cast<std::size_t>(s.radix) + static_cast<std::size_t>(r)) + "]";
    };
    // Element pass s reads for (j, r), and the element it writes.
    auto readElement = [](const PassShape& s, const std::string& j, int r) {
        return j + " + " + std::to_string(static_cast<std::size_t>(r) * s.butterflies) + "u";
    };
    auto writeElement = [&](const PassShape& s, const std::string& j, int r) {
        std::string base;
        if (s.span == 1)
            base = j + " * " + std::to_string(s.radix) + "u";
        else if (s.span * static_cast<std::size_t>(s.radix) == N)
            base = j; // last pass: j < Ns
        else
            base = "(" + j + " / " + std::to_string(s.span) + "u) * " + std::to_string(s.span * s.radix) + "u + " +
                   j + " % " + std::to_string(s.span) + "u";
        return base + " + " + std::to_string(static_cast<std::size_t>(r) * s.span) + "u";
    };
    auto readLocal = [&](const PassShape& s, const std::string& comp) {
        forEachButterfly(s, "    ", [&](std::size_t q, const std::string& j) {
            for (int r = 0; r < s.radix; ++r)
                os << "        " << slot(s, q, r) << comp << " = slice[" << readElement(s, j, r) << "];\n";
        });
    };
    auto writeLocal = [&](const PassShape& s, const std::string& comp) {
        forEachButterfly(s, "    ", [&](std::size_t q, const std::string& j) {
            for (int r = 0; r < s.radix; ++r)
                os << "        slice[" << writeElement(s, j, r) << "] = " << slot(s, q, r) << comp << ";\n";
        });
    };
    const std::string barrier = "    barrier(CLK_LOCAL_MEM_FENCE);\n";

    for (std::size_t p = 0; p < passes.size(); ++p) {
        const PassShape& s = passes[p];
        const bool first = p == 0, last = p + 1 == passes.size();
        const int R = s.radix;
        os << "\n    // pass " << p << ": radix " << R << ", span " << s.span << ", " << s.butterflies
           << " butterflies, " << s.perThread << " per work-item\n";
        // ---- read
        if (first) {
            os << "    if (valid) {\n";
            forEachButterfly(s, "        ", [&](std::size_t q, const std::string& j) {
                for (int r = 0; r < R; ++r)
                    os << "            { const real2_t x = " << globalLoad(spec, readElement(s, j, r)) << "; "
                       << slot(s, q, r) << " = (real2_t)(x.x, x.y * dirSign); }\n";
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
        // A middle pass writes the slice others may still be reading; the last pass writes
        // global memory and needs no barrier.
        if (!first && !last)
            os << barrier;
        // ---- twiddle and butterfly
        forEachButterfly(s, "    ", [&](std::size_t q, const std::string& j) {
            if (s.span > 1) {
                os << "        __global const real2_t* w = tw + " << s.twiddleBase << "u + (" << j << " % " << s.span
                   << "u) * " << R - 1 << "u;\n";
                for (int r = 1; r < R; ++r)
                    os << "        " << slot(s, q, r) << " = cmul(" << slot(s, q, r) << ", w[" << r - 1 << "]);\n";
            }
            os << "        dft" << R << "(v + " << q * static_cast<std::size_t>(R) << ");\n";
        });
        // ---- write
        if (last) {
            os << "    if (valid) {\n";
            forEachButterfly(s, "        ", [&](std::size_t q, const std::string& j) {
                for (int r = 0; r < R; ++r)
                    os << "            " << globalStore(spec, writeElement(s, j, r), slot(s, q, r)) << "\n";
            });
            os << "    }\n";
        } else {
            writeLocal(s, split ? ".x" : "");
        }
    }
    os << "}\n";
    return os.str();
}

} // namespace clfft_ng
