// The AUTO tier's background compiles (docs/cache.md, "Tiers"): the job a plan's generic tier leaves for
// the workers, and what the generic tier's bake and enqueue (tiering.cpp) ask of them.
#pragma once

#include "plan.h"

#include <memory>
#include <mutex>

namespace clfft_ng {

struct TierJob {
    std::mutex mutex;
    enum class State { Pending, Running, Done, Failed, Cancelled } state = State::Pending;
    PlanSettings settings; // the plan's, as baked (its context retained)
    BakeServices services;
    cl_command_queue queue = nullptr; // retained until the job ends
    std::unique_ptr<BakedPlan> result;
    double milliseconds = 0;
};

// Queues the specialized bake on the CLFFT_NG_COMPILE_THREADS workers (started at the first job).
void submitTierJob(std::shared_ptr<TierJob> job);

// Oclgrind (21.10) crashes when two host threads call it at once: no background bakes there.
bool takesBackgroundCalls(cl_device_id device);

// The specialized bake finished in the background replaces the generic tier (plan mutex held,
// between two transforms). True when it did.
bool adoptSpecialized(Plan& plan);

} // namespace clfft_ng
