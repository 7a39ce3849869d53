// The tuning table: every constant that tunes the plans for a class of device, in one place,
// each with its reason. The planner reads the profile of the plan's device (DeviceLimits ->
// tuningFor); nothing else in the planner is a tuning number. How each value was measured:
// docs/tuning.md.
#pragma once

#include <string>

#include <cstddef>

namespace clfft_ng {

// The device classes with a profile of their own, from what the device reports (type, vendor id).
// New classes go last: the values are part of wisdom keys.
enum class DeviceClass { Cpu, GpuGeneric, GpuAmd, GpuNvidia, GpuIntel, CpuIntel, CpuAmdZen5 };

struct TuningProfile {
    const char* name = "";

    // ---- Every kernel family --------------------------------------------------------------
    // Longest transform one kernel computes in local memory (direct lengths: factors 2..13).
    std::size_t maxSingleKernelLength{};
    // Longest convolution one Rader or Bluestein kernel computes (two FFT rounds per kernel).
    std::size_t maxConvolutionKernelLength{};
    // Most passes a length is split into before the planner gives up.
    std::size_t maxPassesPerLength{};
    // Multi-pass lengths: the first pass's length near this fraction of the others' (1: balanced;
    // measured planning's variant 0.25: c2c 65536 as 128 x 512, 1.27x on an Intel CPU).
    double firstPassScale = 1;
    // Multi-pass powers of two: of first factors within 2x of that balance, the split with the
    // fewest radix passes in all (lane radices), the most balanced of those.
    bool splitFewestRadixPasses = false;
    // ... and of two such splits, as balanced and as short in passes, the shorter factor first in
    // single precision up to this length (0: the longer first).
    std::size_t splitShorterFirstSingleMax{};
    // Two-pass lengths other than powers of two: the first factor nearest that balance (within 2x)
    // that is a multiple of the lanes (the second pass runs whole sets of lanes).
    bool splitForFullLanes = false;

    // ---- Stockham kernels (the GPU form; on CPUs where no lane form applies) -----------------
    std::size_t maxWorkGroup{};         // work-items per group, at most (and at most the device's)
    std::size_t targetGroupThreads{};   // short transforms are packed to about this many work-items
    std::size_t groupLocalBudget{};     // bytes of local memory packed transforms may share
    // Passes whose neighbouring transforms are neighbours in memory (the columns of a 2D or of a
    // long 1D length): enough transforms per group that each row read is this many bytes (0: any).
    std::size_t stridedGroupRowBytes{};

