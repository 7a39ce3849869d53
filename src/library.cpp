#include "library.h"
#include "multi_device.h"
#include "tiering.h"

#include <cstdlib>
#include <vector>

namespace clfft_ng {

Library& Library::get()
{
    static Library* instance = new Library(); // intentionally never deleted, see header
    return *instance;
}

clfftPlanHandle Library::add(std::shared_ptr<Plan> plan)
{
    std::lock_guard<std::mutex> lock(mutex_);
    const clfftPlanHandle h = next_++;
    plans_.emplace(h, std::move(plan));
    return h;
}

std::shared_ptr<Plan> Library::find(clfftPlanHandle handle) const
{
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = plans_.find(handle);
    return it == plans_.end() ? nullptr : it->second;
}

std::shared_ptr<Plan> Library::remove(clfftPlanHandle handle)
{
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = plans_.find(handle);
    if (it == plans_.end())
        return nullptr;
    std::shared_ptr<Plan> plan = std::move(it->second);
    plans_.erase(it);
    return plan;
}

void Library::teardown()
{
    std::map<clfftPlanHandle, std::shared_ptr<Plan>> doomed;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        doomed.swap(plans_);
    }
    doomed.clear(); // releases kernels, buffers and contexts of every plan
    cancelBackgroundCompiles(); // waits for the compile in flight, if any
    releaseXtDescriptors();
    programs_.clear();
}

} // namespace clfft_ng
