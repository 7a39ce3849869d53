// The row-lane kernel's class (generator/row_lanes.cpp prints its prelude and passes,
// row_lane_stages.cpp the stages around them). Internal to the generator.
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

// The row-lane kernel in stages (the skeleton of stockham.cpp's and lanes.cpp's kernels, with
// the lanes holding the points of one row): prelude, ownership, the real pre-stage, the
// A-point passes on vectors, the 8-point DFTs across the lanes, the real post-stage.
class RowLaneKernel : public KernelSkeleton {
public:
    explicit RowLaneKernel(const KernelSpec& k);

private:
    const std::size_t W, N, A, T, B;
    // Stacked kernels (row.stacked): H = 2 transforms per vector, slot s's in lanes 0..W-1 and
    // slot s + B's (offsets ioffH, ooffH) in lanes W..2W-1; vreal_t is W * H wide.
    const std::size_t H;
    const std::string w;
    // The complex side is read and written 8 points at a time (creal_t: one 64-byte line of
    // interleaved single values), and the DFTs across the lanes take 8 outputs k at a time.
    static constexpr std::size_t V = 8;
    // Packed kernels: the vectors per block of the DFTs across the lanes (8, or 4 for 4 lanes).
    const std::size_t PB;
    const std::vector<VectorPass> shapes;
    const std::size_t laneBase, realBase; // table: the lanes' twiddles, then the real factors
    // Even real transforms: the complex FFT of z[n] = x[2n] + i x[2n+1] (N = length points),
    // with the hermitian half X[0..N] built from its spectrum Z (R2C, after) or Z from the
    // hermitian half (C2R, before), 8 consecutive k at a time through local memory.
    const bool forward, backward;
    // Two real rows at once (row.pairs): z = x_a + i x_b, one complex FFT of N points, then
    // X_a[k] = (Z[k] + conj(Z[N-k])) / 2 and X_b[k] = -i (Z[k] - conj(Z[N-k])) / 2 for k <= N/2
    // (R2C), or Z[k] = X_a[k] + i X_b[k] over all k by symmetry (C2R); no twiddles.
    const bool pairs, merge, split;
    const bool inPlanar, outPlanar;
    // Complex rows of A = N / 8 vectors, A not a multiple of 8 (rowLanePacked): the group's
    // vectors back to back (no spare), the DFTs across the lanes over blocks of 8 consecutive
    // vectors of the group, a block spanning transforms.
    const bool packed;
    // Bluestein over M = N points for a transform of Nt (one row per slot, 8 lanes): round 0
    // loads x conj(b) (zero past Nt), its DFTs across the lanes multiply by the kernel's
    // spectrum and write back to local memory, round 1 reads them there and stores conj(b)
    // conj(y) for the first Nt points.
    const bool bluestein;
    const std::size_t Nt, chirpBase, spectrumBase;
    const GlobalAccess io;
    const std::string barrier;
    // A spare vector after every `pad` vectors of each local buffer (rowLanePadPeriod; 0: none).
    const std::size_t pad;
    // Tight buffers of a power of two of 512 or more vectors, which have no room to pad: the
    // 8-vector blocks of each 64 permuted by bits 9-11 (vector e at e ^ 8 ((e >> 9) & 7)), so
    // that a radix-8 pass's reads 512 or 256 vectors apart fall in distinct cache sets (more
    // bits cost more in index arithmetic than they saved: docs/history/performance.md).
    const bool swizzle;
    std::string at(const std::string& e) const
    {
        const std::string x = "(" + e + ")";
        if (swizzle)
            return "(" + x + " ^ ((" + x + " >> 6) & 56u))";
        return pad ? x + " + " + x + " / " + std::to_string(pad) + "u" : e;
    }

    static std::string buffer(std::size_t pass) { return std::to_string(pass % 2); }
    // `fresh`: the items follow a barrier and take their index anew from a volatile read of a
    // local zero. Without it LLVM shares the index and address arithmetic of passes that read
    // the same elements (every radix-8 pass of 16384 points reads t + 256 r), and PoCL keeps each
    // work-item's copies across the barriers in stack arrays of 2 KiB that all fall in two L1
    // sets (docs/history/performance.md: c2c 16384 1.5x).
    void forEachItem(std::size_t count, const std::function<void(std::size_t, const std::string&)>& body,
                     bool fresh = false)
    {
        fresh = fresh && !spec.row.registers;
        // (tight buffers: the imaginary part, +-0, of the lane table's first entry, exp(0))
        if (fresh && spec.row.tight)
            os << "    { const uint tFresh = t + (uint)*((volatile __global const real_t*)(tw + " << laneBase
               << "u) + 1); { const uint t = tFresh;\n";
        else if (fresh)
            os << "    { const uint tFresh = t + *(volatile __local uint*)&zeroAfterBarrier; { const uint t = tFresh;\n";
        forEachVectorItem(os, T, count, body);
        if (fresh)
            os << "    } }\n";
    }
    // Loads of 8 consecutive complex points from a complex side into (re, im); `reversed`: the
    // points at..at+7 in the opposite order.
    std::string loadPoints(const std::string& at, const std::string& re, const std::string& im, bool reversed) const;
    // Loads of W consecutive complex points of each of the H rows (at, atH) into vector (re, im).
    std::string loadStacked(const std::string& at, const std::string& atH, const std::string& re, const std::string& im) const;
    // Statement storing 8 consecutive complex points (re, im) at offset `at` of the complex side.
    std::string storePoints(const std::string& at, const std::string& re, const std::string& im) const;
    // W points at a time from 2W interleaved reals at `ptr` into (re, im).
    std::string loadEvenOdd(const std::string& ptr, const std::string& re, const std::string& im) const;
    // The same from the input buffer at element `at` (reals), in the input's storage.
    std::string loadEvenOddIn(const std::string& at, const std::string& re, const std::string& im) const;
    // Statements for output X[k + A c], k = 8g..8g+7, held in (ur[reg], ui[reg]).
    void output(std::size_t c, std::size_t reg);

