#include "measure.h"

#include "executor.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace clfft_ng {

namespace {

constexpr double kSampleMs = 2.0;   // a sample runs a plan at least this long ...
constexpr std::size_t kMaxRepeats = 256; // ... repeating it at most this often

bool planar(clfftLayout l) { return l == CLFFT_COMPLEX_PLANAR || l == CLFFT_HERMITIAN_PLANAR; }

double now()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct Scratch {
    std::vector<MemRef> in, out;
    std::vector<cl_mem> inRaw, outRaw;
};

bool allocate(const PlanSettings& s, cl_command_queue queue, Scratch* b)
{
    std::size_t inBytes = 0, outBytes = 0;
    if (!planBufferBytes(s, &inBytes, &outBytes))
        return false;
    auto make = [&](std::size_t bytes, std::vector<MemRef>* refs, std::vector<cl_mem>* raw) {
        cl_int err = CL_SUCCESS;
        MemRef m(clCreateBuffer(s.context.get(), CL_MEM_READ_WRITE, bytes, nullptr, &err));
        if (err != CL_SUCCESS)
            return false;
        // Zeros: defined data, and no denormals to slow one candidate and not another.
        const cl_float zero = 0;
        if (clEnqueueFillBuffer(queue, m.get(), &zero, sizeof zero, 0, bytes, 0, nullptr, nullptr) != CL_SUCCESS)
            return false;
        raw->push_back(m.get());
        refs->push_back(std::move(m));
        return true;
    };
    for (int i = 0; i < (planar(s.inLayout) ? 2 : 1); ++i)
        if (!make(inBytes, &b->in, &b->inRaw))
            return false;
    if (s.placement == CLFFT_OUTOFPLACE)
        for (int i = 0; i < (planar(s.outLayout) ? 2 : 1); ++i)
            if (!make(outBytes, &b->out, &b->outRaw))
                return false;
    return clFinish(queue) == CL_SUCCESS;
}

} // namespace

std::vector<PlanTiming> timeBakedPlans(const PlanSettings& s, cl_device_id device,
                                       std::vector<std::unique_ptr<BakedPlan>>& plans, int rounds)
{
    cl_int err = CL_SUCCESS;
    // Not the client's queue: it may hold work that waits on the client's own events.
    QueueRef queue(clCreateCommandQueue(s.context.get(), device, 0, &err));
    if (err != CL_SUCCESS)
        return {};
    Scratch buffers;
    if (!allocate(s, queue.get(), &buffers))
        return {};

    // Each candidate runs as a plan of its own with the client's settings.
    std::vector<std::unique_ptr<Plan>> runners;
    for (auto& baked : plans) {
        runners.push_back(std::make_unique<Plan>());
        runners.back()->settings = s;
        runners.back()->baked = std::move(baked);
    }
    EnqueueRequest rq;
    rq.direction = CLFFT_FORWARD;
    rq.queue = queue.get();
    rq.inputs = buffers.inRaw.data();
    rq.outputs = buffers.outRaw.empty() ? nullptr : buffers.outRaw.data();
    auto run = [&](Plan& p, std::size_t times) {
        const double start = now();
        for (std::size_t i = 0; i < times; ++i)
            enqueuePlan(p, rq);
        if (clFinish(queue.get()) != CL_SUCCESS)
            throw StatusError{CLFFT_INVALID_OPERATION};
        return (now() - start) / static_cast<double>(times);
    };

    std::vector<std::size_t> repeats(runners.size(), 0); // 0: the candidate failed
    for (std::size_t i = 0; i < runners.size(); ++i) {
        try {
            run(*runners[i], 1); // warm-up: scratch allocation, first-touch, lazy compilation
            const double once = run(*runners[i], 1);
            repeats[i] = std::clamp<std::size_t>(static_cast<std::size_t>(std::ceil(kSampleMs / std::max(once, 1e-3))),
                                                 1, kMaxRepeats);
        } catch (const StatusError&) {
            clFinish(queue.get());
        }
    }
    std::vector<std::vector<double>> samples(runners.size());
    for (int r = 0; r < rounds; ++r)
        for (std::size_t i = 0; i < runners.size(); ++i) {
            if (!repeats[i])
                continue;
            try {
                samples[i].push_back(run(*runners[i], repeats[i]));
            } catch (const StatusError&) {
                repeats[i] = 0;
                clFinish(queue.get());
            }
        }

    std::vector<PlanTiming> timings(runners.size());
    for (std::size_t i = 0; i < runners.size(); ++i) {
        auto& v = samples[i];
        if (repeats[i] && !v.empty()) {
            std::sort(v.begin(), v.end());
            timings[i].median = v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
            timings[i].fastest = v.front();
        }
        // The scratch this queue used goes with the queue.
        runners[i]->baked->scratch.erase(queue.get());
        plans[i] = std::move(runners[i]->baked);
    }
    return timings;
}

} // namespace clfft_ng
