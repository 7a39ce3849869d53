// Source text of a kernel's global-memory accesses and buffer parameters, with the user's
// callbacks spliced in. Shared by the kernel generators (stockham.cpp, real_split.cpp).
#pragma once

#include "kernel_spec.h"
#include "r2r_stages.h"
#include "storage.h"
#include "tables.h"

#include <algorithm>
#include <sstream>
#include <string>

namespace clfft_ng {

// "123u": an unsigned OpenCL C literal.
inline std::string u(std::size_t v) { return std::to_string(v) + "u"; }

// "Point e lies in r" as OpenCL C (zero-padded input, pruned output: docs/zero-padding.md).
inline std::string pointInRange(const std::string& e, const PointRange& r)
{
    const std::string x = "(uint)(" + e + ")";
    if (r.begin == 0)
        return "(" + x + " < " + u(r.end) + ")";
    return "(" + x + " - " + u(r.begin) + " < " + u(r.end - r.begin) + ")";
}

// Source text of the kernel's global-memory accesses, with the callbacks spliced in.
class GlobalAccess {
public:
    explicit GlobalAccess(const KernelSpec& spec) : spec_(spec) {}

    // Local buffers the callbacks asked for (declared at kernel scope).
    std::string callbackLocals() const
    {
        std::ostringstream os;
        if (spec_.pre.present && spec_.pre.localMemBytes > 0)
            os << "    __local ulong preLocal[" << (spec_.pre.localMemBytes + 7) / 8 << "];\n";
        if (spec_.post.present && spec_.post.localMemBytes > 0)
            os << "    __local ulong postLocal[" << (spec_.post.localMemBytes + 7) / 8 << "];\n";
        return os.str();
    }

    // The complex (or hermitian) input point at element index e.
    std::string loadComplex(const std::string& e) const
    {
        if (spec_.r2rIn.present()) // hermitian point e from the client's halfcomplex row
            return "r2rHalfIn(in, ioff, inStride, (uint)(" + e + "), tw)";
        return zeroMasked(e, loadComplexAt(inOffset(e)), "(real2_t)(0, 0)");
    }

    // The complex input point at offset `at` (in elements) from the start of the buffer.
    std::string loadComplexAt(const std::string& at) const
    {
        if (spec_.pre.present) {
            if (spec_.inLayout == ComplexLayout::Interleaved)
                return spec_.pre.functionName + "((__global void*)in, (uint)(" + at + ")" + tail(spec_.pre, "pre") + ")";
            return spec_.pre.functionName + "((__global void*)inRe, (__global void*)inIm, (uint)(" + at + ")" +
                   tail(spec_.pre, "pre") + ")";
        }
        if (spec_.inLayout == ComplexLayout::Interleaved)
            return clfft_ng::loadComplexAt(spec_.inStorage, "in", at);
        return "(real2_t)(" + loadRealAt(spec_.inStorage, "inRe", at) + ", " + loadRealAt(spec_.inStorage, "inIm", at) +
               ")";
    }

    // The real input point at element index e.
    std::string loadReal(const std::string& e) const
    {
        if (spec_.r2rIn.kind == 3) { // DCT-I: the even extension of length 2(n-1), x[m - e] above n - 1
            const std::size_t n = spec_.r2rIn.n;
            const std::string x = "(" + e + ")";
            return in(inOffset("(" + x + " < " + u(n) + " ? " + x + " : " + u(2 * n - 2) + " - " + x + ")"));
        }
        if (spec_.r2rIn.kind == 7) { // DST-I: the odd extension of length 2(n+1): 0, x, 0, -x reversed
            const std::size_t n = spec_.r2rIn.n;
            const std::string x = "(" + e + ")";
            return "(" + x + " >= 1u && " + x + " <= " + u(n) + " ? " + in(inOffset(x + " - 1u")) + " : " + x + " > " +
                   u(n + 1) + " ? -" + in(inOffset(u(2 * n + 1) + " - " + x)) + " : (real_t)0)";
        }
        if (spec_.r2rIn.present()) { // Makhoul's order: point e of the reordered row (DST-II: odd points negated)
            const std::size_t n = spec_.realLength;
            const std::string x = "(" + e + ")", low = u((n + 1) / 2);
            return "(" + x + " < " + low + " ? " + in(inOffset("2u * " + x)) + " : " + (spec_.r2rIn.kind == 9 ? "-" : "") +
                   in(inOffset(u(2 * n - 1) + " - 2u * " + x)) + ")";
        }
        const std::string at = inOffset(e);
        if (spec_.pre.present)
            return zeroMasked(e, spec_.pre.functionName + "((__global void*)in, (uint)(" + at + ")" + tail(spec_.pre, "pre") + ")",
                              "(real_t)0");
        return zeroMasked(e, in(at), "(real_t)0");
    }

