#include "plan.h"

#include "plan_text.h"
#include "library.h"
#include "problem.h"
#include "generate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace clfft_ng {

namespace {

// Points along dimension 0 as stored on one side (complex: N0; hermitian: N0/2+1; real: N0,
// padded to 2*(N0/2+1) in place, where the hermitian result overwrites the real input).
std::size_t storedExtent0(clfftLayout layout, std::size_t n0, bool inPlace)
{
    switch (layout) {
    case CLFFT_HERMITIAN_INTERLEAVED:
    case CLFFT_HERMITIAN_PLANAR: return n0 / 2 + 1;
    case CLFFT_REAL: return inPlace ? 2 * (n0 / 2 + 1) : n0;
    default: return n0;
    }
}

std::array<std::size_t, 3> packedStrides(const PlanSettings& s, clfftLayout layout, bool transposedOutput)
{
    // Extents in storage order: a transposed output stores dimension 1 innermost.
    std::array<std::size_t, 3> extent{{storedExtent0(layout, s.lengths[0], s.placement == CLFFT_INPLACE), s.lengths[1],
                                       s.lengths[2]}};
    if (transposedOutput)
        std::swap(extent[0], extent[1]);
    std::array<std::size_t, 3> st{{1, 1, 1}};
    for (int d = 1; d < 3; ++d)
        st[d] = st[d - 1] * extent[d - 1];
    return st;
}

} // namespace

std::size_t PlanSettings::points() const
{
    std::size_t n = 1;
    for (int d = 0; d < rank; ++d)
        n *= lengths[d];
    return n;
}

std::array<std::size_t, 3> PlanSettings::effectiveInStrides() const
{
    return inStridesSet ? inStrides : packedStrides(*this, inLayout, false);
}

std::array<std::size_t, 3> PlanSettings::effectiveOutStrides() const
{
    if (outStridesSet)
        return outStrides;
    const bool transposedOutput = transposed == CLFFT_TRANSPOSED && rank > 1;
    return packedStrides(*this, outLayout, transposedOutput);
}

std::size_t PlanSettings::effectiveInDistance() const
{
    if (inDistance != 0)
        return inDistance;
    const auto st = effectiveInStrides();
    const std::size_t last = rank == 1 ? storedExtent0(inLayout, lengths[0], placement == CLFFT_INPLACE)
                                       : lengths[rank - 1];
    return st[rank - 1] * last;
}

std::size_t PlanSettings::effectiveOutDistance() const
{
    if (outDistance != 0)
        return outDistance;
    const auto st = effectiveOutStrides();
    std::size_t last = rank == 1 ? storedExtent0(outLayout, lengths[0], placement == CLFFT_INPLACE) : lengths[rank - 1];
    if (transposed == CLFFT_TRANSPOSED && rank == 2)
        last = storedExtent0(outLayout, lengths[0], placement == CLFFT_INPLACE); // stored outermost
    return st[rank - 1] * last;
}

double PlanSettings::effectiveBackwardScale() const
{
    return backwardScaleSet ? backwardScale : 1.0 / static_cast<double>(points());
}

// Bytes each buffer of one side must hold: the largest element offset the plan touches, plus
// one, times the element size (per buffer: a planar side has two buffers of this size). One
// buffer serves both sides in place. False when a size computation overflows size_t: no
// buffer can hold such data, and the planner's own arithmetic would overflow too.
bool planBufferBytes(const PlanSettings& s, std::size_t* inBytes, std::size_t* outBytes)
{
    const Problem p = makeProblem(s);
    const std::size_t real = p.precision == Precision::Double ? sizeof(cl_double) : sizeof(cl_float);
    auto side = [&](bool input, std::size_t* bytes) {
        const clfftLayout layout = input ? s.inLayout : s.outLayout;
        const bool hermitian = layout == CLFFT_HERMITIAN_INTERLEAVED || layout == CLFFT_HERMITIAN_PLANAR;
        std::size_t element = real;
        if (layout == CLFFT_COMPLEX_INTERLEAVED || layout == CLFFT_HERMITIAN_INTERLEAVED)
            element = 2 * real;
        std::size_t last = 0; // largest offset, in elements
        auto addSpan = [&](std::size_t n, std::size_t stride) {
            std::size_t span = 0;
            return !__builtin_mul_overflow(n - 1, stride, &span) && !__builtin_add_overflow(last, span, &last);
        };
        for (std::size_t d = 0; d < p.dims.size(); ++d) {
            const std::size_t n = (d == 0 && hermitian) ? p.dims[0].n / 2 + 1 : p.dims[d].n;
            if (!addSpan(n, input ? p.dims[d].inStride : p.dims[d].outStride))
                return false;
        }
        for (const IoDim& b : p.batch)
            if (!addSpan(b.n, input ? b.inStride : b.outStride))
                return false;
        return !__builtin_add_overflow(last, std::size_t(1), &last) && !__builtin_mul_overflow(last, element, bytes);
    };
    // The points of all transforms must be countable too (work sizes, scales).
    std::size_t points = s.batch;
    for (int d = 0; d < s.rank; ++d)
        if (__builtin_mul_overflow(points, s.lengths[d], &points))
            return false;
    if (!side(true, inBytes) || !side(false, outBytes))
        return false;
    if (s.placement == CLFFT_INPLACE)
        *inBytes = *outBytes = std::max(*inBytes, *outBytes);
    return true;
}

