// The lane kernel's class (generator/lanes.cpp prints its skeleton, lane_memory.cpp its
// global-memory hooks, lane_rows.cpp its rows by chunks and as blocks). Internal to the generator.
#pragma once

#include "global_access.h"
#include "kernel_skeleton.h"
#include "kernel_spec.h"
#include "tables.h"
#include "vector_passes.h"

#include <cstddef>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace clfft_ng {
namespace detail {

// The digit OpenCL names vector component i by (v.s0 .. v.sf), i < 16.
inline char componentDigit(std::size_t i) { return "0123456789abcdef"[i]; }

// The lane kernel as a skeleton with hooks, like stockham.cpp's StockhamKernel: source() prints
// the prelude, the group's lanes and offsets, the real pre-stage, the radix passes (the first
// reads global memory through loadElement, the last writes it through storeElement, the others
// exchange through the local buffers), Bluestein's step between its rounds, and the real
// post-stage.
class LaneKernel : public KernelSkeleton {
public:
    explicit LaneKernel(const KernelSpec& k);

private:
    const std::size_t W, N, T;
    // Even real passes: a half-length complex FFT with the split (C2R) / merge (R2C) stage.
    const bool realForward, realBackward;
    // Paired real columns (R2RFusion::paired, lane_r2r.cpp): a complex FFT of the pairs, then the
    // columns' spectra separated (R2C kinds), or the spectra combined first (C2R kinds).
    const bool pairForward, pairBackward;
    const FusedStep step;
    // Bluestein in one kernel: the convolution's two rounds of passes over M points.
    const bool bluestein;
    // A convolution pass (KernelSpec::convolve): two rounds too, the spectrum between them.
    const int convolve;
    // Odd real passes and Bluestein on real data: the complex FFT of all `points` points, reading
    // reals (realDir > 0) or the hermitian half expanded by X[N-k] = conj(X[k]) (realDir < 0),
    // keeping X[k] for k <= N/2 or the real parts.
    const int realDir;
    const std::size_t points;
    const std::string w, w2; // W and 2W as text (vector widths)
    const std::vector<VectorPass> shapes;
    const TableLayout table;
    const std::size_t SL;    // the two-level stage table's split
    const bool perLaneTwiddles;
    // Bluestein steps: the chirp (Load, Store) or the kernel's spectrum (Multiply) at
    // table.steps; point e of lane l sits at position coord0 + l + e * S along the transform
    // when the lanes run along batch dimension 0, at coord0 + e * S for every lane otherwise.
    const bool lanePositions;
    // Every group full: the lanes' table entries are neighbours, one vector load.
    const bool laneTables;
    const std::size_t S, chirpN;
    const GlobalAccess io;
    // Local buffers: passes that read local memory write the other buffer when there are two
    // (laneLocalBuffers), so that no values are held across a barrier.
    const std::size_t buffers;
    // Rows by chunks straight into and out of the registers (laneChunksInRegisters).
    const bool chunksInRegisters;
    const std::string barrier;
    const bool inPlanar, outPlanar;
    // Passes with more items than work-items run them as loops: unrolled, the kernel's passes
    // would hold more than 256 vectors a work-item (each component), which spill all the same and
    // make long straight blocks that LLVM schedules in time quadratic in their length (Bluestein
    // 4099 in lanes of 4, 672 vectors: 1.72x faster looped, compiled in 2.3 s, not 21 s). At 192
    // (Bluestein 2047 in lanes of 8: looped 0.70-0.81x; 8192, 2^20: even) they stay unrolled.
    const bool loopedItems;
    std::size_t cur = 0; // the local buffer holding the latest values

