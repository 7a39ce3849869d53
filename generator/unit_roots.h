// The roots of unity every table and codelet is built from, computed one way: in long double,
// the exponent reduced modulo n before scaling so that the argument stays in [0, 2 pi), rounded
// to the kernel's precision only when printed or uploaded.
#pragma once

#include <cmath>
#include <complex>
#include <cstddef>
#include <vector>

namespace clfft_ng {

constexpr long double kPi = 3.141592653589793238462643383279502884L;

// exp(-2 pi i e / n).
inline std::complex<long double> unitRoot(std::size_t e, std::size_t n)
{
    const long double angle = -2.0L * kPi * static_cast<long double>(e % n) / static_cast<long double>(n);
    return {std::cos(angle), std::sin(angle)};
}

// Roots exp(-2 pi i e / n) for e < count from two tables of about sqrt(count) entries each,
// W^e = lo[e mod L] * hi[e / L]: a table of count entries would not fit for count = 2^28, and
// the product adds only one rounding to two correctly rounded factors. L:
inline std::size_t twoLevelSplit(std::size_t count)
{
    std::size_t L = 1;
    while (L * L < count)
        ++L;
    return L;
}

// Appends lo (L entries) then hi (ceil(count / L) entries).
inline void appendTwoLevelRoots(std::vector<std::complex<long double>>& table, std::size_t count, std::size_t n)
{
    const std::size_t L = twoLevelSplit(count);
    for (std::size_t e = 0; e < L; ++e)
        table.push_back(unitRoot(e, n));
    for (std::size_t h = 0; h * L < count; ++h)
        table.push_back(unitRoot(h * L, n));
}

} // namespace clfft_ng