namespace {

// A switch set to 0 in the environment (read at bake, so a process may change it between plans).
bool switchedOff(const char* name)
{
    const char* e = std::getenv(name);
    return e && std::string(e) == "0";
}

// OpenCL C 1.2 on every device: the language clFFT 2.12's clients target, and one set of rules
// (no device's newer default) for the generated code and the callbacks spliced into it.
const char* const kBuildOptions = "-cl-std=CL1.2";

template <typename T>
T deviceInfo(cl_device_id device, cl_device_info what)
{
    T value{};
    if (clGetDeviceInfo(device, what, sizeof value, &value, nullptr) != CL_SUCCESS)
        throw StatusError{CLFFT_INVALID_DEVICE};
    return value;
}

MemRef uploadTwiddles(cl_context context, const KernelSpec& spec)
{
    const auto table = kernelTable(spec);
    std::vector<unsigned char> bytes;
    if (spec.precision == Precision::Double) {
        std::vector<double> v;
        for (const auto& w : table) {
            v.push_back(static_cast<double>(w.real()));
            v.push_back(static_cast<double>(w.imag()));
        }
        bytes.assign(reinterpret_cast<const unsigned char*>(v.data()),
                     reinterpret_cast<const unsigned char*>(v.data() + v.size()));
    } else {
        std::vector<float> v;
        for (const auto& w : table) {
            v.push_back(static_cast<float>(w.real()));
            v.push_back(static_cast<float>(w.imag()));
        }
        bytes.assign(reinterpret_cast<const unsigned char*>(v.data()),
                     reinterpret_cast<const unsigned char*>(v.data() + v.size()));
    }
    cl_int err = CL_SUCCESS;
    MemRef mem(clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes.size(), bytes.data(), &err));
    if (err != CL_SUCCESS)
        throw StatusError{err};
    return mem;
}

void dumpProgram(const KernelSpec& spec, const std::string& source)
{
    std::ofstream f(spec.kernelName() + ".cl");
    f << source;
}

} // namespace

