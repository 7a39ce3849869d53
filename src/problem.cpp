#include "problem.h"

namespace clfft_ng {

std::size_t Problem::transformPoints() const
{
    std::size_t n = 1;
    for (const IoDim& d : dims)
        n *= d.n;
    return n;
}

} // namespace clfft_ng
