// KernelSpec: everything the generator needs to emit one kernel (one pass of a plan), and
// nothing about OpenCL objects. A plain value: two equal specs give byte-identical source.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace clfft_ng {

enum class Precision { Single, Double };

// How complex values of one side of a pass sit in memory.
enum class ComplexLayout { Interleaved, Planar };

// The most batch dimensions a kernel walks (other FFT dimensions plus the batch itself,
// after the planner has dropped unit dimensions and merged contiguous ones).
constexpr int kMaxBatchDims = 4;

// One batched 1-D complex transform of `length` points computed by one work-group per
// `transformsPerGroup` transforms, Stockham autosort in local memory, radix by radix.
//
// Runtime kernel arguments (not part of the spec, so one binary serves every stride):
// element strides in/out, the batch dimensions' sizes and strides, the number of transforms,
// the scale and the direction sign.
struct KernelSpec {
    std::size_t length = 1;             // N, points per transform
    std::vector<int> radices;           // Stockham passes in order, product == length
    Precision precision = Precision::Single;
    ComplexLayout inLayout = ComplexLayout::Interleaved;
    ComplexLayout outLayout = ComplexLayout::Interleaved;
    int batchDims = 1;                  // 1..kMaxBatchDims
    std::size_t transformsPerGroup = 1; // B
    std::size_t threadsPerTransform = 1;// T
    bool transformMajorThreads = false; // adjacent work-items on adjacent transforms (columns)
    bool index64 = false;               // 64-bit offsets (buffers beyond 2^32 elements)
    bool splitExchange = false;         // local memory holds one component at a time (half the bytes)

    std::size_t workGroupSize() const { return transformsPerGroup * threadsPerTransform; }
    // Bytes of local memory the kernel declares.
    std::size_t localMemBytes() const;
    // Self-describing kernel function name: length, radices, precision, layouts, shape.
    std::string kernelName() const;
    // Compact one-line description for the source header and logs.
    std::string describe() const;

    bool operator==(const KernelSpec& o) const;
};

std::size_t complexBytes(Precision p);

} // namespace clfft_ng
