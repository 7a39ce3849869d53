// Row-lane kernels: vector code for transforms whose points are contiguous (the rows of a
// batch), where lane kernels (lanes.cpp) would gather their lanes element by element
// from 8 different rows.
//
// With W lanes (8, or 16 below) and N = W * A, point n = W a + b of the transform goes to lane b
// of vector a, so one vload16 brings the vector (8 neighbouring points, one cache line of
// single-precision complex values). Then
//   X[k + A c] = sum_b  w_N^(b k) w_W^(b c) Y_b[k],   Y_b[k] = sum_a x[W a + b] w_A^(a k):
//  1. the A-point DFTs Y_b, one per lane, by Stockham passes on vectors (local memory between
//     passes, as in a lane kernel), the twiddle w_N^(b k) applied to lane b of output k;
//  2. 8-point DFTs across the lanes: for 8 consecutive k, the 8 vectors Y[k..k+7] are read back
//     from local memory and transposed in registers (vector b then holds lane b of each; scalar
//     transposed reads were 8-12% slower overall), and one vector codelet over them gives
//     X[k + A c] for the 8 values of k, 8 contiguous points: one vstore16 each.
// Local memory holds the transform twice (two buffers, the passes alternating between them).
// W = 16 (single-precision real rows, float16 vectors: a whole 64-byte line of a real row per
// vector) splits step 2 into a radix-2 step over the halves of each vector, then two 8-point
// DFTs on 8-lane halves; the complex side is always moved 8 points at a time (creal_t).
#include "row_lane_kernel.h"
#include "row_lanes.h"
#include "storage.h"
#include "r2r_stages.h"
#include "unit_roots.h"

#include "butterfly.h"
#include "global_access.h"
#include "kernel_args.h"
#include "kernel_prelude.h"
#include "vector_passes.h"

#include <cmath>
#include <numeric>
#include <functional>
#include <set>
#include <sstream>
#include <stdexcept>

