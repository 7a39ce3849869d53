#include "factorize.h"

#include <algorithm>
#include <functional>
#include <map>

namespace clfft_ng {

bool isPrimeRadix(int radix)
{
    if (radix < 2 || radix > kMaxPrimeRadix)
        return false;
    for (int d = 2; d * d <= radix; ++d)
        if (radix % d == 0)
            return false;
    return true;
}

bool hasFactorsUpTo(std::size_t n, int largestPrime)
{
    if (n == 0)
        return false;
    for (std::size_t p = 2; p <= static_cast<std::size_t>(largestPrime) && p <= n; ++p)
        while (n % p == 0)
            n /= p;
    return n == 1;
}

bool hasCodeletFactors(std::size_t n) { return hasFactorsUpTo(n, kMaxPrimeRadix); }

namespace {

struct Best {
    double cost;
    std::vector<int> radices;
};

const Best& bestFactorisation(std::size_t n, int maxRadix, double radix16Cost, std::map<std::size_t, Best>& memo)
{
    auto it = memo.find(n);
    if (it != memo.end())
        return it->second;
    Best best{n == 1 ? 0.0 : 1e300, {}};
    for (int r = kMaxPrimeRadix; r >= 2; --r) {
        // composites up to 16 (up to maxRadix); a prime however large (it has no other radix)
        const bool prime = isPrimeRadix(r);
        if (n % static_cast<std::size_t>(r) != 0 || (r > 16 && !prime) || (r > maxRadix && !(prime && r >= 11)))
            continue;
        const Best& rest = bestFactorisation(n / static_cast<std::size_t>(r), maxRadix, radix16Cost, memo);
        const double cost = rest.cost + radixPassCost(r, radix16Cost);
        if (cost < best.cost - 1e-9) {
            best.cost = cost;
            best.radices = rest.radices;
            best.radices.push_back(r);
        }
    }
    return memo.emplace(n, best).first->second;
}

} // namespace

std::vector<int> chooseRadices(std::size_t n, int maxRadix, double radix16Cost)
{
    std::map<std::size_t, Best> memo;
    std::vector<int> radices = bestFactorisation(n, maxRadix, radix16Cost, memo).radices;
    std::stable_sort(radices.begin(), radices.end(), std::greater<int>());
    return radices;
}

} // namespace clfft_ng