    // Statement storing complex `value` (scaled already) at output element index e.
    std::string storeComplex(const std::string& e, const std::string& value) const
    {
        if (spec_.r2rOut.present()) // hermitian point e as the client's r2r row's points
            return "r2rHalfOut(out, ooff, outStride, (uint)(" + e + "), " + value + ", tw);";
        return skipMasked(e, storeComplexUnmasked(e, value));
    }

    // Statement storing real `value` (scaled already) at output element index e.
    std::string storeReal(const std::string& e, const std::string& value) const
    {
        if (spec_.r2rOut.present()) { // Makhoul's order undone (DST-III: odd points negated)
            const std::size_t n = spec_.realLength;
            const std::string x = "(" + e + ")", low = u((n + 1) / 2);
            return "if (" + x + " < " + low + ") " + out(outOffset("2u * " + x), value) + " else " +
                   out(outOffset(u(2 * n - 1) + " - 2u * " + x), (spec_.r2rOut.kind == 8 ? "-" : "") + std::string("(") +
                   value + ")");
        }
        const std::string at = outOffset(e);
        if (spec_.post.present)
            return skipMasked(e, spec_.post.functionName + "((__global void*)out, (uint)(" + at + ")" +
                                     userdata(spec_.post, "post") + ", " + value + local(spec_.post, "post") + ");");
        return skipMasked(e, out(at, value));
    }

    static int userdataParams(const CallbackCode& cb) { return cb.present ? std::max(1, cb.userdataCount) : 0; }

    // The functions the fused r2r stages call (docs/r2r.md, "Fused stages"): the hermitian point
    // e of the C2R's input from the client's row (HC2R, DCT-III, DST-III), and the R2C's
    // hermitian point e stored as the points of the client's row (R2HC, DHT, DCT-II, DST-II).
    std::string r2rFunctions() const
    {
        std::ostringstream os;
        const std::size_t n = spec_.realLength;
        const std::string N = u(n);
        // element i of the client's row (x: input, y: output) in its storage
        auto X = [&](const std::string& i) { return loadRealAt(spec_.inStorage, "x", "o + (idx_t)(" + i + ") * s"); };
        auto Y = [&](const std::string& i, const std::string& v) {
            return storeRealAt(spec_.outStorage, "y", "o + (idx_t)(" + i + ") * s", v);
        };
        if (spec_.r2rIn.present()) {
            const int k = spec_.r2rIn.kind;
            os << "static inline real2_t r2rHalfIn(__global const " << storageRealType(spec_.inStorage)
               << "* x, idx_t o, idx_t s, uint e, "
                  "__global const real2_t* tw)\n{\n";
            if (k == 6 || k == 10) { // DCT-IV (even n): (x[2e] + i x[n-1-2e]) e^{-i pi (4e+1) / 4n}; DST-IV reversed
                const std::string a = X("2u * e"), b = X(u(spec_.r2rIn.n - 1) + " - 2u * e");
                os << "    const real2_t z = (real2_t)(" << (k == 10 ? b : a) << ", " << (k == 10 ? a : b) << "), w = tw["
                   << u(tableLayout(spec_).r2r) << " + e];\n"
                   << "    return (real2_t)(z.x * w.x - z.y * w.y, z.x * w.y + z.y * w.x);\n";
            } else if (k == 1) // HC2R: (r_e, i_e) with i_e at n - e, none at 0 and n/2
                os << "    return (real2_t)(" << X("e") << ", (e == 0u || 2u * e == " << N << ") ? (real_t)0 : " << X(N + " - e")
                   << ");\n";
            else { // e^{i pi e / 2n} (p - i q'): DCT-III p = x[e], q' = x[n-e]; DST-III of the reversed row
                const std::string p = k == 8 ? X(u(n - 1) + " - e") : X("e");
                const std::string q = k == 8 ? X("e - 1u") : X(N + " - e");
                os << "    const real_t p = " << p << ", q = e == 0u ? (real_t)0 : -" << q << ";\n"
                   << "    const real2_t w = tw[" << u(tableLayout(spec_).r2r) << " + e];\n"
                   << "    return (real2_t)(w.x * p - w.y * q, w.x * q + w.y * p);\n";
            }
            os << "}\n\n";
        }
        if (spec_.r2rOut.present()) {
            const int k = spec_.r2rOut.kind;
            const std::size_t base = tableLayout(spec_).r2r + r2rFusedTableLength(spec_.r2rIn, false);
            os << "static inline void r2rHalfOut(__global " << storageRealType(spec_.outStorage)
               << "* y, idx_t o, idx_t s, uint k, real2_t X, "
                  "__global const real2_t* tw)\n{\n";
            if (k == 3 || k == 7) { // DCT-I: y[k] = Re X[k]; DST-I: y[k-1] = -Im X[k], 1 <= k <= n
                if (k == 3)
                    os << "    " << Y("k", "X.x") << "\n}\n\n";
                else
                    os << "    if (k >= 1u && k <= " << u(spec_.r2rOut.n) << ")\n        " << Y("k - 1u", "-X.y") << "\n}\n\n";
                return os.str();
            }
            if (k == 6 || k == 10) { // DCT-IV: u = X e^{-i pi k / n}, y[2k] = 2 Re u, y[n-1-2k] = -2 Im u (DST-IV: +)
                os << "    const real2_t w = tw[" << u(base) << " + k];\n"
                   << "    " << Y("2u * k", "2 * (X.x * w.x - X.y * w.y)") << "\n"
                   << "    " << Y(u(spec_.r2rOut.n - 1) + " - 2u * k", std::string(k == 10 ? "" : "-") + "2 * (X.x * w.y + X.y * w.x)")
                   << "\n}\n\n";
                return os.str();
            }
            if (k == 0)
                os << "    const real_t a = X.x, b = X.y;\n";
            else if (k == 2)
                os << "    const real_t a = X.x - X.y, b = X.x + X.y;\n";
            else
                os << "    const real2_t w = tw[" << u(base) << " + k];\n"
                   << "    const real_t a = 2 * (w.x * X.x + w.y * X.y), b = 2 * (w.y * X.x - w.x * X.y);\n";
            // point k goes to k and point n - k to n - k (DST-II: point q to n - 1 - q)
            if (k == 9)
                os << "    " << Y(u(n - 1) + " - k", "a") << "\n"
                   << "    if (k > 0u && 2u * k < " << N << ")\n        " << Y("k - 1u", "b") << "\n";
            else
                os << "    " << Y("k", "a") << "\n"
                   << "    if (k > 0u && 2u * k < " << N << ")\n        " << Y(N + " - k", "b") << "\n";
            os << "}\n\n";
        }
        return os.str();
    }

private:
    // A store of point e, callbacks included, without the pruned-output mask (storeComplex).
    std::string storeComplexUnmasked(const std::string& e, const std::string& value) const
    {
        const std::string at = outOffset(e);
        if (spec_.post.present) {
            if (spec_.outLayout == ComplexLayout::Interleaved)
                return spec_.post.functionName + "((__global void*)out, (uint)(" + at + ")" + userdata(spec_.post, "post") +
                       ", " + value + local(spec_.post, "post") + ");";
            return "{ const real2_t y = " + value + "; " + spec_.post.functionName +
                   "((__global void*)outRe, (__global void*)outIm, (uint)(" + at + ")" + userdata(spec_.post, "post") +
                   ", y.x, y.y" + local(spec_.post, "post") + "); }";
        }
        if (spec_.outLayout == ComplexLayout::Interleaved)
            return storeComplexAt(spec_.outStorage, "out", at, value);
        return "{ const real2_t y = " + value + "; " + storeRealAt(spec_.outStorage, "outRe", at, "y.x") + " " +
               storeRealAt(spec_.outStorage, "outIm", at, "y.y") + " }";
    }

