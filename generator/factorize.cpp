#include "factorize.h"

#include <algorithm>
#include <functional>
#include <map>

namespace clfft_ng {

bool hasCodeletFactors(std::size_t n)
{
    if (n == 0)
        return false;
    for (std::size_t p : {2, 3, 5, 7, 11, 13})
        while (n % p == 0)
            n /= p;
    return n == 1;
}

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
    for (int r = 16; r >= 2; --r) {
        if (n % static_cast<std::size_t>(r) != 0 || (r > maxRadix && r != 11 && r != 13))
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
