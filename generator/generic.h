// The generic tier's OpenCL program (issue 62): kernels that take the length, radix, strides and
// twiddle table as run-time arguments, so one compiled program per precision serves every size.
// Pure C++, no OpenCL calls; the host side (passes, arguments, launches) is src/tiering.cpp.
#pragma once

#include "kernel_spec.h"

#include <cstddef>
#include <string>
#include <vector>

namespace clfft_ng {

// Kernel names in the generic program.
constexpr const char* kGenericRadixKernel = "clfft_ng_generic_radix";
constexpr const char* kGenericDftKernel = "clfft_ng_generic_dft";
constexpr const char* kGenericBluesteinInKernel = "clfft_ng_generic_bluestein_in";
constexpr const char* kGenericPointwiseKernel = "clfft_ng_generic_pointwise";

// The largest radix the butterfly kernel holds in private memory; larger prime factors take
// the DFT kernel (one output per work-item, O(radix) work each).
constexpr unsigned kGenericMaxButterfly = 16;

// How a side of a generic pass holds its values (the kernels' `layout` argument).
enum class GenericLayout : int { Interleaved = 0, Planar = 1, Real = 2 };

// The codelet kernels of the generic program, one per radix (its name: genericRadixKernelName);
// other radices up to kGenericMaxButterfly take kGenericRadixKernel's loop.
const std::vector<unsigned>& genericCodeletRadices();
std::string genericRadixKernelName(unsigned radix);

// The source of the generic program for one precision. Depends on nothing but the precision.
std::string genericProgramSource(Precision precision);

// The radices of the generic tier's Stockham passes for length n, in pass order: 4s first, then
// 2, 3, 5, ..., then any larger prime factors (each a DFT pass). n >= 1; n == 1 gives {1}.
std::vector<std::size_t> genericRadices(std::size_t n);

// The largest prime factor of n (1 for n <= 1).
std::size_t largestPrimeFactor(std::size_t n);

} // namespace clfft_ng
