// What every C entry point does around its body (api.cpp, xt_api.cpp): internal errors become a
// clfftStatus, a plan handle becomes its locked plan, C enums are read as raw integers.
#pragma once

#include "library.h"

#include <clFFT.h>

#include <cstring>
#include <memory>
#include <mutex>
#include <new>

namespace clfft_ng {

// No exception crosses the C boundary.
template <typename F>
clfftStatus guarded(F&& body) noexcept
{
    try {
        return body();
    } catch (const StatusError& e) {
        return static_cast<clfftStatus>(e.status);
    } catch (const std::bad_alloc&) {
        return CLFFT_OUT_OF_HOST_MEMORY;
    } catch (...) {
        return CLFFT_BUGCHECK;
    }
}

// Runs body(plan) with the plan's lock held, or returns CLFFT_INVALID_PLAN.
template <typename F>
clfftStatus withPlan(clfftPlanHandle handle, F&& body) noexcept
{
    return guarded([&]() -> clfftStatus {
        std::shared_ptr<Plan> plan = Library::get().find(handle);
        if (!plan)
            return CLFFT_INVALID_PLAN;
        std::lock_guard<std::mutex> lock(plan->mutex);
        return body(*plan);
    });
}

// Enum arguments come from C callers and may hold any int. Reading them as the enum type
// would be undefined for values outside its range (UBSan says so), so they are read as raw
// integers through their bytes before validation.
template <typename E>
int raw(const E& e)
{
    static_assert(sizeof(E) == sizeof(int), "C enums are int-sized");
    int v = 0;
    std::memcpy(&v, &e, sizeof v);
    return v;
}

} // namespace clfft_ng