    // ---- CPU kernel forms (lanes, row lanes) -------------------------------------------------
    bool laneKernels{};                 // lane and row-lane kernels at all
    std::size_t lanes{};                // transforms (lanes) or points (row lanes) per vector
    std::size_t splitMergeVector{};     // split/merge kernels: pairs per work-item as vectors (0: one)
    std::size_t laneLocalCap{};         // local memory of a lane kernel, at most
    std::size_t laneConvolutionLocalCap{}; // the same for a Bluestein convolution in one lane kernel
    bool laneBluesteinNarrow = false;   // ... in 4 lanes where 8 lanes' convolution would not fit
    std::size_t laneBluesteinNarrowMaxBytes{}; // ... their local memory, at most (0: any that fits)
    std::size_t realRowLanes{};         // single-precision even real rows: lanes per vector
    std::size_t rowLaneMaxRadix{};      // radices of row-lane passes, at most
    double laneRadix16Cost = 0;         // lane passes: radixPassCost of radix 16 (0: the model's;
                                        // laneRadix16PassCost, planner/cost.h)
    bool laneWideDoubleRadix16 = true;  // ... and radix 16 on double8 lanes at all
    bool laneRadix16OnlyInRegisters = false; // ... and in passes through local memory (not: only a
                                        // kernel of one pass or with its passes in registers)
    std::size_t rowLaneFirstPassLines{};// cache lines per work-item the first row-lane pass may read
    std::size_t rowLaneOnePassLines{};  // ... and a row-lane kernel of one pass (0: that limit too)
    std::size_t rowLanePassRegisterBytes{}; // the vectors of a one-pass or first row-lane pass, at most (0: any)
    bool rowLaneTwoPassBalanced = false; // two row-lane passes: the smaller largest radix, not the larger first
    // Complex rows of 8 lanes whose vectors take at most this many bytes: one work-item per row,
    // every pass in registers (no local memory, no barriers) (0: never).
    std::size_t rowLaneRegistersBytes{};
    // Single complex rows of 8 x A points, A not a multiple of 8 (16-56, 72, ...): row lanes with
    // the DFTs across the lanes over blocks of the group's vectors (generator rowLanePacked), up
    // to this length (0: such rows take lane kernels).
    std::size_t rowLanesPackedMaxLength{};
    std::size_t rowLanesPackedMinLengthPastCache{}; // ... and from this length where a pass exceeds the cache
    // ... and single rows of 8A + 4 points, longer than laneRowBlocksMaxLength, as packed row
    // lanes of 4 (float4 vectors) up to this length (0: never).
    std::size_t rowLanesPacked4MaxLength{};
    bool rowLanesStacked4 = false;      // ... two rows per float8 (row.stacked): full-width passes
    std::size_t rowLanesStacked16A[2]{}; // ... and single rows of 16A points in this range so too
    // ... and double rows of 16A points (not 64A) within this range (0, 0: never); of 4A points
    // with rowLanesPacked4DoubleMultiple 4 (MEASURE's variant; every block then not whole lines).
    std::size_t rowLanesPacked4Double[2]{};
    std::size_t rowLanesPacked4DoubleMultiple = 16;
    // Complex rows of even length within these (factors 2, 3, 5, 7, 11, 13) as row vectors (generator
    // row_vectors.cpp): each row whole in a few vectors, its steps as adds, permutes and
    // multiply-adds, no transpose across rows ({0, 0}: never) ...
    std::size_t rowVectorsSingle[2]{};
    std::size_t rowVectorsDouble[2]{};
    std::size_t rowVectorsOddDouble[2]{}; // ... and double rows of odd length within these
    std::size_t rowVectorsOddSingle[2]{}; // ... and single ones
    std::size_t rowVectorsMaxVectors{};   // ... of at most this many vectors per row
    // Rows of these lengths side by side in each vector until it holds rowVectorStackBytes (odd
    // lengths: one point of each row per vector); {0, 0}: never.
    std::size_t rowVectorStackBytes{};
    std::size_t rowVectorStackSingle[2]{};
    std::size_t rowVectorStackDouble[2]{};
    std::size_t rowLaneGroupThreads{};  // short rows are packed to about this many work-items
    std::size_t rowLaneGroupBytes{};    // ... and about this many bytes of row per group
    std::size_t realPairMaxLength{};    // even real rows up to this length run two rows at once
    std::size_t longRowMultiple{};      // above maxConvolutionKernelLength, one kernel only for
                                      // multiples of this (row lanes); others take passes
    // Complex rows longer than maxSingleKernelLength in one kernel where that kernel is a row-lane
    // one (unit strides, both row buffers in local memory), not in passes.
    bool rowLanesBeyondMaxLength = false;
    bool padSplitRows = false;          // two-pass lengths: temporary rows padded by a cache line
    // Complex 2D/3D whose last dimension has a length in paddedDimsLengths and steps by a
    // multiple of 512 bytes, at least paddedDimsMinStepBytes: the last dimension first, into a
    // temporary of padded steps, dimension 0 last; where the temporary takes at most
    // paddedDimsMaxBytes (0: never).
    std::size_t paddedDimsMaxBytes{};
    std::size_t paddedDimsLengths[2]{};
    std::size_t paddedDimsMinStepBytes{};
    // Lane passes through local memory over lengths that are no power of two: the smallest radix
    // first (more work-items), where those fit one group.
    bool laneRadicesAscending = false;
    bool laneRowChunks = false;         // gathered rows of unit-stride points move by whole chunks
    std::size_t laneRowChunksInMaxRadix{}; // ... in too where the first of two passes is at most this
    std::size_t laneRowBlocksMaxLength{}; // one-pass lane kernels up to this length: contiguous
                                        // rows move as one block (0: never)
    std::size_t laneGroupBytes{};       // lane kernels: sets of lanes per group up to about this
                                        // many bytes of input (0: one set)
    // Complex lane kernels of several passes whose set of lanes takes at most this many bytes: one
    // work-item per set, the passes exchanging through registers, not local memory (0: never).
    std::size_t laneRegistersMaxBytes{};
    std::size_t laneRegistersColumnLength{}; // ... and single columns (lanes of whole lines) of this length
    std::size_t laneRegistersNarrowMaxLength{}; // ... and narrow double rows up to this length,
    std::size_t laneRegistersNarrowUnalignedMaxLength{}; // ... or this one where rows start mid-vector
    std::size_t laneLocalOddRowsMaxRadix{}; // single rows of odd length across the lanes whose
                                        // radices are at most this: through local memory (0: never)
    std::size_t laneLocalNarrowMaxRadix{}; // ... and narrow double rows that start mid-vector
    // Double lane passes of two radices, one of them large (narrow rows from 60 points: 10 or
    // more; wide: 14 or more): radices up to these instead, [0] narrow, [1] wide (0: keep).
    std::size_t laneDoubleTwoRadicesMax[2]{};
    // Complex lane passes whose two local buffers of `lanes` lanes exceed laneLocalCap: half the
    // lanes in two buffers, where they fit and the vectors keep 256 bits or the length is no
    // power of two, not one buffer; and single rows of 4097-8192 points in one such kernel.
    bool laneHalfWidthForTwoBuffers = false;
    std::size_t narrowDoubleLanes{};    // double rows gathered on both sides, up to ...
    std::size_t narrowDoubleLanesMaxLength{}; // ... this length: lanes per vector (0: lanes)
    // Complex primes: Bluestein in a lane kernel, not Rader in the Stockham form (Rader has no
    // lane form), where the lane convolution takes at most this many bytes (0: never).
    std::size_t laneBluesteinOverRaderBytes = 0;
    // Complex Bluestein rows of at least this many points at unit stride as row-lane kernels
    // (M a multiple of 64; 0: never).
    std::size_t rowLaneBluesteinMinLength = 0;
    // ... but double primes up to this keep Rader (p - 1 one radix pass: 17 -> 16).
    std::size_t raderDoubleMaxPrime = 0;
    // Multi-kernel Bluestein: its FFTs of M points split into passes in the reverse order of
    // splitLength's (an Intel CPU: c2c 10007 1.25x, others 0.97-1.08x).
    bool bluesteinPassesReversed = false;
    // Lane and row-lane passes whose input and output together exceed the device's cache
    // (DeviceLimits::cacheBytes) store whole vectors past the caches (non-temporal stores).
    bool streamStores = false;

    // ---- Cost model and measured planning (read by src/planner/cost.h) -----------------------
    // A pass's estimated cost is its traffic times its form's factor (row-lane passes: 1).
    double laneCostFactor = 1;
    double stockhamCostFactor = 1;
    // MEASURE times only candidates estimated at most this many times the cheapest (0: all).
    double measureCostCutoff = 0;
};

const TuningProfile& tuningProfile(DeviceClass c);

// The class of a device from CL_DEVICE_TYPE (CPU or not), CL_DEVICE_VENDOR_ID (GPUs: PCI ids
// 0x1002 AMD, 0x10DE NVIDIA, 0x8086 Intel) and CL_DEVICE_VENDOR (CPUs: an Intel one names Intel,
// "GenuineIntel" on PoCL, whose vendor ids are 0x8086 plus the device's index on any CPU) and,
// for an AMD CPU, the x86 family of the host (a CPU device runs on it; 0: unknown): 26 (Zen 5)
// and later have a profile of their own.
DeviceClass deviceClassOf(bool cpuType, unsigned vendorId, const std::string& vendorName, unsigned hostFamily = 0);

// The x86 family (base plus extended) of the CPU this runs on, 0 where not x86.
unsigned hostX86Family();

} // namespace clfft_ng
