// The C entry points of tiering (include/clFFT-ng.h, docs/cache.md "Tiers").
#include "api_guard.h"
#include "library.h"
#include "plan.h"
#include "tiering.h"

#include <clFFT-ng.h>

using namespace clfft_ng;

extern "C" {

CLFFTAPI clfftStatus clfftNgSetPlanTiering(clfftPlanHandle plHandle, clfftNgTiering mode)
{
    const int m = raw(mode);
    if (m < CLFFT_NG_TIER_AUTO || m > CLFFT_NG_TIER_GENERIC_ONLY)
        return Library::get().find(plHandle) ? CLFFT_INVALID_ARG_VALUE : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (p.settings.tiering != m)
            p.invalidate();
        p.settings.tiering = m;
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgGetPlanTiering(const clfftPlanHandle plHandle, clfftNgTiering* mode)
{
    if (!mode)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        *mode = static_cast<clfftNgTiering>(static_cast<int>(tierModeOf(p.settings)));
        return CLFFT_SUCCESS;
    });
}

CLFFTAPI clfftStatus clfftNgGetPlanTier(const clfftPlanHandle plHandle, clfftNgTiering* tier)
{
    if (!tier)
        return Library::get().find(plHandle) ? CLFFT_INVALID_HOST_PTR : CLFFT_INVALID_PLAN;
    return withPlan(plHandle, [&](Plan& p) -> clfftStatus {
        if (!p.baked && !p.multi)
            return CLFFT_INVALID_OPERATION;
        *tier = p.generic ? CLFFT_NG_TIER_GENERIC_ONLY : CLFFT_NG_TIER_SPECIALIZED_ONLY;
        return CLFFT_SUCCESS;
    });
}

} // extern "C"
