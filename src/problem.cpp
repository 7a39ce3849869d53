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

namespace clfft_ng {

bool Problem::hasRanges() const
{
    for (const std::vector<PointRange>* side : {&zeroIn, &skipOut})
        for (const PointRange& r : *side)
            if (r.present())
                return true;
    return false;
}

} // namespace clfft_ng
