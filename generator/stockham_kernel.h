// The Stockham kernel's class (generator/stockham.cpp prints its skeleton, stockham_memory.cpp
// its hooks). Internal to the generator.
#pragma once

#include "global_access.h"
#include "kernel_skeleton.h"
#include "kernel_spec.h"
#include "stockham.h"
#include "tables.h"

#include <cstddef>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace clfft_ng {
namespace detail {

// The Stockham kernel as a skeleton with hooks (rocFFT's StockhamKernel): source() prints the
// prelude, the work-item's transform and offsets, the real pre-stage, the radix passes (the
// first reads global memory through loadElement, the last writes it through storeElement, the
// others exchange through local memory), the step between Rader's or Bluestein's two rounds,
// and the real post-stage. The variants of the algorithm live in the hooks.
class StockhamKernel : public KernelSkeleton {
public:
    explicit StockhamKernel(const KernelSpec& k)
        : KernelSkeleton(k), shapes(passShapes(k)), N(k.length), B(k.transformsPerGroup), T(k.threadsPerTransform),
          table(tableLayout(k)), io(k), split(k.stockham.splitExchange), barrier(k.barrier()),
          bluestein(k.kind == PassKind::Bluestein), rader(k.kind == PassKind::Rader), convolve(k.convolve)
    {
    }

private:
    const std::vector<PassShape> shapes;
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
    // A convolution pass (KernelSpec::convolve): the two rounds with the client's spectrum, read
    // at the input's offsets, between them.
    const int convolve;

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

    void prelude() override;
    std::size_t groupSize() const override { return spec.workGroupSize(); }
    void ownership() override;
    void preStage() override;
    void passes() override;
    void postStage() override;
    void expandHermitian();
    // Hook: input element e of the first pass into register slot (s, q, r).
    void loadElement(const PassShape& s, std::size_t q, int r, const std::string& e);
    // Hook: register y, output element e of the last pass, to global memory.
    void storeElement(const PassShape& s, std::size_t q, int r, const std::string& e, const std::string& y);
    // Hook: between the rounds of Rader, Bluestein and a convolution pass, the product with the
    // spectrum.
    void betweenRounds(const PassShape& s);
    void mergeHermitian();
};

} // namespace detail
} // namespace clfft_ng
