// The tuning profiles. One line of reason per value; the measurements behind them are in
// docs/tuning.md. The GPU vendor profiles equal the generic one until a measurement on such a
// device says otherwise (no GPU was available where these were set).
#include "tuning.h"

#include "planner.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace clfft_ng {

namespace {

TuningProfile gpuGeneric()
{
    TuningProfile p{};
    p.name = "gpu";
    // One kernel up to 8192 points where local memory holds them: no temporary, one trip
    // through global memory (8192 x 512 on PoCL: 14.9 ms against 42.5 in two passes).
    p.maxSingleKernelLength = 8192;
    // Rader and Bluestein run two FFT rounds in one kernel: half the longest direct length.
    p.maxConvolutionKernelLength = 4096;
    p.maxPassesPerLength = 6;       // six passes of up to 8192 points go beyond any buffer
    p.maxWorkGroup = 256;           // a size every OpenCL GPU runs, a multiple of any wavefront
    p.targetGroupThreads = 64;      // short transforms packed to one AMD wavefront, two NVIDIA warps
    p.groupLocalBudget = 32768;     // packed transforms share 32 KiB: two groups per 64 KiB unit
    p.laneKernels = false;          // the vector forms are for CPUs
    p.longRowMultiple = 1;          // any length up to the maxima runs in one kernel
    return p;
}

TuningProfile cpu()
{
    TuningProfile p = gpuGeneric(); // Stockham values as GPUs' (callbacks, where no lane form applies)
    p.name = "cpu";
    p.laneKernels = true;           // PoCL does not vectorise across work-items: the forms do
    p.lanes = 8;                    // float8 / double8 values, float16 / double16 loads
    p.splitMergeVector = 8;         // long real rows' split/merge as float8 / double8: 1.2-1.6x (4: less)
    p.laneLocalCap = 1u << 19;      // 512 KiB (4096 points x 8 lanes); more was slower on PoCL
    p.laneConvolutionLocalCap = 1u << 20; // a whole Bluestein convolution: one trip, not four
    // ... in 4 lanes where 8 do not fit, within 400 KiB: Zen 5 (512 KiB local), against four
    // lane passes: single 4297 1.80x, 4099 1.47-1.52x, 5003 1.29x, 6007 (378 KiB) 1.24x, 4999
    // 1.07-1.31x; double 2053 2.39x, 2503 2.29x, 3001 1.52x. Fuller lost: 7919 (496 KiB) 0.90x,
    // 8191 (512 KiB) 0.50x; double 4093 (512 KiB) 1.0-1.25x.
    p.laneBluesteinNarrow = true;
    p.laneBluesteinNarrowMaxBytes = 400u << 10;
    p.realRowLanes = 16;            // single even real rows: two rows' cache lines per vector
    p.rowLaneMaxRadix = 8;          // radix 16 spilled the registers (2048^2: 26 -> 34 GFLOP/s)
    p.rowLaneFirstPassLines = 8;    // more cache-line streams per work-item in the first pass cost
    p.rowLaneGroupThreads = 64;     // short rows packed to 64 work-items ...
    p.rowLaneGroupBytes = 1u << 16; // ... and 64 KiB of row per group
    p.realPairMaxLength = 4096;     // even real rows up to 4096: two rows as one complex FFT
    p.padSplitRows = true;          // lanes of rows 2^k apart shared cache sets (see performance.md)
    p.paddedDimsMaxBytes = 256u << 20; // a temporary the size of the data, up to 256 MiB ...
    p.paddedDimsLengths[0] = 512;   // ... for last dimensions of 512-1024 (1024^2 1.2x, 2048x512
    p.paddedDimsLengths[1] = 1024;  // 1.9x, 64x64x512 1.4x; 256: 0.7x, 2048-4096: 0.9-1.07x) ...
    p.paddedDimsMinStepBytes = 2048; // ... stepping 2 KiB or more (128 x 1024: 0.99x)
    p.laneRowChunks = true;         // rows by 8 points per vector load and store (48: 1.4x)
    p.laneRowChunksInMaxRadix = 8;  // 10x10, 12x8, 16x10 in by chunks: 0.75-0.85x (tuning.md)
    p.laneRowBlocksMaxLength = 16;  // rows of 2-16 points as one block of W rows
    // Complex rows of up to 240 single, 144 double points of factors 2, 3, 5 and 7 with at least
    // one 2 as row vectors (Zen 5, bench/clfft-ab, out of place; in place in parentheses): powers
    // of two single 2 1.09x (1.18x), 4 1.73x (2.09x), 8 1.88x (2.01x), 16 1.49x (1.63x), 32 1.15x (1.11x), 64 1.07x
    // (0.96x), 128 1.24x; double 2 1.23x (1.87x), 4 1.30x (1.71x), 8 1.24x (1.45x), 16 1.34x, 32
    // 1.48x (1.37x), 64 1.06x (1.09x), 128 1.14x; 256-512 0.74-0.86x. Others: single 6 1.33x, 10
    // 1.12x, 12 1.05x, 14 1.09x, 20-240 1.5-2.6x; double 6-14 1.22-1.28x, 20-112 1.14-2.39x, 120
    // 1.26x, 144 1.29x; single 288 and 320 1.1x, 384-500 0.47-0.92x; double 160-240 0.81-0.93x.
    p.rowVectorsSingle[0] = 2;
    p.rowVectorsSingle[1] = 240;
    p.rowVectorsDouble[0] = 2;
    p.rowVectorsDouble[1] = 144;
    // ... and double rows of odd length 3-63 (vectors of one point, no twiddle on the first of
    // each sub-block): 3 1.18x, 5 1.28x, 7 1.31x, 9 1.06x, 21 1.54x, 25 1.81x, 27 1.74x, 35 1.48x,
    // 45 1.29x, 49 1.25x, 63 1.25x; 15 0.83-0.92x (kept for one range), 81 1.01x, 105 0.93x, 125
    // 0.69x. Single rows of odd length 3-7: 3 1.17x, 5 1.10x, 7 1.02x; 9 0.68x, 15 0.59x, 27 1.0x,
    // 45 0.99x (one row per float2; four rows per float8 below take 9-33).
    p.rowVectorsOddDouble[0] = 3;
    p.rowVectorsOddDouble[1] = 63;
    p.rowVectorsOddSingle[0] = 3;
    p.rowVectorsOddSingle[1] = 33;
    // Factors 11 and 13 too (Zen 5, clfft-ab, out of place, over the lane kernels): single 22
    // 1.66x, 44 2.09x, 52 1.97x, 88 2.24x, 104 2.27x, 132 1.96x, 208 2.13x, 130-198 1.2-1.5x;
    // double 22 2.57x, 26 2.58x, 52 3.07x, 66-110 1.3-2.1x, 130 1.01x, 11 1.11x, 33 1.89x, 39
    // 1.53x; not rows of more than 105 vectors (single 234, 117 vectors: 0.83x).
    p.rowVectorsMaxVectors = 105;
    // Rows side by side up to 32-byte vectors (Zen 5, clfft-ab, over one row per vector): double
    // odd rows two per double4: 9 1.27x, 11 1.26x, 13 1.43x, 15 1.35x, 21 1.34x, 25 1.27x, 27
    // 1.27x, 33 1.22x; 3 and 5 even, 35 0.93x, 45 0.61x. Single odd rows four per float8: 5
    // 1.10x, 7 1.07x (3 0.89x), and then 9-33 over the lanes: 9 1.10x, 13 1.07x, 21 1.88x, 25
    // 1.21x, 27 1.21x, 33 1.54x (35 0.86x, 49 0.61x). Single rows of one factor 2, two per float8:
    // 10 1.15x, 18 1.55x, 26 1.57x, 30 1.45x, 54 1.41x, 66 1.16x, 78 1.08x; 90-210 0.80-0.88x.
    // Eight single odd rows per float16 won at 9 and 11 only, four double per double8 at 9 only.
    p.rowVectorStackBytes = 32;
    p.rowVectorStackSingle[0] = 5;
    p.rowVectorStackSingle[1] = 78;
    p.rowVectorStackDouble[0] = 7;
    p.rowVectorStackDouble[1] = 33;
    p.laneGroupBytes = 65536;       // one-item groups: PoCL's 5-10 ns per group amortised (2: 1.8x)
    // One local buffer holds every value of a pass across a barrier (PoCL: per-item arrays):
    // double in 4 lanes and two buffers instead, Zen 5, clfft-ab out of place: 2400 1.48x, 2700
    // 1.55x, 3000 1.79x, 4000 1.96x, columns of 4096 1.04-1.18x; with 256 KiB, 1500 1.68x, columns
    // of 2048 1.52x. Single float4 lost on powers of two (8192 columns 0.42x, 4096 0.77x), won
    // elsewhere (one kernel for single 4500-7500: 1.35-2.5x over two lane passes).
    p.laneHalfWidthForTwoBuffers = true;
    p.narrowDoubleLanes = 4;        // double rows of 3-128 points: double4 values (1.15-1.5x) ...
    p.narrowDoubleLanesMaxLength = 128; // ... not longer (210 0.94x, 300 0.93x, 1000 0.90x)
    // Bluestein in a lane kernel over Rader's Stockham kernel wherever the convolution fits: up to
    // 162 KiB 1.4-2.6x (single 1009, double 641); beyond, once the lane kernels' items stopped
    // aliasing (cpu_forms.cpp), single 2017 2.3x, 3001 2.4x, 3457 1.9x, 4001 2.1x, double 2017 1.17x.
    p.laneBluesteinOverRaderBytes = 1u << 20;
    // Bluestein in a row-lane kernel (two rounds of row-lane passes in one trip) over the lane
    // kernel or four lane passes, from 900 points (Zen 5, clfft-ab): single 941 1.48x, 1009 1.51x,
    // 2017 1.06x, 3001 1.15x, 4099 2.05x, 5003 1.65x, 7919 2.15x, 8191 1.93x, 9511 2.34x; double
    // 941 2.1x, 2017 2.07x, 4099 4.19x, 5003 2.95x, 7919 2.31x. Below, it lost as often as it won
    // (single 47 0.59x, 347 0.71x, 641 0.86x, 857 0.74x; 563 1.22x, 683 1.15x), and still does
    // since the row lanes' items take fresh indices (53 0.94x, 401 0.82x, 499 0.85x; 89 1.30x, 257
    // 1.56x, 787 1.51x). Since then the longest convolutions win too, with several butterflies
    // per work-item: single 9001 2.84x, 10007 2.65x, 11003 3.07x, 15013 2.37x, double 7001 2.39x.
    p.rowLaneBluesteinMinLength = 900;
    p.raderDoubleMaxPrime = 17;     // double 17 (Rader's 16 points, one radix-16 pass): Rader 1.25x,
                                    // 1.26x over two runs; 19 0.92x, 23 0.46x, 31 0.93x, 97 1.03x
                                    // (primes up to 47 are now one radix pass: no prime reaches it)
    p.longRowMultiple = 64;         // above 4096 points one kernel only as row lanes (5000 x 512
                                    // gathered: 12.8 ms against 6.5 in two passes)
    // Beyond 8192 points too, where the row lanes hold the row: Zen 5 8320 2.9x, 12288 2.5x, 16384
    // 1.26x, 20480-24576 1.25x, double 10240 2.8x; r2c 24576 1.57x, c2r 20480 1.66x (tuning.md).
    p.rowLanesBeyondMaxLength = true;
    p.laneCostFactor = 2.5;         // lane passes ran at 0.23-0.51 of the copy bandwidth, row lanes 0.81-0.88
    p.stockhamCostFactor = 6;       // c2c 4096: the Stockham form 10x the row lanes, lanes 7x
    p.measureCostCutoff = 1.5;      // each candidate kernel costs ~1 s of PoCL codegen cold; none
                                    // estimated at 1.5-2x the cheapest won (tuning.md)
    // One row-lane pass of up to 32 lines (c2c 256 as radix 32, not 16 x 2): Intel 256 1.35x, AMD
    // (Zen 4) 256 1.16x, double 256 1.16x, 256^2 1.13x, r2c 256 1.10x.
    p.rowLaneOnePassLines = 32;
    // Rows of up to 1 KiB of vectors (single 64 and 128, double 64) on one work-item, their passes
    // in registers and not through local memory across barriers: Zen 5 64 1.6x, 128 1.3-1.47x,
    // double 64 1.6-1.9x, 128^2 1.16x, 64^3 1.14x; 2 KiB even (single 256, double 128).
    p.rowLaneRegistersBytes = 1024;
    // Double rows of double4 lanes up to 48 points with their passes in registers (the byte limit
    // below): with stores past the caches, Zen 4 lost beyond (56-112: 0.58-0.96x, but 81 1.1-1.4x,
    // 90 1.17x); 12-48 0.72-1.2x, 1.1x at the median.
    p.laneRegistersNarrowMaxLength = 48;
    // ... and up to 128 where the rows are no whole number of vectors (no chunks of whole lines,
    // no stores past the caches): 49-126 1.1-1.75x, in-process and alternating (tuning.md).
    p.laneRegistersNarrowUnalignedMaxLength = 128;
    // Single rows of odd length (gathered across the lanes) lost in registers where their radices
    // are small: through local memory 21 1.26x, 25 1.31x, 27 1.27x, 35 1.22x, 45 1.26x, 45 x 1000
    // 1.21x; 33 (11x3) 0.95x, 39 (13x3) 0.91x, columns of 25-27 0.89-0.94x (tuning.md).
    p.laneLocalOddRowsMaxRadix = 9;
    // Single rows up to 48 points (3 KiB a set) in registers too: Zen 4 with stores past the
    // caches 20 1.05x, 24 1.12-1.28x, 32 1.26x, 36-40 1.1x, 48 1.15x; 60 0.77x, 72 0.72x.
    p.laneRegistersMaxBytes = 3072;
    // Rows stored past the caches where a pass's data exceed them (no read of each output line
    // first): Zen 4 row lanes 64-256 1.1-1.4x, lanes by chunks 24-48 1.4-1.7x (docs/tuning.md).
    p.streamStores = true;
    // Lane passes: radix 16 only where it saves a pass of radix 8 and 2 (1024 as 16x8x8; 256 as
    // 8x8x4, 2048 and 4096 in radix 8): Zen 4 256^2 1.18x, 2048^2 1.21x, 64x4096 1.22x, 2^22 1.2x.
    p.laneRadix16Cost = 1.9;
    // Double8 lanes (a complex value takes twice a float8's registers) without radix 16: 7919
    // 1.12x, 10007 1.18x, 2^20 1.08x, 128^3 1.03x, 16384 and 1024^2 1.0x.
    p.laneWideDoubleRadix16 = false;
    // 65536 as 128 x 512 (5 radix passes, not 256 x 256's 6): 1.10-1.25x, double 1.08x; 2^22 as
    // 1024 x 4096 0.99-1.06x; 16384, 2^18, 2^20 keep their balanced splits (fewer or as few).
    p.splitFewestRadixPasses = true;
    // 5000 as 40 x 125, not 100 x 50 (the second pass over 100 columns: a partial set of lanes):
    // 5000 1.8x, 10000 1.7x, 6000 1.4x, 7000 1.5x, 9000 1.6x, double 5000 1.9x, double 10000 1.6x.
    p.splitForFullLanes = true;
    // Single rows of 8 x A points, A not a multiple of 8, as packed row lanes up to 256 points:
    // Zen 4 32 1.22x, 48 1.20x, 56 1.35x, 96 1.20x, 120 1.19x, 160 1.16x, 16-40 and 72 1.0-1.05x,
    // 200 1.03x; 320 0.86x, 1000 0.67x. Double lost at 16-48 and 200 (0.68-0.92x): not taken.
    p.rowLanesPackedMaxLength = 256;
    // Past the cache, lanes that stream (blocks of 16, chunks of 24) beat packed rows: 16 1.43x,
    // 1.28x; 24 2.0x, 1.24x; 32 1.06x, 0.73x and 40 1.23x, 0.80x (left to row lanes).
    p.rowLanesPackedMinLengthPastCache = 32;
    // Single rows of 8A + 4 points as packed row lanes of 4 up to 140: 20 1.64x, 28 1.40x, 36
    // 1.55x, 44 1.40x, 60 1.27x, 100 1.52x, 140 1.06x; 12 (blocks) 0.88x, 180 0.49x, 220-500
    // 0.59-0.82x. Double rows of 4 lanes lost at 12-36, 60-100, 160-300 (0.41-0.93x).
    p.rowLanesPacked4MaxLength = 140;
    // ... two rows per float8 (row.stacked), slots as before (two transforms each): 20 1.03x, 36
    // 1.10x, 60 1.27x, 100 1.21x, 140 1.17x; with half the slots 0.82-1.0x of that (fewer only
    // where local memory needs it).
    p.rowLanesStacked4 = true;
    // Single rows of 16A points (not 64A) as stacked lanes of 4 rather than packed lanes of 8:
    // 48 1.10-1.31x, 80 0.96-1.13x, 96 1.04x, 112 1.01-1.06x; 16 0.79x, 144 0.70x, 176-240 0.70x.
    p.rowLanesStacked16A[0] = 48;
    p.rowLanesStacked16A[1] = 112;
    // Double rows of 16A points as packed row lanes of 4, streamed (every block one row's whole
    // lines): 48 1.20x, 80 1.33x, 96 1.26x, 112 1.26x; 144-240 0.64-0.78x. 16 and 32 (0.67x,
    // 0.89x through local memory) since their passes run in registers: 1.13-1.18x, 1.9-2.0x.
    p.rowLanesPacked4Double[0] = 16;
    p.rowLanesPacked4Double[1] = 112;
    return p;
}

// Intel CPUs (a 2-core AVX-512 Xeon VM, PoCL 3.1), see docs/tuning.md: the padded temporary of
// 2D/3D lost there (1024^2 out of place 0.55-0.6x, in place 0.85-0.9x; 1024x512 alike).
TuningProfile cpuIntel()
{
    TuningProfile p = cpu();
    p.name = "cpu-intel";
    p.paddedDimsMaxBytes = 0;
    // Multi-kernel Bluestein passes reversed: 10007 1.25x, 16411 1.08x, 30011 1.07x; 20011 and
    // 65537 0.97-1.0x (docs/tuning.md).
    p.bluesteinPassesReversed = true;
    // Twice the cache-line streams in the first row-lane pass (8 on the AMD CPUs): 128 1.17-1.5x,
    // 1024 1.04-1.2x, 8192 1.13x, 128^3 1.06-1.15x, 1024^2 0.95-1.13x, double 1024 0.98-1.06x.
    p.rowLaneFirstPassLines = 16;
    // Short complex rows' passes in registers up to 4.5 KiB a set: single 24-72 and double 24-60
    // 1.1-1.6x; single 80-100 0.6-0.85x, double columns of 64 0.9x (docs/tuning.md).
    p.laneRegistersMaxBytes = 4608;
    // Narrow double rows up to 112 points in registers: 81 1.53-2.0x, 112 1.41x, 72 1.12x.
    p.laneRegistersNarrowMaxLength = 112;
    return p;
}

// AMD Zen 5 (family 26; a 2-core EPYC VM, PoCL 3.1, 512-bit datapaths), docs/tuning.md.
TuningProfile cpuZen5()
{
    TuningProfile p = cpu();
    p.name = "cpu-zen5";
    // Row-lane passes whose vectors take at most 1 KiB of registers (radix 16 single, 8 double):
    // 256 as 8 x 4, not radix 32, 1.56x; double 256 1.2x; single 128 stays one pass.
    p.rowLanePassRegisterBytes = 1024;
    // 16 cache lines per work-item in the first row-lane pass, as on Intel: 1024 1.13x.
    p.rowLaneFirstPassLines = 16;
    // ... where that saves a pass: two passes the most balanced (256 as 8 x 4, not 16 x 2: 1.2x).
    p.rowLaneTwoPassBalanced = true;
    // Single columns of 128 points (16 x 8) in registers: 128^3 1.35x, 1024 x 128 1.17x, 8192 x
    // 128 1.34x; 64 points lost (64^3 0.71x), 96-100 mostly (docs/tuning.md).
    p.laneRegistersColumnLength = 128;
    // Lane passes through local memory without radix 16 (2^22 as 2048 x 2048 in radices of 8, not
    // 1024 x 4096 with 16 x 8 x 8): 2^22 1.65x, 2^21 1.31x, 2^20 1.25x, 16384 1.18x, 10007 1.18x;
    // 65536, 1024^2, 2048^2, 512^3 even; columns of 128 in registers keep 16 x 8 (8 x 4 x 4: 0.82x).
    p.laneRadix16OnlyInRegisters = true;
    // Narrow double rows (double4 lanes) of radices up to 10 through local memory, not registers:
    // 81 1.34x, 125 1.32x, 45 1.39x, 35 1.40x, 70 1.23x, 63 1.23x, 105 1.21x, 50 1.26x, 36 1.35x,
    // 40 1.24x, 28 1.48x, 24 1.37x (out of place 1.09x, 1.07x); radix 11 and 14 lost (121 0.61x,
    // 99 0.88x, 126 0.89x), rows of 20 (out of place 0.91x).
    p.laneLocalNarrowMaxRadix = 10;
    // Double lane passes of two radices, a large one among them: more passes of smaller radices
    // (a large radix's double values spill the registers). Narrow rows up to 8: 60 1.36x, 100
    // 1.22x, 70 1.20x, 90 1.17x, 120 1.10x, 80 1.04x (30-50 even); wide up to 12: 225 1.88x, 196
    // 1.84x, 210 1.80x, 195 1.59x, 150 1.44x, 140 1.40x. Not three radices (1050 0.94x, 3000 0.80x).
    p.laneDoubleTwoRadicesMax[0] = 8;
    p.laneDoubleTwoRadicesMax[1] = 12;
    // Lane passes through local memory, smallest radix first (clfft-ab): single 300 1.17x (5 x 6 x
    // 10), 360 1.12x, 400 1.11x, 450 1.10x, 500 1.08x, 700 1.09x, 750 1.09x; double 300 1.13x, 360
    // 1.16x, 400 1.17x, 450 1.18x, 500 1.11x, 600 1.11x, 750 1.10x; 300 x 300 1.18x, double 360 x
    // 360 1.18x, 60^3 1.08x, 30000 1.06x; 10 x 10 x 9 and the like even. Not powers of two (128^3
    // in registers 0.70x, 65536 0.98x) nor more items than a group (2187 as 3 x 9 x 9 x 9: 0.91x).
    p.laneRadicesAscending = true;
    // Odd powers of two in two passes, single: the shorter factor first (clfft-ab, in process)
    // 2^17 1.04x, 2^19 1.15-1.27x (r2c 2^20 1.14x), 2^21 1.07x; 2^23 0.94x, double 2^19 0.90x.
    p.splitShorterFirstSingleMax = std::size_t{1} << 21;
    return p;
}

// Until measured on such a device: the generic GPU values under the vendor's name.
TuningProfile gpuNamed(const char* name)
{
    TuningProfile p = gpuGeneric();
    p.name = name;
    return p;
}

TuningProfile gpuNvidia()
{
    TuningProfile p = gpuNamed("gpu-nvidia");
    // Column passes read one 32-byte sector per row, not one point: H200 2^20 x 16 1.71x, 1024^2
    // x 16 1.65x (four 1024-point columns per group of 256); 256-point columns already did.
    p.stridedGroupRowBytes = 32;
    return p;
}

} // namespace

