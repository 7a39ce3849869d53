// The split/merge step of a long real transform (N = 2M) as its own kernel: the complex FFT
// of M points is too long for one work-group, so X[k] and X[M-k] meet in global memory.
// Each work-item owns one pair (k, M-k), reads both points and writes both, so the kernel
// works in place. The algebra is the one of the fused stages in stockham.cpp.
#include "storage.h"
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

// V lane swizzle, last lane first: ".s76543210".
std::string reversed(std::size_t V)
{
    std::string s = ".s";
    for (std::size_t l = V; l-- > 0;)
        s += "0123456789abcdef"[l];
    return s;
}

} // namespace

std::size_t splitMergeTableSplit(const KernelSpec& spec)
{
    const std::size_t L = twoLevelSplit(spec.length / 2 + 1), V = spec.pairVector;
    // A vector's k share their high factor: the low table's length is a multiple of V.
    return V ? (L + V - 1) / V * V : L;
}

std::vector<std::complex<long double>> splitMergeTwiddles(const KernelSpec& spec)
{
    std::vector<std::complex<long double>> table;
    appendTwoLevelRoots(table, spec.length / 2 + 1, spec.realLength, splitMergeTableSplit(spec));
    return table;
}

namespace {

// The split/merge kernel on the one skeleton: one work-item per pair (k, M - k) of a transform,
// or per V consecutive pairs (pairVector), no radix passes; the merge or split arithmetic is its
// one step.
class SplitMergeKernel : public detail::KernelSkeleton {
public:
    explicit SplitMergeKernel(const KernelSpec& k)
        : KernelSkeleton(k), M(k.length), L(splitMergeTableSplit(k)), V(k.pairVector),
          merge(k.kind == PassKind::RealMerge), io(k)
    {
    }

private:
    const std::size_t M, L, V;
    const bool merge;
    const GlobalAccess io;

