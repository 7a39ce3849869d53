// Kernels built outside a plan's own passes, and what every build shares: the OpenCL C options,
// the twiddle tables, CLFFT_DUMP_PROGRAMS, the library's scratch buffers (stage_kernels.cpp).
#pragma once

#include "plan.h"

#include <string>

namespace clfft_ng {

// OpenCL C 1.2 on every device: the language clFFT 2.12's clients target, and one set of rules
// (no device's newer default) for the generated code and the callbacks spliced into it.
extern const char* const kProgramBuildOptions;

// The twiddle table of one pass on the device (null when the kernel has none).
MemRef uploadTwiddles(cl_context context, const KernelSpec& spec);

// Writes `source` to NAME.cl in the working directory (CLFFT_DUMP_PROGRAMS).
void dumpProgram(const std::string& name, const std::string& source);

// Whether the plan's debug flags or the environment ask for dumped programs.
bool dumpsPrograms(const Plan& plan);

// One pass compiled for `device` with the plan's services, outside the plan's own passes (the
// fused pass of a convolution plan). False when it does not fit the device's local memory or
// work-group size: the caller keeps its other plan. Throws StatusError.
bool bakeExtraPass(const Plan& plan, cl_device_id device, const PassPlan& pass, BakedPass* out);

// A kernel of the library's own stages (r2r stages, the convolution multiply): `source` built
// through the plan's program cache (written out like the FFT kernels under CLFFT_DUMP_PROGRAMS),
// kernel `name` created from it. Throws StatusError.
KernelRef buildStageKernel(const Plan& plan, cl_device_id device, const std::string& source, const std::string& name);

// The library's scratch buffer of `bytes` in `slot`, allocated at its first use. Throws StatusError.
cl_mem scratchBuffer(cl_context context, MemRef& slot, std::size_t bytes);

} // namespace clfft_ng
