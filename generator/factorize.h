// Choice of Stockham radices for a length.
#pragma once

#include <cstddef>
#include <vector>

namespace clfft_ng {

// True when every prime factor of n is 2, 3, 5, 7, 11 or 13 (n >= 1).
bool hasCodeletFactors(std::size_t n);

// Radices whose product is n, in pass order; empty for n == 1. Requires hasCodeletFactors(n).
// Powers of two go in as few passes as radix 16 allows, split evenly (2^9 = 8*8*8, not
// 16*16*2: equal radices balance the work per work-item); 3^2 pairs become radix 9; 5, 7,
// 11 and 13 stay as they are. The largest radix goes first: it fixes the work-items per
// transform, and the first pass reads global memory where wide butterflies coalesce best.
std::vector<int> chooseRadices(std::size_t n);

} // namespace clfft_ng
