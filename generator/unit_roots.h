// The roots of unity every table and codelet is built from, computed one way: in long double,
// the exponent reduced modulo n before scaling so that the argument stays in [0, 2 pi), rounded
// to the kernel's precision only when printed or uploaded.
#pragma once

#include <cmath>
#include <complex>
#include <cstddef>

namespace clfft_ng {

constexpr long double kPi = 3.141592653589793238462643383279502884L;

// exp(-2 pi i e / n).
inline std::complex<long double> unitRoot(std::size_t e, std::size_t n)
{
    const long double angle = -2.0L * kPi * static_cast<long double>(e % n) / static_cast<long double>(n);
    return {std::cos(angle), std::sin(angle)};
}

} // namespace clfft_ng
