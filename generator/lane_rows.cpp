// Lane kernels' rows (generator/lanes.cpp): where the lanes are rows (gathered, the transforms
// of dimension 0), W points of every lane's row move per vector load or store and are transposed
// into lanes in registers (rows by chunks), or the W rows are one block of N x W points permuted
// in registers (rows as blocks, one pass of one item); the preconditions of both.
#include "lane_kernel.h"
#include "lanes.h"
#include "storage.h"

#include <sstream>
#include <string>

namespace clfft_ng {
namespace detail {

// x[0..W) (vreal2_t, W interleaved complex values each) transposed as a W x W matrix of complex
// values, into `to`0..W: log2(W) rounds, each exchanging blocks of b values between the rows
// b apart (a shuffle of two vectors per row), b = W/2, ..., 2, 1. LLVM folds the pieces the
// first round takes into the loads: largest first makes them 32- and 16-byte loads, not 8.
void LaneKernel::transposeChunk(const std::string& from, const std::string& to)
{
    std::string src = from;
    std::size_t round = 0;
    for (std::size_t b = W / 2; b >= 1; b /= 2, ++round) {
        const std::string next = b > 1 ? to + "_" + std::to_string(round) + "_" : to;
        auto block = [&](std::size_t row, std::size_t first) { // complex values first..first+b of row
            std::string t = src + std::to_string(row) + ".s";
            for (std::size_t k = 2 * first; k < 2 * (first + b); ++k)
                t += componentDigit(k);
            return t;
        };
        for (std::size_t i = 0; i < W; ++i) {
            if ((i / b) % 2)
                continue;
            std::string lo, hi;
            for (std::size_t m = 0; m < W / (2 * b); ++m) {
                lo += (m ? ", " : "") + block(i, 2 * m * b) + ", " + block(i + b, 2 * m * b);
                hi += (m ? ", " : "") + block(i, (2 * m + 1) * b) + ", " + block(i + b, (2 * m + 1) * b);
            }
            os << "        const vreal2_t " << next << i << " = (vreal2_t)(" << lo << "), " << next << i + b
               << " = (vreal2_t)(" << hi << ");\n";
        }
        src = next;
    }
}

void LaneKernel::rowsInByChunks(bool toRegisters)
{
    const std::size_t chunks = N / W, rest = N % W;
    os << "\n    // rows in: " << W << " points of every lane's row per vector load, transposed into lanes"
       << (toRegisters ? " (registers: one work-item, point e in vr[e])" : "") << "\n";
    auto put = [&](const std::string& e, const std::string& re, const std::string& im) {
        if (toRegisters)
            os << "        vr[" << e << "] = " << re << "; vi[" << e << "] = " << im << " * dirSign;\n";
        else
            os << "        lr0[" << e << "] = " << re << "; li0[" << e << "] = " << im << " * dirSign;\n";
    };
    forEachItem(chunks, [&](std::size_t q, const std::string& j) {
        // in registers the one work-item's item q is chunk q (constant indices keep vr in registers)
        const std::string c = toRegisters ? u(q) : j;
        auto point = [&](std::size_t k) { return toRegisters ? u(q * W + k) : c + " * " + u(W) + " + " + u(k); };
        // zero-padded input: a chunk of the range (whole chunks: the planner aligns them) is not read
        if (spec.zeroIn.present()) {
            os << "        if " << pointInRange(c + " * " + u(W), spec.zeroIn) << " {\n";
            for (std::size_t k = 0; k < W; ++k)
                put(point(k), "(vreal_t)0", "(vreal_t)0");
            os << "        } else {\n";
        }
        os << "        const idx_t o = ioff + (idx_t)" << c << " * " << u(W) << ";\n";
        for (std::size_t l = 0; l < W; ++l)
            os << "        const vreal2_t x" << l << " = "
               << loadVectorAt(spec.inStorage, 2 * W, "in", "2u * (o + laneIn[" + std::to_string(l) + "])", true) << ";\n";
        transposeChunk("x", "y");
        for (std::size_t k = 0; k < W; ++k)
            put(point(k), "y" + std::to_string(k) + ".even", "y" + std::to_string(k) + ".odd");
        if (spec.zeroIn.present())
            os << "        }\n";
    });
    forEachItem(rest, [&](std::size_t q, const std::string& j) {
        const std::string e = toRegisters ? u(N - rest + q) : "(" + u(N - rest) + " + " + j + ")";
        os << "        vreal_t ar, ai;\n";
        if (spec.zeroIn.present())
            os << "        if " << pointInRange(e, spec.zeroIn) << " { ar = (vreal_t)0; ai = (vreal_t)0; } else {\n"
               << loadInto("ioff + (idx_t)" + e + " * inStride", "ar", "ai") << "        }\n";
        else
            os << loadInto("ioff + (idx_t)" + e + " * inStride", "ar", "ai");
        put(e, "ar", "ai");
    });
}

void LaneKernel::rowsOutByChunks(bool fromRegisters)
{
    const std::size_t chunks = N / W, rest = N % W;
    const std::string c = std::to_string(cur);
    auto get = [&](const std::string& e, bool imag) {
        return (fromRegisters ? std::string(imag ? "vi[" : "vr[") : (imag ? "li" : "lr") + c + "[") + e + "]";
    };
    os << "\n    // rows out: lanes transposed into " << W << " points of every lane's row per vector store"
       << (fromRegisters ? " (registers: point e in vr[e])\n" : "\n" + std::string(barrier));
    forEachItem(chunks, [&](std::size_t q, const std::string& j) {
        const std::string ch = fromRegisters ? u(q) : j;
        // pruned output: a chunk of the range (whole chunks: the planner aligns them) is not stored
        if (spec.skipOut.present())
            os << "        if (!" << pointInRange(ch + " * " + u(W), spec.skipOut) << ") {\n";
        os << "        const idx_t o = ooff + (idx_t)" << ch << " * " << u(W) << ";\n";
        for (std::size_t k = 0; k < W; ++k) {
            const std::string e = fromRegisters ? u(q * W + k) : ch + " * " + u(W) + " + " + u(k);
            os << "        vreal2_t x" << k << "; x" << k << ".even = " << get(e, false) << " * scaleRe; x" << k
               << ".odd = " << get(e, true) << " * scaleIm;\n";
        }
        transposeChunk("x", "y");
        // from the last lane down: lanes past the end share the last valid lane's row
        for (std::size_t l = W; l-- > 0;)
            os << "        "
               << storeVectorAt(spec, spec.outStorage, 2 * W, "y" + std::to_string(l), "out", "2u * (o + laneOut[" + u(l) + "])",
                                true)
               << "\n";
        if (spec.skipOut.present())
            os << "        }\n";
    });
    forEachItem(rest, [&](std::size_t q, const std::string& j) {
        const std::string e = fromRegisters ? u(N - rest + q) : "(" + u(N - rest) + " + " + j + ")";
        if (spec.skipOut.present())
            os << "        if (!" << pointInRange(e, spec.skipOut) << ") {\n";
        os << storeText("ooff + (idx_t)" + e + " * outStride", get(e, false) + " * scaleRe", get(e, true) + " * scaleIm");
        if (spec.skipOut.present())
            os << "        }\n";
    });
}

std::string LaneKernel::blockCondition(bool in) const
{
    return "valid == " + u(W) + " && " + (in ? "inStride" : "outStride") + std::to_string(spec.lane.dim) +
           " == " + u(N);
}

// Lane l's point e is point l N + e of the block: complex value (l N + e) mod W of vector
// (l N + e) / W. Single precision permutes whole complex values (64-bit lanes of a ulong
// vector: half the elements, wider shuffles); double picks real and imaginary parts.
void LaneKernel::rowBlockIn()
{
    const bool units = spec.precision == Precision::Single;
    os << "        // rows in: the " << W << " rows are one block of " << N << " x " << W
       << " points: vector loads, permuted in registers\n";
    for (std::size_t k = 0; k < N; ++k) {
        const std::string load = "vload" + w2 + "(" + std::to_string(k) + ", (__global const real_t*)in + 2u * ioff)";
        os << "        const " << (units ? "ulong" + w + " b" + std::to_string(k) + " = as_ulong" + w + "(" + load + ")"
                                          : "vreal2_t b" + std::to_string(k) + " = " + load)
           << ";\n";
    }
    for (std::size_t e = 0; e < N; ++e) {
        if (units) {
            os << "        { const vreal2_t z = as_float" << w2 << "((ulong" << w << ")(";
            for (std::size_t l = 0; l < W; ++l) {
                const std::size_t f = l * N + e;
                os << (l ? ", " : "") << "b" << f / W << ".s" << componentDigit(f % W);
            }
            os << ")); vr[" << e << "] = z.even; vi[" << e << "] = z.odd * dirSign; }\n";
            continue;
        }
        for (int c = 0; c < 2; ++c) {
            os << "        v" << (c ? "i" : "r") << "[" << e << "] = (vreal_t)(";
            for (std::size_t l = 0; l < W; ++l) {
                const std::size_t f = l * N + e;
                os << (l ? ", " : "") << "b" << f / W << ".s" << componentDigit(2 * (f % W) + static_cast<std::size_t>(c));
            }
            os << ")" << (c ? " * dirSign" : "") << ";\n";
        }
    }
}

// Output vector k holds points kW..kW+W-1 of the block: point f is lane f / N's point f mod N.
void LaneKernel::rowBlockOut()
{
    const bool units = spec.precision == Precision::Single;
    os << "        // rows out: the " << W << " rows are one block: permuted in registers, vector stores\n";
    for (std::size_t e = 0; e < N; ++e) {
        if (units)
            os << "        ulong" << w << " z" << e << "; { vreal2_t t; t.even = vr[" << e << "] * scaleRe; t.odd = vi[" << e
               << "] * scaleIm; z" << e << " = as_ulong" << w << "(t); }\n";
        else
            os << "        const vreal_t sr" << e << " = vr[" << e << "] * scaleRe, si" << e << " = vi[" << e << "] * scaleIm;\n";
    }
    for (std::size_t k = 0; k < N; ++k) {
        std::ostringstream v;
        v << (units ? "as_float" + w2 + "((ulong" + w + ")(" : "(vreal2_t)(");
        for (std::size_t p = 0; p < W; ++p) {
            const std::size_t f = k * W + p, l = f / N, e = f % N;
            if (units)
                v << (p ? ", " : "") << "z" << e << ".s" << componentDigit(l);
            else
                v << (p ? ", " : "") << "sr" << e << ".s" << componentDigit(l) << ", si" << e << ".s" << componentDigit(l);
        }
        v << (units ? "))" : ")");
        os << "        " << vectorStore(spec, 2 * W, v.str(), "(__global real_t*)out + 2u * (ooff + " + u(k * W) + ")") << "\n";
    }
}

} // namespace detail

bool laneCanMoveRowsByChunks(const KernelSpec& spec, bool in)
{
    const std::size_t W = spec.lane.width;
    return spec.kind == PassKind::Complex && !spec.stageTwiddleLength && spec.fusedStep == FusedStep::None &&
           W >= 2 && (W & (W - 1)) == 0 && 2 * W <= 16 && (in ? spec.lane.gatherIn : spec.lane.gatherOut) &&
           (in ? spec.inLayout : spec.outLayout) == ComplexLayout::Interleaved;
}

bool laneOnePassOneItem(const KernelSpec& spec)
{
    return spec.kind == PassKind::Complex && spec.radices.size() == 1 && spec.threadsPerTransform == 1;
}

bool laneChunksInRegisters(const KernelSpec& spec)
{
    return (spec.lane.rowsIn || spec.lane.rowsOut) && laneOnePassOneItem(spec);
}

} // namespace clfft_ng
