#include "factorize.h"

#include <algorithm>
#include <functional>

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

std::vector<int> chooseRadices(std::size_t n)
{
    std::vector<int> radices;
    int e2 = 0, e3 = 0;
    while (n % 2 == 0) { n /= 2; ++e2; }
    while (n % 3 == 0) { n /= 3; ++e3; }
    if (e2 > 0) {
        const int passes = (e2 + 3) / 4;
        for (int i = 0; i < passes; ++i) {
            const int bits = e2 / passes + (i < e2 % passes ? 1 : 0);
            radices.push_back(1 << bits);
        }
    }
    for (; e3 >= 2; e3 -= 2)
        radices.push_back(9);
    if (e3 == 1)
        radices.push_back(3);
    for (int p : {5, 7, 11, 13})
        while (n % static_cast<std::size_t>(p) == 0) {
            n /= static_cast<std::size_t>(p);
            radices.push_back(p);
        }
    std::stable_sort(radices.begin(), radices.end(), std::greater<int>());
    return radices;
}

} // namespace clfft_ng
