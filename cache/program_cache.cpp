#include "program_cache.h"

#include <vector>

namespace clfft_ng {

namespace {

std::string buildLogOf(cl_program program, cl_device_id device)
{
    std::size_t size = 0;
    if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) != CL_SUCCESS || size == 0)
        return {};
    std::vector<char> log(size + 1, '\0');
    clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    return std::string(log.data());
}

} // namespace

ProgramCache::Result ProgramCache::get(cl_context context, cl_device_id device, const std::string& source,
                                       const std::string& options)
{
    std::shared_ptr<Entry> entry;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto& slot = entries_[Key(context, device, options, source)];
        if (!slot)
            slot = std::make_shared<Entry>();
        entry = slot;
    }
    std::lock_guard<std::mutex> lock(entry->mutex);
    if (!entry->done || entry->status != CL_SUCCESS) {
        const char* text = source.c_str();
        const std::size_t length = source.size();
        cl_int err = CL_SUCCESS;
        ProgramRef program(clCreateProgramWithSource(context, 1, &text, &length, &err));
        if (err == CL_SUCCESS) {
            {
                std::lock_guard<std::mutex> count(mutex_);
                ++builds_;
            }
            err = clBuildProgram(program.get(), 1, &device, options.c_str(), nullptr, nullptr);
            if (err != CL_SUCCESS)
                entry->buildLog = buildLogOf(program.get(), device);
        }
        entry->status = err;
        entry->program = err == CL_SUCCESS ? program : ProgramRef();
        entry->done = true;
    }
    Result r;
    r.status = entry->status;
    r.program = entry->program;
    r.buildLog = entry->buildLog;
    return r;
}

void ProgramCache::clear()
{
    std::lock_guard<std::mutex> lock(mutex_);
    entries_.clear();
}

std::size_t ProgramCache::buildCount() const
{
    std::lock_guard<std::mutex> lock(mutex_);
    return builds_;
}

} // namespace clfft_ng
