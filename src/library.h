// Library-wide state: the handle table, the program cache and the debug flags.
#pragma once

#include "plan.h"
#include "program_cache.h"
#include "wisdom.h"

#include <clFFT.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace clfft_ng {

class Library {
public:
    // Never destroyed: releasing OpenCL objects from a static destructor at process exit can
    // run after the ICD loader is gone. clfftTeardown releases everything explicitly.
    static Library& get();

    clfftPlanHandle add(std::shared_ptr<Plan> plan);
    std::shared_ptr<Plan> find(clfftPlanHandle handle) const; // null when unknown
    std::shared_ptr<Plan> remove(clfftPlanHandle handle);     // null when unknown

    // Destroys every plan and drops every cached program.
    void teardown();

    ProgramCache& programs() { return programs_; }
    // Measured plan choices (wisdom.h): kept across clfftTeardown, as FFTW keeps its wisdom
    // until forgotten.
    WisdomStore& wisdom() { return wisdom_; }
    cl_ulong debugFlags() const { return debugFlags_.load(); }
    void setDebugFlags(cl_ulong flags) { debugFlags_.store(flags); }
    // What each plan's bake takes from the library (plan.h): given to every plan it creates.
    BakeServices bakeServices() { return BakeServices{&programs_, &wisdom_, &debugFlags_}; }

private:
    Library() = default;
    mutable std::mutex mutex_;
    std::map<clfftPlanHandle, std::shared_ptr<Plan>> plans_;
    clfftPlanHandle next_ = 1;
    ProgramCache programs_;
    WisdomStore wisdom_;
    std::atomic<cl_ulong> debugFlags_{0};
};

// The extensions' text protocol: text as a NUL-terminated string in out[0..size), *needed
// (optional) the size that holds all of it; CLFFT_INVALID_VALUE when size is too small (out
// then holds as much as fits). The caller has checked out != NULL when size > 0.
inline clfftStatus copyTextOut(const std::string& text, char* out, std::size_t size, std::size_t* needed)
{
    if (needed)
        *needed = text.size() + 1;
    if (size == 0)
        return CLFFT_SUCCESS;
    const std::size_t n = std::min(size - 1, text.size());
    std::memcpy(out, text.data(), n);
    out[n] = '\0';
    return n == text.size() ? CLFFT_SUCCESS : CLFFT_INVALID_VALUE;
}

} // namespace clfft_ng