    // Every item is guarded by its bound, even where the items divide among the work-items: PoCL
    // 3.1 runs a region of straight code between barriers much slower than the same code under a
    // branch (c2c 1331: 1.71x with the guard, 1024^2 1.11x, 2187 1.12x, 1009 1.11x; row lanes even).
    void forEachItem(std::size_t count, const std::function<void(std::size_t, const std::string&)>& body)
    {
        forEachVectorItem(os, T, count, body, true);
    }
    // Whether a pass's items run as a loop rather than unrolled (loopedItems).
    bool loopsItems(const VectorPass& s) const { return loopedItems && s.butterflies > T; }
    // A pass's items: unrolled, or as a loop with registers qR.. (loopsItems).
    void forEachPassItem(const VectorPass& s, const std::function<void(std::size_t, const std::string&)>& body)
    {
        if (loopsItems(s))
            forEachVectorItemLooped(os, T, s.butterflies, s.radix, body, true);
        else
            forEachItem(s.butterflies, body);
    }
    std::string writeElement(const VectorPass& s, const std::string& j, int r) const
    {
        return vectorWriteElement(s, N, j, r);
    }
    // Point `at` (an element offset) of every lane into re, im: one vector load when the lanes
    // are neighbours, else element by element.
    std::string loadInto(const std::string& at, const std::string& re, const std::string& im,
                         const std::string& buffer = "in") const;
    std::string loadText(const std::string& at, const std::string& k) const
    {
        return loadInto(at, "vr[" + k + "]", "vi[" + k + "]");
    }
    // Real side (always element by element): reals at offsets `at` (real part) and `at2`.
    std::string loadRealPair(const std::string& at, const std::string& at2, const std::string& k) const;
    std::string storeRealPair(const std::string& at, const std::string& at2, const std::string& re,
                              const std::string& im) const;
    std::string storeText(const std::string& at, const std::string& re, const std::string& im) const;
    // ---- fused r2r stages (lane_r2r.cpp): even real transforms, every lane the same map
    std::string r2rIndex(const std::string& j) const;                 // Makhoul's order
    std::string r2rLocals() const;                                    // r2rNeighbours: whole vectors
    std::string r2rGather(const std::string& index) const;            // g_ = the lanes' point `index`
    std::string r2rScatter(const std::string& index, const std::string& value) const;
    std::string r2rLoadPair(const std::string& e, const std::string& k) const; // R2C: points 2e, 2e+1
    std::string r2rLoadExtension(const std::string& j, const std::string& dest) const; // DCT-I, DST-I: point j
    std::string r2rLoadHalf(const std::string& e, const std::string& re, const std::string& im) const; // C2R: V[e]
    std::string r2rStoreHalf(const std::string& k, const std::string& re, const std::string& im) const; // R2C: X[k]
    std::string r2rStorePair(const std::string& e, const std::string& re, const std::string& im) const; // C2R: 2e, 2e+1
    // paired columns: point e of both columns' rows into vr[k] (even columns), vi[k] (odd ones);
    // the C2R kinds' spectra combined into local memory; point e of the result to both columns'
    // rows; the R2C kinds' spectra separated out of local memory and stored
    std::string r2rPairLoad(const std::string& e, const std::string& k) const;
    void r2rPairCombine();
    std::string r2rPairStore(const std::string& e, const std::string& re, const std::string& im) const;
    void r2rPairSeparate();
    // The output formula of r2rStoreHalf for X[k] = (xr, xi): values a (at row k or its map) and b
    // (at n - k, where it is stored) named a<suffix>, b<suffix>.
    std::string r2rHalfValues(const std::string& xr, const std::string& xi, const std::string& suffix) const;
    // Point e (< points) of the transform into vr[k], vi[k], on real data too (see realDir).
    std::string loadPoint(const std::string& e, const std::string& k) const;
    // Statement storing point e of the result (scaled already), on real data too.
    std::string storePoint(const std::string& e, const std::string& re, const std::string& im) const;

    void prelude() override;
    std::size_t groupSize() const override { return T; }
    void ownership() override;
    void preStage() override;
    void passes() override;
    void postStage() override;
    // Backward real: the spectrum of z[n] = x[2n] + i x[2n+1] from the hermitian half, into
    // local memory (the algebra of stockham.cpp's pre-stage, on lanes).
    void expandHermitian();
    // The local buffers' declarations (kernel scope).
    void localBuffers();
    // Hook: input element e of the first pass into vr[k], vi[k].
    void loadElement(const std::string& e, const std::string& k);
    // Hook: vr[k], vi[k], output element e of the last pass, to global memory.
    void storeElement(const std::string& e, const std::string& k);
    // Forward real: Z split into the hermitian half X[0..M] (stockham.cpp's merge stage).
    void mergeHermitian();
    // Rows by chunks (spec.lane.rowsIn, rowsOut): the group's rows into local buffer 0, and the
    // last pass's local buffer out to the rows, W points of every lane at a time.
    void rowsInByChunks(bool toRegisters);
    void rowsOutByChunks(bool fromRegisters);
    // Rows as one block (spec.lane.blocksIn, blocksOut; one pass, one work-item): the runtime
    // condition, and the W rows' N x W points as N vectors of 2W reals, permuted in registers
    // into (out of) point e of every lane in vr[e], vi[e].
    std::string blockCondition(bool in) const;
    void rowBlockIn();
    void rowBlockOut();
    // Statements transposing vreal2_t `from`0..W-1 (W complex values each) into `to`0..W-1.
    void transposeChunk(const std::string& from, const std::string& to);
};

} // namespace detail
} // namespace clfft_ng
