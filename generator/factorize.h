// Choice of Stockham radices for a length.
#pragma once

#include "cost_model.h"

#include <cstddef>
#include <vector>

namespace clfft_ng {

// The largest prime a codelet computes as one radix pass (the symmetric odd-prime form, FFTW's
// generic DFT): a length with prime factors up to it is a direct length. Bluestein (and Rader)
// over such primes were 1.4-1.9x FFTW's error (FFTW, too, computes these primes directly);
// above it Rader's and Bluestein's error is at or below that of a direct DFT (docs/plans.md).
constexpr int kMaxPrimeRadix = 47;

// True for the primes 2..kMaxPrimeRadix.
bool isPrimeRadix(int radix);

// True when every prime factor of n is at most kMaxPrimeRadix (n >= 1).
bool hasCodeletFactors(std::size_t n);

// True when every prime factor of n is at most `largestPrime` (n >= 1): Bluestein's convolution
// lengths keep to 2..13, where a pass costs O(log) per point, not a prime radix's O(p).
bool hasFactorsUpTo(std::size_t n, int largestPrime);

// Radices (2..16, and the primes 17..kMaxPrimeRadix) whose product is n, in pass order; empty for n == 1. Requires
// hasCodeletFactors(n). Chosen to minimise radixPassCost (cost_model.h) summed: as few passes
// as radix 16 allows, balanced (2^9 = 8*8*8, 1000 = 10*10*10). The largest radix goes first:
// it fixes the work-items per transform.
// maxRadix < 16: no composite radix above it (the primes 11, 13 and above stay available), for
// kernels whose codelets run on vectors and spill registers above radix 8.
// radix16Cost > 0 replaces radixPassCost(16) (kNoRadix16Cost: no radix 16 at all).
std::vector<int> chooseRadices(std::size_t n, int maxRadix = 16, double radix16Cost = 0);

} // namespace clfft_ng
