// Real-to-real stages fused into the lane kernel's even real transforms (spec.r2rIn, r2rOut;
// docs/r2r.md, "Fused stages"): the lanes are W neighbouring transforms (columns of a
// multi-dimensional plan), so a stage's index map and twiddle are the same for every lane and
// the reordering costs only the address of each point. The row holds n reals, n the pass's
// real length, gathered and scattered through laneIn / laneOut.
#include "lane_kernel.h"

#include "r2r_stages.h"
#include "storage.h"

#include <sstream>

namespace clfft_ng {
namespace detail {

namespace {

R2RKind kindOf(const R2RFusion& f) { return static_cast<R2RKind>(f.kind); }

} // namespace

std::string LaneKernel::r2rIndex(const std::string& j) const
{
    // Makhoul's order: point j of the reordered row is x[2j] below ceil(n/2), x[2n - 1 - 2j] above.
    const std::size_t n = spec.realLength;
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
           r2rGather("((" + x + " >= 1u) & (" + x + " <= " + u(n) + ") ? " + x + " - 1u : " + x + " > " + u(n + 1) + " ? " +
                     u(2 * n + 1) + " - " + x + " : 0u)") +
           " " + dest + " = (" + x + " >= 1u) & (" + x + " <= " + u(n) + ") ? g_ : " + x + " > " + u(n + 1) +
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
    const std::size_t n = spec.realLength;
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

std::string LaneKernel::r2rStoreHalf(const std::string& k, const std::string& re, const std::string& im) const
{
    // Point q = k of the DCT-II (R2HC, DHT) to k, q = n - k to n - k; DST-II point q to n - 1 - q.
    const R2RKind kind = kindOf(spec.r2rOut);
    const std::size_t n = spec.realLength;
    if (kind == R2RKind::REDFT00) // DCT-I: y[k] = Re X[k] (k <= n - 1 = m/2)
        return "        { const uint k_ = " + k + "; " + r2rScatter("k_", re) + " }\n";
    if (kind == R2RKind::RODFT00) // DST-I: y[k-1] = -Im X[k], 1 <= k <= n
        return "        { const uint k_ = " + k + "; if ((k_ >= 1u) & (k_ <= " + u(spec.r2rOut.n) + ")) " +
               r2rScatter("k_ - 1u", "-(" + im + ")") + " }\n";
    std::string t = "        { const uint k_ = " + k + "; const vreal_t xr = " + re + ", xi = " + im + ";";
    switch (kind) {
    case R2RKind::R2HC: t += " const vreal_t a = xr, b = xi;"; break;
    case R2RKind::DHT: t += " const vreal_t a = xr - xi, b = xr + xi;"; break;
    default:
        t += " const real2_t w = tw[" + u(table.r2r + r2rFusedTableLength(spec.r2rIn, false)) +
             " + k_]; const vreal_t a = 2 * (w.x * xr + w.y * xi), b = 2 * (w.y * xr - w.x * xi);";
        break;
    }
    const bool dst = kind == R2RKind::RODFT10;
    t += "\n          " + r2rScatter(dst ? u(n - 1) + " - k_" : "k_", "a") + "\n          if ((k_ > 0u) & (2u * k_ < " + u(n) +
         ")) " + r2rScatter(dst ? "k_ - 1u" : u(n) + " - k_", "b") + " }\n";
    return t;
}

std::string LaneKernel::r2rStorePair(const std::string& e, const std::string& re, const std::string& im) const
{
    // Makhoul's order undone: point j to r2rIndex(j); DST-III negates the odd points.
    const bool dst = kindOf(spec.r2rOut) == R2RKind::RODFT01;
    const std::string h = u((spec.realLength + 1) / 2), j0 = "2u * (" + e + ")", j1 = "2u * (" + e + ") + 1u";
    auto value = [&](const std::string& j, const std::string& v) {
        return dst ? "(" + j + " >= " + h + " ? -(" + v + ") : " + v + ")" : v;
    };
    return "        " + r2rScatter(r2rIndex(j0), value(j0, re)) + "\n        " + r2rScatter(r2rIndex(j1), value(j1, im)) +
           "\n";
}

} // namespace detail
} // namespace clfft_ng