void bakePlan(Plan& plan, cl_command_queue queue)
{
    PlanSettings& s = plan.settings;
    cl_device_id device = nullptr;
    cl_context queueContext = nullptr;
    if (clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, nullptr) != CL_SUCCESS ||
        clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof queueContext, &queueContext, nullptr) != CL_SUCCESS)
        throw StatusError{CLFFT_INVALID_COMMAND_QUEUE};
    if (queueContext != s.context.get())
        throw StatusError{CLFFT_INVALID_CONTEXT};

    if (s.batch == 0) // accepted by the setter, as by clFFT 2.12, but there is nothing to plan
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    const Problem problem = makeProblem(s);
    // Sizes that overflow would make the planner loop or the kernels index out of range.
    std::size_t inBytes = 0, outBytes = 0;
    if (!planBufferBytes(s, &inBytes, &outBytes))
        throw StatusError{CLFFT_INVALID_ARG_VALUE};
    if (problem.precision == Precision::Double && deviceInfo<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG) == 0)
        throw StatusError{CLFFT_DEVICE_NO_DOUBLE};

    DeviceLimits limits;
    limits.localMemBytes = static_cast<std::size_t>(deviceInfo<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE));
    limits.maxWorkGroupSize = deviceInfo<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    // A smaller local memory can be imposed to exercise the paths small-memory devices take.
    if (const char* cap = std::getenv("CLFFT_NG_LOCAL_MEM_LIMIT"); cap && *cap)
        limits.localMemBytes = std::min<std::size_t>(limits.localMemBytes, std::strtoull(cap, nullptr, 10));
    const bool cpuType = (deviceInfo<cl_device_type>(device, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CPU) != 0;
    const unsigned vendor = deviceInfo<cl_uint>(device, CL_DEVICE_VENDOR_ID);
    limits.deviceClass = deviceClassOf(cpuType, vendor);
    // The kernel forms of the other device class, to check them on a simulated device (Oclgrind
    // reports a GPU; the CPU forms must be as clean under it as the GPU forms).
    if (const char* forms = std::getenv("CLFFT_NG_FORMS")) {
        if (std::string(forms) == "cpu")
            limits.deviceClass = DeviceClass::Cpu;
        else if (std::string(forms) == "gpu" && cpuType)
            limits.deviceClass = DeviceClass::GpuGeneric;
    }
    // Switches for comparisons (docs/tuning.md): the CPU kernel forms off.
    limits.laneKernels = !switchedOff("CLFFT_NG_LANES");
    limits.rowLaneKernels = !switchedOff("CLFFT_NG_ROW_LANES");
    limits.noLibraryMemory = std::getenv("CLFFT_REQUEST_LIB_NOMEMALLOC") != nullptr;

    Library& lib = Library::get();
    const bool dump = (lib.debugFlags() & CLFFT_DUMP_PROGRAMS) != 0 || std::getenv("CLFFT_DUMP_PROGRAMS") != nullptr;

    // A kernel may support smaller work-groups than the device (register pressure): plan
    // again within the kernel's own limit.
    // CLFFT_NG_CANDIDATE=k bakes candidate k of planCandidates instead of the profile's plan:
    // how the tests run every candidate on a device (and measured planning will time them).
    const char* candidateText = std::getenv("CLFFT_NG_CANDIDATE");
    const bool chooseCandidate = candidateText && *candidateText;
    const std::size_t candidate = chooseCandidate ? std::strtoull(candidateText, nullptr, 10) : 0;
    for (int attempt = 0; attempt < 4; ++attempt) {
        std::string header;
        ExecutionPlan exec;
        if (chooseCandidate) {
            std::vector<Candidate> candidates = planCandidates(problem, limits);
            if (candidate >= candidates.size())
                throw StatusError{CLFFT_INVALID_ARG_VALUE};
            header = "candidate " + std::to_string(candidate) + " of " + std::to_string(candidates.size()) + " (" +
                     candidates[candidate].variant + "): ";
            exec = std::move(candidates[candidate].plan);
        } else {
            exec = planProblem(problem, limits);
        }
        // A temporary buffer the device cannot allocate fails the bake, not a later enqueue.
        const cl_ulong maxAlloc = deviceInfo<cl_ulong>(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
        if (exec.tmpBytes > maxAlloc || exec.tmp2Bytes > maxAlloc || exec.tmp3Bytes > maxAlloc)
            throw StatusError{CLFFT_INVALID_BUFFER_SIZE};
        auto baked = std::make_unique<BakedPlan>();
        baked->device = device;
        baked->explanation = header + explainPlan(exec, problem);
        baked->inPlaceViaCopy = problem.inPlaceViaCopy;
        baked->tmpBytes = exec.tmpBytes;
        baked->tmp2Bytes = exec.tmp2Bytes;
        baked->tmp3Bytes = exec.tmp3Bytes;
        std::size_t kernelLimit = limits.maxWorkGroupSize;
        for (const PassPlan& pass : exec.passes) {
            const std::string source = generateKernelSource(pass.spec);
            if (dump)
                dumpProgram(pass.spec, source);
            ProgramCache::Result built = lib.programs().get(s.context.get(), device, source, kBuildOptions);
            if (built.status != CL_SUCCESS) {
                // The runtime out of memory while creating or building the program: that status,
                // as for every other OpenCL call (the source is fine; a later bake may work).
                if (built.status == CL_OUT_OF_HOST_MEMORY || built.status == CL_OUT_OF_RESOURCES ||
                    built.status == CL_MEM_OBJECT_ALLOCATION_FAILURE)
                    throw StatusError{built.status};
                // The compiler's log is how a client finds the mistake in its callback text.
                if (!std::getenv("CLFFT_QUIET"))
                    std::fprintf(stderr, "clfft-ng: building kernel %s failed (status %d); compiler log:\n%s\n",
                                 pass.spec.kernelName().c_str(), built.status, built.buildLog.c_str());
                throw StatusError{CLFFT_BUILD_PROGRAM_FAILURE};
            }
            cl_int err = CL_SUCCESS;
            KernelRef kernel(clCreateKernel(built.program.get(), pass.spec.kernelName().c_str(), &err));
            if (err != CL_SUCCESS)
                throw StatusError{err};
            std::size_t groupLimit = 0;
            if (clGetKernelWorkGroupInfo(kernel.get(), device, CL_KERNEL_WORK_GROUP_SIZE, sizeof groupLimit,
                                         &groupLimit, nullptr) == CL_SUCCESS &&
                groupLimit < pass.spec.workGroupSize())
                kernelLimit = std::min(kernelLimit, groupLimit);
            BakedPass bp;
            bp.pass = pass;
            bp.kernel = std::move(kernel);
            bp.twiddles = uploadTwiddles(s.context.get(), pass.spec);
            baked->passes.push_back(std::move(bp));
        }
        if (kernelLimit < limits.maxWorkGroupSize) {
            limits.maxWorkGroupSize = kernelLimit;
            continue;
        }
        if (const char* explain = std::getenv("CLFFT_NG_EXPLAIN"); explain && *explain && *explain != '0')
            std::fprintf(stderr, "clfft-ng plan: %s", baked->explanation.c_str());
        plan.baked = std::move(baked);
        return;
    }
    throw StatusError{CLFFT_INVALID_WORK_GROUP_SIZE};
}

} // namespace clfft_ng