    // Zero-padded input: elements of the range read as zero without a load (a select would
    // still load them).
    std::string zeroMasked(const std::string& e, const std::string& load, const std::string& zero) const
    {
        if (!spec_.zeroIn.present())
            return load;
        return "(" + pointInRange(e, spec_.zeroIn) + " ? " + zero + " : " + load + ")";
    }
    // Pruned output: elements of the range are not stored.
    std::string skipMasked(const std::string& e, const std::string& store) const
    {
        if (!spec_.skipOut.present())
            return store;
        return "{ if (!" + pointInRange(e, spec_.skipOut) + ") { " + store + " } }";
    }
    std::string in(const std::string& at) const { return loadRealAt(spec_.inStorage, "in", at); }
    std::string out(const std::string& at, const std::string& v) const { return storeRealAt(spec_.outStorage, "out", at, v); }
    static std::string inOffset(const std::string& e) { return "ioff + (idx_t)(" + e + ") * inStride"; }
    static std::string outOffset(const std::string& e) { return "ooff + (idx_t)(" + e + ") * outStride"; }
    static std::string userdata(const CallbackCode& cb, const char* prefix)
    {
        std::string s;
        for (int i = 0; i < userdataParams(cb); ++i)
            s += std::string(", ") + prefix + "Userdata" + std::to_string(i);
        return s;
    }
    static std::string local(const CallbackCode& cb, const char* prefix)
    {
        return cb.localMemBytes > 0 ? std::string(", (__local void*)") + prefix + "Local" : std::string();
    }
    static std::string tail(const CallbackCode& cb, const char* prefix) { return userdata(cb, prefix) + local(cb, prefix); }

    const KernelSpec& spec_;
};

} // namespace clfft_ng
