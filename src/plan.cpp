// The bake: device limits, the plan (profile, candidate or measured), its kernels compiled and
// tables uploaded. Measured planning and wisdom: plan_measured.cpp; the settings' derived
// values: plan_settings.cpp; the environment: env_settings.h.
#include "plan.h"
#include "plan_bake.h"

#include "device_info.h"

#include "measure.h"
#include "env_settings.h"
#include "kernel_binding.h"
#include "plan_text.h"
#include "convolution.h"
#include "r2r.h"
#include "tiering.h"
#include "wisdom.h"
#include "program_cache.h"
#include "problem.h"
#include "generate.h"
#include "stage_kernels.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <system_error>
#include <thread>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <utility>

namespace clfft_ng {

bool isPoclCpu(cl_device_id device)
{
    if ((deviceInfo<cl_device_type>(device, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CPU) == 0)
        return false;
    std::size_t size = 0;
    if (clGetDeviceInfo(device, CL_DEVICE_VERSION, 0, nullptr, &size) != CL_SUCCESS || size == 0)
        return false;
    std::string version(size, '\0');
    if (clGetDeviceInfo(device, CL_DEVICE_VERSION, size, version.data(), nullptr) != CL_SUCCESS)
        return false;
    return version.find("PoCL") != std::string::npos || version.find("pocl") != std::string::npos;
}

namespace {

// PoCL's CPU drivers (3.x) keep one loaded kernel per build hash and work-group size for all
// their devices, and count its users by a lookup that ignores the grid size: the same kernel
// running at once on two devices with different grids corrupts the count, and a kernel in use
// is unloaded (crashes in test_multi_device). Programs of their own for each device of a queue
// array avoid the sharing.
bool sharesLoadedKernels(cl_device_id device) { return isPoclCpu(device); }

} // namespace

// Oclgrind (21.10) crashes when two host threads call it at once, though OpenCL requires its
// API to be thread-safe; bakes on it make their passes on one thread.
bool takesConcurrentCalls(cl_device_id device)
{
    cl_platform_id platform = nullptr;
    std::size_t size = 0;
    if (clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr) != CL_SUCCESS ||
        clGetPlatformInfo(platform, CL_PLATFORM_NAME, 0, nullptr, &size) != CL_SUCCESS || size == 0)
        return false;
    std::string name(size, '\0');
    if (clGetPlatformInfo(platform, CL_PLATFORM_NAME, size, name.data(), nullptr) != CL_SUCCESS)
        return false;
    return name.find("Oclgrind") == std::string::npos;
}

// The OpenCL C of one pass as compiled for the target.
std::string passSource(const BakeTarget& t, const PassPlan& pass)
{
    std::string source = generateKernelSource(pass.spec);
    if (t.replica > 0)
        source = "#define CLFFT_NG_REPLICA " + std::to_string(t.replica) + "\n" + source;
    return source;
}

// Runs tasks[0..n) on up to `workers` threads (this one among them), started in `order` (all
// of 0..n, or empty: in index order), and returns each task's exception, rethrown by the caller
// in task order so that failures read as in a serial bake.
std::vector<std::exception_ptr> runTasks(const std::vector<std::function<void()>>& tasks, std::size_t workers,
                                         const std::vector<std::size_t>& order)
{
    std::vector<std::exception_ptr> errors(tasks.size());
    std::atomic<std::size_t> next{0};
    auto work = [&]() noexcept {
        for (std::size_t n; (n = next.fetch_add(1)) < tasks.size();) {
            const std::size_t i = order.empty() ? n : order[n];
            try {
                tasks[i]();
            } catch (...) {
                errors[i] = std::current_exception();
            }
        }
    };
    std::vector<std::thread> threads;
    try {
        for (std::size_t w = 1; w < std::min(workers, tasks.size()); ++w)
            threads.emplace_back(work);
    } catch (const std::system_error&) {
        // fewer threads: this one takes the rest
    }
    work();
    for (std::thread& th : threads)
        th.join();
    return errors;
}


// Compiles the kernels of `exec` and uploads their tables. Null when a kernel does not fit the
// limits the plan was made for: *fit then says within which to plan again.
// `parallel`: the passes' programs (a PoCL binary load is 3-9 ms each even from the caches) and
// tables (a Bluestein spectrum is a long double FFT on the host) are made on several threads;
// measured bakes, which already build their candidates in parallel, pass false.
// `ready`: the passes' sources when the caller has made them (passSource for each pass).
std::unique_ptr<BakedPlan> buildPlan(const PlanSettings& s, const BakeTarget& t, const Problem& problem,
                                     const ExecutionPlan& exec, const std::string& header, KernelFit* fit,
                                     bool persist, bool parallel, const std::vector<std::string>* ready)
{
    ProgramCache& programCache = *t.services.programs;
    // A temporary buffer the device cannot allocate fails the bake, not a later enqueue.
    const cl_ulong maxAlloc = deviceInfo<cl_ulong>(t.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    if (exec.tmpBytes > maxAlloc || exec.tmp2Bytes > maxAlloc || exec.tmp3Bytes > maxAlloc ||
        exec.wideBytes > maxAlloc)
        throw StatusError{CLFFT_INVALID_BUFFER_SIZE};
    auto baked = std::make_unique<BakedPlan>();
    baked->device = t.device;
    baked->explanation = header + explainPlan(exec, problem);
    baked->inPlaceViaCopy = problem.inPlaceViaCopy;
    baked->tmpBytes = exec.tmpBytes;
    baked->tmp2Bytes = exec.tmp2Bytes;
    baked->tmp3Bytes = exec.tmp3Bytes;
    baked->wideBytes = exec.wideBytes;
    fit->workGroupSize = t.limits.maxWorkGroupSize;
    fit->localMemBytes = t.limits.localMemBytes;

    const std::size_t passes = exec.passes.size();
    // A pass the convolution may fuse away is built later, if at all (PlanSettings::deferPass);
    // plans that are timed build every pass.
    const std::size_t deferred = !persist || passes < 2 ? passes
                                 : s.deferPass < 0    ? passes - 1
                                 : s.deferPass > 0    ? 0
                                                      : passes;
    std::vector<std::string> sources = ready && ready->size() == passes ? *ready : std::vector<std::string>(passes);
    std::vector<ProgramCache::Result> programs(passes);
    std::vector<MemRef> tables(passes);
    std::vector<std::function<void()>> tasks;
    for (std::size_t i = 0; i < passes; ++i) {
        if (i == deferred) {
            tasks.emplace_back([] {});
            tasks.emplace_back([] {});
            continue;
        }
        tasks.emplace_back([&, i] {
            const PassPlan& pass = exec.passes[i];
            if (sources[i].empty())
                sources[i] = passSource(t, pass);
            if (t.dump)
                dumpProgram(pass.spec.kernelName(), sources[i]);
            // Binaries are saved below, on this thread: PoCL 3.1 can deadlock when a binary is
            // requested while another thread launches a kernel (docs/history/performance.md).
            programs[i] = programCache.get(s.context.get(), t.device, sources[i], kProgramBuildOptions, false);
        });
        tasks.emplace_back([&, i] { tables[i] = uploadTwiddles(s.context.get(), exec.passes[i].spec); });
    }
    // Tables that need a host FFT in long double (a Bluestein spectrum: 11 ms for 10007's) start
    // first: begun last, one made a warm bake of 10007 wait 10 ms for it after every program.
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < passes; ++i) {
        const KernelSpec& spec = exec.passes[i].spec;
        if (spec.kind == PassKind::Bluestein || spec.kind == PassKind::Rader || spec.fusedStep == FusedStep::Multiply)
            order.push_back(2 * i + 1);
    }
    // One pass too when its tables take a host FFT (4099: 12 ms, its program's load 15 ms);
    // other tables of one pass take under a millisecond, less than a second thread costs.
    const std::size_t workers = parallel && (passes > 1 || !order.empty()) && takesConcurrentCalls(t.device)
                                    ? std::max(1u, std::thread::hardware_concurrency())
                                    : 1;
    for (std::size_t i = 0; i < tasks.size(); ++i)
        if (std::find(order.begin(), order.end(), i) == order.end())
            order.push_back(i);
    const std::vector<std::exception_ptr> errors = runTasks(tasks, workers, order);

    for (std::size_t i = 0; i < passes; ++i) {
        const PassPlan& pass = exec.passes[i];
        if (errors[2 * i])
            std::rethrow_exception(errors[2 * i]);
        if (i == deferred) {
            BakedPass bp;
            bp.pass = pass;
            baked->passes.push_back(std::move(bp));
            continue;
        }
        const ProgramCache::Result& built = programs[i];
        if (built.status != CL_SUCCESS) {
            // The runtime out of memory while creating or building the program: that status,
            // as for every other OpenCL call (the source is fine; a later bake may work).
            if (built.status == CL_OUT_OF_HOST_MEMORY || built.status == CL_OUT_OF_RESOURCES ||
                built.status == CL_MEM_OBJECT_ALLOCATION_FAILURE)
                throw StatusError{built.status};
            // The compiler's log is how a client finds the mistake in its callback text.
            if (!t.quiet)
                std::fprintf(stderr, "clfft-ng: building kernel %s failed (status %d); compiler log:\n%s\n",
                             pass.spec.kernelName().c_str(), built.status, built.buildLog.c_str());
            throw StatusError{CLFFT_BUILD_PROGRAM_FAILURE};
        }
        // Replicas (PoCL CPU devices only) are left to PoCL's own kernel cache: a binary for our
        // disk cache would cost PoCL a second code generation per kernel.
        if (persist && t.replica == 0 && !s.background)
            programCache.get(s.context.get(), t.device, sources[i], kProgramBuildOptions, true);
        cl_int err = CL_SUCCESS;
        KernelRef kernel(clCreateKernel(built.program.get(), pass.spec.kernelName().c_str(), &err));
        if (err != CL_SUCCESS)
            throw StatusError{err};
        std::size_t groupLimit = 0;
        if (clGetKernelWorkGroupInfo(kernel.get(), t.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof groupLimit,
                                     &groupLimit, nullptr) == CL_SUCCESS &&
            groupLimit < pass.spec.workGroupSize())
            fit->workGroupSize = std::min(fit->workGroupSize, groupLimit);
        cl_ulong localBytes = 0;
        if (clGetKernelWorkGroupInfo(kernel.get(), t.device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof localBytes, &localBytes,
                                     nullptr) == CL_SUCCESS &&
            localBytes > t.limits.localMemBytes + t.localMemSlack) {
            // Plan again with the compiler's extra bytes (those beyond what the pass declares) left free.
            const std::size_t declared = pass.spec.localMemBytes();
            const std::size_t extra = localBytes > declared ? static_cast<std::size_t>(localBytes) - declared
                                                            : static_cast<std::size_t>(localBytes) - t.limits.localMemBytes;
            const std::size_t room = t.limits.localMemBytes > extra ? t.limits.localMemBytes - extra : 0;
            fit->localMemBytes = std::min(fit->localMemBytes, room);
        }
        if (errors[2 * i + 1])
            std::rethrow_exception(errors[2 * i + 1]);
        BakedPass bp;
        bp.pass = pass;
        bp.kernel = std::move(kernel);
        bp.twiddles = std::move(tables[i]);
        baked->passes.push_back(std::move(bp));
    }
    if (fit->workGroupSize < t.limits.maxWorkGroupSize || fit->localMemBytes < t.limits.localMemBytes)
        return nullptr;
    return baked;
}

namespace {

// The plan the specialized bake would take without measuring (wisdom's, else the profile's), with
// its header and its passes' sources.
struct CachedPlan {
    ExecutionPlan exec;
    std::string header;
    std::vector<std::string> sources;
};

// AUTO tiering: that plan (wisdom's, else the profile's with estimate rigor; a measured bake is
// not predicted) when every program of it is built in memory or on disk, so that baking it
// compiles nothing and the generic tier is not needed.
std::optional<CachedPlan> cachedSpecialized(const PlanSettings& s, const BakeTarget& t, const Problem& problem,
                                            Rigor rigor)
{
    CachedPlan cached;
    bool chosen = false;
    DeviceIdentity identity;
    if (measurable(problem) && queryDeviceIdentity(t.device, &identity))
        if (auto choice = wisdomChoice(t, problem, wisdomKey(problem, t.limits, identity))) {
            cached.exec = std::move(choice->first);
            cached.header = wisdomHeader(choice->second);
            chosen = true;
        }
    if (!chosen) {
        if (rigor != Rigor::Estimate && measurable(problem))
            return std::nullopt;
        try {
            cached.exec = planProblem(problem, t.limits);
        } catch (const StatusError&) {
            return std::nullopt; // the specialized bake reports it
        }
    }
    if (cached.exec.passes.empty())
        return std::nullopt;
    for (const PassPlan& pass : cached.exec.passes) {
        cached.sources.push_back(passSource(t, pass));
        if (!t.services.programs->available(s.context.get(), t.device, cached.sources.back(), kProgramBuildOptions))
            return std::nullopt;
    }
    return cached;
}

} // namespace

void bakePlan(Plan& plan, cl_command_queue queue)
{
    PlanSettings& s = plan.settings;
    if (!plan.services.programs || !plan.services.wisdom || !plan.services.debugFlags)
        throw StatusError{CLFFT_BUGCHECK}; // every plan gets the library's services at creation
    cl_device_id device = nullptr;
    cl_context queueContext = nullptr;
    if (clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, nullptr) != CL_SUCCESS ||
        clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof queueContext, &queueContext, nullptr) != CL_SUCCESS)
        throw StatusError{CLFFT_INVALID_COMMAND_QUEUE};
    if (queueContext != s.context.get())
        throw StatusError{CLFFT_INVALID_CONTEXT};

    if (s.convolution.set()) {
        bakeConvolution(plan, queue);
        return;
    }
    if (!s.r2rKinds.empty()) {
        for (std::size_t d = 0; d < 3; ++d) // not yet through the r2r stages (docs/zero-padding.md)
            if (s.zeroInput[d].present() || s.skipOutput[d].present())
                throw StatusError{CLFFT_NOTIMPLEMENTED};
        bakeR2R(plan, queue);
        return;
    }
    if (s.batch == 0) // accepted by the setter, as by clFFT 2.12, but there is nothing to plan
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const Problem problem = makeProblem(s);
    // Sizes that overflow would make the planner loop or the kernels index out of range.
    std::size_t inBytes = 0, outBytes = 0;
    if (!planBufferBytes(s, &inBytes, &outBytes))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    if (problem.precision == Precision::Double && deviceInfo<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG) == 0)
        throw StatusError{CLFFT_DEVICE_NO_DOUBLE};
    plan.generic.reset();

    BakeTarget target;
    target.device = device;
    if (s.replica > 0 && sharesLoadedKernels(device))
        target.replica = s.replica;
    DeviceLimits& limits = target.limits;
    limits.localMemBytes = static_cast<std::size_t>(deviceInfo<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE));
    limits.maxWorkGroupSize = deviceInfo<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    const bool cpuType = (deviceInfo<cl_device_type>(device, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CPU) != 0;
    const unsigned vendor = deviceInfo<cl_uint>(device, CL_DEVICE_VENDOR_ID);
    if (vendor == 0x10DE && !cpuType)
        target.localMemSlack = 64;
    std::string vendorName(256, '\0');
    std::size_t vendorBytes = 0;
    if (clGetDeviceInfo(device, CL_DEVICE_VENDOR, vendorName.size(), vendorName.data(), &vendorBytes) != CL_SUCCESS)
        vendorBytes = 0;
    vendorName.resize(std::min(vendorName.size(), vendorBytes));
    limits.deviceClass = deviceClassOf(cpuType, vendor, vendorName.c_str(), cpuType ? hostX86Family() : 0);
    limits.cacheBytes = static_cast<std::size_t>(deviceInfo<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE));
    // Read at each bake: a process (the tests) may change the variables between plans.
    const EnvSettings env = EnvSettings::fromEnvironment();
    env.applyTo(limits, cpuType);
    limits.maxAllocBytes = static_cast<std::size_t>(deviceInfo<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE));

    target.services = plan.services;
    target.dump = dumpsPrograms(plan);
    target.quiet = env.quiet;
    auto explainIfAsked = [&env](const BakedPlan& baked) {
        if (env.explain)
            std::fprintf(stderr, "clfft-ng plan: %s", baked.explanation.c_str());
    };

    // CLFFT_NG_CANDIDATE bakes one candidate of planCandidates instead of the profile's plan:
    // how the tests run every candidate on a device.
    const bool chooseCandidate = env.chooseCandidate;
    const Rigor rigor = s.rigor >= 0 ? static_cast<Rigor>(s.rigor) : env.rigor;
    std::string tierNote; // why a plan that asked for the generic tier runs specialized kernels
    std::optional<CachedPlan> cached;
    if (tierModeOf(s) == TierMode::Auto && !chooseCandidate)
        cached = cachedSpecialized(s, target, problem, rigor);
    if (cached) {
        tierNote = "tier: specialized (auto: its kernels are in the cache)\n";
        // Built from the cache as checked; a kernel that does not fit plans again below.
        KernelFit fit;
        if (auto baked = buildPlan(s, target, problem, cached->exec, tierNote + cached->header, &fit, true, true,
                                   &cached->sources)) {
            explainIfAsked(*baked);
            plan.baked = std::move(baked);
            return;
        }
    } else if (bakeGenericTier(plan, queue, device, problem, &tierNote)) {
        return;
    }
    if (!chooseCandidate) {
        if (auto baked = bakeMeasured(s, target, problem, rigor)) {
            baked->explanation = tierNote + baked->explanation;
            explainIfAsked(*baked);
            plan.baked = std::move(baked);
            return;
        }
    }
    // A kernel may support smaller work-groups than the device (register pressure) or need more
    // local memory than it declares (KernelFit): plan again within what the kernels allow.
    std::string refit = tierNote;
    for (int attempt = 0; attempt < 4; ++attempt) {
        std::string header = refit;
        ExecutionPlan exec;
        if (chooseCandidate) {
            std::vector<Candidate> candidates = planCandidates(problem, limits, env.candidateSet);
            std::size_t k = env.candidateIndex;
            if (!env.candidateLabel.empty()) {
                k = candidates.size();
                for (std::size_t i = 0; i < candidates.size(); ++i)
                    if (candidates[i].variant == env.candidateLabel)
                        k = i;
            }
            if (k >= candidates.size())
                throw StatusError{CLFFT_INVALID_ARG_VALUE};
            header += "candidate " + std::to_string(k) + " of " + std::to_string(candidates.size()) + " (" +
                     candidates[k].variant + "): ";
            exec = std::move(candidates[k].plan);
        } else {
            exec = planProblem(problem, limits);
        }
        KernelFit fit;
        std::unique_ptr<BakedPlan> baked = buildPlan(s, target, problem, exec, header, &fit);
        if (!baked) {
            limits.maxWorkGroupSize = fit.workGroupSize;
            limits.localMemBytes = fit.localMemBytes;
            refit = tierNote + "planned again within what the compiled kernels allow: work-groups of " +
                    std::to_string(limits.maxWorkGroupSize) + ", " + std::to_string(limits.localMemBytes) +
                    " bytes of local memory\n";
            continue;
        }
        explainIfAsked(*baked);
        plan.baked = std::move(baked);
        return;
    }
    throw StatusError{CLFFT_INVALID_WORK_GROUP_SIZE};
}

} // namespace clfft_ng
