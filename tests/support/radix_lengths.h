// Lengths whose prime factors the generator's radices cover (2, 3, 5, 7, 11, 13): each takes one
// small kernel of the radix passes, no Rader or Bluestein.
#pragma once

#include <cstddef>
#include <initializer_list>

namespace clfft_test {

inline bool radixLength(std::size_t n)
{
    for (std::size_t p : {2, 3, 5, 7, 11, 13})
        while (n % p == 0)
            n /= p;
    return n == 1;
}

} // namespace clfft_test
