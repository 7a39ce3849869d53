// Lane kernels: Stockham passes in which every work-item value is an OpenCL vector of W
// transforms that neighbour along one batch dimension ("lanes"). Where the lanes sit at unit
// stride (the columns of a 2D/3D transform, the sub-passes of a long 1-D one) a point of all
// lanes is one vector load or store; elsewhere (rows) the lanes are gathered and scattered.
//
// On a CPU device, work-items run one after the other in a loop, and PoCL's compiler does not
// vectorize that loop for kernels written with real2_t arithmetic. A lane kernel is vector
// code by construction: one vload of 2W reals brings point e of W neighbouring transforms
// (one or two cache lines, used whole), the codelets run on vectors of real and imaginary
// parts, and the stores write whole lines back. The pass structure (radices, spans, local
// exchanges, twiddle tables) is that of stockham.cpp, with one group of W transforms per
// work-group and the real and imaginary parts in separate local arrays. Rows by chunks and as
// blocks: lane_rows.cpp; the global-memory hooks: lane_memory.cpp.
#include "global_access.h"
#include "lane_kernel.h"
#include "lanes.h"
#include "r2r_stages.h"
#include "storage.h"
#include "unit_roots.h"

#include "butterfly.h"
#include "global_access.h"
#include "kernel_args.h"
#include "kernel_prelude.h"
#include "stockham.h"
#include "vector_passes.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <sstream>
#include <stdexcept>

