// Small-DFT codelets ("butterflies") for the Stockham passes.
//
// A codelet is built the way genfft builds one, at much smaller scale: the DFT is decomposed
// into straight-line code over named temporaries (Cooley-Tukey splits for composite sizes,
// the symmetric cosine/sine form for odd primes), constant twiddles that are trivial
// (+-1, +-i, (+-1+-i)/sqrt2) are applied without general multiplies, and the result is
// printed as an OpenCL C function. Every codelet computes the forward DFT
// X[k] = sum_n x[n] exp(-2 pi i n k / R); the backward direction is obtained by conjugation
// at load and store (see stockham.cpp).
#pragma once

#include "kernel_spec.h"

#include <string>

namespace clfft_ng {

// True when R has only the prime factors 2, 3, 5, 7, 11, 13 and R <= 32, or R is a prime up to
// kMaxPrimeRadix (factorize.h).
bool isCodeletRadix(int radix);

// OpenCL C source of `static inline void dft<R>(real2_t* x)`: an in-place forward DFT of
// x[0..R-1] in natural order. Needs `real2_t` to be defined.
std::string emitCodelet(int radix, Precision precision);

// The same DFT as `static inline void dft<R>s(T* xr, T* xi)` over separate real and imaginary
// parts, T = `type` (real_t, or a vector of it: the operations are elementwise, so a vector
// type computes one DFT per lane).
std::string emitScalarCodelet(int radix, Precision precision, const std::string& type = "real_t");

// A floating literal of `value` rounded to the precision, as OpenCL C source.
std::string realLiteral(long double value, Precision precision);

} // namespace clfft_ng
