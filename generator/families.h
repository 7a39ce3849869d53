// The kernel families behind one interface (FFTW's solvers, rocFFT's kernel variants): each
// says whether a spec is of its form, prints its source, builds its constant table, and gives
// the launch shape of a pass. The planner chooses a family by shaping the spec
// (src/planner/pass_shape.cpp, cpu_forms.cpp); everything after it asks familyOf(spec).
#pragma once

#include "kernel_spec.h"

#include <complex>
#include <cstddef>
#include <string>
#include <vector>

namespace clfft_ng {

// An NDRange: global and local sizes in `dims` dimensions.
struct LaunchShape {
    unsigned dims = 1;
    std::size_t global[2] = {1, 1};
    std::size_t local[2] = {1, 1};
};

struct KernelFamily {
    const char* name;                                   // "stockham", "lanes", "row lanes", "split/merge"
    bool (*accepts)(const KernelSpec&);                 // the spec is of this family
    std::string (*source)(const KernelSpec&);
    std::vector<std::complex<long double>> (*table)(const KernelSpec&);
    // The pass's launch: `groups` work-groups (PassPlan::workGroups) over `transforms` transforms.
    LaunchShape (*launch)(const KernelSpec&, std::size_t groups, std::size_t transforms);
};

// The family of a spec: the first in the list that accepts it (Stockham accepts every spec).
const KernelFamily& familyOf(const KernelSpec& spec);

} // namespace clfft_ng
