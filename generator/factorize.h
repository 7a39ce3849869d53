// Choice of Stockham radices for a length.
#pragma once

#include "cost_model.h"

#include <cstddef>
#include <vector>

namespace clfft_ng {

// True when every prime factor of n is 2, 3, 5, 7, 11 or 13 (n >= 1).
bool hasCodeletFactors(std::size_t n);

// Radices (2..16) whose product is n, in pass order; empty for n == 1. Requires
// hasCodeletFactors(n). Chosen to minimise radixPassCost (cost_model.h) summed: as few passes
// as radix 16 allows, balanced (2^9 = 8*8*8, 1000 = 10*10*10). The largest radix goes first:
// it fixes the work-items per transform.
// maxRadix < 16: no composite radix above it (the primes 11 and 13 stay available), for
// kernels whose codelets run on vectors and spill registers above radix 8.
// radix16Cost > 0 replaces radixPassCost(16) (kNoRadix16Cost: no radix 16 at all).
std::vector<int> chooseRadices(std::size_t n, int maxRadix = 16, double radix16Cost = 0);

} // namespace clfft_ng
