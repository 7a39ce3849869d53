// Real-to-real stages fused into the lane kernel's even real transforms (spec.r2rIn, r2rOut;
// docs/r2r.md, "Fused stages"): the lanes are W neighbouring transforms (columns of a
// multi-dimensional plan), so a stage's index map and twiddle are the same for every lane and
// the reordering costs only the address of each point. The row holds n reals, n the pass's
// real length, gathered and scattered through laneIn / laneOut.
//
// Paired columns (R2RFusion::paired): the pass is a complex FFT of the full length whose lane l
// is the complex column z = x_{2l} + i x_{2l+1} of two neighbouring real columns, so a point of
// 2W columns is one vector load of whole cache lines. Its result Z = X_even + i X_odd gives both
// columns' spectra, X_even[k] = (Z[k] + conj Z[N-k]) / 2, X_odd[k] = (Z[k] - conj Z[N-k]) / 2i,
// to which the kind's output stage applies as on one column; the C2R kinds combine the two
// columns' spectra the other way, Z[k] = X_even[k] + i X_odd[k], before the FFT.
#include "lane_kernel.h"

#include "butterfly.h"
#include "r2r_stages.h"
#include "storage.h"

#include <sstream>

namespace clfft_ng {
namespace detail {

namespace {

R2RKind kindOf(const R2RFusion& f) { return static_cast<R2RKind>(f.kind); }

// The real length n the index maps use: the pass's, or for paired columns its complex length.
std::size_t r2rLength(const KernelSpec& spec) { return r2rPaired(spec) ? spec.length : spec.realLength; }

// Where r2rStoreHalf's values go for X[k_]: a to rowA (where condA holds), b to rowB (where condB).
struct HalfTargets {
    std::string rowA, condA, rowB, condB;
};

HalfTargets halfTargets(const KernelSpec& spec)
{
    const R2RKind kind = kindOf(spec.r2rOut);
    const std::size_t n = r2rLength(spec);
    auto u = [](std::size_t v) { return std::to_string(v) + "u"; };
    if (kind == R2RKind::REDFT00) // DCT-I: y[k] = Re X[k] (k <= n - 1 = m/2)
        return {"k_", "", "", ""};
    if (kind == R2RKind::RODFT00) // DST-I: y[k-1] = -Im X[k], 1 <= k <= n
        return {"k_ - 1u", "(k_ >= 1u) & (k_ <= " + u(spec.r2rOut.n) + ")", "", ""};
    // Point q = k of the DCT-II (R2HC, DHT) to k, q = n - k to n - k; DST-II point q to n - 1 - q.
    const bool dst = kind == R2RKind::RODFT10;
    return {dst ? u(n - 1) + " - k_" : "k_", "", dst ? "k_ - 1u" : u(n) + " - k_", "(k_ > 0u) & (2u * k_ < " + u(n) + ")"};
}

} // namespace

std::string LaneKernel::r2rIndex(const std::string& j) const
{
    // Makhoul's order: point j of the reordered row is x[2j] below ceil(n/2), x[2n - 1 - 2j] above.
    const std::size_t n = r2rLength(spec);
    return "((" + j + ") < " + u((n + 1) / 2) + " ? 2u * (" + j + ") : " + u(2 * n - 1) + " - 2u * (" + j + "))";
}

std::string LaneKernel::r2rGather(const std::string& index) const
{
    // Whole vectors where the lanes are neighbours (columns side by side, a full group: known
    // per group at run time), else lane by lane.
    // (16-bit rows: storage.h's widening loads)
    std::string t = "(vreal_t)(";
    for (std::size_t l = 0; l < W; ++l)
        t += (l ? ", " : "") + loadRealAt(spec.inStorage, "in", "o_ + laneIn[" + std::to_string(l) + "]");
    return "{ const idx_t o_ = ioff + (idx_t)(" + index + ") * inStride; g_ = r2rNeighbours ? " +
           loadVectorAt(spec.inStorage, W, "in", "o_") + " : " + t + "); }";
}

std::string LaneKernel::r2rScatter(const std::string& index, const std::string& value) const
{
    // from the last lane down: lanes past the end share the last valid lane's offset
    std::string t = "{ const idx_t o_ = ooff + (idx_t)(" + index + ") * outStride; const vreal_t s_ = " + value +
                    "; if (r2rNeighbours) " + storeVectorAt(spec, spec.outStorage, W, "s_", "out", "o_", false, false) + " else {";
    for (std::size_t l = W; l-- > 0;)
        t += " " + storeRealAt(spec.outStorage, "out", "o_ + laneOut[" + std::to_string(l) + "]", std::string("s_.s") + componentDigit(l));
    return t + " } }";
}

std::string LaneKernel::r2rLocals() const
{
    const std::string d = std::to_string(spec.lane.dim);
    return "    const bool r2rNeighbours = valid == " + u(W) + " && inStride" + d + " == 1u && outStride" + d + " == 1u;\n";
}

std::string LaneKernel::r2rLoadExtension(const std::string& j, const std::string& dest) const
{
    // DCT-I: x[j] below n, x[2(n-1) - j] above; DST-I: 0, x[j-1] up to n, 0, -x[2n+1-j]
    const std::size_t n = spec.r2rIn.n;
    const std::string x = "(" + j + ")";
    if (kindOf(spec.r2rIn) == R2RKind::REDFT00)
        return "{ vreal_t g_; " + r2rGather("(" + x + " < " + u(n) + " ? " + x + " : " + u(2 * n - 2) + " - " + x + ")") +
               " " + dest + " = g_; }";
    return "{ vreal_t g_; " +
           r2rGather("(((" + x + " >= 1u) & (" + x + " <= " + u(n) + ")) ? " + x + " - 1u : " + x + " > " + u(n + 1) + " ? " +
                     u(2 * n + 1) + " - " + x + " : 0u)") +
           " " + dest + " = ((" + x + " >= 1u) & (" + x + " <= " + u(n) + ")) ? g_ : " + x + " > " + u(n + 1) +
           " ? -g_ : (vreal_t)0; }";
}

std::string LaneKernel::r2rLoadPair(const std::string& e, const std::string& k) const
{
    if (kindOf(spec.r2rIn) == R2RKind::REDFT00 || kindOf(spec.r2rIn) == R2RKind::RODFT00)
        return "        " + r2rLoadExtension("2u * (" + e + ")", "vr[" + k + "]") + " " +
               r2rLoadExtension("2u * (" + e + ") + 1u", "vi[" + k + "]") + "\n";
    const bool dst = kindOf(spec.r2rIn) == R2RKind::RODFT10;
    const std::string h = u((spec.realLength + 1) / 2), j0 = "2u * (" + e + ")", j1 = "2u * (" + e + ") + 1u";
    std::string t = "        { vreal_t g_; " + r2rGather(r2rIndex(j0)) + " vr[" + k + "] = g_; " + r2rGather(r2rIndex(j1)) +
                    " vi[" + k + "] = g_;";
    if (dst) // the odd points of x, negated
        t += " if (" + j0 + " >= " + h + ") vr[" + k + "] = -vr[" + k + "]; if (" + j1 + " >= " + h + ") vi[" + k +
             "] = -vi[" + k + "];";
    return t + " }\n";
}

std::string LaneKernel::r2rLoadHalf(const std::string& e, const std::string& re, const std::string& im) const
{
    // V[e] = (x[e], x[n-e]) (HC2R); DCT-III e^{i pi e / 2n} (x[e] - i x[n-e]); DST-III the same of
    // the reversed row. x[n] counts as zero (e = 0; its address is kept inside the row).
    const R2RKind kind = kindOf(spec.r2rIn);
    const std::size_t n = r2rLength(spec);
    const std::string len = u(n);
    std::string p = "e_", q = "(e_ == 0u ? 0u : " + len + " - e_)";
    if (kind == R2RKind::RODFT01) {
        p = u(n - 1) + " - e_";
        q = "(e_ == 0u ? 0u : e_ - 1u)";
    }
    std::string t = "        { const uint e_ = " + e + "; vreal_t g_, P, Q; " + r2rGather(p) + " P = g_; " + r2rGather(q) +
                    " Q = e_ == 0u ? (vreal_t)0 : g_;\n";
    if (kind == R2RKind::HC2R)
            t += "          " + re + " = P; " + im + " = 2u * e_ == " + len + " ? (vreal_t)0 : Q; }\n";
    else
        t += "          const real2_t w = tw[" + u(table.r2r) + " + e_]; " + re + " = w.x * P + w.y * Q; " + im +
             " = w.y * P - w.x * Q; }\n";
    return t;
}

std::string LaneKernel::r2rHalfValues(const std::string& xr, const std::string& xi, const std::string& suffix) const
{
    const std::string a = "a" + suffix, b = "b" + suffix;
    switch (kindOf(spec.r2rOut)) {
    case R2RKind::REDFT00: return " const vreal_t " + a + " = " + xr + ";";
    case R2RKind::RODFT00: return " const vreal_t " + a + " = -(" + xi + ");";
    case R2RKind::R2HC: return " const vreal_t " + a + " = " + xr + ", " + b + " = " + xi + ";";
    case R2RKind::DHT: return " const vreal_t " + a + " = " + xr + " - " + xi + ", " + b + " = " + xr + " + " + xi + ";";
    default: {
        const std::string tw = "w" + suffix;
        return " const real2_t " + tw + " = tw[" + u(table.r2r + r2rFusedTableLength(spec.r2rIn, false)) + " + k_]; const vreal_t " +
               a + " = 2 * (" + tw + ".x * " + xr + " + " + tw + ".y * " + xi + "), " + b + " = 2 * (" + tw + ".y * " + xr +
               " - " + tw + ".x * " + xi + ");";
    }
    }
}

std::string LaneKernel::r2rStoreHalf(const std::string& k, const std::string& re, const std::string& im) const
{
    const HalfTargets to = halfTargets(spec);
    std::string t = "        { const uint k_ = " + k + "; const vreal_t xr = " + re + ", xi = " + im + ";" +
                    r2rHalfValues("xr", "xi", "") + "\n          ";
    t += (to.condA.empty() ? "" : "if (" + to.condA + ") ") + r2rScatter(to.rowA, "a");
    if (!to.rowB.empty())
        t += "\n          if (" + to.condB + ") " + r2rScatter(to.rowB, "b");
    return t + " }\n";
}

std::string LaneKernel::r2rStorePair(const std::string& e, const std::string& re, const std::string& im) const
{
    // Makhoul's order undone: point j to r2rIndex(j); DST-III negates the odd points.
    const bool dst = kindOf(spec.r2rOut) == R2RKind::RODFT01;
    const std::string h = u((r2rLength(spec) + 1) / 2), j0 = "2u * (" + e + ")", j1 = "2u * (" + e + ") + 1u";
    auto value = [&](const std::string& j, const std::string& v) {
        return dst ? "(" + j + " >= " + h + " ? -(" + v + ") : " + v + ")" : v;
    };
    return "        " + r2rScatter(r2rIndex(j0), value(j0, re)) + "\n        " + r2rScatter(r2rIndex(j1), value(j1, im)) +
           "\n";
}

// ---- paired columns

std::string LaneKernel::r2rPairLoad(const std::string& e, const std::string& k) const
{
    // point e of the FFT's input (Makhoul's order, DCT-I/DST-I's extension, or the row itself)
    const std::string re = "vr[" + k + "]", im = "vi[" + k + "]";
    auto at = [](const std::string& row) { return "ioff + (idx_t)(" + row + ") * inStride"; };
    std::string t = "        { const uint j_ = " + e + ";\n";
    if (!spec.r2rIn.present())
        return t + loadInto(at("j_"), re, im) + "        }\n";
    const std::size_t n = spec.r2rIn.n;
    switch (kindOf(spec.r2rIn)) {
    case R2RKind::REDFT00: // x[j] below n, x[2(n-1) - j] above
        return t + loadInto(at("(j_ < " + u(n) + " ? j_ : " + u(2 * n - 2) + " - j_)"), re, im) + "        }\n";
    case R2RKind::RODFT00: // 0, x[j-1] up to n, 0, -x[2n+1-j]
        return t + "        const bool lo_ = (j_ >= 1u) & (j_ <= " + u(n) + "), hi_ = j_ > " + u(n + 1) + ";\n" +
               loadInto(at("(lo_ ? j_ - 1u : hi_ ? " + u(2 * n + 1) + " - j_ : 0u)"), re, im) + "        if (hi_) { " + re +
               " = -" + re + "; " + im + " = -" + im + "; } else if (!lo_) { " + re + " = (vreal_t)0; " + im +
               " = (vreal_t)0; }\n        }\n";
    default: { // DCT-II; DST-II negates the odd points of x (the second half)
        t += loadInto(at(r2rIndex("j_")), re, im);
        if (kindOf(spec.r2rIn) == R2RKind::RODFT10)
            t += "        if (j_ >= " + u((N + 1) / 2) + ") { " + re + " = -" + re + "; " + im + " = -" + im + "; }\n";
        return t + "        }\n";
    }
    }
}

void LaneKernel::r2rPairCombine()
{
    // Z[k] = A[k] + i B[k], Z[N-k] = conj A[k] + i conj B[k]: A the even columns' spectrum (vr of
    // a row's pairs), B the odd columns' (vi), each the halfcomplex or DCT-III/DST-III point of
    // r2rLoadHalf. Conjugated for the backward FFT, as expandHermitian.
    const R2RKind kind = kindOf(spec.r2rIn);
    auto at = [](const std::string& row) { return "ioff + (idx_t)(" + row + ") * inStride"; };
    std::string p = "k", q = "(k == 0u ? 0u : " + u(N) + " - k)";
    if (kind == R2RKind::RODFT01) {
        p = u(N - 1) + " - k";
        q = "(k == 0u ? 0u : k - 1u)";
    }
    os << "\n    // Z[k] = A[k] + i B[k]: two real columns' spectra as one complex column's\n";
    forEachItem(N / 2 + 1, [&](std::size_t, const std::string& item) {
        os << "        const uint k = " << item << ";\n        vreal_t Pa, Pb, Qa, Qb, Ar, Ai, Br, Bi;\n"
           << loadInto(at(p), "Pa", "Pb") << loadInto(at(q), "Qa", "Qb")
           << "        if (k == 0u) { Qa = (vreal_t)0; Qb = (vreal_t)0; }\n";
        if (kind == R2RKind::HC2R)
            os << "        Ar = Pa; Br = Pb; Ai = 2u * k == " << u(N) << " ? (vreal_t)0 : Qa; Bi = 2u * k == " << u(N)
               << " ? (vreal_t)0 : Qb;\n";
        else
            os << "        { const real2_t w = tw[" << u(table.r2r) << " + k]; Ar = w.x * Pa + w.y * Qa; Ai = w.y * Pa - w.x * Qa;"
               << " Br = w.x * Pb + w.y * Qb; Bi = w.y * Pb - w.x * Qb; }\n";
        os << "        lr0[k] = Ar - Bi; li0[k] = (Ai + Br) * dirSign;\n"
           << "        if ((k > 0u) & (k < " << u(N) << " - k)) { lr0[" << u(N) << " - k] = Ar + Bi; li0[" << u(N)
           << " - k] = (Br - Ai) * dirSign; }\n";
    });
}

std::string LaneKernel::r2rPairStore(const std::string& e, const std::string& re, const std::string& im) const
{
    // point e of z = x_even + i x_odd: the row itself, or Makhoul's order undone (DST-III negates
    // the odd points)
    auto at = [](const std::string& row) { return "ooff + (idx_t)(" + row + ") * outStride"; };
    std::string t = "        { const uint j_ = " + e + "; vreal_t a_ = " + re + ", b_ = " + im + ";\n";
    if (!spec.r2rOut.present())
        return t + storeText(at("j_"), "a_", "b_") + "        }\n";
    if (kindOf(spec.r2rOut) == R2RKind::RODFT01)
        t += "        if (j_ >= " + u((N + 1) / 2) + ") { a_ = -a_; b_ = -b_; }\n";
    return t + storeText(at(r2rIndex("j_")), "a_", "b_") + "        }\n";
}

void LaneKernel::r2rPairSeparate()
{
    // A = (Z[k] + conj Z[N-k]) / 2, B = (Z[k] - conj Z[N-k]) / 2i, then the kind's output of each
    // (r2rHalfValues), the even columns' and odd columns' values stored side by side
    const std::string half = realLiteral(0.5L, spec.precision);
    const HalfTargets to = halfTargets(spec);
    auto at = [](const std::string& row) { return "ooff + (idx_t)(" + row + ") * outStride"; };
    os << "\n    // the two columns' spectra out of Z = A + iB\n" << barrier;
    forEachItem(N / 2 + 1, [&](std::size_t, const std::string& item) {
        os << "        const uint k_ = " << item << ", kk = k_ == 0u ? 0u : " << u(N) << " - k_;\n"
           << "        const vreal_t Zr = lr" << cur << "[k_], Zi = li" << cur << "[k_], Yr = lr" << cur << "[kk], Yi = li" << cur
           << "[kk];\n"
           << "        const vreal_t Ar = " << half << " * (Zr + Yr) * scaleRe, Ai = " << half << " * (Zi - Yi) * scaleIm;\n"
           << "        const vreal_t Br = " << half << " * (Zi + Yi) * scaleRe, Bi = " << half << " * (Yr - Zr) * scaleIm;\n"
           << "       " << r2rHalfValues("Ar", "Ai", "A") << r2rHalfValues("Br", "Bi", "B") << "\n"
           << "        if (" << (to.condA.empty() ? "true" : to.condA) << ") {\n" << storeText(at(to.rowA), "aA", "aB") << "        }\n";
        if (!to.rowB.empty())
            os << "        if (" << to.condB << ") {\n" << storeText(at(to.rowB), "bA", "bB") << "        }\n";
    });
}

} // namespace detail
} // namespace clfft_ng