namespace clfft_ng {
namespace detail {

namespace {

// Vectors (of each component) a work-item holds over the passes with every item unrolled.
std::size_t unrolledVectors(const std::vector<VectorPass>& passes, std::size_t T, bool twoRounds)
{
    std::size_t vectors = 0;
    for (const VectorPass& p : passes)
        vectors += (p.butterflies + T - 1) / T * static_cast<std::size_t>(p.radix);
    return twoRounds ? 2 * vectors : vectors;
}

} // namespace

LaneKernel::LaneKernel(const KernelSpec& k)
    : KernelSkeleton(k), W(k.lane.width), N(k.length), T(k.threadsPerTransform),
      realForward(k.kind == PassKind::RealForward && k.halfLengthReal()),
      realBackward(k.kind == PassKind::RealBackward && k.halfLengthReal()),
      pairForward(r2rPaired(k) && r2rPairedForward(k)), pairBackward(r2rPaired(k) && !r2rPairedForward(k)), step(k.fusedStep),
      bluestein(k.kind == PassKind::Bluestein), convolve(k.convolve),
      realDir(k.kind == PassKind::RealForward    ? 1
              : k.kind == PassKind::RealBackward ? -1
              : bluestein                        ? k.realDirection
                                                 : 0),
      points(bluestein ? k.transformLength : N), w(std::to_string(W)), w2(std::to_string(2 * W)),
      shapes(vectorPasses(k.radices, N)), table(tableLayout(k)), SL(k.stageTwiddleLength ? stageSplit(k) : 0),
      perLaneTwiddles(k.stageTwiddleLength && k.lane.dim == 0), lanePositions(step != FusedStep::None && k.lane.dim == 0),
      laneTables(lanePositions && k.lane.full), S(k.fusedPositionStride), chirpN(k.transformLength), io(k),
      buffers(laneLocalBuffers(k)), chunksInRegisters(laneChunksInRegisters(k)), barrier(k.lane.registers ? "" : k.barrier()), inPlanar(k.inLayout == ComplexLayout::Planar),
      outPlanar(k.outLayout == ComplexLayout::Planar),
      loopedItems(!k.lane.registers && unrolledVectors(shapes, T, bluestein || k.convolve) > 256)
{
}

// The group's lanes and offsets (masked and gathered lanes), the locals and the registers.
void LaneKernel::ownership()
{
    const std::size_t G = spec.lane.setsPerGroup;
    auto groupsOf = [&](int d) {
        const std::string cnt = "count" + std::to_string(d);
        return d == spec.lane.dim ? "((" + cnt + " + " + u(W - 1) + ") / " + u(W) + ")" : cnt;
    };
    // in registers the one work-item's indices are constants, so the exchange arrays stay private
    os << (spec.lane.registers ? "    const uint t = 0u;\n" : "    const uint t = (uint)get_local_id(0);\n");
    if (G > 1) { // local memory at the kernel's scope, then the group's sets one by one
        localBuffers();
        os << "    idx_t sets = 1;\n";
        for (int d = 0; d < spec.batchDims; ++d)
            os << "    sets *= " << groupsOf(d) << ";\n";
        os << "    for (idx_t set = (idx_t)get_group_id(0) * " << u(G) << ", lastSet = min(set + " << u(G)
           << ", sets); set < lastSet; ++set) {\n";
    }
    os << "    idx_t rest = " << (G > 1 ? "set" : "(idx_t)get_group_id(0)") << ", ioff = 0, ooff = 0, coord0 = 0;\n"
       << "    uint valid = " << w << "u;\n";
    for (int d = 0; d < spec.batchDims; ++d) {
        const std::string cnt = "count" + std::to_string(d);
        const bool lane = d == spec.lane.dim;
        const std::string groups = groupsOf(d);
        os << "    { idx_t c = " << (d + 1 < spec.batchDims ? "rest % " + groups : "rest") << "; rest /= " << groups << ";";
        if (lane)
            os << " c *= " << u(W) << "; valid = (uint)min((idx_t)" << u(W) << ", " << cnt << " - c);";
        if (d == 0)
            os << " coord0 = c;";
        os << " ioff += c * inStride" << d << "; ooff += c * outStride" << d << "; }\n";
    }
    if (convolve) // the spectrum is laid out as the input, one period for every batch entry
        os << "    const idx_t soff = ioff % spectrumPeriod;\n";
    // Gathered sides: the offset of each lane, lanes past the end of the dimension clamped to
    // the last valid one, so no lane needs a branch (see the stores for why that is safe).
    for (int side = 0; side < 2; ++side) {
        if (!(side == 0 ? spec.lane.gatherIn : spec.lane.gatherOut) && spec.lane.full)
            continue;
        const std::string name = side == 0 ? "laneIn" : "laneOut";
        const std::string stride = (side == 0 ? "inStride" : "outStride") + std::to_string(spec.lane.dim);
        os << "    const idx_t " << name << "[" << W << "] = {";
        for (std::size_t l = 0; l < W; ++l)
            os << (l ? ", " : "") << "(idx_t)min(" << u(l) << ", valid - 1u) * " << stride;
        os << "};\n";
    }
    if ((spec.r2rIn.present() || spec.r2rOut.present()) && !r2rPaired(spec))
        os << r2rLocals();
    if (step != FusedStep::None) {
        if (step == FusedStep::Load)
            os << "    const idx_t first = ioff - coord0 * inStride0; // the transform's point 0, always readable\n";
        if (lanePositions) {
            os << "    const uint lc[" << W << "] = {";
            for (std::size_t l = 0; l < W; ++l)
                os << (l ? ", " : "") << "min(" << u(l) << ", valid - 1u)";
            os << "};\n";
        }
    }
    // a convolution pass's second round is a forward DFT of the conjugate: conjugated at the store
    os << "    const real_t scaleRe = scale, scaleIm = " << (convolve ? "-" : "") << "scale * dirSign;\n";
    if (spec.lane.setsPerGroup == 1)
        localBuffers();
    os << "    vreal_t vr[" << vectorRegisters(shapes, T) << "], vi[" << vectorRegisters(shapes, T) << "];\n";
}

void LaneKernel::localBuffers()
{
    for (std::size_t b = 0; b < buffers; ++b)
        os << "    " << (spec.lane.registers ? "" : "__local ") << "vreal_t lr" << b << "[" << N << "], li" << b << "[" << N << "];\n";
}

void LaneKernel::expandHermitian()
{
    const std::size_t M = N;
    os << "\n    // Z[k] = E + iO, E = X[k] + conj(X[M-k]), O = (X[k] - conj(X[M-k])) exp(2 pi i k / N)\n";
    forEachItem(M / 2 + 1, [&](std::size_t, const std::string& k) {
        os << "        const uint k = " << k << ";\n        vreal_t Ar, Ai, Br, Bi;\n"
           << (spec.r2rIn.present() ? r2rLoadHalf("k", "Ar", "Ai") + r2rLoadHalf(u(M) + " - k", "Br", "Bi")
                                    : loadInto("ioff + (idx_t)k * inStride", "Ar", "Ai") +
                                          loadInto("ioff + (idx_t)(" + u(M) + " - k) * inStride", "Br", "Bi"))
           // X[0] and X[M]'s imaginary parts count as zero (FFTW, clFFT 2.12)
           << "        if (k == 0u) { Ai = (vreal_t)0; Bi = (vreal_t)0; }\n"
           << "        const real2_t w = tw[" << u(table.realFactors) << " + k];\n"
           << "        const vreal_t Er = Ar + Br, Ei = Ai - Bi, Dr = Ar - Br, Di = Ai + Bi;\n"
           << "        const vreal_t Or = Dr * w.x + Di * w.y, Oi = Di * w.x - Dr * w.y;\n"
           << "        lr0[k] = Er - Oi; li0[k] = (Ei + Or) * dirSign;\n"
           << "        if ((k > 0u) & (k < " << u(M) << " - k)) { lr0[" << u(M) << " - k] = Er + Oi; li0[" << u(M)
           << " - k] = (Or - Ei) * dirSign; }\n";
    });
}

void LaneKernel::mergeHermitian()
{
    const std::size_t M = N;
    const std::string half = realLiteral(0.5L, spec.precision);
    os << "\n    // X[k] = E + W^k O, X[M-k] = conj(E - W^k O), E = (Z[k] + conj(Z[M-k])) / 2,\n"
       << "    // O = -i (Z[k] - conj(Z[M-k])) / 2, W = exp(-2 pi i / N)\n" << barrier;
    forEachItem(M / 2 + 1, [&](std::size_t, const std::string& k) {
        os << "        const uint k = " << k << ", kk = k == 0u ? 0u : " << u(M) << " - k;\n"
           << "        const vreal_t Ar = lr" << cur << "[k], Ai = li" << cur << "[k], Br = lr" << cur << "[kk], Bi = li" << cur
           << "[kk];\n"
           << "        const vreal_t Er = " << half << " * (Ar + Br), Ei = " << half << " * (Ai - Bi);\n"
           << "        const vreal_t Or = " << half << " * (Ai + Bi), Oi = " << half << " * (Br - Ar);\n"
           << "        const real2_t w = tw[" << u(table.realFactors) << " + k];\n"
           << "        const vreal_t WOr = Or * w.x - Oi * w.y, WOi = Oi * w.x + Or * w.y;\n"
           << (spec.r2rOut.present() ? r2rStoreHalf("k", "(Er + WOr) * scaleRe", "(Ei + WOi) * scaleIm")
                                     : storeText("ooff + (idx_t)k * outStride", "(Er + WOr) * scaleRe", "(Ei + WOi) * scaleIm"))
           << "        if ((k == 0u) | (k < " << u(M) << " - k)) {\n"
           << (spec.r2rOut.present() ? r2rStoreHalf("(" + u(M) + " - k)", "(Er - WOr) * scaleRe", "(WOi - Ei) * scaleIm")
                                     : storeText("ooff + (idx_t)(" + u(M) + " - k) * outStride", "(Er - WOr) * scaleRe",
                                                 "(WOi - Ei) * scaleIm"))
           << "        }\n";
    });
}

void LaneKernel::prelude()
{
    os << kernelHeaderComment(spec, {"Stockham autosort on vectors of " + w + " neighbouring transforms (lanes), forward DFT; the",
                                     "backward one by conjugating at load and store."})
       << precisionTypes(spec, {{"vreal_t", w}, {"vreal2_t", w2}}) << streamStoreFunctions(spec, {W, 2 * W});
    std::set<int> distinct(spec.radices.begin(), spec.radices.end());
    for (int r : distinct)
        os << emitScalarCodelet(r, spec.precision, "vreal_t") << "\n";
}

void LaneKernel::preStage()
{
    if (realBackward)
        expandHermitian();
    if (pairBackward)
        r2rPairCombine();
    if (spec.lane.rowsIn && !chunksInRegisters)
        rowsInByChunks(false);
}

void LaneKernel::postStage()
{
    if (realForward)
        mergeHermitian();
    if (pairForward)
        r2rPairSeparate();
    if (spec.lane.rowsOut && !chunksInRegisters)
        rowsOutByChunks(false);
    if (spec.lane.setsPerGroup > 1) // the next set writes local memory this one's items may read
        os << (buffers && T > 1 ? barrier : "") << "    }\n";
}

void LaneKernel::passes()
{
    const std::size_t spectrumBase = table.steps + spec.transformLength; // Bluestein: after the chirp
    const std::size_t rounds = bluestein || convolve ? 2 : 1;
    for (std::size_t stepIndex = 0; stepIndex < rounds * shapes.size(); ++stepIndex) {
        const std::size_t p = stepIndex % shapes.size();
        const VectorPass& s = shapes[p];
        const bool first = stepIndex == 0, last = stepIndex + 1 == rounds * shapes.size();
        const bool roundEnd = (bluestein || convolve) && stepIndex + 1 == shapes.size();
        const bool readsGlobal = first && !realBackward && !pairBackward && !(spec.lane.rowsIn && !chunksInRegisters),
                   writesGlobal = last && !realForward && !pairForward && !(spec.lane.rowsOut && !chunksInRegisters);
        const int R = s.radix;
        os << "\n    // pass " << p << ": radix " << R << ", span " << s.span << ", " << s.butterflies << " butterflies\n";
        if (readsGlobal && spec.lane.blocksIn) {
            os << "    if (" << blockCondition(true) << ") {\n";
            rowBlockIn();
            os << "    } else {\n";
        }
        // where a value goes after its butterfly: the global row, local memory, or (chunks out
        // from the registers) nowhere until the last item is done
        const bool chunksOutFromRegisters = writesGlobal && spec.lane.rowsOut;
        const bool blockOut = writesGlobal && spec.lane.blocksOut;
        const bool fused = !readsGlobal && (writesGlobal || buffers == 2); // reads, computes, writes per item
        // A looped pass whose items are independent (read from global memory or fused) runs each
        // item start to end in registers 0..R-1: constant indices, which LLVM keeps in registers.
        const bool itemsInOneLoop = loopsItems(s) && !chunksOutFromRegisters && !blockOut &&
                                    (fused || (readsGlobal && !spec.lane.rowsIn && !spec.lane.blocksIn));
        if (readsGlobal && spec.lane.rowsIn) // chunksInRegisters
            rowsInByChunks(true);
        else if (readsGlobal && !itemsInOneLoop) {
            forEachPassItem(s, [&](std::size_t q, const std::string& j) {
                for (int r = 0; r < R; ++r)
                    loadElement(vectorReadElement(s, j, r), vectorSlot(s, q, r));
            });
        }
        if (readsGlobal && spec.lane.blocksIn)
            os << "    }\n";
        const std::string from = std::to_string(cur);
        if (!readsGlobal && !writesGlobal && buffers == 2)
            cur = 1 - cur;
        const std::string to = std::to_string(cur);
        auto store = [&](const std::string& e, const std::string& k) {
            if (chunksOutFromRegisters || blockOut)
                return;
            if (writesGlobal)
                storeElement(e, k);
            else
                os << "        lr" << to << "[" << e << "] = vr[" << k << "]; li" << to << "[" << e << "] = vi[" << k << "];\n";
        };
        auto readLocal = [&](std::size_t q, const std::string& j) {
            for (int r = 0; r < R; ++r)
                os << "        vr[" << vectorSlot(s, q, r) << "] = lr" << from << "[" << vectorReadElement(s, j, r)
                   << "]; vi[" << vectorSlot(s, q, r) << "] = li" << from << "[" << vectorReadElement(s, j, r) << "];\n";
        };
        if (!readsGlobal) {
            os << barrier;
            if (!fused) { // one buffer: every item read before any is written
                forEachPassItem(s, readLocal);
                os << barrier;
            }
        }
        auto item = [&](std::size_t q, const std::string& j) {
            if (fused)
                readLocal(q, j);
            else if (itemsInOneLoop) // readsGlobal
                for (int r = 0; r < R; ++r)
                    loadElement(vectorReadElement(s, j, r), vectorSlot(s, q, r));
            emitVectorButterfly(os, s, q, j);
            for (int r = 0; r < R; ++r) {
                const std::string e = writeElement(s, j, r), k = vectorSlot(s, q, r);
                if (roundEnd && convolve) { // conj(X S), or conj(X conj(S)) to correlate
                    os << "        { vreal_t sr, si;\n"
                       << loadInto("soff + (idx_t)(" + e + ") * inStride", "sr", "si", "spectrum")
                       << "          const vreal_t a = vr[" << k << "], b = vi[" << k << "];\n";
                    if (convolve == 2)
                        os << "          vr[" << k << "] = a * sr + b * si; vi[" << k << "] = a * si - b * sr; }\n";
                    else
                        os << "          vr[" << k << "] = a * sr - b * si; vi[" << k << "] = -(a * si + b * sr); }\n";
                } else if (roundEnd) // conj(v * DFT_M(b~) / M): the second round's forward FFT inverts
                    os << "        { const real2_t c = tw[" << u(spectrumBase) << " + (" << e << ")]; const vreal_t a = vr["
                       << k << "]; vr[" << k << "] = a * c.x - vi[" << k << "] * c.y; vi[" << k << "] = -(a * c.y + vi[" << k
                       << "] * c.x); }\n";
                store(e, k);
            }
        };
        if (itemsInOneLoop)
            forEachVectorItemLooped(os, T, s.butterflies, R, item, false);
        else
            forEachPassItem(s, item);
        if (blockOut) { // one pass, one item: output point e in vr[e]
            os << "    if (" << blockCondition(false) << ") {\n";
            rowBlockOut();
            os << "    } else {\n";
            if (!chunksOutFromRegisters)
                for (std::size_t e = 0; e < N; ++e)
                    storeElement(u(e), u(e));
        }
        if (chunksOutFromRegisters)
            rowsOutByChunks(true);
        if (blockOut)
            os << "    }\n";
    }
}

// The spec's checks (the lane form's preconditions).
namespace {
bool inPlanarOrOut(const KernelSpec& s)
{
    return s.inLayout == ComplexLayout::Planar || s.outLayout == ComplexLayout::Planar;
}
} // namespace

void validateLaneSpec(const KernelSpec& spec)
{
    const std::size_t W = spec.lane.width, N = spec.length;
    const bool realForward = spec.kind == PassKind::RealForward && spec.halfLengthReal(),
               realBackward = spec.kind == PassKind::RealBackward && spec.halfLengthReal();
    const FusedStep step = spec.fusedStep;
    const bool bluestein = spec.kind == PassKind::Bluestein;
    if (bluestein && (spec.stageTwiddleLength || spec.transformLength == 0 || N < 2 * spec.transformLength - 1))
        throw std::invalid_argument("KernelSpec: not a lane Bluestein kernel");
    const bool oddReal = (spec.kind == PassKind::RealForward || spec.kind == PassKind::RealBackward) && !spec.halfLengthReal();
    const int realDir = spec.kind == PassKind::RealForward ? 1 : spec.kind == PassKind::RealBackward ? -1
                        : bluestein ? spec.realDirection : 0;
    if ((realDir > 0 && !spec.lane.gatherIn) || (realDir < 0 && !spec.lane.gatherOut))
        throw std::invalid_argument("KernelSpec: the real side of a lane kernel is gathered");
    if ((spec.kind != PassKind::Complex && !bluestein && !realForward && !realBackward && !oddReal) || W < 2 ||
        spec.pre.present || spec.post.present || spec.stockham.splitExchange ||
        (step == FusedStep::Load && !spec.lane.gatherIn) || (step == FusedStep::Store && !spec.lane.gatherOut) ||
        spec.radices.empty() || spec.lane.dim < 0 || spec.lane.setsPerGroup == 0 ||
        spec.lane.dim >= spec.batchDims)
        throw std::invalid_argument("KernelSpec: not a lane kernel");
    if (r2rPaired(spec) &&
        (spec.kind != PassKind::Complex || spec.lane.gatherIn || spec.lane.gatherOut || spec.lane.rowsIn ||
         spec.lane.rowsOut || spec.lane.blocksIn || spec.lane.blocksOut || step != FusedStep::None ||
         spec.stageTwiddleLength || spec.convolve || inPlanarOrOut(spec) || spec.zeroIn.present() ||
         spec.skipOut.present() || (spec.r2rIn.present() && spec.r2rOut.present() && spec.r2rIn.paired != spec.r2rOut.paired)))
        throw std::invalid_argument("KernelSpec: paired r2r columns need a complex lane kernel of neighbours, one pass");
    if ((spec.r2rIn.present() || spec.r2rOut.present()) && !r2rPaired(spec) &&
        (!(realForward || realBackward) || !spec.lane.gatherIn || !spec.lane.gatherOut || spec.lane.realPairs ||
         spec.lane.rowsIn || spec.lane.rowsOut || spec.lane.blocksIn || spec.lane.blocksOut || step != FusedStep::None ||
         spec.stageTwiddleLength || inPlanarOrOut(spec)))
        throw std::invalid_argument("KernelSpec: fused r2r stages need an even real lane kernel, gathered, one pass");
    if ((spec.lane.rowsIn && !laneCanMoveRowsByChunks(spec, true)) ||
        (spec.lane.rowsOut && !laneCanMoveRowsByChunks(spec, false)))
        throw std::invalid_argument("KernelSpec: rows by chunks on a lane kernel that cannot take them");
    if ((spec.lane.blocksIn && !(laneCanMoveRowsByChunks(spec, true) && laneOnePassOneItem(spec))) ||
        (spec.lane.blocksOut && !(laneCanMoveRowsByChunks(spec, false) && laneOnePassOneItem(spec))))
        throw std::invalid_argument("KernelSpec: rows as blocks on a lane kernel that cannot take them");
    std::size_t product = 1;
    for (int r : spec.radices)
        product *= static_cast<std::size_t>(r);
    if (product != N)
        throw std::invalid_argument("KernelSpec: radices do not multiply to the length");
    if (spec.convolve && (spec.kind != PassKind::Complex || spec.stageTwiddleLength || step != FusedStep::None ||
                          spec.inLayout != ComplexLayout::Interleaved || spec.inStorage != Storage::Native ||
                          spec.lane.rowsIn || spec.lane.rowsOut || spec.lane.blocksIn || spec.lane.blocksOut))
        throw std::invalid_argument("KernelSpec: a convolution pass is a complex lane kernel of whole rows");
    if (spec.lane.registers && spec.threadsPerTransform != 1)
        throw std::invalid_argument("KernelSpec: lane passes in registers on more than one work-item");
}

} // namespace detail

std::string generateLaneSource(const KernelSpec& spec)
{
    detail::validateLaneSpec(spec);
    return detail::LaneKernel(spec).source();
}

} // namespace clfft_ng