const TuningProfile& tuningProfile(DeviceClass c)
{
    static const TuningProfile profiles[] = {cpu(), gpuGeneric(), gpuNamed("gpu-amd"), gpuNvidia(),
                                             gpuNamed("gpu-intel"), cpuIntel(), cpuZen5()};
    switch (c) {
    case DeviceClass::Cpu: return profiles[0];
    case DeviceClass::GpuGeneric: return profiles[1];
    case DeviceClass::GpuAmd: return profiles[2];
    case DeviceClass::GpuNvidia: return profiles[3];
    case DeviceClass::GpuIntel: return profiles[4];
    case DeviceClass::CpuIntel: return profiles[5];
    case DeviceClass::CpuAmdZen5: return profiles[6];
    }
    return profiles[1];
}

const TuningProfile& tuningFor(const DeviceLimits& limits) { return tuningProfile(limits.deviceClass); }

DeviceClass deviceClassOf(bool cpuType, unsigned vendorId, const std::string& vendorName, unsigned hostFamily)
{
    if (cpuType) {
        if (vendorName.find("Intel") != std::string::npos)
            return DeviceClass::CpuIntel;
        const bool amd = vendorName.find("AMD") != std::string::npos || vendorName.find("Advanced Micro") != std::string::npos;
        return amd && hostFamily >= 26 ? DeviceClass::CpuAmdZen5 : DeviceClass::Cpu;
    }
    switch (vendorId) {
    case 0x1002: return DeviceClass::GpuAmd;
    case 0x10DE: return DeviceClass::GpuNvidia;
    case 0x8086: return DeviceClass::GpuIntel;
    default: return DeviceClass::GpuGeneric;
    }
}

unsigned hostX86Family()
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        return 0;
    const unsigned base = (eax >> 8) & 0xF;
    return base == 0xF ? base + ((eax >> 20) & 0xFF) : base;
#else
    return 0;
#endif
}

} // namespace clfft_ng
