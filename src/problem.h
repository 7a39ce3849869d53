// Problem: what must be computed, normalised from the user's plan settings. FFTW's guru view:
// a list of transform dimensions and a list of batch dimensions, each (n, in-stride,
// out-stride) in elements. Two plans with equal Problems get the same kernels.
#pragma once

#include "kernel_spec.h"

#include <cstddef>
#include <vector>

namespace clfft_ng {

struct PlanSettings;

struct IoDim {
    std::size_t n = 1;
    std::size_t inStride = 1;
    std::size_t outStride = 1;
    bool operator==(const IoDim& o) const { return n == o.n && inStride == o.inStride && outStride == o.outStride; }
};

enum class TransformKind { ComplexToComplex, RealToComplex, ComplexToReal };

struct Problem {
    TransformKind kind = TransformKind::ComplexToComplex;
    Precision precision = Precision::Single;
    ComplexLayout inLayout = ComplexLayout::Interleaved;
    ComplexLayout outLayout = ComplexLayout::Interleaved;
    bool inPlace = true;
    std::vector<IoDim> dims;  // transform dimensions, fastest (dim 0) first
    std::vector<IoDim> batch; // batch dimensions (the plan's batch, with its distances)

    std::size_t transformPoints() const; // product of dims' n
};

// Builds the Problem of a plan; throws StatusError for settings that cannot be computed
// (in-place with differing strides, real layouts until supported, ...).
Problem makeProblem(const PlanSettings& settings);

} // namespace clfft_ng