    void prelude() override
    {
        os << kernelHeaderComment(spec, {})
           << (V ? precisionTypes(spec, {{"vreal_t", std::to_string(V)}, {"vreal2_t", std::to_string(2 * V)}})
                 : precisionTypes(spec))
           << complexMultiply();
    }
    std::size_t groupSize() const override { return kSplitMergeGroup; }
    void ownership() override
    {
        // One pair: k = 0 .. M/2. V pairs: work-item g takes k = gV .. gV + V - 1, g = 0 also M/2.
        os << "    const uint " << (V ? "g" : "k") << " = (uint)get_global_id(0);\n"
           << "    const idx_t m = (idx_t)get_global_id(1);\n"
           << "    if (" << (V ? "g >= " + u(M / (2 * V)) : "k > " + u(M / 2)) << " || m >= nTransforms)\n"
           << "        return;\n"
           << "    idx_t rest = m, ioff = 0, ooff = 0;\n"
           << batchOffsets(spec, "    ", "ioff", "ooff") << "\n";
    }
    void passes() override
    {
        if (!V) {
            pairBody("    ");
            return;
        }
        // Unit strides: V pairs at once, the mirrors read and written in reversed lane order.
        // Other strides, and the first vector (k = 0 and M/2 pair with M and themselves), one
        // pair at a time.
        os << "    if (g != 0u && inStride == 1 && outStride == 1) {\n";
        vectorBody("        ");
        os << "    } else {\n"
           << "        for (uint j = 0u; j < (g == 0u ? " << u(V + 1) << " : " << u(V) << "); ++j) {\n"
           << "            const uint k = j == " << u(V) << " ? " << u(M / 2) << " : g * " << u(V) << " + j;\n";
        pairBody("            ");
        os << "        }\n"
           << "    }\n";
    }
    void vectorBody(const std::string& in)
    {
        const std::string w2 = std::to_string(2 * V), r = reversed(V);
        const std::string mirror = u(M - V + 1) + " - k0"; // the first of the V mirrors
        // complex element e of either side as reals (16-bit sides: storage.h)
        auto load = [&](const std::string& e) {
            return spec.inStorage == Storage::Native ? "vload" + w2 + "(0, (__global const real_t*)(in + " + e + "))"
                                                     : loadVectorAt(spec.inStorage, 2 * V, "in", "2u * (" + e + ")", true);
        };
        auto store = [&](const std::string& v, const std::string& e) {
            return spec.outStorage == Storage::Native ? vectorStore(spec, 2 * V, v, "(__global real_t*)(out + " + e + ")")
                                                      : storeVectorAt(spec, spec.outStorage, 2 * V, v, "out", "2u * (" + e + ")", true);
        };
        os << in << "const uint k0 = g * " << u(V) << ";\n"
           << in << "const vreal2_t a = " << load("ioff + k0") << ";\n"
           << in << "const vreal2_t b = " << load("ioff + " + mirror) << ";\n"
           << in << "const vreal_t Ar = a.even, Br = b.even" << r << ";\n"
           << in << "vreal_t Ai = a.odd, Bi = b.odd" << r << ";\n";
        if (!merge) // the k = 0 pair (X[0], X[M]), lane 0 of the first vector: imaginary parts count as zero
            os << in << "if (k0 == 0u) { Ai.s0 = 0; Bi.s0 = 0; }\n";
        os << in << "const vreal2_t lo = vload" << w2 << "(0, (__global const real_t*)(tw + k0 % " << u(L)
           << ")); const real2_t hi = tw[" << u(L) << " + k0 / " << u(L) << "];\n"
           << in << "const vreal_t wr = lo.even * hi.x - lo.odd * hi.y, wi = lo.even * hi.y + lo.odd * hi.x;\n";
        if (merge) {
            const std::string half = realLiteral(0.5L, spec.precision);
            os << in << "const vreal_t Er = " << half << " * (Ar + Br), Ei = " << half << " * (Ai - Bi);\n"
               << in << "const vreal_t Or = " << half << " * (Ai + Bi), Oi = " << half << " * (Br - Ar);\n"
               << in << "const vreal_t WOr = wr * Or - wi * Oi, WOi = wr * Oi + wi * Or;\n"
               << in << "vreal2_t p; p.even = (Er + WOr) * scale; p.odd = (Ei + WOi) * scale;\n"
               << in << "const vreal_t Qr = (Er - WOr) * scale, Qi = (WOi - Ei) * scale;\n";
        } else {
            os << in << "const vreal_t Er = Ar + Br, Ei = Ai - Bi, Dr = Ar - Br, Di = Ai + Bi;\n"
               << in << "const vreal_t Or = Dr * wr + Di * wi, Oi = Di * wr - Dr * wi;\n"
               << in << "vreal2_t p; p.even = (Er - Oi) * scale; p.odd = (Ei + Or) * scale;\n"
               << in << "const vreal_t Qr = (Er + Oi) * scale, Qi = (Or - Ei) * scale;\n";
        }
        os << in << "vreal2_t q; q.even = Qr" << r << "; q.odd = Qi" << r << ";\n"
           << in << store("p", "ooff + k0") << "\n"
           << in << store("q", "ooff + " + mirror) << "\n";
    }
    void pairBody(const std::string& in)
    {
        os << in << "const real2_t w = cmul(tw[k % " << u(L) << "], tw[" << u(L) << " + k / " << u(L)
           << "]); // exp(-2 pi i k / N)\n";
        if (merge) {
            const std::string half = realLiteral(0.5L, spec.precision);
            os << in << "// X[k] = E + W^k O, X[M-k] = conj(E - W^k O), E = (Z[k] + conj(Z[M-k])) / 2,\n"
               << in << "// O = -i (Z[k] - conj(Z[M-k])) / 2\n"
               << in << "const real2_t A = " << io.loadComplex("k") << ";\n"
               << in << "const real2_t B = " << io.loadComplex("k == 0u ? 0u : " + u(M) + " - k") << ";\n"
               << realMergeArithmetic(in, half, "w")
               << in << io.storeComplex("k", "(real2_t)(P.x * scale, P.y * scale)") << "\n"
               << in << "if (k == 0u || k < " << u(M) << " - k)\n"
               << in << "    " << io.storeComplex(u(M) + " - k", "(real2_t)(Q.x * scale, -Q.y * scale)") << "\n";
            return;
        }
        os << in << "// Z[k] = E + iO, E = X[k] + conj(X[M-k]), O = (X[k] - conj(X[M-k])) exp(2 pi i k / N)\n"
           << in << "const real2_t A = " << io.loadComplex("k") << ";\n"
           << in << "const real2_t B = (k == " << u(M) << " - k) ? A : " << io.loadComplex(u(M) + " - k") << ";\n"
           << realSplitArithmetic(in, "")
           << in << io.storeComplex("k", "(real2_t)((E.x - O.y) * scale, (E.y + O.x) * scale)") << "\n"
           << in << "if (k > 0u && k < " << u(M) << " - k)\n"
           << in << "    " << io.storeComplex(u(M) + " - k", "(real2_t)((E.x + O.y) * scale, (O.x - E.y) * scale)")
           << "\n";
    }
};

} // namespace

std::string generateSplitMergeSource(const KernelSpec& spec)
{
    if ((spec.kind != PassKind::RealMerge && spec.kind != PassKind::RealSplit) || spec.realLength % 2 != 0 ||
        spec.length * 2 != spec.realLength)
        throw std::invalid_argument("KernelSpec: not a split/merge step");
    const std::size_t V = spec.pairVector;
    if (V && ((V != 2 && V != 4 && V != 8) || spec.length % (2 * V) != 0 ||
              spec.inLayout != ComplexLayout::Interleaved || spec.outLayout != ComplexLayout::Interleaved ||
              spec.pre.present || spec.post.present))
        throw std::invalid_argument("KernelSpec: pairs as vectors need V of 2, 4 or 8 dividing M / 2, interleaved, no callbacks");
    return SplitMergeKernel(spec).source();
}

} // namespace clfft_ng
