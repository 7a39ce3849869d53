// Kernels built outside a plan's own passes, and what every build shares (stage_kernels.h).
#include "stage_kernels.h"

#include "device_info.h"
#include "env_settings.h"
#include "generate.h"
#include "kernel_binding.h"
#include "program_cache.h"

#include <fstream>
#include <mutex>

namespace clfft_ng {

const char* const kProgramBuildOptions = "-cl-std=CL1.2";

MemRef uploadTwiddles(cl_context context, const KernelSpec& spec)
{
    const auto table = kernelTable(spec);
    return spec.precision == Precision::Double ? uploadTable<double>(context, table)
                                               : uploadTable<float>(context, table);
}

void dumpProgram(const std::string& name, const std::string& source)
{
    // Measured bakes build candidates in parallel, and two may share a kernel.
    static std::mutex dumpMutex;
    std::lock_guard<std::mutex> lock(dumpMutex);
    std::ofstream f(name + ".cl");
    f << source;
}

bool dumpsPrograms(const Plan& plan)
{
    return (plan.services.debugFlags->load() & CLFFT_DUMP_PROGRAMS) != 0 || EnvSettings::fromEnvironment().dumpPrograms;
}

namespace {

// `source` built through the plan's program cache and kernel `name` created from it. A failed build is CLFFT_BUILD_PROGRAM_FAILURE unless the device ran
// out of memory or resources.
KernelRef buildKernel(const Plan& plan, cl_device_id device, const std::string& source, const std::string& name)
{
    if (dumpsPrograms(plan))
        dumpProgram(name, source);
    const ProgramCache::Result built =
        plan.services.programs->get(plan.settings.context.get(), device, source, kProgramBuildOptions);
    if (built.status != CL_SUCCESS)
        throw StatusError{built.status == CL_OUT_OF_HOST_MEMORY || built.status == CL_OUT_OF_RESOURCES ||
                                  built.status == CL_MEM_OBJECT_ALLOCATION_FAILURE
                              ? built.status
                              : CLFFT_BUILD_PROGRAM_FAILURE};
    cl_int err = CL_SUCCESS;
    KernelRef kernel(clCreateKernel(built.program.get(), name.c_str(), &err));
    if (err != CL_SUCCESS)
        throw StatusError{err};
    return kernel;
}

} // namespace

bool bakeExtraPass(const Plan& plan, cl_device_id device, const PassPlan& pass, BakedPass* out)
{
    const KernelSpec& spec = pass.spec;
    const cl_ulong localLimit = deviceInfo<cl_ulong>(device, CL_DEVICE_LOCAL_MEM_SIZE);
    if (spec.localMemBytes() > localLimit ||
        spec.workGroupSize() > deviceInfo<std::size_t>(device, CL_DEVICE_MAX_WORK_GROUP_SIZE))
        return false;
    KernelRef kernel = buildKernel(plan, device, generateKernelSource(spec), spec.kernelName());
    std::size_t groupLimit = 0;
    cl_ulong localBytes = 0;
    if (clGetKernelWorkGroupInfo(kernel.get(), device, CL_KERNEL_WORK_GROUP_SIZE, sizeof groupLimit, &groupLimit,
                                 nullptr) != CL_SUCCESS ||
        clGetKernelWorkGroupInfo(kernel.get(), device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof localBytes, &localBytes,
                                 nullptr) != CL_SUCCESS ||
        groupLimit < spec.workGroupSize() || localBytes > localLimit)
        return false;
    out->pass = pass;
    out->kernel = std::move(kernel);
    out->twiddles = uploadTwiddles(plan.settings.context.get(), spec);
    return true;
}

KernelRef buildStageKernel(const Plan& plan, cl_device_id device, const std::string& source, const std::string& name)
{
    return buildKernel(plan, device, source, name);
}

cl_mem scratchBuffer(cl_context context, MemRef& slot, std::size_t bytes)
{
    if (!slot) {
        cl_int err = CL_SUCCESS;
        slot = MemRef(clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &err));
        if (err != CL_SUCCESS)
            throw StatusError{err};
    }
    return slot.get();
}

} // namespace clfft_ng
