// The split/merge step of long real transforms as a kernel of its own.
#pragma once

#include "kernel_spec.h"

#include <complex>
#include <string>
#include <vector>

namespace clfft_ng {

// Work-group size of the split/merge kernels (one work-item per pair k, M-k).
constexpr std::size_t kSplitMergeGroup = 64;

// OpenCL C source of a PassKind::RealMerge or RealSplit kernel. Same argument order as the
// Stockham kernels (stockham.h); NDRange: dimension 0 over k = 0..M/2 (pairVector V: over the
// M / 2V vectors), rounded up to the group size; dimension 1 over the transforms.
std::string generateSplitMergeSource(const KernelSpec& spec);

// Its table: exp(-2 pi i e / N) = lo[e mod L] * hi[e / L] for e <= M/2, lo then hi; L is
// splitMergeTableSplit (a multiple of pairVector where the kernel takes pairs as vectors).
std::size_t splitMergeTableSplit(const KernelSpec& spec);
std::vector<std::complex<long double>> splitMergeTwiddles(const KernelSpec& spec);

} // namespace clfft_ng
