// Library-wide state: the handle table, the program cache and the debug flags.
#pragma once

#include "plan.h"
#include "program_cache.h"

#include <clFFT.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>

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
    cl_ulong debugFlags() const { return debugFlags_.load(); }
    void setDebugFlags(cl_ulong flags) { debugFlags_.store(flags); }

private:
    Library() = default;
    mutable std::mutex mutex_;
    std::map<clfftPlanHandle, std::shared_ptr<Plan>> plans_;
    clfftPlanHandle next_ = 1;
    ProgramCache programs_;
    std::atomic<cl_ulong> debugFlags_{0};
};

} // namespace clfft_ng
