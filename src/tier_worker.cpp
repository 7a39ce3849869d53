// The AUTO tier's background compiles (tier_worker.h): the workers, the adoption of their result
// at a later enqueue, cancellation at exit.
#include "tier_worker.h"

#include "tiering.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace clfft_ng {

namespace {

std::atomic<std::size_t> failedCompiles{0};

// The background compiles: CLFFT_NG_COMPILE_THREADS workers (default 1), started at the first
// job, detached; never destroyed, so that a job still running at exit has its pool.
class CompileWorkers {
public:
    static CompileWorkers& get()
    {
        static CompileWorkers* instance = new CompileWorkers();
        return *instance;
    }

    void submit(std::shared_ptr<TierJob> job)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        jobs_.push_back(std::move(job));
        if (threads_ < limit_) {
            std::thread(&CompileWorkers::work, this).detach();
            ++threads_;
        }
        wake_.notify_one();
    }

    void cancelAndWait()
    {
        std::unique_lock<std::mutex> lock(mutex_);
        for (const std::shared_ptr<TierJob>& job : jobs_)
            finish(*job, TierJob::State::Cancelled);
        jobs_.clear();
        idle_.wait(lock, [this] { return running_ == 0; });
    }

private:
    CompileWorkers()
    {
        const char* v = std::getenv("CLFFT_NG_COMPILE_THREADS");
        const long n = v ? std::strtol(v, nullptr, 10) : 1;
        limit_ = n >= 1 && n <= 64 ? static_cast<std::size_t>(n) : 1;
        // A compile still running at exit would race the runtime's own teardown.
        std::atexit([] { CompileWorkers::get().cancelAndWait(); });
    }

    static void finish(TierJob& job, TierJob::State state)
    {
        std::lock_guard<std::mutex> lock(job.mutex);
        if (job.state == TierJob::State::Pending || job.state == TierJob::State::Running)
            job.state = state;
        if (job.queue) {
            clReleaseCommandQueue(job.queue);
            job.queue = nullptr;
        }
    }

    void work()
    {
        std::unique_lock<std::mutex> lock(mutex_);
        for (;;) {
            wake_.wait(lock, [this] { return !jobs_.empty(); });
            std::shared_ptr<TierJob> job = std::move(jobs_.front());
            jobs_.pop_front();
            bool start = false;
            {
                std::lock_guard<std::mutex> jobLock(job->mutex);
                start = job->state == TierJob::State::Pending;
                if (start)
                    job->state = TierJob::State::Running;
            }
            if (!start) { // cancelled by its plan's destruction: only its queue to release
                finish(*job, TierJob::State::Cancelled);
                continue;
            }
            ++running_;
            lock.unlock();
            run(*job);
            lock.lock();
            --running_;
            idle_.notify_all();
        }
    }

    static void run(TierJob& job)
    {
        // The specialized bake of the same settings, as a plan of its own: the client's plan is
        // never touched here, only at its next enqueue (adoptSpecialized).
        Plan twin;
        twin.services = job.services;
        twin.settings = job.settings;
        twin.settings.tiering = static_cast<int>(TierMode::SpecializedOnly);
        twin.settings.background = true;
        const auto t0 = std::chrono::steady_clock::now();
        bool ok = false;
        try {
            bakePlan(twin, job.queue);
            ok = twin.baked != nullptr;
        } catch (...) {
            ok = false;
        }
        if (!ok)
            ++failedCompiles;
        {
            std::lock_guard<std::mutex> lock(job.mutex);
            job.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
            if (job.state == TierJob::State::Running && ok)
                job.result = std::move(twin.baked);
        }
        finish(job, ok ? TierJob::State::Done : TierJob::State::Failed);
    }

    std::mutex mutex_;
    std::condition_variable wake_, idle_;
    std::deque<std::shared_ptr<TierJob>> jobs_;
    std::size_t limit_ = 1, threads_ = 0, running_ = 0;
};

} // namespace

void submitTierJob(std::shared_ptr<TierJob> job)
{
    CompileWorkers::get().submit(std::move(job));
}

bool takesBackgroundCalls(cl_device_id device)
{
    cl_platform_id platform = nullptr;
    char name[256] = {0};
    if (clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr) != CL_SUCCESS ||
        clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof name - 1, name, nullptr) != CL_SUCCESS)
        return false;
    return std::strstr(name, "Oclgrind") == nullptr;
}

bool adoptSpecialized(Plan& plan)
{
    GenericBake& g = *plan.generic;
    if (!g.job)
        return false;
    std::unique_ptr<BakedPlan> specialized;
    double ms = 0;
    {
        std::lock_guard<std::mutex> lock(g.job->mutex);
        if (g.job->state == TierJob::State::Failed) {
            plan.baked->explanation += "tier: the background compile of the specialized kernels failed; generic kept\n";
            g.job.reset();
            return false;
        }
        if (g.job->state != TierJob::State::Done || !g.job->result)
            return false;
        specialized = std::move(g.job->result);
        ms = g.job->milliseconds;
    }
    char text[96];
    std::snprintf(text, sizeof text, "tier: specialized (auto: compiled in the background in %.0f ms)\n", ms);
    specialized->explanation = text + specialized->explanation;
    // Kernels already enqueued keep the generic buffers alive until they complete (OpenCL
    // releases a buffer once no command uses it).
    plan.baked = std::move(specialized);
    plan.generic.reset();
    return true;
}


GenericBake::~GenericBake()
{
    if (job) {
        std::lock_guard<std::mutex> lock(job->mutex);
        if (job->state == TierJob::State::Pending)
            job->state = TierJob::State::Cancelled;
    }
}

void cancelBackgroundCompiles()
{
    CompileWorkers::get().cancelAndWait();
}

std::size_t backgroundCompileFailures()
{
    return failedCompiles.load();
}

} // namespace clfft_ng
