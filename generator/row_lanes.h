// Row-lane kernels (row_lanes.cpp): one transform per work-group, its points split into
// spec.row.width (8 or 16) interleaved subsequences that ride in the lanes of OpenCL vectors, for CPU
// devices and transforms whose points sit at unit stride (the rows of a batch).
#pragma once

#include "kernel_spec.h"

#include <complex>
#include <cstddef>
#include <string>
#include <vector>

namespace clfft_ng {

// Source of a row-lane kernel (spec.row.width 8 or 16, complex pass or even real rows, length a
// multiple of 8 x row.width, or packed below; unit element stride on both sides, which the
// kernel assumes). Same arguments as the Stockham kernel of the spec.
std::string generateRowLaneSource(const KernelSpec& spec);

// Complex rows of width 8 whose A = length / 8 vectors are not a multiple of 8 (16, 24, ...,
// 56, 72, ...): the DFTs across the lanes take blocks of 8 consecutive vectors of the group,
// spanning transforms, so the group's transforms must fill whole blocks (transformsPerGroup a
// multiple of 8 / gcd(A, 8)); no pairs. Width 4 (rows of 8A + 4 single or 16A double points):
// blocks of 4 vectors, 4 / gcd(A, 4) transforms a period.
bool rowLanePacked(const KernelSpec& spec);

// Whether a packed kernel's every store writes a whole 64-byte line, or both halves of one line
// one after the other: single rows of 32 points (A = 4 in 8 lanes) and double rows of 16A points
// in 4 lanes (every block within one row). Elsewhere its stores are runs of a block's lanes.
bool rowLanePackedWholeLines(const KernelSpec& spec);

// Local buffers of a complex row-lane kernel whose A vectors are a power of two holding 128 KiB
// or more (single 16384, double 8192) take a spare vector after every 64: the radix-8 passes'
// reads 8 KiB apart otherwise share one L1 set (c2c 16384 1.09x, double 8192 1.09x; single 8192
// lost 4%, docs/history/performance.md). The period, 0 where there is none; rowLanePadPeriod(A, W, p)
// for the planner, before a spec exists.
std::size_t rowLanePadPeriod(const KernelSpec& spec);
std::size_t rowLanePadPeriod(std::size_t vectors, std::size_t width, Precision p);
// The vectors of each of a slot's local buffers: A, a vector to spare (Z[N] of real rows) and
// the padding (A only where spec.row.tight); the second form pads as a complex row would (the
// planner's upper bound).
std::size_t rowLaneBufferVectors(const KernelSpec& spec);
std::size_t rowLaneBufferVectors(std::size_t vectors, std::size_t width, Precision p);

// Local bytes beside the buffers: the zero that the items after a barrier read their index
// through (row-lane kernels with local memory).
constexpr std::size_t kRowLaneZeroBytes = 4;

// Its constant table: the twiddles of the A-point passes (A = length / W, W = spec.row.width,
// radices in spec.radices), then exp(-2 pi i b k / length) for k < A, b < W (lanes innermost).
std::vector<std::complex<long double>> rowLaneTwiddles(const KernelSpec& spec);

} // namespace clfft_ng
