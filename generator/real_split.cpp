// The split/merge step of a long real transform (N = 2M) as its own kernel: the complex FFT
// of M points is too long for one work-group, so X[k] and X[M-k] meet in global memory.
// Each work-item owns one pair (k, M-k), reads both points and writes both, so the kernel
// works in place. The algebra is the one of the fused stages in stockham.cpp.
#include "real_split.h"
#include "unit_roots.h"

#include "butterfly.h"
#include "global_access.h"
#include "kernel_args.h"
#include "kernel_prelude.h"
#include "kernel_skeleton.h"
#include "real_halves.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace clfft_ng {

namespace {


// The factors exp(-2 pi i k / N), k <= M/2, from two tables (unit_roots.h).
std::size_t tableSplit(const KernelSpec& spec) { return twoLevelSplit(spec.length / 2 + 1); }

} // namespace

std::vector<std::complex<long double>> splitMergeTwiddles(const KernelSpec& spec)
{
    std::vector<std::complex<long double>> table;
    appendTwoLevelRoots(table, spec.length / 2 + 1, spec.realLength);
    return table;
}

namespace {

// The split/merge kernel on the one skeleton: one work-item per pair (k, M - k) of a transform,
// no radix passes; the merge or split arithmetic is its one step.
class SplitMergeKernel : public detail::KernelSkeleton {
public:
    explicit SplitMergeKernel(const KernelSpec& k)
        : KernelSkeleton(k), M(k.length), L(tableSplit(k)), merge(k.kind == PassKind::RealMerge), io(k)
    {
    }

private:
    const std::size_t M, L;
    const bool merge;
    const GlobalAccess io;

    void prelude() override { os << kernelHeaderComment(spec, {}) << precisionTypes(spec) << complexMultiply(); }
    std::size_t groupSize() const override { return kSplitMergeGroup; }
    void ownership() override
    {
        os << "    const uint k = (uint)get_global_id(0);\n"
           << "    const idx_t m = (idx_t)get_global_id(1);\n"
           << "    if (k > " << u(M / 2) << " || m >= nTransforms)\n        return;\n"
           << "    idx_t rest = m, ioff = 0, ooff = 0;\n"
           << batchOffsets(spec, "    ", "ioff", "ooff") << "\n"
           << "    const real2_t w = cmul(tw[k % " << u(L) << "], tw[" << u(L) << " + k / " << u(L)
           << "]); // exp(-2 pi i k / N)\n";
    }
    void passes() override
    {
        if (merge) {
            const std::string half = realLiteral(0.5L, spec.precision);
            os << "    // X[k] = E + W^k O, X[M-k] = conj(E - W^k O), E = (Z[k] + conj(Z[M-k])) / 2,\n"
               << "    // O = -i (Z[k] - conj(Z[M-k])) / 2\n"
               << "    const real2_t A = " << io.loadComplex("k") << ";\n"
               << "    const real2_t B = " << io.loadComplex("k == 0u ? 0u : " + u(M) + " - k") << ";\n"
               << realMergeArithmetic("    ", half, "w")
               << "    " << io.storeComplex("k", "(real2_t)(P.x * scale, P.y * scale)") << "\n"
               << "    if (k == 0u || k < " << u(M) << " - k)\n"
               << "        " << io.storeComplex(u(M) + " - k", "(real2_t)(Q.x * scale, -Q.y * scale)") << "\n";
            return;
        }
        os << "    // Z[k] = E + iO, E = X[k] + conj(X[M-k]), O = (X[k] - conj(X[M-k])) exp(2 pi i k / N)\n"
           << "    const real2_t A = " << io.loadComplex("k") << ";\n"
           << "    const real2_t B = (k == " << u(M) << " - k) ? A : " << io.loadComplex(u(M) + " - k") << ";\n"
           << realSplitArithmetic("    ", "")
           << "    " << io.storeComplex("k", "(real2_t)((E.x - O.y) * scale, (E.y + O.x) * scale)") << "\n"
           << "    if (k > 0u && k < " << u(M) << " - k)\n"
           << "        " << io.storeComplex(u(M) + " - k", "(real2_t)((E.x + O.y) * scale, (O.x - E.y) * scale)")
           << "\n";
    }
};

} // namespace

std::string generateSplitMergeSource(const KernelSpec& spec)
{
    if ((spec.kind != PassKind::RealMerge && spec.kind != PassKind::RealSplit) || spec.realLength % 2 != 0 ||
        spec.length * 2 != spec.realLength)
        throw std::invalid_argument("KernelSpec: not a split/merge step");
    return SplitMergeKernel(spec).source();
}

} // namespace clfft_ng