    void prelude() override;
    std::size_t groupSize() const override { return B * T; }
    void ownership() override;
    void preStage() override;
    // The A-point passes on vectors, then the DFTs across the lanes.
    void passes() override
    {
        lanePasses(0);
        acrossLanes(0);
        if (bluestein) {
            lanePasses(1);
            acrossLanes(1);
        }
    }
    void postStage() override;
    // Round 1 is Bluestein's second FFT: its first pass reads local memory, and its buffers
    // follow on from round 0's.
    void lanePasses(std::size_t round);
    void acrossLanes(std::size_t round);
    // Bluestein's first loads: vector e of the row times the chirp, zero past Nt.
    void bluesteinLoad(const std::string& e, const std::string& k);
    // Bluestein's outputs of round c's DFTs across the lanes in (ur[reg], ui[reg]).
    void bluesteinOutput(std::size_t round, std::size_t c, std::size_t reg);
    void packedAcrossLanes();
    // Statements storing lanes j0..j0+len of output (zr, zi) at points at..at+len-1.
    std::string storeRun(const std::string& at, std::size_t j0, std::size_t len) const;

    // ---- fused r2r stages (spec.r2rIn, r2rOut; row_lane_r2r.cpp), on rows of N reals
    // R2C's first loads: the W points e W.. of the reordered row (DCT-II, DST-II) into `dest`.
    // `half`: 0 or 1 where the pass knows the block's half of the row (the first pass's input r of
    // an even radix), -1 where the kernel tests it.
    std::string r2rLoadVector(const std::string& off, const std::string& e, const std::string& dest, int half = -1) const;
    // ... DCT-I's and DST-I's extensions of the row (r2rLoadVector's for those kinds).
    std::string r2rLoadExtension(const std::string& off, const std::string& e, const std::string& dest) const;
    // C2R's pre-stage loads: V[k0..k0+7] of the halfcomplex row (HC2R, DCT-III, DST-III) into (re, im).
    std::string r2rLoadHalf(const std::string& off, const std::string& re, const std::string& im,
                            const std::string& k0 = "k0") const;
    std::string r2rPointIn(const std::string& off, std::size_t k) const; // V[k] of one k, as real2_t
    // ... and V[N/2]'s real part.
    std::string r2rNyquistIn(const std::string& off) const;
    // R2C's post-stage stores: X[k0..k0+7] (re, im, scaled) as the r2r row's points (R2HC, DHT,
    // DCT-II, DST-II), and X[N/2] (real) as its point N/2.
    std::string r2rStoreHalf(const std::string& off, const std::string& re, const std::string& im,
                             const std::string& k0 = "k0") const;
    std::string r2rPointOut(const std::string& off, std::size_t k, const std::string& xr, const std::string& xi) const;
    // One real row (merge: R2C, split: C2R): the first loads of z[j] = v[2j] + i v[2j+1] of the
    // reordered row (DCT-II, DST-II); C2R's outputs staged as r2rStoreStagedQuarter reads them.
    std::string r2rLoadMerge(const std::string& e, const std::string& re, const std::string& im, int half = -1) const;
    // The half of the row that input r of the first pass reads (vectors r B .. r B + B - 1 of A, B
    // its butterflies; Makhoul's halves are A/2 vectors each); -1 where it straddles them.
    int r2rHalfOf(const VectorPass& s, int r) const
    {
        const std::size_t lo = static_cast<std::size_t>(r) * s.butterflies, hi = lo + s.butterflies;
        return hi <= A / 2 ? 0 : lo >= A / 2 ? 1 : -1;
    }
    std::string r2rNyquistOut(const std::string& off, const std::string& x) const;
    // C2R's last stores (DCT-III, DST-III): points m0..m0+7 (`value`) of row "a" or "b" to local
    // memory, then (postStage) the rows from there to their places.
    std::string r2rStageVector(const std::string& row, const std::string& m0, const std::string& value) const;
    void r2rStoreStaged();
    // DCT-IV and DST-IV of even n on the complex row of n/2 points: the W points e W.. of the
    // pre-twiddled row; Y[q0..q0+7] twiddled into local memory, then the row of n reals.
    std::string r2rLoadQuarter(const std::string& e, const std::string& re, const std::string& im) const;
    std::string r2rStageQuarter(const std::string& q0, const std::string& re, const std::string& im) const;
    void r2rStoreStagedQuarter();
    const std::size_t r2rInBase, r2rOutBase; // the fused stages' tables (tableLayout's r2r)
};

} // namespace detail
} // namespace clfft_ng
