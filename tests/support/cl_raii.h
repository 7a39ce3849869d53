// Owners for what the test programs create (a plan, a device buffer), released at scope exit even
// when a BOOST_REQUIRE ends the case early; the check that a clFFT call succeeded; a plan set up
// as the numerical suites describe their cases.
#pragma once

#include <clFFT.h>

#include <boost/test/unit_test.hpp>

#include "test_env.h"

#include <cstddef>
#include <utility>
#include <vector>

// Ends the test case (a Boost.Test requirement) when a clFFT call fails, naming the call.
#define REQUIRE_CLFFT_SUCCESS(expr)                                                                   \
    do {                                                                                              \
        const clfftStatus st_ = (expr);                                                               \
        BOOST_REQUIRE_MESSAGE(st_ == CLFFT_SUCCESS, #expr " returned " << int(st_));                   \
    } while (0)

namespace clfft_test {

// A plan handle the test owns: destroyed at scope exit when set.
struct ScopedPlan {
    clfftPlanHandle h = 0;
    ScopedPlan() = default;
    ScopedPlan(const ScopedPlan&) = delete;
    ScopedPlan& operator=(const ScopedPlan&) = delete;
    ~ScopedPlan()
    {
        if (h)
            clfftDestroyPlan(&h);
    }
};

// A cl_mem the test owns: released at scope exit when set.
struct ScopedBuffer {
    cl_mem mem = nullptr;
    ScopedBuffer() = default;
    explicit ScopedBuffer(cl_mem m) : mem(m) {}
    // A new buffer of the test context (ClEnv::buffer: a copy of `host` when given).
    explicit ScopedBuffer(std::size_t bytes, const void* host = nullptr) : mem(ClEnv::get().buffer(bytes, host)) {}
    ScopedBuffer(const ScopedBuffer&) = delete;
    ScopedBuffer& operator=(const ScopedBuffer&) = delete;
    ScopedBuffer(ScopedBuffer&& o) noexcept : mem(o.mem) { o.mem = nullptr; }
    ScopedBuffer& operator=(ScopedBuffer&& o) noexcept
    {
        std::swap(mem, o.mem);
        return *this;
    }
    ~ScopedBuffer()
    {
        if (mem)
            clReleaseMemObject(mem);
    }
};

// A plan of `lengths` (clFFT order) in the test context, with everything but strides, distances,
// scales and callbacks set.
inline void createPlanFor(ScopedPlan& plan, std::vector<std::size_t> lengths, clfftPrecision precision,
                          clfftLayout in, clfftLayout out, bool inPlace, std::size_t batch)
{
    const clfftDim dim = clfftDim(lengths.size());
    REQUIRE_CLFFT_SUCCESS(clfftCreateDefaultPlan(&plan.h, ClEnv::get().context, dim, lengths.data()));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanPrecision(plan.h, precision));
    REQUIRE_CLFFT_SUCCESS(clfftSetLayout(plan.h, in, out));
    REQUIRE_CLFFT_SUCCESS(clfftSetResultLocation(plan.h, inPlace ? CLFFT_INPLACE : CLFFT_OUTOFPLACE));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanBatchSize(plan.h, batch));
}

// Strides (one per dimension) and distances of both sides.
inline void setPlanStrides(const ScopedPlan& plan, std::vector<std::size_t> in, std::vector<std::size_t> out,
                           std::size_t inDist, std::size_t outDist)
{
    const clfftDim dim = clfftDim(in.size());
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanInStride(plan.h, dim, in.data()));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanOutStride(plan.h, dim, out.data()));
    REQUIRE_CLFFT_SUCCESS(clfftSetPlanDistance(plan.h, inDist, outDist));
}

} // namespace clfft_test
