// The roots of unity every table and codelet is built from, computed one way: in long double,
// the exponent reduced modulo n before scaling so that the argument stays in [0, 2 pi), rounded
// to the kernel's precision only when printed or uploaded.
#pragma once

#include <cmath>
#include <complex>
#include <cstddef>
#include <utility>
#include <vector>

namespace clfft_ng {

constexpr long double kPi = 3.141592653589793238462643383279502884L;

// exp(-2 pi i e / n). The angle is first folded into [0, pi/4] by the circle's symmetries, in
// integers (eighths of a turn are whole multiples of 1/(8n)): a smaller argument is more
// accurate, and cheaper, since the library's long double sine then skips its own reduction
// (tables of a Bluestein plan take about 25,000 roots at each bake).
inline std::complex<long double> unitRoot(std::size_t e, std::size_t n)
{
    const std::size_t full = 8 * n; // the angle is 2 pi E / full
    std::size_t E = 8 * (e % n);
    const bool lowerHalf = E > full / 2; // 2 pi - x: the sine changes sign
    if (lowerHalf)
        E = full - E;
    const bool secondQuarter = E > full / 4; // pi - x: the cosine changes sign
    if (secondQuarter)
        E = full / 2 - E;
    const bool secondEighth = E > full / 8; // pi/2 - x: cosine and sine trade places
    if (secondEighth)
        E = full / 4 - E;
    const long double x = 2.0L * kPi * static_cast<long double>(E) / static_cast<long double>(full);
    long double c = std::cos(x), s = std::sin(x);
    if (secondEighth)
        std::swap(c, s);
    if (secondQuarter)
        c = -c;
    if (lowerHalf)
        s = -s;
    return {c, -s};
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

// The two tables above. The kernels take the tables (appendTwoLevelRoots); the host's own long
// tables (a Bluestein chirp and spectrum) take their products here: 2 sqrt(n) sines instead of n,
// for one more rounding in long double (2^-64), far below what the kernels keep.
class TwoLevelRoots {
public:
    // `split` is L; a kernel may want another than twoLevelSplit's (a multiple of its vectors).
    TwoLevelRoots(std::size_t count, std::size_t n, std::size_t split) : L_(split)
    {
        lo_.reserve(L_);
        hi_.reserve((count + L_ - 1) / L_);
        for (std::size_t e = 0; e < L_; ++e)
            lo_.push_back(unitRoot(e, n));
        for (std::size_t h = 0; h * L_ < count; ++h)
            hi_.push_back(unitRoot(h * L_, n));
    }
    TwoLevelRoots(std::size_t count, std::size_t n) : TwoLevelRoots(count, n, twoLevelSplit(count)) {}
    explicit TwoLevelRoots(std::size_t n) : TwoLevelRoots(n, n) {}
    // e < count.
    std::complex<long double> operator()(std::size_t e) const
    {
        const std::complex<long double>&a = lo_[e % L_], &b = hi_[e / L_];
        if (e % L_ == 0)
            return b;
        // Written out: std::complex's operator* calls __mulxc3 for long double.
        return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
    }
    const std::vector<std::complex<long double>>& lo() const { return lo_; }
    const std::vector<std::complex<long double>>& hi() const { return hi_; }

private:
    std::size_t L_;
    std::vector<std::complex<long double>> lo_, hi_;
};

// Appends lo (L entries) then hi (ceil(count / L) entries); L = `split`, by default twoLevelSplit's.
inline void appendTwoLevelRoots(std::vector<std::complex<long double>>& table, std::size_t count, std::size_t n,
                                std::size_t split = 0)
{
    const TwoLevelRoots roots(count, n, split ? split : twoLevelSplit(count));
    table.insert(table.end(), roots.lo().begin(), roots.lo().end());
    table.insert(table.end(), roots.hi().begin(), roots.hi().end());
}

} // namespace clfft_ng