namespace clfft_ng {
namespace {

void check(const KernelSpec& spec)
{
    const std::size_t W = spec.row.width, N = spec.length;
    const bool real = (spec.kind == PassKind::RealForward || spec.kind == PassKind::RealBackward) && spec.halfLengthReal() &&
                      spec.realLength == (spec.row.pairs ? N : 2 * N);
    const bool bluestein = spec.kind == PassKind::Bluestein;
    if (bluestein && (W != 8 || N % 64 != 0 || spec.transformLength == 0 ||
                      N < 2 * spec.transformLength - 1 || spec.row.registers || spec.row.pieceLength))
        throw std::invalid_argument("KernelSpec: not a row-lane Bluestein kernel");
    if ((W != 8 && W != 16 && !(W == 4 && rowLanePacked(spec))) || (N % (W * 8) != 0 && !rowLanePacked(spec)) ||
        (spec.row.stacked && (W != 4 || spec.row.pieceLength)) ||
        (spec.kind != PassKind::Complex && !real && !bluestein) ||
        spec.radices.empty() ||
        spec.stageTwiddleLength || spec.fusedStep != FusedStep::None || spec.lane.width || spec.stockham.splitExchange ||
        spec.pre.present || spec.post.present || spec.transformsPerGroup == 0 || spec.threadsPerTransform == 0 ||
        spec.batchDims < 1 || spec.batchDims > kMaxBatchDims)
        throw std::invalid_argument("KernelSpec: not a row-lane kernel");
    const bool quarterWave = spec.kind == PassKind::Complex && W == 8 && !rowLanePacked(spec) && !spec.row.tight;
    if ((spec.r2rIn.present() || spec.r2rOut.present()) &&
        (!((spec.row.pairs && real && N % 128 == 0) || (!spec.row.pairs && real) || quarterWave) || spec.row.registers ||
         spec.row.stacked ||
         spec.row.pieceLength || spec.inLayout != ComplexLayout::Interleaved ||
         spec.outLayout != ComplexLayout::Interleaved))
        throw std::invalid_argument("KernelSpec: fused r2r stages need a row-lane kernel of two real rows or of a "
                                    "complex row (DCT-IV)");
    std::size_t product = 1;
    for (int r : spec.radices)
        product *= static_cast<std::size_t>(r);
    if (product * W != N)
        throw std::invalid_argument("KernelSpec: row-lane radices must multiply to length / 8");
    // Pieces hold whole 16-point chunks (the loads of pass 0) of complex interleaved rows.
    const std::size_t m = spec.row.pieceLength;
    if (spec.row.tight && (spec.kind != PassKind::Complex || rowLanePacked(spec) || spec.row.registers || spec.row.stacked))
        throw std::invalid_argument("KernelSpec: tight row-lane buffers are for complex rows of whole vectors through local memory");
    if (spec.row.registers && (spec.threadsPerTransform != 1 || spec.kind != PassKind::Complex || (N / W) % W != 0))
        throw std::invalid_argument("KernelSpec: row-lane passes in registers need one work-item per complex transform "
                                    "of a multiple of lanes x lanes points");
    if (m && (spec.kind != PassKind::Complex || spec.inLayout != ComplexLayout::Interleaved || m % 16 != 0 ||
              N % m != 0 || spec.row.pieceDistance < m || spec.inPlace))
        throw std::invalid_argument("KernelSpec: row-lane input pieces need complex interleaved rows, out of place, "
                                    "in pieces of a multiple of 16 points that divides the length");
}

} // namespace

bool rowLanePacked(const KernelSpec& spec)
{
    const std::size_t W = spec.row.width, N = spec.length;
    if ((W != 8 && W != 4) || N % W != 0 || (W == 8 && (N / W) % 8 == 0) || spec.kind != PassKind::Complex ||
        spec.row.pairs || spec.transformsPerGroup == 0)
        return false;
    const std::size_t A = N / W, periodTransforms = std::lcm(A, W) / A;
    return spec.transformsPerGroup % periodTransforms == 0; // stacked: the slots of each half
}

bool rowLanePackedWholeLines(const KernelSpec& spec)
{
    if (!rowLanePacked(spec))
        return false;
    const std::size_t W = spec.row.width, A = spec.length / W;
    return (W == 8 && A == 4) || (W == 4 && A % 4 == 0 && spec.precision == Precision::Double);
}

std::size_t rowLanePadPeriod(std::size_t vectors, std::size_t width, Precision p)
{
    constexpr std::size_t period = 64, fromBytes = 128 * 1024; // a multiple of 8: whole blocks across the lanes
    const bool powerOfTwo = vectors && (vectors & (vectors - 1)) == 0;
    return powerOfTwo && vectors * width * complexBytes(p) >= fromBytes ? period : 0;
}

std::size_t rowLanePadPeriod(const KernelSpec& spec)
{
    if (!spec.row.width || rowLanePacked(spec) || spec.row.registers || spec.row.tight ||
        (spec.kind != PassKind::Complex && spec.kind != PassKind::Bluestein))
        return 0;
    return rowLanePadPeriod(spec.length / spec.row.width, spec.row.width, spec.precision);
}

namespace {

std::size_t bufferVectors(std::size_t A, std::size_t period) { return A + 1 + (period ? (A + period - 1) / period : 0); }

} // namespace

std::size_t rowLaneBufferVectors(const KernelSpec& spec)
{
    if (spec.row.tight)
        return spec.length / spec.row.width;
    return bufferVectors(spec.length / spec.row.width, rowLanePadPeriod(spec));
}

std::size_t rowLaneBufferVectors(std::size_t vectors, std::size_t width, Precision p)
{
    return bufferVectors(vectors, rowLanePadPeriod(vectors, width, p));
}

std::vector<std::complex<long double>> rowLaneTwiddles(const KernelSpec& spec)
{
    check(spec);
    const std::size_t W = spec.row.width, N = spec.length, A = N / W;
    auto root = unitRoot;
    std::vector<std::complex<long double>> table;
    for (const VectorPass& s : vectorPasses(spec.radices, A)) {
        if (s.span == 1)
            continue;
        for (std::size_t k = 0; k < s.span; ++k)
            for (int r = 1; r < s.radix; ++r)
                table.push_back(root(k * static_cast<std::size_t>(r), s.span * static_cast<std::size_t>(s.radix)));
    }
    for (std::size_t k = 0; k < A; ++k)
        for (std::size_t b = 0; b < W; ++b)
            table.push_back(root(b * k, N));
    if (spec.halfLengthReal() && !spec.row.pairs) // split/merge factors exp(-2 pi i k / realLength), k < length
        for (std::size_t k = 0; k < N; ++k)
            table.push_back(root(k, spec.realLength));
    if (spec.kind == PassKind::Bluestein) { // the chirp (Nt), then the kernel's spectrum (M)
        const auto chirp = bluesteinChirp(spec.transformLength), kernel = bluesteinKernel(spec.transformLength, N);
        table.insert(table.end(), chirp.begin(), chirp.end());
        table.insert(table.end(), kernel.begin(), kernel.end());
    }
    for (bool out : {false, true}) { // tableLayout's r2r
        const auto t = r2rFusedTable(out ? spec.r2rOut : spec.r2rIn, out);
        table.insert(table.end(), t.begin(), t.end());
    }
    return table;
}

namespace detail {

RowLaneKernel::RowLaneKernel(const KernelSpec& k)
    : KernelSkeleton(k), W(k.row.width), N(k.length), A(N / W), T(k.threadsPerTransform), B(k.transformsPerGroup),
      H(k.row.stacked ? 2 : 1), w(std::to_string(W * H)), PB(std::min<std::size_t>(W, 8)), shapes(vectorPasses(k.radices, A)), laneBase(tableLayout(k).laneTable),
      realBase(tableLayout(k).realFactors), forward(k.kind == PassKind::RealForward), backward(k.kind == PassKind::RealBackward),
      pairs(k.row.pairs), merge(forward && !pairs), split(backward && !pairs),
      inPlanar(k.inLayout == ComplexLayout::Planar), outPlanar(k.outLayout == ComplexLayout::Planar),
      packed(rowLanePacked(k)), bluestein(k.kind == PassKind::Bluestein), Nt(k.transformLength),
      chirpBase(tableLayout(k).steps), spectrumBase(chirpBase + k.transformLength), io(k),
      barrier(k.row.registers ? "" : k.barrier()), pad(rowLanePadPeriod(k)),
      swizzle(k.row.tight && A >= 512 && (A & (A - 1)) == 0), r2rInBase(tableLayout(k).r2r),
      r2rOutBase(r2rInBase + r2rFusedTableLength(k.r2rIn, false))
{
}

std::string RowLaneKernel::loadPoints(const std::string& at, const std::string& re, const std::string& im,
                                      bool reversed) const
{
    const std::string rev = reversed ? ".s76543210" : "";
    const Storage st = spec.inStorage;
    if (inPlanar)
        return "        " + re + " = " + loadVectorAt(st, PB, "inRe", at) + rev + "; " + im + " = " +
               loadVectorAt(st, PB, "inIm", at) + rev + ";\n";
    return "        { const creal2_t z = " + loadVectorAt(st, 2 * PB, "in", "2u * (" + at + ")", true) + "; " + re + " = z.even" +
           rev + "; " + im + " = z.odd" + rev + "; }\n";
}

std::string RowLaneKernel::loadStacked(const std::string& at, const std::string& atH, const std::string& re,
                                       const std::string& im) const
{
    const Storage st = spec.inStorage;
    if (inPlanar)
        return "        " + re + " = (vreal_t)(" + loadVectorAt(st, W, "inRe", at) + ", " + loadVectorAt(st, W, "inRe", atH) +
               "); " + im + " = (vreal_t)(" + loadVectorAt(st, W, "inIm", at) + ", " + loadVectorAt(st, W, "inIm", atH) +
               ");\n";
    return "        { const creal2_t z0 = " + loadVectorAt(st, 2 * W, "in", "2u * (" + at + ")", true) + ", z1 = " +
           loadVectorAt(st, 2 * W, "in", "2u * (" + atH + ")", true) + "; " + re + " = (vreal_t)(z0.even, z1.even); " + im +
           " = (vreal_t)(z0.odd, z1.odd); }\n";
}

std::string RowLaneKernel::storePoints(const std::string& at, const std::string& re, const std::string& im) const
{
    const Storage st = spec.outStorage;
    if (outPlanar)
        return "{ " + storeVectorAt(spec, st, 8, re, "outRe", at) + " " + storeVectorAt(spec, st, 8, im, "outIm", at) + " }";
    return "{ creal2_t z; z.even = " + re + "; z.odd = " + im + "; " +
           storeVectorAt(spec, st, 16, "z", "out", "2u * (" + at + ")", true) + " }";
}

std::string RowLaneKernel::loadEvenOdd(const std::string& ptr, const std::string& re, const std::string& im) const
{
    if (W <= 8)
        return "{ const creal2_t z = vload" + std::to_string(2 * W) + "(0, " + ptr + "); " + re + " = z.even; " + im + " = z.odd; }";
    return "{ const creal2_t z0 = vload16(0, " + ptr + "), z1 = vload16(1, " + ptr + "); " + re +
           " = (vreal_t)(z0.even, z1.even); " + im + " = (vreal_t)(z0.odd, z1.odd); }";
}

std::string RowLaneKernel::loadEvenOddIn(const std::string& at, const std::string& re, const std::string& im) const
{
    const Storage st = spec.inStorage;
    if (st == Storage::Native)
        return loadEvenOdd("in + " + at, re, im);
    if (W <= 8)
        return "{ const creal2_t z = " + loadVectorAt(st, 2 * W, "in", at) + "; " + re + " = z.even; " + im + " = z.odd; }";
    return "{ const creal2_t z0 = " + loadVectorAt(st, 16, "in", at) + ", z1 = " + loadVectorAt(st, 16, "in", at + " + 16u") +
           "; " + re + " = (vreal_t)(z0.even, z1.even); " + im + " = (vreal_t)(z0.odd, z1.odd); }";
}

void RowLaneKernel::prelude()
{
    os << kernelHeaderComment(spec, {std::to_string(B) + " transform(s) per work-group, points n = 8a + b in lane b of vector a (row_lanes.cpp):",
                                     std::to_string(A) + "-point Stockham passes on vectors, then 8-point DFTs across the lanes."})
       << precisionTypes(spec, {{"vreal_t", w}, {"creal_t", std::to_string(PB)}, {"creal2_t", std::to_string(2 * PB)}})
       << streamStoreFunctions(spec, {PB, 2 * PB});
    std::set<int> distinct(spec.radices.begin(), spec.radices.end());
    if (W <= 8)
        distinct.insert(static_cast<int>(W));
    for (int r : distinct)
        os << emitScalarCodelet(r, spec.precision, "vreal_t") << "\n";
    if (W == 16) { // the 8-point DFTs across the lanes are on halves of vectors
        std::string c = emitScalarCodelet(8, spec.precision, "creal_t");
        const std::size_t at = c.find("dft8s(");
        os << c.replace(at, 6, "dft8c(") << "\n";
    }

    if (W == 4) { // 4 x 4 (in each half of a stacked vector): t[b] lane l = v[l] lane b
        os << "static inline void transpose4(" << (spec.row.registers ? "" : "__local ") << "const vreal_t* v, vreal_t* t)\n{\n"
           << "    const vreal_t r0 = v[0], r1 = v[1], r2 = v[2], r3 = v[3];\n";
        const char* hex = "0123456789abcdef";
        for (std::size_t b = 0; b < 4; ++b) {
            os << "    t[" << b << "] = (vreal_t)(";
            for (std::size_t h = 0; h < H; ++h)
                for (int l = 0; l < 4; ++l)
                    os << (h + l ? ", " : "") << "r" << l << ".s" << hex[4 * h + b];
            os << ");\n";
        }
        os << "}\n\n";
        return;
    }
    // 8 x 8 transpose of 8 vectors in three rounds of two-vector shuffles: t[b] lane l = v[l] lane b
    os << "static inline void transpose8(" << (W == 8 && !spec.row.registers ? "__local " : "") << "const creal_t* v, creal_t* t)\n{\n"
       << "    const creal_t r0 = v[0], r1 = v[1], r2 = v[2], r3 = v[3], r4 = v[4], r5 = v[5], r6 = v[6], r7 = v[7];\n";
    auto pairs2 = [&](const std::string& name, const std::string& a, const std::string& b, const char* i) {
        // lanes i[0..3] of a and b alternated
        return "    const creal_t " + name + " = (creal_t)(" + a + ".s" + i[0] + ", " + b + ".s" + i[0] + ", " + a + ".s" + i[1] +
               ", " + b + ".s" + i[1] + ", " + a + ".s" + i[2] + ", " + b + ".s" + i[2] + ", " + a + ".s" + i[3] + ", " + b +
               ".s" + i[3] + ");\n";
    };
    for (int q = 0; q < 4; ++q) { // u(2q), u(2q+1): lanes 0 1 4 5 / 2 3 6 7 of rows 2q, 2q+1 interleaved
        const std::string a = "r" + std::to_string(2 * q), b = "r" + std::to_string(2 * q + 1);
        os << pairs2("u" + std::to_string(2 * q), a, b, "0145") << pairs2("u" + std::to_string(2 * q + 1), a, b, "2367");
    }
    for (int h = 0; h < 2; ++h) // v: pairs of lanes of u(4h + i) and u(4h + i + 2), four rows per vector
        for (int i = 0; i < 2; ++i) {
            const std::string a = "u" + std::to_string(4 * h + i), b = "u" + std::to_string(4 * h + i + 2);
            for (int lo = 0; lo < 2; ++lo)
                os << "    const creal_t v" << 4 * h + 2 * i + (lo ? 0 : 1) << " = (creal_t)(" << a << (lo ? ".s01, " : ".s23, ")
                   << b << (lo ? ".s01, " : ".s23, ") << a << (lo ? ".s45, " : ".s67, ") << b << (lo ? ".s45);\n" : ".s67);\n");
        }
    for (int c = 0; c < 8; ++c) // column c: rows 0-3 from v(c % 4), rows 4-7 from v(c % 4 + 4), low or high half
        os << "    t[" << c << "] = (creal_t)(v" << c % 4 << (c < 4 ? ".lo" : ".hi") << ", v" << c % 4 + 4
           << (c < 4 ? ".lo" : ".hi") << ");\n";
    os << "}\n\n";

}

void RowLaneKernel::ownership()
{
    os << "    const uint lid = (uint)get_local_id(0), s = lid / " << u(T) << ", t = lid % " << u(T) << ";\n"
       << "    // transform slot s of the group; a slot past the last transform computes the last one again\n"
       << "    // and stores nothing\n"
       << "    const idx_t m = (idx_t)get_group_id(0) * " << u(H * B) << " + s;\n";
    // Offsets of transform `index` into (inOff, outOff).
    auto offsets = [&](const std::string& index, const std::string& inOff, const std::string& outOff) {
        os << "    { idx_t rest = " << index << ";\n" << batchOffsets(spec, "      ", inOff, outOff) << " }\n";
    };
    if (pairs) { // rows 2m (ioff, ooff) and 2m + 1 (ioffB, ooffB)
        os << "    const bool valid = 2u * m < nTransforms, validB = 2u * m + 1u < nTransforms;\n"
           << "    idx_t ioff = 0, ooff = 0, ioffB = 0, ooffB = 0;\n";
        offsets("valid ? 2u * m : nTransforms - 1u", "ioff", "ooff");
        offsets("validB ? 2u * m + 1u : (valid ? 2u * m : nTransforms - 1u)", "ioffB", "ooffB");
    } else {
        os << "    const bool valid = m < nTransforms;\n    idx_t ioff = 0, ooff = 0;\n";        // No barriers: a slot past the last transform returns (in place it would read what another stores).
        if (spec.row.registers)
            os << "    if (!valid)\n        return;\n";

        offsets("valid ? m : nTransforms - 1u", "ioff", "ooff");
        if (H == 2) { // slot s + B in the high lanes
            os << "    const bool validH = m + " << u(B) << " < nTransforms;\n    idx_t ioffH = 0, ooffH = 0;\n";
            // (in registers an invalid high half reads the slot's own row: another item may be
            // storing the last one in place)
            offsets("validH ? m + " + u(B) + " : " + (spec.row.registers ? "m" : "nTransforms - 1u"), "ioffH", "ooffH");
        }
    }
    // Two buffers, the passes alternating between them (pass p writes buffer p % 2): no pass reads
    // and writes one buffer, so one barrier per pass and no values held across one (PoCL keeps
    // those in per-work-item memory; measured 6-10% faster at 4096 than one buffer). Z of a real
    // transform sits in the buffer the passes next to it do not use, a vector past its end for
    // Z[N] = Z[0] (R2C).
    const std::size_t slot = packed ? A : rowLaneBufferVectors(spec);
    os << "    const real_t scaleRe = scale, scaleIm = scale * dirSign;\n";
    if (!spec.row.registers && !spec.row.tight) // read after barriers only (forEachItem)
        os << "    __local uint zeroAfterBarrier;\n    if (lid == 0u)\n        zeroAfterBarrier = 0u;\n";
    for (int b = 0; b < 2 && spec.row.registers; ++b) // private: the one work-item's constant indices
        os << "    vreal_t lr" << b << "[" << slot << "], li" << b << "[" << slot << "];\n";
    for (int b = 0; b < 2 && !spec.row.registers; ++b)
        os << "    __local vreal_t lr" << b << "All[" << B * slot << "], li" << b << "All[" << B * slot << "];\n"
           << "    __local vreal_t* lr" << b << " = lr" << b << "All + s * " << u(slot) << ";\n"
           << "    __local vreal_t* li" << b << " = li" << b << "All + s * " << u(slot) << ";\n";
    if (forward || backward) { // R2C: after the last pass; C2R: before the first, which writes buffer 0
        const std::string z = forward ? buffer(shapes.size()) : "1";
        os << "    __local real_t* zr = (__local real_t*)lr" << z << ";\n"
           << "    __local real_t* zi = (__local real_t*)li" << z << ";\n";
    }
    os << "    vreal_t vr[" << vectorRegisters(shapes, T) << "], vi[" << vectorRegisters(shapes, T) << "];\n";

}

void RowLaneKernel::lanePasses(std::size_t round)
{
    // ---- 1. A-point DFTs of the lanes (round 1: after round 0's S passes and its DFTs across
    // the lanes, which wrote buffer S)
    const std::size_t o = round ? shapes.size() + 1 : 0;
    for (std::size_t p = 0; p < shapes.size(); ++p) {
        const VectorPass& s = shapes[p];
        const int R = s.radix;
        const bool last = p + 1 == shapes.size(), fromLocal = p > 0 || round > 0;
        const std::string from = buffer(p + o + 1), to = buffer(p + o);
        os << "\n    // " << (round ? "round 1, " : "") << "pass " << p << ": radix " << R << ", span " << s.span << ", "
           << s.butterflies << " butterflies";
        if (fromLocal)
            os << ", buffer " << from << " -> " << to << "\n" << barrier;
        else
            os << " -> buffer " << to << "\n";
        forEachItem(s.butterflies, [&](std::size_t q, const std::string& j) {
            std::ostringstream rowB; // pairs: the loads of row 2m + 1 after those of row 2m (measured 2-5% faster)
            for (int r = 0; r < R; ++r) {
                const std::string e = vectorReadElement(s, j, r), k = vectorSlot(s, q, r);
                if (fromLocal) {
                    os << "        vr[" << k << "] = lr" << from << "[" << at(e) << "]; vi[" << k << "] = li" << from << "[" << at(e)
                       << "];\n";
                    continue;
                }
                std::string at = "ioff + (idx_t)(" + e + ") * " + u(W);
                if (const std::size_t m = spec.row.pieceLength) { // point x of the row in piece x / m
                    const std::string x = "(idx_t)(" + e + ") * " + u(W);
                    at = "ioff + " + u(spec.row.pieceBase) + " + " + x + " + " + x + " / " + u(m) + " * " +
                         u(spec.row.pieceDistance - m);
                }
                if (bluestein) {
                    bluesteinLoad(e, k);
                    continue;
                }
                if (backward) // Z from local memory
                    os << "        vr[" << k << "] = vload" << w << "(0, zr + (" << e << ") * " << u(W) << "); vi[" << k
                       << "] = vload" << w << "(0, zi + (" << e << ") * " << u(W) << ");\n";
                else if (forward && pairs && spec.r2rIn.present()) { // the reordered rows
                    const int half = r2rHalfOf(s, r);
                    os << r2rLoadVector("ioff", e, "vr[" + k + "]", half);
                    rowB << r2rLoadVector("ioffB", e, "vi[" + k + "]", half);
                } else if (forward && pairs) { // rows 2m and 2m + 1
                    os << "        vr[" << k << "] = " << loadVectorAt(spec.inStorage, W * H, "in", "ioff + (idx_t)(" + e + ") * " + u(W))
                       << ";\n";
                    rowB << "        vi[" << k << "] = "
                         << loadVectorAt(spec.inStorage, W * H, "in", "ioffB + (idx_t)(" + e + ") * " + u(W)) << ";\n";
                } else if (forward && spec.r2rIn.present())
                    os << r2rLoadMerge(e, "vr[" + k + "]", "vi[" + k + "]", r2rHalfOf(s, r));
                else if (forward) // z[n] = x[2n] + i x[2n+1]: 2W reals
                    os << "        " << loadEvenOddIn("ioff + (idx_t)(" + e + ") * " + u(2 * W), "vr[" + k + "]", "vi[" + k + "]")
                       << "\n";
                else if (H == 2)
                    os << loadStacked(at, "ioffH + (idx_t)(" + e + ") * " + u(W), "vr[" + k + "]", "vi[" + k + "]")
                       << "        vi[" << k << "] *= dirSign;\n";
                else if (W <= 8 && spec.r2rIn.present()) // DCT-IV's points, dirSign +1 (forward)
                    os << r2rLoadQuarter(e, "vr[" + k + "]", "vi[" + k + "]");
                else if (W <= 8 && spec.zeroIn.present()) // zero-padded input: vectors of the range
                    // read the row's first vector again (cached) and are zeroed: no branch across the
                    // work-items (a branch there cost 1.25x on rows of 4096)
                    os << "        { const int zeroed = " << pointInRange("(" + e + ") * " + u(W), spec.zeroIn) << ";\n"
                       << loadPoints("(zeroed ? ioff : " + at + ")", "vr[" + k + "]", "vi[" + k + "]", false) << "        vi[" << k
                       << "] *= dirSign; if (zeroed) { vr[" << k << "] = (vreal_t)0; vi[" << k << "] = (vreal_t)0; } }\n";
                else if (W <= 8)
                    os << loadPoints(at, "vr[" + k + "]", "vi[" + k + "]", false) << "        vi[" << k << "] *= dirSign;\n";
                else
                    os << "        { creal_t r0, i0, r1, i1;\n" << loadPoints(at, "r0", "i0", false)
                       << loadPoints(at + " + 8u", "r1", "i1", false) << "        vr[" << k << "] = (vreal_t)(r0, r1); vi[" << k
                       << "] = (vreal_t)(i0, i1) * dirSign; }\n";
            }
            os << rowB.str();
            emitVectorButterfly(os, s, q, j);
            for (int r = 0; r < R; ++r) {
                const std::string e = vectorWriteElement(s, A, j, r), k = vectorSlot(s, q, r);
                const std::string twAt = "(__global const real_t*)(tw + " + u(laneBase) + " + (" + e + ") * " + u(W) + ")";
                if (last) // lane b of output k: times w_N^(b k) (both halves of a stacked vector)
                    os << "        { vreal_t cr, ci; "
                       << (H == 2 ? "{ const creal2_t z = vload" + std::to_string(2 * W) + "(0, " + twAt +
                                        "); cr = (vreal_t)(z.even, z.even); ci = (vreal_t)(z.odd, z.odd); }"
                                  : loadEvenOdd(twAt, "cr", "ci"))
                       << " const vreal_t a = vr[" << k << "]; vr[" << k << "] = a * cr - vi[" << k << "] * ci; vi[" << k
                       << "] = a * ci + vi[" << k << "] * cr; }\n";
                os << "        lr" << to << "[" << at(e) << "] = vr[" << k << "]; li" << to << "[" << at(e) << "] = vi[" << k << "];\n";
            }
        }, fromLocal);
    }
}

void RowLaneKernel::bluesteinLoad(const std::string& e, const std::string& k)
{
    // points n0..n0+7: whole, the row's last partial vector (lanes past Nt zero), or padding. On
    // real data (realDirection): R2C reads reals (imaginary parts zero); C2R reads the hermitian
    // half, x[n] = conj(X[Nt - n]) above Nt/2 (whole vectors reversed where they lie above it).
    const std::string vr = "vr[" + k + "]", vi = "vi[" + k + "]", nt = u(Nt), half = u(Nt / 2);
    const int real = spec.realDirection;
    // X[0] and X[Nt/2]'s imaginary parts count as zero (FFTW, clFFT 2.12): lane 0 of the first
    // vector, lane 7 of the one ending at Nt/2, else the partial vector's loop
    const bool evenC2R = real < 0 && Nt % 2 == 0;
    const std::string zeroEnds = evenC2R ? "            if (n0 == 0u) " + vi + ".s0 = 0; if (n0 + 7u == " + half + ") " + vi +
                                               ".s7 = 0;\n"
                                         : "";
    os << "        { const uint n0 = 8u * (" << e << ");\n";
    if (real > 0)
        os << "          if (n0 + 8u <= " << nt << ") { " << vr << " = " << loadVectorAt(spec.inStorage, 8, "in", "ioff + n0") << "; "
           << vi << " = (vreal_t)0; }";
    else if (real < 0)
        os << "          if (n0 + 7u <= " << half << ") {\n" << loadPoints("ioff + (idx_t)n0", vr, vi, false)
           << zeroEnds
           << "          } else if (n0 > " << half << " && n0 + 8u <= " << nt << ") {\n"
           << loadPoints("ioff + (idx_t)(" + nt + " - 7u - n0)", vr, vi, true) << "            " << vi << " = -" << vi
           << ";\n          }";
    else
        os << "          if (n0 + 8u <= " << nt << ") {\n" << loadPoints("ioff + (idx_t)n0", vr, vi, false) << "          }";
    os << " else if (n0 < " << nt << ") {\n"
       << "            real_t xr[8] = {0}, xi[8] = {0};\n"
       << "            for (uint l = 0u; l < min(8u, " << nt << " - n0); ++l) { ";
    if (real > 0)
        os << "xr[l] = " << loadRealAt(spec.inStorage, "in", "ioff + n0 + l") << "; }\n";
    else {
        const std::string at = real < 0 ? "m" : "n0 + l", sign = real < 0 ? "s * " : "";
        if (real < 0) // point m of the half, conjugated above it
            os << "const uint n = n0 + l, m = n <= " << half << " ? n : " << nt << " - n; const real_t s = "
               << (evenC2R ? "n == 0u || n == " + half + " ? 0 : " : "") << "n <= " << half << " ? 1 : -1; ";
        if (inPlanar)
            os << "xr[l] = " << loadRealAt(spec.inStorage, "inRe", "ioff + " + at) << "; xi[l] = " << sign
               << loadRealAt(spec.inStorage, "inIm", "ioff + " + at) << "; }\n";
        else
            os << "const real2_t x = " << loadComplexAt(spec.inStorage, "in", "ioff + " + at) << "; xr[l] = x.x; xi[l] = " << sign
               << "x.y; }\n";
    }
    os << "            " << vr << " = vload8(0, xr); " << vi << " = vload8(0, xi);\n"
       << "          } else { " << vr << " = (vreal_t)0; " << vi << " = (vreal_t)0; }\n"
       << "          if (n0 < " << nt << ") { const creal2_t c = vload16(0, (__global const real_t*)(tw + " << u(chirpBase)
       << " + n0)); const vreal_t a = " << vr << ", b = " << vi << " * dirSign; " << vr << " = a * c.even - b * c.odd; "
       << vi << " = a * c.odd + b * c.even; }\n        }\n";
}

} // namespace detail

std::string generateRowLaneSource(const KernelSpec& spec)
{
    check(spec);
    return detail::RowLaneKernel(spec).source();
}

} // namespace clfft_ng
