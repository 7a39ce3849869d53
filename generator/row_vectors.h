// Row-vector kernels (row_vectors.cpp): each short row (up to 256 points of factors 2, 3, 5, 7,
// 11, 13) sits whole in a few OpenCL vectors of interleaved reals, and the FFT's steps run on them
// as adds, permutes and multiply-adds, one row (or, stacked, a few rows side by side) after
// another, without a transpose across rows; for CPU devices and rows whose points sit at unit
// stride (which the kernel assumes).
#pragma once

#include "kernel_spec.h"

#include <cstddef>
#include <string>
#include <vector>

namespace clfft_ng {

// Reals of each vector that holds a row: twice the length's power of two (2 for odd lengths), at
// most 16 (the odd factors' steps pair whole vectors); 0 for lengths the form does not take. A
// kernel of spec.rowVector.stack rows per vector has vectors of that many times the reals.
std::size_t rowVectorReals(std::size_t length);

// The kernel's steps: odd radices (13, 11, 7, 5, 3) first, then radix 2 (empty where rowVectorReals is 0).
std::vector<int> rowVectorRadices(std::size_t length);

// Source of a row-vector kernel (spec.rowVector.rowsPerGroup > 0, complex pass, interleaved on
// both sides, rowVectorReals(length) > 0). Same arguments as the Stockham kernel of the spec.
std::string generateRowVectorSource(const KernelSpec& spec);

} // namespace clfft_ng
