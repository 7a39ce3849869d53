// Problem: what must be computed, normalised from the user's plan settings. FFTW's guru view:
// a list of transform dimensions and a list of batch dimensions, each (n, in-stride,
// out-stride) in elements. Two plans with equal Problems get the same kernels.
#pragma once

#include "kernel_spec.h"

#include <cstddef>
#include <vector>

namespace clfft_ng {

struct IoDim {
    std::size_t n = 1;
    std::size_t inStride = 1;
    std::size_t outStride = 1;
    bool operator==(const IoDim& o) const { return n == o.n && inStride == o.inStride && outStride == o.outStride; }
};

// Rows read from pieces (a multi-device 2D transform's rows over every device's pencils, docs/
// multi-device.md): point c of a row at base + c % length + (c / length) * distance from the
// row's offset. length 0: contiguous rows. Only a single row-lane pass reads them (RowLaneShape).
struct RowPieces {
    std::size_t length = 0;
    std::size_t distance = 0;
    std::size_t base = 0;
};

enum class TransformKind { ComplexToComplex, RealToComplex, ComplexToReal };

struct Problem {
    TransformKind kind = TransformKind::ComplexToComplex;
    Precision precision = Precision::Single;
    // Layout of the complex (or hermitian) side(s); a real side has a single buffer.
    ComplexLayout inLayout = ComplexLayout::Interleaved;
    ComplexLayout outLayout = ComplexLayout::Interleaved;
    bool inPlace = true;
    // An in-place real plan whose real and hermitian rows do not start at the same bytes (clFFT
    // 2.12 accepts any strides there): planned out of place, run from a copy of the buffer.
    bool inPlaceViaCopy = false;
    // Strides count elements of each side's own type: complex values on a complex or
    // hermitian side, reals on a real side. For real transforms dims[0].n is the real length.
    std::vector<IoDim> dims;  // transform dimensions, fastest (dim 0) first
    std::vector<IoDim> batch; // batch dimensions (the plan's batch, with its distances)
    CallbackCode pre;         // applied where the plan reads its input
    CallbackCode post;        // applied where the plan writes its output
    RowPieces inPieces;       // not the client's: see RowPieces
    R2RFusion r2rIn;          // not the client's: an r2r plan's stage fused into the loads (src/r2r.cpp)
    R2RFusion r2rOut;         // ... into the stores
    // 16-bit plans (docs/precision.md): the client's buffers hold 16-bit values; the planner
    // plans in single precision (precision Single) and converts where a pass touches them.
    Storage inStorage = Storage::Native;
    Storage outStorage = Storage::Native;
    // Zero-padded input and pruned output per transform dimension (docs/zero-padding.md): empty,
    // or one range per entry of dims (absent: begin == end). Dimension 0's index counts the
    // side's own elements (the N/2+1 points of a hermitian side).
    std::vector<PointRange> zeroIn, skipOut;
    // Not the client's: the complex dimension the plan transforms first (-1: the planner's order).
    // A convolution's inverse plan starts where its forward plan ends (src/convolution.cpp).
    int leadDim = -1;

    std::size_t transformPoints() const; // product of dims' n
    bool hasRanges() const;
};

} // namespace clfft_ng