namespace clfft_ng {


std::size_t laneLocalBuffers(const KernelSpec& spec)
{
    const bool realForward = spec.kind == PassKind::RealForward && spec.halfLengthReal(),
               realBackward = spec.kind == PassKind::RealBackward && spec.halfLengthReal();
    const bool bluestein = spec.kind == PassKind::Bluestein;
    const std::size_t steps = spec.radices.size() * (bluestein || spec.convolve ? 2 : 1);
    // stages around the passes that write local memory before the first (the C2R split, rows
    // in by chunks) and read it after the last (the R2C merge, rows out by chunks)
    const bool direct = laneChunksInRegisters(spec);
    const bool pairs = r2rPaired(spec), pairForward = pairs && r2rPairedForward(spec);
    const bool before = realBackward || (pairs && !pairForward) || (spec.lane.rowsIn && !direct),
               after = realForward || pairForward || (spec.lane.rowsOut && !direct);
    if (!(steps >= 2 || before || after || bluestein))
        return 0;
    // a step that reads local memory and writes it: not the first (unless a stage comes before
    // it) and not the last (unless a stage comes after it)
    const bool localToLocal = steps >= 3 || (steps == 2 && (before || after)) || (steps == 1 && before && after);
    return localToLocal && !spec.lane.oneBuffer ? 2 : 1;
}

std::size_t laneTableBase(const KernelSpec& spec) { return tableLayout(spec).laneTable; }

namespace {
// Double only: the multiply it saves outweighs the table's reads there (6561 1.10-1.14x, 16384
// 1.07x, 65536 1.08x, 5000 1.05x); single lost (65536 0.80x, 16384 0.88x; 6561 1.08x).
constexpr std::size_t kDirectStageTableMaxBytes = std::size_t{1} << 20;

// The lane dimension's coordinates the direct table covers (M / length, rounded up to W).
std::size_t directStageColumns(const KernelSpec& spec)
{
    const std::size_t W = spec.lane.width, span = spec.stageTwiddleLength / spec.length;
    return (span + W - 1) / W * W;
}
} // namespace

bool laneDirectStageTwiddles(const KernelSpec& spec)
{
    if (!spec.stageTwiddleLength || spec.lane.dim != 0 || !spec.lane.width || spec.kind == PassKind::Bluestein ||
        spec.fusedStep != FusedStep::None || spec.stageTwiddleLength % spec.length != 0 ||
        spec.precision != Precision::Double)
        return false;
    return spec.length * directStageColumns(spec) * complexBytes(spec.precision) <= kDirectStageTableMaxBytes;
}

std::size_t laneTwiddleCount(const KernelSpec& spec)
{
    return spec.length * (laneDirectStageTwiddles(spec) ? directStageColumns(spec) : spec.lane.width);
}

std::vector<std::complex<long double>> laneTwiddles(const KernelSpec& spec)
{
    std::vector<std::complex<long double>> table;
    const std::size_t M = spec.stageTwiddleLength, W = spec.lane.width;
    if (laneDirectStageTwiddles(spec)) {
        const std::size_t C = directStageColumns(spec);
        table.reserve(spec.length * C);
        for (std::size_t e = 0; e < spec.length; ++e)
            for (std::size_t c = 0; c < C; ++c)
                table.push_back(unitRoot(c * e % M, M));
        return table;
    }
    // For e < length and l < W: exp(-2 pi i (l e mod M) / M), M = stageTwiddleLength.
    table.reserve(spec.length * W);
    for (std::size_t e = 0; e < spec.length; ++e)
        for (std::size_t l = 0; l < W; ++l) {
            table.push_back(unitRoot(l * e, M));
        }
    return table;
}

} // namespace clfft_ng
