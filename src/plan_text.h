// Plans print themselves (FFTW's print(), rocFFT's plan dump): the passes in order, each with
// its kernel family and name, the buffers it reads and writes, its launch shape and the bytes it
// moves through global memory (passTraffic, planner/cost.h). `clfft-client --explain` and CLFFT_NG_EXPLAIN=1 print it; the
// plan corpus (tests/generator) keeps golden copies that need no device.
#pragma once

#include "planner.h"
#include "problem.h"

#include <string>

namespace clfft_ng {

// The kernel family of a pass: "stockham", "lanes", "row lanes" or "split/merge".
const char* kernelFamily(const KernelSpec& spec);

// Multi-line text: a header line for the problem and the plan's buffers, then one block a pass.
std::string explainPlan(const ExecutionPlan& plan, const Problem& problem);

} // namespace clfft_ng
