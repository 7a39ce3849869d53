// Even real transforms run a complex FFT of M = N/2 points on z[n] = x[2n] + i x[2n+1]; the
// hermitian half X and z's spectrum Z meet at k and M - k (Numerical Recipes 12.3; Sorensen et
// al., IEEE TASSP 35(6), 1987). The arithmetic on real2_t values, printed one way for the
// Stockham kernels' stages and the split/merge kernels. A = the value at k, B = at M - k;
// w = exp(-2 pi i k / N).
#pragma once

#include <string>

namespace clfft_ng {

// Merge (forward): E = (A + conj B) / 2, O = -i (A - conj B) / 2; X[k] = P = E + w O and
// X[M-k] = conj(Q), Q = E - w O. `half` is the literal 0.5 in the kernel's precision.
inline std::string realMergeArithmetic(const std::string& indent, const std::string& half, const std::string& w)
{
    return indent + "const real2_t E = " + half + " * (real2_t)(A.x + B.x, A.y - B.y);\n" + indent +
           "const real2_t O = " + half + " * (real2_t)(A.y + B.y, B.x - A.x);\n" + indent + "const real2_t WO = cmul(" +
           w + ", O);\n" + indent + "const real2_t P = E + WO, Q = E - WO;\n";
}

// Split (backward): E = A + conj B, D = A - conj B, O = D conj(w); Z[k] = E + iO and
// Z[M-k] = conj(E - iO). `wLine` declares w where the caller has not (or is empty). At k = 0
// (A = X[0], B = X[M]) the imaginary parts are taken as zero, as FFTW and clFFT 2.12 do.
inline std::string realSplitArithmetic(const std::string& indent, const std::string& wLine)
{
    return indent + "const real_t Ay = k == 0u ? (real_t)0 : A.y, By = k == 0u ? (real_t)0 : B.y;\n" + indent +
           "const real2_t E = (real2_t)(A.x + B.x, Ay - By);\n" + indent +
           "const real2_t D = (real2_t)(A.x - B.x, Ay + By);\n" + wLine + indent +
           "const real2_t O = cmul(D, (real2_t)(w.x, -w.y));\n";
}

} // namespace clfft_ng
